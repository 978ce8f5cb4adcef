//! The administrator's home (spec: "shows only a dashboard image"): a picture of today's figures
//! the administrator acts on, each the same figure as the screen its tile leads to. It stands
//! above the areas whose figures it shows (the visit summary of `buckets`, the upload history of
//! `uploads`), so neither has to know the other.

pub mod handlers;
pub mod queries;
pub mod types;

crate::platform::api::area_router! {
    handlers::{home},
}
