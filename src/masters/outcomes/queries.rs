//! The SQL of the outcome master.

use rusqlite::{named_params, Connection};
use serde_json::json;

use super::types::Outcome;
use crate::masters::messages::OUTCOME_TAKEN;
use crate::masters::queries::{self as table, Upsert};
use crate::platform::error::AppResult;
use crate::platform::rows::FromRow;

/// The live outcomes by name.
pub fn live(conn: &Connection) -> rusqlite::Result<Vec<Outcome>> {
    let mut stmt = conn.prepare_cached("SELECT outcome_id, name FROM outcomes WHERE is_retired = 0 ORDER BY name")?;
    let rows = stmt.query_map([], Outcome::from_row)?;
    rows.collect()
}

/// The live outcome `id` (no row: 404).
pub fn one(conn: &Connection, id: i64) -> rusqlite::Result<Outcome> {
    conn.prepare_cached("SELECT outcome_id, name FROM outcomes WHERE outcome_id = :id AND is_retired = 0")?
        .query_row(named_params! { ":id": id }, Outcome::from_row)
}

/// Creates (`id` 0) or renames an outcome; returns its id.
pub fn save(conn: &Connection, id: i64, name: &str) -> AppResult<i64> {
    let sql = Upsert {
        insert: "INSERT INTO outcomes (name) VALUES (:name)",
        update: "UPDATE outcomes SET name = :name WHERE outcome_id = :id AND is_retired = 0",
    };
    table::save(conn, id, sql, named_params! { ":name": name }, OUTCOME_TAKEN.with([("name", json!(name))]))
}

/// Retires an outcome; visits keep it.
pub fn retire(conn: &Connection, id: i64) -> AppResult<()> {
    table::retire(conn, "outcomes", "outcome_id", id)
}
