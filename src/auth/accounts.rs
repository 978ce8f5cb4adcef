//! Creating accounts and the administrator's account operations (unblock, password reset), shared
//! by the CLI and, later, the user master screens.

use rusqlite::{named_params, Connection, OptionalExtension};

use serde_json::json;

use super::messages::{EMAIL_TAKEN, NO_USER_WITH_LOGIN};
use super::{password, queries, session};
use crate::error::{AppError, AppResult};
use crate::ids::UserId;

/// A user to create; the password is already hashed.
pub struct NewAccount<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub user_type: crate::rights::UserType,
    pub country_id: Option<i64>,
    pub manager_id: Option<i64>,
    pub password_hash: &'a str,
    /// The user must choose their own password at the first sign-in.
    pub force_password_update: bool,
}

pub fn create(conn: &Connection, a: &NewAccount) -> AppResult<i64> {
    let now = crate::now();
    conn.execute(
        "INSERT INTO users (email, name, user_type_id, country_id, manager_id, password_hash,
                            force_password_update, created_at, updated_at)
         VALUES (:email, :name, :type, :country, :manager, :hash, :force, :now, :now)",
        named_params! {
            ":email": a.email, ":name": a.name, ":type": a.user_type, ":country": a.country_id,
            ":manager": a.manager_id, ":hash": a.password_hash, ":force": a.force_password_update,
            ":now": now,
        },
    )
    .map_err(|e| match AppError::from(e) {
        AppError::Conflict(_) => AppError::Conflict(EMAIL_TAKEN.with([("email", json!(a.email))]).on("emailId")),
        other => other,
    })?;
    Ok(conn.last_insert_rowid())
}

/// The uid of a live (not deleted) account by login id.
pub fn uid_of(conn: &Connection, login: &str) -> AppResult<UserId> {
    queries::find_account(conn, login, None)?
        .map(|a| UserId(a.uid))
        .ok_or_else(|| AppError::not_found(NO_USER_WITH_LOGIN.with([("login", json!(login))])))
}

pub fn any_users(conn: &Connection) -> rusqlite::Result<bool> {
    Ok(conn.query_row("SELECT 1 FROM users LIMIT 1", [], |_| Ok(())).optional()?.is_some())
}

/// Replaces a user's password with a new temporary one (returned), forces a change at the next
/// sign-in, lifts a block and ends the user's sessions.
pub fn reset_to_temporary(conn: &mut Connection, uid: UserId) -> AppResult<String> {
    let temp = password::temporary();
    let hash = password::hash(&temp)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    queries::set_password(&tx, uid.0, &hash, true)?;
    queries::unblock(&tx, uid.0)?;
    session::end_user_sessions(&tx, uid, "password reset")?;
    tx.commit()?;
    Ok(temp)
}

/// The mail body that hands a user a password chosen for them (one machine-readable line).
pub fn temporary_password_mail(name: &str, temp: &str) -> String {
    // A name stored before names were one line must not add a line of its own.
    let name = crate::validate::one_line(name);
    format!(
        "Hello {name},\n\nA password was set for your fieldsales account. Sign in with it and you will \
         be asked to choose your own.\n\nTemporary password: {temp}\n"
    )
}
