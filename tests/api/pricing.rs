//! Orders priced by the engine (issue #52): each line's figures stored once and read by every
//! figure, the quote, GST within a state and across states, a changed price told, an edit of a
//! scheme leaving booked orders as they were, the phone's copy of schemes and rates.
//!
//! Tests marked "engine" apply schemes: they pass once the full engine (`crate::pricing`) lands;
//! the others run on the GST-only groundwork too.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::orders::{count, today};
use crate::reports::{fetch, sheet};
use crate::support::TestApp;

fn product(app: &TestApp, name: &str) -> (i64, i64) {
    app.conn()
        .query_row("SELECT product_id, price_paise FROM products WHERE name = ?1", [name], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap_or_else(|e| panic!("product {name}: {e}"))
}

/// A customer of agent 1 with earlier lines from a distributor with an email, and no orders.
fn customer(app: &TestApp, skip: usize) -> String {
    app.conn()
        .query_row(
            "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
             WHERE u.email = 'agent1@demo.test' AND c.customer_id NOT IN (SELECT customer_id FROM orders)
               AND (SELECT d.email FROM order_lines o JOIN distributors d ON d.name = o.seller_name
                    WHERE o.customer_id = c.customer_id ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) IS NOT NULL
             ORDER BY c.buyer_id LIMIT 1 OFFSET ?1",
            [skip],
            |r| r.get(0),
        )
        .unwrap()
}

/// GST rates on two products, states on the customer and every distributor.
fn taxes(app: &TestApp, buyer: &str, customer_state: &str) {
    let conn = app.conn();
    conn.execute("UPDATE products SET gst_rate_bp = 1800, hsn = '2202' WHERE name = 'Cola 300ml'", []).unwrap();
    conn.execute("UPDATE products SET gst_rate_bp = 500, hsn = '0902' WHERE name = 'Tea Leaf 250g'", []).unwrap();
    conn.execute("UPDATE distributors SET state = 'Maharashtra'", []).unwrap();
    conn.execute("UPDATE customers SET state = ?1 WHERE buyer_id = ?2", [customer_state, buyer]).unwrap();
}

fn body(buyer: &str, lines: &[(i64, i64)]) -> Value {
    json!({ "buyerId": buyer, "lines": lines.iter().map(|(p, q)| json!({ "productId": p, "quantity": q })).collect::<Vec<_>>() })
}

fn amount(paise: i64) -> Value {
    json!(paise as f64 / 100.0)
}

/// `(base * bp + 5000) div 10000`.
fn of_bp(base: i64, bp: i64) -> i64 {
    (base * bp + 5000).div_euclid(10_000)
}

/// Stores a scheme version as the master would (engine JSON in paise), superseding the one before.
fn scheme(app: &TestApp, scheme: Value) {
    let conn = app.conn();
    let id = scheme["schemeId"].as_i64().unwrap();
    let version = scheme["version"].as_i64().unwrap();
    conn.execute("UPDATE schemes SET superseded_at = strftime('%s', 'now') WHERE scheme_id = ?1 AND superseded_at IS NULL", [id]).unwrap();
    conn.execute(
        "INSERT INTO schemes (scheme_id, version, name, kind, valid_from, valid_to, priority, body, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, strftime('%s', 'now'))",
        rusqlite::params![
            id,
            version,
            scheme["name"].as_str().unwrap(),
            scheme["kind"].as_str().unwrap(),
            scheme["validFrom"].as_str().unwrap(),
            scheme["validTo"].as_str(),
            scheme["priority"].as_i64().unwrap_or(0),
            scheme.to_string()
        ],
    )
    .unwrap();
}

fn tea_percent(version: i64, percent_bp: i64, tea: i64) -> Value {
    json!({ "schemeId": 2, "version": version, "name": "Tea 5 % off", "kind": "line_percent", "validFrom": "2000-01-01",
            "priority": 1, "products": [tea], "slabs": [{ "minQuantity": 1, "percentBp": percent_bp }] })
}

/// Within one state: CGST and SGST halves (the odd paisa to SGST); the quote is the booking; the
/// line's figures are stored once and read back by the order's detail and the orders report.
#[tokio::test]
async fn a_booking_stores_its_figures_once_and_the_quote_is_the_booking() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let admin = app.as_admin().await;
    let buyer = customer(&app, 0);
    taxes(&app, &buyer, "Maharashtra");
    let (cola, cola_price) = product(&app, "Cola 300ml");
    let (tea, tea_price) = product(&app, "Tea Leaf 250g");
    let order = body(&buyer, &[(cola, 7), (tea, 3)]);
    let orders_before = count(&app, "SELECT COUNT(*) FROM orders");
    let quote = app.post("/users/order/quote", Some(&agent1), order.clone()).await;
    assert_eq!(quote.status, StatusCode::OK, "{}", quote.body);
    let (cola_gross, tea_gross) = (7 * cola_price, 3 * tea_price);
    let (cola_tax, tea_tax) = (of_bp(cola_gross, 1800), of_bp(tea_gross, 500));
    let q = &quote.body;
    assert_eq!(q["lines"][0]["gross"], amount(cola_gross));
    assert_eq!(q["lines"][0]["taxable"], amount(cola_gross));
    assert_eq!(q["lines"][0]["gstRateBp"], 1800);
    assert_eq!(q["lines"][0]["cgst"], amount(cola_tax / 2));
    assert_eq!(q["lines"][0]["sgst"], amount(cola_tax - cola_tax / 2));
    assert_eq!(q["lines"][0]["igst"], amount(0));
    assert_eq!(q["lines"][0]["lineTotal"], amount(cola_gross + cola_tax));
    assert_eq!(q["lines"][1]["lineTotal"], amount(tea_gross + tea_tax));
    let total = cola_gross + cola_tax + tea_gross + tea_tax;
    assert_eq!(q["totals"]["taxable"], amount(cola_gross + tea_gross));
    assert_eq!(q["totals"]["total"], amount(total));
    assert_eq!(q["total"], amount(total));
    assert_eq!(q["free"], json!([]));
    // A quote books nothing.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders"), orders_before);

    let booked = app.post("/users/order", Some(&agent1), order).await;
    assert_eq!(booked.status, StatusCode::OK, "{}", booked.body);
    let b = &booked.body;
    for key in ["lines", "free", "totals", "total", "schemeVersion", "nearMiss", "distributorId"] {
        assert_eq!(b[key], q[key], "{key}: booked {} quoted {}", b[key], q[key]);
    }
    let id = b["orderId"].as_i64().unwrap();
    // Stored once: the order's totals and each line's figures.
    let stored: (i64, i64, i64, i64) = app
        .conn()
        .query_row("SELECT taxable_paise, cgst_paise, sgst_paise, total_paise FROM orders WHERE order_id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap();
    assert_eq!(stored, (cola_gross + tea_gross, cola_tax / 2 + tea_tax / 2, cola_tax - cola_tax / 2 + tea_tax - tea_tax / 2, total));
    assert_eq!(
        count(&app, &format!("SELECT SUM(line_total_paise) FROM order_lines WHERE order_id = 'APP{id:06}' AND gst_rate_bp > 0")),
        total
    );
    // Every figure reads the stored line: a later price or rate changes nothing booked.
    app.conn().execute("UPDATE products SET price_paise = price_paise * 2, gst_rate_bp = 2800", []).unwrap();
    let detail = app.get(&format!("/users/order/{id}"), Some(&agent1)).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.body);
    for key in ["lines", "free", "totals", "total", "schemeVersion"] {
        assert_eq!(detail.body[key], q[key], "{key}");
    }
    // The orders report: taxable value, each tax and the line's total.
    let t = today();
    let r = app.get(&format!("/report/orders?fromDate={t}&toDate={t}"), Some(&admin)).await;
    let rows = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name} in {header:?}"));
    let number = format!("APP{id:06}");
    let line = rows.iter().find(|r| r[1].to_string() == number && r[col("Product")] == "Cola 300ml").unwrap();
    assert_eq!(line[col("Taxable Value")].to_string(), (cola_gross as f64 / 100.0).to_string());
    assert_eq!(line[col("CGST")].to_string(), ((cola_tax / 2) as f64 / 100.0).to_string());
    assert_eq!(line[col("SGST")].to_string(), ((cola_tax - cola_tax / 2) as f64 / 100.0).to_string());
    assert_eq!(line[col("Line Total")].to_string(), ((cola_gross + cola_tax) as f64 / 100.0).to_string());
    // A cancel moves the figures with the lines.
    app.post(&format!("/users/order/{id}/cancel"), Some(&agent1), json!({})).await.expect(StatusCode::OK, "The order was cancelled.");
    assert_eq!(count(&app, &format!("SELECT SUM(line_total_paise) FROM cancelled_lines WHERE order_id = {id}")), total);
    let detail = app.get(&format!("/users/order/{id}"), Some(&agent1)).await;
    assert_eq!(detail.body["lines"], q["lines"]);
}

/// A distributor in another state: all of the tax as IGST.
#[tokio::test]
async fn another_states_customer_pays_igst() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let buyer = customer(&app, 1);
    taxes(&app, &buyer, "Karnataka");
    let (cola, cola_price) = product(&app, "Cola 300ml");
    let r = app.post("/users/order", Some(&agent1), body(&buyer, &[(cola, 3)])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let tax = of_bp(3 * cola_price, 1800);
    assert_eq!(r.body["totals"]["igst"], amount(tax));
    assert_eq!((r.body["totals"]["cgst"].clone(), r.body["totals"]["sgst"].clone()), (amount(0), amount(0)));
    assert_eq!(r.body["lines"][0]["igst"], amount(tax));
    assert_eq!(r.body["total"], amount(3 * cola_price + tax));
}

/// The phone's total differs from the server's (its copy was old): booked at the server's
/// figures, told with `priceChanged`; a repeat of the clientId answers the same.
#[tokio::test]
async fn a_total_the_server_does_not_reach_is_booked_at_the_servers_and_told() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let buyer = customer(&app, 2);
    taxes(&app, &buyer, "Maharashtra");
    let (cola, cola_price) = product(&app, "Cola 300ml");
    let server_total = 10 * cola_price + of_bp(10 * cola_price, 1800);
    let mut order = body(&buyer, &[(cola, 10)]);
    order["expectedTotal"] = amount(10 * cola_price);
    order["clientId"] = json!("priced-1");
    let r = app.post("/users/order", Some(&agent1), order.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["priceChanged"].clone(), r.body["total"].clone()), (json!(true), amount(server_total)));
    let again = app.post("/users/order", Some(&agent1), order.clone()).await;
    assert_eq!((again.body["duplicate"].clone(), again.body["priceChanged"].clone()), (json!(true), json!(true)));
    assert_eq!(again.body["totals"], r.body["totals"]);
    // The right total: no change told.
    order["expectedTotal"] = amount(server_total);
    order["clientId"] = json!("priced-2");
    let r = app.post("/users/order", Some(&agent1), order).await;
    assert_eq!(r.body["priceChanged"], false, "{}", r.body);
}

/// Engine: an order booked before a scheme's new version keeps its figures; a new quote uses the
/// new version; what each scheme gave each line is kept with its version.
#[tokio::test]
async fn an_order_keeps_the_scheme_version_it_was_booked_with() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let buyer = customer(&app, 3);
    taxes(&app, &buyer, "Maharashtra");
    let (tea, tea_price) = product(&app, "Tea Leaf 250g");
    scheme(&app, tea_percent(1, 500, tea));
    let r = app.post("/users/order", Some(&agent1), body(&buyer, &[(tea, 4)])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let id = r.body["orderId"].as_i64().unwrap();
    let gross = 4 * tea_price;
    let off = of_bp(gross, 500);
    assert_eq!(r.body["lines"][0]["discount"], amount(off));
    assert_eq!(r.body["lines"][0]["schemes"], json!([{ "schemeId": 2, "name": "Tea 5 % off", "amount": amount(off) }]));
    let version: i64 = count(&app, "SELECT version FROM scheme_set");
    assert_eq!(r.body["schemeVersion"], version);
    assert_eq!(count(&app, &format!("SELECT version FROM order_line_schemes WHERE order_id = {id}")), 1);

    let mut v2 = tea_percent(2, 1000, tea);
    v2["name"] = json!("Tea 10 % off");
    scheme(&app, v2);
    let quote = app.post("/users/order/quote", Some(&agent1), body(&buyer, &[(tea, 4)])).await;
    assert_eq!(quote.body["lines"][0]["discount"], amount(of_bp(gross, 1000)), "{}", quote.body);
    assert!(quote.body["schemeVersion"].as_i64().unwrap() > version);
    let detail = app.get(&format!("/users/order/{id}"), Some(&agent1)).await;
    assert_eq!(detail.body["lines"][0]["discount"], amount(off));
    assert_eq!(detail.body["lines"][0]["schemes"][0]["name"], "Tea 5 % off");
    assert_eq!(detail.body["schemeVersion"], version);
    assert_eq!(detail.body["totals"], r.body["totals"]);
}

/// Engine: "every 10 get 1 free of another product" plus a 5 % slab on a second product (the
/// issue's journey): the free line, the discount, the taxes and the total, stored as booked; the
/// report of orders counts the discounted value.
#[tokio::test]
async fn free_pieces_and_a_slab_are_booked_as_quoted() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let buyer = customer(&app, 4);
    taxes(&app, &buyer, "Maharashtra");
    let (cola, cola_price) = product(&app, "Cola 300ml");
    let (tea, tea_price) = product(&app, "Tea Leaf 250g");
    let (soap, _) = product(&app, "Bath Soap 100g");
    scheme(
        &app,
        json!({ "schemeId": 1, "version": 1, "name": "10 + 1 soap", "kind": "free_every", "validFrom": "2000-01-01",
                "products": [cola], "every": 10, "freeProductId": soap, "freeQuantity": 1 }),
    );
    scheme(&app, tea_percent(1, 500, tea));
    let order = body(&buyer, &[(cola, 10), (tea, 2)]);
    let quote = app.post("/users/order/quote", Some(&agent1), order.clone()).await;
    assert_eq!(quote.status, StatusCode::OK, "{}", quote.body);
    let q = &quote.body;
    assert_eq!(q["free"], json!([{ "productId": soap, "productName": "Bath Soap 100g", "quantity": 1, "schemeId": 1 }]));
    let tea_off = of_bp(2 * tea_price, 500);
    let tea_taxable = 2 * tea_price - tea_off;
    let cola_gross = 10 * cola_price;
    let total = cola_gross + of_bp(cola_gross, 1800) + tea_taxable + of_bp(tea_taxable, 500);
    assert_eq!(q["totals"]["discount"], amount(tea_off));
    assert_eq!(q["total"], amount(total));
    let mut booking = order;
    booking["expectedTotal"] = amount(total);
    let r = app.post("/users/order", Some(&agent1), booking).await;
    assert_eq!((r.body["total"].clone(), r.body["priceChanged"].clone()), (amount(total), json!(false)), "{}", r.body);
    assert_eq!(r.body["free"], q["free"]);
    let id = r.body["orderId"].as_i64().unwrap();
    assert_eq!(count(&app, &format!("SELECT quantity FROM order_free_lines WHERE order_id = {id} AND product_id = {soap}")), 1);
    assert_eq!(count(&app, &format!("SELECT taxable_paise FROM orders WHERE order_id = {id}")), cola_gross + tea_taxable);
    // A near miss: 5 more Cola for another free soap.
    let short = app.post("/users/order/quote", Some(&agent1), body(&buyer, &[(cola, 5)])).await;
    assert_eq!(short.body["nearMiss"][0]["needQuantity"], 5, "{}", short.body);
}

/// The quote has the booking's checks and scope: another agent's customer is a 404, a bad line a 400.
#[tokio::test]
async fn a_quote_is_checked_as_a_booking() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    let buyer = customer(&app, 0);
    let (cola, _) = product(&app, "Cola 300ml");
    assert_eq!(app.post("/users/order/quote", Some(&agent2), body(&buyer, &[(cola, 1)])).await.status, StatusCode::NOT_FOUND);
    app.post("/users/order/quote", Some(&agent1), body(&buyer, &[]))
        .await
        .expect(StatusCode::BAD_REQUEST, "Add at least one product to the order.");
    assert_eq!(app.post("/users/order/quote", None, body(&buyer, &[(cola, 1)])).await.status, StatusCode::UNAUTHORIZED);
}

/// The phone's copy: the set's version, schemes in the API's form (money as amounts), those naming
/// another agent's buyers left out, ended ones left out; every priced product's rate.
#[tokio::test]
async fn the_offline_copy_has_the_callers_schemes_and_the_rates() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let mine = customer(&app, 0);
    let theirs: String = app
        .conn()
        .query_row(
            "SELECT buyer_id FROM customers WHERE agent_id <> (SELECT uid FROM users WHERE email = 'agent1@demo.test') LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    taxes(&app, &mine, "Maharashtra");
    let (cola, cola_price) = product(&app, "Cola 300ml");
    let base = |id: i64, name: &str, buyers: Vec<String>, valid_to: Option<&str>| {
        json!({ "schemeId": id, "version": 1, "name": name, "kind": "order_flat", "validFrom": "2000-01-01", "validTo": valid_to,
                "slabs": [{ "minValue": 100_000, "flat": 5_050 }], "applies": { "buyerIds": buyers } })
    };
    scheme(&app, base(1, "For everyone", vec![], None));
    scheme(&app, base(2, "For mine", vec![mine.clone()], None));
    scheme(&app, base(3, "For theirs", vec![theirs], None));
    scheme(&app, base(4, "Ended", vec![], Some("2001-01-01")));
    let r = app.get("/users/schemes/offline", Some(&agent1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let names: Vec<&str> = r.body["schemes"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["For everyone", "For mine"]);
    assert_eq!(r.body["schemes"][0]["slabs"][0], json!({ "minValue": 1000.0, "flat": 50.5 }));
    assert_eq!(r.body["schemeVersion"], count(&app, "SELECT version FROM scheme_set"));
    let products = r.body["products"].as_array().unwrap();
    let row = products.iter().find(|p| p["productId"] == cola).unwrap();
    assert_eq!(row, &json!({ "productId": cola, "price": amount(cola_price), "gstRateBp": 1800, "hsn": "2202" }));
    let admin_only = app.as_admin().await;
    assert_eq!(app.get("/users/schemes/offline", Some(&admin_only)).await.status, StatusCode::OK);
}
