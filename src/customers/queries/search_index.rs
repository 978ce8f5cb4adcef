//! The customer search index (`customers_fts`) written once per bulk write: inside a transaction,
//! `defer` makes the index triggers note the customers they change or delete instead, and `flush`
//! indexes those and every customer added since in one statement before the commit (schema.sql,
//! "customers_fts_deferred"). A transaction that rolls back takes both with it, so the index never
//! lags behind a committed write.
//!
//! The index merges its segments only when asked (`merge_step`; schema step 38): FTS5's automatic
//! merge ran inside the write that added a segment and held the write lock for up to 1.4 s.

use rusqlite::Connection;

/// From here until `flush` (in the same transaction), customer writes are indexed at `flush`.
pub fn defer(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch("INSERT OR IGNORE INTO customers_fts_deferred (only, above) SELECT 1, COALESCE(MAX(customer_id), 0) FROM customers")
}

/// Indexes the customers written since `defer`, as they are now, and ends the deferral: those
/// changed or deleted (noted by the triggers) and those added (every id above the highest at
/// `defer`: a new customer takes the next one). Says whether the index changed. The noted ones are
/// read from the notes outwards (`CROSS JOIN` keeps that order): the planner otherwise walked every
/// customer below the highest id for each piece of an import, and a 1,000,000-row import took
/// 520 s where 100,000 took 3.3 (issue #50).
pub fn flush(tx: &Connection) -> rusqlite::Result<bool> {
    let before = tx.total_changes();
    tx.execute_batch(&format!(
        "DELETE FROM customers_fts WHERE rowid IN (SELECT customer_id FROM customers_fts_pending);
         INSERT INTO customers_fts (rowid, buyer_id, name, mobile) {WRITTEN};
         DELETE FROM customers_fts_pending;
         DELETE FROM customers_fts_deferred;"
    ))?;
    // Ending the deferral is one change; anything more was the index's.
    Ok(tx.total_changes() - before > 1)
}

/// The customers written since `defer`: those added, then those noted.
const WRITTEN: &str = "SELECT c.customer_id, c.buyer_id, c.name, c.mobile FROM customers c
    WHERE c.customer_id > (SELECT above FROM customers_fts_deferred)
    UNION ALL
    SELECT c.customer_id, c.buyer_id, c.name, c.mobile
    FROM customers_fts_pending p CROSS JOIN customers c ON c.customer_id = p.customer_id
    WHERE p.customer_id <= (SELECT above FROM customers_fts_deferred)";

/// Pages of merged index one `merge_step` writes at most: about 2-20 ms on a loaded 2-core machine
/// (32 pages: 23 ms at p99 on a 120,000-customer index renamed 400 rows at a time; 64: 42 ms).
const MERGE_PAGES: i64 = 32;

/// Merges some of the search index's segments (at most `MERGE_PAGES` pages written), where a level
/// holds several; says whether there was anything to merge. Bulk writers call it between their
/// pieces and then until it says no, each call its own short write.
pub fn merge_step(conn: &Connection) -> rusqlite::Result<bool> {
    let before = conn.total_changes();
    conn.execute(
        "INSERT INTO customers_fts (customers_fts, rank) VALUES ('merge', :pages)",
        rusqlite::named_params! {":pages": MERGE_PAGES},
    )?;
    // SQLite's documented test: the command changed two rows or more only when it merged.
    Ok(conn.total_changes() - before >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The customers a piece wrote are found by seeks: the new ones from the highest id before, the
    /// noted ones from the notes; no walk over the customers already in (issue #50).
    #[test]
    fn the_written_customers_are_seeks_from_the_notes() {
        let plan = crate::platform::db::query_plan(WRITTEN, []);
        assert!(plan.iter().any(|step| step == "SEARCH c USING INTEGER PRIMARY KEY (rowid>?)"), "{plan:?}");
        assert!(plan.iter().any(|step| step == "SEARCH p USING INTEGER PRIMARY KEY (rowid<?)"), "{plan:?}");
        assert!(plan.iter().any(|step| step == "SEARCH c USING INTEGER PRIMARY KEY (rowid=?)"), "{plan:?}");
        assert!(!plan.iter().any(|step| step == "SCAN c" || step == "SEARCH c USING INTEGER PRIMARY KEY (rowid<?)"), "{plan:?}");
    }
}
