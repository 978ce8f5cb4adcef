//! Returns, shelf stock and new shops (issue #54; CONTRACT.md "Returns, shelf stock and new
//! shops"): shelf counts at a visit and the order they suggest; goods given back, valued at the
//! customer's last order and, once a manager approves them, credited to the oldest invoices
//! (decision 40); new shops proposed by agents, checked (GSTIN, PAN, FSSAI by `crate::platform::taxids`),
//! flagged when likely a repeat, approved into customers with the orders that waited for them
//! (decision 41). `queries` holds the SQL, `handlers` the HTTP side.

pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

crate::platform::api::area_router! {
    handlers::{
        stock, suggested_order, record_return, returns, approve_return, reject_return, propose, proposals, approve_outlet, reject_outlet,
    },
}
