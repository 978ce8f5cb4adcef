//! Visit photos (issue #37): agents send the photos of a visit (`POST /users/visit/photo`), the
//! server checks and keeps each once by its content hash under the data dir and flags duplicates;
//! managers review them (`GET /users/visit/photos`, report `visit-photos`); `fieldsales photos
//! prune` removes old ones. `picture` turns a sent file into what is kept, `store` keeps it,
//! `api` is what other areas may call.

pub mod api;
pub mod handlers;
pub mod messages;
pub mod picture;
pub mod prune;
mod queries;
pub mod store;
pub mod types;

use utoipa_axum::routes;

use crate::platform::api::with_body_limit;

crate::platform::api::area_router! {
    with_body_limit(routes!(handlers::send), picture::MAX_SENT_BYTES + 64 * 1024),
    routes!(handlers::list),
    routes!(handlers::file),
    routes!(handlers::thumb),
    routes!(handlers::shop_file),
    routes!(handlers::shop_thumb),
}
