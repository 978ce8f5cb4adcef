//! Impersonation (spec 2 §4 "Impersonation"): an administrator opens an agent's or manager's
//! account in a new tab. A one-minute, one-time token becomes a session that is valid only beside
//! the administrator's session that redeemed it, ends with it and lives at most an hour;
//! everything done in it is written to the audit log with both users.

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::session::{self, CurrentUser};
use super::types::{OneTimeToken, SessionBody};
use crate::error::{AppError, AppResult};
use crate::extract::Json;
use crate::rights;
use crate::rights::{AGENT, AREA_MANAGER};
use crate::state::AppState;

const TOKEN_SECS: i64 = 60;
const FAILED: &str = "Failed to login to RCA account. Please try again.";

/// Writes one audit row: `actor` acting as `as_uid`.
pub fn audit(conn: &Connection, actor: i64, as_uid: i64, action: &str, status: Option<u16>) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO audit_log (at, actor_uid, as_uid, action, status) VALUES (:at, :actor, :as, :action, :status)",
        named_params! { ":at": crate::now(), ":actor": actor, ":as": as_uid, ":action": action, ":status": status },
    )?;
    Ok(())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub uid: i64,
    pub name: String,
    /// The login id.
    pub user_name: String,
}

async fn accounts_of_type(state: &AppState, user: &CurrentUser, user_type: crate::rights::UserType) -> AppResult<Json<Vec<Account>>> {
    user.require(rights::RCA_ACCOUNT_ACCESS)?;
    user.require_own_session()?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT uid, name, email, manager_id FROM users WHERE user_type_id = :t AND is_deleted = 0 AND is_blocked = 0 ORDER BY name",
            )?;
            let rows = stmt.query_map(named_params! { ":t": user_type }, |r| {
                Ok((Account { uid: r.get(0)?, name: r.get(1)?, user_name: r.get(2)? }, r.get::<_, Option<crate::ids::UserId>>(3)?))
            })?;
            // Only the accounts the caller may open (see `issue`).
            let mut accounts = Vec::new();
            for row in rows {
                let (account, manager_id) = row?;
                if scope.manages(user_type, manager_id) {
                    accounts.push(account);
                }
            }
            Ok(accounts)
        })
        .await
        .map(Json)
}

/// `GET /users/rca-list` (rca_account_access): the agents an administrator may open.
#[utoipa::path(get, path = "/users/rca-list", tag = "auth", summary = "Agents an administrator may open",
    responses(
        (status = 200, description = "OK", body = Vec<Account>)
    ))]
pub async fn rca_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Account>>> {
    accounts_of_type(&state, &user, AGENT).await
}

/// `GET /users/am-list` (rca_account_access): the area managers.
#[utoipa::path(get, path = "/users/am-list", tag = "auth", summary = "Area managers an administrator may open",
    responses(
        (status = 200, description = "OK", body = Vec<Account>)
    ))]
pub async fn am_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Account>>> {
    accounts_of_type(&state, &user, AREA_MANAGER).await
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UserNameBody {
    pub user_name: Option<String>,
}

/// `POST /users/impersonate-rca` (rca_account_access, own session): a one-time token, valid one
/// minute, for the agent or manager `userName`.
#[utoipa::path(post, path = "/users/impersonate-rca", tag = "auth", summary = "A one-time token to open an agent or manager account",
    responses(
        (status = 200, description = "The one-time token", body = OneTimeToken),
        (status = 404, description = "No such live agent or manager", body = crate::api::ErrorBody)
    ))]
pub async fn issue(State(state): State<AppState>, user: CurrentUser, Json(b): Json<UserNameBody>) -> AppResult<Json<OneTimeToken>> {
    user.require(rights::RCA_ACCOUNT_ACCESS)?;
    user.require_own_session()?;
    let login = crate::validate::required(&b.user_name, "Invalid RCA user selected! Please search again.")?;
    let (admin, scope) = (user.uid, user.scope());
    let token = state
        .db(move |conn| {
            let invalid = || AppError::not_found("Invalid RCA user selected! Please search again.");
            let (target, user_type, manager_id): (i64, crate::rights::UserType, Option<crate::ids::UserId>) = conn
                .query_row(
                    "SELECT uid, user_type_id, manager_id FROM users
                     WHERE email = :e AND user_type_id IN (:agent, :am) AND is_deleted = 0 AND is_blocked = 0",
                    named_params! { ":e": login, ":agent": AGENT, ":am": AREA_MANAGER },
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?
                .ok_or_else(invalid)?;
            // A manager given the right opens its own agents only.
            if !scope.manages(user_type, manager_id) {
                return Err(invalid());
            }
            let token = crate::random_hex(24);
            conn.execute(
                "INSERT INTO impersonation_tokens (token, admin_uid, target_uid, expires_at) VALUES (:t, :a, :u, :e)",
                named_params! { ":t": token, ":a": admin, ":u": target, ":e": crate::now() + TOKEN_SECS },
            )?;
            Ok(token)
        })
        .await?;
    Ok(Json(OneTimeToken { token }))
}

/// The session user of an impersonated session, with who is acting.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImpersonatedBody {
    #[serde(flatten)]
    pub session: SessionBody,
    pub impersonated_by: String,
}

/// `POST /users/impersonate-rca-token` (rca_account_login, own session): `userName` holds the
/// token; answers the target's session user, whose token goes in `X-Impersonation-Token`.
#[utoipa::path(post, path = "/users/impersonate-rca-token", tag = "auth", summary = "Redeem a one-time token for the target user session",
    responses(
        (status = 200, description = "The target user session, for X-Impersonation-Token", body = ImpersonatedBody)
    ))]
pub async fn exchange(State(state): State<AppState>, user: CurrentUser, Json(b): Json<UserNameBody>) -> AppResult<Json<ImpersonatedBody>> {
    user.require(rights::RCA_ACCOUNT_LOGIN)?;
    user.require_own_session()?;
    let token = b.user_name.unwrap_or_default();
    let (admin, admin_name, admin_email, admin_session) = (user.uid, user.name.clone(), user.email.clone(), user.session_id.clone());
    let keys = state.keys.clone();
    let session = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let target: i64 = tx
                .query_row(
                    "UPDATE impersonation_tokens SET used = 1
                     WHERE token = :t AND used = 0 AND expires_at > :now AND admin_uid = :a RETURNING target_uid",
                    named_params! { ":t": token, ":now": crate::now(), ":a": admin },
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| AppError::bad_request(FAILED))?;
            let session = session::open_impersonated(&tx, &keys, target, (admin, &admin_session))?;
            audit(&tx, admin, target, "impersonation started", None)?;
            let login = session.email.clone();
            super::queries::record_attempt(
                &tx,
                &super::queries::Attempt {
                    uid: Some(target),
                    login_id: &login,
                    method: "impersonation",
                    success: true,
                    client_addr: "",
                    detail: &format!("opened by {admin_email}"),
                    latitude: None,
                    longitude: None,
                },
            )?;
            tx.commit()?;
            Ok(session)
        })
        .await?;
    Ok(Json(ImpersonatedBody { session: session.into(), impersonated_by: admin_name }))
}
