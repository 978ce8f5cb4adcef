//! The scale seed as it was written before issue #39: row by row, with the triggers doing their
//! work for every row. Kept for the test only, which compares the bulk load's data set with it.

use anyhow::Context;
use rusqlite::{named_params, Connection, TransactionBehavior};

use super::super::material::*;
use super::{leave_one_file, position_by_agent, scale_people, ScaleParams, ScaleSummary, SCALE_BATCH};
use crate::platform::money::Money;

/// A deterministic big data set for benchmarks (the same rows for the same parameters): an
/// administrator `admin@scale.test`, 20 managers `am<m>@scale.test` with 10 agents each
/// (`agent<n>@scale.test`; every password `Demo12345678`), a chat conversation between each agent
/// and their manager, three broadcasts, and `p.customers` customers `S00000001`... spread over
/// the agents in turn, with their visits, order lines and deliveries. Only into a database without
/// users and customers. `progress` is told how many customers are done.
pub(super) fn scale_row_by_row(conn: &mut Connection, p: ScaleParams, now: i64, today: chrono::NaiveDate) -> anyhow::Result<ScaleSummary> {
    use rand::{Rng, SeedableRng};
    reference(conn)?;
    // It drops and rebuilds indexes on its way: only ever on a database of its own.
    let empty: bool =
        conn.query_row("SELECT NOT EXISTS (SELECT 1 FROM customers) AND NOT EXISTS (SELECT 1 FROM users)", [], |r| r.get(0))?;
    if !empty {
        anyhow::bail!("--scale fills a new database only; this one already has users or customers");
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(1_000_003);
    let mut summary = ScaleSummary::default();
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let agents = scale_people(&tx, now, &mut summary)?;
    // The products with prices and the sellers as distributors: what order booking needs.
    catalogue_and_distributors(&tx)?;
    tx.commit()?;

    let indexes = drop_bulk_indexes(conn)?;
    // Visits are staged and written in time order at the end, as a real database stores them
    // (each is appended when it happens); written per customer, a day's visits would lie all over
    // the table and every read by date (the visit report) would pay for it.
    conn.execute_batch(
        "PRAGMA temp_store = FILE;
         CREATE TEMP TABLE scale_visits (customer_id INTEGER, agent_id INTEGER, outcome_id INTEGER, visited_at INTEGER)",
    )?;
    let deliveries = p.deliveries.min(p.customers);
    let mut done = 0usize;
    while done < p.customers {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        crate::customers::api::defer_search_index(&tx)?;
        {
            let mut customer = tx.prepare_cached(
                "INSERT INTO customers (buyer_id, name, mobile, address1, postal_code, city, state, country_id,
                                        latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
                 VALUES (:buyer, :name, :mobile, :a1, :postal, :city, :state, 1, :lat, :lng, :type, :agent, :agent, :at, :at)",
            )?;
            let mut visit = tx.prepare_cached(
                "INSERT INTO temp.scale_visits (customer_id, agent_id, outcome_id, visited_at) VALUES (:c, :agent, :o, :at)",
            )?;
            let mut line = tx.prepare_cached(
                "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku,
                                          qty_shipped, unit_price_paise, ds_name, fao_name, gross_paise, taxable_paise, line_total_paise)
                 VALUES (:order, :date, :c, :seller, :product, :sku, :qty, :price, 'Scale DS', 'Scale FAO',
                         CAST(ROUND(:qty * :price) AS INTEGER), CAST(ROUND(:qty * :price) AS INTEGER),
                         CAST(ROUND(:qty * :price) AS INTEGER))",
            )?;
            let mut delivery = tx.prepare_cached(
                "INSERT INTO deliveries (order_id, order_date, planned_delivery_date, customer_id, seller_name,
                                         logistics_charges, delivery_status_id, reason_code_id, approve_status, updated_by,
                                         updated_at, created_at)
                 VALUES (:order, :date, date(:date, '+2 days'), :c, :seller, :charges, :status, :reason, :approve,
                         CASE WHEN :status IS NULL THEN NULL ELSE :agent END,
                         CASE WHEN :status IS NULL THEN NULL ELSE :now END, :now)",
            )?;
            let end = (done + SCALE_BATCH).min(p.customers);
            for n in done..end {
                let agent = agents[n % agents.len()];
                let (city, state, lat, lng) = CITIES[n % CITIES.len()];
                let seller = SELLERS[n % 3];
                customer.execute(named_params! {
                    ":buyer": format!("S{:08}", n + 1),
                    ":name": format!("{} {}", FIRST[rng.gen_range(0..FIRST.len())], SECOND[rng.gen_range(0..SECOND.len())]),
                    ":mobile": format!("9{:09}", rng.gen_range(0..1_000_000_000u64)),
                    ":a1": format!("{} Main Road", rng.gen_range(1..400)), ":postal": "560001", ":city": city,
                    ":state": state, ":lat": lat, ":lng": lng,
                    ":type": if n % 7 == 0 { "Wholesaler" } else { "Retailer" }, ":agent": agent, ":at": now,
                })?;
                let id = tx.last_insert_rowid();
                for _ in 0..p.visits_per_customer {
                    visit.execute(named_params! {
                        ":c": id, ":agent": agent, ":o": rng.gen_range(1..=4), ":at": now - rng.gen_range(0..180 * 86_400),
                    })?;
                }
                // Deliveries are spread evenly over each agent's customers (every tenth of them by
                // default); a delivered customer's first order is recent, and the delivery is for it.
                let m = position_by_agent(n, p.customers, agents.len());
                let delivered = (m + 1) * deliveries / p.customers > m * deliveries / p.customers;
                let first_order_date = today - chrono::Days::new(if delivered { rng.gen_range(0..=32) } else { rng.gen_range(0..180) });
                for k in 0..p.lines_per_customer {
                    let (product, sku, price) = PRODUCTS[rng.gen_range(0..PRODUCTS.len())];
                    let date = if k == 0 { first_order_date } else { today - chrono::Days::new(rng.gen_range(0..180)) };
                    line.execute(named_params! {
                        ":order": format!("SS{:08}-{k}", n + 1), ":date": date.format("%Y-%m-%d").to_string(),
                        ":c": id, ":seller": seller, ":product": product, ":sku": sku,
                        ":qty": rng.gen_range(1..48) as f64, ":price": Money::from_f64(price),
                    })?;
                }
                if delivered {
                    // Open, delivered awaiting approval, approved, or partly delivered and rejected.
                    let (status, reason, approve): (Option<i64>, Option<i64>, Option<&str>) = match rng.gen_range(0..20) {
                        0..=9 => (None, None, None),
                        10..=13 => (Some(2), None, Some("Pending")),
                        14..=17 => (Some(2), None, Some("Approve")),
                        _ => (Some(4), Some(4), Some("Reject")),
                    };
                    delivery.execute(named_params! {
                        ":order": format!("SS{:08}-0", n + 1), ":date": first_order_date.format("%Y-%m-%d").to_string(),
                        ":c": id, ":seller": seller, ":charges": f64::from(rng.gen_range(20..200)), ":status": status,
                        ":reason": reason, ":approve": approve, ":agent": agent, ":now": now,
                    })?;
                    summary.deliveries += 1;
                }
            }
            summary.count_customers(end - done, &p);
            done = end;
        }
        crate::customers::api::flush_search_index(&tx)?;
        tx.commit()?;
    }
    super::visits_in_time_order(conn)?;
    rebuild_indexes(conn, &indexes)?;
    // The dashboard summary (customer_stats) is kept by triggers, so it is already current here.

    leave_one_file(conn)?;
    Ok(summary)
}

/// Tables `scale` fills with millions of rows.
const BULK_TABLES: &str = "'customers', 'visits', 'order_lines', 'deliveries'";

/// Drops the secondary indexes of the bulk tables and returns their definitions: building an index
/// once from sorted rows is far faster than millions of inserts at random places of a B-tree
/// bigger than the page cache.
fn drop_bulk_indexes(conn: &Connection) -> anyhow::Result<Vec<(String, String)>> {
    let indexes: Vec<(String, String)> = conn
        .prepare(&format!("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ({BULK_TABLES})"))?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (name, _) in &indexes {
        conn.execute_batch(&format!("DROP INDEX \"{name}\""))?;
    }
    Ok(indexes)
}

/// Creates the indexes `drop_bulk_indexes` dropped, sorting in temporary files rather than in
/// memory (the connection's `temp_store` is restored after).
fn rebuild_indexes(conn: &mut Connection, indexes: &[(String, String)]) -> anyhow::Result<()> {
    let temp_store: i64 = conn.pragma_query_value(None, "temp_store", |r| r.get(0))?;
    conn.pragma_update(None, "temp_store", "FILE")?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    for (name, sql) in indexes {
        tx.execute_batch(sql).with_context(|| format!("rebuilding index {name}"))?;
    }
    tx.commit()?;
    conn.pragma_update(None, "temp_store", temp_store)?;
    Ok(())
}
