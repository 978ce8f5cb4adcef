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

/// The open invoices of `customer`, oldest first, as of `today` (the phone's customer copy keeps
/// them, so the visit screen shows them offline).
pub fn open_invoices(
    conn: &Connection,
    customer: CustomerId,
    today: chrono::NaiveDate,
) -> rusqlite::Result<Vec<super::types::OpenInvoice>> {
    super::queries::open_invoices(conn, customer, today)
}

/// What `customer` owes, as `GET /users/customer/outstanding/{buyerId}` answers it.
pub fn outstanding_detail(
    conn: &Connection,
    customer: CustomerId,
    buyer_id: &str,
    today: chrono::NaiveDate,
) -> rusqlite::Result<super::types::Outstanding> {
    super::queries::outstanding_of(conn, customer, buyer_id, today)
}

/// One checked row of the invoice upload (see `queries::upsert_invoice`).
#[allow(clippy::too_many_arguments)]
pub fn upsert_invoice(
    conn: &Connection,
    invoice_no: &str,
    customer: i64,
    distributor: Option<i64>,
    invoice_date: &str,
    due_date: &str,
    amount: Money,
    now: i64,
) -> rusqlite::Result<Result<(), crate::error::Problem>> {
    super::queries::upsert_invoice(conn, invoice_no, customer, distributor, invoice_date, due_date, amount, now)
}
