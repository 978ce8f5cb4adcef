//! Customer work: search, the visit screen's details, visit saving, today's and this month's
//! visits, new customers, profile updates, customer info and its review, products and price
//! comparison, and scorecards.
//!
//! Layout: `handlers` (HTTP only), `queries` (SQL) and `types` for the visit screens; each other
//! sub-feature is a module whose handlers and shapes sit in `<feature>.rs` and whose SQL sits in
//! `<feature>/queries.rs` (`visits` also has its handler in `visits/handlers.rs`, since order
//! booking uses the rest). Other areas go through `api` only.

pub mod access;
pub mod api;
pub mod best_sellers;
pub mod handlers;
pub mod info;
pub mod locations;
pub mod messages;
pub mod offline;
pub mod products;
pub mod queries;
pub mod scorecards;
pub mod types;
pub mod visits;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::api::with_body_limit;
use crate::platform::state::AppState;

/// The area's routes, for any router state that holds the shared state and the area's cache.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<best_sellers::BestSellerCache>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::search))
        .routes(routes!(handlers::details))
        .routes(routes!(visits::handlers::save_visit))
        .routes(routes!(offline::offline))
        .routes(routes!(locations::accept))
        .routes(routes!(locations::reject))
        .routes(routes!(handlers::ftm_ftd))
        .routes(routes!(handlers::create))
        .routes(routes!(handlers::profile, handlers::update_profile))
        .routes(routes!(info::history))
        .routes(with_body_limit(routes!(info::add), 3 * crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024))
        .routes(routes!(info::review_list, info::set_status))
        .routes(routes!(info::review_page))
        .routes(routes!(info::media))
        .routes(routes!(products::search))
        .routes(routes!(products::price_comparison))
        .routes(routes!(scorecards::mine))
        .routes(routes!(scorecards::of_agent))
}
