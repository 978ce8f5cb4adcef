//! What every master table shares: saving a row by its id (0 creates it), retiring rows instead of
//! deleting them, finding a live parent row, and naming duplicates.

use rusqlite::{named_params, Connection, OptionalExtension, ToSql};

use crate::platform::api::{ErrorBody, MessageBody};
use crate::platform::error::{AppError, AppResult, Msg, Problem};

/// Declares the answer of a master's save: its message and the id of the new or updated row, under
/// the field name the spec gives it (`saved_answer!(/** doc */ LinkSaved, link_id)`).
macro_rules! saved_answer {
    ($(#[$doc:meta])* $name:ident, $(#[$field:meta])* $id:ident) => {
        $(#[$doc])*
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            pub message: String,
            $(#[$field])*
            pub $id: i64,
        }
    };
}
pub(crate) use saved_answer;

/// The refusals of a master's save beside its 200 (`responses((status = 200, ...), SaveRefusals)`).
#[derive(utoipa::IntoResponses)]
pub enum SaveRefusals {
    #[response(status = 404, description = "The record to update does not exist")]
    Gone(ErrorBody),
    #[response(status = 409, description = "A record with this name already exists")]
    Taken(ErrorBody),
}

/// The answers of a master's retire call.
#[derive(utoipa::IntoResponses)]
pub enum RetireAnswers {
    #[response(status = 200, description = "Retired")]
    Retired(MessageBody),
    #[response(status = 404, description = "No such record")]
    Missing(ErrorBody),
}

/// The two statements that save a row of a master table.
pub struct Upsert<'a> {
    /// Binds every named parameter of the save but `:id`.
    pub insert: &'a str,
    /// Binds them and `:id`; for a table that retires rows it touches only a live one.
    pub update: &'a str,
}

/// Inserts a row when `id` is 0, else updates row `id`, and returns the row's id. A unique
/// violation becomes a 409 with `duplicate`; an update that finds no row, the 404 of
/// [`crate::platform::db::updated`].
pub fn save(conn: &Connection, id: i64, sql: Upsert, params: &[(&str, &dyn ToSql)], duplicate: impl Into<Problem>) -> AppResult<i64> {
    let duplicate = duplicate.into();
    if id == 0 {
        conn.execute(sql.insert, params).map_err(|e| duplicate_as(e, duplicate))?;
        return Ok(conn.last_insert_rowid());
    }
    let with_id = [params, named_params! { ":id": id }].concat();
    crate::platform::db::updated(conn.execute(sql.update, with_id.as_slice()).map_err(|e| duplicate_as(e, duplicate))?)?;
    Ok(id)
}

/// The live row of a parent master a child row is saved under (an info type for its sub types).
pub struct Parent<'a> {
    pub table: &'a str,
    pub id_column: &'a str,
    pub id: i64,
    /// The 404 message when the parent is missing or retired.
    pub not_found: Msg,
}

/// [`save`] under a parent row that must be live (else 404 with its `not_found`).
pub fn save_under(
    conn: &Connection,
    parent: Parent,
    id: i64,
    sql: Upsert,
    params: &[(&str, &dyn ToSql)],
    duplicate: impl Into<Problem>,
) -> AppResult<i64> {
    require_live(conn, parent.table, parent.id_column, parent.id, parent.not_found)?;
    save(conn, id, sql, params, duplicate)
}

/// Marks a live row retired; it leaves every list and pick list, and records that use it keep it.
/// `table` and `id_column` are constants of the calling module, never user input.
pub fn retire(conn: &Connection, table: &str, id_column: &str, id: i64) -> AppResult<()> {
    let sql = format!("UPDATE {table} SET is_retired = 1 WHERE {id_column} = :id AND is_retired = 0");
    crate::platform::db::updated(conn.execute(&sql, named_params! { ":id": id })?)
}

/// Succeeds when row `id` is live, else answers 404 with `not_found`: the check of the parent
/// a child row is saved under. `table` and `id_column` are constants, as for [`retire`].
fn require_live(conn: &Connection, table: &str, id_column: &str, id: i64, not_found: Msg) -> AppResult<()> {
    let sql = format!("SELECT 1 FROM {table} WHERE {id_column} = :id AND is_retired = 0");
    conn.query_row(&sql, named_params! { ":id": id }, |_| Ok(())).optional()?.ok_or_else(|| AppError::not_found(not_found))
}

/// Turns a unique-constraint failure into a 409 that names the duplicate.
pub fn duplicate_as(err: rusqlite::Error, message: impl Into<Problem>) -> AppError {
    match AppError::from(err) {
        AppError::Conflict(_) => AppError::Conflict(message.into()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::{named_params, Connection};

    use super::{require_live, retire, save, Upsert};
    use crate::platform::error::{AppError, Msg};

    const DUP: Msg = Msg { code: "thing_taken", text: "The thing B already exists." };
    const GONE: Msg = Msg { code: "thing_not_found", text: "The thing was not found." };

    const SQL: Upsert = Upsert {
        insert: "INSERT INTO things (name) VALUES (:name)",
        update: "UPDATE things SET name = :name WHERE thing_id = :id AND is_retired = 0",
    };

    fn things() -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE things (thing_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, is_retired INTEGER NOT NULL DEFAULT 0)",
        )
        .unwrap();
        conn
    }

    fn name_of(conn: &Connection, id: i64) -> String {
        conn.query_row("SELECT name FROM things WHERE thing_id = :id", named_params! { ":id": id }, |r| r.get(0)).unwrap()
    }

    #[test]
    fn save_inserts_at_id_0_and_else_updates_the_live_row() {
        let conn = things();
        let a = save(&conn, 0, SQL, named_params! { ":name": "A" }, DUP).unwrap();
        let b = save(&conn, 0, SQL, named_params! { ":name": "B" }, DUP).unwrap();
        assert_ne!(a, b);
        assert_eq!(save(&conn, a, SQL, named_params! { ":name": "A2" }, DUP).unwrap(), a);
        assert_eq!(name_of(&conn, a), "A2");

        let taken = save(&conn, 0, SQL, named_params! { ":name": "B" }, DUP);
        assert!(matches!(taken, Err(AppError::Conflict(m)) if m.message == "The thing B already exists."));
        let renamed_onto = save(&conn, a, SQL, named_params! { ":name": "B" }, DUP);
        assert!(matches!(renamed_onto, Err(AppError::Conflict(m)) if m.message == "The thing B already exists."));

        assert!(matches!(save(&conn, 999, SQL, named_params! { ":name": "C" }, DUP), Err(AppError::NotFound(_))));
        retire(&conn, "things", "thing_id", b).unwrap();
        assert!(matches!(save(&conn, b, SQL, named_params! { ":name": "B2" }, DUP), Err(AppError::NotFound(_))));
        assert_eq!(name_of(&conn, b), "B");
    }

    #[test]
    fn require_live_answers_404_for_a_retired_or_missing_parent() {
        let conn = things();
        let a = save(&conn, 0, SQL, named_params! { ":name": "A" }, DUP).unwrap();
        require_live(&conn, "things", "thing_id", a, GONE).unwrap();
        retire(&conn, "things", "thing_id", a).unwrap();
        for id in [a, 999] {
            let err = require_live(&conn, "things", "thing_id", id, GONE);
            assert!(matches!(err, Err(AppError::NotFound(m)) if m.message == "The thing was not found."));
        }
    }
}
