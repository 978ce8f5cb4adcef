//! Chat: one-to-one conversations, broadcast messages (sent by administrators, read by their
//! audience), unread counts, and the media endpoint for their pictures. Each part a folder of
//! `handlers` (HTTP), `queries` (SQL) and `types`.

pub mod broadcasts;
pub mod conversations;
pub mod messages;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::api::with_body_limit;
use crate::platform::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    let picture_limit = crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024;
    OpenApiRouter::new()
        .routes(with_body_limit(routes!(broadcasts::handlers::list, broadcasts::handlers::send), picture_limit))
        .routes(routes!(broadcasts::handlers::delete))
        .routes(routes!(broadcasts::handlers::media))
        .routes(routes!(conversations::handlers::users))
        .routes(routes!(conversations::handlers::create))
        .routes(routes!(conversations::handlers::history))
        .routes(routes!(conversations::handlers::send))
        .routes(with_body_limit(routes!(conversations::handlers::send_image), picture_limit))
        .routes(routes!(conversations::handlers::new_messages))
        .routes(routes!(broadcasts::handlers::new_broadcasts))
        .routes(routes!(conversations::handlers::mark_read))
        .routes(routes!(broadcasts::handlers::mark_broadcasts_read))
        .routes(routes!(conversations::handlers::unread_counts))
}
