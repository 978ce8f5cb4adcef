//! The customer search index (`customers_fts`) written once per bulk write: inside a transaction,
//! `defer` makes the index triggers note the customers they touch, and `flush` indexes them all
//! in one statement before the commit (schema.sql, "customers_fts_deferred"). A transaction that
//! rolls back takes both with it, so the index never lags behind a committed write.

use rusqlite::Connection;

/// From here until `flush` (in the same transaction), customer writes are indexed at `flush`.
pub fn defer(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch("INSERT OR IGNORE INTO customers_fts_deferred (only) VALUES (1)")
}

/// Indexes the customers written since `defer`, as they are now, and ends the deferral.
pub fn flush(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch(
        "DELETE FROM customers_fts WHERE rowid IN (SELECT customer_id FROM customers_fts_pending);
         INSERT INTO customers_fts (rowid, buyer_id, name, mobile)
         SELECT c.customer_id, c.buyer_id, c.name, c.mobile
         FROM customers_fts_pending p JOIN customers c ON c.customer_id = p.customer_id;
         DELETE FROM customers_fts_pending;
         DELETE FROM customers_fts_deferred;",
    )
}
