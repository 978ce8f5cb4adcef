//! Impersonation (spec 2 §4 "Impersonation"): an administrator opens an agent's or manager's
//! account in a new tab. A one-minute, one-time token becomes a session that is valid only beside
//! the administrator's session that redeemed it, ends with it and lives at most an hour;
//! everything done in it is written to the audit log with both users.

use axum::extract::State;
use rusqlite::{Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::messages::{IMPERSONATION_FAILED, IMPERSONATION_INVALID_USER};
use super::queries;
use super::session::{self, CurrentUser};
use super::types::{OneTimeToken, OpenAccount as Account, SessionBody};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::Json;
use crate::platform::rights::{self, UserType};
use crate::platform::state::AppState;

const TOKEN_SECS: i64 = 60;

/// Writes one audit row: `actor` acting as `as_uid` (the interface other areas record through).
pub fn audit(conn: &Connection, actor: i64, as_uid: i64, action: &str, status: Option<u16>) -> rusqlite::Result<()> {
    queries::audit(conn, actor, as_uid, action, status)
}

async fn accounts_of_type(state: &AppState, user: &CurrentUser, user_type: UserType) -> AppResult<Json<Vec<Account>>> {
    user.require(rights::RCA_ACCOUNT_ACCESS)?;
    user.require_own_session()?;
    let scope = user.scope();
    state
        .db(move |conn| {
            // Only the accounts the caller may open (see `issue`).
            let rows = queries::open_accounts_of_type(conn, user_type)?;
            Ok(rows.into_iter().filter(|(_, manager_id)| scope.manages(user_type, *manager_id)).map(|(account, _)| account).collect())
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
    accounts_of_type(&state, &user, UserType::Agent).await
}

/// `GET /users/am-list` (rca_account_access): the area managers.
#[utoipa::path(get, path = "/users/am-list", tag = "auth", summary = "Area managers an administrator may open",
    responses(
        (status = 200, description = "OK", body = Vec<Account>)
    ))]
pub async fn am_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Account>>> {
    accounts_of_type(&state, &user, UserType::AreaManager).await
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
        (status = 404, description = "No such live agent or manager", body = crate::platform::api::ErrorBody)
    ))]
pub async fn issue(State(state): State<AppState>, user: CurrentUser, Json(b): Json<UserNameBody>) -> AppResult<Json<OneTimeToken>> {
    user.require(rights::RCA_ACCOUNT_ACCESS)?;
    user.require_own_session()?;
    let login = crate::platform::validate::required(&b.user_name, IMPERSONATION_INVALID_USER)?;
    let (admin, scope) = (user.uid, user.scope());
    let token = state
        .db(move |conn| {
            let invalid = || AppError::not_found(IMPERSONATION_INVALID_USER);
            let (target, user_type, manager_id) = queries::impersonation_target(conn, &login)?.ok_or_else(invalid)?;
            // A manager given the right opens its own agents only.
            if !scope.manages(user_type, manager_id) {
                return Err(invalid());
            }
            let token = crate::random_hex(24);
            queries::store_impersonation_token(conn, &token, admin, target, crate::now() + TOKEN_SECS)?;
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
            let target =
                queries::redeem_impersonation_token(&tx, &token, admin)?.ok_or_else(|| AppError::bad_request(IMPERSONATION_FAILED))?;
            let session = session::open_impersonated(&tx, &keys, target, (admin, &admin_session))?;
            audit(&tx, admin, target, "impersonation started", None)?;
            let login = session.email.clone();
            queries::record_attempt(
                &tx,
                &queries::Attempt {
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
    Ok(Json(ImpersonatedBody { session: SessionBody::new(session, &state.config), impersonated_by: admin_name }))
}
