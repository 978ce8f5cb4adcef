//! The time zone `visit_days` is filed in. A visit's day is `date(visited_at, 'unixepoch',
//! 'localtime')` of the process that writes it, and the server's zone (`TZ`) is what "today" means.
//! A summary filed under another zone (step 10 run by a command under another `TZ`, or a server
//! moved to another zone) would put visits on the wrong days for good, so `serve` refiles it at
//! start when its zone is not the one recorded.

use rusqlite::{Connection, TransactionBehavior};

/// The `settings` key of the zone `visit_days` is filed in.
const ZONE_KEY: &str = "visit_days_zone";

/// This process's local clock as SQLite sees it: the local time of 27 instants two weeks apart
/// from 2026-01-01 UTC, so zones (or daylight-saving rules) that differ anywhere in a year differ.
const ZONE_FINGERPRINT: &str = "WITH RECURSIVE t(n, ts) AS (SELECT 0, 1767225600 UNION ALL SELECT n + 1, ts + 1209600 FROM t WHERE n < 26)
     SELECT group_concat(strftime('%Y-%m-%d %H:%M', ts, 'unixepoch', 'localtime'), ',') FROM t";

/// The schema step that files the visits in `visit_days`.
pub const FILED_BY_STEP: i64 = 10;

/// Records this process's zone as the one `visit_days` is filed in: after a migration that
/// created the file or filed the visits (step 10), which ran in this process.
pub fn record_zone(conn: &Connection) -> rusqlite::Result<()> {
    store_zone(conn, &zone_of(conn)?)
}

fn zone_of(conn: &Connection) -> rusqlite::Result<String> {
    conn.query_row(ZONE_FINGERPRINT, [], |r| r.get(0))
}

fn store_zone(conn: &Connection, zone: &str) -> rusqlite::Result<()> {
    crate::platform::db::store_setting(conn, ZONE_KEY, zone)
}

/// Refiles every visit in `visit_days` when this process's zone is not the recorded one (or none
/// is recorded), and records it; returns how many visits were refiled, `None` when nothing was to
/// do. One transaction: readers see the old days or the new, never a part.
pub fn refile_if_zone_changed(conn: &mut Connection) -> rusqlite::Result<Option<usize>> {
    let zone = zone_of(conn)?;
    if crate::platform::db::setting(conn, ZONE_KEY)?.as_deref() == Some(zone.as_str()) {
        return Ok(None);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute("DELETE FROM visit_days", [])?;
    let visits = tx.execute(include_str!("../visit_days_fill.sql"), [])?;
    store_zone(&tx, &zone)?;
    tx.commit()?;
    Ok(Some(visits))
}
