//! The Rights screen (`rights_master`): which rights each user type holds, read as a grid and
//! replaced per user type. Sessions read their rights on every request, so a change applies to
//! the next request of every user of the type; each change is written to the audit log.

use std::collections::BTreeSet;

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::Json;
use crate::lenient;
use crate::rights;
use crate::rights::ADMINISTRATOR;
use crate::state::AppState;

/// What administrators must keep, so that nobody can lock everyone out of users and rights.
const KEPT_BY_ADMINISTRATORS: &[crate::rights::Right] = &[rights::RIGHTS_MASTER, rights::USER_MASTER];

/// One column of the grid: a user type and the codes of the rights it holds.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTypeRights {
    pub user_type_id: i64,
    pub user_type: String,
    /// Right codes (`linkRight` of `GET /master/rights`), in right order.
    pub rights: Vec<String>,
}

/// `POST /master/rights`: the whole list of rights one user type is to hold.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveRights {
    pub user_type_id: lenient::Int,
    /// Right codes; an empty list takes every right away.
    pub rights: Option<Vec<String>>,
}

fn grid(conn: &Connection) -> rusqlite::Result<Vec<UserTypeRights>> {
    let mut types: Vec<UserTypeRights> = conn
        .prepare_cached("SELECT user_type_id, name FROM user_types ORDER BY user_type_id")?
        .query_map([], |r| Ok(UserTypeRights { user_type_id: r.get(0)?, user_type: r.get(1)?, rights: Vec::new() }))?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT utr.user_type_id, r.code FROM user_type_rights utr JOIN rights r ON r.right_id = utr.right_id
         ORDER BY utr.user_type_id, r.right_id",
    )?;
    let grants = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    for grant in grants {
        let (type_id, code) = grant?;
        if let Some(column) = types.iter_mut().find(|t| t.user_type_id == type_id) {
            column.rights.push(code);
        }
    }
    Ok(types)
}

/// `GET /master/rights/byUserType` (rights_master): every user type with the rights it holds.
#[utoipa::path(get, path = "/master/rights/byUserType", tag = "masters", summary = "The rights each user type holds",
    responses(
        (status = 200, description = "OK", body = Vec<UserTypeRights>)
    ))]
pub async fn by_user_type(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<UserTypeRights>>> {
    user.require(rights::RIGHTS_MASTER)?;
    state.db(|conn| Ok(grid(conn)?)).await.map(Json)
}

/// `POST /master/rights` (rights_master): replaces the rights of one user type in one
/// transaction. Administrators must keep `rights_master` and `user_master`.
#[utoipa::path(post, path = "/master/rights", tag = "masters", summary = "Replace the rights of a user type",
    responses(
        (status = 200, description = "Saved", body = MessageBody),
        (status = 404, description = "No such user type", body = crate::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveRights>) -> AppResult<Json<MessageBody>> {
    user.require(rights::RIGHTS_MASTER)?;
    let type_id = req.user_type_id.ok_or_else(|| AppError::bad_request("User type is required."))?;
    let wanted: BTreeSet<String> = req
        .rights
        .ok_or_else(|| AppError::bad_request("Rights are required (an empty list takes every right away)."))?
        .iter()
        .map(|r| r.trim().to_string())
        .collect();
    if type_id == ADMINISTRATOR.id() && KEPT_BY_ADMINISTRATORS.iter().any(|r| !wanted.contains(r.code())) {
        return Err(AppError::bad_request("Administrators must keep the rights rights_master and user_master."));
    }
    // Who did it: the administrator behind an impersonated session, else the user.
    let (actor, acting_as) = (user.impersonator.unwrap_or(user.uid), user.uid);
    let type_name = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let type_name: String = tx
                .query_row("SELECT name FROM user_types WHERE user_type_id = :id", named_params! { ":id": type_id }, |r| r.get(0))
                .optional()?
                .ok_or_else(|| AppError::not_found(format!("There is no user type {type_id}.")))?;
            let known: BTreeSet<String> =
                tx.prepare_cached("SELECT code FROM rights")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
            let unknown: Vec<&str> = wanted.iter().filter(|r| !known.contains(*r)).map(String::as_str).collect();
            if !unknown.is_empty() {
                let s = if unknown.len() == 1 { "" } else { "s" };
                return Err(AppError::bad_request(format!("Unknown right{s}: {}.", unknown.join(", "))));
            }
            let held: BTreeSet<String> = tx
                .prepare_cached(
                    "SELECT r.code FROM user_type_rights utr JOIN rights r ON r.right_id = utr.right_id
                     WHERE utr.user_type_id = :id",
                )?
                .query_map(named_params! { ":id": type_id }, |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let added: Vec<&String> = wanted.difference(&held).collect();
            let removed: Vec<&String> = held.difference(&wanted).collect();
            if added.is_empty() && removed.is_empty() {
                return Ok(type_name);
            }
            for code in &removed {
                tx.execute(
                    "DELETE FROM user_type_rights
                     WHERE user_type_id = :id AND right_id = (SELECT right_id FROM rights WHERE code = :code)",
                    named_params! { ":id": type_id, ":code": code },
                )?;
            }
            for code in &added {
                tx.execute(
                    "INSERT INTO user_type_rights (user_type_id, right_id)
                     SELECT :id, right_id FROM rights WHERE code = :code",
                    named_params! { ":id": type_id, ":code": code },
                )?;
            }
            let list = |codes: &[&String]| {
                if codes.is_empty() {
                    "none".to_string()
                } else {
                    codes.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", ")
                }
            };
            let action = format!("rights of {type_name} ({type_id}): added {}; removed {}", list(&added), list(&removed));
            crate::auth::impersonation::audit(&tx, actor, acting_as, &action, Some(200))?;
            tx.commit()?;
            Ok(type_name)
        })
        .await?;
    Ok(Json(MessageBody::text(format!("Rights of {type_name} saved."))))
}
