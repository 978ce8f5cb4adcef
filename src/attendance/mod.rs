//! The working day (issue #37): agents start and end their day (`POST /users/day/start`, `/end`,
//! offline like visits); a day starts by itself at the first visit or order (triggers of
//! `autostart_upgrade.sql`) and closes 30 minutes after its last activity when not ended (`days`);
//! managers watch today (`GET /users/attendance`), correct a day with a reason, and read the
//! report `attendance` (`reports::defs::ATTENDANCE`).

pub mod days;
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
        .routes(routes!(handlers::start))
        .routes(routes!(handlers::end))
        .routes(routes!(handlers::today))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::correct))
}
