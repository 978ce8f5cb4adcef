//! Blocking, unblocking and the agent password reset (spec 1 §7 "Blocking").

use axum::extract::State;
use serde::Deserialize;
use serde_json::json;

use super::messages::{CANNOT_BLOCK_SELF, USER_BLOCKED, USER_PASSWORD_RESET, USER_UNBLOCKED};
use super::session::CurrentUser;
use super::types::{BlockAnswer, BlockRow, NoSuchUser};
use super::{accounts, queries};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights::{self, UserType};
use crate::platform::scope::Scope;
use crate::platform::state::AppState;

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
    fn right(&self) -> crate::platform::rights::Right {
        if self.agents_only() {
            rights::USER_AGENT
        } else {
            rights::UNBLOCK_USER
        }
    }
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
            // Only the users the caller may act on (see `target`).
            let rows = queries::block_list(conn, me, agents_only)?;
            Ok(rows.into_iter().filter(|(row, manager_id)| scope.manages(row.user_type_id, *manager_id)).map(|(row, _)| row).collect())
        })
        .await
        .map(Json)
}

/// The target of a block action: (name, email, user type), refusing the caller themselves, from
/// the agent screen anyone but agents, and anyone the caller's scope does not manage (an area
/// manager given the right acts on its own agents only; only administrators on administrators).
fn target(conn: &rusqlite::Connection, id: i64, me: i64, agents_only: bool, scope: Scope) -> AppResult<(String, String, UserType)> {
    if id == me {
        return Err(AppError::bad_request(CANNOT_BLOCK_SELF));
    }
    let (name, email, user_type, manager_id) = queries::live_user(conn, id)?;
    if agents_only && user_type != UserType::Agent {
        return Err(AppError::not_found(crate::platform::scope::NO_AGENT));
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
            queries::block(&tx, id)?;
            queries::end_user_sessions(&tx, UserId(id), "blocked")?;
            tx.commit()?;
            Ok((name, user_type))
        })
        .await?;
    Ok(Json(BlockAnswer::new(USER_BLOCKED.with([("name", json!(name))]), user_type)))
}

/// `POST /users/unblock/{id}?fromUserAgent=&reset=` (unblock_user; user_agent from the agent
/// screen): lifts the block and the failed-login locks against every address, and gives the next
/// sign-in fresh budgets; with `reset=true` also sets a temporary password, mails it and forces a change.
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
                let temp = accounts::reset_to_temporary(conn, UserId(id))?;
                Some((temp, queries::locale_of(conn, UserId(id))?))
            } else {
                queries::unblock(conn, id)?;
                None
            };
            Ok((name, email, user_type, temp))
        })
        .await?;
    state.note_unblock(&super::handlers::login_key(&email));
    let said = match temp {
        Some((temp, locale)) => {
            let mail = super::mails::password_set(state.config.language_of(locale.as_deref()), &name, &temp);
            state.mailer.send(&email, mail.subject, &mail.body).await?;
            USER_PASSWORD_RESET.with([("name", json!(name)), ("email", json!(email))])
        }
        None => USER_UNBLOCKED.with([("name", json!(name))]),
    };
    Ok(Json(BlockAnswer::new(said, user_type)))
}
