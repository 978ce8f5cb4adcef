//! The floor under `fieldsales seed --scale` (issue #39): the same rows the seed writes, generated
//! beforehand a batch at a time, written by bare reused INSERTs into the same tables of a new
//! database (migrated, stripped of the bulk tables' triggers and secondary indexes as the seed
//! strips them, no journal), timed over the writes alone: SQLite's own pace for these rows. The
//! seed's rows/s over this is the figure that travels (bench/seed.sh prints both).
//! `cargo run --release --example seed_floor -- <new db file> CUSTOMERS [LINES VISITS DELIVERIES]`

use std::path::Path;

use fieldsales::app::seed::{scale_floor, ScaleParams};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let db = args.next().ok_or("usage: seed_floor <new db file> CUSTOMERS [LINES VISITS DELIVERIES]")?;
    let customers: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let mut p = ScaleParams::new(customers);
    if let Some(lines) = args.next().and_then(|n| n.parse().ok()) {
        p.lines_per_customer = lines;
    }
    if let Some(visits) = args.next().and_then(|n| n.parse().ok()) {
        p.visits_per_customer = visits;
    }
    if let Some(deliveries) = args.next().and_then(|n| n.parse().ok()) {
        p.deliveries = deliveries;
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
    // Made and migrated as the seed's is, then written over one connection of the pool's
    // settings, alone on the file (as `fieldsales seed --scale` does, so no journal).
    let pool = fieldsales::platform::db::open_pool(Path::new(&db))?;
    fieldsales::platform::db::migrate(&mut *pool.get()?)?;
    drop(pool);
    let mut conn = fieldsales::platform::db::connect(Path::new(&db))?;
    let (rows, secs, cpu) = scale_floor(&mut conn, p)?;
    println!("seed_floor_rows={rows}");
    println!("seed_floor_secs={secs:.2}");
    println!("seed_floor_cpu_s={cpu:.2}");
    println!("seed_floor_rows_per_s={:.0}", rows as f64 / secs.max(1e-9));
    Ok(())
}
