//! Retailer buckets and the visit summary: the dashboards an area manager opens each morning, for
//! one agent or all of the caller's agents, and the customer lists behind each tile.

pub mod handlers;
pub mod messages;
pub mod queries;

// What other areas use of the dashboards: the home's visit summary (`home`), the start-up warm-up
// of the landing cache (`web`), and the upload's deferred summary of the customers it adds
// (`uploads`).
pub use queries::stats::{defer_added, summarize_added, LandingCache};
pub use queries::{landing, percent, visit_summary, Windows};

use std::sync::Arc;

use axum::extract::State;
use utoipa_axum::routes;

use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Path};
use crate::platform::state::AppState;

crate::platform::api::area_router! {
    where Arc<queries::stats::LandingCache>;
    routes!(handlers::landing_mine),
    routes!(handlers::landing_of),
    routes!(landing_of_am),
    routes!(handlers::bucket),
    routes!(handlers::trend),
    routes!(handlers::visit_summary_mine),
    routes!(handlers::visit_summary_of),
}

/// `GET /users/landingAM/{agentId}`: the same dashboard under the manager screens' name.
#[utoipa::path(get, path = "/users/landingAM/{agent}", tag = "buckets", summary = "One agent's bucket dashboard (0: all), for managers", params(("agent" = i64, Path, description = "An agent id, or 0 for all of the caller's agents")),
    responses(
        (status = 200, description = "OK", body = queries::Landing),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn landing_of_am(
    state: State<AppState>,
    cache: State<Arc<queries::stats::LandingCache>>,
    user: CurrentUser,
    agent: Path<i64>,
) -> AppResult<Json<queries::Landing>> {
    handlers::landing_of(state, cache, user, agent).await
}
