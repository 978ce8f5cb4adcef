//! Best Sellers of the visit screen: the products shipped most over the last 90 days to customers
//! of a country, kept in a cache the server state holds (the ranking is too dear to run per visit).

use std::sync::TryLockError;

use rusqlite::{named_params, Connection};

use super::products::{latest_per_seller, Countries};
use super::queries::LIST_LIMIT;
use super::types::{BestSeller, BestSellers};

use crate::clock;

type BestSellerList = (std::time::Instant, BestSellers);

/// Best sellers per country, recomputed at most every ten minutes: the ranking reads 90 days of
/// order lines (seconds at a million customers), far too much for every visit screen. One
/// computation runs at a time, off the request: a visit screen shows the list at hand, a stale one
/// while it is refreshed (`get`, then `refresh` on a thread of the pool), and none while another
/// request computes the very first. `serve` warms every country's list at start.
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

    /// The list of `country`, and whether the caller should `refresh` it, off the request: it is
    /// stale and no computation runs. Only a first list (a test's, or a country added since the
    /// start) is computed here, on the spot.
    pub fn get(&self, conn: &Connection, country: Option<i64>) -> rusqlite::Result<(BestSellers, bool)> {
        match self.cached(country) {
            Some((true, list)) => Ok((list, false)),
            Some((false, stale)) => Ok((stale, !matches!(self.computing.try_lock(), Err(TryLockError::WouldBlock)))),
            None => Ok((self.refresh(conn, country)?.unwrap_or_default(), false)),
        }
    }

    /// Computes and keeps the list of `country`, unless it is fresh (then that list) or another
    /// computation runs (`None`).
    pub fn refresh(&self, conn: &Connection, country: Option<i64>) -> rusqlite::Result<Option<BestSellers>> {
        // A computation that panicked left nothing half-kept: its lock serves again.
        let _guard = match self.computing.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return Ok(None),
        };
        self.compute(conn, country).map(Some)
    }

    /// The list of `country`, computed and kept unless it is fresh; the caller holds `computing`.
    fn compute(&self, conn: &Connection, country: Option<i64>) -> rusqlite::Result<BestSellers> {
        if let Some((true, list)) = self.cached(country) {
            return Ok(list);
        }
        let list = BestSellers::new(best_sellers(conn, country)?);
        if let Ok(mut lists) = self.lists.write() {
            lists.insert(country, (std::time::Instant::now(), list.clone()));
        }
        Ok(list)
    }

    /// Computes every country's list (used once at start, in the background). It waits for a
    /// computation a visit screen runs meanwhile instead of skipping that country, whose first
    /// visit would otherwise compute its list on the request.
    pub fn warm(&self, conn: &Connection) -> rusqlite::Result<()> {
        let countries = super::queries::country_ids(conn)?;
        for country in countries {
            let _guard = self.computing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.compute(conn, Some(country))?;
        }
        Ok(())
    }
}

/// Best Sellers: the products shipped most over the last 90 days to customers of the same
/// country, with their latest order's date, price, distributor and FAO.
///
/// The quantities are read from the customers' index of their lines by date (the window's lines
/// only, and no table reads: under 2 s at the benchmark's ten million lines, where reading the
/// lines by product took 17 s) and summed here by product: SQLite's GROUP BY would sort the
/// window's five million rows in memory first (350 MB). Each product's latest line is then the
/// newest of its latest lines at each seller (`latest_per_seller`, a few seeks).
///
/// Both steps read one snapshot (a read transaction): an upload or cancel committed between them
/// would otherwise leave a ranked product without a latest line, and the list short.
fn best_sellers(conn: &Connection, country_id: Option<i64>) -> rusqlite::Result<Vec<BestSeller>> {
    let snapshot = conn.unchecked_transaction()?;
    let conn: &Connection = &snapshot;
    let since = (clock::today() - chrono::Days::new(90)).format("%Y-%m-%d").to_string();
    let mut shipped: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    {
        let mut stmt = conn.prepare_cached(super::queries::SHIPPED_SINCE)?;
        let mut rows = stmt.query(named_params! { ":since": since, ":country": country_id })?;
        while let Some(row) = rows.next()? {
            // The name is borrowed from the row: a product's name is copied once, not per line.
            let product = row.get_ref(0)?.as_str()?;
            let qty: f64 = row.get(1)?;
            match shipped.get_mut(product) {
                Some(sum) => *sum += qty,
                None => {
                    shipped.insert(product.to_owned(), qty);
                }
            }
        }
    }
    let mut ranked: Vec<(String, f64)> = shipped.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(LIST_LIMIT as usize);
    let countries = country_id.map_or(Countries::All, |c| Countries::Of(Some(c)));
    let mut list = Vec::with_capacity(ranked.len());
    for (product, _) in ranked {
        let latest = latest_per_seller(conn, &product, &since, countries)?
            .into_iter()
            .max_by(|a, b| a.order_date.cmp(&b.order_date).then(a.line_id.cmp(&b.line_id)));
        if let Some(line) = latest {
            list.push(BestSeller {
                last_order_date: line.order_date,
                product,
                unit_price: line.unit_price,
                distributor_name: line.seller_name,
                fao_name: line.fao_name,
            });
        }
    }
    snapshot.commit()?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(cache: &BestSellerCache, country: Option<i64>, age: std::time::Duration, product: &str) {
        let list = BestSellers::new(vec![BestSeller {
            last_order_date: "2026-01-01".into(),
            product: product.into(),
            unit_price: crate::platform::money::Money::from_paise(100),
            distributor_name: "d".into(),
            fao_name: None,
        }]);
        cache.lists.write().unwrap().insert(country, (std::time::Instant::now() - age, list));
    }

    fn shown(list: &BestSellers) -> Vec<&str> {
        list.iter().map(|b| b.product.as_str()).collect()
    }

    /// A visit screen never computes a stale list: it shows it and is told to refresh it, unless a
    /// computation already runs; the refresh replaces it, and a first list is computed at once.
    #[test]
    fn a_stale_list_is_shown_while_it_is_refreshed() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::platform::db::migrate(&mut conn).unwrap();
        let cache = BestSellerCache::default();
        kept(&cache, Some(1), BEST_SELLER_TTL + std::time::Duration::from_secs(1), "stale");
        kept(&cache, Some(2), std::time::Duration::ZERO, "fresh");
        let (list, refresh) = cache.get(&conn, Some(1)).unwrap();
        assert_eq!((shown(&list), refresh), (vec!["stale"], true));
        let (list, refresh) = cache.get(&conn, Some(2)).unwrap();
        assert_eq!((shown(&list), refresh), (vec!["fresh"], false));
        {
            let _computing = cache.computing.lock().unwrap();
            let (list, refresh) = cache.get(&conn, Some(1)).unwrap();
            assert_eq!((shown(&list), refresh), (vec!["stale"], false), "a computation runs already");
            assert!(cache.refresh(&conn, Some(1)).unwrap().is_none());
        }
        // The fresh list of an empty file: nothing sold.
        assert_eq!(cache.refresh(&conn, Some(1)).unwrap().map(|l| l.len()), Some(0));
        let (list, refresh) = cache.get(&conn, Some(1)).unwrap();
        assert_eq!((list.len(), refresh), (0, false));
        let (list, refresh) = cache.get(&conn, Some(3)).unwrap();
        assert_eq!((list.len(), refresh), (0, false), "a first list is computed on the spot");
        assert!(cache.cached(Some(3)).is_some());
    }

    /// The start-up warm-up computes every country's list even while a visit screen computes one:
    /// it waits for that computation instead of skipping the country.
    #[test]
    fn the_warm_up_waits_for_a_running_computation() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("warm.db");
        let mut conn = crate::platform::db::connect(&db).unwrap();
        crate::platform::db::migrate(&mut conn).unwrap();
        conn.execute_batch("INSERT INTO countries (country_id, name) VALUES (1, 'India'), (2, 'Sri Lanka')").unwrap();
        let cache = std::sync::Arc::new(BestSellerCache::default());
        let (held, release) = (std::sync::mpsc::channel::<()>(), std::sync::mpsc::channel::<()>());
        let visit = {
            let cache = cache.clone();
            std::thread::spawn(move || {
                let _computing = cache.computing.lock().unwrap();
                held.0.send(()).unwrap();
                release.1.recv().unwrap();
            })
        };
        held.1.recv().unwrap();
        let warm = {
            let (cache, db) = (cache.clone(), db.clone());
            std::thread::spawn(move || cache.warm(&crate::platform::db::connect(&db).unwrap()))
        };
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(cache.cached(Some(1)).is_none(), "the warm-up waited");
        release.0.send(()).unwrap();
        visit.join().unwrap();
        warm.join().unwrap().unwrap();
        assert!(cache.cached(Some(1)).is_some() && cache.cached(Some(2)).is_some(), "every country warmed");
    }
}
