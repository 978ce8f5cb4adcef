//! Reference data (`seeds/reference.sql`) and the deterministic demo company.

use anyhow::Context;
use rusqlite::{named_params, Connection, TransactionBehavior};

use crate::auth::accounts::{self, NewAccount};
use crate::auth::password;

/// The password of every demo user.
pub const DEMO_PASSWORD: &str = "Demo12345678";

/// Adds whatever reference data is missing (countries, user types, rights and their grants).
pub fn reference(conn: &Connection) -> anyhow::Result<()> {
    conn.execute_batch(include_str!("../seeds/reference.sql")).context("loading seeds/reference.sql")
}

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
    if crate::auth::queries::find_account(conn, "admin@demo.test")?.is_some() {
        return Ok(DemoSummary::default());
    }
    // One hash for all demo users: they share a published password anyway.
    let hash = password::hash(DEMO_PASSWORD).map_err(|e| anyhow::anyhow!("{e}"))?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut summary = DemoSummary::default();
    let mut add = |email: &str, name: &str, user_type: i64, country: Option<i64>, manager: Option<i64>| {
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
        .map_err(|e| anyhow::anyhow!("creating demo user {email}: {e}"))
    };
    add("admin@demo.test", "Asha Admin", 1, None, None)?;
    let am = add("am@demo.test", "Meera Nair", 3, Some(1), None)?;
    add("agent1@demo.test", "Ravi Kumar", 4, Some(1), Some(am))?;
    add("agent2@demo.test", "Priya Sharma", 4, Some(1), Some(am))?;
    add("agent3@demo.test", "Arjun Das", 4, Some(1), Some(am))?;
    add("agent4@demo.test", "Nimal Perera", 4, Some(2), Some(am))?;
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
    tx.commit()?;
    Ok(summary)
}

const FIRST: &[&str] = &[
    "Sri",
    "Lakshmi",
    "Ganesh",
    "Balaji",
    "Durga",
    "Sai",
    "Krishna",
    "Annapurna",
    "Royal",
    "New",
    "Star",
    "Green",
    "City",
    "Metro",
    "Super",
    "Family",
    "Jai",
    "Om",
    "Shree",
    "Vijaya",
];
const SECOND: &[&str] =
    &["Stores", "Traders", "Kirana", "General Store", "Mart", "Provisions", "Agencies", "Supermarket", "Enterprises", "Departmental Store"];
const CITIES: &[(&str, &str, f64, f64)] = &[
    ("Bengaluru", "Karnataka", 12.97, 77.59),
    ("Chennai", "Tamil Nadu", 13.08, 80.27),
    ("Hyderabad", "Telangana", 17.38, 78.48),
    ("Pune", "Maharashtra", 18.52, 73.85),
];
const LANKA_CITIES: &[(&str, &str, f64, f64)] =
    &[("Colombo", "Western", 6.93, 79.85), ("Kandy", "Central", 7.29, 80.63), ("Galle", "Southern", 6.05, 80.22)];
const PRODUCTS: &[(&str, &str, f64)] = &[
    ("Aqua Mineral Water 1L", "AQ-1L", 20.0),
    ("Aqua Mineral Water 500ml", "AQ-500", 10.0),
    ("Cola 300ml", "CL-300", 25.0),
    ("Cola 1.25L", "CL-125", 65.0),
    ("Lemon Fizz 600ml", "LF-600", 40.0),
    ("Orange Burst 250ml", "OB-250", 20.0),
    ("Mango Delight 1L", "MD-1L", 90.0),
    ("Energy Plus 250ml", "EP-250", 110.0),
    ("Salted Chips 52g", "SC-52", 20.0),
    ("Masala Chips 90g", "MC-90", 35.0),
    ("Cream Biscuits 100g", "CB-100", 30.0),
    ("Digestive Biscuits 250g", "DB-250", 60.0),
    ("Choco Bar 40g", "CH-40", 40.0),
    ("Instant Noodles 70g", "IN-70", 14.0),
    ("Instant Noodles 4-pack", "IN-4P", 56.0),
    ("Tea Leaf 250g", "TL-250", 140.0),
    ("Coffee Jar 100g", "CJ-100", 310.0),
    ("Detergent Powder 1kg", "DP-1K", 120.0),
    ("Bath Soap 100g", "BS-100", 38.0),
    ("Shampoo Sachet", "SS-1", 3.0),
];
/// Category and pack size (units per case) of each of `PRODUCTS`, in the same order.
const CATALOGUE: &[(&str, i64)] = &[
    ("Beverages", 12),
    ("Beverages", 24),
    ("Beverages", 24),
    ("Beverages", 12),
    ("Beverages", 24),
    ("Beverages", 30),
    ("Beverages", 12),
    ("Beverages", 24),
    ("Snacks", 48),
    ("Snacks", 36),
    ("Biscuits & Confectionery", 48),
    ("Biscuits & Confectionery", 24),
    ("Biscuits & Confectionery", 60),
    ("Foods", 96),
    ("Foods", 24),
    ("Tea & Coffee", 40),
    ("Tea & Coffee", 24),
    ("Home Care", 20),
    ("Personal Care", 72),
    ("Personal Care", 480),
];
const _: () = assert!(CATALOGUE.len() == PRODUCTS.len());
const SELLERS: &[&str] = &["Sunrise Distributors", "Coastal Trading Co", "Metro Wholesale", "Lanka Supply House"];
/// The sellers' order mail addresses: Metro Wholesale has none, so its booked orders wait.
const SELLER_EMAILS: &[Option<&str>] =
    &[Some("orders@sunrise.demo.test"), Some("orders@coastal.demo.test"), None, Some("orders@lankasupply.demo.test")];

/// The products of `PRODUCTS` with their prices, categories and pack sizes, and the sellers of
/// the order lines as distributors (with their mail addresses): what order booking needs.
fn catalogue_and_distributors(conn: &Connection) -> anyhow::Result<()> {
    let mut product = conn.prepare(
        "INSERT INTO products (name, sku, price, pack_size, category) VALUES (:name, :sku, :price, :pack, :category)
         ON CONFLICT (name) DO UPDATE SET price = excluded.price, pack_size = excluded.pack_size, category = excluded.category",
    )?;
    for ((name, sku, price), (category, pack)) in PRODUCTS.iter().zip(CATALOGUE) {
        product.execute(named_params! { ":name": name, ":sku": sku, ":price": price, ":pack": pack, ":category": category })?;
    }
    let mut distributor = conn.prepare(
        "INSERT OR IGNORE INTO distributors (name, code, city, country_id, email) VALUES (:name, :code, :city, :country, :email)",
    )?;
    for (i, (name, email)) in SELLERS.iter().zip(SELLER_EMAILS).enumerate() {
        let (city, country) = if i == 3 { ("Colombo", 2) } else { (CITIES[i].0, 1) };
        distributor.execute(named_params! {
            ":name": name, ":code": format!("D{:02}", i + 1), ":city": city, ":country": country, ":email": email,
        })?;
    }
    Ok(())
}
const DS_NAMES: &[&str] = &["Ramesh DS", "Suresh DS", "Kamal DS", "Anil DS"];
const FAO_NAMES: &[&str] = &["North FAO", "South FAO", "East FAO"];

/// A few thousand customers for the demo agents, with half a year of visits and orders.
fn demo_business(conn: &Connection, agents: &[(i64, i64)], summary: &mut DemoSummary) -> anyhow::Result<()> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(20_240_501);
    let now = crate::now();
    let today = crate::clock::today();
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
                                  unit_price, ds_name, fao_name)
         VALUES (:order, :date, :c, :seller, :product, :sku, :qty, :price, :ds, :fao)
         ON CONFLICT (order_id, product_name) DO UPDATE SET qty_shipped = qty_shipped + excluded.qty_shipped",
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
            let at = now - rng.gen_range(0..180 * 86_400);
            let (position, accuracy) = demo_visit_position(&mut places, shop.unwrap_or((lat, lng)));
            let (status, distance) = crate::customers::visits::judge(position, shop, DEMO_CHECKIN_RADIUS_M);
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
        let seller = SELLERS[if country == 2 { 3 } else { rng.gen_range(0..3) }];
        for _ in 0..orders {
            order_no += 1;
            let date = today - chrono::Days::new(rng.gen_range(0..180));
            for _ in 0..rng.gen_range(1..5) {
                let (product, sku, price) = PRODUCTS[rng.gen_range(0..PRODUCTS.len())];
                insert_line.execute(named_params! {
                    ":order": format!("SO{order_no}"), ":date": date.format("%Y-%m-%d").to_string(), ":c": customer,
                    ":seller": seller, ":product": product, ":sku": sku, ":qty": rng.gen_range(1..48) as f64,
                    ":price": price, ":ds": DS_NAMES[rng.gen_range(0..DS_NAMES.len())],
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

/// Links per country, a welcome broadcast, the product catalogue (with a retired product) and
/// the distributors, and this month's scorecards.
fn demo_masters(conn: &Connection) -> anyhow::Result<()> {
    catalogue_and_distributors(conn)?;
    conn.execute(
        "INSERT OR IGNORE INTO products (name, sku, price, pack_size, category, active)
         VALUES ('Cola 2L (discontinued)', 'CL-2L', 80, 6, 'Beverages', 0)",
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
fn demo_orders(conn: &Connection, summary: &mut DemoSummary) -> anyhow::Result<()> {
    use crate::orders::queries::{self, Booker, CheckedOrder};
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
    let who = Booker { uid: agent, scope: crate::scope::Scope::Own { uid: agent }, radius_m: DEMO_CHECKIN_RADIUS_M };
    // (days ago, with a visit, then): 0 Submitted, 1 Sent, 2 cancelled.
    let plan: [(u64, bool, u8); 7] = [(4, true, 1), (3, false, 1), (2, true, 1), (1, true, 2), (1, false, 1), (0, true, 0), (0, false, 0)];
    for (k, &(days, with_visit, then)) in plan.iter().enumerate() {
        let (buyer, _, shop) = &customers[if k == plan.len() - 1 { metro } else { rng.gen_range(0..customers.len()) }];
        let at = now - days as i64 * 86_400 - rng.gen_range(0..3_600);
        let date = (crate::clock::today() - chrono::Days::new(days)).format("%Y-%m-%d").to_string();
        let mut lines: Vec<(i64, i64, Option<f64>)> = Vec::new();
        for _ in 0..rng.gen_range(2..6) {
            let product = products[rng.gen_range(0..products.len())];
            if !lines.iter().any(|(p, _, _)| *p == product) {
                lines.push((product, rng.gen_range(1..10) * 6, None));
            }
        }
        let visit = with_visit.then(|| {
            let here = shop.map(|(lat, lng)| (lat + rng.gen_range(-0.0005..0.0005), lng + rng.gen_range(-0.0005..0.0005)));
            crate::customers::visits::CheckedVisit {
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
        let booked = queries::book(conn, who, order, at, &date).map_err(|e| anyhow::anyhow!("booking a demo order: {e}"))?;
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
                queries::cancel(conn, who, false, booked.order_id, at + 600)
                    .map_err(|e| anyhow::anyhow!("cancelling a demo order: {e}"))?;
                summary.order_lines -= booked.lines.len();
            }
            _ => {}
        }
    }
    Ok(())
}

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
    let deliveries = p.deliveries.min(p.customers);
    let mut done = 0usize;
    while done < p.customers {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut customer = tx.prepare_cached(
                "INSERT INTO customers (buyer_id, name, mobile, address1, postal_code, city, state, country_id,
                                        latitude, longitude, retailer_type, agent_id, created_by, created_at, updated_at)
                 VALUES (:buyer, :name, :mobile, :a1, :postal, :city, :state, 1, :lat, :lng, :type, :agent, :agent, :at, :at)",
            )?;
            let mut visit = tx.prepare_cached(
                "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, visited_at, entered_by)
                 VALUES (:c, :agent, :o, 'Scale visit', :at, :agent)",
            )?;
            let mut line = tx.prepare_cached(
                "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku,
                                          qty_shipped, unit_price, ds_name, fao_name)
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
                        ":qty": rng.gen_range(1..48) as f64, ":price": price,
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
        tx.commit()?;
        progress(done as u64);
    }
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
    let hash = password::hash(DEMO_PASSWORD).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut add = |email: String, name: String, user_type: i64, manager: Option<i64>| {
        summary.users += 1;
        accounts::create(
            tx,
            &NewAccount {
                email: &email,
                name: &name,
                user_type,
                country_id: (user_type != 1).then_some(1),
                manager_id: manager,
                password_hash: &hash,
                force_password_update: false,
            },
        )
        .map_err(|e| anyhow::anyhow!("creating {email}: {e}"))
    };
    let admin = add("admin@scale.test".into(), "Scale Admin".into(), 1, None)?;
    let mut agents = Vec::new();
    let mut pairs = Vec::new();
    for m in 1..=20 {
        let am = add(format!("am{m}@scale.test"), format!("Scale Manager {m}"), 3, None)?;
        for a in 1..=10 {
            let n = (m - 1) * 10 + a;
            let agent = add(format!("agent{n}@scale.test"), format!("Scale Agent {n}"), 4, Some(am))?;
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
