//! The floor under the two frequent writes (issue #39): the rows a visit save and a booking of 10
//! lines commit, and nothing else, written as fast as they go through the server's own group
//! commit (`fieldsales::platform::writer::Writer`: the same batching, checkpoints, `synchronous` setting and
//! fsync thread) into a copy of the benchmark's file (the same schema, indexes and triggers), from
//! N tasks on a multi-threaded runtime as the server's requests hand their writes over.
//!
//! What the server does besides, and the floor does not: HTTP, JSON, the session check, and the
//! reads of each write (the repeat check, the customer's scope, the outcome, the prices and usual
//! distributor on a pooled connection, the credit limit). So a call's requests/s over its floor's
//! rows/s is the share of the writer's pace the whole request keeps.
//!
//! `cargo run --release --example write_floor -- DB AGENT_EMAIL [TASKS] [SECONDS]` prints
//! `write_floor_visit_per_s`, `write_floor_order_per_s` and each one's p50/p99 in ms.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fieldsales::customers::api::{insert_visit, LocationStatus, NewVisit};
use fieldsales::orders::queries::insert_lines;
use fieldsales::orders::types::OrderLine;
use fieldsales::platform::ids::CustomerId;
use fieldsales::platform::money::Money;
use rusqlite::{named_params, OptionalExtension};

struct Customer {
    id: i64,
    agent: i64,
    distributor: i64,
    seller: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(db), Some(email)) = (args.get(1), args.get(2)) else {
        return Err("usage: write_floor DB AGENT_EMAIL [TASKS] [SECONDS]".into());
    };
    let tasks: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(128).max(1);
    let seconds: f64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(5.0);
    let db = std::path::PathBuf::from(db);

    // The agent's customers with their usual distributor (as the booking finds it), and the
    // products the benchmark books (ids 1..20), read before the clock starts.
    let conn = fieldsales::platform::db::connect(&db)?;
    let me: i64 = conn.query_row("SELECT uid FROM users WHERE email = :e", named_params! { ":e": email }, |r| r.get(0))?;
    let mut customers = Vec::new();
    {
        let mut usual = conn.prepare(
            "SELECT d.distributor_id, d.name FROM order_lines o JOIN distributors d ON d.name = o.seller_name
             WHERE o.customer_id = :c ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1",
        )?;
        let mut any = conn.prepare("SELECT distributor_id, name FROM distributors ORDER BY distributor_id LIMIT 1")?;
        let mut of_agent = conn.prepare("SELECT customer_id, agent_id FROM customers WHERE agent_id = :me ORDER BY customer_id")?;
        let rows: Vec<(i64, i64)> =
            of_agent.query_map(named_params! { ":me": me }, |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        for (id, agent) in rows {
            let (distributor, seller): (i64, String) =
                match usual.query_row(named_params! { ":c": id }, |r| Ok((r.get(0)?, r.get(1)?))).optional()? {
                    Some(found) => found,
                    None => any.query_row([], |r| Ok((r.get(0)?, r.get(1)?)))?,
                };
            customers.push(Customer { id, agent, distributor, seller });
        }
    }
    if customers.is_empty() {
        return Err(format!("{email} has no customers").into());
    }
    let products: Vec<(i64, String, Option<String>, i64)> = conn
        .prepare("SELECT product_id, name, sku, price_paise FROM products WHERE product_id BETWEEN 1 AND 20 ORDER BY product_id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, Option<i64>>(3)?.unwrap_or(100))))?
        .collect::<Result<_, _>>()?;
    if products.is_empty() {
        return Err("no products 1..20".into());
    }
    drop(conn);
    let customers = Arc::new(customers);
    let products = Arc::new(products);

    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let writer = fieldsales::platform::writer::Writer::start(&db).map_err(|e| e.to_string())?;
        let run = fieldsales::now();
        for kind in ["visit", "order"] {
            let until = Instant::now() + Duration::from_secs_f64(seconds);
            let counter = Arc::new(AtomicU64::new(0));
            let started = Instant::now();
            let handles: Vec<_> = (0..tasks)
                .map(|task| {
                    let (writer, customers, products, counter) = (writer.clone(), customers.clone(), products.clone(), counter.clone());
                    tokio::spawn(async move {
                        let mut times = Vec::new();
                        while Instant::now() < until {
                            let n = counter.fetch_add(1, Ordering::Relaxed);
                            let c = &customers[(n as usize) % customers.len()];
                            let (id, agent, distributor, seller) = (c.id, c.agent, c.distributor, c.seller.clone());
                            let asked = Instant::now();
                            // The clock is read before the hand-over, as the handlers do (not on the writer's thread).
                            let now = fieldsales::now();
                            let written = if kind == "visit" {
                                writer.write(move |tx| Ok(visit(tx, id, agent, me, n, now).map(drop)?)).await
                            } else {
                                let client = format!("floor-{run}-{task}-{n}");
                                let day = fieldsales::clock::today().format("%Y-%m-%d").to_string();
                                let items: Vec<(i64, String, Option<String>, i64, i64)> = (0..10u64)
                                    .map(|k| {
                                        let (p, name, sku, price) = &products[((n + k) as usize) % products.len()];
                                        (*p, name.clone(), sku.clone(), 1 + ((n + k) % 24) as i64, *price)
                                    })
                                    .collect();
                                let order = Order { customer: id, agent, me, distributor, seller, client, items, now, day };
                                writer.write(move |tx| Ok(booking(tx, &order)?)).await
                            };
                            if let Err(err) = written {
                                return Err(format!("{kind}: {err:?}"));
                            }
                            times.push(asked.elapsed().as_secs_f64() * 1000.0);
                        }
                        Ok(times)
                    })
                })
                .collect();
            let mut times = Vec::new();
            for handle in handles {
                times.extend(handle.await.map_err(|e| e.to_string())??);
            }
            let elapsed = started.elapsed().as_secs_f64();
            times.sort_by(f64::total_cmp);
            let at = |q: f64| times.get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1))).copied().unwrap_or(0.0);
            println!("write_floor_{kind}_per_s={:.0}", times.len() as f64 / elapsed);
            println!("write_floor_{kind}_p50_ms={:.3}", at(0.5));
            println!("write_floor_{kind}_p99_ms={:.3}", at(0.99));
            // A quiet second and a half: the writer's statistics (FIELDSALES_WRITE_STATS) of this kind
            // are written on their own line.
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
        println!("write_floor_tasks={tasks}");
        Ok::<(), String>(())
    })?;
    Ok(())
}

/// The row a visit save of the benchmark writes (bench/customer.lua: no position, no clientId),
/// with the server's own statement.
fn visit(tx: &rusqlite::Connection, customer: i64, agent: i64, me: i64, n: u64, now: i64) -> rusqlite::Result<usize> {
    insert_visit(
        tx,
        &NewVisit {
            customer,
            agent,
            outcome: (n % 4 + 1) as i64,
            remark: Some("bench visit"),
            latitude: None,
            longitude: None,
            visited_at: now,
            entered_by: me,
            client_id: None,
            device_time: None,
            received_at: now,
            accuracy: None,
            distance_m: None,
            status: LocationStatus::NoLocation,
        },
    )
}

/// The rows a booking of the benchmark writes (bench/order.lua: 10 lines, no visit): the order and
/// its lines, with the server's own statements (`orders::queries::book`; the lines through its
/// `insert_lines`).
struct Order {
    customer: i64,
    agent: i64,
    me: i64,
    distributor: i64,
    seller: String,
    client: String,
    items: Vec<(i64, String, Option<String>, i64, i64)>,
    now: i64,
    day: String,
}

fn booking(tx: &rusqlite::Connection, order: &Order) -> rusqlite::Result<()> {
    let Order { customer, agent, me, distributor, seller, client, items, now, day } = order;
    let total: i64 = items.iter().map(|(_, _, _, qty, price)| qty * price).sum();
    tx.prepare_cached(
        "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, client_id, remark, order_date, total_paise, created_at,
                             line_count, credit_hold, held_reason)
         VALUES (:c, :agent, :me, :d, :client, :remark, :date, :total, :now, :lines, :hold, :reason)
         ON CONFLICT (booked_by, client_id) WHERE client_id IS NOT NULL DO NOTHING",
    )?
    .execute(named_params! {
        ":c": customer, ":agent": agent, ":me": me, ":d": distributor, ":client": client,
        ":remark": None::<String>, ":date": day, ":total": total, ":now": now, ":lines": items.len() as i64,
        ":hold": None::<String>, ":reason": None::<String>,
    })?;
    let number = format!("APP{:06}", tx.last_insert_rowid());
    let lines: Vec<OrderLine> = items
        .iter()
        .map(|(product_id, name, sku, quantity, price)| {
            let amount = Money::from_paise(quantity * price);
            OrderLine {
                product_id: *product_id,
                product_name: name.clone(),
                sku: sku.clone(),
                quantity: *quantity,
                unit_price: Money::from_paise(*price),
                gross: amount,
                discount: Money::from_paise(0),
                taxable: amount,
                gst_rate_bp: 0,
                cgst: Money::from_paise(0),
                sgst: Money::from_paise(0),
                igst: Money::from_paise(0),
                line_total: amount,
                schemes: Vec::new(),
            }
        })
        .collect();
    insert_lines(tx, &number, day, CustomerId(*customer), seller, &lines)?;
    Ok(())
}
