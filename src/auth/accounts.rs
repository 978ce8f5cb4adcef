//! Creating accounts and the administrator's account operations (unblock, password reset), shared
//! by the CLI and, later, the user master screens.

use rusqlite::Connection;

use serde_json::json;

use super::messages::{EMAIL_TAKEN, NO_USER_WITH_LOGIN};
use super::types::NewAccount;
use super::{password, queries};
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;

/// Creates the account `a`; returns its uid (an email already taken: 409 with the email).
pub fn create(conn: &Connection, a: &NewAccount) -> AppResult<i64> {
    queries::insert_account(conn, a).map_err(|e| match AppError::from(e) {
        AppError::Conflict(_) => AppError::Conflict(EMAIL_TAKEN.with([("email", json!(a.email))]).on("emailId")),
        other => other,
    })
}

/// The uid of a live (not deleted) account by login id.
pub fn uid_of(conn: &Connection, login: &str) -> AppResult<UserId> {
    queries::find_account(conn, login, None)?
        .map(|a| UserId(a.uid))
        .ok_or_else(|| AppError::not_found(NO_USER_WITH_LOGIN.with([("login", json!(login))])))
}

/// Replaces a user's password with a new temporary one (returned), forces a change at the next
/// sign-in, lifts a block and ends the user's sessions.
pub fn reset_to_temporary(conn: &mut Connection, uid: UserId) -> AppResult<String> {
    let temp = password::temporary();
    let hash = password::hash(&temp)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    queries::set_password(&tx, uid.0, &hash, true)?;
    queries::unblock(&tx, uid.0)?;
    queries::end_user_sessions(&tx, uid, "password reset")?;
    tx.commit()?;
    Ok(temp)
}

/// The mail body that hands a user a password chosen for them (one machine-readable line).
pub fn temporary_password_mail(name: &str, temp: &str) -> String {
    // A name stored before names were one line must not add a line of its own.
    let name = crate::platform::validate::one_line(name);
    format!(
        "Hello {name},\n\nA password was set for your fieldsales account. Sign in with it and you will \
         be asked to choose your own.\n\nTemporary password: {temp}\n"
    )
}
