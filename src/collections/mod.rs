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
        .routes(routes!(handlers::outstanding))
        .routes(routes!(handlers::record))
        .routes(routes!(handlers::get))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::deposit))
        .routes(routes!(handlers::approve))
        .routes(routes!(handlers::reverse))
}
