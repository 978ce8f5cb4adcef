//! Chat area. So far: broadcast messages (sent by administrators, read by their audience) and the
//! media endpoint that serves their pictures.

pub mod broadcasts;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/chat/broadcastMessage",
            get(broadcasts::list)
                .post(broadcasts::send)
                .layer(DefaultBodyLimit::max(crate::files::MAX_IMAGE_BYTES + 64 * 1024)),
        )
        .route("/chat/broadcastMessage/delete/{id}", post(broadcasts::delete))
        .route("/chat/media", get(broadcasts::media))
}
