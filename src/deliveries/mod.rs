//! Deliveries (RED101 Delivery): the agent's search and status updates, and the approval of those
//! updates. Rules live in `rules`, SQL in `queries`, HTTP in `handlers`.

pub mod handlers;
pub mod queries;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/delivery/init", get(handlers::init))
        .route("/users/delivery/initAM/{agent}", get(handlers::init_for_agent))
        .route("/users/delivery/search", get(handlers::search))
        .route("/users/delivery/details", post(handlers::details))
        .route(
            "/users/delivery/update",
            post(handlers::update).layer(DefaultBodyLimit::max(crate::files::MAX_IMAGE_BYTES + 64 * 1024)),
        )
        .route("/users/delivery/approval", get(handlers::approval_list))
        .route("/users/delivery/approval/update", post(handlers::approval_update))
}
