//! The floor under sign-in: one argon2id verification with the server's parameters
//! (`fieldsales::auth::password`), single-threaded. `cargo run --release --example hash_floor -- N`
//! prints the p50, p99 and mean of N verifications.

use std::time::Instant;

use fieldsales::auth::password;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(20).max(1);
    let stored = password::hash(fieldsales::app::seed::DEMO_PASSWORD).map_err(|e| e.to_string())?;
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let started = Instant::now();
        if !password::verify(fieldsales::app::seed::DEMO_PASSWORD, &stored) {
            return Err("the password did not verify".into());
        }
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!("floor_signin_p50_ms={:.3}", times[n / 2]);
    println!("floor_signin_p99_ms={:.3}", times[((n as f64 * 0.99) as usize).min(n - 1)]);
    println!("floor_signin_mean_ms={:.3}", times.iter().sum::<f64>() / n as f64);
    Ok(())
}
