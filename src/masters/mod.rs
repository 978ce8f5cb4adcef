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

crate::platform::api::area_router! {
    where Arc<outcomes::Cache>;
    reference::handlers::{countries, user_types, rights},
    rights::handlers::{save, by_user_type},
    users::handlers::{list, save, get, delete, agents, agent_list},
    outcomes::handlers::{list, save, get, delete},
    info_types::handlers::{list, save, get, delete, list_with_sub_types, list_sub, save_sub, get_sub, delete_sub},
    links::handlers::{list, save, get, delete},
    delivery_statuses::handlers::{list, save, list_with_reasons, get, delete, list_reasons, save_reason, get_reason, delete_reason},
    products::{list, save},
    distributors::handlers::{list},
}
