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

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::stock))
        .routes(routes!(handlers::suggested_order))
        .routes(routes!(handlers::record_return))
        .routes(routes!(handlers::returns))
        .routes(routes!(handlers::approve_return))
        .routes(routes!(handlers::reject_return))
        .routes(routes!(handlers::propose))
        .routes(routes!(handlers::proposals))
        .routes(routes!(handlers::approve_outlet))
        .routes(routes!(handlers::reject_outlet))
}
