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

use utoipa_axum::routes;

use crate::platform::api::with_body_limit;

crate::platform::api::area_router! {
    where Arc<best_sellers::BestSellerCache>;
    routes!(handlers::search),
    routes!(handlers::details),
    routes!(visits::handlers::save_visit),
    routes!(offline::offline),
    routes!(locations::accept),
    routes!(locations::reject),
    routes!(handlers::ftm_ftd),
    routes!(handlers::create),
    routes!(handlers::profile, handlers::update_profile),
    routes!(info::history),
    with_body_limit(routes!(info::add), 3 * crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024),
    routes!(info::review_list, info::set_status),
    routes!(info::review_page),
    routes!(info::media),
    routes!(products::search),
    routes!(products::price_comparison),
    routes!(scorecards::mine),
    routes!(scorecards::of_agent),
}
