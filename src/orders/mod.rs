//! Order booking (issue #18): agents book orders for their customers at the catalogue's prices
//! (`handlers`, `queries`, `types`); booked lines join the order-line fact table at once; the
//! distributors receive their orders by mail (`send`). The product catalogue API is in
//! `masters::products`.

pub mod api;
pub mod handlers;
pub mod messages;
pub mod pricing;
pub mod queries;
pub mod send;
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
        .routes(routes!(handlers::book))
        .routes(routes!(handlers::quote))
        .routes(routes!(handlers::get))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::cancel))
        .routes(routes!(handlers::approve))
        .routes(routes!(handlers::reject))
        .routes(routes!(handlers::held))
        .routes(routes!(handlers::set_credit_limit))
}
