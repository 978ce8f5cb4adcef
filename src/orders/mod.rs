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

crate::platform::api::area_router! {
    handlers::{book, quote, get, list, cancel, approve, reject, held, set_credit_limit},
}
