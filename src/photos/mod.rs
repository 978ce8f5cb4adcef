//! Visit photos (issue #37): agents send the photos of a visit (`POST /users/visit/photo`), the
//! server checks and keeps each once by its content hash under the data dir and flags duplicates;
//! managers review them (`GET /users/visit/photos`, report `visit-photos`); `fieldsales photos
//! prune` removes old ones.

pub mod messages;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
}
