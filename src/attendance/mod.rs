//! The working day (issue #37): agents start and end their day (`POST /users/day/start`, `/end`,
//! offline like visits); a day starts by itself at the first visit or order and closes 30 minutes
//! after its last activity when not ended; managers watch today (`GET /users/attendance`), correct
//! a day with a reason, and read the report `attendance`.

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
