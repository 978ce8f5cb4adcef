//! Best Sellers of the visit screen: the products shipped most over the last 90 days to customers
//! of a country, kept in a cache the server state holds (the ranking is too dear to run per visit).

use super::queries::LIST_LIMIT;
use rusqlite::{named_params, Connection};
use serde::Serialize;

use crate::clock;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BestSeller {
    pub last_order_date: String,
    pub product: String,
    pub unit_price: f64,
    pub distributor_name: String,
    pub fao_name: Option<String>,
}

/// Best sellers per country, recomputed at most every ten minutes: the ranking reads 90 days of
/// order lines, far too much for every visit screen. One computation runs at a time; while it
/// refreshes a stale list, other requests get the stale one (or none before the first list is
/// ready). `serve` warms it at start.
/// A list is shared by every visit screen that shows it, not copied for each.
pub type BestSellers = std::sync::Arc<Vec<BestSeller>>;
type BestSellerList = (std::time::Instant, BestSellers);

#[derive(Default)]
pub struct BestSellerCache {
    /// Per country (`None`: all), when the list was computed and the list.
    lists: std::sync::RwLock<std::collections::HashMap<Option<i64>, BestSellerList>>,
    computing: std::sync::Mutex<()>,
}

const BEST_SELLER_TTL: std::time::Duration = std::time::Duration::from_secs(600);

impl BestSellerCache {
    fn cached(&self, country: Option<i64>) -> Option<(bool, BestSellers)> {
        let lists = self.lists.read().ok()?;
        lists.get(&country).map(|(at, list)| (at.elapsed() < BEST_SELLER_TTL, list.clone()))
    }

    pub fn get_or_compute(&self, conn: &Connection, country: Option<i64>) -> rusqlite::Result<BestSellers> {
        let current = self.cached(country);
        if let Some((true, list)) = &current {
            return Ok(list.clone());
        }
        let _guard = match (self.computing.try_lock(), current) {
            (Ok(guard), _) => guard,
            (Err(_), Some((_, stale))) => return Ok(stale),
            // Another request is computing the first list: show none rather than hold a pooled
            // connection while waiting.
            (Err(_), None) => return Ok(BestSellers::default()),
        };
        if let Some((true, list)) = self.cached(country) {
            return Ok(list);
        }
        let list = BestSellers::new(best_sellers(conn, country)?);
        if let Ok(mut lists) = self.lists.write() {
            lists.insert(country, (std::time::Instant::now(), list.clone()));
        }
        Ok(list)
    }

    /// Computes every country's list (used once at start, in the background).
    pub fn warm(&self, conn: &Connection) -> rusqlite::Result<()> {
        let countries: Vec<i64> =
            conn.prepare("SELECT country_id FROM countries")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
        for country in countries {
            self.get_or_compute(conn, Some(country))?;
        }
        Ok(())
    }
}

/// Best Sellers: the products shipped most over the last 90 days to customers of the same
/// country, with their latest order's date, price, distributor and FAO.
fn best_sellers(conn: &Connection, country_id: Option<i64>) -> rusqlite::Result<Vec<BestSeller>> {
    let since = (clock::today() - chrono::Days::new(90)).format("%Y-%m-%d").to_string();
    let mut stmt = conn.prepare_cached(
        "WITH ranked AS (
             SELECT o.product_name, SUM(o.qty_shipped) AS qty, MAX(o.order_date) AS last_date
             FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
             WHERE o.order_date >= :since AND (:country IS NULL OR c.country_id = :country)
             GROUP BY o.product_name ORDER BY qty DESC LIMIT :limit)
         SELECT r.last_date, r.product_name, l.unit_price, l.seller_name, l.fao_name FROM ranked r
         JOIN order_lines l ON l.line_id = (
             SELECT o.line_id FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
             WHERE o.product_name = r.product_name AND o.order_date = r.last_date
               AND (:country IS NULL OR c.country_id = :country)
             ORDER BY o.line_id DESC LIMIT 1)
         ORDER BY r.qty DESC",
    )?;
    let rows = stmt.query_map(named_params! { ":since": since, ":country": country_id, ":limit": LIST_LIMIT }, |r| {
        Ok(BestSeller {
            last_order_date: r.get(0)?,
            product: r.get(1)?,
            unit_price: r.get(2)?,
            distributor_name: r.get(3)?,
            fao_name: r.get(4)?,
        })
    })?;
    rows.collect()
}
