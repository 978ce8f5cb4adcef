//! The SQL of the info type master.

use rusqlite::{named_params, Connection};
use serde_json::json;

use super::types::{InfoSubType, InfoType, SubInfo};
use crate::masters::messages::{INFO_TYPE_NOT_FOUND, INFO_TYPE_TAKEN, SUB_INFO_TAKEN};
use crate::masters::queries::{self as table, Parent, Upsert};
use crate::platform::error::AppResult;
use crate::platform::rows::FromRow;

/// Live info types (all, or the one `only`), each with its live sub types.
pub fn info_types(conn: &Connection, only: Option<i64>) -> rusqlite::Result<Vec<InfoType>> {
    let mut stmt = conn.prepare_cached(
        "SELECT info_id, name FROM info_types
         WHERE is_retired = 0 AND (:only IS NULL OR info_id = :only) ORDER BY name",
    )?;
    let mut types: Vec<InfoType> = stmt
        .query_map(named_params! { ":only": only }, |r| Ok(InfoType { info_id: r.get(0)?, info_type: r.get(1)?, sub_info: Vec::new() }))?
        .collect::<Result<_, _>>()?;
    for sub in sub_types(conn, only)? {
        if let Some(parent) = types.iter_mut().find(|t| t.info_id == sub.info_id) {
            parent.sub_info.push(SubInfo { info_sub_id: sub.info_sub_id, info_sub_type: sub.info_sub_type });
        }
    }
    Ok(types)
}

/// Live sub types whose info type is live too (all, or those of `info_id`).
pub fn sub_types(conn: &Connection, info_id: Option<i64>) -> rusqlite::Result<Vec<InfoSubType>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.info_sub_id, s.info_id, t.name, s.name FROM info_sub_types s
         JOIN info_types t ON t.info_id = s.info_id AND t.is_retired = 0
         WHERE s.is_retired = 0 AND (:info IS NULL OR s.info_id = :info)
         ORDER BY t.name, s.name",
    )?;
    let rows = stmt.query_map(named_params! { ":info": info_id }, InfoSubType::from_row)?;
    rows.collect()
}

/// The live sub type `id` of a live info type (no row: 404).
pub fn sub_type_by_id(conn: &Connection, id: i64) -> rusqlite::Result<InfoSubType> {
    conn.prepare_cached(
        "SELECT s.info_sub_id, s.info_id, t.name, s.name FROM info_sub_types s
         JOIN info_types t ON t.info_id = s.info_id
         WHERE s.info_sub_id = :id AND s.is_retired = 0 AND t.is_retired = 0",
    )?
    .query_row(named_params! { ":id": id }, InfoSubType::from_row)
}

/// Creates (`id` 0) or renames an info type; returns its id.
pub fn save(conn: &Connection, id: i64, name: &str) -> AppResult<i64> {
    let sql = Upsert {
        insert: "INSERT INTO info_types (name) VALUES (:name)",
        update: "UPDATE info_types SET name = :name WHERE info_id = :id AND is_retired = 0",
    };
    table::save(conn, id, sql, named_params! { ":name": name }, INFO_TYPE_TAKEN.with([("name", json!(name))]))
}

/// Retires an info type; submissions keep it.
pub fn retire(conn: &Connection, id: i64) -> AppResult<()> {
    table::retire(conn, "info_types", "info_id", id)
}

/// Creates (`id` 0) or changes a sub type under the live info type `info_id`; returns its id.
pub fn save_sub(conn: &Connection, id: i64, info_id: i64, name: &str) -> AppResult<i64> {
    let sql = Upsert {
        insert: "INSERT INTO info_sub_types (info_id, name) VALUES (:info, :name)",
        update: "UPDATE info_sub_types SET info_id = :info, name = :name WHERE info_sub_id = :id AND is_retired = 0",
    };
    let parent = Parent { table: "info_types", id_column: "info_id", id: info_id, not_found: INFO_TYPE_NOT_FOUND };
    let dup = SUB_INFO_TAKEN.with([("name", json!(name))]);
    table::save_under(conn, parent, id, sql, named_params! { ":info": info_id, ":name": name }, dup)
}

/// Retires a sub type.
pub fn retire_sub(conn: &Connection, id: i64) -> AppResult<()> {
    table::retire(conn, "info_sub_types", "info_sub_id", id)
}

/// Adds the sub-type `name` to the info type `info` (the Sub Info Types upload); false when a live
/// one of that name is there.
pub fn add_sub_type(conn: &Connection, info: i64, name: &str) -> rusqlite::Result<bool> {
    let added = conn.execute(
        "INSERT INTO info_sub_types (info_id, name) SELECT :i, :n WHERE NOT EXISTS (
             SELECT 1 FROM info_sub_types WHERE info_id = :i AND name = :n AND is_retired = 0)",
        named_params! { ":i": info, ":n": name },
    )?;
    Ok(added > 0)
}
