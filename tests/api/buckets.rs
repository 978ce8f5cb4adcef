//! Retailer buckets and the visit summary on a small hand-built team: manager M with agents A
//! (customers c1, c2, c3) and B (customer c4). Dates are relative to today, chosen so that no
//! figure depends on the day of the month.

use axum::http::StatusCode;
use chrono::{Datelike, Days, Months};
use serde_json::{json, Value};

use crate::support::TestApp;

struct Team {
    manager: String,
    a: String,
    b: String,
    a_uid: i64,
    b_uid: i64,
}

async fn team(app: &TestApp) -> Team {
    let conn = app.conn();
    let now = fieldsales::now();
    let add_user = |email: &str, t: i64, manager: Option<i64>| -> i64 {
        conn.execute(
            "INSERT INTO users (email, name, user_type_id, country_id, manager_id, password_hash, is_first_time_login, created_at, updated_at)
             SELECT ?1, ?1, ?2, 1, ?3, password_hash, 0, ?4, ?4 FROM users WHERE email = 'admin@demo.test'",
            rusqlite::params![email, t, manager, now],
        )
        .unwrap();
        conn.last_insert_rowid()
    };
    let m = add_user("m@team.test", 3, None);
    let a = add_user("a@team.test", 4, Some(m));
    let b = add_user("b@team.test", 4, Some(m));
    let today = fieldsales::clock::today();
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    let first_of_last_month = day(fieldsales::clock::month_start(today) - Months::new(1));
    let ts = |days_back: u64| fieldsales::clock::start_of(today - Days::new(days_back)) + 3600;
    let customer = |buyer: &str, agent: i64, kind: &str| -> i64 {
        conn.execute(
            "INSERT INTO customers (buyer_id, name, mobile, retailer_type, agent_id, country_id, created_at, updated_at)
             VALUES (?1, ?1, '9000000000', ?2, ?3, 1, ?4, ?4)",
            rusqlite::params![buyer, kind, agent, now],
        )
        .unwrap();
        conn.last_insert_rowid()
    };
    let visit = |c: i64, agent: i64, at: i64| {
        conn.execute(
            "INSERT INTO visits (customer_id, agent_id, outcome_id, visited_at, entered_by) VALUES (?1, ?2, 1, ?3, ?2)",
            rusqlite::params![c, agent, at],
        )
        .unwrap();
    };
    let order = |c: i64, id: &str, date: &str, qty: f64, price: f64| {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku, qty_shipped, unit_price_paise,
                                      taxable_paise)
             VALUES (?1, ?2, ?3, 'Metro Wholesale', 'Cola 300ml', 'CL-300', ?4, ROUND(?5 * 100), ROUND(?4 * ROUND(?5 * 100)))",
            rusqlite::params![id, date, c, qty, price],
        )
        .unwrap();
    };
    let c1 = customer("TC1", a, "Retailer");
    let c2 = customer("TC2", a, "Wholesaler");
    let c3 = customer("TC3", a, "Retailer");
    let c4 = customer("TC4", b, "Retailer");
    visit(c1, a, ts(0));
    visit(c1, a, ts(3));
    visit(c2, a, ts(20));
    visit(c4, b, ts(0));
    order(c1, "O1", &day(today), 10.0, 25.0);
    order(c1, "O2", &first_of_last_month, 5.0, 20.0);
    order(c3, "O3", &first_of_last_month, 2.0, 50.0);
    order(c4, "O4", &day(today), 4.0, 25.0);
    order(c4, "O5", &first_of_last_month, 1.0, 25.0);
    drop(conn);
    Team {
        manager: app.token("m@team.test").await,
        a: app.token("a@team.test").await,
        b: app.token("b@team.test").await,
        a_uid: a,
        b_uid: b,
    }
}

fn landing(r: &Value) -> [i64; 9] {
    let keys = [
        "myRetailers",
        "myWholesalers",
        "orderedInL15Days",
        "notOrderedInL15Days",
        "visitedInL15Days",
        "notVisitedInL15Days",
        "myCustomer",
        "repeatCustomerCount",
        "lastMonthOrderCustomerCount",
    ];
    keys.map(|k| r[k].as_i64().unwrap_or_else(|| panic!("{k} in {r}")))
}

#[tokio::test]
async fn landing_figures_per_agent_and_cumulative() {
    let app = TestApp::new();
    let t = team(&app).await;
    let a = app.get("/users/landing", Some(&t.a)).await;
    assert_eq!(landing(&a.body), [2, 1, 1, 2, 1, 2, 3, 1, 2]);
    assert_eq!(a.body["repeatRatePercentage"], 50.0);
    let b = app.get(&format!("/users/landing/{}", t.b_uid), Some(&t.b)).await;
    assert_eq!(landing(&b.body), [1, 0, 1, 0, 1, 0, 1, 1, 1]);
    assert_eq!(b.body["repeatRatePercentage"], 100.0);
    // The manager's cumulative view is the sum of the agents'.
    let all = app.get("/users/landingAM/0", Some(&t.manager)).await;
    assert_eq!(landing(&all.body), [3, 1, 2, 2, 2, 2, 4, 2, 3]);
    assert_eq!(all.body["repeatRatePercentage"], 66.67);
    let one = app.get(&format!("/users/landingAM/{}", t.a_uid), Some(&t.manager)).await;
    assert_eq!(landing(&one.body), landing(&a.body));
}

#[tokio::test]
async fn nobody_reads_another_teams_buckets() {
    let app = TestApp::new();
    let t = team(&app).await;
    let no_agent = "The agent was not found.";
    app.get(&format!("/users/landing/{}", t.b_uid), Some(&t.a)).await.expect(StatusCode::NOT_FOUND, no_agent);
    app.get(&format!("/users/landing/mycustomer/{}", t.b_uid), Some(&t.a)).await.expect(StatusCode::NOT_FOUND, no_agent);
    let other_manager = app.token("am@demo.test").await;
    app.get(&format!("/users/landingAM/{}", t.a_uid), Some(&other_manager)).await.expect(StatusCode::NOT_FOUND, no_agent);
    app.get(&format!("/users/customerTracking/cumulativeView/{}", t.a_uid), Some(&other_manager))
        .await
        .expect(StatusCode::NOT_FOUND, no_agent);
    app.get("/users/landing/favourites/0", Some(&t.manager)).await.expect(StatusCode::NOT_FOUND, "There is no bucket named favourites.");
    // The demo manager's cumulative view does not include this team.
    let theirs = app.get("/users/landing/0", Some(&other_manager)).await;
    let demo_customers: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers WHERE buyer_id LIKE 'B%'", [], |r| r.get(0)).unwrap();
    assert_eq!(theirs.body["myCustomer"], demo_customers);
}

#[tokio::test]
async fn bucket_lists_rows_flags_and_sorting() {
    let app = TestApp::new();
    let t = team(&app).await;
    let r = app.get("/users/landing/mycustomer/0?order=desc", Some(&t.a)).await;
    assert_eq!(r.body["totalRecords"], 3);
    let rows = r.body["data"].as_array().unwrap();
    let ids: Vec<&str> = rows.iter().map(|r| r["customerId"].as_str().unwrap()).collect();
    assert_eq!(ids, ["TC1", "TC2", "TC3"], "newest visit first, never visited last");
    let flags: Vec<(bool, bool, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["isNotVisitedIn15Days"].as_bool().unwrap(),
                r["isNotOrderedIn10Days"].as_bool().unwrap(),
                r["orderingStatus"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(flags, [(false, false, "Ordered this month"), (true, true, "Never ordered"), (true, true, "Ordered last month")]);
    assert_eq!(rows[0]["amEmailId"], "m@team.test");
    assert_eq!(rows[0]["topSellingProduct"], "Cola 300ml");
    let asc = app.get("/users/landing/mycustomer/0?order=asc", Some(&t.a)).await;
    let ids: Vec<&str> = asc.body["data"].as_array().unwrap().iter().map(|r| r["customerId"].as_str().unwrap()).collect();
    assert_eq!(ids, ["TC3", "TC2", "TC1"]);

    let members = |bucket: &str| {
        let app = &app;
        let token = t.manager.clone();
        let path = format!("/users/landing/{bucket}/0");
        async move {
            let r = app.get(&path, Some(&token)).await;
            let mut ids: Vec<String> =
                r.body["data"].as_array().unwrap().iter().map(|r| r["customerId"].as_str().unwrap().to_string()).collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(members("retailers").await, ["TC1", "TC3", "TC4"]);
    assert_eq!(members("wholesalers").await, ["TC2"]);
    assert_eq!(members("notordered").await, ["TC2", "TC3"]);
    assert_eq!(members("visited").await, ["TC1", "TC4"]);
    assert_eq!(members("notvisited").await, ["TC2", "TC3"]);
    assert_eq!(members("repeatrateprev").await, ["TC1", "TC3", "TC4"]);
    assert_eq!(members("repeatratecurrent").await, ["TC1", "TC4"]);

    let ordered = app.get(&format!("/users/landing/ordered/{}", t.a_uid), Some(&t.manager)).await;
    assert_eq!(ordered.body["totalRecords"], 1);
    let row = &ordered.body["data"][0];
    assert_eq!(
        (
            row["buyerID"].clone(),
            row["sellerName"].clone(),
            row["productName"].clone(),
            row["totalProductShippedQuantity"].clone(),
            row["unitPrice"].clone(),
            row["sku"].clone()
        ),
        (json!("TC1"), json!("Metro Wholesale"), json!("Cola 300ml"), json!(10.0), json!(25.0), json!("CL-300"))
    );
    assert_eq!(row["monthOrderDate"], fieldsales::clock::today().format("%Y-%m").to_string());
}

#[tokio::test]
async fn visit_summary_figures() {
    let app = TestApp::new();
    let t = team(&app).await;
    let r = app.get("/users/customer/visitSummary", Some(&t.a)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let today = fieldsales::clock::today();
    let this_month = |days_back: u64| i64::from((today - Days::new(days_back)).month() == today.month());
    assert_eq!(r.body["totalVisitFTD"], 1);
    assert_eq!(r.body["uniqueVisitFTD"], 1);
    // A's visits: c1 today and 3 days ago, c2 20 days ago.
    assert_eq!(r.body["totalVisitFTM"], 1 + this_month(3) + this_month(20));
    assert_eq!(r.body["uniqueVisitFTM"], 1 + this_month(20));
    assert_eq!(r.body["uniqueOrderFTD"], 1);
    assert_eq!(r.body["uniqueOrderFTM"], 1);
    assert_eq!(r.body["orderValueFTD"], 250.0);
    // Last three whole months: orders O2 and O3 on the 1st of last month.
    assert_eq!(r.body["avgOrderMonthlyL3M"], 0.67);
    assert_eq!(r.body["avgOrderValueMonthlyL3M"], 66.67);
    let cumulative = app.get("/users/customerTracking/cumulativeView/0", Some(&t.manager)).await;
    assert_eq!(cumulative.body["totalVisitFTD"], 2);
    assert_eq!(cumulative.body["uniqueOrderFTD"], 2);
    assert_eq!(cumulative.body["orderValueFTD"], 350.0);
    let trend = app.get("/users/landingTrend/0", Some(&t.manager)).await;
    let weeks = trend.body.as_array().unwrap();
    assert_eq!(weeks.len(), 8);
    assert_eq!(weeks[7]["orders"], 2, "this week: O1 and O4");
}

/// The dashboards' definitions written straight over the visit and order history (the queries the
/// dashboards ran before the per-customer summary): the reference the summary must reproduce.
struct History {
    from15: String,
    from15_ts: i64,
    month: String,
    last_month: String,
}

impl History {
    fn on(today: chrono::NaiveDate) -> Self {
        let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let month = fieldsales::clock::month_start(today);
        History {
            from15: day(today - Days::new(14)),
            from15_ts: fieldsales::clock::start_of(today - Days::new(14)),
            month: day(month),
            last_month: day(month - Months::new(1)),
        }
    }

    fn condition(bucket: &str) -> &'static str {
        match bucket {
            "retailers" => "c.retailer_type = 'Retailer'",
            "wholesalers" => "c.retailer_type = 'Wholesaler'",
            "notordered" => "NOT EXISTS (SELECT 1 FROM order_lines o WHERE o.customer_id = c.customer_id AND o.order_date >= :from15)",
            "visited" => "EXISTS (SELECT 1 FROM visits v WHERE v.customer_id = c.customer_id AND v.visited_at >= :from15_ts)",
            "notvisited" => "NOT EXISTS (SELECT 1 FROM visits v WHERE v.customer_id = c.customer_id AND v.visited_at >= :from15_ts)",
            "mycustomer" => "1",
            "repeatrateprev" => "EXISTS (SELECT 1 FROM order_lines o WHERE o.customer_id = c.customer_id AND o.order_date >= :last_month AND o.order_date < :month)",
            "repeatratecurrent" => {
                "EXISTS (SELECT 1 FROM order_lines o WHERE o.customer_id = c.customer_id AND o.order_date >= :month)
                 AND EXISTS (SELECT 1 FROM order_lines o WHERE o.customer_id = c.customer_id AND o.order_date >= :last_month AND o.order_date < :month)"
            }
            other => panic!("no bucket {other}"),
        }
    }

    /// Buyer ids of a bucket among the customers of `agents` (a JSON array), in the list's order.
    fn members(&self, conn: &rusqlite::Connection, bucket: &str, agents: &str, asc: bool) -> Vec<String> {
        let direction = if asc { "ASC NULLS FIRST" } else { "DESC NULLS LAST" };
        let sql = format!(
            "SELECT c.buyer_id FROM customers c
             WHERE c.agent_id IN (SELECT value FROM json_each(:agents)) AND {}
             ORDER BY (SELECT MAX(v.visited_at) FROM visits v WHERE v.customer_id = c.customer_id) {direction}, c.customer_id",
            Self::condition(bucket)
        );
        let params: Vec<(&'static str, &dyn rusqlite::ToSql)> = vec![
            (":agents", &agents),
            (":from15", &self.from15),
            (":from15_ts", &self.from15_ts),
            (":month", &self.month),
            (":last_month", &self.last_month),
        ];
        let mut stmt = conn.prepare(&sql).unwrap();
        let used = fieldsales::platform::db::only_used(&stmt, params).unwrap();
        let rows = stmt.query_map(&used[..], |r| r.get(0)).unwrap();
        rows.map(Result::unwrap).collect()
    }

    /// The landing figures (in `landing()`'s order) of the customers of `agents`.
    fn landing(&self, conn: &rusqlite::Connection, agents: &str) -> [i64; 9] {
        let count = |bucket: &str| self.members(conn, bucket, agents, true).len() as i64;
        let all = count("mycustomer");
        let ordered = all - count("notordered");
        [
            count("retailers"),
            count("wholesalers"),
            ordered,
            all - ordered,
            count("visited"),
            count("notvisited"),
            all,
            count("repeatratecurrent"),
            count("repeatrateprev"),
        ]
    }
}

const BUCKETS: [&str; 8] =
    ["retailers", "wholesalers", "notordered", "visited", "notvisited", "mycustomer", "repeatrateprev", "repeatratecurrent"];

/// Every row of a bucket through the API, page by page.
async fn all_pages(app: &TestApp, token: &str, bucket: &str, agent: i64, order: &str) -> (Vec<String>, i64) {
    let mut ids = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let r = app.get(&format!("/users/landing/{bucket}/{agent}?pageNumber={page}&order={order}"), Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        total = r.body["totalRecords"].as_i64().unwrap();
        let rows = r.body["data"].as_array().unwrap();
        ids.extend(rows.iter().map(|r| r["customerId"].as_str().unwrap().to_string()));
        if rows.len() < 25 {
            break;
        }
    }
    (ids, total)
}

#[tokio::test]
async fn the_summary_gives_the_same_buckets_as_the_history_on_the_demo_data() {
    let app = TestApp::new();
    let history = History::on(fieldsales::clock::today());
    let manager = app.token("am@demo.test").await;
    let agents: Vec<i64> = {
        let conn = app.conn();
        let mut stmt = conn.prepare("SELECT uid FROM users WHERE email LIKE 'agent%@demo.test' ORDER BY uid").unwrap();
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    let team = serde_json::to_string(&agents).unwrap();
    // The manager's cumulative landing and the size of every bucket.
    let landing_now = app.get("/users/landing/0", Some(&manager)).await;
    assert_eq!(landing(&landing_now.body), history.landing(&app.conn(), &team));
    for bucket in BUCKETS {
        let r = app.get(&format!("/users/landing/{bucket}/0"), Some(&manager)).await;
        let expected = history.members(&app.conn(), bucket, &team, true).len() as i64;
        assert_eq!(r.body["totalRecords"], expected, "{bucket}");
    }
    // One agent's buckets row by row, in both orders.
    let agent = agents[0];
    let one = format!("[{agent}]");
    for bucket in BUCKETS {
        for (order, asc) in [("asc", true), ("desc", false)] {
            let (ids, total) = all_pages(&app, &manager, bucket, agent, order).await;
            let expected = history.members(&app.conn(), bucket, &one, asc);
            assert_eq!(total, expected.len() as i64, "{bucket} {order}");
            assert_eq!(ids, expected, "{bucket} {order}");
        }
    }
}

#[tokio::test]
async fn a_visit_or_an_order_moves_a_customer_at_once() {
    let app = TestApp::new();
    let t = team(&app).await;
    let members = |bucket: &'static str| {
        let app = &app;
        let token = t.manager.clone();
        async move {
            let (mut ids, total) = all_pages(app, &token, bucket, 0, "desc").await;
            assert_eq!(total, ids.len() as i64, "{bucket}");
            ids.sort();
            ids
        }
    };
    // Read once so the counts are cached, then change the history three ways.
    let before = app.get("/users/landing/0", Some(&t.manager)).await;
    assert_eq!(landing(&before.body), [3, 1, 2, 2, 2, 2, 4, 2, 3]);

    // A visit saved through the API.
    let saved = app.post("/users/customer/details", Some(&t.a), json!({ "buyerID": "TC3", "outcomeId": 1 })).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let after_visit = app.get("/users/landing/0", Some(&t.manager)).await;
    assert_eq!(after_visit.body["visitedInL15Days"], 3);
    assert_eq!(after_visit.body["notVisitedInL15Days"], 1);
    assert_eq!(members("notvisited").await, ["TC2"]);
    assert_eq!(members("visited").await, ["TC1", "TC3", "TC4"]);

    // An order line written by another program (the command line's import, a script).
    let today = fieldsales::clock::today().format("%Y-%m-%d").to_string();
    app.conn()
        .execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped, unit_price_paise,
                                      taxable_paise)
             SELECT 'O6', :agents, customer_id, 'Metro Wholesale', 'Cola 300ml', 1, 2500, 2500 FROM customers WHERE buyer_id = 'TC2'",
            [&today],
        )
        .unwrap();
    let after_order = app.get("/users/landing/0", Some(&t.manager)).await;
    assert_eq!(after_order.body["orderedInL15Days"], 3);
    assert_eq!(members("notordered").await, ["TC3"]);

    // A re-uploaded order line that moves to another customer: TC4 keeps only last month's order,
    // TC3 now ordered this month and last month.
    app.conn()
        .execute(
            "UPDATE order_lines SET customer_id = (SELECT customer_id FROM customers WHERE buyer_id = 'TC3') WHERE order_id = 'O4'",
            [],
        )
        .unwrap();
    assert_eq!(members("repeatratecurrent").await, ["TC1", "TC3"]);
    assert_eq!(members("notordered").await, ["TC4"]);
    let moved = app.get("/users/landing/0", Some(&t.manager)).await;
    let history = History::on(fieldsales::clock::today());
    let team_ids = format!("[{}, {}]", t.a_uid, t.b_uid);
    assert_eq!(landing(&moved.body), history.landing(&app.conn(), &team_ids));
}

#[tokio::test]
async fn cached_landing_counts_follow_the_day() {
    use fieldsales::buckets::queries::{self, Windows};
    let app = TestApp::new();
    let t = team(&app).await;
    let cache = fieldsales::buckets::queries::stats::LandingCache::default();
    let conn = app.conn();
    let manager: i64 = conn.query_row("SELECT uid FROM users WHERE email = 'm@team.test'", [], |r| r.get(0)).unwrap();
    let scope = fieldsales::platform::scope::Scope::Team { manager: fieldsales::platform::ids::UserId(manager) };
    let team_ids = format!("[{}, {}]", t.a_uid, t.b_uid);
    let today = fieldsales::clock::today();
    // The same cache asked on later days (a server running for weeks): the windows move on.
    for day in [today, today + Days::new(1), today + Days::new(10), today + Days::new(20), today + Days::new(45), today] {
        let figures = queries::landing(&conn, &cache, scope, Windows { today: day }).unwrap();
        let body = serde_json::to_value(&figures).unwrap();
        assert_eq!(landing(&body), History::on(day).landing(&conn, &team_ids), "on {day}");
    }
}

#[tokio::test]
async fn an_upgraded_database_has_the_same_summary_as_a_fresh_one() {
    let app = TestApp::new();
    let mut conn = app.conn();
    let snapshot =
        |conn: &rusqlite::Connection| -> (Vec<(i64, Option<i64>, String, i64, String)>, Vec<(i64, String)>, Vec<i64>, Vec<String>) {
            let stats = conn
                .prepare(
                    "SELECT customer_id, agent_id, retailer_type, last_visit_at, last_order_date || ' ' || prev_order_month FROM customer_stats ORDER BY customer_id",
                )
                .unwrap()
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            let months = conn
                .prepare("SELECT customer_id, month FROM customer_order_months ORDER BY customer_id, month")
                .unwrap()
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            let owners = conn
                .prepare("SELECT agent_id FROM agent_stats_versions ORDER BY agent_id")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect();
            let objects = conn
            .prepare(
                // A table by its columns: a column added by an upgrade step is written differently.
                "SELECT type || ' ' || name || ': ' || CASE WHEN type = 'table' THEN
                        (SELECT group_concat(c.name || ' ' || c.type || ' ' || c.\"notnull\" || ' ' || COALESCE(c.dflt_value, ''), ', ')
                         FROM pragma_table_info(m.name) c) ELSE sql END
                 FROM sqlite_master m WHERE name LIKE 'customer_stats%' OR name LIKE '%_stats_%' OR name = 'customer_order_months' ORDER BY name",
            )
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
            (stats, months, owners, objects)
        };
    let fresh = snapshot(&conn);
    crate::support::downgrade_to_schema_2(&conn);
    assert_eq!(fresh.0.len(), 2400, "every demo customer has a summary row");
    assert!(fresh.3.len() >= 10, "tables, index and triggers: {:?}", fresh.3);
    // Back to schema 1: no summary, no triggers.
    let triggers: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'customer_stats_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for name in triggers {
        conn.execute_batch(&format!("DROP TRIGGER {name}")).unwrap();
    }
    conn.execute_batch(
        "DROP TABLE customer_stats; DROP TABLE customer_order_months; DROP TABLE agent_stats_versions;
         PRAGMA user_version = 1;",
    )
    .unwrap();
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 1 });
    assert_eq!(snapshot(&conn), fresh);
}

/// Upgrade steps 13 and 17: an uploaded order line applies itself to its customer's summary (a
/// newer line, or an older month that fills the previous order month) and raises the owner's
/// figures version; a booked order applies itself once, with the order row, and its lines (same
/// customer, same date) do not apply themselves again. The order raises its agent's version, since
/// the landing's productive and plan tiles count orders; a change of the summary raises the
/// version of the customer's owner once more. Version 16 and 12 databases upgrade to the fresh
/// schema.
#[tokio::test]
async fn uploaded_lines_and_booked_orders_apply_themselves_to_the_summary() {
    let app = TestApp::new();
    let mut conn = app.conn();
    let objects = crate::support::schema_objects;
    let fresh = objects(&conn);
    crate::support::downgrade_to_schema_16(&conn);
    assert_ne!(objects(&conn), fresh);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 16 });
    assert_eq!(objects(&conn), fresh);
    crate::support::downgrade_to_schema_12(&conn);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 12 });
    assert_eq!(objects(&conn), fresh);

    let (customer, agent): (i64, i64) = conn
        .query_row("SELECT customer_id, agent_id FROM customer_stats WHERE agent_id IS NOT NULL AND last_order_date <> '' ORDER BY customer_id LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    let version = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row("SELECT version FROM agent_stats_versions WHERE agent_id = ?1", [agent], |r| r.get(0)).unwrap()
    };
    let summary = |conn: &rusqlite::Connection| -> (String, String) {
        conn.query_row("SELECT last_order_date, prev_order_month FROM customer_stats WHERE customer_id = ?1", [customer], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
    };
    let ordered_in = |conn: &rusqlite::Connection, month: &str| -> bool {
        conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM customer_order_months WHERE customer_id = ?1 AND month = ?2)",
            rusqlite::params![customer, month],
            |r| r.get(0),
        )
        .unwrap()
    };
    let line = |conn: &rusqlite::Connection, date: &str, product: &str, source: &str| {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped, source)
             VALUES ('T' || ?1, ?1, ?2, 'Step 17 Seller', ?3, 1, ?4)",
            rusqlite::params![date, customer, product, source],
        )
        .unwrap();
    };
    let before = summary(&conn).0;
    let v0 = version(&conn);
    line(&conn, "2099-01-15", "A", "upload");
    assert_eq!(summary(&conn), ("2099-01-15".to_string(), before[..7].to_string()), "a newer line moves the last order");
    assert!(ordered_in(&conn, "2099-01"));
    assert_eq!(version(&conn), v0 + 2, "the line and the change of the summary");
    line(&conn, "2099-01-15", "B", "upload");
    line(&conn, "2099-01-02", "C", "upload");
    assert_eq!(summary(&conn), ("2099-01-15".to_string(), before[..7].to_string()), "same month: nothing changes");
    assert_eq!(version(&conn), v0 + 4, "an uploaded line raises the version all the same (it may change the top seller)");
    line(&conn, "2098-12-01", "D", "upload");
    assert_eq!(summary(&conn), ("2099-01-15".to_string(), "2098-12".to_string()), "an older month fills the previous one");
    line(&conn, "2000-01-01", "E", "upload");
    assert_eq!(summary(&conn), ("2099-01-15".to_string(), "2098-12".to_string()), "a month older than both changes nothing");
    assert_eq!(version(&conn), v0 + 7);
    // A booked order applies itself with its row; the order and the change raise the version.
    conn.execute(
        "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, order_date, total_paise, created_at)
         VALUES (?1, ?2, ?2, (SELECT MIN(distributor_id) FROM distributors), '2099-02-03', 100, 0)",
        [customer, agent],
    )
    .unwrap();
    let order: i64 = conn.last_insert_rowid();
    assert_eq!(summary(&conn), ("2099-02-03".to_string(), "2099-01".to_string()), "the booked order moves the last order");
    assert!(ordered_in(&conn, "2099-02"));
    assert_eq!(version(&conn), v0 + 9);
    // Its lines apply nothing again, nor raise the version: a booked line of a later month (which
    // the server never writes) would have moved both.
    line(&conn, "2099-03-01", "F", "app");
    assert_eq!(summary(&conn), ("2099-02-03".to_string(), "2099-01".to_string()), "a booked line does not apply itself");
    assert!(!ordered_in(&conn, "2099-03"));
    assert_eq!(version(&conn), v0 + 9);
    // An order booked for nobody (the customer had no agent when the booking was read) still
    // raises the version of the owner its change of the summary shows to.
    conn.execute(
        "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, order_date, total_paise, created_at)
         VALUES (?1, NULL, ?2, (SELECT MIN(distributor_id) FROM distributors), '2099-04-01', 100, 0)",
        [customer, agent],
    )
    .unwrap();
    assert_eq!(summary(&conn), ("2099-04-01".to_string(), "2099-02".to_string()));
    assert_eq!(version(&conn), v0 + 10);
    conn.execute("UPDATE orders SET status = 'Cancelled' WHERE order_id = ?1", [order]).unwrap();
    assert_eq!(version(&conn), v0 + 12, "a change of status raises the old and the new agent's (here one) version");
}

/// A bucket page's walk of the summary is cached per owner; any write that changes the summary
/// (here a visit and order lines written straight into the file, as another process would) shows
/// on the next page. The top-selling product is the most quantity, then the first name.
#[tokio::test]
async fn a_bucket_page_follows_writes_after_it_was_read() {
    let app = TestApp::new();
    let t = team(&app).await;
    let page = |token: String| {
        let app = &app;
        async move {
            let r = app.get("/users/landing/mycustomer/0?order=desc", Some(&token)).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            r.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| (r["customerId"].as_str().unwrap().to_string(), r["topSellingProduct"].clone()))
                .collect::<Vec<_>>()
        }
    };
    let before = page(t.a.clone()).await;
    assert_eq!(before.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["TC1", "TC2", "TC3"]);
    assert_eq!(before[2].1, json!("Cola 300ml"));
    let conn = app.conn();
    let tc3: i64 = conn.query_row("SELECT customer_id FROM customers WHERE buyer_id = 'TC3'", [], |r| r.get(0)).unwrap();
    // Newer than the team's newest visit (01:00 today) at any time of day: a visit saved at 00:30
    // came before it, and the test failed in the first hour of the day.
    let newest = fieldsales::now().max(fieldsales::clock::start_of(fieldsales::clock::today()) + 2 * 3600);
    conn.execute(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, visited_at, entered_by) VALUES (?1, ?2, 1, ?3, ?2)",
        rusqlite::params![tc3, t.a_uid, newest],
    )
    .unwrap();
    // Two products of 2 each beside Cola's 2: a tie, which the first name wins.
    for (order, product) in [("T1", "Apple Juice"), ("T2", "Zinc Soap")] {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped)
             VALUES (?1, '2001-01-01', ?2, 'Metro Wholesale', ?3, 2)",
            rusqlite::params![order, tc3, product],
        )
        .unwrap();
    }
    let after = page(t.a.clone()).await;
    assert_eq!(after.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["TC3", "TC1", "TC2"], "the new visit is the newest");
    assert_eq!(after[0].1, json!("Apple Juice"));
    assert_eq!(after[2].1, Value::Null, "never ordered");
}

/// The first pages are kept as sent; every change of what a row shows, written straight into the
/// file (as another process would), shows on the next read.
#[tokio::test]
async fn a_kept_bucket_page_follows_every_change_of_what_its_rows_show() {
    let app = TestApp::new();
    let t = team(&app).await;
    let row = |field: &'static str| {
        let app = &app;
        let token = t.a.clone();
        async move {
            let r = app.get("/users/landing/mycustomer/0?order=desc", Some(&token)).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            let tc3 = r.body["data"].as_array().unwrap().iter().find(|r| r["customerId"] == "TC3").cloned();
            tc3.unwrap_or_else(|| panic!("TC3 is on the first page: {}", r.body))[field].clone()
        }
    };
    let conn = app.conn();
    let write = |sql: &str| assert!(conn.execute(sql, []).unwrap() > 0, "{sql}");

    assert_eq!(row("mobile").await, json!("9000000000"));
    write("UPDATE customers SET mobile = '9111111111' WHERE buyer_id = 'TC3'");
    assert_eq!(row("mobile").await, json!("9111111111"), "the customer's own columns");
    write("UPDATE customers SET latitude = 12.5, longitude = 77.5 WHERE buyer_id = 'TC3'");
    assert_eq!(row("latitude").await, json!(12.5));

    assert_eq!(row("amEmailId").await, json!("m@team.test"));
    write("UPDATE users SET email = 'boss@team.test' WHERE email = 'm@team.test'");
    assert_eq!(row("amEmailId").await, json!("boss@team.test"), "the manager's email");
    write("UPDATE users SET email = 'Boss@team.test' WHERE email = 'boss@team.test'");
    assert_eq!(row("amEmailId").await, json!("Boss@team.test"), "a change of case only");
    write("UPDATE users SET manager_id = NULL WHERE email = 'a@team.test'");
    assert_eq!(row("amEmailId").await, Value::Null, "the agent's manager");

    assert_eq!(row("topSellingProduct").await, json!("Cola 300ml"));
    // An uploaded line of an old order: the summary stays as it was, the top seller does not.
    write(
        "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped)
         SELECT 'U1', '2001-01-01', customer_id, 'Metro Wholesale', 'Zinc Soap', 3 FROM customers WHERE buyer_id = 'TC3'",
    );
    assert_eq!(row("topSellingProduct").await, json!("Zinc Soap"), "an uploaded line");
    write("UPDATE order_lines SET qty_shipped = 1 WHERE order_id = 'U1'");
    assert_eq!(row("topSellingProduct").await, json!("Cola 300ml"), "an uploaded line's new quantity");
    write("UPDATE order_lines SET product_name = 'Apple Juice', qty_shipped = 9 WHERE order_id = 'U1'");
    assert_eq!(row("topSellingProduct").await, json!("Apple Juice"), "an uploaded line's new product");

    // Visits changed by hand (the server only adds them).
    write(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, visited_at, entered_by, location_status)
         SELECT customer_id, agent_id, 1, 1, agent_id, 'verified' FROM customers WHERE buyer_id = 'TC3'",
    );
    assert_eq!(row("lastVisitLocationStatus").await, json!("verified"));
    write("UPDATE visits SET location_status = 'off-site' WHERE visited_at = 1");
    assert_eq!(row("lastVisitLocationStatus").await, json!("off-site"), "a visit changed");
    write("DELETE FROM visits WHERE visited_at = 1");
    assert_eq!(row("lastVisitLocationStatus").await, Value::Null, "a visit deleted");
}
