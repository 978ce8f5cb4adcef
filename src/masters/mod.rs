//! Master data (each sub-feature a folder of `handlers` (HTTP), `queries` (SQL) and `types`;
//! `table` the SQL every master table shares, `handlers` what their handlers share): reference lists, the rights of each user type, users, outcomes, info types and
//! sub types, links, delivery statuses and additional reasons, and the product catalogue. Lists are readable by every
//! signed-in user (CONTRACT.md); changes need the master's right.

pub mod delivery_statuses;
pub mod distributors;
pub mod handlers;
pub mod info_types;
pub mod links;
pub mod messages;
pub mod outcomes;
pub mod products;
pub mod queries;
pub mod reference;
pub mod rights;
pub mod users;

use std::sync::Arc;

use utoipa_axum::routes;

crate::platform::api::area_router! {
    where Arc<outcomes::Cache>;
    routes!(reference::handlers::countries),
    routes!(reference::handlers::user_types),
    routes!(reference::handlers::rights, rights::handlers::save),
    routes!(rights::handlers::by_user_type),
    routes!(users::handlers::list, users::handlers::save),
    routes!(users::handlers::get),
    routes!(users::handlers::delete),
    routes!(users::handlers::agents),
    routes!(users::handlers::agent_list),
    routes!(outcomes::handlers::list, outcomes::handlers::save),
    routes!(outcomes::handlers::get),
    routes!(outcomes::handlers::delete),
    routes!(info_types::handlers::list, info_types::handlers::save),
    routes!(info_types::handlers::get),
    routes!(info_types::handlers::delete),
    routes!(info_types::handlers::list_with_sub_types),
    routes!(info_types::handlers::list_sub, info_types::handlers::save_sub),
    routes!(info_types::handlers::get_sub),
    routes!(info_types::handlers::delete_sub),
    routes!(links::handlers::list, links::handlers::save),
    routes!(links::handlers::get),
    routes!(links::handlers::delete),
    routes!(delivery_statuses::handlers::list, delivery_statuses::handlers::save),
    routes!(delivery_statuses::handlers::list_with_reasons),
    routes!(delivery_statuses::handlers::get),
    routes!(delivery_statuses::handlers::delete),
    routes!(delivery_statuses::handlers::list_reasons, delivery_statuses::handlers::save_reason),
    routes!(delivery_statuses::handlers::get_reason),
    routes!(delivery_statuses::handlers::delete_reason),
    routes!(products::list, products::save),
    routes!(distributors::handlers::list),
}
