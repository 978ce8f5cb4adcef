//! Customer work: search, the visit screen's details, visit saving, today's and this month's
//! visits, new customers and profile updates.

pub mod access;
pub mod handlers;

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
}
