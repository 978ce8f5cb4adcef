//! Trade schemes (issue #52): the master of schemes kept as versions, and the set in force on a
//! day that the pricing engine (`crate::pricing`) applies. CONTRACT.md, "Order pricing".
pub mod offline;
pub mod queries;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(offline::offline))
}
