//! Master data: reference lists, the rights of each user type, users, outcomes, info types and
//! sub types, links, delivery statuses and additional reasons, and the product catalogue. Lists are readable by every
//! signed-in user (CONTRACT.md); changes need the master's right.

pub mod delivery_statuses;
pub mod distributors;
pub mod info_types;
pub mod links;
pub mod messages;
pub mod outcomes;
pub mod products;
pub mod reference;
pub mod rights;
pub mod table;
pub mod users;

use std::sync::Arc;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The area's routes, for any router state that holds the shared state and the area's cache.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<outcomes::Cache>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(reference::countries))
        .routes(routes!(reference::user_types))
        .routes(routes!(reference::rights, rights::save))
        .routes(routes!(rights::by_user_type))
        .routes(routes!(users::list, users::save))
        .routes(routes!(users::get))
        .routes(routes!(users::delete))
        .routes(routes!(users::agents))
        .routes(routes!(users::agent_list))
        .routes(routes!(outcomes::list, outcomes::save))
        .routes(routes!(outcomes::get))
        .routes(routes!(outcomes::delete))
        .routes(routes!(info_types::list, info_types::save))
        .routes(routes!(info_types::get))
        .routes(routes!(info_types::delete))
        .routes(routes!(info_types::list_with_sub_types))
        .routes(routes!(info_types::list_sub, info_types::save_sub))
        .routes(routes!(info_types::get_sub))
        .routes(routes!(info_types::delete_sub))
        .routes(routes!(links::list, links::save))
        .routes(routes!(links::get))
        .routes(routes!(links::delete))
        .routes(routes!(delivery_statuses::list, delivery_statuses::save))
        .routes(routes!(delivery_statuses::list_with_reasons))
        .routes(routes!(delivery_statuses::get))
        .routes(routes!(delivery_statuses::delete))
        .routes(routes!(delivery_statuses::list_reasons, delivery_statuses::save_reason))
        .routes(routes!(delivery_statuses::get_reason))
        .routes(routes!(delivery_statuses::delete_reason))
        .routes(routes!(products::list, products::save))
        .routes(routes!(distributors::list))
}
