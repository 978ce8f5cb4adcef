//! Blocking, unblocking and the agent password reset (spec 1 §7 "Blocking").

use axum::extract::State;
use rusqlite::named_params;
use serde::{Deserialize, Serialize};

use super::session::{self, CurrentUser};
use super::types::{BlockAnswer, NoSuchUser};
use super::{accounts, queries};
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path, Query};
use crate::rights;
use crate::rights::AGENT;
use crate::scope::Scope;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct BlockQuery {
    /// Called from the Agent Pass Reset screen (right user_agent, agents only).
    pub from_user_agent: Option<bool>,
    /// Unblock with a new temporary password.
    pub reset: Option<bool>,
}

impl BlockQuery {
    fn agents_only(&self) -> bool {
        self.from_user_agent.unwrap_or(false)
    }
    fn right(&self) -> crate::rights::Right {
        if self.agents_only() {
            rights::USER_AGENT
        } else {
            rights::UNBLOCK_USER
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRow {
    pub uid: i64,
    pub name: String,
    pub email_id: String,
    pub user_type_id: i64,
    pub user_type_detail: String,
    pub country: Option<String>,
    pub is_blocked: bool,
}

/// `GET /users/block[?fromUserAgent=true]` (unblock_user, or user_agent for agents only): live
/// users other than the caller, blocked (or locked by wrong passwords) first.
#[utoipa::path(get, path = "/users/block", tag = "auth", summary = "Live users other than the caller, blocked first", params(BlockQuery),
    responses(
        (status = 200, description = "OK", body = Vec<BlockRow>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<BlockQuery>) -> AppResult<Json<Vec<BlockRow>>> {
    user.require(q.right())?;
    let (me, agents_only, scope) = (user.uid, q.agents_only(), user.scope());
    state
        .db(move |conn| {
            // A failed-login lock shows as a block while it holds; unblocking lifts either.
            let mut stmt = conn.prepare_cached(
                "SELECT u.uid, u.name, u.email, u.user_type_id, t.name, c.name,
                        u.is_blocked OR COALESCE(u.locked_until > :now, 0) AS blocked, u.manager_id
                 FROM users u
                 JOIN user_types t ON t.user_type_id = u.user_type_id LEFT JOIN countries c ON c.country_id = u.country_id
                 WHERE u.is_deleted = 0 AND u.uid <> :me AND (NOT :agents OR u.user_type_id = :agent)
                 ORDER BY blocked DESC, u.name",
            )?;
            let params = named_params! { ":me": me, ":agents": agents_only, ":agent": AGENT, ":now": crate::now() };
            let rows = stmt.query_map(params, |r| {
                let row = BlockRow {
                    uid: r.get(0)?,
                    name: r.get(1)?,
                    email_id: r.get(2)?,
                    user_type_id: r.get(3)?,
                    user_type_detail: r.get(4)?,
                    country: r.get(5)?,
                    is_blocked: r.get(6)?,
                };
                Ok((row, r.get::<_, Option<crate::ids::UserId>>(7)?))
            })?;
            // Only the users the caller may act on (see `target`).
            let mut managed = Vec::new();
            for row in rows {
                let (row, manager_id) = row?;
                if crate::rights::UserType::try_from(row.user_type_id).is_ok_and(|t| scope.manages(t, manager_id)) {
                    managed.push(row);
                }
            }
            Ok(managed)
        })
        .await
        .map(Json)
}

/// The target of a block action: (name, email, user type), refusing the caller themselves, from
/// the agent screen anyone but agents, and anyone the caller's scope does not manage (an area
/// manager given the right acts on its own agents only; only administrators on administrators).
fn target(
    conn: &rusqlite::Connection,
    id: i64,
    me: i64,
    agents_only: bool,
    scope: Scope,
) -> AppResult<(String, String, crate::rights::UserType)> {
    if id == me {
        return Err(AppError::bad_request("You cannot block or reset your own account here."));
    }
    let (name, email, user_type, manager_id): (String, String, crate::rights::UserType, Option<crate::ids::UserId>) = conn.query_row(
        "SELECT name, email, user_type_id, manager_id FROM users WHERE uid = :id AND is_deleted = 0",
        named_params! { ":id": id },
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    if agents_only && user_type != AGENT {
        return Err(AppError::not_found("The agent was not found."));
    }
    scope.check_manages(user_type, manager_id)?;
    Ok((name, email, user_type))
}

/// `POST /users/block/{id}?fromUserAgent=` (unblock_user): blocks the user; their sessions end at once.
#[utoipa::path(post, path = "/users/block/{id}", tag = "auth", summary = "Block a user and end their sessions", params(BlockQuery),
    responses((status = 200, description = "OK", body = BlockAnswer), NoSuchUser))]
pub async fn block(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<BlockQuery>,
) -> AppResult<Json<BlockAnswer>> {
    user.require(q.right())?;
    let (me, agents_only, scope) = (user.uid, q.agents_only(), user.scope());
    let (name, user_type) = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let (name, _, user_type) = target(&tx, id, me, agents_only, scope)?;
            tx.execute(
                "UPDATE users SET is_blocked = 1, updated_at = :now WHERE uid = :id",
                named_params! { ":now": crate::now(), ":id": id },
            )?;
            session::end_user_sessions(&tx, id, "blocked")?;
            tx.commit()?;
            Ok((name, user_type))
        })
        .await?;
    Ok(Json(BlockAnswer { message: format!("User {name} is blocked."), user_type_id: user_type.id() }))
}

/// `POST /users/unblock/{id}?fromUserAgent=&reset=` (unblock_user; user_agent from the agent
/// screen): lifts the block; with `reset=true` also sets a temporary password, mails it and forces a change.
#[utoipa::path(post, path = "/users/unblock/{id}", tag = "auth", summary = "Unblock a user, optionally with a new temporary password", params(BlockQuery),
    responses((status = 200, description = "OK", body = BlockAnswer), NoSuchUser))]
pub async fn unblock(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<BlockQuery>,
) -> AppResult<Json<BlockAnswer>> {
    user.require(q.right())?;
    let (me, agents_only, reset, scope) = (user.uid, q.agents_only(), q.reset.unwrap_or(false), user.scope());
    let (name, email, user_type, temp) = state
        .db(move |conn| {
            let (name, email, user_type) = target(conn, id, me, agents_only, scope)?;
            let temp = if reset {
                Some(accounts::reset_to_temporary(conn, id)?)
            } else {
                queries::unblock(conn, id)?;
                None
            };
            Ok((name, email, user_type, temp))
        })
        .await?;
    let message = match temp {
        Some(temp) => {
            state.mailer.send(&email, "Your new fieldsales password", &accounts::temporary_password_mail(&name, &temp)).await?;
            format!("The password of {name} was reset; a temporary password was sent to {email}.")
        }
        None => format!("User {name} is unblocked."),
    };
    Ok(Json(BlockAnswer { message, user_type_id: user_type.id() }))
}
