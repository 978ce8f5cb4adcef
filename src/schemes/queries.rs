//! The schemes' SQL.
use rusqlite::{named_params, Connection};

use crate::pricing::Scheme;

/// The scheme versions in force on `on` (`YYYY-MM-DD`, the company's local date), with the
/// version of the whole set they belong to. Rows whose body no longer reads (never written so) are
/// an error, not skipped: an order must not be priced without a scheme it should have.
pub fn in_force(conn: &Connection, on: &str) -> anyhow::Result<(i64, Vec<Scheme>)> {
    let set_version: i64 = conn.query_row("SELECT version FROM scheme_set WHERE only = 1", [], |row| row.get(0))?;
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM schemes
         WHERE superseded_at IS NULL AND valid_from <= :on AND (valid_to IS NULL OR valid_to >= :on)
         ORDER BY priority DESC, scheme_id",
    )?;
    let bodies = stmt.query_map(named_params! {":on": on}, |row| row.get::<_, String>(0))?;
    let mut schemes = Vec::new();
    for body in bodies {
        schemes.push(serde_json::from_str(&body?)?);
    }
    Ok((set_version, schemes))
}
