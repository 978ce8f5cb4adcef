//! The SQL of the distributor list.

use rusqlite::Connection;

use super::types::Distributor;

/// Every distributor by name.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Distributor>> {
    conn.prepare_cached("SELECT distributor_id, name, city, COALESCE(email, '') <> '', state, gstin FROM distributors ORDER BY name")?
        .query_map([], |r| {
            Ok(Distributor {
                distributor_id: r.get(0)?,
                distributor_name: r.get(1)?,
                city: r.get(2)?,
                has_email: r.get(3)?,
                state: r.get(4)?,
                gstin: r.get(5)?,
            })
        })?
        .collect()
}
