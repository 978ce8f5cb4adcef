//! The customer search index (`customers_fts`) written once per bulk write: inside a transaction,
//! `defer` makes the index triggers note the customers they change or delete instead, and `flush`
//! indexes those and every customer added since in one statement before the commit (schema.sql,
//! "customers_fts_deferred"). A transaction that rolls back takes both with it, so the index never
//! lags behind a committed write.

use rusqlite::Connection;

/// From here until `flush` (in the same transaction), customer writes are indexed at `flush`.
pub fn defer(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch("INSERT OR IGNORE INTO customers_fts_deferred (only, above) SELECT 1, COALESCE(MAX(customer_id), 0) FROM customers")
}

/// Indexes the customers written since `defer`, as they are now, and ends the deferral: those
/// changed or deleted (noted by the triggers) and those added (every id above the highest at
/// `defer`: a new customer takes the next one).
pub fn flush(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch(
        "DELETE FROM customers_fts WHERE rowid IN (SELECT customer_id FROM customers_fts_pending);
         INSERT INTO customers_fts (rowid, buyer_id, name, mobile)
         SELECT c.customer_id, c.buyer_id, c.name, c.mobile FROM customers c
         WHERE c.customer_id > (SELECT above FROM customers_fts_deferred)
         UNION ALL
         SELECT c.customer_id, c.buyer_id, c.name, c.mobile
         FROM customers_fts_pending p JOIN customers c ON c.customer_id = p.customer_id
         WHERE p.customer_id <= (SELECT above FROM customers_fts_deferred);
         DELETE FROM customers_fts_pending;
         DELETE FROM customers_fts_deferred;",
    )
}
