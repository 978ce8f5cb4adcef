//! The SQL of the reference lists.

use rusqlite::{named_params, Connection};

use super::types::{Country, Right, UserType};
use crate::platform::rights::ADMINISTRATOR;
use crate::platform::rows::FromRow;

/// Every country by name.
pub fn countries(conn: &Connection) -> rusqlite::Result<Vec<Country>> {
    conn.prepare_cached("SELECT country_id, name FROM countries ORDER BY name")?.query_map([], Country::from_row)?.collect()
}

/// The user types, administrators left out unless `show_all`.
pub fn user_types(conn: &Connection, show_all: bool) -> rusqlite::Result<Vec<UserType>> {
    conn.prepare_cached(
        "SELECT user_type_id, name, is_country_supported FROM user_types
         WHERE :all OR user_type_id <> :admin ORDER BY user_type_id",
    )?
    .query_map(named_params! { ":all": show_all, ":admin": ADMINISTRATOR }, UserType::from_row)?
    .collect()
}

/// Every right with its menu group.
pub fn rights(conn: &Connection) -> rusqlite::Result<Vec<Right>> {
    conn.prepare_cached("SELECT right_id, code, group_name, label FROM rights ORDER BY right_id")?.query_map([], Right::from_row)?.collect()
}
