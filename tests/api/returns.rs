//! Returns, shelf stock and new shops (issue #54; CONTRACT.md "Returns, shelf stock and new
//! shops"): shelf counts and the suggested order, returns exactly once per clientId, valued at the
//! customer's last order (or the list price and GST for a product never ordered), approved into a
//! credit on the oldest invoices that the outstanding shows, the `returns` report; new shops with
//! the shared GSTIN/PAN/FSSAI rules, flagged repeats, approval into a customer for the agent (on
//! their phone's copy) with the orders that waited for it; every bad input a 400 with its code and
//! nothing half-written.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::orders::{count, today};
use crate::support::{Part, TestApp};

fn money(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("not an amount: {v}")) * 100.0).round() as i64
}

fn uid(app: &TestApp, email: &str) -> i64 {
    app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

/// A customer of agent1 with no returns, no invoices, no booked orders (the `skip`th).
fn customer(app: &TestApp, skip: usize) -> (String, i64) {
    app.conn()
        .query_row(
            &format!(
                "SELECT c.buyer_id, c.customer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = 'agent1@demo.test' AND c.customer_id NOT IN (SELECT customer_id FROM orders)
                   AND c.customer_id NOT IN (SELECT customer_id FROM invoices)
                 ORDER BY c.buyer_id LIMIT 1 OFFSET {skip}"
            ),
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

/// An active priced product with GST (the `skip`th): id, price paise, gst bp, pack size.
fn product(app: &TestApp, skip: usize) -> (i64, i64, i64, i64) {
    app.conn()
        .query_row(
            &format!(
                "SELECT product_id, price_paise, gst_rate_bp, COALESCE(pack_size, 1) FROM products
                 WHERE active = 1 AND price_paise > 0 AND gst_rate_bp > 0 ORDER BY product_id LIMIT 1 OFFSET {skip}"
            ),
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap()
}

fn distributor(app: &TestApp) -> i64 {
    app.conn().query_row("SELECT MIN(distributor_id) FROM distributors", [], |r| r.get(0)).unwrap()
}

fn ret(client: &str, buyer: &str, reason: &str, lines: Value) -> Value {
    json!({ "clientId": client, "buyerId": buyer, "reason": reason, "lines": lines })
}

#[tokio::test]
async fn a_shelf_count_suggests_two_weeks_of_the_average_less_the_shelf_in_packs() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let (buyer, customer) = customer(&app, 0);
    let (p, _, _, pack) = product(&app, 0);
    // 8 weeks of orders of p: 10 * pack pieces, plus an older one outside the window.
    let name: String = app.conn().query_row("SELECT name FROM products WHERE product_id = ?1", [p], |r| r.get(0)).unwrap();
    let recent = (fieldsales::clock::today() - chrono::Days::new(10)).format("%Y-%m-%d").to_string();
    let old = (fieldsales::clock::today() - chrono::Days::new(80)).format("%Y-%m-%d").to_string();
    app.conn()
        .execute_batch(&format!(
            "DELETE FROM order_lines WHERE customer_id = {customer};
             INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped)
             VALUES ('T-1', '{recent}', {customer}, 'Someone', '{name}', {q}), ('T-0', '{old}', {customer}, 'Someone', '{name}', 500);",
            q = 10 * pack
        ))
        .unwrap();
    let r = app.get(&format!("/users/customer/suggested-order/{buyer}"), Some(&agent)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["countedAt"], Value::Null);
    let line = &r.body["lines"][0];
    assert_eq!(line["productId"], p);
    // 10 packs in 8 weeks: two weeks are 2.5 packs, rounded up to 3 packs.
    assert_eq!(line["onShelf"], 0);
    assert_eq!(line["suggested"], 3 * pack);
    assert_eq!(money(&line["averageWeekly"]), (10 * pack * 100 + 4) / 8);
    // One pack on the shelf: 1.5 packs more, 2 packs.
    let count = json!({ "clientId": "count-1", "buyerId": buyer, "lines": [{ "productId": p, "quantity": pack }] });
    let r = app.post("/users/stock", Some(&agent), count.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["duplicate"], false);
    let again = app.post("/users/stock", Some(&agent), count).await;
    assert_eq!((again.body["duplicate"].clone(), again.body["countId"].clone()), (json!(true), r.body["countId"].clone()));
    let r = app.get(&format!("/users/customer/suggested-order/{buyer}"), Some(&agent)).await;
    assert_eq!(r.body["lines"][0]["onShelf"], pack);
    assert_eq!(r.body["lines"][0]["suggested"], 2 * pack);
    assert!(r.body["countedAt"].is_string());
    // Plenty on the shelf: nothing, never below 0.
    let r = app
        .post(
            "/users/stock",
            Some(&agent),
            json!({ "clientId": "count-2", "buyerId": buyer, "lines": [{ "productId": p, "quantity": 100 * pack }] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = app.get(&format!("/users/customer/suggested-order/{buyer}"), Some(&agent)).await;
    assert_eq!(r.body["lines"][0]["suggested"], 0);
    // Bad counts: a negative or fractional quantity, no lines, a product twice, an unknown one.
    let before = count_rows(&app);
    for (lines, code) in [
        (json!([{ "productId": p, "quantity": -1 }]), "quantity_not_valid"),
        (json!([{ "productId": p, "quantity": 1.5 }]), "quantity_not_valid"),
        (json!([]), "return_no_lines"),
        (json!([{ "productId": p, "quantity": 1 }, { "productId": p, "quantity": 2 }]), "return_line_repeated"),
        (json!([{ "productId": 999999, "quantity": 1 }]), "return_line_unknown_product"),
    ] {
        let r = app.post("/users/stock", Some(&agent), json!({ "clientId": "bad-count", "buyerId": buyer, "lines": lines })).await;
        assert_eq!((r.status, r.body["code"].as_str().unwrap_or_default()), (StatusCode::BAD_REQUEST, code), "{lines}: {}", r.body);
    }
    assert_eq!(count_rows(&app), before);
    // Another team's agent sees no such customer.
    let other = app.as_agent(4).await;
    assert_eq!(app.get(&format!("/users/customer/suggested-order/{buyer}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
    let r = app
        .post("/users/stock", Some(&other), json!({ "clientId": "x", "buyerId": buyer, "lines": [{ "productId": p, "quantity": 1 }] }))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

fn count_rows(app: &TestApp) -> i64 {
    count(
        app,
        "SELECT (SELECT COUNT(*) FROM shelf_counts) + (SELECT COUNT(*) FROM shelf_count_lines) + (SELECT COUNT(*) FROM returns)
              + (SELECT COUNT(*) FROM return_lines) + (SELECT COUNT(*) FROM outlet_proposals) + (SELECT COUNT(*) FROM customers)
              + (SELECT COUNT(*) FROM proposal_orders) + (SELECT COUNT(*) FROM orders)",
    )
}

#[tokio::test]
async fn returns_are_valued_at_the_last_order_and_approved_into_credits_on_the_oldest_invoices() {
    let app = TestApp::new();
    let (agent, manager, admin) = (app.as_agent(1).await, app.token("am@demo.test").await, app.as_admin().await);
    let (buyer, customer) = customer(&app, 1);
    let (ordered, _, _, _) = product(&app, 0);
    let (never, list, gst_bp, _) = product(&app, 1);
    // An order of 12 of `ordered`: its priced figures are what a return is worth.
    let r = app
        .post(
            "/users/order",
            Some(&agent),
            json!({ "buyerId": buyer, "distributorId": distributor(&app), "lines": [{ "productId": ordered, "quantity": 12 }] }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let line = &r.body["lines"][0];
    let (taxable, tax) = (money(&line["taxable"]), money(&line["cgst"]) + money(&line["sgst"]) + money(&line["igst"]));
    // Two invoices, the older first.
    let old = (fieldsales::clock::today() - chrono::Days::new(70)).format("%Y-%m-%d").to_string();
    let due = (fieldsales::clock::today() - chrono::Days::new(40)).format("%Y-%m-%d").to_string();
    app.conn()
        .execute_batch(&format!(
            "INSERT INTO invoices (invoice_no, customer_id, invoice_date, due_date, amount_paise, uploaded_at, updated_at)
             VALUES ('RT-1', {customer}, '{old}', '{due}', 500, 0, 0), ('RT-2', {customer}, '{t}', '{t}', 100000000, 0, 0);",
            t = today()
        ))
        .unwrap();

    // Bad returns: 400s with codes, nothing written.
    let future = (fieldsales::clock::today() + chrono::Days::new(30)).format("%Y-%m-%d").to_string();
    let past = (fieldsales::clock::today() - chrono::Days::new(3)).format("%Y-%m-%d").to_string();
    let before = count_rows(&app);
    for (body, code) in [
        (ret("b1", &buyer, "damaged", json!([{ "productId": ordered, "quantity": 0, "batch": "B1" }])), "quantity_not_valid"),
        (ret("b1", &buyer, "damaged", json!([{ "productId": ordered, "quantity": -2, "batch": "B1" }])), "quantity_not_valid"),
        (
            ret("b1", &buyer, "expired", json!([{ "productId": ordered, "quantity": 1, "batch": "B1", "expiry": future }])),
            "return_expiry_in_future",
        ),
        (ret("b1", &buyer, "expired", json!([{ "productId": ordered, "quantity": 1, "batch": "B1" }])), "return_expiry_required"),
        (
            ret("b1", &buyer, "near_expiry", json!([{ "productId": ordered, "quantity": 1, "batch": "B1", "expiry": past }])),
            "return_expiry_passed",
        ),
        (ret("b1", &buyer, "expired", json!([{ "productId": ordered, "quantity": 1, "expiry": past }])), "return_batch_required"),
        (
            ret("b1", &buyer, "expired", json!([{ "productId": ordered, "quantity": 1, "batch": "B", "expiry": "31/12/2020" }])),
            "return_expiry_not_a_date",
        ),
        (ret("b1", &buyer, "broken", json!([{ "productId": ordered, "quantity": 1 }])), "return_reason_not_valid"),
        (ret("b1", &buyer, "other", json!([])), "return_no_lines"),
        (ret("b1", &buyer, "other", json!([{ "productId": 999999, "quantity": 1 }])), "return_line_unknown_product"),
        (ret("", &buyer, "other", json!([{ "productId": ordered, "quantity": 1 }])), "returns_client_id_required"),
    ] {
        let r = app.post("/users/return", Some(&agent), body.clone()).await;
        assert_eq!((r.status, r.body["code"].as_str().unwrap_or_default()), (StatusCode::BAD_REQUEST, code), "{body}: {}", r.body);
    }
    assert_eq!(count_rows(&app), before);

    // 5 of the ordered product (valued at the order: 5/12 of its line) and 2 never ordered (list
    // price and GST), exactly once per clientId.
    let body = ret(
        "ret-1",
        &buyer,
        "expired",
        json!([{ "productId": ordered, "quantity": 5, "batch": "B-7", "expiry": past }, { "productId": never, "quantity": 2, "batch": "B-8", "expiry": past }]),
    );
    let r = app.post("/users/return", Some(&agent), body.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["status"].as_str(), r.body["duplicate"].as_bool()), (Some("Submitted"), Some(false)));
    let at_order = (taxable * 5 + 6) / 12 + (tax * 5 + 6) / 12;
    let at_list = 2 * list + (2 * list * gst_bp + 5000) / 10000;
    assert_eq!(money(&r.body["value"]), at_order + at_list);
    let id = r.body["returnId"].as_i64().unwrap();
    let again = app.post("/users/return", Some(&agent), body).await;
    assert_eq!((again.body["returnId"].as_i64(), again.body["duplicate"].as_bool()), (Some(id), Some(true)));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM returns"), 1);
    let clash = app
        .post(
            "/users/return",
            Some(&agent),
            ret("ret-1", &customer_of_other(&app), "other", json!([{ "productId": ordered, "quantity": 1 }])),
        )
        .await;
    assert_eq!((clash.status, clash.body["code"].as_str()), (StatusCode::CONFLICT, Some("return_client_id_clash")));

    // Listed with its lines, how each was valued.
    let r = app.get("/users/returns?status=Submitted", Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let row = r.body["data"].as_array().unwrap().iter().find(|x| x["returnId"] == id).unwrap().clone();
    assert_eq!(row["lines"][0]["valuedFrom"], "order");
    assert_eq!(row["lines"][1]["valuedFrom"], "list");
    assert_eq!(app.get("/users/returns?status=Nope", Some(&manager)).await.status, StatusCode::BAD_REQUEST);
    // Another team's agent does not see it, nor can an agent approve.
    let other = app.as_agent(4).await;
    let theirs = app.get("/users/returns", Some(&other)).await;
    assert!(theirs.body["data"].as_array().unwrap().iter().all(|x| x["returnId"] != id));
    assert_eq!(app.post(&format!("/users/return/{id}/approve"), Some(&agent), json!({})).await.status, StatusCode::FORBIDDEN);

    // Approved: a credit on the oldest invoice first, then the next; the outstanding shows it.
    let before = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent)).await;
    let r = app.post(&format!("/users/return/{id}/approve"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let value = at_order + at_list;
    let allocations: Vec<(String, i64)> = r.body["allocations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["invoiceNo"].as_str().unwrap().to_string(), money(&a["amount"])))
        .collect();
    assert_eq!(allocations, vec![("RT-1".to_string(), 500), ("RT-2".to_string(), value - 500)]);
    let after = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent)).await;
    assert_eq!(money(&before.body["total"]) - money(&after.body["total"]), value);
    assert_eq!(money(&after.body["ageing"]["days31to60"]), 0);
    assert_eq!(after.body["credits"][0]["returnId"], id);
    assert_eq!(money(&after.body["credits"][0]["amount"]), value);
    assert_eq!(app.post(&format!("/users/return/{id}/reject"), Some(&manager), json!({})).await.status, StatusCode::CONFLICT);

    // A rejected return credits nothing.
    let r =
        app.post("/users/return", Some(&agent), ret("ret-2", &buyer, "wrong_item", json!([{ "productId": never, "quantity": 1 }]))).await;
    let id2 = r.body["returnId"].as_i64().unwrap();
    let r = app.post(&format!("/users/return/{id2}/reject"), Some(&admin), json!({ "reason": "Not ours" })).await;
    assert_eq!((r.status, r.body["status"].as_str()), (StatusCode::OK, Some("Rejected")));
    assert_eq!(app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent)).await.body["total"], after.body["total"]);

    // The returns report: a row per line, the values as recorded.
    let t = today();
    let r = app.get(&format!("/report/returns?fromDate={t}&toDate={t}&search={buyer}"), Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let link = r.body["excelPath"].as_str().unwrap_or_else(|| panic!("{}", r.body));
    let rows = crate::reports::sheet(&crate::reports::fetch(&app, link).await.expect("report"));
    assert_eq!(rows.len(), 1 + 3, "{rows:?}");
    assert_eq!(rows[0][0].to_string(), "Return ID");
    assert_eq!(app.get(&format!("/report/returns?fromDate={t}&toDate={t}"), Some(&agent)).await.status, StatusCode::FORBIDDEN);
}

/// A customer of another agent (agent2's).
fn customer_of_other(app: &TestApp) -> String {
    app.conn()
        .query_row(
            "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id WHERE u.email = 'agent1@demo.test' ORDER BY c.buyer_id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

fn shop(client: &str, name: &str, mobile: &str) -> Value {
    json!({
        "clientId": client, "buyerName": name, "mobile": mobile, "address1": "12 MG Road", "city": "Pune",
        "state": "Maharashtra", "postalCode": "411001", "latitude": 18.5204, "longitude": 73.8567, "retailerType": "Retailer",
        "gstin": "27AAPFU0939F1ZV", "pan": "AAPFU0939F", "fssai": "10012022000123"
    })
}

fn with(mut body: Value, extra: Value) -> Value {
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

#[tokio::test]
async fn new_shops_are_checked_flagged_and_approved_into_customers_with_their_waiting_orders() {
    let app = TestApp::new();
    let (agent, manager) = (app.as_agent(1).await, app.token("am@demo.test").await);
    let (p, _, _, _) = product(&app, 0);

    // Bad proposals: 400s with codes (the shared tax id rules), nothing written.
    let before = count_rows(&app);
    for (extra, code) in [
        (json!({ "gstin": "27AAPFU0939F1ZW" }), "gstin_invalid"),
        (json!({ "gstin": "29AABCT1332L1ZA" }), "gstin_invalid"),
        (json!({ "pan": "ABCDE12345" }), "pan_invalid"),
        (json!({ "fssai": "1001202200012A" }), "fssai_invalid"),
        (json!({ "mobile": "98765" }), "outlet_mobile_not_valid"),
        (json!({ "buyerName": " " }), "outlet_field_required"),
        (json!({ "postalCode": "4110" }), "outlet_postal_code_not_valid"),
        (json!({ "latitude": null }), "outlet_position_required"),
        (json!({ "retailerType": "Kiosk" }), "outlet_retailer_type_not_valid"),
    ] {
        let body = with(shop("bad", "Sharma General Store", "9876500001"), extra.clone());
        let r = app.post("/users/outlet/propose", Some(&agent), body).await;
        assert_eq!((r.status, r.body["code"].as_str().unwrap_or_default()), (StatusCode::BAD_REQUEST, code), "{extra}: {}", r.body);
    }
    let r =
        app.post("/users/outlet/propose", Some(&agent), with(shop("bad", "S", "9876500001"), json!({ "gstin": "27AAPFU0939F1ZW" }))).await;
    assert_eq!(r.body["params"]["reason"], "checksum");
    let r =
        app.post("/users/outlet/propose", Some(&agent), with(shop("bad", "S", "9876500001"), json!({ "gstin": "29AABCT1332L1ZA" }))).await;
    assert_eq!(r.body["params"]["reason"], "state");
    assert_eq!(count_rows(&app), before);
    // Managers propose nothing (the right is the agents').
    assert_eq!(app.post("/users/outlet/propose", Some(&manager), shop("m", "M", "9876500001")).await.status, StatusCode::FORBIDDEN);

    // A proposal, exactly once per clientId.
    let r = app.post("/users/outlet/propose", Some(&agent), shop("shop-1", "Sharma General Store", "9876500001")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["status"].as_str(), r.body["duplicate"].as_bool()), (Some("Pending"), Some(false)));
    assert_eq!(r.body["likelyDuplicate"], Value::Null);
    let proposal = r.body["proposalId"].as_i64().unwrap();
    let again = app.post("/users/outlet/propose", Some(&agent), shop("shop-1", "Sharma General Store", "9876500001")).await;
    assert_eq!((again.body["proposalId"].as_i64(), again.body["duplicate"].as_bool()), (Some(proposal), Some(true)));
    // The same shop again under another clientId: a 400; a near one with a similar name is flagged.
    let r = app.post("/users/outlet/propose", Some(&agent), shop("shop-2", "Sharma General Stores", "9876500001")).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("outlet_already_proposed")));
    let near = with(shop("shop-3", "sharma general", "9876500002"), json!({ "latitude": 18.52055, "longitude": 73.8567 }));
    let r = app.post("/users/outlet/propose", Some(&agent), near).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["likelyDuplicate"]["reason"], "nearby");
    assert_eq!(r.body["likelyDuplicate"]["proposalId"], proposal);
    let near_id = r.body["proposalId"].as_i64().unwrap();
    // The mobile of an existing customer is flagged with its Buyer ID.
    let (existing, mobile): (String, String) = app
        .conn()
        .query_row("SELECT buyer_id, mobile FROM customers WHERE mobile IS NOT NULL AND length(mobile) = 10 LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    let r = app
        .post(
            "/users/outlet/propose",
            Some(&agent),
            with(shop("shop-4", "Totally New Traders", &mobile), json!({ "latitude": 10.0, "longitude": 77.0 })),
        )
        .await;
    assert_eq!(
        (r.body["likelyDuplicate"]["reason"].as_str(), r.body["likelyDuplicate"]["buyerId"].as_str()),
        (Some("mobile"), Some(existing.as_str()))
    );

    // An order for the pending shop waits (once per clientId); it needs its clientId and distributor.
    let order = json!({ "clientId": "first-order", "proposalId": proposal, "distributorId": distributor(&app), "lines": [{ "productId": p, "quantity": 6 }] });
    let r = app.post("/users/order", Some(&agent), order.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["code"].as_str(), r.body["status"].as_str()), (Some("order_waits_for_shop"), Some("Awaiting shop approval")));
    assert_eq!(app.post("/users/order", Some(&agent), order.clone()).await.body["duplicate"], true);
    let r = app.post("/users/order", Some(&agent), with(order.clone(), json!({ "clientId": "o2", "distributorId": null }))).await;
    assert_eq!(r.body["code"], "order_shop_distributor_required");
    let r = app
        .post("/users/order", Some(&agent), with(order.clone(), json!({ "clientId": "o3", "lines": [{ "productId": p, "quantity": 0 }] })))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let other = app.as_agent(4).await;
    assert_eq!(
        app.post("/users/order", Some(&other), with(order.clone(), json!({ "clientId": "o4" }))).await.status,
        StatusCode::NOT_FOUND
    );

    // The manager's list flags the repeat and counts the waiting order.
    let r = app.get("/users/outlet/proposals?status=Pending", Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let row = r.body["data"].as_array().unwrap().iter().find(|x| x["proposalId"] == proposal).unwrap().clone();
    assert_eq!(row["waitingOrders"], 1);
    assert_eq!(row["gstin"], "27AAPFU0939F1ZV");
    assert!(app.get("/users/outlet/proposals", Some(&other)).await.body["data"].as_array().unwrap().is_empty());
    assert_eq!(
        app.post(&format!("/users/outlet/proposal/{proposal}/approve"), Some(&agent), json!({})).await.status,
        StatusCode::FORBIDDEN
    );

    // Approved: the customer, with a new Buyer ID, for the agent; the waiting order booked under it.
    let r = app.post(&format!("/users/outlet/proposal/{proposal}/approve"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let buyer = r.body["buyerId"].as_str().unwrap().to_string();
    let orders = r.body["orders"].as_array().unwrap().clone();
    assert_eq!(orders.len(), 1, "{}", r.body);
    let (owner, gstin): (i64, Option<String>) = app
        .conn()
        .query_row("SELECT agent_id, gstin FROM customers WHERE buyer_id = ?1", [&buyer], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((owner, gstin.as_deref()), (uid(&app, "agent1@demo.test"), Some("27AAPFU0939F1ZV")));
    let booked = app.get(&format!("/users/order/{}", orders[0]), Some(&agent)).await;
    assert_eq!(booked.body["buyerId"], buyer.as_str());
    // A repeat of the waiting order's send now answers the same wait; a new order books at once.
    let r = app.post("/users/order", Some(&agent), with(order.clone(), json!({ "clientId": "after" }))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::OK, Some("order_booked")), "{}", r.body);
    let booked = app.get(&format!("/users/order/{}", r.body["orderId"]), Some(&agent)).await;
    assert_eq!(booked.body["buyerId"], buyer.as_str());
    // On the agent's phone copy.
    let copy = app.get("/users/customer/offline", Some(&agent)).await;
    let mut found = copy.body["customers"].as_array().unwrap().iter().any(|c| c["buyerId"] == buyer.as_str());
    let mut cursor = copy.body["cursor"].clone();
    while !found && copy.body["complete"] == false {
        let page = app.get(&format!("/users/customer/offline?cursor={}", cursor.as_str().unwrap_or_default()), Some(&agent)).await;
        found = page.body["customers"].as_array().unwrap().iter().any(|c| c["buyerId"] == buyer.as_str());
        cursor = page.body["cursor"].clone();
        if page.body["complete"] == true {
            break;
        }
    }
    assert!(found, "the new customer is on the phone's copy");
    assert_eq!(
        app.post(&format!("/users/outlet/proposal/{proposal}/approve"), Some(&manager), json!({})).await.status,
        StatusCode::CONFLICT
    );

    // Rejected with a reason (required); its waiting orders are refused.
    let order = json!({ "clientId": "near-order", "proposalId": near_id, "distributorId": distributor(&app), "lines": [{ "productId": p, "quantity": 6 }] });
    assert_eq!(app.post("/users/order", Some(&agent), order.clone()).await.status, StatusCode::OK);
    let r = app.post(&format!("/users/outlet/proposal/{near_id}/reject"), Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("outlet_reject_reason_required")));
    let r = app.post(&format!("/users/outlet/proposal/{near_id}/reject"), Some(&manager), json!({ "reason": "Same shop as Sharma" })).await;
    assert_eq!((r.status, r.body["status"].as_str()), (StatusCode::OK, Some("Rejected")));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM proposal_orders WHERE refused_code = 'outlet_rejected'"), 1);
    let r = app.post("/users/order", Some(&agent), with(order, json!({ "clientId": "near-2" }))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("order_shop_rejected")));
}

#[tokio::test]
async fn a_return_names_its_photo_from_the_visit_photo_pipeline() {
    // A return names its photo by the photo's clientId (sent through the visit photo pipeline);
    // the list answers the photo's id for the manager to open.
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let (buyer, _) = customer(&app, 2);
    let (p, _, _, _) = product(&app, 0);
    let visit =
        json!({ "buyerID": buyer, "outcomeId": 2, "remark": "returns", "clientId": "v-ret", "visitedAt": chrono::Utc::now().to_rfc3339() });
    assert_eq!(app.post("/users/customer/details", Some(&agent), visit).await.status, StatusCode::OK);
    let r = app
        .multipart(
            "/users/visit/photo",
            Some(&agent),
            vec![
                ("file", Part::File { name: "damaged.jpg", bytes: crate::photos::jpeg(7, 640, 480, 80) }),
                ("clientId", Part::Text("ph-ret")),
                ("visitClientId", Part::Text("v-ret")),
                ("label", Part::Text("other")),
                ("takenAt", Part::Text(Box::leak(chrono::Utc::now().to_rfc3339().into_boxed_str()))),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let photo = r.body["photoId"].as_i64().unwrap();
    let body = with(
        ret("ret-photo", &buyer, "damaged", json!([{ "productId": p, "quantity": 2, "batch": "B-1" }])),
        json!({ "photoClientId": "ph-ret" }),
    );
    assert_eq!(app.post("/users/return", Some(&agent), body).await.status, StatusCode::OK);
    let list = app.get(&format!("/users/returns?buyerId={buyer}"), Some(&manager)).await;
    assert_eq!(list.body["data"][0]["photoId"], photo);
}

#[tokio::test]
async fn a_version_38_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 38, crate::support::downgrade_to_schema_38);
}

#[tokio::test]
async fn the_rights_of_issue_54_are_granted_once() {
    let app = TestApp::new();
    let rights = |t: i64| -> Vec<String> {
        let conn = app.conn();
        let mut stmt = conn
            .prepare("SELECT r.code FROM user_type_rights g JOIN rights r ON r.right_id = g.right_id WHERE g.user_type_id = ?1 AND r.right_id IN (51, 52, 53) ORDER BY r.right_id")
            .unwrap();
        stmt.query_map([t], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    assert_eq!(rights(1), ["return_approval", "outlet_proposal", "outlet_approval"]);
    assert!(rights(2).is_empty());
    assert_eq!(rights(3), ["return_approval", "outlet_approval"]);
    assert_eq!(rights(4), ["outlet_proposal"]);
}

fn now_text() -> &'static str {
    Box::leak(chrono::Utc::now().to_rfc3339().into_boxed_str())
}

/// The photo of a new shop's front goes through the visit photo pipeline, named by the proposal's
/// clientId (decision 46): kept once per clientId, one per proposal, only the proposer's; the
/// approver's list answers where to fetch it, in scope only.
#[tokio::test]
async fn a_new_shops_photo_goes_through_the_photo_pipeline_and_shows_to_the_approver() {
    let app = TestApp::new();
    let (agent, manager, other) = (app.as_agent(1).await, app.token("am@demo.test").await, app.as_agent(4).await);
    let r = app.post("/users/outlet/propose", Some(&agent), shop("front-shop", "Gupta Kirana", "9876500011")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let proposal = r.body["proposalId"].as_i64().unwrap();
    let bare = app.post("/users/outlet/propose", Some(&agent), shop("bare-shop", "Verma Traders", "9876500012")).await;
    let bare = bare.body["proposalId"].as_i64().unwrap();
    let send = |client: &'static str, proposal_client: &'static str, token: String| {
        let app = &app;
        async move {
            app.multipart(
                "/users/visit/photo",
                Some(&token),
                vec![
                    ("clientId", Part::Text(client)),
                    ("proposalClientId", Part::Text(proposal_client)),
                    ("takenAt", Part::Text(now_text())),
                    ("file", Part::File { name: "front.jpg", bytes: crate::photos::jpeg(11, 800, 600, 80) }),
                ],
            )
            .await
        }
    };
    // A proposal not (yet) on the server: a 404 the phone's queue waits on, as for a visit.
    let r = send("front-0", "no-such-shop", agent.clone()).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("photo_shop_not_found")), "{}", r.body);
    // Only its proposer sends it.
    let r = send("front-x", "front-shop", other.clone()).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("photo_shop_not_found")));
    let r = send("front-1", "front-shop", agent.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["code"].as_str(), r.body["duplicate"].as_bool()), (Some("photo_saved"), Some(false)));
    let photo = r.body["photoId"].as_i64().unwrap();
    let again = send("front-1", "front-shop", agent.clone()).await;
    assert_eq!((again.body["photoId"].as_i64(), again.body["duplicate"].as_bool()), (Some(photo), Some(true)));
    let r = send("front-2", "front-shop", agent.clone()).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("photo_shop_has_photo")));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM proposal_photos"), 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM visit_photos"), 0);

    // The approver sees it beside the proposal; the proposal without one has none.
    let list = app.get("/users/outlet/proposals?status=Pending", Some(&manager)).await;
    let rows = list.body["data"].as_array().unwrap();
    let row = rows.iter().find(|x| x["proposalId"] == proposal).unwrap();
    assert_eq!(row["photoId"], photo);
    let (url, thumb) = (row["photoUrl"].as_str().unwrap().to_string(), row["photoThumbUrl"].as_str().unwrap().to_string());
    assert_eq!(url, format!("/webapi/api/users/outlet/proposal/{proposal}/photo/file"));
    let none = rows.iter().find(|x| x["proposalId"] == bare).unwrap();
    assert_eq!((none["photoId"].clone(), none["photoUrl"].clone()), (Value::Null, Value::Null));
    for (link, side) in [(&url, 800), (&thumb, 320)] {
        let (status, headers, body) = crate::photos::fetch(&app, link, &manager).await;
        assert_eq!((status, headers["content-type"].to_str().unwrap()), (StatusCode::OK, "image/jpeg"), "{link}");
        assert_eq!(image::load_from_memory(&body).unwrap().width(), side);
        // The proposer too; another team's agent never.
        assert_eq!(crate::photos::fetch(&app, link, &agent).await.0, StatusCode::OK);
        assert_eq!(crate::photos::fetch(&app, link, &other).await.0, StatusCode::NOT_FOUND);
    }
    let (status, _, _) = crate::photos::fetch(&app, &format!("/webapi/api/users/outlet/proposal/{bare}/photo/file"), &manager).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The prune keeps its file: a proposal's photo names its hash.
    let sha: String = app.conn().query_row("SELECT sha256 FROM proposal_photos", [], |r| r.get(0)).unwrap();
    assert!(fieldsales::photos::api::hash_named(&app.conn(), &sha).unwrap());
}

/// A visit alone (no order) to a pending shop waits for its approval and is saved then under the
/// new Buyer ID (decision 47); checked at once, once per clientId; a rejection refuses it.
#[tokio::test]
async fn a_visit_alone_to_a_pending_shop_waits_and_is_saved_under_the_new_buyer_id() {
    let app = TestApp::new();
    let (agent, manager, other) = (app.as_agent(1).await, app.token("am@demo.test").await, app.as_agent(4).await);
    let proposal = app.post("/users/outlet/propose", Some(&agent), shop("visit-shop", "Rao Stores", "9876500021")).await;
    let proposal = proposal.body["proposalId"].as_i64().unwrap();
    let visit = json!({ "proposalId": proposal, "outcomeId": 2, "remark": "signed up", "clientId": "shop-visit",
                        "visitedAt": now_text(), "latitude": 18.5204, "longitude": 73.8567, "accuracy": 10 });
    let r = app.post("/users/customer/details", Some(&agent), visit.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["code"].as_str(), r.body["status"].as_str()), (Some("visit_waits_for_shop"), Some("Awaiting shop approval")));
    assert_eq!((r.body["proposalId"].as_i64(), r.body["duplicate"].as_bool()), (Some(proposal), Some(false)));
    let again = app.post("/users/customer/details", Some(&agent), visit.clone()).await;
    assert_eq!((again.body["waitId"].clone(), again.body["duplicate"].as_bool()), (r.body["waitId"].clone(), Some(true)));
    // Bad ones: 400s with codes, nothing kept; another team's agent does not find the shop.
    for (extra, code) in [
        (json!({ "clientId": null }), "visit_shop_client_id_required"),
        (json!({ "clientId": "v-bad", "outcomeId": 0 }), "visit_outcome_required"),
        (json!({ "clientId": "v-bad", "visitedAt": "yesterday" }), "visit_time_not_valid"),
        (json!({ "clientId": "v-bad", "latitude": 123.0 }), "location_not_valid"),
    ] {
        let r = app.post("/users/customer/details", Some(&agent), with(visit.clone(), extra.clone())).await;
        assert_eq!((r.status, r.body["code"].as_str().unwrap_or_default()), (StatusCode::BAD_REQUEST, code), "{extra}: {}", r.body);
    }
    let r = app.post("/users/customer/details", Some(&other), with(visit.clone(), json!({ "clientId": "v-other" }))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("visit_shop_not_found")));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM proposal_visits"), 1);
    let visits_before = count(&app, "SELECT COUNT(*) FROM visits");
    // Its photo waits too (the visit is not on the server yet).
    let photo = |client: &'static str| {
        let (app, agent) = (&app, agent.clone());
        async move {
            app.multipart(
                "/users/visit/photo",
                Some(&agent),
                vec![
                    ("clientId", Part::Text(client)),
                    ("visitClientId", Part::Text("shop-visit")),
                    ("file", Part::File { name: "shelf.jpg", bytes: crate::photos::jpeg(12, 640, 480, 80) }),
                ],
            )
            .await
        }
    };
    assert_eq!(photo("shop-visit-photo").await.body["code"], "photo_visit_not_found");
    let list = app.get("/users/outlet/proposals?status=Pending", Some(&manager)).await;
    let row = list.body["data"].as_array().unwrap().iter().find(|x| x["proposalId"] == proposal).unwrap().clone();
    assert_eq!((row["waitingVisits"].as_i64(), row["waitingOrders"].as_i64()), (Some(1), Some(0)));

    // Approved: the visit is saved under the new Buyer ID, as its agent's, at the phone's time.
    let r = app.post(&format!("/users/outlet/proposal/{proposal}/approve"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let buyer = r.body["buyerId"].as_str().unwrap().to_string();
    let visits = r.body["visits"].as_array().unwrap().clone();
    assert_eq!((visits.len(), r.body["refused"].as_array().unwrap().len()), (1, 0), "{}", r.body);
    let (saved_buyer, agent_id, client, status): (String, i64, String, String) = app
        .conn()
        .query_row(
            "SELECT c.buyer_id, v.agent_id, v.client_id, v.location_status FROM visits v JOIN customers c ON c.customer_id = v.customer_id
             WHERE v.visit_id = ?1",
            [visits[0].as_i64().unwrap()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(
        (saved_buyer, agent_id, client.as_str(), status.as_str()),
        (buyer.clone(), uid(&app, "agent1@demo.test"), "shop-visit", "verified")
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM visits"), visits_before + 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM proposal_visits WHERE visit_id IS NOT NULL"), 1);
    // Now its photo goes through; a visit naming the approved shop is saved at once.
    assert_eq!(photo("shop-visit-photo").await.status, StatusCode::OK);
    let r = app.post("/users/customer/details", Some(&agent), with(visit.clone(), json!({ "clientId": "v-after" }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body["visitId"].as_i64().is_some() && r.body.get("waitId").is_none(), "{}", r.body);

    // A rejected shop: its waiting visit is refused, a new one is a 409.
    let gone = app.post("/users/outlet/propose", Some(&agent), shop("gone-shop", "Nair Agencies", "9876500022")).await;
    let gone = gone.body["proposalId"].as_i64().unwrap();
    let waiting = with(visit.clone(), json!({ "clientId": "v-gone", "proposalId": gone }));
    assert_eq!(app.post("/users/customer/details", Some(&agent), waiting.clone()).await.body["code"], "visit_waits_for_shop");
    let r = app.post(&format!("/users/outlet/proposal/{gone}/reject"), Some(&manager), json!({ "reason": "Closed down" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM proposal_visits WHERE refused_code = 'outlet_rejected'"), 1);
    let r = app.post("/users/customer/details", Some(&agent), with(waiting, json!({ "clientId": "v-gone-2" }))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("visit_shop_rejected")));
}

/// What a return's credit left unallocated (no open invoice) goes to the customer's invoices
/// uploaded later, oldest first, oldest credit first (decision 46); the outstanding and its ageing
/// show it.
#[tokio::test]
async fn an_unallocated_credit_goes_to_invoices_uploaded_later() {
    let app = TestApp::new();
    let (agent, manager, admin) = (app.as_agent(1).await, app.token("am@demo.test").await, app.as_admin().await);
    let (buyer, customer) = customer(&app, 3);
    let (p, list, gst_bp, _) = product(&app, 1);
    // Two returns approved while the customer owes nothing: all of each stays unallocated.
    let mut values = Vec::new();
    for (client, quantity) in [("late-1", 3), ("late-2", 1)] {
        let r = app
            .post("/users/return", Some(&agent), ret(client, &buyer, "wrong_item", json!([{ "productId": p, "quantity": quantity }])))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let id = r.body["returnId"].as_i64().unwrap();
        let r = app.post(&format!("/users/return/{id}/approve"), Some(&manager), json!({})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let value = quantity * list + (quantity * list * gst_bp + 5000) / 10000;
        assert_eq!((r.body["allocations"].as_array().unwrap().len(), money(&r.body["unallocated"])), (0, value));
        values.push((id, value));
    }
    let [(first, v1), (second, v2)] = [values[0], values[1]];
    let before = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent)).await;
    assert_eq!(money(&before.body["total"]), 0);
    assert_eq!(money(&before.body["credits"][1]["unallocated"]), v1);

    // Two invoices uploaded later (each row takes what is left as it lands), the older (overdue)
    // smaller than the first credit: it is paid off, the rest of the first credit and then the
    // second go to the newer one.
    let day = |offset: u64| (fieldsales::clock::today() - chrono::Days::new(offset)).format("%Y-%m-%d").to_string();
    let (old_amount, new_amount) = (v1 / 2, 10_000_000);
    let old_text = format!("{}.{:02}", old_amount / 100, old_amount % 100);
    let (d70, d40, d5) = (day(70), day(40), day(5));
    let due_new = (fieldsales::clock::today() + chrono::Days::new(25)).format("%Y-%m-%d").to_string();
    let (header, old_row, new_row) = (
        ["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date"],
        ["LATE-OLD", buyer.as_str(), d70.as_str(), old_text.as_str(), d40.as_str()],
        ["LATE-NEW", buyer.as_str(), d5.as_str(), "100000", due_new.as_str()],
    );
    let rows: Vec<&[&str]> = vec![&header, &old_row, &new_row];
    let r = app
        .multipart(
            "/users/invoice/upload",
            Some(&admin),
            vec![("invoicedata", Part::File { name: "invoices.xlsx", bytes: crate::support::workbook(&rows) })],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let paid =
        |no: &str| -> i64 { app.conn().query_row("SELECT paid_paise FROM invoices WHERE invoice_no = ?1", [no], |r| r.get(0)).unwrap() };
    assert_eq!((paid("LATE-OLD"), paid("LATE-NEW")), (old_amount, v1 - old_amount + v2));
    let allocated = |ret: i64| -> i64 {
        app.conn()
            .query_row("SELECT COALESCE(SUM(amount_paise), 0) FROM return_allocations WHERE return_id = ?1", [ret], |r| r.get(0))
            .unwrap()
    };
    assert_eq!((allocated(first), allocated(second)), (v1, v2));
    let unallocated: i64 =
        app.conn().query_row("SELECT SUM(unallocated_paise) FROM returns WHERE customer_id = ?1", [customer], |r| r.get(0)).unwrap();
    assert_eq!(unallocated, 0);
    let after = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent)).await;
    assert_eq!(money(&after.body["total"]), new_amount - (v1 - old_amount + v2));
    assert_eq!(money(&after.body["ageing"]["days31to60"]), 0, "the overdue invoice is paid off by the credit");
    assert_eq!((money(&after.body["credits"][0]["allocated"]), money(&after.body["credits"][0]["unallocated"])), (v2, 0));
    // Uploading the same invoices again moves nothing more.
    let r = app
        .multipart(
            "/users/invoice/upload",
            Some(&admin),
            vec![("invoicedata", Part::File { name: "invoices.xlsx", bytes: crate::support::workbook(&rows) })],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((paid("LATE-OLD"), paid("LATE-NEW")), (old_amount, v1 - old_amount + v2));
}

#[tokio::test]
async fn a_version_40_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 40, crate::support::downgrade_to_schema_40);
}
