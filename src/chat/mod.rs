//! Chat: one-to-one conversations, broadcast messages (sent by administrators, read by their
//! audience), unread counts, and the media endpoint for their pictures.

pub mod broadcasts;
pub mod conversations;
pub mod messages;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::with_body_limit;
use crate::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    let picture_limit = crate::files::MAX_IMAGE_BYTES + 64 * 1024;
    OpenApiRouter::new()
        .routes(with_body_limit(routes!(broadcasts::list, broadcasts::send), picture_limit))
        .routes(routes!(broadcasts::delete))
        .routes(routes!(broadcasts::media))
        .routes(routes!(conversations::users))
        .routes(routes!(conversations::create))
        .routes(routes!(conversations::history))
        .routes(routes!(conversations::send))
        .routes(with_body_limit(routes!(conversations::send_image), picture_limit))
        .routes(routes!(conversations::new_messages))
        .routes(routes!(broadcasts::new_broadcasts))
        .routes(routes!(conversations::mark_read))
        .routes(routes!(broadcasts::mark_broadcasts_read))
        .routes(routes!(conversations::unread_counts))
}
