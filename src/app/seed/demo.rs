//! The demo company: six users, 2,400 customers with six months of visits and orders,
//! deliveries in every state, masters, orders booked in the app and a beat a weekday per agent.
//! Deterministic: each part draws from its own seeded generator, so adding a part leaves the
//! others as they were.

use anyhow::Context;
use rusqlite::{named_params, Connection, TransactionBehavior};

use super::material::*;
use crate::auth::accounts;
use crate::auth::password;
use crate::auth::types::NewAccount;
use crate::platform::money::Money;
use crate::platform::rights::UserType;

/// What `demo` created.
#[derive(Debug, Default)]
pub struct DemoSummary {
    pub users: usize,
    pub customers: usize,
    pub visits: usize,
    pub order_lines: usize,
}

/// Adds the demo company unless its administrator already exists. Deterministic: the same
/// data every time.
pub fn demo(conn: &mut Connection) -> anyhow::Result<DemoSummary> {
    reference(conn)?;
    if crate::auth::queries::find_account(conn, "admin@demo.test", None)?.is_some() {
        return Ok(DemoSummary::default());
    }
    // Tens of thousands of rows in one transaction: in a company's live database that would hold
    // every agent's saves for seconds (issue #50), and mix invented customers with real ones.
    if crate::auth::queries::any_users(conn)? {
        anyhow::bail!("the demo company goes into a new database only; this one has users already");
    }
    // One hash for all demo users: they share a published password anyway.
    let hash = password::hash(DEMO_PASSWORD)?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut summary = DemoSummary::default();
    let mut add = |email: &str, name: &str, user_type: UserType, country: Option<i64>, manager: Option<i64>| {
        summary.users += 1;
        accounts::create(
            &tx,
            &NewAccount {
                email,
                name,
                user_type,
                country_id: country,
                manager_id: manager,
                password_hash: &hash,
                force_password_update: false,
            },
        )
        .with_context(|| format!("creating demo user {email}"))
    };
    add("admin@demo.test", "Asha Admin", UserType::Administrator, None, None)?;
    let am = add("am@demo.test", "Meera Nair", UserType::AreaManager, Some(1), None)?;
    add("agent1@demo.test", "Ravi Kumar", UserType::Agent, Some(1), Some(am))?;
    add("agent2@demo.test", "Priya Sharma", UserType::Agent, Some(1), Some(am))?;
    add("agent3@demo.test", "Arjun Das", UserType::Agent, Some(1), Some(am))?;
    add("agent4@demo.test", "Nimal Perera", UserType::Agent, Some(2), Some(am))?;
    // Demo users have signed in before: no first-time flag.
    tx.execute("UPDATE users SET is_first_time_login = 0 WHERE email LIKE :d", named_params! { ":d": "%@demo.test" })?;
    let agents: Vec<(i64, i64)> = tx
        .prepare("SELECT uid, country_id FROM users WHERE user_type_id = 4 AND email LIKE '%@demo.test' ORDER BY uid")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    demo_business(&tx, &agents, &mut summary)?;
    demo_masters(&tx)?;
    demo_deliveries(&tx)?;
    // After everything else, with its own generator: the rest of the demo stays as it was.
    demo_orders(&tx, &mut summary)?;
    demo_beats(&tx)?;
    demo_invoices(&tx)?;
    tx.commit()?;
    Ok(summary)
}

/// A few thousand customers for the demo agents, with half a year of visits and orders.
fn demo_business(conn: &Connection, agents: &[(i64, i64)], summary: &mut DemoSummary) -> anyhow::Result<()> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(20_240_501);
    let now = crate::now();
    let today = crate::clock::today();
    let midnight = crate::clock::start_of(today);
    let mut insert_customer = conn.prepare(
        "INSERT INTO customers (buyer_id, name, mobile, email, address1, address2, postal_code, city, state, country_id,
                                info, latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
         VALUES (:buyer, :name, :mobile, :email, :a1, :a2, :postal, :city, :state, :country, :info, :lat, :lng,
                 :type, :agent, :agent, :at, :at)",
    )?;
    let mut insert_visit = conn.prepare(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, latitude, longitude, visited_at, entered_by,
                             device_time, received_at, accuracy, distance_m, location_status)
         VALUES (:c, :agent, :outcome, :remark, :lat, :lng, :at, :agent, :at, :at, :accuracy, :distance, :status)",
    )?;
    let mut insert_line = conn.prepare(
        "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku, qty_shipped,
                                  unit_price_paise, ds_name, fao_name, gross_paise, taxable_paise, line_total_paise)
         VALUES (:order, :date, :c, :seller, :product, :sku, :qty, :price, :ds, :fao, CAST(ROUND(:qty * :price) AS INTEGER),
                 CAST(ROUND(:qty * :price) AS INTEGER), CAST(ROUND(:qty * :price) AS INTEGER))
         ON CONFLICT (order_id, product_name) DO UPDATE SET qty_shipped = qty_shipped + excluded.qty_shipped,
             gross_paise = gross_paise + excluded.gross_paise, taxable_paise = taxable_paise + excluded.taxable_paise,
             line_total_paise = line_total_paise + excluded.line_total_paise",
    )?;
    let remarks = ["Owner asked for a new scheme", "Will order next week", "Stock is enough", "Met the manager", ""];
    let mut order_no = 100_000;
    for n in 0..2400usize {
        let (agent, country) = agents[n % agents.len()];
        let cities = if country == 2 { LANKA_CITIES } else { CITIES };
        let (city, state, lat, lng) = cities[rng.gen_range(0..cities.len())];
        let name = format!("{} {}", FIRST[rng.gen_range(0..FIRST.len())], SECOND[rng.gen_range(0..SECOND.len())]);
        let buyer = format!("B{:06}", 100_001 + n);
        let has_location = rng.gen_bool(0.7);
        let created = now - rng.gen_range(200..400) * 86_400;
        insert_customer.execute(named_params! {
            ":buyer": buyer, ":name": name, ":mobile": format!("9{:09}", rng.gen_range(0..1_000_000_000u64)),
            ":email": if rng.gen_bool(0.4) { Some(format!("{}@shop.test", buyer.to_lowercase())) } else { None },
            ":a1": format!("{} Main Road", rng.gen_range(1..400)), ":a2": format!("Ward {}", rng.gen_range(1..60)),
            ":postal": format!("{}", rng.gen_range(100_000..999_999)), ":city": city, ":state": state,
            ":country": country, ":info": if rng.gen_bool(0.2) { Some("Prefers morning visits") } else { None },
            ":lat": has_location.then(|| lat + rng.gen_range(-0.08..0.08)),
            ":lng": has_location.then(|| lng + rng.gen_range(-0.08..0.08)),
            ":type": if rng.gen_bool(0.15) { "Wholesaler" } else { "Retailer" }, ":agent": agent, ":at": created,
        })?;
        let customer = conn.last_insert_rowid();
        summary.customers += 1;
        let shop: Option<(f64, f64)> =
            conn.query_row("SELECT latitude, longitude FROM customers WHERE customer_id = :c", named_params! { ":c": customer }, |r| {
                Ok(r.get::<_, Option<f64>>(0)?.zip(r.get::<_, Option<f64>>(1)?))
            })?;
        // Where each visit was: its own generator, so the rest of the demo stays as it was.
        let mut places = rand::rngs::StdRng::seed_from_u64(n as u64);
        // Visits: most customers are seen a few times in six months, some not lately.
        for _ in 0..rng.gen_range(0..8) {
            // A day's share of the visits lands today, between midnight and now, whatever the hour
            // (just after midnight the demo's Today, map and attendance had no visits today).
            let back = rng.gen_range(0..180 * 86_400);
            let at = if back < 86_400 { midnight + (now - midnight) * back / 86_400 } else { now - back };
            let (position, accuracy) = demo_visit_position(&mut places, shop.unwrap_or((lat, lng)));
            let (status, distance) = crate::customers::api::judge(position, shop, DEMO_CHECKIN_RADIUS_M);
            insert_visit.execute(named_params! {
                ":c": customer, ":agent": agent, ":outcome": rng.gen_range(1..=4),
                ":remark": remarks[rng.gen_range(0..remarks.len())], ":lat": position.map(|p| p.0),
                ":lng": position.map(|p| p.1), ":at": at, ":accuracy": accuracy, ":distance": distance,
                ":status": status.as_str(),
            })?;
            summary.visits += 1;
        }
        // Orders: a monthly habit for regulars, now and then for the rest.
        let regular = rng.gen_bool(0.45);
        let orders = if regular { rng.gen_range(4..9) } else { rng.gen_range(0..3) };
        let seller_no = if country == 2 { 3 } else { rng.gen_range(0..3) };
        let seller = SELLERS[seller_no];
        for _ in 0..orders {
            order_no += 1;
            let date = today - chrono::Days::new(rng.gen_range(0..180));
            for _ in 0..rng.gen_range(1..5) {
                let (product, sku, price) = PRODUCTS[rng.gen_range(0..PRODUCTS.len())];
                insert_line.execute(named_params! {
                    ":order": format!("SO{order_no}"), ":date": date.format("%Y-%m-%d").to_string(), ":c": customer,
                    ":seller": seller, ":product": product, ":sku": sku, ":qty": rng.gen_range(1..48) as f64,
                    ":price": Money::from_f64(price * SELLER_PRICES[seller_no]), ":ds": DS_NAMES[rng.gen_range(0..DS_NAMES.len())],
                    ":fao": FAO_NAMES[rng.gen_range(0..FAO_NAMES.len())],
                })?;
                summary.order_lines += 1;
            }
        }
    }
    Ok(())
}

/// Customers on each beat of the demo.
const DEMO_BEAT_SIZE: usize = 22;

/// A beat for every weekday for each demo agent, planned since two months ago: each beat keeps to
/// one of the agent's cities, shops with a known position first, from south to north. Today's beat
/// is in the city the agent visited most today and starts with the shops visited or ordered today,
/// but for one visit left out as unplanned, so the demo opens on a day partly done.
fn demo_beats(conn: &Connection) -> anyhow::Result<()> {
    use chrono::Datelike;
    struct Shop {
        id: i64,
        city: String,
        /// Visited or ordered today.
        visited_today: bool,
    }
    let today = crate::clock::today();
    let weekday_today = today.weekday().number_from_monday() as i64;
    let since = (today - chrono::Days::new(60)).format("%Y-%m-%d").to_string();
    let (now, midnight) = (crate::now(), crate::clock::start_of(today));
    let agents: Vec<i64> = conn
        .prepare("SELECT uid FROM users WHERE user_type_id = 4 AND email LIKE '%@demo.test' ORDER BY uid")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for agent in agents {
        let shops: Vec<Shop> = conn
            .prepare(
                "SELECT c.customer_id, COALESCE(c.city, ''),
                        EXISTS (SELECT 1 FROM visits v WHERE v.customer_id = c.customer_id AND v.agent_id = :agent
                                                         AND v.visited_at >= :midnight)
                        OR EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id AND o.order_date = :today
                                                          AND o.status <> 'Cancelled')
                 FROM customers c WHERE c.agent_id = :agent
                 ORDER BY c.city, c.latitude IS NULL, c.latitude, c.customer_id",
            )?
            .query_map(named_params! { ":agent": agent, ":midnight": midnight, ":today": today.format("%Y-%m-%d").to_string() }, |r| {
                Ok(Shop { id: r.get(0)?, city: r.get(1)?, visited_today: r.get(2)? })
            })?
            .collect::<Result<_, _>>()?;
        let mut cities: Vec<&str> = shops.iter().map(|s| s.city.as_str()).collect();
        cities.dedup();
        let Some(busiest) = cities.iter().copied().max_by_key(|city| shops.iter().filter(|s| s.visited_today && s.city == *city).count())
        else {
            continue;
        };
        // The unplanned visit: one visited today elsewhere, or the last one in the busiest city.
        let unplanned = shops
            .iter()
            .find(|s| s.visited_today && s.city != busiest)
            .or_else(|| shops.iter().rev().find(|s| s.visited_today))
            .map(|s| s.id);
        let mut used: std::collections::HashSet<i64> = unplanned.into_iter().collect();
        let mut others = cities.iter().copied().cycle();
        for weekday in 1..=7i64 {
            let city = if weekday == weekday_today { busiest } else { others.next().unwrap_or(busiest) };
            let mut stops: Vec<i64> = Vec::new();
            let in_city = || shops.iter().filter(move |s| s.city == city);
            if weekday == weekday_today {
                stops.extend(in_city().filter(|s| s.visited_today && !used.contains(&s.id)).map(|s| s.id));
            }
            stops.extend(
                in_city()
                    .filter(|s| !s.visited_today && !used.contains(&s.id))
                    .map(|s| s.id)
                    .take(DEMO_BEAT_SIZE.saturating_sub(stops.len())),
            );
            used.extend(stops.iter().copied());
            if stops.is_empty() {
                continue;
            }
            let name = format!("{city} {}", crate::beats::types::WEEKDAY_NAMES[(weekday - 1) as usize]);
            conn.execute(
                "INSERT INTO beats (beat_name, agent_id, created_at, updated_at) VALUES (:n, :a, :now, :now)",
                named_params! { ":n": name, ":a": agent, ":now": now },
            )?;
            let beat = conn.last_insert_rowid();
            conn.execute(
                "INSERT INTO beat_days (beat_id, weekday, valid_from) VALUES (:b, :d, :since)",
                named_params! { ":b": beat, ":d": weekday, ":since": since },
            )?;
            for (place, customer) in stops.iter().enumerate() {
                conn.execute(
                    "INSERT INTO beat_stops (beat_id, customer_id, sequence, valid_from) VALUES (:b, :c, :s, :since)",
                    named_params! { ":b": beat, ":c": customer, ":s": place as i64 + 1, ":since": since },
                )?;
            }
        }
    }
    Ok(())
}

/// Deliveries for the last month's orders of the demo customers, in every state: open, waiting
/// for approval (with and without reasons), approved and rejected.
fn demo_deliveries(conn: &Connection) -> anyhow::Result<()> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let since = (crate::clock::today() - chrono::Days::new(30)).format("%Y-%m-%d").to_string();
    let orders: Vec<(String, String, i64, String)> = conn
        .prepare(
            "SELECT order_id, MIN(order_date), customer_id, MIN(seller_name) FROM order_lines
             WHERE order_date >= :since GROUP BY order_id ORDER BY order_id",
        )?
        .query_map(named_params! { ":since": since }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut insert = conn.prepare(
        "INSERT INTO deliveries (order_id, order_date, planned_delivery_date, customer_id, seller_name, affiliate_id,
                                 affiliate_name, logistics_charges, delivery_status_id, reason_code_id, approve_status,
                                 rejected_reason, updated_by, updated_at, created_at)
         SELECT :order, :date, date(:date, '+2 days'), :c, :seller, :aff, :aff_name, :charges, :status, :reason,
                :approve, :rejected, CASE WHEN :status IS NULL THEN NULL ELSE agent_id END,
                -- Updated on the planned day (11:00), or now for a day still to come.
                CASE WHEN :status IS NULL THEN NULL
                     ELSE MIN(:now, CAST(strftime('%s', date(:date, '+2 days'), '+11 hours', 'utc') AS INTEGER)) END,
                :now
         FROM customers WHERE customer_id = :c",
    )?;
    let now = crate::now();
    for (order, date, customer, seller) in orders {
        let roll: f64 = rng.gen();
        // (status, reason, approval): open, delivered or not delivered awaiting approval, approved, rejected.
        let (status, reason, approve, rejected): (Option<i64>, Option<i64>, Option<&str>, Option<&str>) = match roll {
            r if r < 0.45 => (None, None, None, None),
            r if r < 0.58 => (Some(2), None, Some("Pending"), None),
            r if r < 0.70 => (Some(3), Some(rng.gen_range(1..=3)), Some("Pending"), None),
            r if r < 0.85 => (Some(2), None, Some("Approve"), None),
            _ => (Some(4), Some(4), Some("Reject"), Some("Photo does not show the goods")),
        };
        let affiliate = rng.gen_bool(0.3);
        insert.execute(named_params! {
            ":order": order, ":date": date, ":c": customer, ":seller": seller,
            ":aff": affiliate.then(|| format!("AF{}", rng.gen_range(100..999))),
            ":aff_name": affiliate.then_some("QuickShip Logistics"),
            ":charges": f64::from(rng.gen_range(20..200)), ":status": status, ":reason": reason,
            ":approve": approve, ":rejected": rejected, ":now": now,
        })?;
    }
    Ok(())
}

/// Every fifth of agent1's first 100 customers in India gets a GSTIN of its state (issue #52): a
/// PAN made from its row id, entity 1, `Z` and the GSTN's check character.
fn demo_gstins(conn: &Connection) -> anyhow::Result<()> {
    let customers: Vec<(i64, String)> = conn
        .prepare(
            "SELECT c.customer_id, c.state FROM customers c JOIN users a ON a.uid = c.agent_id
             WHERE a.email = 'agent1@demo.test' AND c.country_id = 1 AND c.state IS NOT NULL ORDER BY c.customer_id LIMIT 100",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let letter = |n: i64| char::from(b'A' + (n % 26) as u8);
    for (id, state) in customers.into_iter().step_by(5) {
        let Some(code) = crate::platform::taxids::state_codes(&state).last().copied() else { continue };
        let first14 = format!("{code}AB{}P{}{:04}K1Z", letter(id / 26), letter(id), id % 10_000);
        let check = crate::platform::taxids::gstin_check_char(&first14).context("a demo GSTIN")?;
        conn.execute(
            "UPDATE customers SET gstin = :g WHERE customer_id = :id",
            named_params! { ":g": format!("{first14}{check}"), ":id": id },
        )?;
    }
    Ok(())
}

/// Links per country, a welcome broadcast, the product catalogue (with a retired product) and
/// the distributors, and this month's scorecards.
fn demo_masters(conn: &Connection) -> anyhow::Result<()> {
    catalogue_and_distributors(conn)?;
    demo_gstins(conn)?;
    conn.execute(
        "INSERT OR IGNORE INTO products (name, sku, price_paise, pack_size, category, active)
         VALUES ('Cola 2L (discontinued)', 'CL-2L', 8000, 6, 'Beverages', 0)",
        [],
    )?;
    conn.execute(
        "INSERT OR REPLACE INTO scorecards (agent_id, updated_upto, ttv_target, ttv_achieved, last_month_ttv,
             retailer_target, retailers_achieved, last_month_active_retailers, ttv_projection, proposed_incentive,
             qualification_status)
         SELECT uid, date('now', '-1 day'), 500000, 180000 + uid * 41000, 420000 + uid * 9000, 300, 120 + uid * 17,
                260 + uid * 5, 380000 + uid * 52000, 4000 + uid * 750,
                CASE WHEN uid % 2 = 0 THEN 'Qualified' ELSE 'Not qualified yet' END
         FROM users WHERE user_type_id = 4 AND email LIKE '%@demo.test'",
        [],
    )?;
    conn.execute_batch(
        "INSERT INTO links (link_name, link) VALUES
             ('Product catalogue', 'https://catalogue.demo.test/'),
             ('Scheme of the month', 'https://schemes.demo.test/current'),
             ('Sri Lanka price list', 'https://lk.demo.test/prices');
         INSERT INTO link_countries (link_id, country_id)
             SELECT link_id, 1 FROM links WHERE link_name IN ('Product catalogue', 'Scheme of the month');
         INSERT INTO link_countries (link_id, country_id)
             SELECT link_id, 2 FROM links WHERE link_name IN ('Product catalogue', 'Sri Lanka price list');
         INSERT INTO broadcasts (message_text, user_type_id, country_id, created_by, created_at)
             SELECT 'Welcome to fieldsales! New schemes are live this month.', 0, NULL, uid, strftime('%s', 'now')
             FROM users WHERE email = 'admin@demo.test';",
    )?;
    Ok(())
}

/// A few orders agent1 booked in the app over the last days (source 'app'): sent, waiting,
/// one cancelled, some with the visit they were booked on, one for a customer of Metro Wholesale
/// (no email address: it waits). Booked through the same code as the API.
/// Invoices of the last four months for agent1's first 60 customers (due 30 days after their
/// date, so every ageing bucket has some), and a few payments already collected against them
/// (allocated by the real rules, oldest first), so the demo shows outstanding balances.
fn demo_invoices(conn: &Connection) -> anyhow::Result<()> {
    use crate::collections::queries::{record, CheckedPayment};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(38);
    let agent: i64 = conn.query_row("SELECT uid FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0))?;
    let distributor: Option<i64> = conn.query_row("SELECT MIN(distributor_id) FROM distributors", [], |r| r.get(0))?;
    let customers: Vec<(i64, String)> = conn
        .prepare("SELECT customer_id, buyer_id FROM customers WHERE agent_id = :a ORDER BY buyer_id LIMIT 60")?
        .query_map(named_params! { ":a": agent }, |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let (today, now) = (crate::clock::today(), crate::now());
    let mut number = 0;
    for (customer, _) in &customers {
        for _ in 0..rng.gen_range(1..=4) {
            number += 1;
            let date = today - chrono::Days::new(rng.gen_range(0..125));
            let due = date + chrono::Days::new(30);
            // Whole rupees and fifty paise: ₹500.00 to ₹25,000.50.
            let amount =
                crate::platform::money::Money::from_paise(rng.gen_range(10..=500) * 5_000 + if rng.gen_bool(0.3) { 50 } else { 0 });
            crate::collections::queries::upsert_invoice(
                conn,
                &format!("INV-DEMO-{number:05}"),
                *customer,
                distributor,
                &date.format("%Y-%m-%d").to_string(),
                &due.format("%Y-%m-%d").to_string(),
                amount,
                now,
            )?
            .map_err(|p| anyhow::anyhow!("{p}"))?;
        }
    }
    let modes = ["cash", "cheque", "upi", "cash"];
    for (n, (_, buyer)) in customers.iter().step_by(6).enumerate() {
        let mode = modes[n % modes.len()];
        let payment = CheckedPayment {
            client_id: format!("DEMOSEED-{:04}", n + 1),
            buyer_id: buyer.clone(),
            amount: crate::platform::money::Money::from_paise(rng.gen_range(2..=40) * 50_000),
            mode,
            reference: (mode == "upi").then(|| format!("UPI{:010}", rng.gen_range(0..10_000_000_000i64))),
            cheque_no: (mode == "cheque").then(|| format!("{:06}", rng.gen_range(0..1_000_000))),
            bank: (mode == "cheque").then(|| "State Bank of India".to_string()),
            collected_at: now - rng.gen_range(3_600..5 * 86_400),
            picked: Vec::new(),
        };
        let me = crate::platform::ids::UserId(agent);
        let rules = crate::collections::queries::Rules {
            cash_limit_per_day: Some(crate::platform::config::INR_CASH_LIMIT_PER_DAY),
            // The demo's payments are the collector's as recorded: none waits for approval.
            approval_above: crate::platform::money::Money::from_paise(crate::platform::money::MAX_PAISE),
        };
        record(conn, me, crate::platform::scope::Scope::Own { uid: me }, rules, payment, now)
            .map_err(|e| anyhow::anyhow!("a demo payment: {e:?}"))?;
    }
    Ok(())
}

fn demo_orders(conn: &Connection, summary: &mut DemoSummary) -> anyhow::Result<()> {
    use crate::orders::queries::{self, Booker, CheckedOrder, WantedLine};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(18);
    let agent: i64 = conn.query_row("SELECT uid FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0))?;
    // agent1's customers: buyer id, usual distributor (that of their latest order line), position.
    type Customer = (String, String, Option<(f64, f64)>);
    let customers: Vec<Customer> = conn
        .prepare(
            "SELECT c.buyer_id, (SELECT o.seller_name FROM order_lines o WHERE o.customer_id = c.customer_id
                                 ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) AS seller, c.latitude, c.longitude
             FROM customers c WHERE c.agent_id = :a AND seller IS NOT NULL ORDER BY c.buyer_id LIMIT 200",
        )?
        .query_map(named_params! { ":a": agent }, |r| {
            Ok((r.get(0)?, r.get(1)?, r.get::<_, Option<f64>>(2)?.zip(r.get::<_, Option<f64>>(3)?)))
        })?
        .collect::<Result<_, _>>()?;
    let products: Vec<i64> = conn
        .prepare("SELECT product_id FROM products WHERE active = 1 ORDER BY product_id")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let metro = customers.iter().position(|(_, seller, _)| seller == "Metro Wholesale").unwrap_or(0);
    let now = crate::now();
    let who = Booker {
        uid: crate::platform::ids::UserId(agent),
        scope: crate::platform::scope::Scope::Own { uid: crate::platform::ids::UserId(agent) },
        radius_m: DEMO_CHECKIN_RADIUS_M,
    };
    // (days ago, with a visit, then): 0 Submitted, 1 Sent, 2 cancelled.
    let plan: [(u64, bool, u8); 7] = [(4, true, 1), (3, false, 1), (2, true, 1), (1, true, 2), (1, false, 1), (0, true, 0), (0, false, 0)];
    for (k, &(days, with_visit, then)) in plan.iter().enumerate() {
        let (buyer, _, shop) = &customers[if k == plan.len() - 1 { metro } else { rng.gen_range(0..customers.len()) }];
        let at = now - days as i64 * 86_400 - rng.gen_range(0..3_600);
        let date = (crate::clock::today() - chrono::Days::new(days)).format("%Y-%m-%d").to_string();
        let mut lines: Vec<WantedLine> = Vec::new();
        for _ in 0..rng.gen_range(2..6) {
            let product_id = products[rng.gen_range(0..products.len())];
            if !lines.iter().any(|l| l.product_id == product_id) {
                lines.push(WantedLine { product_id, quantity: rng.gen_range(1..10) * 6, shown_price: None });
            }
        }
        let visit = with_visit.then(|| {
            let here = shop.map(|(lat, lng)| (lat + rng.gen_range(-0.0005..0.0005), lng + rng.gen_range(-0.0005..0.0005)));
            crate::customers::api::CheckedVisit {
                buyer_id: buyer.clone(),
                outcome: 1,
                remark: Some("Order booked on the visit".into()),
                latitude: here.map(|p| p.0),
                longitude: here.map(|p| p.1),
                client_id: None,
                device_time: Some(at),
                accuracy: here.map(|_| 12.0),
                received_at: at,
            }
        });
        let order = CheckedOrder {
            client_id: Some(format!("demo-order-{k}")),
            buyer_id: buyer.clone(),
            distributor_id: None,
            remark: (k % 3 == 0).then(|| "Deliver before the weekend".to_string()),
            lines,
            expected_total: None,
            visit,
        };
        let priced = queries::price(conn, who, &order, &date).context("pricing a demo order")?;
        let booked = queries::book(conn, who, order, priced, at, &date).context("booking a demo order")?;
        summary.order_lines += booked.lines.len();
        match then {
            1 => {
                // Mailed, unless its distributor has no address (then it still waits).
                conn.execute(
                    "UPDATE orders SET status = 'Sent', sent_at = :at
                     WHERE order_id = :o AND distributor_id IN (SELECT distributor_id FROM distributors WHERE email IS NOT NULL)",
                    named_params! { ":at": at + 900, ":o": booked.order_id },
                )?;
            }
            2 => {
                queries::cancel(conn, who, false, booked.order_id, at + 600).context("cancelling a demo order")?;
                summary.order_lines -= booked.lines.len();
            }
            _ => {}
        }
    }
    Ok(())
}

/// The check-in radius the demo's visits were judged with (the server's default).
const DEMO_CHECKIN_RADIUS_M: f64 = 300.0;

/// A demo visit's position and accuracy: mostly at the shop (within about 100 m), one in eight
/// from farther away (one to five km), one in ten without a position.
fn demo_visit_position(rng: &mut impl rand::Rng, shop: (f64, f64)) -> (Option<(f64, f64)>, Option<f64>) {
    let roll: f64 = rng.gen_range(0.0..1.0);
    if roll < 0.1 {
        return (None, None);
    }
    let spread = if roll < 0.225 { rng.gen_range(0.01..0.045) } else { rng.gen_range(0.0..0.0009) };
    let angle: f64 = rng.gen_range(0.0..std::f64::consts::TAU);
    let position = (shop.0 + spread * angle.sin(), shop.1 + spread * angle.cos());
    (Some(position), Some(rng.gen_range(5.0..40.0_f64).round()))
}
