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

use utoipa_axum::routes;

crate::platform::api::area_router! {
    routes!(handlers::stock),
    routes!(handlers::suggested_order),
    routes!(handlers::record_return),
    routes!(handlers::returns),
    routes!(handlers::approve_return),
    routes!(handlers::reject_return),
    routes!(handlers::propose),
    routes!(handlers::proposals),
    routes!(handlers::approve_outlet),
    routes!(handlers::reject_outlet),
}
