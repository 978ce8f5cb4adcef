//! The SQL of the rights screen.

use std::collections::BTreeSet;

use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde_json::json;

use super::types::UserTypeRights;
use crate::masters::messages::{RIGHTS_NO_USER_TYPE, RIGHTS_UNKNOWN_MANY, RIGHTS_UNKNOWN_ONE};
use crate::platform::error::{AppError, AppResult};

/// Every user type with the codes of the rights it holds.
pub fn grid(conn: &Connection) -> rusqlite::Result<Vec<UserTypeRights>> {
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

/// Who changes the rights: the user acting (`acting_as`) and the one behind it (`actor`, the
/// administrator of an impersonated session, else the same user).
pub struct Actor {
    pub actor: i64,
    pub acting_as: i64,
}

/// Replaces the rights of user type `type_id` by `wanted` in one transaction, writing the change
/// to the audit log; returns the type's name.
pub fn replace(conn: &mut Connection, type_id: i64, wanted: &BTreeSet<String>, by: Actor) -> AppResult<String> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let type_name: String = tx
        .query_row("SELECT name FROM user_types WHERE user_type_id = :id", named_params! { ":id": type_id }, |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::not_found(RIGHTS_NO_USER_TYPE.with([("id", json!(type_id))])))?;
    let known: BTreeSet<String> = tx.prepare_cached("SELECT code FROM rights")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let unknown: Vec<&str> = wanted.iter().filter(|r| !known.contains(*r)).map(String::as_str).collect();
    if !unknown.is_empty() {
        let msg = if unknown.len() == 1 { RIGHTS_UNKNOWN_ONE } else { RIGHTS_UNKNOWN_MANY };
        return Err(AppError::bad_request(msg.with([("rights", json!(unknown.join(", ")))])));
    }
    let held: BTreeSet<String> = tx
        .prepare_cached(
            "SELECT r.code FROM user_type_rights utr JOIN rights r ON r.right_id = utr.right_id
             WHERE utr.user_type_id = :id",
        )?
        .query_map(named_params! { ":id": type_id }, |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let added: Vec<&String> = wanted.difference(&held).collect();
    let removed: Vec<&String> = held.difference(wanted).collect();
    if added.is_empty() && removed.is_empty() {
        return Ok(type_name);
    }
    {
        let mut delete = tx.prepare_cached(
            "DELETE FROM user_type_rights
             WHERE user_type_id = :id AND right_id = (SELECT right_id FROM rights WHERE code = :code)",
        )?;
        for code in &removed {
            delete.execute(named_params! { ":id": type_id, ":code": code })?;
        }
        let mut insert = tx.prepare_cached(
            "INSERT INTO user_type_rights (user_type_id, right_id)
             SELECT :id, right_id FROM rights WHERE code = :code",
        )?;
        for code in &added {
            insert.execute(named_params! { ":id": type_id, ":code": code })?;
        }
    }
    let list = |codes: &[&String]| {
        if codes.is_empty() {
            "none".to_string()
        } else {
            codes.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", ")
        }
    };
    let action = format!("rights of {type_name} ({type_id}): added {}; removed {}", list(&added), list(&removed));
    crate::auth::impersonation::audit(&tx, by.actor, by.acting_as, &action, Some(200))?;
    tx.commit()?;
    Ok(type_name)
}
