//! Trade schemes (issue #52): the master of schemes kept as versions, and the set in force on a
//! day that the pricing engine (`crate::pricing`) applies. CONTRACT.md, "Order pricing". HTTP in
//! `handlers`, the API's form of a scheme and its rules in `types`, SQL in `queries`, texts in
//! `messages`; the upload kind `scheme` is `upload`; the phone's copy is `offline`.
pub mod handlers;
pub mod messages;
pub mod offline;
pub mod queries;
pub mod types;
pub mod upload;

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
        .routes(routes!(handlers::list, handlers::save))
        .routes(routes!(handlers::get))
        .routes(routes!(handlers::end))
        .routes(routes!(offline::offline))
}
