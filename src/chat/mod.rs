//! Chat: one-to-one conversations, broadcast messages (sent by administrators, read by their
//! audience), unread counts, and the media endpoint for their pictures.

pub mod broadcasts;
pub mod conversations;

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
        .route("/chat/users", get(conversations::users))
        .route("/chat/createConversation", post(conversations::create))
        .route("/chat/getChatHistory", get(conversations::history))
        .route("/chat/sendMessage", post(conversations::send))
        .route(
            "/chat/sendMessageImage",
            post(conversations::send_image).layer(DefaultBodyLimit::max(crate::files::MAX_IMAGE_BYTES + 64 * 1024)),
        )
        .route("/chat/getNewMessages", post(conversations::new_messages))
        .route("/chat/getNewBroadCastMessages", post(broadcasts::new_broadcasts))
        .route("/chat/markAsRead", post(conversations::mark_read))
        .route("/chat/broadcast/markAsRead", post(broadcasts::mark_broadcasts_read))
        .route("/chat/getUnreadCountsByConversation", post(conversations::unread_counts))
}
