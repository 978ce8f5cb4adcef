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
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku, qty_shipped, unit_price)
             VALUES (?1, ?2, ?3, 'Metro Wholesale', 'Cola 300ml', 'CL-300', ?4, ?5)",
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
        "myRetailers", "myWholesalers", "orderedInL15Days", "notOrderedInL15Days", "visitedInL15Days",
        "notVisitedInL15Days", "myCustomer", "repeatCustomerCount", "lastMonthOrderCustomerCount",
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
        .map(|r| (r["isNotVisitedIn15Days"].as_bool().unwrap(), r["isNotOrderedIn10Days"].as_bool().unwrap(), r["orderingStatus"].as_str().unwrap()))
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
            let mut ids: Vec<String> = r.body["data"].as_array().unwrap().iter().map(|r| r["customerId"].as_str().unwrap().to_string()).collect();
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
        (row["buyerID"].clone(), row["sellerName"].clone(), row["productName"].clone(), row["totalProductShippedQuantity"].clone(), row["unitPrice"].clone(), row["sku"].clone()),
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
