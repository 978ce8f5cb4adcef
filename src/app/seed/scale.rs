//! The benchmark data set (`fieldsales seed --scale N`): deterministic, written in big
//! transactions with the bulk indexes dropped and rebuilt, with a progress callback.

use anyhow::Context;
use rusqlite::{named_params, Connection, TransactionBehavior};

use super::material::*;
use crate::auth::accounts;
use crate::auth::password;
use crate::auth::types::NewAccount;
use crate::platform::money::Money;
use crate::platform::rights::UserType;

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
    /// Seconds of each step of the load, in order (people and catalogue, rows, visits in time
    /// order, then those of `BulkSchema::restore`).
    pub steps: Vec<(&'static str, f64)>,
    /// The journal mode the rows were written in (`off` unless refused: another connection had
    /// the file open in WAL mode, or Litestream replicates it).
    pub load_journal: String,
}

impl ScaleSummary {
    /// Counts `customers` more written, with their visits and order lines.
    fn count_customers(&mut self, customers: usize, p: &ScaleParams) {
        self.customers += customers;
        self.visits += customers * p.visits_per_customer;
        self.order_lines += customers * p.lines_per_customer;
    }

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
///
/// A bulk load at SQLite's pace (issue #39): the bulk tables' triggers and secondary indexes are
/// dropped, the rows are written with reused statements and no journal, and what the triggers
/// would have written (the dashboard summary, the visit days, the work days, the delivery search
/// terms, the customer search index) is written afterwards in one statement each, before the
/// indexes and triggers come back. The result is the data set the row-by-row load wrote (the test
/// compares every table with it), except the opaque figures versions of `agent_stats_versions`.
/// No journal: a seed that fails leaves a file to delete and seed again (a new database only).
pub fn scale(conn: &mut Connection, p: ScaleParams, progress: impl FnMut(u64)) -> anyhow::Result<ScaleSummary> {
    scale_at(conn, p, crate::now(), crate::clock::today(), progress)
}

fn scale_at(
    conn: &mut Connection,
    p: ScaleParams,
    now: i64,
    today: chrono::NaiveDate,
    mut progress: impl FnMut(u64),
) -> anyhow::Result<ScaleSummary> {
    reference(conn)?;
    // It drops and rebuilds indexes on its way: only ever on a database of its own.
    let empty: bool =
        conn.query_row("SELECT NOT EXISTS (SELECT 1 FROM customers) AND NOT EXISTS (SELECT 1 FROM users)", [], |r| r.get(0))?;
    if !empty {
        anyhow::bail!("--scale fills a new database only; this one already has users or customers");
    }
    let mut summary = ScaleSummary::default();
    let mut clock = std::time::Instant::now();
    let mut step = |summary: &mut ScaleSummary, name: &'static str| {
        summary.steps.push((name, clock.elapsed().as_secs_f64()));
        clock = std::time::Instant::now();
    };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let agents = scale_people(&tx, now, &mut summary)?;
    // The products with prices and the sellers as distributors: what order booking needs.
    catalogue_and_distributors(&tx)?;
    tx.commit()?;
    step(&mut summary, "people");

    let settings = BulkSettings::enter(conn)?;
    summary.load_journal = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
    let bulk = BulkSchema::strip(conn)?;
    // Visits are staged and written in time order at the end, as a real database stores them
    // (each is appended when it happens); written per customer, a day's visits would lie all over
    // the table and every read by date (the visit report) would pay for it.
    conn.execute_batch(
        "PRAGMA temp_store = FILE;
         CREATE TEMP TABLE scale_visits (customer_id INTEGER, agent_id INTEGER, outcome_id INTEGER, visited_at INTEGER)",
    )?;
    let mut rows = Generator::new(p, agents, now, today);
    let mut customer = CustomerRows::default();
    let mut done = 0usize;
    while done < p.customers {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut writer = Writer::prepare(&tx, "temp.scale_visits")?;
            let end = (done + SCALE_BATCH).min(p.customers);
            for n in done..end {
                rows.next(n, &mut customer);
                writer.write(&tx, &rows, &customer)?;
                summary.deliveries += usize::from(customer.delivery.is_some());
            }
            summary.count_customers(end - done, &p);
            done = end;
        }
        tx.commit()?;
        progress(done as u64);
    }
    step(&mut summary, "rows");
    visits_in_time_order(conn)?;
    step(&mut summary, "visits in time order");
    let restored = bulk.restore(conn)?;
    summary.steps.extend(restored);
    settings.leave(conn)?;

    leave_one_file(conn)?;
    Ok(summary)
}

/// Leaves one self-contained file (no -wal) for the benchmark to copy; under Litestream only a
/// PASSIVE checkpoint, which never takes the WAL from under its read lock.
fn leave_one_file(conn: &Connection) -> rusqlite::Result<()> {
    let checkpoint = if conn.path().is_some_and(|p| crate::platform::db::litestream_state(std::path::Path::new(p)).is_some()) {
        "PASSIVE"
    } else {
        "TRUNCATE"
    };
    conn.execute_batch(&format!("PRAGMA wal_checkpoint({checkpoint})"))
}

/// The floor under `scale` (bench/seed_floor.rs): the same rows as `scale` writes for `p` (users
/// aside), generated beforehand a batch at a time, written with bare reused INSERTs into the same
/// tables of this new database stripped as `scale` strips them (no triggers, no secondary indexes;
/// no journal), and nothing else: no index built, no summary, no search index. Returns the rows
/// written, the seconds spent writing them (generation not counted) and the CPU seconds of this
/// thread in them (Linux; 0 elsewhere), which a machine shared with other work disturbs less.
pub fn scale_floor(conn: &mut Connection, p: ScaleParams) -> anyhow::Result<(usize, f64, f64)> {
    reference(conn)?;
    let now = crate::now();
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut summary = ScaleSummary::default();
    let agents = scale_people(&tx, now, &mut summary)?;
    catalogue_and_distributors(&tx)?;
    tx.commit()?;
    let settings = BulkSettings::enter(conn)?;
    let _stripped = BulkSchema::strip(conn)?;
    let mut rows = Generator::new(p, agents, now, crate::clock::today());
    let mut batch: Vec<CustomerRows> = Vec::new();
    let (mut written, mut secs, mut cpu, mut done) = (0usize, 0f64, 0f64, 0usize);
    while done < p.customers {
        let end = (done + SCALE_BATCH).min(p.customers);
        batch.resize_with(end - done, CustomerRows::default);
        for (n, customer) in (done..end).zip(batch.iter_mut()) {
            rows.next(n, customer);
            written += 1 + customer.visits.len() + customer.lines.len() + usize::from(customer.delivery.is_some());
        }
        let (started, cpu_started) = (std::time::Instant::now(), thread_cpu_secs());
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut writer = Writer::prepare(&tx, "main.visits")?;
            for customer in &batch {
                writer.write(&tx, &rows, customer)?;
            }
        }
        tx.commit()?;
        secs += started.elapsed().as_secs_f64();
        cpu += thread_cpu_secs() - cpu_started;
        done = end;
    }
    settings.leave(conn)?;
    Ok((written, secs, cpu))
}

/// CPU seconds this thread has run (`/proc/thread-self/schedstat`; 0 where there is none).
fn thread_cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()))
        .map_or(0.0, |ns| ns / 1e9)
}

/// Connection settings for a bulk load, and those to go back to: no journal (a failed load is
/// simply run again on a new file) unless Litestream replicates the file, no fsync, no foreign
/// key lookups (the rows are made consistent), a bigger page cache, helper threads for sorts.
struct BulkSettings {
    journal_mode: String,
    synchronous: i64,
    threads: i64,
    foreign_keys: i64,
    cache_size: i64,
}

impl BulkSettings {
    fn enter(conn: &Connection) -> anyhow::Result<Self> {
        let value = |name: &str| conn.pragma_query_value(None, name, |r| r.get::<_, i64>(0));
        let settings = BulkSettings {
            journal_mode: conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?,
            synchronous: value("synchronous")?,
            threads: value("threads")?,
            foreign_keys: value("foreign_keys")?,
            cache_size: value("cache_size")?,
        };
        let replicated = conn.path().is_some_and(|p| crate::platform::db::litestream_state(std::path::Path::new(p)).is_some());
        if !replicated {
            // Refused (the mode is kept) while another connection has the file open in WAL mode.
            let _: rusqlite::Result<String> = conn.pragma_update_and_check(None, "journal_mode", "OFF", |r| r.get(0));
        }
        // `threads`: the sorts of the index builds may use helper threads where there are cores.
        // Each sort thread holds up to the page cache's size in memory before it spills to a
        // temporary file: at 128 MiB the load of a million customers peaked at 810 MB resident.
        conn.execute_batch("PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -32768; PRAGMA threads = 4;")?;
        Ok(settings)
    }

    fn leave(self, conn: &Connection) -> anyhow::Result<()> {
        let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case(&self.journal_mode) {
            conn.pragma_update_and_check(None, "journal_mode", &self.journal_mode, |r| r.get::<_, String>(0))?;
        }
        conn.pragma_update(None, "synchronous", self.synchronous)?;
        conn.pragma_update(None, "threads", self.threads)?;
        conn.pragma_update(None, "foreign_keys", self.foreign_keys)?;
        conn.pragma_update(None, "cache_size", self.cache_size)?;
        Ok(())
    }
}

/// Tables `scale` fills with millions of rows.
const BULK_TABLES: &[&str] = &["customers", "visits", "order_lines", "deliveries"];
/// Tables written from the bulk tables after the load (by the triggers, row by row, before).
const DERIVED_TABLES: &[&str] = &["customer_stats", "delivery_terms"];
/// The triggers on inserts into the bulk tables, each written as a whole by `derive`. A trigger
/// added to a bulk table's inserts must be added here and to `derive` (`strip` refuses to load
/// without it; the test compares the result with the row-by-row load's).
const DERIVED_TRIGGERS: &[&str] = &[
    "customers_fts_insert",
    "customer_stats_customer_insert",
    "customer_stats_visit_insert",
    "visit_days_visit_insert",
    "work_days_visit_insert",
    "customer_stats_order_insert",
    "customer_stats_latest_line_insert",
    "order_lines_version_insert",
    "delivery_terms_insert",
];

/// What a bulk load took out of the schema: the bulk and derived tables' secondary indexes and the
/// bulk tables' triggers, as `sqlite_master` had them.
struct BulkSchema {
    indexes: Vec<(String, String, String)>,
    triggers: Vec<(String, String)>,
}

fn quoted(names: &[&str]) -> String {
    names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
}

impl BulkSchema {
    /// Drops the secondary indexes (building an index once from sorted rows is far faster than
    /// millions of inserts at random places of a B-tree bigger than the page cache) and the
    /// triggers (their work is done once per table by `derive`).
    fn strip(conn: &Connection) -> anyhow::Result<Self> {
        let listed = |sql: &str| -> rusqlite::Result<Vec<(String, String, String)>> {
            conn.prepare(sql)?.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect()
        };
        let indexes = listed(&format!(
            "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ({}, {})",
            quoted(BULK_TABLES),
            quoted(DERIVED_TABLES)
        ))?;
        let triggers: Vec<(String, String)> = listed(&format!(
            "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ({})",
            quoted(BULK_TABLES)
        ))?
        .into_iter()
        .map(|(name, _, sql)| (name, sql))
        .collect();
        for (name, sql) in &triggers {
            let on_insert = sql.to_ascii_uppercase().split_whitespace().collect::<Vec<_>>().windows(2).any(|w| w == ["INSERT", "ON"]);
            if on_insert && !DERIVED_TRIGGERS.contains(&name.as_str()) {
                anyhow::bail!("the scale seed does not know what trigger {name} writes (seed::scale, DERIVED_TRIGGERS)");
            }
        }
        for (name, _, _) in &indexes {
            conn.execute_batch(&format!("DROP INDEX \"{name}\""))?;
        }
        for (name, _) in &triggers {
            conn.execute_batch(&format!("DROP TRIGGER \"{name}\""))?;
        }
        Ok(BulkSchema { indexes, triggers })
    }

    /// Builds the bulk tables' indexes, writes what the triggers would have, builds the derived
    /// tables' indexes and puts the triggers back, in one transaction; sorts go to temporary files
    /// rather than memory (the connection's `temp_store` is restored after).
    fn restore(self, conn: &mut Connection) -> anyhow::Result<Vec<(&'static str, f64)>> {
        let temp_store: i64 = conn.pragma_query_value(None, "temp_store", |r| r.get(0))?;
        conn.pragma_update(None, "temp_store", "FILE")?;
        let mut steps = Vec::new();
        let mut clock = std::time::Instant::now();
        let mut step = |name: &'static str| {
            steps.push((name, clock.elapsed().as_secs_f64()));
            clock = std::time::Instant::now();
        };
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (bulk, derived): (Vec<_>, Vec<_>) = self.indexes.iter().partition(|(_, table, _)| BULK_TABLES.contains(&table.as_str()));
        for (name, _, sql) in &bulk {
            tx.execute_batch(sql).with_context(|| format!("rebuilding index {name}"))?;
        }
        step("indexes");
        for (name, sql) in DERIVE {
            tx.execute_batch(sql).with_context(|| format!("writing {name}"))?;
            step(name);
        }
        for (name, _, sql) in &derived {
            tx.execute_batch(sql).with_context(|| format!("rebuilding index {name}"))?;
        }
        for (name, sql) in &self.triggers {
            tx.execute_batch(sql).with_context(|| format!("restoring trigger {name}"))?;
        }
        tx.commit()?;
        step("derived indexes");
        conn.pragma_update(None, "temp_store", temp_store)?;
        Ok(steps)
    }
}

/// What `DERIVED_TRIGGERS` write for every row of a bulk load, written once per table from the
/// loaded rows (the same rows; ids in the order the triggers gave them). The figures versions are
/// opaque counters the server compares for equality only: each agent with customers gets 1.
const DERIVE: &[(&str, &str)] = &[
    (
        "summary",
        "INSERT INTO customer_order_months (customer_id, month)
         SELECT DISTINCT customer_id, substr(order_date, 1, 7) FROM order_lines ORDER BY 1, 2;
         INSERT INTO customer_stats (customer_id, agent_id, retailer_type, last_visit_at, last_order_date, prev_order_month,
                                     last_line_id)
         SELECT s.customer_id, s.agent_id, s.retailer_type, s.last_visit_at, s.last_order_date,
                COALESCE((SELECT MAX(m.month) FROM customer_order_months m
                          WHERE m.customer_id = s.customer_id AND m.month < substr(s.last_order_date, 1, 7)), ''),
                COALESCE((SELECT o.line_id FROM order_lines o WHERE o.customer_id = s.customer_id
                          ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1), 0)
         FROM (SELECT c.customer_id, c.agent_id, c.retailer_type,
                      COALESCE((SELECT MAX(v.visited_at) FROM visits v WHERE v.customer_id = c.customer_id), 0) AS last_visit_at,
                      COALESCE((SELECT MAX(o.order_date) FROM order_lines o WHERE o.customer_id = c.customer_id), '') AS last_order_date
               FROM customers c ORDER BY c.customer_id) s;
         INSERT INTO agent_stats_versions (agent_id, version)
         SELECT DISTINCT COALESCE(agent_id, 0), 1 FROM customers WHERE true
         ON CONFLICT (agent_id) DO UPDATE SET version = version + 1;",
    ),
    (
        "visit and work days",
        "INSERT INTO visit_days (agent_id, day, customer_id, best)
         SELECT agent_id, date(visited_at, 'unixepoch', 'localtime') AS day, customer_id,
                MAX(CASE location_status WHEN 'verified' THEN 3 WHEN 'customer-unlocated' THEN 2 WHEN 'off-site' THEN 0 ELSE 1 END)
         FROM visits GROUP BY agent_id, day, customer_id ORDER BY agent_id, day, customer_id;
         INSERT INTO work_days (agent_id, work_date, started_at, start_how)
         SELECT agent_id, work_date, started_at, 'automatic'
         FROM (SELECT v.agent_id, date(v.visited_at, 'unixepoch', 'localtime') AS work_date, MIN(v.visited_at) AS started_at,
                      MIN(v.visit_id) AS first
               FROM visits v WHERE (SELECT user_type_id FROM users WHERE uid = v.agent_id) = 4
               GROUP BY v.agent_id, work_date)
         ORDER BY first;",
    ),
    (
        "delivery terms",
        "INSERT INTO delivery_terms (agent_id, kind, term, delivery_id)
         SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE term IS NOT NULL ORDER BY 1, 2, 3, 4;",
    ),
    (
        "search index",
        "INSERT INTO customers_fts (rowid, buyer_id, name, mobile) SELECT customer_id, buyer_id, name, mobile FROM customers;",
    ),
];

/// The rows of one customer as `Generator` makes them, in buffers reused from one to the next.
#[derive(Default, Clone)]
struct CustomerRows {
    /// `S00000001`...
    buyer: String,
    /// Indexes into `FIRST` x `SECOND` (`Generator::names`), `CITIES`, `SELLERS`.
    name: usize,
    mobile: String,
    /// Index into `Generator::addresses` (house number - 1).
    address: usize,
    city: usize,
    seller: usize,
    agent: i64,
    wholesaler: bool,
    /// Outcome and time of each visit.
    visits: Vec<(i32, i64)>,
    /// Product, days before today, quantity of each line.
    lines: Vec<(usize, usize, i32)>,
    delivery: Option<Delivery>,
}

#[derive(Clone, Copy)]
struct Delivery {
    /// Days before today of the first order (the delivered one).
    order_days: usize,
    status: Option<i64>,
    reason: Option<i64>,
    approve: Option<&'static str>,
    charges: i32,
}

/// Makes each customer's rows from one seeded random stream: the same draws, in the same order,
/// as the row-by-row seed made, so the data set is the same; texts that repeat (names, addresses,
/// dates) are made once.
struct Generator {
    rng: rand::rngs::StdRng,
    p: ScaleParams,
    deliveries: usize,
    agents: Vec<i64>,
    now: i64,
    names: Vec<String>,
    addresses: Vec<String>,
    /// `YYYY-MM-DD` of today and each of the 180 days before it.
    dates: Vec<String>,
    prices: Vec<Option<Money>>,
}

impl Generator {
    fn new(p: ScaleParams, agents: Vec<i64>, now: i64, today: chrono::NaiveDate) -> Self {
        use rand::SeedableRng;
        Generator {
            rng: rand::rngs::StdRng::seed_from_u64(1_000_003),
            p,
            deliveries: p.deliveries.min(p.customers),
            agents,
            now,
            names: FIRST.iter().flat_map(|first| SECOND.iter().map(move |second| format!("{first} {second}"))).collect(),
            addresses: (1..400).map(|n| format!("{n} Main Road")).collect(),
            dates: (0..=180u64).map(|d| (today - chrono::Days::new(d)).format("%Y-%m-%d").to_string()).collect(),
            prices: PRODUCTS.iter().map(|(_, _, price)| Money::from_f64(*price)).collect(),
        }
    }

    fn next(&mut self, n: usize, out: &mut CustomerRows) {
        use rand::Rng;
        use std::fmt::Write;
        let rng = &mut self.rng;
        out.agent = self.agents[n % self.agents.len()];
        out.city = n % CITIES.len();
        out.seller = n % 3;
        out.buyer.clear();
        let _ = write!(out.buyer, "S{:08}", n + 1);
        out.name = rng.gen_range(0..FIRST.len()) * SECOND.len();
        out.name += rng.gen_range(0..SECOND.len());
        out.mobile.clear();
        let _ = write!(out.mobile, "9{:09}", rng.gen_range(0..1_000_000_000u64));
        out.address = (rng.gen_range(1..400i32) - 1) as usize;
        out.wholesaler = n.is_multiple_of(7);
        out.visits.clear();
        for _ in 0..self.p.visits_per_customer {
            let outcome = rng.gen_range(1..=4i32);
            out.visits.push((outcome, self.now - rng.gen_range(0..180 * 86_400i64)));
        }
        // Deliveries are spread evenly over each agent's customers (every tenth of them by
        // default); a delivered customer's first order is recent, and the delivery is for it.
        let m = position_by_agent(n, self.p.customers, self.agents.len());
        let delivered = (m + 1) * self.deliveries / self.p.customers > m * self.deliveries / self.p.customers;
        let first_order = if delivered { rng.gen_range(0..=32u64) } else { rng.gen_range(0..180u64) } as usize;
        out.lines.clear();
        for k in 0..self.p.lines_per_customer {
            let product = rng.gen_range(0..PRODUCTS.len());
            let days = if k == 0 { first_order } else { rng.gen_range(0..180u64) as usize };
            out.lines.push((product, days, rng.gen_range(1..48i32)));
        }
        out.delivery = delivered.then(|| {
            // Open, delivered awaiting approval, approved, or partly delivered and rejected.
            let (status, reason, approve) = match rng.gen_range(0..20i32) {
                0..=9 => (None, None, None),
                10..=13 => (Some(2), None, Some("Pending")),
                14..=17 => (Some(2), None, Some("Approve")),
                _ => (Some(4), Some(4), Some("Reject")),
            };
            Delivery { order_days: first_order, status, reason, approve, charges: rng.gen_range(20..200i32) }
        });
    }
}

/// The four INSERTs of a customer's rows, prepared once per batch (cached by the connection).
struct Writer<'c> {
    customer: rusqlite::CachedStatement<'c>,
    visit: rusqlite::CachedStatement<'c>,
    line: rusqlite::CachedStatement<'c>,
    delivery: rusqlite::CachedStatement<'c>,
    order: String,
}

impl<'c> Writer<'c> {
    /// `visits`: where visits go (`temp.scale_visits` staged by `scale`, `main.visits` in the floor).
    fn prepare(tx: &'c Connection, visits: &str) -> rusqlite::Result<Self> {
        let visit = if visits == "main.visits" {
            "INSERT INTO main.visits (customer_id, agent_id, outcome_id, remark, visited_at, entered_by)
             VALUES (?1, ?2, ?3, 'Scale visit', ?4, ?2)"
        } else {
            "INSERT INTO temp.scale_visits (customer_id, agent_id, outcome_id, visited_at) VALUES (?1, ?2, ?3, ?4)"
        };
        Ok(Writer {
            customer: tx.prepare_cached(
                "INSERT INTO customers (buyer_id, name, mobile, address1, postal_code, city, state, country_id,
                                        latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, '560001', ?5, ?6, 1, ?7, ?8, ?9, ?10, ?10, ?11, ?11)",
            )?,
            visit: tx.prepare_cached(visit)?,
            line: tx.prepare_cached(
                "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku,
                                          qty_shipped, unit_price_paise, ds_name, fao_name, gross_paise, taxable_paise, line_total_paise)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'Scale DS', 'Scale FAO', CAST(ROUND(?7 * ?8) AS INTEGER),
                         CAST(ROUND(?7 * ?8) AS INTEGER), CAST(ROUND(?7 * ?8) AS INTEGER))",
            )?,
            delivery: tx.prepare_cached(
                "INSERT INTO deliveries (order_id, order_date, planned_delivery_date, customer_id, seller_name,
                                         logistics_charges, delivery_status_id, reason_code_id, approve_status, updated_by,
                                         updated_at, created_at)
                 VALUES (?1, ?2, date(?2, '+2 days'), ?3, ?4, ?5, ?6, ?7, ?8,
                         CASE WHEN ?6 IS NULL THEN NULL ELSE ?9 END, CASE WHEN ?6 IS NULL THEN NULL ELSE ?10 END, ?10)",
            )?,
            order: String::new(),
        })
    }

    fn write(&mut self, tx: &Connection, g: &Generator, c: &CustomerRows) -> rusqlite::Result<()> {
        let (city, state, lat, lng) = CITIES[c.city];
        let seller = SELLERS[c.seller];
        self.customer.execute(rusqlite::params![
            c.buyer,
            g.names[c.name],
            c.mobile,
            g.addresses[c.address],
            city,
            state,
            lat,
            lng,
            if c.wholesaler { "Wholesaler" } else { "Retailer" },
            c.agent,
            g.now,
        ])?;
        let id = tx.last_insert_rowid();
        for &(outcome, at) in &c.visits {
            self.visit.execute(rusqlite::params![id, c.agent, outcome, at])?;
        }
        for (k, &(product, days, qty)) in c.lines.iter().enumerate() {
            let (name, sku, _) = PRODUCTS[product];
            self.order_id(&c.buyer, k);
            self.line.execute(rusqlite::params![self.order, g.dates[days], id, seller, name, sku, f64::from(qty), g.prices[product]])?;
        }
        if let Some(d) = c.delivery {
            self.order_id(&c.buyer, 0);
            self.delivery.execute(rusqlite::params![
                self.order,
                g.dates[d.order_days],
                id,
                seller,
                f64::from(d.charges),
                d.status,
                d.reason,
                d.approve,
                c.agent,
                g.now,
            ])?;
        }
        Ok(())
    }

    /// `S<buyer>-<k>`: the buyer's `k`-th order.
    fn order_id(&mut self, buyer: &str, k: usize) {
        use std::fmt::Write;
        self.order.clear();
        self.order.push('S');
        self.order.push_str(buyer);
        let _ = write!(self.order, "-{k}");
    }
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

/// The visits gathered in `temp.scale_visits` written in time order (the order a real database
/// gets them in), then the temporary storage back in memory.
fn visits_in_time_order(conn: &mut Connection) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, visited_at, entered_by)
         SELECT customer_id, agent_id, outcome_id, 'Scale visit', visited_at, agent_id FROM temp.scale_visits
         ORDER BY visited_at;
         DROP TABLE temp.scale_visits;",
    )?;
    tx.commit()?;
    conn.execute_batch("PRAGMA temp_store = MEMORY")?;
    Ok(())
}

#[cfg(test)]
#[path = "scale_reference.rs"]
mod row_by_row;

#[cfg(test)]
mod tests {
    use super::*;

    fn migrated() -> Connection {
        let mut conn = Connection::open_in_memory().expect("in-memory database");
        crate::platform::db::migrate(&mut conn).expect("schema");
        conn
    }

    /// Every row of `table`, as text, sorted (WITHOUT ROWID tables have no rowid to order by).
    fn contents(conn: &Connection, table: &str) -> Vec<String> {
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).expect(table);
        let width = stmt.column_count();
        let mut rows: Vec<String> = stmt
            .query_map([], |r| {
                (0..width).map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}"))).collect::<Result<Vec<_>, _>>()
            })
            .expect(table)
            .map(|row| row.expect(table).join("|"))
            .collect();
        rows.sort_unstable();
        rows
    }

    fn ids(conn: &Connection, sql: &str) -> Vec<i64> {
        conn.prepare(sql).expect(sql).query_map([], |r| r.get(0)).expect(sql).collect::<Result<_, _>>().expect(sql)
    }

    #[test]
    fn the_bulk_load_writes_the_data_set_of_the_row_by_row_load() {
        let p = ScaleParams { customers: 2500, lines_per_customer: 4, visits_per_customer: 3, deliveries: 250 };
        let (now, today) = (crate::now(), crate::clock::today());
        let mut bulk = migrated();
        let summary = scale_at(&mut bulk, p, now, today, |_| {}).expect("bulk load");
        let mut rows = migrated();
        let want = row_by_row::scale_row_by_row(&mut rows, p, now, today).expect("row-by-row load");
        assert_eq!(
            (summary.users, summary.customers, summary.visits, summary.order_lines, summary.deliveries, summary.messages),
            (want.users, want.customers, want.visits, want.order_lines, want.deliveries, want.messages)
        );
        // Password hashes are salted; the accounts' times are taken as they are made.
        for conn in [&bulk, &rows] {
            conn.execute_batch("UPDATE users SET password_hash = '', created_at = 0, updated_at = 0").expect("users");
        }
        let tables = ids_of_tables(&rows);
        assert_eq!(tables, ids_of_tables(&bulk));
        let mut compared = 0;
        for table in &tables {
            // The search index's own tables are compared by the searches below; the figures
            // versions are opaque counters (compared by agent below).
            if table.starts_with("customers_fts") || table == "agent_stats_versions" {
                continue;
            }
            let (got, want) = (contents(&bulk, table), contents(&rows, table));
            assert_eq!(got.len(), want.len(), "rows of {table}");
            assert!(got == want, "{table} differs from the row-by-row load's");
            compared += usize::from(!want.is_empty());
        }
        assert!(compared >= 15, "{compared} tables with rows");
        for table in ["customers", "visits", "order_lines", "deliveries", "customer_stats", "visit_days", "work_days", "delivery_terms"] {
            assert!(!contents(&bulk, table).is_empty(), "{table} is empty");
        }
        let agents = "SELECT agent_id FROM agent_stats_versions ORDER BY agent_id";
        assert_eq!(ids(&bulk, agents), ids(&rows, agents));
        // The search index rebuilt after the load finds what the triggers' index found.
        for query in ["Lakshmi AND Kirana", "S00001*", "98*", "name:Sri name:Stores", "mobile:9123*"] {
            let sql = format!("SELECT rowid FROM customers_fts WHERE customers_fts MATCH '{query}' ORDER BY rowid");
            let found = ids(&bulk, &sql);
            assert!(!found.is_empty(), "{query}");
            assert_eq!(found, ids(&rows, &sql), "{query}");
        }
        let like = ids(&bulk, "SELECT customer_id FROM customers WHERE buyer_id LIKE 'S00001%' ORDER BY customer_id");
        assert_eq!(ids(&bulk, "SELECT rowid FROM customers_fts WHERE customers_fts MATCH 'buyer_id:S00001*' ORDER BY rowid"), like);
        // Triggers, indexes and settings are back as they were.
        let schema = "SELECT group_concat(type || name || sql, ';') FROM (SELECT * FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name)";
        let (got, want): (String, String) =
            (bulk.query_row(schema, [], |r| r.get(0)).expect("got"), rows.query_row(schema, [], |r| r.get(0)).expect("want"));
        assert_eq!(got, want);
        let foreign_keys: i64 = bulk.pragma_query_value(None, "foreign_keys", |r| r.get(0)).expect("foreign_keys");
        assert_eq!(foreign_keys, 1);
    }

    fn ids_of_tables(conn: &Connection) -> Vec<String> {
        conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .expect("tables")
            .query_map([], |r| r.get(0))
            .expect("tables")
            .collect::<Result<_, _>>()
            .expect("tables")
    }

    fn scaled(p: ScaleParams) -> (Connection, ScaleSummary) {
        let mut conn = migrated();
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
        crate::platform::db::migrate(&mut fresh).expect("schema");
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
