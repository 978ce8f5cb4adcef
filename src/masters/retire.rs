//! What every master table shares: retiring rows instead of deleting them, and naming duplicates.

use rusqlite::{named_params, Connection};

use crate::error::{AppError, AppResult};

/// Marks a live row retired; it leaves every list and pick list, and records that use it keep it.
/// `table` and `id_column` are constants of the calling module, never user input.
pub fn retire(conn: &Connection, table: &str, id_column: &str, id: i64) -> AppResult<()> {
    let sql = format!("UPDATE {table} SET is_retired = 1 WHERE {id_column} = :id AND is_retired = 0");
    crate::db::updated(conn.execute(&sql, named_params! { ":id": id })?)
}

/// Turns a unique-constraint failure into a 409 that names the duplicate.
pub fn duplicate_as(err: rusqlite::Error, message: impl Into<String>) -> AppError {
    match AppError::from(err) {
        AppError::Conflict(_) => AppError::Conflict(message.into()),
        other => other,
    }
}
