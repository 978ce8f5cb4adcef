//! Master data (each sub-feature a folder of `handlers` (HTTP), `queries` (SQL) and `types`;
//! `table` the SQL every master table shares): reference lists, the rights of each user type, users, outcomes, info types and
//! sub types, links, delivery statuses and additional reasons, and the product catalogue. Lists are readable by every
//! signed-in user (CONTRACT.md); changes need the master's right.

pub mod delivery_statuses;
pub mod distributors;
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

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// The area's routes, for any router state that holds the shared state and the area's cache.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
    Arc<outcomes::Cache>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(reference::handlers::countries))
        .routes(routes!(reference::handlers::user_types))
        .routes(routes!(reference::handlers::rights, rights::handlers::save))
        .routes(routes!(rights::handlers::by_user_type))
        .routes(routes!(users::handlers::list, users::handlers::save))
        .routes(routes!(users::handlers::get))
        .routes(routes!(users::handlers::delete))
        .routes(routes!(users::handlers::agents))
        .routes(routes!(users::handlers::agent_list))
        .routes(routes!(outcomes::handlers::list, outcomes::handlers::save))
        .routes(routes!(outcomes::handlers::get))
        .routes(routes!(outcomes::handlers::delete))
        .routes(routes!(info_types::handlers::list, info_types::handlers::save))
        .routes(routes!(info_types::handlers::get))
        .routes(routes!(info_types::handlers::delete))
        .routes(routes!(info_types::handlers::list_with_sub_types))
        .routes(routes!(info_types::handlers::list_sub, info_types::handlers::save_sub))
        .routes(routes!(info_types::handlers::get_sub))
        .routes(routes!(info_types::handlers::delete_sub))
        .routes(routes!(links::handlers::list, links::handlers::save))
        .routes(routes!(links::handlers::get))
        .routes(routes!(links::handlers::delete))
        .routes(routes!(delivery_statuses::handlers::list, delivery_statuses::handlers::save))
        .routes(routes!(delivery_statuses::handlers::list_with_reasons))
        .routes(routes!(delivery_statuses::handlers::get))
        .routes(routes!(delivery_statuses::handlers::delete))
        .routes(routes!(delivery_statuses::handlers::list_reasons, delivery_statuses::handlers::save_reason))
        .routes(routes!(delivery_statuses::handlers::get_reason))
        .routes(routes!(delivery_statuses::handlers::delete_reason))
        .routes(routes!(products::list, products::save))
        .routes(routes!(distributors::handlers::list))
}
