//! Credit limits (issue #38): a customer's limit by upload and by the manager's edit; an order over
//! it is held "Awaiting approval" with the reason, not mailed until a manager of the customer's
//! agent approves it, never when rejected; the judgement sits in the booking's transaction, so two
//! orders sent at once cannot both slip under the limit.

use axum::http::StatusCode;
use fieldsales::platform::money::Money;
use serde_json::{json, Value};

use crate::orders::{new_user, upload};
use crate::support::{Reply, TestApp};

/// A customer of agent1 without booked orders or invoices (the demo seeds invoices for some) whose
/// usual distributor has an email address (`skip` picks another), with its id.
fn customer(app: &TestApp, skip: usize) -> (String, i64) {
    app.conn()
        .query_row(
            &format!(
                "SELECT c.buyer_id, c.customer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = 'agent1@demo.test' AND c.customer_id NOT IN (SELECT customer_id FROM orders)
                   AND c.customer_id NOT IN (SELECT customer_id FROM invoices)
                   AND (SELECT d.email FROM order_lines o JOIN distributors d ON d.name = o.seller_name
                        WHERE o.customer_id = c.customer_id ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) IS NOT NULL
                 ORDER BY c.buyer_id LIMIT 1 OFFSET {skip}"
            ),
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

/// The demo's Cola: its id and price in paise.
fn cola(app: &TestApp) -> (i64, i64) {
    app.conn()
        .query_row("SELECT product_id, price_paise FROM products WHERE name = 'Cola 300ml'", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
}

/// The demo's Cola 300ml with its GST, in paise (issue #52): 25.00 at 28 %, (2500 * 2800 + 5000)
/// div 10000 = 700 paise of tax on one piece, exactly 700 a piece on any number of them. The credit
/// check weighs an order's total with tax.
fn cola_with_gst(app: &TestApp) -> i64 {
    let (price, rate): (i64, i64) = app
        .conn()
        .query_row("SELECT price_paise, gst_rate_bp FROM products WHERE name = 'Cola 300ml'", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((price, rate), (2500, 2800), "the demo's price and rate the figures are worked from");
    3200
}

/// An invoice of `paise` for the customer (the invoice upload is another part of #38).
fn invoice(app: &TestApp, customer: i64, no: &str, paise: i64) {
    app.conn()
        .execute(
            "INSERT INTO invoices (invoice_no, customer_id, invoice_date, due_date, amount_paise, uploaded_at, updated_at)
             VALUES (?1, ?2, '2026-01-01', '2026-01-31', ?3, 0, 0)",
            rusqlite::params![no, customer, paise],
        )
        .unwrap();
}

fn set_limit(app: &TestApp, customer: i64, paise: Option<i64>) {
    app.conn().execute("UPDATE customers SET credit_limit_paise = ?1 WHERE customer_id = ?2", rusqlite::params![paise, customer]).unwrap();
}

async fn book(app: &TestApp, token: &str, buyer: &str, product: i64, quantity: i64, client: Option<&str>) -> Reply {
    let mut body = json!({ "buyerId": buyer, "lines": [{ "productId": product, "quantity": quantity }] });
    if let Some(client) = client {
        body["clientId"] = json!(client);
    }
    let r = app.post("/users/order", Some(token), body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r
}

async fn send(app: &TestApp) -> fieldsales::orders::send::SendSummary {
    fieldsales::orders::send::send_submitted(&app.state.pool, &app.state.mailer, &app.state.config.data_dir).await.unwrap().unwrap()
}

fn mailed(app: &TestApp, number: &str) -> bool {
    app.outbox().iter().any(|m| m["body"].as_str().unwrap_or_default().contains(number))
}

/// An amount as the company's formats (en-IN, INR) show it: the one server money formatter.
fn rs(paise: i64) -> String {
    fieldsales::platform::formats::Formats::default().money(Money::from_paise(paise))
}

fn id(r: &Reply) -> i64 {
    r.body["orderId"].as_i64().unwrap()
}

#[tokio::test]
async fn a_limit_comes_by_upload_and_by_the_managers_edit() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let header: &[&str] = &[
        "Buyer ID",
        "Buyer Name",
        "Mobile",
        "Email",
        "Address 1",
        "Address 2",
        "Postal Code",
        "City",
        "State",
        "Country",
        "Info",
        "Latitude",
        "Longitude",
        "Retailer Type",
        "Agent Email",
        "Credit Limit",
    ];
    let row = |id: &'static str, limit: &'static str| -> Vec<&'static str> {
        vec![id, "Credit Store", "9876500001", "", "", "", "", "", "", "India", "", "", "", "", "agent1@demo.test", limit]
    };
    let limit_of = |buyer: &str| -> Option<i64> {
        app.conn().query_row("SELECT credit_limit_paise FROM customers WHERE buyer_id = ?1", [buyer], |r| r.get(0)).unwrap()
    };
    let (a, b, c, d) = (row("CL001", "50000"), row("CL002", ""), row("CL003", "-5"), row("CL004", "12.345"));
    let r = upload(&app, &admin, "customer", "customerdata", &[header, &a, &b, &c, &d]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["message"], "2 rows uploaded, 2 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "Credit Limit must not be negative");
    // An amount beyond the paisa is refused, never rounded (issue #50).
    assert_eq!(r.body["data"][1]["code"], "amount_too_precise");
    assert_eq!((limit_of("CL001"), limit_of("CL002")), (Some(5_000_000), None));
    let cl004: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers WHERE buyer_id = 'CL004'", [], |r| r.get(0)).unwrap();
    assert_eq!(cl004, 0, "the row with 12.345 wrote nothing");
    // An empty cell, or a file of the older format without the column, keeps the stored limit.
    let (a, b) = (row("CL001", ""), row("CL004", "0"));
    upload(&app, &admin, "customer", "customerdata", &[header, &a, &b]).await;
    let old: Vec<&str> = row("CL001", "")[..15].to_vec();
    let r = upload(&app, &admin, "customer", "customerdata", &[&header[..15], &old]).await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);
    assert_eq!((limit_of("CL001"), limit_of("CL004")), (Some(5_000_000), Some(0)));

    // The manager of the customer's agent edits it; agents and other managers may not.
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let other = new_user(&app, "am2@demo.test", 3).await;
    let edit = |token: String, limit: Value| {
        let app = &app;
        async move { app.post("/users/customer/creditLimit", Some(&token), json!({ "buyerId": "CL001", "creditLimit": limit })).await }
    };
    let r = edit(manager.clone(), json!(75000.5)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["code"].as_str(), r.body["creditLimit"].as_f64()), (Some("credit_limit_saved"), Some(75000.5)));
    assert_eq!(limit_of("CL001"), Some(7_500_050));
    let r = edit(manager.clone(), json!("-1")).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("credit_limit_not_amount"), Some("creditLimit"))
    );
    assert_eq!(edit(manager.clone(), json!("abc")).await.status, StatusCode::BAD_REQUEST);
    // Issue #49 item 9: 0.001 is refused, not stored as 0.00; above the company's maximum (₹10
    // crore by default) is refused with its own code.
    for tiny in [json!(0.001), json!("0.001")] {
        let r = edit(manager.clone(), tiny.clone()).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("credit_limit_not_amount")), "{tiny}: {}", r.body);
    }
    let r = edit(manager.clone(), json!(100_000_000.01)).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("amount_above_maximum"), Some("creditLimit")),
        "{}",
        r.body
    );
    assert_eq!(r.body["message"], "Credit Limit may be at most 100000000.00.");
    assert_eq!(edit(manager.clone(), json!("1,00,00,000")).await.body["creditLimit"], json!(10_000_000.0));
    assert_eq!(edit(manager.clone(), json!("75,000.50")).await.body["creditLimit"], json!(75000.5));
    assert_eq!(edit(agent1.clone(), json!(1)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(edit(other.clone(), json!(1)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(limit_of("CL001"), Some(7_500_050));
    // The profile shows it; null removes it.
    let profile = app.get("/users/customer/profile?buyerId=CL001", Some(&agent1)).await;
    assert_eq!(profile.body["creditLimit"], json!(75000.5), "{}", profile.body);
    let r = edit(admin.clone(), Value::Null).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::OK, Some("credit_limit_cleared")));
    assert_eq!(limit_of("CL001"), None);
    assert_eq!(app.get("/users/customer/profile?buyerId=CL001", Some(&agent1)).await.body["creditLimit"], Value::Null);
}

#[tokio::test]
async fn an_order_over_the_limit_waits_for_approval_and_is_mailed_only_when_approved() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let (product, _) = cola(&app);
    let price = cola_with_gst(&app);
    let (buyer, customer) = customer(&app, 0);
    invoice(&app, customer, "INV-C1", 4_000_000);
    // Paid in part: the outstanding is the balance.
    app.conn().execute("UPDATE invoices SET paid_paise = 500000 WHERE invoice_no = 'INV-C1'", []).unwrap();
    let outstanding = 3_500_000;
    let limit = outstanding + 10 * price;
    set_limit(&app, customer, Some(limit));

    // Within the limit: booked as ever.
    let first = book(&app, &agent1, &buyer, product, 6, None).await;
    assert_eq!(first.body["status"], "Submitted");
    assert_eq!(first.body["heldReason"], Value::Null);
    // Up to the limit exactly is still within it.
    let second = book(&app, &agent1, &buyer, product, 4, None).await;
    assert_eq!(second.body["status"], "Submitted", "{}", second.body);
    // One more goes over: held, with the figures.
    let held = book(&app, &agent1, &buyer, product, 1, Some("held-1")).await;
    let reason = format!(
        "Outstanding {} + open orders {} + this order {} exceeds the credit limit {}.",
        rs(outstanding),
        rs(10 * price),
        rs(price),
        rs(limit)
    );
    assert_eq!(held.body["status"], "Awaiting approval", "{}", held.body);
    assert_eq!(held.body["heldReason"], reason.as_str());
    assert_eq!(held.body["heldReasonCode"], "order_held_over_limit");
    assert_eq!(held.body["heldReasonParams"]["limit"], rs(limit).as_str());
    assert_eq!(held.body["heldReasonParams"]["open"], rs(10 * price).as_str());
    let held_id = id(&held);
    let number = held.body["orderNumber"].as_str().unwrap().to_string();
    // A repeat of its clientId answers the same.
    let again = book(&app, &agent1, &buyer, product, 1, Some("held-1")).await;
    assert_eq!(
        (again.body["duplicate"].as_bool(), &again.body["status"], &again.body["heldReason"]),
        (Some(true), &json!("Awaiting approval"), &json!(reason))
    );
    // The agent sees it so in the order and the list.
    let detail = app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await;
    assert_eq!(
        (&detail.body["status"], &detail.body["heldReason"], &detail.body["creditHold"]),
        (&json!("Awaiting approval"), &json!(reason), &json!("awaiting"))
    );
    let list = app.get(&format!("/users/orders?buyerId={buyer}"), Some(&agent1)).await;
    assert_eq!(list.body["data"][0]["status"], "Awaiting approval");
    assert_eq!(list.body["data"][0]["heldReason"], reason.as_str());

    // The manager's list holds it with the customer's figures.
    let page = app.get("/users/orders/held", Some(&manager)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let row = page.body["data"].as_array().unwrap().iter().find(|r| r["orderId"] == held_id).expect("held in the list").clone();
    assert_eq!(row["outstanding"], json!(outstanding as f64 / 100.0));
    assert_eq!(row["creditLimit"], json!(limit as f64 / 100.0));
    assert_eq!(row["openOrders"], json!(11.0 * price as f64 / 100.0));
    assert_eq!(row["agentName"], "Ravi Kumar");
    assert_eq!(row["buyerId"], buyer.as_str());

    // The mail run takes the two within the limit, not the held one.
    send(&app).await;
    assert!(mailed(&app, first.body["orderNumber"].as_str().unwrap()));
    assert!(!mailed(&app, &number));
    assert_eq!(app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await.body["status"], "Awaiting approval");

    // Not the agent, not another team's manager; the manager of the agent approves.
    let path = format!("/users/order/{held_id}/approve");
    app.post(&path, Some(&agent1), json!({})).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let other = new_user(&app, "am2@demo.test", 3).await;
    assert_eq!(app.post(&path, Some(&other), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/users/orders/held", Some(&other)).await.body["totalRecords"], 0);
    let approved = app.post(&path, Some(&manager), json!({ "reason": "Pays every month" })).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    assert_eq!((approved.body["code"].as_str(), approved.body["status"].as_str()), (Some("order_approved"), Some("Submitted")));
    let twice = app.post(&path, Some(&manager), json!({})).await;
    assert_eq!((twice.status, twice.body["code"].as_str()), (StatusCode::CONFLICT, Some("order_already_approved")));
    let never_held = app.post(&format!("/users/order/{}/approve", id(&first)), Some(&manager), json!({})).await;
    assert_eq!((never_held.status, never_held.body["code"].as_str()), (StatusCode::CONFLICT, Some("order_not_held")));
    let detail = app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await.body;
    assert_eq!((&detail["status"], &detail["creditHold"]), (&json!("Submitted"), &json!("approved")));
    assert_eq!((&detail["creditDecidedByName"], &detail["creditDecisionReason"]), (&json!("Meera Nair"), &json!("Pays every month")));
    assert!(detail["creditDecidedAt"].is_string());
    assert_eq!(app.get("/users/orders/held", Some(&manager)).await.body["totalRecords"], 0);

    // Approved: mailed on the next run.
    send(&app).await;
    assert!(mailed(&app, &number));
    assert_eq!(app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await.body["status"], "Sent");
}

#[tokio::test]
async fn a_rejected_order_is_never_mailed() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let admin = app.as_admin().await;
    let (product, _) = cola(&app);
    let price = cola_with_gst(&app);
    let (buyer, customer) = customer(&app, 1);
    invoice(&app, customer, "INV-R1", 100_000);
    set_limit(&app, customer, Some(100_000 + price));
    let held = book(&app, &agent1, &buyer, product, 2, None).await;
    assert_eq!(held.body["status"], "Awaiting approval");
    assert_eq!(
        held.body["heldReason"],
        format!(
            "Outstanding ₹1,000.00 + open orders ₹0.00 + this order {} exceeds the credit limit {}.",
            rs(2 * price),
            rs(100_000 + price)
        )
    );
    let held_id = id(&held);
    let number = held.body["orderNumber"].as_str().unwrap().to_string();
    let lines = |app: &TestApp| -> i64 {
        app.conn().query_row("SELECT COUNT(*) FROM order_lines WHERE order_id = ?1", [&number], |r| r.get(0)).unwrap()
    };
    assert_eq!(lines(&app), 1);
    let path = format!("/users/order/{held_id}/reject");
    let r = app.post(&path, Some(&admin), json!({ "reason": "  " })).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("order_reject_reason_required"), Some("reason"))
    );
    let r = app.post(&path, Some(&admin), json!({ "reason": "Two invoices overdue" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["code"].as_str(), r.body["status"].as_str()), (Some("order_rejected"), Some("Rejected")));
    // Its lines left the figures; its detail keeps them and says why.
    assert_eq!(lines(&app), 0);
    let detail = app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await.body;
    assert_eq!((&detail["status"], &detail["creditDecisionReason"]), (&json!("Rejected"), &json!("Two invoices overdue")));
    assert_eq!(detail["lines"].as_array().unwrap().len(), 1);
    let twice = app.post(&format!("/users/order/{held_id}/approve"), Some(&admin), json!({})).await;
    assert_eq!((twice.status, twice.body["code"].as_str()), (StatusCode::CONFLICT, Some("order_already_rejected")));
    let cancel = app.post(&format!("/users/order/{held_id}/cancel"), Some(&agent1), json!({})).await;
    assert_eq!((cancel.status, cancel.body["code"].as_str()), (StatusCode::CONFLICT, Some("order_already_rejected")));
    // A rejected order is not open: an order within the limit now goes through.
    let next = book(&app, &agent1, &buyer, product, 1, None).await;
    assert_eq!(next.body["status"], "Submitted", "{}", next.body);
    // Never mailed.
    send(&app).await;
    send(&app).await;
    assert!(!mailed(&app, &number));
    assert!(mailed(&app, next.body["orderNumber"].as_str().unwrap()));
    assert_eq!(app.get(&format!("/users/order/{held_id}"), Some(&agent1)).await.body["status"], "Rejected");
}

#[tokio::test]
async fn without_a_limit_an_order_is_never_held() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let (product, _) = cola(&app);
    let (buyer, customer) = customer(&app, 2);
    invoice(&app, customer, "INV-N1", 900_000_000);
    let r = book(&app, &agent1, &buyer, product, 1000, None).await;
    assert_eq!((r.body["status"].as_str(), &r.body["heldReason"]), (Some("Submitted"), &Value::Null));
    // A limit of zero holds every order.
    set_limit(&app, customer, Some(0));
    let r = book(&app, &agent1, &buyer, product, 1, None).await;
    assert_eq!(r.body["status"], "Awaiting approval");
}

#[tokio::test]
async fn two_orders_at_once_cannot_both_slip_under_the_limit() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let agent1b = app.as_agent(1).await;
    let (product, price) = cola(&app);
    let (buyer, customer) = customer(&app, 3);
    // Room for one order of 5, not two.
    set_limit(&app, customer, Some(8 * price));
    for round in 0..5 {
        app.conn().execute("UPDATE orders SET status = 'Cancelled' WHERE customer_id = ?1", [customer]).unwrap();
        let body = |n: u32| json!({ "buyerId": buyer, "clientId": format!("race-{round}-{n}"), "lines": [{ "productId": product, "quantity": 5 }] });
        let (a, b) = tokio::join!(app.post("/users/order", Some(&agent1), body(1)), app.post("/users/order", Some(&agent1b), body(2)));
        let mut statuses = [a.body["status"].as_str().unwrap().to_string(), b.body["status"].as_str().unwrap().to_string()];
        statuses.sort();
        assert_eq!(statuses, ["Awaiting approval", "Submitted"], "round {round}");
    }
}

/// Issue #49 item 10: an order's approver is not its booker. An administrator who booked an order
/// over the limit cannot approve it (403, `order_approve_own`, nothing changed); the manager of the
/// customer's agent can; the booker may still reject their own.
#[tokio::test]
async fn the_booker_of_a_held_order_cannot_approve_it() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let (product, price) = cola(&app);
    let (buyer, customer) = customer(&app, 4);
    set_limit(&app, customer, Some(price));
    let held = book(&app, &admin, &buyer, product, 2, None).await;
    assert_eq!(held.body["status"], "Awaiting approval", "{}", held.body);
    let path = format!("/users/order/{}/approve", id(&held));
    let own = app.post(&path, Some(&admin), json!({ "reason": "Mine" })).await;
    assert_eq!((own.status, own.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("order_approve_own")), "{}", own.body);
    let detail = app.get(&format!("/users/order/{}", id(&held)), Some(&admin)).await.body;
    assert_eq!((&detail["status"], &detail["creditHold"]), (&json!("Awaiting approval"), &json!("awaiting")));
    let approved = app.post(&path, Some(&manager), json!({})).await;
    assert_eq!((approved.status, approved.body["code"].as_str()), (StatusCode::OK, Some("order_approved")), "{}", approved.body);

    // Rejecting one's own held order is allowed: a "no" needs no second opinion.
    let again = book(&app, &admin, &buyer, product, 1, None).await;
    assert_eq!(again.body["status"], "Awaiting approval", "{}", again.body);
    let r = app.post(&format!("/users/order/{}/reject", id(&again)), Some(&admin), json!({ "reason": "Booked by mistake" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::OK, Some("order_rejected")), "{}", r.body);
}

/// Step 40: the hold's reason is a code with its amounts in paise; a version 38 database upgrades
/// to the fresh schema (issue #51).
#[tokio::test]
async fn step_40_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 39, crate::support::downgrade_to_schema_39);
}

/// Reasons stored in English before step 40 become the code and their amounts (a negative one
/// too); a reason in another wording stays as it was, shown as it is.
#[tokio::test]
async fn step_40_turns_stored_english_reasons_into_codes_and_paise() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let (product, _) = cola(&app);
    let (buyer, _) = customer(&app, 0);
    let first = id(&book(&app, &agent1, &buyer, product, 1, None).await);
    let second = id(&book(&app, &agent1, &buyer, product, 1, None).await);
    let mut conn = app.conn();
    crate::support::downgrade_to_schema_39(&conn);
    let english = "Outstanding -₹5,000.50 + open orders ₹0.00 + this order ₹12,34,567.89 exceeds the credit limit ₹1.00.";
    conn.execute("UPDATE orders SET credit_hold = 'awaiting', held_reason = ?1 WHERE order_id = ?2", rusqlite::params![english, first])
        .unwrap();
    conn.execute("UPDATE orders SET credit_hold = 'awaiting', held_reason = 'Held by hand' WHERE order_id = ?1", [second]).unwrap();
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 39 });
    let stored = |order: i64| -> (String, Option<i64>, Option<i64>, Option<i64>, Option<i64>) {
        conn.query_row(
            "SELECT held_reason, held_outstanding_paise, held_open_paise, held_order_paise, held_limit_paise FROM orders WHERE order_id = ?1",
            [order],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap()
    };
    assert_eq!(stored(first), ("order_held_over_limit".into(), Some(-500_050), Some(0), Some(123_456_789), Some(100)));
    assert_eq!(stored(second), ("Held by hand".into(), None, None, None, None));
    let detail = app.get(&format!("/users/order/{first}"), Some(&agent1)).await;
    assert_eq!(detail.body["heldReason"], english, "worded again as it was: {}", detail.body);
    assert_eq!(detail.body["heldReasonParams"]["outstanding"], "-₹5,000.50");
    let other = app.get(&format!("/users/order/{second}"), Some(&agent1)).await;
    assert_eq!((&other.body["heldReason"], &other.body["heldReasonCode"]), (&json!("Held by hand"), &Value::Null));
}

/// Money is formatted where it is shown, in the company's currency (issue #51): with
/// FIELDSALES_CURRENCY=USD a held order's reason shows dollars, in the API's English and in the
/// Hindi the screen fills from its code and params.
#[tokio::test]
async fn a_held_orders_reason_is_in_the_companys_currency_in_english_and_hindi() {
    let app = TestApp::with(|c| c.currency = "USD".into());
    let agent1 = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let (product, _) = cola(&app);
    let (buyer, customer) = customer(&app, 0);
    invoice(&app, customer, "INV-USD", 600_050);
    set_limit(&app, customer, Some(100));
    let held = book(&app, &agent1, &buyer, product, 1, None).await;
    let order = cola_with_gst(&app);
    let english = format!("Outstanding $6,000.50 + open orders $0.00 + this order ${}.00 exceeds the credit limit $1.00.", order / 100);
    assert_eq!(held.body["heldReason"], english.as_str(), "{}", held.body);
    assert!(!held.body.to_string().contains('₹'), "{}", held.body);
    let page = app.get("/users/orders/held", Some(&manager)).await;
    let row = &page.body["data"][0];
    assert_eq!(row["heldReason"], english.as_str(), "{}", page.body);
    assert_eq!(row["heldReasonParams"]["outstanding"], "$6,000.50");
    // The screen of a Hindi user words the code with these params.
    let params = row["heldReasonParams"].as_object().cloned();
    let problem =
        fieldsales::platform::error::Problem { code: "order_held_over_limit", message: english.clone().into(), field: None, params };
    let hindi = problem.worded("hi").into_owned();
    assert!(hindi.contains("$6,000.50") && hindi.contains("$1.00") && !hindi.contains('₹'), "{hindi}");
    assert!(hindi.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)), "Devanagari: {hindi}");
    // A Hindi agent's answer is the same figures.
    assert_eq!(app.post("/users/locale", Some(&agent1), json!({ "locale": "hi" })).await.status, StatusCode::OK);
    let list = app.get(&format!("/users/orders?buyerId={buyer}"), Some(&agent1)).await;
    assert_eq!(list.body["data"][0]["heldReasonParams"]["limit"], "$1.00");
}
