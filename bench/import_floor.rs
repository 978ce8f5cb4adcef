//! The floor under the import: the customer kind's own writes (`uploads::kinds::CUSTOMER.apply`,
//! the server's code and SQL) for N new customers in one transaction, with the search index and
//! the summary rows deferred and written as the import does, over a pooled connection with the
//! server's settings; no workbook is parsed, no cell checked, no result written. The rows are
//! those of bench/import.sh's workbook. What is left is SQLite's work: the row, its indexes, the
//! triggers, the search index and the summary rows.
//! `cargo run --release --example import_floor -- <db seeded as bench/import.sh's> N`

use std::path::Path;
use std::time::Instant;

use fieldsales::buckets::queries::stats;
use fieldsales::customers::queries::search_index;
use fieldsales::uploads::kinds::{Context, CUSTOMER};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let db = args.next().ok_or("usage: import_floor <db> N")?;
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let pool = fieldsales::platform::db::open_pool(Path::new(&db))?;
    let mut conn = pool.get()?;
    let uploader: i64 = conn.query_row("SELECT uid FROM users WHERE user_type_id = 1 ORDER BY uid LIMIT 1", [], |r| r.get(0))?;
    let ctx = Context::new(uploader, None);
    let rows: Vec<Vec<String>> = (0..n)
        .map(|i| {
            let cells = [
                format!("I{i:07}"),
                format!("Import Store {i}"),
                format!("9{i:09}"),
                String::new(),
                format!("{} Main Road", i % 400),
                String::new(),
                "560001".into(),
                "Bengaluru".into(),
                "Karnataka".into(),
                "India".into(),
                String::new(),
                "12.97".into(),
                "77.59".into(),
                "Retailer".into(),
                format!("agent{}@scale.test", i % 200 + 1),
            ];
            cells.to_vec()
        })
        .collect();
    // An experiment's page cache (KiB), as `PRAGMA cache_size = -N` (the pool's is 16,000).
    if let Some(kib) = std::env::var("IMPORT_FLOOR_CACHE_KIB").ok().and_then(|v| v.parse::<i64>().ok()) {
        conn.pragma_update(None, "cache_size", -kib)?;
    }
    let started = Instant::now();
    // Each step's CPU seconds on this thread: a machine shared with other work stretches the
    // wall time of each step unevenly.
    let mut clock = cpu_secs();
    let mut step = |name: &str| {
        let now = cpu_secs();
        let secs = now - clock;
        clock = now;
        format!("{name} {secs:.3} s")
    };
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    search_index::defer(&tx)?;
    stats::defer_added(&tx)?;
    for cells in &rows {
        (CUSTOMER.apply)(&tx, cells, &ctx).map_err(|p| p.to_string())?;
    }
    let mut steps = vec![step("rows")];
    search_index::flush(&tx)?;
    steps.push(step("search index"));
    stats::summarize_added(&tx)?;
    steps.push(step("summary"));
    tx.commit()?;
    steps.push(step("commit"));
    println!("import_sql_floor_rows_per_s={:.0}", n as f64 / started.elapsed().as_secs_f64());
    // Where the floor's time goes, for the record (stderr: not a figure of the report).
    eprintln!("import_sql_floor_cpu_steps: {}", steps.join(", "));
    Ok(())
}

/// CPU seconds this thread has run (`/proc/thread-self/schedstat`; 0 where there is none).
fn cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()))
        .map_or(0.0, |ns| ns / 1e9)
}
