//! The SQL of the reference lists.

use rusqlite::{named_params, Connection};

use super::types::{Country, Right, UserType};
use crate::platform::rights::ADMINISTRATOR;

/// Every country by name.
pub fn countries(conn: &Connection) -> rusqlite::Result<Vec<Country>> {
    conn.prepare_cached("SELECT country_id, name FROM countries ORDER BY name")?
        .query_map([], |r| Ok(Country { country_id: r.get(0)?, country: r.get(1)? }))?
        .collect()
}

/// The user types, administrators left out unless `show_all`.
pub fn user_types(conn: &Connection, show_all: bool) -> rusqlite::Result<Vec<UserType>> {
    conn.prepare_cached(
        "SELECT user_type_id, name, is_country_supported FROM user_types
         WHERE :all OR user_type_id <> :admin ORDER BY user_type_id",
    )?
    .query_map(named_params! { ":all": show_all, ":admin": ADMINISTRATOR }, |r| {
        Ok(UserType { user_type_id: r.get(0)?, user_type: r.get(1)?, is_country_supported: r.get(2)? })
    })?
    .collect()
}

/// Every right with its menu group.
pub fn rights(conn: &Connection) -> rusqlite::Result<Vec<Right>> {
    conn.prepare_cached("SELECT right_id, code, group_name, label FROM rights ORDER BY right_id")?
        .query_map([], |r| Ok(Right { right_id: r.get(0)?, link_right: r.get(1)?, group_name: r.get(2)?, right_name: r.get(3)? }))?
        .collect()
}
