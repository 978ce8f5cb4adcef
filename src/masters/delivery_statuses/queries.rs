//! The SQL of the delivery status master.

use rusqlite::{named_params, Connection, TransactionBehavior};
use serde_json::json;

use super::types::{AdditionalReason, DeliveryStatus};
use crate::masters::messages::{DELIVERY_STATUS_NOT_FOUND, DELIVERY_STATUS_TAKEN, REASON_TAKEN};
use crate::masters::queries::{self as table, Parent, Upsert};
use crate::platform::error::AppResult;
use crate::platform::rows::FromRow;

/// Live statuses (all, or the one `only`; only those that require a reason when `with_reasons_only`).
pub fn statuses(conn: &Connection, only: Option<i64>, with_reasons_only: bool) -> rusqlite::Result<Vec<DeliveryStatus>> {
    let mut stmt = conn.prepare_cached(
        "SELECT delivery_status_id, name, record_lock, additional_reason_code FROM delivery_statuses
         WHERE is_retired = 0 AND (:only IS NULL OR delivery_status_id = :only)
           AND (NOT :reasons OR additional_reason_code = 1)
         ORDER BY delivery_status_id",
    )?;
    let rows = stmt.query_map(named_params! { ":only": only, ":reasons": with_reasons_only }, DeliveryStatus::from_row)?;
    rows.collect()
}

/// Creates (`id` 0) or changes a status; returns its id.
pub fn save(conn: &Connection, id: i64, name: &str, lock: bool, reasons: bool) -> AppResult<i64> {
    let sql = Upsert {
        insert: "INSERT INTO delivery_statuses (name, record_lock, additional_reason_code) VALUES (:name, :lock, :reasons)",
        update: "UPDATE delivery_statuses SET name = :name, record_lock = :lock, additional_reason_code = :reasons
                 WHERE delivery_status_id = :id AND is_retired = 0",
    };
    let dup = DELIVERY_STATUS_TAKEN.with([("name", json!(name))]);
    table::save(conn, id, sql, named_params! { ":name": name, ":lock": lock, ":reasons": reasons }, dup)
}

/// Retires a status and its reasons, in one transaction.
pub fn retire(conn: &mut Connection, id: i64) -> AppResult<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    table::retire(&tx, "delivery_statuses", "delivery_status_id", id)?;
    tx.execute("UPDATE additional_reasons SET is_retired = 1 WHERE delivery_status_id = :id", named_params! { ":id": id })?;
    tx.commit()?;
    Ok(())
}

/// Live reasons of live statuses (all, or the one `only`, or those of `status`).
pub fn reasons(conn: &Connection, only: Option<i64>, status: Option<i64>) -> rusqlite::Result<Vec<AdditionalReason>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.reason_code_id, r.delivery_status_id, r.code, s.name FROM additional_reasons r
         JOIN delivery_statuses s ON s.delivery_status_id = r.delivery_status_id AND s.is_retired = 0
         WHERE r.is_retired = 0 AND (:only IS NULL OR r.reason_code_id = :only)
           AND (:status IS NULL OR r.delivery_status_id = :status)
         ORDER BY s.delivery_status_id, r.code",
    )?;
    let rows = stmt.query_map(named_params! { ":only": only, ":status": status }, AdditionalReason::from_row)?;
    rows.collect()
}

/// Creates (`id` 0) or changes a reason under the live status `status`; returns its id.
pub fn save_reason(conn: &Connection, id: i64, status: i64, code: &str) -> AppResult<i64> {
    let sql = Upsert {
        insert: "INSERT INTO additional_reasons (delivery_status_id, code) VALUES (:s, :code)",
        update: "UPDATE additional_reasons SET delivery_status_id = :s, code = :code WHERE reason_code_id = :id AND is_retired = 0",
    };
    let parent = Parent { table: "delivery_statuses", id_column: "delivery_status_id", id: status, not_found: DELIVERY_STATUS_NOT_FOUND };
    let dup = REASON_TAKEN.with([("code", json!(code))]);
    table::save_under(conn, parent, id, sql, named_params! { ":s": status, ":code": code }, dup)
}

/// Retires a reason.
pub fn retire_reason(conn: &Connection, id: i64) -> AppResult<()> {
    table::retire(conn, "additional_reasons", "reason_code_id", id)
}
