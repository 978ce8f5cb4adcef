//! Trade schemes (issue #52): the master of schemes kept as versions, and the set in force on a
//! day that the pricing engine (`crate::pricing`) applies. CONTRACT.md, "Order pricing". HTTP in
//! `handlers`, the API's form of a scheme and its rules in `types`, SQL in `queries`, texts in
//! `messages`; the upload kind `scheme` is `upload`; the phone's copy is `offline`.
pub mod handlers;
pub mod messages;
pub mod offline;
pub mod queries;
pub mod types;
pub mod upload;

crate::platform::api::area_router! {
    handlers::{list, save, get, end},
    offline::{offline},
}
