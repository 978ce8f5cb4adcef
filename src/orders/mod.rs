//! Order booking (issue #18): agents book orders for their customers at the catalogue's prices
//! (`handlers`, `queries`, `types`); booked lines join the order-line fact table at once; the
//! distributors receive their orders by mail (`send`). The product catalogue API is in
//! `masters::products`.

pub mod api;
pub mod handlers;
pub mod messages;
pub mod pricing;
pub mod queries;
pub mod send;
pub mod types;

use utoipa_axum::routes;

crate::platform::api::area_router! {
    routes!(handlers::book),
    routes!(handlers::quote),
    routes!(handlers::get),
    routes!(handlers::list),
    routes!(handlers::cancel),
    routes!(handlers::approve),
    routes!(handlers::reject),
    routes!(handlers::held),
    routes!(handlers::set_credit_limit),
}
