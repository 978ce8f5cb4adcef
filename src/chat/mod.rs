//! Chat: one-to-one conversations, broadcast messages (sent by administrators, read by their
//! audience), unread counts, and the media endpoint for their pictures. Each part a folder of
//! `handlers` (HTTP), `queries` (SQL) and `types`.

pub mod broadcasts;
pub mod conversations;
pub mod messages;

use utoipa_axum::routes;

use crate::platform::api::with_body_limit;

/// The largest body of a message with a picture.
const PICTURE_LIMIT: usize = crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024;

crate::platform::api::area_router! {
    with_body_limit(routes!(broadcasts::handlers::list, broadcasts::handlers::send), PICTURE_LIMIT),
    routes!(broadcasts::handlers::delete),
    routes!(broadcasts::handlers::media),
    routes!(conversations::handlers::users),
    routes!(conversations::handlers::create),
    routes!(conversations::handlers::history),
    routes!(conversations::handlers::send),
    with_body_limit(routes!(conversations::handlers::send_image), PICTURE_LIMIT),
    routes!(conversations::handlers::new_messages),
    routes!(broadcasts::handlers::new_broadcasts),
    routes!(conversations::handlers::mark_read),
    routes!(broadcasts::handlers::mark_broadcasts_read),
    routes!(conversations::handlers::unread_counts),
}
