//! The benchmark data set (`fieldsales seed --scale N`): deterministic, written in big
//! transactions with the bulk indexes dropped and rebuilt, with a progress callback.

use rusqlite::{named_params, Connection, TransactionBehavior};

use super::*;
use crate::auth::accounts::{self, NewAccount};
use crate::auth::password;
use crate::rights::UserType;

/// The size of the `scale` data set. `ScaleParams::new(n)` gives the benchmark's proportions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScaleParams {
    pub customers: usize,
    /// Order lines per customer (each its own order).
    pub lines_per_customer: usize,
    /// Visits per customer, spread over the last 6 months.
    pub visits_per_customer: usize,
    /// Deliveries in all, at most one per customer, planned in the last 30 days or the next 7.
    pub deliveries: usize,
}

impl ScaleParams {
    /// `customers` with 10 order lines and 5 visits each, and deliveries for a tenth of them:
    /// at 1,000,000 customers, 10,000,000 lines, 5,000,000 visits and 100,000 deliveries.
    pub fn new(customers: usize) -> Self {
        ScaleParams { customers, lines_per_customer: 10, visits_per_customer: 5, deliveries: customers / 10 }
    }
}

/// What `scale` created.
#[derive(Debug, Default)]
pub struct ScaleSummary {
    pub users: usize,
    pub customers: usize,
    pub visits: usize,
    pub order_lines: usize,
    pub deliveries: usize,
    /// Chat messages and broadcasts.
    pub messages: usize,
}

impl ScaleSummary {
    pub fn rows(&self) -> usize {
        self.users + self.customers + self.visits + self.order_lines + self.deliveries + self.messages
    }
}

/// Customers written per transaction by `scale` (with their visits, lines and deliveries).
const SCALE_BATCH: usize = 20_000;
/// Chat messages between each agent and their manager; the manager's last few are unread.
const SCALE_MESSAGES: usize = 12;
const SCALE_UNREAD: usize = 3;

/// Customer `n`'s place when the `customers`, dealt to `agents` in turn, are listed agent by agent:
/// a one-to-one map onto `0..customers`. Spreading deliveries evenly over this order gives every
/// agent their share; over `n` itself (with 200 agents) they all went to one agent in ten.
fn position_by_agent(n: usize, customers: usize, agents: usize) -> usize {
    let (per_agent, extra) = (customers / agents, customers % agents);
    let (agent, rank) = (n % agents, n / agents);
    agent * per_agent + agent.min(extra) + rank
}

/// A deterministic big data set for benchmarks (the same rows for the same parameters): an
/// administrator `admin@scale.test`, 20 managers `am<m>@scale.test` with 10 agents each
/// (`agent<n>@scale.test`; every password `Demo12345678`), a chat conversation between each agent
/// and their manager, three broadcasts, and `p.customers` customers `S00000001`... spread over
/// the agents in turn, with their visits, order lines and deliveries. Only into a database without
/// users and customers. `progress` is told how many customers are done.
pub fn scale(conn: &mut Connection, p: ScaleParams, mut progress: impl FnMut(u64)) -> anyhow::Result<ScaleSummary> {
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
    let now = crate::now();
    let today = crate::clock::today();
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
                                          qty_shipped, unit_price_paise, ds_name, fao_name)
                 VALUES (:order, :date, :c, :seller, :product, :sku, :qty, :price, 'Scale DS', 'Scale FAO')",
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
            summary.customers += end - done;
            summary.visits += (end - done) * p.visits_per_customer;
            summary.order_lines += (end - done) * p.lines_per_customer;
            done = end;
        }
        crate::customers::api::flush_search_index(&tx)?;
        tx.commit()?;
        progress(done as u64);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, visited_at, entered_by)
         SELECT customer_id, agent_id, outcome_id, 'Scale visit', visited_at, agent_id FROM temp.scale_visits
         ORDER BY visited_at;
         DROP TABLE temp.scale_visits;",
    )?;
    tx.commit()?;
    conn.execute_batch("PRAGMA temp_store = MEMORY")?;
    rebuild_indexes(conn, &indexes)?;
    // The dashboard summary (customer_stats) is kept by triggers, so it is already current here.

    // Leave one self-contained file (no -wal) for the benchmark to copy; under Litestream only a
    // PASSIVE checkpoint, which never takes the WAL from under its read lock.
    let checkpoint =
        if conn.path().is_some_and(|p| crate::db::litestream_state(std::path::Path::new(p)).is_some()) { "PASSIVE" } else { "TRUNCATE" };
    conn.execute_batch(&format!("PRAGMA wal_checkpoint({checkpoint})"))?;
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

/// The scale users, chat and broadcasts; returns the agents' uids in order.
fn scale_people(tx: &Connection, now: i64, summary: &mut ScaleSummary) -> anyhow::Result<Vec<i64>> {
    let hash = password::hash(DEMO_PASSWORD)?;
    let mut add = |email: String, name: String, user_type: UserType, manager: Option<i64>| {
        summary.users += 1;
        accounts::create(
            tx,
            &NewAccount {
                email: &email,
                name: &name,
                user_type,
                country_id: (user_type != UserType::Administrator).then_some(1),
                manager_id: manager,
                password_hash: &hash,
                force_password_update: false,
            },
        )
        .with_context(|| format!("creating {email}"))
    };
    let admin = add("admin@scale.test".into(), "Scale Admin".into(), UserType::Administrator, None)?;
    let mut agents = Vec::new();
    let mut pairs = Vec::new();
    for m in 1..=20 {
        let am = add(format!("am{m}@scale.test"), format!("Scale Manager {m}"), UserType::AreaManager, None)?;
        for a in 1..=10 {
            let n = (m - 1) * 10 + a;
            let agent = add(format!("agent{n}@scale.test"), format!("Scale Agent {n}"), UserType::Agent, Some(am))?;
            agents.push(agent);
            pairs.push((agent, am));
        }
    }
    tx.execute("UPDATE users SET is_first_time_login = 0 WHERE email LIKE '%@scale.test'", [])?;
    let mut conversation = tx.prepare("INSERT INTO conversations (user_a, user_b, created_at) VALUES (:a, :b, :at)")?;
    let mut message = tx.prepare(
        "INSERT INTO messages (conversation_id, sender_uid, receiver_uid, message_text, sent_at, read_at)
         VALUES (:c, :from, :to, :text, :at, :read)",
    )?;
    for (agent, am) in pairs {
        let started = now - 86_400;
        conversation.execute(named_params! { ":a": agent.min(am), ":b": agent.max(am), ":at": started })?;
        let c = tx.last_insert_rowid();
        for i in 0..SCALE_MESSAGES {
            // Agent and manager take turns; the manager's last messages are not read yet.
            let (from, to) = if i % 2 == 0 { (agent, am) } else { (am, agent) };
            let at = started + 600 * i as i64;
            let unread = from == am && i + 2 * SCALE_UNREAD >= SCALE_MESSAGES;
            message.execute(named_params! {
                ":c": c, ":from": from, ":to": to, ":text": format!("Scale message {} of {SCALE_MESSAGES}", i + 1),
                ":at": at, ":read": (!unread).then_some(at + 60),
            })?;
            summary.messages += 1;
        }
    }
    tx.execute(
        "INSERT INTO broadcasts (message_text, user_type_id, country_id, created_by, created_at)
         VALUES ('Scale broadcast to everyone', 0, NULL, :admin, :now - 7200),
                ('Scale broadcast to agents', 4, 1, :admin, :now - 3600),
                ('Scale broadcast to managers', 3, 1, :admin, :now)",
        named_params! { ":admin": admin, ":now": now },
    )?;
    summary.messages += 3;
    Ok(agents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scaled(p: ScaleParams) -> (Connection, ScaleSummary) {
        let mut conn = Connection::open_in_memory().expect("in-memory database");
        crate::db::migrate(&mut conn).expect("schema");
        let summary = scale(&mut conn, p, |_| {}).expect("scale seed");
        (conn, summary)
    }

    fn count(conn: &Connection, sql: &str) -> i64 {
        conn.query_row(sql, [], |r| r.get(0)).expect(sql)
    }

    #[test]
    fn scale_writes_the_asked_proportions() {
        let p = ScaleParams { customers: 450, lines_per_customer: 3, visits_per_customer: 2, deliveries: 45 };
        let (conn, s) = scaled(p);
        assert_eq!((s.users, s.customers, s.visits, s.order_lines, s.deliveries), (221, 450, 900, 1350, 45));
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM customers"), 450);
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM visits"), 900);
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM order_lines"), 1350);
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM deliveries"), 45);
        // Every delivery is for an order line of its own customer, planned within the working window.
        assert_eq!(
            count(
                &conn,
                "SELECT COUNT(*) FROM deliveries d JOIN order_lines o ON o.order_id = d.order_id AND o.customer_id = d.customer_id"
            ),
            45
        );
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM deliveries WHERE planned_delivery_date < date('now', 'localtime', '-30 days')"), 0);
        // Spread over the agents: at 2,000 customers and 200 deliveries, each agent has one.
        let (conn, _) = scaled(ScaleParams { customers: 2000, lines_per_customer: 1, visits_per_customer: 0, deliveries: 200 });
        assert_eq!(
            count(&conn, "SELECT COUNT(DISTINCT c.agent_id) FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id"),
            200
        );
        // Each agent has 3 unread messages from their manager, and the manager-agent tree holds.
        assert_eq!(count(&conn, "SELECT COUNT(*) FROM conversations"), 200);
        assert_eq!(
            count(&conn, "SELECT COUNT(*) FROM messages m JOIN users a ON a.uid = m.receiver_uid WHERE m.read_at IS NULL AND a.manager_id = m.sender_uid"),
            600
        );
        assert_eq!(count(&conn, "SELECT COUNT(DISTINCT manager_id) FROM users WHERE user_type_id = 4"), 20);
        // The indexes dropped for the load are all back, as schema.sql defines them.
        let mut fresh = Connection::open_in_memory().expect("in-memory database");
        crate::db::migrate(&mut fresh).expect("schema");
        let indexes = "SELECT group_concat(name || sql, ';') FROM (SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name)";
        let (got, want): (String, String) =
            (conn.query_row(indexes, [], |r| r.get(0)).expect("got"), fresh.query_row(indexes, [], |r| r.get(0)).expect("want"));
        assert_eq!(got, want);
    }

    #[test]
    fn positions_by_agent_are_one_to_one() {
        for (customers, agents) in [(450, 200), (2000, 200), (7, 3), (5, 10)] {
            let mut seen: Vec<usize> = (0..customers).map(|n| position_by_agent(n, customers, agents)).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..customers).collect::<Vec<_>>(), "{customers} customers, {agents} agents");
        }
    }

    #[test]
    fn scale_is_deterministic_and_refuses_a_second_run() {
        let p = ScaleParams::new(300);
        assert_eq!((p.lines_per_customer, p.visits_per_customer, p.deliveries), (10, 5, 30));
        let digest = "SELECT group_concat(buyer_id || name || mobile, ',') FROM customers";
        let (mut a, _) = scaled(p);
        let (b, _) = scaled(p);
        let (da, db): (String, String) =
            (a.query_row(digest, [], |r| r.get(0)).expect("a"), b.query_row(digest, [], |r| r.get(0)).expect("b"));
        assert_eq!(da, db);
        assert!(scale(&mut a, p, |_| {}).is_err());
    }
}
