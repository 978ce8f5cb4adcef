//! A manager's landing on a cache miss for every agent, through the server's own code
//! (`buckets::queries::landing` with an empty `LandingCache`, over a pooled connection with the
//! server's settings): what the first landing of the day costs a team.
//! `cargo run --release --example landing_miss -- <db> <manager e-mail> N` prints its p50, p99, mean.

use std::path::Path;
use std::time::Instant;

use fieldsales::buckets::queries::stats::LandingCache;
use fieldsales::buckets::queries::{self, Windows};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (db, manager) = (args.next().ok_or("usage: landing_miss <db> <manager e-mail> [N]")?, args.next().ok_or("no manager")?);
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20).max(1);
    let pool = fieldsales::platform::db::open_pool(Path::new(&db))?;
    let conn = pool.get()?;
    let manager: i64 = conn.query_row("SELECT uid FROM users WHERE email = ?1", [&manager], |r| r.get(0))?;
    let scope = fieldsales::platform::scope::Scope::Team { manager: fieldsales::platform::ids::UserId(manager) };
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let cache = LandingCache::default();
        let started = Instant::now();
        queries::landing(&conn, &cache, scope, Windows { today: fieldsales::clock::today() })?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!("landing_miss_p50_ms={:.3}", times[n / 2]);
    println!("landing_miss_p99_ms={:.3}", times[((n as f64 * 0.99) as usize).min(n - 1)]);
    println!("landing_miss_mean_ms={:.3}", times.iter().sum::<f64>() / n as f64);
    Ok(())
}
