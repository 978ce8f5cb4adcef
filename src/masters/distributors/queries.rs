//! The SQL of the distributor list.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::types::Distributor;
use crate::platform::rows::FromRow;

/// Every distributor by name.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Distributor>> {
    conn.prepare_cached("SELECT distributor_id, name, city, COALESCE(email, '') <> '', state, gstin FROM distributors ORDER BY name")?
        .query_map([], Distributor::from_row)?
        .collect()
}

/// A row of the Distributor Master upload (`uploads::kinds::DISTRIBUTOR` names the parameters).
pub fn upsert_uploaded(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO distributors (name, code, city, country_id, email, state, gstin)
         VALUES (:n, :code, :city, :country, :email, :state, :gstin)
         ON CONFLICT (name) DO UPDATE SET code = excluded.code, city = excluded.city, country_id = excluded.country_id,
             email = COALESCE(:email, email), state = COALESCE(:state, state), gstin = COALESCE(:gstin, gstin)",
    )?
    .execute(params)
}

/// The state stored for the distributor `name` (None: no such distributor, or no state).
pub fn state_of(conn: &Connection, name: &str) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT state FROM distributors WHERE name = :n")?
        .query_row(named_params! { ":n": name }, |r| r.get::<_, Option<String>>(0))
        .optional()
        .map(Option::flatten)
}

/// The id of the distributor `name`.
pub fn id_by_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT distributor_id FROM distributors WHERE name = :n")?
        .query_row(named_params! { ":n": name }, |r| r.get(0))
        .optional()
}
