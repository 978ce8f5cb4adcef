//! The SQL of the distributors' mail (`orders::send`): which distributors have orders waiting,
//! holding their orders for a run, marking them after the mail, and the workbook's lines.

use rusqlite::{named_params, Connection, TransactionBehavior};

use super::MAILING_HOLD_S;
use crate::platform::ids::OrderId;
use crate::platform::money::Money;

/// A distributor with orders waiting.
pub struct Waiting {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
}

/// One line of the workbook.
pub struct Row {
    pub order_id: OrderId,
    pub order_date: String,
    pub buyer_id: String,
    pub buyer_name: String,
    pub address: String,
    pub product: String,
    pub sku: Option<String>,
    pub quantity: i64,
    pub unit_price: Money,
    pub discount: Money,
    pub taxable: Money,
    pub gst_rate_bp: i64,
    pub cgst: Money,
    pub sgst: Money,
    pub igst: Money,
    /// The line's total as stored when it was booked (taxable value plus tax); 0 for free pieces.
    pub amount: Money,
    /// Pieces a scheme gives free.
    pub free: bool,
}

/// The distributors with Submitted orders that no credit hold keeps back, with how many.
pub fn waiting_distributors(conn: &Connection) -> rusqlite::Result<Vec<(Waiting, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT d.distributor_id, d.name, NULLIF(TRIM(d.email), ''), COUNT(*) FROM orders o
         JOIN distributors d ON d.distributor_id = o.distributor_id
         WHERE o.status = 'Submitted' AND COALESCE(o.credit_hold, 'approved') = 'approved'
         GROUP BY d.distributor_id ORDER BY d.distributor_id",
    )?;
    let rows = stmt.query_map([], |r| Ok((Waiting { id: r.get(0)?, name: r.get(1)?, email: r.get(2)? }, r.get(3)?)))?;
    rows.collect()
}

/// Holds the Submitted orders of `distributor` for this run; returns their ids.
pub fn hold(conn: &mut Connection, distributor: i64, now: i64) -> anyhow::Result<Vec<i64>> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let ids = tx
        .prepare(
            "UPDATE orders SET mailing_at = :now
             WHERE status = 'Submitted' AND distributor_id = :d AND (mailing_at IS NULL OR mailing_at <= :stale)
               AND COALESCE(credit_hold, 'approved') = 'approved'
             RETURNING order_id",
        )?
        .query_map(named_params! { ":now": now, ":d": distributor, ":stale": now - MAILING_HOLD_S }, |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    tx.commit()?;
    let mut ids = ids;
    ids.sort_unstable();
    Ok(ids)
}

/// After the mail: Sent at `sent_at` (accepted), or back to waiting (`None`, failed).
pub fn mark(conn: &mut Connection, ids: &[i64], sent_at: Option<i64>) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let ids = serde_json::to_string(ids)?;
    let sql = match sent_at {
        Some(_) => {
            "UPDATE orders SET status = 'Sent', sent_at = :at, mailing_at = NULL
                    WHERE order_id IN (SELECT value FROM json_each(:ids)) AND status = 'Submitted'"
        }
        None => "UPDATE orders SET mailing_at = NULL WHERE order_id IN (SELECT value FROM json_each(:ids))",
    };
    let at = sent_at.unwrap_or_default();
    let mut stmt = tx.prepare(sql)?;
    stmt.execute(&crate::platform::db::only_used(&stmt, vec![(":at", &at as &dyn rusqlite::ToSql), (":ids", &ids)])?[..])?;
    drop(stmt);
    tx.commit()?;
    Ok(())
}

/// The workbook's lines of the orders `ids`, by order, free pieces last.
pub fn rows_of(conn: &Connection, ids: &[i64]) -> anyhow::Result<Vec<Row>> {
    let ids = serde_json::to_string(ids)?;
    // A booked order's lines carry its number (`queries::order_number`, APP and six digits).
    let mut stmt = conn.prepare(
        "SELECT o.order_id, o.order_date, c.buyer_id, c.name,
                TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.address2, '') || ' ' || COALESCE(c.city, '') || ' '
                     || COALESCE(c.postal_code, '')),
                l.product_name, l.sku, l.quantity, l.unit_price_paise, l.discount_paise, l.taxable_paise, l.gst_rate_bp,
                l.cgst_paise, l.sgst_paise, l.igst_paise, l.line_total_paise, l.free
         FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         JOIN (SELECT order_id AS number, line_id AS n, 0 AS free, product_name, sku, CAST(qty_shipped AS INTEGER) AS quantity,
                      unit_price_paise, discount_paise, taxable_paise, gst_rate_bp, cgst_paise, sgst_paise, igst_paise, line_total_paise
               FROM order_lines WHERE source = 'app'
                 AND order_id IN (SELECT printf('APP%06d', value) FROM json_each(:ids))
               UNION ALL
               SELECT printf('APP%06d', f.order_id), f.scheme_id, 1, f.product_name, p.sku, f.quantity, 0, 0, 0, 0, 0, 0, 0, 0
               FROM order_free_lines f LEFT JOIN products p ON p.product_id = f.product_id
               WHERE f.order_id IN (SELECT value FROM json_each(:ids))) l ON l.number = printf('APP%06d', o.order_id)
         WHERE o.order_id IN (SELECT value FROM json_each(:ids)) ORDER BY o.order_id, l.free, l.n",
    )?;
    let rows = stmt.query_map(named_params! { ":ids": ids }, |r| {
        Ok(Row {
            order_id: r.get(0)?,
            order_date: r.get(1)?,
            buyer_id: r.get(2)?,
            buyer_name: r.get(3)?,
            address: r.get::<_, String>(4)?.split_whitespace().collect::<Vec<_>>().join(" "),
            product: r.get(5)?,
            sku: r.get(6)?,
            quantity: r.get(7)?,
            unit_price: r.get(8)?,
            discount: r.get(9)?,
            taxable: r.get(10)?,
            gst_rate_bp: r.get(11)?,
            cgst: r.get(12)?,
            sgst: r.get(13)?,
            igst: r.get(14)?,
            amount: r.get(15)?,
            free: r.get(16)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
