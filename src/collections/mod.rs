//! Collections (issue #38): the distributor's invoices (upload kind `invoice`), a customer's
//! outstanding balance and ageing, payments collected by agents with receipts (offline, exactly
//! once), allocated oldest invoice first, deposited and reversed in the back office; credit limits
//! hold an order over them for a manager's approval. Money is `crate::platform::money::Money` (whole paise).
//! `alloc` holds the pure rules (allocation, ageing, receipt numbers), `queries` the SQL,
//! `handlers` the HTTP side.

pub mod alloc;
pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

crate::platform::api::area_router! {
    handlers::{outstanding, record, get, list, deposit, approve, reverse},
}
