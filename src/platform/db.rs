//! The SQLite file: connection pool, pragmas and schema migration.
//!
//! `synchronous = FULL`: in WAL mode every commit is fsynced, so a write the API acknowledged
//! survives a power cut, not only a process crash (NORMAL). The write rate of a field-sales team
//! is small, so the extra fsync per commit costs nothing users notice. (The group-commit writer
//! commits with NORMAL and fsyncs the WAL itself before it answers: `writer`.)

use std::cell::Cell;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::hooks::Action;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

pub type Pool = r2d2::Pool<Connections>;

/// The pool's connections to the file, each opened with `configure`; one handed back by
/// `close_idle` is closed instead of kept.
#[derive(Debug)]
pub struct Connections(SqliteConnectionManager);

thread_local! {
    /// Set by `close_idle` on its own thread while it hands the pool's unused connections back.
    static CLOSING: Cell<bool> = const { Cell::new(false) };
}

impl r2d2::ManageConnection for Connections {
    type Connection = Connection;
    type Error = rusqlite::Error;

    fn connect(&self) -> rusqlite::Result<Connection> {
        self.0.connect()
    }

    fn is_valid(&self, conn: &mut Connection) -> rusqlite::Result<()> {
        self.0.is_valid(conn)
    }

    /// r2d2 asks on the thread that hands a connection back, so only `close_idle`'s are closed.
    fn has_broken(&self, _: &mut Connection) -> bool {
        CLOSING.get()
    }
}

/// The pool's connections not in use, checked out (none opened anew).
fn idle_connections(pool: &Pool) -> Vec<r2d2::PooledConnection<Connections>> {
    std::iter::from_fn(|| pool.try_get()).take(POOL_SIZE as usize).collect()
}

/// Gives back what the pool's connections not in use hold beyond their schema: their page caches
/// (`PRAGMA shrink_memory`) and the statements the load prepared (up to 64 per connection, some
/// tens of KB each), prepared again by the next request that runs them.
pub fn shrink_idle(pool: &Pool) {
    for conn in idle_connections(pool) {
        let _ = conn.execute_batch("PRAGMA shrink_memory");
        conn.flush_prepared_statement_cache();
    }
}

/// Closes the pool's connections not in use (the next request opens one again); returns how
/// many. Each keeps its own parsed schema and what is left of its caches (some 400 KB) that no
/// trim gives back, and r2d2's own look for connections idle for `POOL_IDLE` comes every 30 s
/// from the pool's start, so it may come a minute after the last request (issue #56).
pub fn close_idle(pool: &Pool) -> usize {
    let idle = idle_connections(pool);
    let closed = idle.len();
    CLOSING.set(true);
    drop(idle);
    CLOSING.set(false);
    closed
}

/// The schema version `schema.sql` describes. Bump it with each upgrade step below.
pub const SCHEMA_VERSION: i64 = 42;

/// How long a writer waits for another writer before giving up with "busy" (a 503). Writes take
/// milliseconds, so only an outside holder (a `sqlite3` shell, a long import) waits this long;
/// 30 s rides out such a holder of 10 s or more, the pool's wait below covers the queue behind it.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a request waits for a pooled connection: longer than `BUSY_TIMEOUT`, so the requests
/// queued behind 8 waiting writers are served once the lock goes rather than turned away.
pub const POOL_TIMEOUT: Duration = Duration::from_secs(60);

/// Connections in the pool. Requests queue for them in `AppState::db`.
pub const POOL_SIZE: u32 = 8;

/// How long a pooled connection may stay unused before it is closed (see `open_pool`).
const POOL_IDLE: Duration = Duration::from_secs(20);

/// The most all of SQLite's memory in the process may hold before its page caches recycle their
/// least recently used pages instead of growing (`PRAGMA soft_heap_limit`, process-wide): each
/// connection may keep 16 MiB of pages (`configure`), which for the pool, the writer and the
/// checkpointer together is 160 MiB after a long mixed load; the pages come back from the
/// kernel's page cache when read again (issue #56, decision 52).
pub const SQLITE_HEAP_LIMIT: i64 = 64 * 1024 * 1024;

/// Upgrade steps from version N-1 to N, in order; `schema.sql` already holds all of them.
const UPGRADES: &[(i64, &str)] = &[
    // The per-customer dashboard summary and its triggers, filled from the existing history.
    (2, include_str!("../buckets/stats_upgrade.sql")),
    // Check-in columns of visits, removals for the offline copy, proposed shop positions.
    (3, include_str!("../customers/checkin_upgrade.sql")),
    // Order booking: catalogue columns, distributor mail, booked orders, the order-line delete trigger.
    (4, include_str!("../orders/orders_upgrade.sql")),
    // Beat plans: beats, their dated weekdays and customers.
    (5, include_str!("../beats/beats_upgrade.sql")),
    // The previous order month in the dashboard summary.
    (6, include_str!("../buckets/prev_month_upgrade.sql")),
    // The delivery search's index of suggested values.
    (7, include_str!("../deliveries/search_upgrade.sql")),
    // The customer search index written once per bulk write.
    (8, include_str!("../customers/search_index_upgrade.sql")),
    // Beat changes raise their agent's figures version (the landing caches the plan tiles).
    (9, include_str!("../beats/versions_upgrade.sql")),
    // The visits' summary per agent, day and customer that the day plan and its tiles read.
    (10, concat!(include_str!("../beats/visit_days_upgrade.sql"), include_str!("../beats/visit_days_fill.sql"))),
    // The partial index of productive visits' orders (the landing's count per agent).
    (11, include_str!("../buckets/productive_upgrade.sql")),
    // A customer's order lines by date with their product and quantity (Must Sell, the top seller).
    (12, include_str!("../customers/order_lines_index_upgrade.sql")),
    // An order line rewrites its customer's summary only when it changes it; orders raise versions.
    (13, include_str!("../buckets/order_versions_upgrade.sql")),
    // Whatever a bucket page row shows raises its owner's version (the server keeps whole pages).
    (14, include_str!("../buckets/page_versions_upgrade.sql")),
    // The WITHOUT ROWID tables a signed-in user is read from move a counter the update hook sees.
    (15, include_str!("../auth/session_changes_upgrade.sql")),
    // The customer search index without a copy of its text or the unused owner; no mobile index.
    (16, include_str!("../customers/search_index_slim_upgrade.sql")),
    // A booked order applies itself to its customer's summary once, not once per line.
    (17, include_str!("../buckets/booking_summary_upgrade.sql")),
    // A booked order's lines kept once, in order_lines; a cancelled order's in cancelled_lines.
    (18, include_str!("../orders/lines_once_upgrade.sql")),
    // A product's lines indexed by seller too: each seller's latest line in a few seeks.
    (19, include_str!("../customers/price_index_upgrade.sql")),
    // An upload writes the summary rows of the customers it adds once, not by a trigger per row.
    (20, include_str!("../buckets/stats_deferred_upgrade.sql")),
    // Security, second round: wrong passwords lock an account for a while; an impersonated session
    // names the session that opened it; a position an agent types is a proposal without a visit,
    // naming who proposed it.
    (21, concat!(include_str!("../auth/lockout_upgrade.sql"), include_str!("../customers/typed_proposals_upgrade.sql"))),
    // Every upload recorded with its counts (the home's uploads with errors).
    (22, include_str!("../uploads/history_upgrade.sql")),
    // Money exact: prices and totals in INTEGER paise columns (`*_paise`, `crate::platform::money`).
    (23, include_str!("../orders/money_upgrade.sql")),
    // A user's language (`users.locale`, NULL: the company's), part of the signed-in user.
    (24, include_str!("../auth/locale_upgrade.sql")),
    // Visit photos, the working day, collections and credit limits (issues #37, #38).
    (
        25,
        concat!(
            include_str!("../photos/photos_upgrade.sql"),
            include_str!("../attendance/attendance_upgrade.sql"),
            include_str!("../collections/collections_upgrade.sql")
        ),
    ),
    // A working day starts by itself at the agent's first visit or order (issue #37).
    (26, include_str!("../attendance/autostart_upgrade.sql")),
    // A tap that arrives late or for a day already past is a claim, flagged (issue #49).
    (28, include_str!("../attendance/claims_upgrade.sql")),
    // A failed-login lock per account and client address, and the administrators' alert (issue #49).
    (29, include_str!("../auth/lock_per_client_upgrade.sql")),
    // A payment far above what its customer owed waits for a manager's approval (issue #49).
    (31, include_str!("../collections/approval_upgrade.sql")),
    // Customers by name, for uploads mapped from another program's export (issue #50).
    (32, include_str!("../customers/name_index_upgrade.sql")),
    // An import in short pieces, and how far it got (issue #50).
    (33, include_str!("../uploads/progress_upgrade.sql")),
    // GST on products and parties, and trade schemes kept as versions (issue #52).
    (34, include_str!("../schemes/schemes_upgrade.sql")),
    // Photos like another, by that other: a prune in pieces (issue #50).
    (36, include_str!("../photos/similar_index_upgrade.sql")),
    // Targets per agent, month and measure, holidays and incentive slabs (issue #53).
    (37, include_str!("../targets/targets_upgrade.sql")),
    // The customer search index merged in bounded steps, not inside the writes (issue #50).
    (38, include_str!("../customers/search_merge_upgrade.sql")),
    // Shelf counts, returns as credits, new shops proposed by agents (issue #54).
    (39, include_str!("../returns/returns_upgrade.sql")),
    // The credit hold's reason kept as a code and amounts in paise, worded where shown (issue #51).
    (40, include_str!("../orders/held_reason_upgrade.sql")),
    // A new shop's photo, and visits (without an order) that wait for a pending shop (issue #54).
    (41, include_str!("../returns/shop_photo_visits_upgrade.sql")),
    // Each customer's latest order line in their summary: the usual distributor in one read (issue #56).
    (42, include_str!("../buckets/latest_line_upgrade.sql")),
];

/// The tables a signed-in user is read from (`auth::session`), as SQLite's update hook sees them:
/// the rights, and the counter that the triggers of their session, their user row and their
/// type's rights move (sessions and rights of types have no rowid, which the hook needs; a user
/// row changes on every sign-in, so only the columns a signed-in user is read from move it).
const SESSION_TABLES: [&str; 2] = ["rights", "session_table_changes"];

/// Moves with every change to `SESSION_TABLES` by this process: once as a row changes, and once
/// more when the work that changed it has ended (`settle_session_changes`, after its commit), so
/// that a user read from a snapshot taken between the two is not kept either.
static SESSION_GENERATION: AtomicU64 = AtomicU64::new(0);

/// The tables whose changes by this process the kept answers of read-mostly screens watch
/// (`platform::answers`), as SQLite's update hook names them: what targets are achieved from, and
/// what the Collections, Attendance, Returns and Photos lists read.
pub const WATCHED_TABLES: [&str; 15] = [
    "orders",
    "visits",
    "payments",
    "targets",
    "holidays",
    "incentive_slabs",
    "users",
    "returns",
    "outlet_proposals",
    "customers",
    "work_days",
    "visit_photos",
    "invoices",
    "payment_allocations",
    "return_lines",
];

/// One generation per table of `WATCHED_TABLES`, moved with every change to it by this process,
/// twice as `SESSION_GENERATION` does.
static WATCHED_GENERATIONS: [AtomicU64; WATCHED_TABLES.len()] = [const { AtomicU64::new(0) }; WATCHED_TABLES.len()];

thread_local! {
    /// Whether the work running on this thread changed a session table since it was last settled.
    static SESSION_TABLES_CHANGED: Cell<bool> = const { Cell::new(false) };
    /// Which of `WATCHED_TABLES` it changed (a bit each, by their place).
    static WATCHED_TABLES_CHANGED: Cell<u32> = const { Cell::new(0) };
}

/// A number that moves whenever one of `tables` (of `WATCHED_TABLES`) is changed by this process:
/// the sum of their generations, each only ever growing.
pub fn generation(tables: &[&str]) -> u64 {
    tables
        .iter()
        .filter_map(|table| WATCHED_TABLES.iter().position(|watched| watched == table))
        .map(|i| WATCHED_GENERATIONS[i].load(Ordering::Acquire))
        .sum()
}

/// The current generation of the session tables (see `SESSION_GENERATION`).
pub fn session_generation() -> u64 {
    SESSION_GENERATION.load(Ordering::Acquire)
}

/// Call when the work on this thread has committed or rolled back: moves the generation again if
/// that work changed a session table.
pub fn settle_session_changes() {
    if SESSION_TABLES_CHANGED.with(|changed| changed.replace(false)) {
        SESSION_GENERATION.fetch_add(1, Ordering::AcqRel);
    }
    let changed = WATCHED_TABLES_CHANGED.with(|changed| changed.replace(0));
    for (i, generation) in WATCHED_GENERATIONS.iter().enumerate() {
        if changed & (1 << i) != 0 {
            generation.fetch_add(1, Ordering::AcqRel);
        }
    }
}

/// Settles the session changes of the work on this thread when dropped, so also when that work
/// panics (see [`settle_session_changes`]).
pub struct SettleSessionChanges;

impl Drop for SettleSessionChanges {
    fn drop(&mut self) {
        settle_session_changes();
    }
}

/// Per-connection settings. (WAL is a property of the file, set once in `open_pool`.)
fn configure(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // distance_m(lat1, lng1, lat2, lng2), for the attendance report.
    crate::platform::geo::register_sql_functions(conn)?;
    // Every change of a session table by this connection, by a trigger too.
    conn.update_hook(Some(|_: Action, _: &str, table: &str, _: i64| {
        if SESSION_TABLES.contains(&table) {
            SESSION_GENERATION.fetch_add(1, Ordering::AcqRel);
            SESSION_TABLES_CHANGED.with(|changed| changed.set(true));
        }
        if let Some(i) = WATCHED_TABLES.iter().position(|watched| *watched == table) {
            WATCHED_GENERATIONS[i].fetch_add(1, Ordering::AcqRel);
            WATCHED_TABLES_CHANGED.with(|changed| changed.set(changed.get() | 1 << i));
        }
    }));
    // Plans never depend on bound values (the query planner stability guarantee). Without it a
    // statement with `LIMIT :n`, `x LIKE :p` or a parameter compared with a partial index's
    // condition is marked to be planned again whenever that parameter is bound, i.e. on every
    // execution: the cached statements of the visit screen, the bucket walks and the searches were
    // parsed and planned anew on each request (6% of the visit screen's CPU). Their plans do not
    // need the values: searches filter the caller's own index range, limits are small.
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    // Handlers prepare each statement once per connection (`prepare_cached`); the default 16
    // slots are fewer than the hot statements of the customer and dashboard screens.
    conn.set_prepared_statement_cache_capacity(64);
    // 16 MiB of page cache per connection, filled only as pages are read. No memory map: mapped
    // pages of a multi-gigabyte file count in the process's resident memory (285 MB idle, 2.3 GB
    // under load at a million customers), and the kernel's page cache serves the reads anyway.
    // Temporary data in memory: statement journals in files made imports 30% slower, and the big
    // sorts (Best Sellers at a million customers) stay within a few MB.
    conn.execute_batch(
        "PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA temp_store = MEMORY;
         PRAGMA cache_size = -16000;",
    )
}

/// One connection with the pool's settings, outside the pool (for a thread that keeps it).
pub fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let mut conn = Connection::open(path)?;
    configure(&mut conn)?;
    Ok(conn)
}

/// Opens (creating if needed) the database file and its folder, with a pool of connections.
pub fn open_pool(path: &Path) -> anyhow::Result<Pool> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // Switch the file to WAL once, before the pool opens its connections side by side.
    let conn = Connection::open(path).with_context(|| format!("opening database {}", path.display()))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "soft_heap_limit", SQLITE_HEAP_LIMIT)?;
    drop(conn);
    let manager = Connections(SqliteConnectionManager::file(path).with_init(configure));
    r2d2::Pool::builder()
        .max_size(POOL_SIZE)
        // Connections open as the load needs them and close after a quiet while: each holds its
        // own copy of the parsed schema and what is left of its caches (some 400 KB), which the
        // idle trims (`memory::trim_when_idle`) cannot give back: they close them (`close_idle`)
        // once the server has been quiet a while, and r2d2 closes one unused for `POOL_IDLE`.
        // The next request opens one again, and reads the schema on its first statement.
        .min_idle(Some(0))
        .idle_timeout(Some(POOL_IDLE))
        // A connection to a local file does not go stale: no test query before every request.
        .test_on_check_out(false)
        .connection_timeout(POOL_TIMEOUT)
        .build(manager)
        .with_context(|| format!("opening database {}", path.display()))
}

/// `path` with `suffix` appended to its file name (`fieldsales.db` -> `fieldsales.db-wal`).
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Takes the exclusive lock (`<db>.lock`) that a running `serve` holds for its lifetime, so a
/// second server or a `restore` on the same database refuses to start. The OS releases the lock
/// when the process ends, however it ends. Keep the returned file open while the lock is needed.
pub fn lock(path: &Path) -> anyhow::Result<File> {
    let lock_path = sibling(path, ".lock");
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("opening the lock file {}", lock_path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => anyhow::bail!(
            "the database {} is in use by a running fieldsales server (it holds {}); stop the server first",
            path.display(),
            lock_path.display()
        ),
        Err(TryLockError::Error(err)) => Err(anyhow::Error::new(err).context(format!("locking {}", lock_path.display()))),
    }
}

/// What `migrate` did.
#[derive(Debug, PartialEq, Eq)]
pub enum Migration {
    Created,
    Upgraded { from: i64 },
    UpToDate,
}

/// A new in-memory database of the current schema with the steps of SQLite's plan for `sql` under
/// `params` (each step's text, as `EXPLAIN QUERY PLAN` gives it): the tests that keep a query a seek.
#[cfg(test)]
pub fn query_plan(sql: &str, params: impl rusqlite::Params) -> Vec<String> {
    let mut conn = Connection::open_in_memory().unwrap();
    migrate(&mut conn).unwrap();
    let mut plan = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let steps = plan.query_map(params, |r| r.get(3)).unwrap().collect::<Result<_, _>>().unwrap();
    steps
}

/// Brings the database to `SCHEMA_VERSION` in one transaction; safe to run any number of times.
pub fn migrate(conn: &mut Connection) -> anyhow::Result<Migration> {
    // An upgrade step may index millions of rows: its sort spills to a temporary file rather than
    // memory (step 12 peaked at 836 MB in memory on the 10-million-line benchmark file).
    let temp_store: i64 = conn.pragma_query_value(None, "temp_store", |r| r.get(0))?;
    conn.pragma_update(None, "temp_store", "FILE")?;
    let migrated = migrate_in(conn);
    conn.pragma_update(None, "temp_store", temp_store)?;
    migrated
}

fn migrate_in(conn: &mut Connection) -> anyhow::Result<Migration> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        anyhow::bail!(
            "the database has schema version {version}, newer than this program's {SCHEMA_VERSION}; \
             use a newer fieldsales"
        );
    }
    let has_tables: bool =
        tx.query_row("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'", [], |_| Ok(true)).optional()?.unwrap_or(false);
    let outcome = if !has_tables {
        tx.execute_batch(include_str!("../../schema.sql"))?;
        Migration::Created
    } else if version < SCHEMA_VERSION {
        for (_, sql) in UPGRADES.iter().filter(|(to, _)| *to > version) {
            tx.execute_batch(sql)?;
        }
        Migration::Upgraded { from: version }
    } else {
        Migration::UpToDate
    };
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(outcome)
}

/// Stores a value of the `settings` table, replacing the one there.
pub fn store_setting(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        rusqlite::named_params! { ":key": key, ":value": value },
    )?;
    Ok(())
}

/// A value of the `settings` table.
pub fn setting(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM settings WHERE key = :key", &[(":key", key)], |r| r.get(0)).optional()
}

/// Stores `value` under `key` unless the key exists; returns the value that is stored.
pub fn setting_or_insert(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<String> {
    conn.execute(
        "INSERT OR IGNORE INTO settings (key, value) VALUES (:key, :value)",
        rusqlite::named_params! { ":key": key, ":value": value },
    )?;
    conn.query_row("SELECT value FROM settings WHERE key = :key", &[(":key", key)], |r| r.get(0))
}

/// SQLite refuses named parameters a statement does not use: keep only those `stmt` has (asked
/// of the prepared statement, so statements built from parts share one parameter list).
pub fn only_used<'a>(
    stmt: &rusqlite::Statement<'_>,
    params: Vec<(&'static str, &'a dyn rusqlite::ToSql)>,
) -> rusqlite::Result<Vec<(&'static str, &'a dyn rusqlite::ToSql)>> {
    let mut kept = Vec::with_capacity(params.len());
    for (name, value) in params {
        if stmt.parameter_index(name)?.is_some() {
            kept.push((name, value));
        }
    }
    Ok(kept)
}

/// Litestream's state beside a database it replicates: `.<name>-litestream` (0.5) or
/// `<name>-litestream` (0.3).
pub fn litestream_state(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    [format!(".{name}-litestream"), format!("{name}-litestream")]
        .into_iter()
        .map(|state| path.with_file_name(state))
        .find(|state| state.is_dir())
}

/// What would keep Litestream from replicating this database, for `serve` to warn about at start.
/// fieldsales itself keeps WAL on, a busy timeout on every connection, and never checkpoints with
/// TRUNCATE or RESTART (which would pull the WAL from under Litestream's read lock).
pub fn replication_warnings(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut warnings = Vec::new();
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        warnings.push(format!(
            "the database is in journal mode {mode}, not WAL (is it on a network file system?): Litestream cannot replicate it"
        ));
    }
    let timeout: i64 = conn.pragma_query_value(None, "busy_timeout", |r| r.get(0))?;
    if timeout <= 0 {
        warnings.push("no busy timeout: writes would fail while Litestream checkpoints".into());
    }
    let autocheckpoint: i64 = conn.pragma_query_value(None, "wal_autocheckpoint", |r| r.get(0))?;
    if autocheckpoint <= 0 {
        warnings.push("automatic WAL checkpoints are off: without Litestream running the WAL grows without bound".into());
    }
    Ok(warnings)
}

crate::messages! {
    RECORD_NOT_FOUND = "record_not_found": "The record was not found.";
}

/// Whether the database answers (the health check).
pub fn ping(conn: &Connection) -> rusqlite::Result<()> {
    conn.query_row("SELECT 1", [], |r| r.get::<_, i64>(0)).map(|_| ())
}

/// After an UPDATE or DELETE: no row changed means the id does not exist (or is retired).
pub fn updated(rows: usize) -> crate::platform::error::AppResult<()> {
    match rows {
        0 => Err(crate::platform::error::AppError::not_found(RECORD_NOT_FOUND)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_idle_closes_the_unused_connections_and_keeps_those_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let pool = open_pool(&dir.path().join("f.db")).unwrap();
        let (in_use, unused) = (pool.get().unwrap(), pool.get().unwrap());
        drop(unused);
        assert_eq!((pool.state().connections, pool.state().idle_connections), (2, 1));
        assert_eq!(close_idle(&pool), 1);
        assert_eq!((pool.state().connections, pool.state().idle_connections), (1, 0));
        // One handed back by a request afterwards is kept, and the pool opens others as needed.
        drop(in_use);
        assert_eq!((pool.state().connections, pool.state().idle_connections), (1, 1));
        let again: Vec<_> = (0..3).map(|_| pool.get().unwrap()).collect();
        assert_eq!(again[2].query_row("SELECT 1", [], |r| r.get::<_, i64>(0)).unwrap(), 1);
        assert_eq!(pool.state().connections, 3);
    }

    #[test]
    fn serve_warns_about_what_keeps_litestream_from_replicating() {
        let memory = Connection::open_in_memory().unwrap();
        memory.busy_timeout(Duration::ZERO).unwrap();
        let warnings = replication_warnings(&memory).unwrap();
        assert!(warnings.iter().any(|w| w.contains("journal mode memory, not WAL")), "{warnings:?}");
        assert!(warnings.iter().any(|w| w.contains("no busy timeout")), "{warnings:?}");

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.db");
        let pool = open_pool(&path).unwrap();
        assert_eq!(replication_warnings(&pool.get().unwrap()).unwrap(), Vec::<String>::new());
        assert_eq!(litestream_state(&path), None);
        std::fs::create_dir(dir.path().join(".f.db-litestream")).unwrap();
        assert_eq!(litestream_state(&path), Some(dir.path().join(".f.db-litestream")));
    }
}
