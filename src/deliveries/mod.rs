//! Deliveries (RED101 Delivery): the agent's search and status updates, and the approval of those
//! updates. SQL and the rules checked against the database live in `queries`, HTTP in `handlers`.

pub mod handlers;
pub mod messages;
pub mod queries;

use utoipa_axum::routes;

use crate::platform::api::with_body_limit;

crate::platform::api::area_router! {
    routes!(handlers::init),
    routes!(handlers::init_for_agent),
    routes!(handlers::search),
    routes!(handlers::details),
    with_body_limit(routes!(handlers::update), crate::platform::files::MAX_IMAGE_BYTES + 64 * 1024),
    routes!(handlers::approval_list),
    routes!(handlers::approval_update),
}
