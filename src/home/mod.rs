//! The administrator's home (spec: "shows only a dashboard image"): a picture of today's figures
//! the administrator acts on, each the same figure as the screen its tile leads to. It stands
//! above the areas whose figures it shows (the visit summary of `buckets`, the upload history of
//! `uploads`), so neither has to know the other.

pub mod handlers;
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
    OpenApiRouter::new().routes(routes!(handlers::home))
}
