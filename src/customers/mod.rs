//! Customer work: search, the visit screen's details, visit saving, today's and this month's
//! visits, new customers, profile updates, customer info and its review, products and price
//! comparison, and scorecards.

pub mod access;
pub mod handlers;
pub mod info;
pub mod products;
pub mod scorecards;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/customer/search", get(handlers::search))
        .route("/users/customer/details/{id}", get(handlers::details))
        .route("/users/customer/details", post(handlers::save_visit))
        .route("/users/customer/FTMFTD/{id}", get(handlers::ftm_ftd))
        .route("/users/customer", post(handlers::create))
        .route("/users/customer/profile", get(handlers::profile).post(handlers::update_profile))
        .route("/users/customer/infohistory/{id}", get(info::history))
        .route(
            "/users/customer/info/{id}",
            post(info::add).layer(DefaultBodyLimit::max(3 * crate::files::MAX_IMAGE_BYTES + 64 * 1024)),
        )
        .route("/users/infoUpdate", get(info::review_list).post(info::set_status))
        .route("/users/infoUpdateWithPaging", get(info::review_page))
        .route("/users/media", get(info::media))
        .route("/users/product/search", get(products::search))
        .route("/users/product/pricecomparison/{id}", get(products::price_comparison))
        .route("/users/scorecard", get(scorecards::mine))
        .route("/users/scorecardAM/{id}", get(scorecards::of_agent))
        .route("/users/agentList", get(crate::masters::users::agents))
}
