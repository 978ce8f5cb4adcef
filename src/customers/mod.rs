//! Customer work: search, the visit screen's details, visit saving, today's and this month's
//! visits, new customers, profile updates, customer info and its review, products and price
//! comparison, and scorecards.

pub mod access;
pub mod best_sellers;
pub mod handlers;
pub mod info;
pub mod locations;
pub mod offline;
pub mod products;
pub mod queries;
pub mod scorecards;
pub mod search_index;
pub mod types;
pub mod visits;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::with_body_limit;
use crate::auth::session::CurrentUser;
use crate::error::AppResult;
use crate::extract::{Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::search))
        .routes(routes!(handlers::details))
        .routes(routes!(visits::save_visit))
        .routes(routes!(offline::offline))
        .routes(routes!(locations::accept))
        .routes(routes!(locations::reject))
        .routes(routes!(handlers::ftm_ftd))
        .routes(routes!(handlers::create))
        .routes(routes!(handlers::profile, handlers::update_profile))
        .routes(routes!(info::history))
        .routes(with_body_limit(routes!(info::add), 3 * crate::files::MAX_IMAGE_BYTES + 64 * 1024))
        .routes(routes!(info::review_list, info::set_status))
        .routes(routes!(info::review_page))
        .routes(routes!(info::media))
        .routes(routes!(products::search))
        .routes(routes!(products::price_comparison))
        .routes(routes!(scorecards::mine))
        .routes(routes!(scorecards::of_agent))
        .routes(routes!(agent_list))
}

/// `GET /users/agentList` (signed in): the agent list of `/master/allagent`, under the name the
/// customer screens use.
#[utoipa::path(get, path = "/users/agentList", tag = "customers", summary = "The agents the caller may look at", params(crate::masters::users::AgentQuery),
    responses(
        (status = 200, description = "OK", body = Vec<crate::masters::users::AgentItem>)
    ))]
async fn agent_list(
    state: State<AppState>,
    user: CurrentUser,
    query: Query<crate::masters::users::AgentQuery>,
) -> AppResult<Json<Vec<crate::masters::users::AgentItem>>> {
    crate::masters::users::agents(state, user, query).await
}
