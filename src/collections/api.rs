//! What other areas read of collections (orders judge a booking against the credit limit).

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::ids::CustomerId;
use crate::money::Money;

/// What a customer owes now: the balance of their invoices (amount less the payments allocated to
/// them that were not reversed).
pub fn outstanding(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Money> {
    conn.query_row(
        "SELECT COALESCE(SUM(amount_paise - paid_paise), 0) FROM invoices
          WHERE customer_id = :customer AND paid_paise < amount_paise",
        named_params! { ":customer": customer },
        |r| r.get(0),
    )
}

/// The customer's credit limit, if they have one.
pub fn credit_limit(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Option<Money>> {
    conn.query_row("SELECT credit_limit_paise FROM customers WHERE customer_id = :customer", named_params! { ":customer": customer }, |r| {
        r.get(0)
    })
    .optional()
    .map(Option::flatten)
}
