//! Visit photos (issue #37): agents send the photos of a visit (`POST /users/visit/photo`), the
//! server checks and keeps each once by its content hash under the data dir and flags duplicates;
//! managers review them (`GET /users/visit/photos`, report `visit-photos`); `fieldsales photos
//! prune` removes old ones. `picture` turns a sent file into what is kept, `store` keeps it,
//! `api` is what other areas may call.

pub mod api;
pub mod handlers;
pub mod messages;
pub mod picture;
pub mod prune;
mod queries;
pub mod store;
pub mod types;

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
        .routes(with_body_limit(routes!(handlers::send), picture::MAX_SENT_BYTES + 64 * 1024))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::file))
        .routes(routes!(handlers::thumb))
        .routes(routes!(handlers::shop_file))
        .routes(routes!(handlers::shop_thumb))
}
