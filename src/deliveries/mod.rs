//! Deliveries (RED101 Delivery): the agent's search and status updates, and the approval of those
//! updates. SQL and the rules checked against the database live in `queries`, HTTP in `handlers`.

pub mod handlers;
pub mod messages;
pub mod queries;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::api::with_body_limit;
use crate::platform::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::init))
        .routes(routes!(handlers::init_for_agent))
        .routes(routes!(handlers::search))
        .routes(routes!(handlers::details))
        .routes(with_body_limit(routes!(handlers::update), crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024))
        .routes(routes!(handlers::approval_list))
        .routes(routes!(handlers::approval_update))
}
