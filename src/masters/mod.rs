//! Master data: reference lists, users, outcomes, info types and sub types, links, delivery
//! statuses and additional reasons. Lists are readable by every signed-in user (CONTRACT.md);
//! changes need the master's right.

pub mod delivery_statuses;
pub mod info_types;
pub mod links;
pub mod outcomes;
pub mod reference;
pub mod retire;
pub mod users;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/master/country", get(reference::countries))
        .route("/master/userType", get(reference::user_types))
        .route("/master/rights", get(reference::rights))
        .route("/master/user", get(users::list).post(users::save))
        .route("/master/user/{id}", get(users::get))
        .route("/master/user/delete/{id}", post(users::delete))
        .route("/master/allagent", get(users::agents))
        .route("/master/outcome", get(outcomes::list).post(outcomes::save))
        .route("/master/outcome/{id}", get(outcomes::get))
        .route("/master/outcome/delete/{id}", post(outcomes::delete))
        .route("/master/info-type", get(info_types::list).post(info_types::save))
        .route("/master/info-type/{id}", get(info_types::get))
        .route("/master/info-type/delete/{id}", post(info_types::delete))
        .route("/master/info-type-subtype", get(info_types::list))
        .route("/master/info-subtype", get(info_types::list_sub).post(info_types::save_sub))
        .route("/master/info-subtype/{id}", get(info_types::get_sub))
        .route("/master/info-subtype/delete/{id}", post(info_types::delete_sub))
        .route("/master/link", get(links::list).post(links::save))
        .route("/master/link/{id}", get(links::get))
        .route("/master/link/delete/{id}", post(links::delete))
        .route("/master/deliveryStatus", get(delivery_statuses::list).post(delivery_statuses::save))
        .route("/master/deliveryStatus/withReasons", get(delivery_statuses::list_with_reasons))
        .route("/master/deliveryStatus/{id}", get(delivery_statuses::get))
        .route("/master/deliveryStatus/delete/{id}", post(delivery_statuses::delete))
        .route("/master/additionalReason", get(delivery_statuses::list_reasons).post(delivery_statuses::save_reason))
        .route("/master/additionalReason/{id}", get(delivery_statuses::get_reason))
        .route("/master/additionalReason/delete/{id}", post(delivery_statuses::delete_reason))
}
