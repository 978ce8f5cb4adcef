//! Targets and incentives (issue #53): targets per agent, month and measure (set on the Targets
//! screen, `POST /master/target` or the `target` upload), what each agent achieved, read live from
//! the stored orders, visits and payments (`queries`: one SQL fragment per measure, shared with the
//! `targets` report), working days less Sundays and holidays, and incentive slabs per measure.
//! CONTRACT.md "Targets and incentives".

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
        .routes(routes!(handlers::agent))
        .routes(routes!(handlers::team))
        .routes(routes!(handlers::set_target))
        .routes(routes!(handlers::holidays, handlers::set_holiday))
        .routes(routes!(handlers::remove_holiday))
        .routes(routes!(handlers::incentives, handlers::set_incentive))
}
