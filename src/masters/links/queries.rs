//! The SQL of the link master.

use rusqlite::{named_params, Connection, TransactionBehavior};
use serde_json::json;

use super::types::{Link, LinkCountry};
use crate::masters::messages::{COUNTRY_UNKNOWN, LINK_TAKEN};
use crate::masters::queries::{self as table, Upsert};
use crate::platform::db::updated;
use crate::platform::error::{AppError, AppResult};

/// Links (all, or the one `only`) with their countries.
pub fn links(conn: &Connection, only: Option<i64>) -> rusqlite::Result<Vec<Link>> {
    let mut stmt =
        conn.prepare_cached("SELECT link_id, link_name, link FROM links WHERE :only IS NULL OR link_id = :only ORDER BY link_name")?;
    let mut list: Vec<Link> = stmt
        .query_map(named_params! { ":only": only }, |r| {
            Ok(Link { link_id: r.get(0)?, link_name: r.get(1)?, link: r.get(2)?, countries: Vec::new() })
        })?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT lc.link_id, c.name FROM link_countries lc JOIN countries c ON c.country_id = lc.country_id
         WHERE :only IS NULL OR lc.link_id = :only ORDER BY c.name",
    )?;
    let pairs = stmt.query_map(named_params! { ":only": only }, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    for pair in pairs {
        let (link_id, country) = pair?;
        if let Some(link) = list.iter_mut().find(|l| l.link_id == link_id) {
            link.countries.push(LinkCountry { link_id, country });
        }
    }
    Ok(list)
}

/// Creates (`id` 0) or replaces a link with its countries, in one transaction; returns its id.
pub fn save(conn: &mut Connection, id: i64, name: &str, link: &str, countries: &[String]) -> AppResult<i64> {
    // Links are removed rather than retired, so every row is live.
    let sql = Upsert {
        insert: "INSERT INTO links (link_name, link) VALUES (:name, :link)",
        update: "UPDATE links SET link_name = :name, link = :link WHERE link_id = :id",
    };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let link_id = table::save(&tx, id, sql, named_params! { ":name": name, ":link": link }, LINK_TAKEN.with([("name", json!(name))]))?;
    if id != 0 {
        tx.execute("DELETE FROM link_countries WHERE link_id = :id", named_params! { ":id": id })?;
    }
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO link_countries (link_id, country_id)
         SELECT :link, country_id FROM countries WHERE name = :country",
    )?;
    let mut exists = tx.prepare_cached("SELECT EXISTS (SELECT 1 FROM countries WHERE name = :c)")?;
    for country in countries {
        let n = insert.execute(named_params! { ":link": link_id, ":country": country })?;
        if n == 0 && !exists.query_row(named_params! { ":c": country }, |r| r.get::<_, bool>(0))? {
            return Err(AppError::bad_request(COUNTRY_UNKNOWN.with([("name", json!(country))])));
        }
    }
    drop((insert, exists));
    tx.commit()?;
    Ok(link_id)
}

/// Removes a link (links carry no history).
pub fn delete(conn: &Connection, id: i64) -> AppResult<()> {
    updated(conn.execute("DELETE FROM links WHERE link_id = :id", named_params! { ":id": id })?)
}
