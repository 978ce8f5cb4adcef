//! Collections (issue #38): the invoice upload (updates, never duplicates; 100,000 rows), a
//! customer's outstanding and ageing, payments allocated oldest first (or as picked) exactly once
//! per clientId, receipts, the list with totals, deposit and reversal (administrators), the scope
//! of every read, the reports against the API's figures, the offline copy, and a random walk of
//! payments and reversals that keeps the books exact in integer paise.

use axum::http::StatusCode;
use calamine::Data;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use crate::reports::{fetch, sheet};
use crate::support::{Part, Reply, TestApp};

fn day(offset: i64) -> String {
    let today = fieldsales::clock::today();
    let d = if offset >= 0 { today + chrono::Days::new(offset as u64) } else { today - chrono::Days::new((-offset) as u64) };
    d.format("%Y-%m-%d").to_string()
}

fn now_iso() -> String {
    chrono::Utc::now().to_rfc3339()
}

/// A workbook of the invoice columns; a cell starting with `#` is written as a number.
fn invoice_book(rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in ["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            match value.strip_prefix('#') {
                Some(n) => sheet.write_number(r as u32 + 1, c as u16, n.parse::<f64>().unwrap()).unwrap(),
                None => sheet.write_string(r as u32 + 1, c as u16, value).unwrap(),
            };
        }
    }
    book.save_to_buffer().unwrap()
}

fn row(no: &str, buyer: &str, date: &str, amount: &str, due: &str) -> Vec<String> {
    vec![no.into(), buyer.into(), date.into(), amount.into(), due.into()]
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>) -> Reply {
    app.multipart("/users/invoice/upload", Some(token), vec![("invoicedata", Part::File { name: "invoices.xlsx", bytes })]).await
}

/// A customer of `agent` (email) with no invoices yet.
fn fresh_customer(app: &TestApp, agent: &str, skip: usize) -> String {
    app.conn()
        .query_row(
            &format!(
                "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = ?1 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.customer_id)
                 ORDER BY c.buyer_id LIMIT 1 OFFSET {skip}"
            ),
            [agent],
            |r| r.get(0),
        )
        .unwrap()
}

fn uid(app: &TestApp, email: &str) -> i64 {
    app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

fn money(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("not an amount: {v}")) * 100.0).round() as i64
}

fn payment(client: &str, buyer: &str, amount: Value) -> Value {
    json!({ "clientId": client, "buyerId": buyer, "amount": amount, "mode": "cash", "collectedAt": now_iso() })
}

fn with(mut body: Value, extra: Value) -> Value {
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

fn allocations(reply: &Reply) -> Vec<(String, i64)> {
    reply.body["allocations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["invoiceNo"].as_str().unwrap().to_string(), money(&a["amount"])))
        .collect()
}

/// Three invoices of a fresh customer of agent1: 70 days overdue (₹1,000.50), 10 days overdue
/// (₹250.00) and not yet due (₹199.99, a number cell).
async fn three_invoices(app: &TestApp, admin: &str, prefix: &str, skip: usize) -> String {
    let buyer = fresh_customer(app, "agent1@demo.test", skip);
    let rows = vec![
        row(&format!("{prefix}-1"), &buyer, &day(-100), "1000.50", &day(-70)),
        row(&format!("{prefix}-2"), &buyer, &day(-40), "250", &day(-10)),
        row(&format!("{prefix}-3"), &buyer, &day(-5), "#199.99", &day(25)),
    ];
    let r = upload(app, admin, invoice_book(&rows)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["message"], "3 rows uploaded, 0 rejected.", "{}", r.body);
    buyer
}

#[tokio::test]
async fn invoices_upload_with_row_errors_update_by_number_and_show_as_outstanding_and_ageing() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let buyer = fresh_customer(&app, "agent1@demo.test", 0);
    let rows = vec![
        row("T-1", &buyer, &day(-100), "1000.50", &day(-70)),
        row("T-2", &buyer, &day(-40), "250", &day(-10)),
        row("T-3", &buyer, &day(-5), "#199.99", &day(25)),
        row("T-4", "NO-SUCH-BUYER", &day(-5), "10", &day(25)),
        row("T-5", &buyer, &day(-5), "-10", &day(25)),
        row("T-6", &buyer, &day(-5), "10", &day(-6)),
        row("T-7", &buyer, "yesterday", "10", &day(25)),
        vec!["T-8".into(), buyer.clone(), day(-5), "10".into(), day(25), "No Such Distributor".into()],
        vec!["T-9".into(), buyer.clone(), day(-5), "10".into(), day(25), "Metro Wholesale".into()],
        row("T-10", &buyer, &day(-5), "ten", &day(25)),
    ];
    let r = upload(&app, &admin, invoice_book(&rows)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["message"], "4 rows uploaded, 6 rejected.", "{}", r.body);
    let reasons: Vec<(i64, String)> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["rowNumber"].as_i64().unwrap(), d["reason"].as_str().unwrap().into()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (5, "Unknown customer NO-SUCH-BUYER".to_string()),
            (6, "Amount must not be negative".into()),
            (7, "Due Date must not be before Invoice Date".into()),
            (8, "Invoice Date must be a date: 22/11/2026, 22-11-2026, 22.11.2026, 22-Nov-2026 or 2026-11-22".into()),
            (9, "Unknown distributor No Such Distributor".into()),
            (11, "Amount must be a number, such as 1200, 1,00,000.50 or ₹ 12,500.75".into()),
        ]
    );
    // The result workbook has every row with its status.
    let book = fetch(&app, r.body["excelLink"].as_str().unwrap()).await.expect("result workbook");
    let cells = sheet(&book);
    assert_eq!(cells.len(), 11);
    assert_eq!(cells[1][6], Data::String("Uploaded".into()));
    assert_eq!(cells[4][6], Data::String("Rejected".into()));

    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(out.status, StatusCode::OK, "{}", out.body);
    assert_eq!(out.body["buyerId"], buyer.as_str());
    assert_eq!(money(&out.body["total"]), 100_050 + 25_000 + 19_999 + 1_000);
    assert_eq!(out.body["creditLimit"], Value::Null);
    let ageing = &out.body["ageing"];
    assert_eq!(
        [&ageing["days0to30"], &ageing["days31to60"], &ageing["days61to90"], &ageing["days90plus"]].map(money),
        [25_000 + 19_999 + 1_000, 0, 100_050, 0]
    );
    let invoices: Vec<(String, i64, i64)> = out.body["invoices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["invoiceNo"].as_str().unwrap().into(), money(&i["balance"]), i["daysOverdue"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        invoices,
        vec![("T-1".into(), 100_050, 70), ("T-2".into(), 25_000, 10), ("T-3".into(), 19_999, 0), ("T-9".into(), 1_000, 0)]
    );
    assert_eq!(out.body["invoices"][0]["invoiceDate"], day(-100).as_str());
    assert_eq!(out.body["invoices"][0]["dueDate"], day(-70).as_str());
    assert_eq!(money(&out.body["invoices"][0]["paid"]), 0);
    assert_eq!(money(&out.body["invoices"][0]["amount"]), 100_050);

    // Uploading T-2 again updates it; the number is matched whatever its case.
    let r = upload(&app, &admin, invoice_book(&[row("t-2", &buyer, &day(-40), "300", &day(-10))])).await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);
    let (count, amount): (i64, i64) = app
        .conn()
        .query_row("SELECT COUNT(*), MAX(amount_paise) FROM invoices WHERE invoice_no = 'T-2'", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((count, amount), (1, 30_000));

    // After a payment, an amount below what was paid, or another customer, is the row's error.
    let r = app.post("/users/payment", Some(&agent1), payment("UPLOADTS-0001", &buyer, json!(500))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let other = fresh_customer(&app, "agent1@demo.test", 0);
    let r = upload(
        &app,
        &admin,
        invoice_book(&[row("T-1", &buyer, &day(-100), "400", &day(-70)), row("T-1", &other, &day(-100), "1000.50", &day(-70))]),
    )
    .await;
    assert_eq!(r.body["message"], "0 rows uploaded, 2 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "Invoice T-1 has 500.00 paid on it: its amount cannot be less than that");
    assert_eq!(r.body["data"][1]["reason"], "Invoice T-1 has payments of another customer: its Buyer ID cannot change");
    // Without payments an invoice may move to another customer.
    let r = upload(&app, &admin, invoice_book(&[row("T-3", &other, &day(-5), "199.99", &day(25))])).await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);

    // Scope: another agent's customer is a 404; the manager sees the team's; an agent cannot upload.
    let agent2 = app.as_agent(2).await;
    let r = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent2)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&manager)).await.status, StatusCode::OK);
    assert_eq!(upload(&app, &agent1, invoice_book(&[row("T-99", &buyer, &day(0), "1", &day(0))])).await.status, StatusCode::FORBIDDEN);

    // The sample file and the CLI know the kind.
    let sample = app.call(axum::http::Method::GET, "/webapi/excelupload/sample_invoiceupload.xlsx", None, None).await;
    assert_eq!(sample.status, StatusCode::OK);
}

#[tokio::test]
async fn payments_go_to_the_oldest_invoices_first_or_as_picked_and_are_recorded_once() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let buyer = three_invoices(&app, &admin, "P", 0).await;
    let me = uid(&app, "agent1@demo.test");

    let first = app.post("/users/payment", Some(&agent1), payment("k3f9qz2m-0001", &buyer, json!(1100))).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.body["code"], "payment_recorded");
    assert_eq!(first.body["duplicate"], false);
    assert_eq!(first.body["receiptNo"], format!("R{me}-K3F9QZ2M-0001"));
    assert_eq!(allocations(&first), vec![("P-1".into(), 100_050), ("P-2".into(), 9_950)]);
    assert_eq!(money(&first.body["unallocated"]), 0);

    // The same clientId again (a lost answer): the first answer, nothing written.
    let again = app.post("/users/payment", Some(&agent1), payment("k3f9qz2m-0001", &buyer, json!("1100.00"))).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.body["duplicate"], true);
    assert_eq!(again.body["paymentId"], first.body["paymentId"]);
    assert_eq!(again.body["receiptNo"], first.body["receiptNo"]);
    assert_eq!(allocations(&again), allocations(&first));
    let count = || app.conn().query_row("SELECT COUNT(*) FROM payments WHERE entered_by = ?1", [me], |r| r.get::<_, i64>(0)).unwrap();
    let before = count();
    // ... but with another amount or customer it is a clash.
    let clash = app.post("/users/payment", Some(&agent1), payment("k3f9qz2m-0001", &buyer, json!(1200))).await;
    assert_eq!((clash.status, clash.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_client_id_clash")));
    let other = fresh_customer(&app, "agent1@demo.test", 0);
    let clash = app.post("/users/payment", Some(&agent1), payment("k3f9qz2m-0001", &other, json!(1100))).await;
    assert_eq!(clash.status, StatusCode::CONFLICT);
    // A clientId differing only in case would make the same receipt number: a clash too.
    let clash = app.post("/users/payment", Some(&agent1), payment("K3F9QZ2M-0001", &other, json!(5))).await;
    assert_eq!((clash.status, clash.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_client_id_clash")), "{}", clash.body);
    assert_eq!(count(), before);

    // Picked invoices first, in the order named.
    let picked =
        app.post("/users/payment", Some(&agent1), with(payment("k3f9qz2m-0002", &buyer, json!(50)), json!({ "invoices": ["p-3"] }))).await;
    assert_eq!(allocations(&picked), vec![("P-3".into(), 5_000)], "{}", picked.body);
    // A picked invoice paid meanwhile (an offline allocation) takes nothing; the rest goes oldest first.
    let late = app
        .post("/users/payment", Some(&agent1), with(payment("k3f9qz2m-0003", &buyer, json!(20.5)), json!({ "invoices": ["P-1"] })))
        .await;
    assert_eq!(allocations(&late), vec![("P-2".into(), 2_050)], "{}", late.body);
    // An over-payment: every balance to zero, the rest kept on the payment.
    let over = app
        .post(
            "/users/payment",
            Some(&agent1),
            json!({ "clientId": "k3f9qz2m-0004", "buyerId": buyer, "amount": 1000, "mode": "upi", "reference": "UPI123",
                    "collectedAt": now_iso() }),
        )
        .await;
    assert_eq!(allocations(&over), vec![("P-2".into(), 13_000), ("P-3".into(), 14_999)], "{}", over.body);
    assert_eq!(money(&over.body["unallocated"]), 100_000 - 13_000 - 14_999);
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(money(&out.body["total"]), 0);
    assert_eq!(out.body["invoices"], json!([]));
    let balances: Vec<(i64, i64)> = app
        .conn()
        .prepare("SELECT amount_paise, paid_paise FROM invoices WHERE invoice_no LIKE 'P-%' ORDER BY invoice_no")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(balances, vec![(100_050, 100_050), (25_000, 25_000), (19_999, 19_999)]);

    // The receipt.
    let id = over.body["paymentId"].as_i64().unwrap();
    let receipt = app.get(&format!("/users/payment/{id}"), Some(&agent1)).await;
    assert_eq!(receipt.status, StatusCode::OK, "{}", receipt.body);
    assert_eq!(receipt.body["receiptNo"], format!("R{me}-K3F9QZ2M-0004"));
    assert_eq!(receipt.body["buyerId"], buyer.as_str());
    assert_eq!(receipt.body["agentName"], "Ravi Kumar");
    assert_eq!(receipt.body["mode"], "upi");
    assert_eq!(receipt.body["reference"], "UPI123");
    assert_eq!(receipt.body["status"], "collected");
    assert_eq!(money(&receipt.body["amount"]), 100_000);
    assert_eq!(money(&receipt.body["allocated"]), 27_999);
    assert_eq!(allocations(&receipt), allocations(&over));
    assert!(receipt.body["customerName"].is_string());
}

#[tokio::test]
async fn a_payment_is_checked_field_by_field() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let buyer = three_invoices(&app, &admin, "V", 0).await;
    let ok = payment("VALIDATE-0001", &buyer, json!(10));
    let cases: Vec<(Value, StatusCode, &str, &str)> = vec![
        (json!({}), StatusCode::BAD_REQUEST, "payment_client_id_required", "clientId"),
        (with(ok.clone(), json!({ "clientId": "bad id!" })), StatusCode::BAD_REQUEST, "payment_client_id_not_valid", "clientId"),
        (with(ok.clone(), json!({ "buyerId": "" })), StatusCode::BAD_REQUEST, "payment_buyer_required", "buyerId"),
        (with(ok.clone(), json!({ "amount": null })), StatusCode::BAD_REQUEST, "payment_amount_required", "amount"),
        (with(ok.clone(), json!({ "amount": 0 })), StatusCode::BAD_REQUEST, "payment_amount_not_valid", "amount"),
        (with(ok.clone(), json!({ "amount": -5 })), StatusCode::BAD_REQUEST, "payment_amount_not_valid", "amount"),
        (with(ok.clone(), json!({ "amount": 12.345 })), StatusCode::BAD_REQUEST, "payment_amount_not_valid", "amount"),
        (with(ok.clone(), json!({ "amount": "12.3.4" })), StatusCode::BAD_REQUEST, "payment_amount_not_valid", "amount"),
        (with(ok.clone(), json!({ "amount": [1] })), StatusCode::BAD_REQUEST, "payment_amount_not_valid", "amount"),
        (with(ok.clone(), json!({ "mode": "card" })), StatusCode::BAD_REQUEST, "payment_mode_not_valid", "mode"),
        (with(ok.clone(), json!({ "mode": "cheque", "bank": "SBI" })), StatusCode::BAD_REQUEST, "payment_cheque_no_required", "chequeNo"),
        (with(ok.clone(), json!({ "mode": "cheque", "chequeNo": "12" })), StatusCode::BAD_REQUEST, "payment_bank_required", "bank"),
        (with(ok.clone(), json!({ "mode": "upi" })), StatusCode::BAD_REQUEST, "payment_reference_required", "reference"),
        (with(ok.clone(), json!({ "mode": "bank", "reference": " " })), StatusCode::BAD_REQUEST, "payment_reference_required", "reference"),
        (with(ok.clone(), json!({ "mode": "cash", "reference": "x".repeat(101) })), StatusCode::BAD_REQUEST, "field_too_long", "reference"),
        (with(ok.clone(), json!({ "collectedAt": null })), StatusCode::BAD_REQUEST, "payment_time_required", "collectedAt"),
        (with(ok.clone(), json!({ "collectedAt": "today" })), StatusCode::BAD_REQUEST, "payment_time_not_valid", "collectedAt"),
        (
            with(ok.clone(), json!({ "collectedAt": (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339() })),
            StatusCode::BAD_REQUEST,
            "payment_time_ahead",
            "collectedAt",
        ),
        (
            with(ok.clone(), json!({ "collectedAt": (chrono::Utc::now() - chrono::Duration::days(8)).to_rfc3339() })),
            StatusCode::BAD_REQUEST,
            "payment_time_too_old",
            "collectedAt",
        ),
        (with(ok.clone(), json!({ "invoices": ["NOPE"] })), StatusCode::BAD_REQUEST, "payment_invoice_unknown", "invoices"),
        (with(ok.clone(), json!({ "invoices": ["V-1", "v-1"] })), StatusCode::BAD_REQUEST, "payment_invoice_repeated", "invoices"),
        (with(ok.clone(), json!({ "buyerId": "NO-SUCH-BUYER" })), StatusCode::NOT_FOUND, "customer_not_found", ""),
    ];
    for (body, status, code, field) in cases {
        let r = app.post("/users/payment", Some(&agent1), body.clone()).await;
        assert_eq!((r.status, r.body["code"].as_str()), (status, Some(code)), "{body}: {}", r.body);
        if !field.is_empty() {
            assert_eq!(r.body["field"], field, "{body}: {}", r.body);
        }
    }
    // Another agent's customer, and an invoice of another customer, are unknown.
    let agent2 = app.as_agent(2).await;
    let r = app.post("/users/payment", Some(&agent2), payment("VALIDATE-0002", &buyer, json!(10))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let other = three_invoices(&app, &admin, "W", 0).await;
    let r =
        app.post("/users/payment", Some(&agent1), with(payment("VALIDATE-0003", &other, json!(10)), json!({ "invoices": ["V-1"] }))).await;
    assert_eq!(r.body["code"], "payment_invoice_unknown");
    // Malformed bodies are 4xx.
    for raw in ["[1,2]", "\"text\"", "{\"clientId\": 5}"] {
        let req = axum::http::Request::post("/webapi/api/users/payment")
            .header("authorization", format!("Bearer {agent1}"))
            .header("content-type", "application/json")
            .header("cookie", "XSRF-TOKEN=x")
            .header("x-xsrf-token", "x")
            .body(axum::body::Body::from(raw))
            .unwrap();
        let r = app.send(req).await;
        assert!(r.status.is_client_error(), "{raw}: {}", r.status);
    }
    // Text amounts are exact; nothing was recorded by the refusals.
    let r = app.post("/users/payment", Some(&agent1), payment("VALIDATE-0004", &buyer, json!("0.29"))).await;
    assert_eq!(money(&r.body["allocations"][0]["amount"]), 29, "{}", r.body);
    let n: i64 = app.conn().query_row("SELECT COUNT(*) FROM payments WHERE client_id LIKE 'VALIDATE-%'", [], |r| r.get(0)).unwrap();
    assert_eq!(n, 1);
}

#[tokio::test]
async fn the_back_office_lists_deposits_and_reverses_within_its_rights_and_scope() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    let buyer = three_invoices(&app, &admin, "B", 0).await;
    let cash = app.post("/users/payment", Some(&agent1), payment("BACKOFFC-0001", &buyer, json!(1100))).await;
    let cheque = app
        .post(
            "/users/payment",
            Some(&agent1),
            json!({ "clientId": "BACKOFFC-0002", "buyerId": buyer, "amount": 300, "mode": "cheque", "chequeNo": "000123",
                    "bank": "SBI", "collectedAt": now_iso() }),
        )
        .await;
    assert_eq!(allocations(&cheque), vec![("B-2".into(), 15_050), ("B-3".into(), 14_950)], "{}", cheque.body);
    let (cash_id, cheque_id) = (cash.body["paymentId"].as_i64().unwrap(), cheque.body["paymentId"].as_i64().unwrap());

    // Reads: the owner and the manager; another agent gets a 404.
    assert_eq!(app.get(&format!("/users/payment/{cash_id}"), Some(&manager)).await.status, StatusCode::OK);
    assert_eq!(app.get(&format!("/users/payment/{cash_id}"), Some(&agent2)).await.status, StatusCode::NOT_FOUND);
    let mine = app.get("/users/payments", Some(&agent2)).await;
    assert!(mine.body["data"].as_array().unwrap().iter().all(|p| p["agentName"] != "Ravi Kumar"), "{}", mine.body);

    // Deposit: not by an agent; by the manager once; again is a 409.
    let r = app.post(&format!("/users/payment/{cash_id}/deposit"), Some(&agent1), json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app.post(&format!("/users/payment/{cash_id}/deposit"), Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["status"].as_str()), (StatusCode::OK, Some("deposited")), "{}", r.body);
    let r = app.post(&format!("/users/payment/{cash_id}/deposit"), Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_already_deposited")));

    // Reverse: administrators only, with a reason.
    let reverse = |token: String, body: Value| {
        let app = &app;
        async move { app.post(&format!("/users/payment/{cheque_id}/reverse"), Some(&token), body).await }
    };
    let r = reverse(agent1.clone(), json!({ "reason": "bounced" })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = reverse(manager.clone(), json!({ "reason": "bounced" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("payment_reverse_administrators_only")));
    let r = reverse(admin.clone(), json!({ "reason": "  " })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("payment_reversal_reason_required")));
    let r = reverse(admin.clone(), json!({ "reason": "Cheque bounced" })).await;
    assert_eq!((r.status, r.body["status"].as_str()), (StatusCode::OK, Some("reversed")), "{}", r.body);
    let r = reverse(admin.clone(), json!({ "reason": "Cheque bounced" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_already_reversed")));
    let r = app.post(&format!("/users/payment/{cheque_id}/deposit"), Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_is_reversed")));
    // Its allocations no longer count; the row and the audit log say who, when and why.
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(money(&out.body["total"]), 100_050 + 25_000 + 19_999 - 110_000);
    let receipt = app.get(&format!("/users/payment/{cheque_id}"), Some(&agent1)).await;
    assert_eq!(receipt.body["status"], "reversed");
    assert_eq!(receipt.body["reversalReason"], "Cheque bounced");
    assert_eq!(receipt.body["reversedByName"], "Asha Admin");
    assert_eq!(receipt.body["chequeNo"], "000123");
    assert_eq!(receipt.body["bank"], "SBI");
    let audited: String = app.conn().query_row("SELECT action FROM audit_log ORDER BY id DESC LIMIT 1", [], |r| r.get(0)).unwrap();
    assert!(audited.contains("BACKOFFC-0002") && audited.contains("Cheque bounced"), "{audited}");

    // The list: filters and totals over the filter (reversed counted apart).
    let t = day(0);
    let r = app.get(&format!("/users/payments?buyerId={buyer}&from={t}&to={t}"), Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["totalRecords"], 2);
    assert_eq!(r.body["totals"]["count"], 1);
    assert_eq!(r.body["totals"]["reversedCount"], 1);
    assert_eq!(money(&r.body["totals"]["amount"]), 110_000);
    assert_eq!(r.body["totals"]["byMode"], json!([{ "mode": "cash", "count": 1, "amount": 1100.0 }]));
    let r = app.get(&format!("/users/payments?buyerId={buyer}&mode=cheque"), Some(&admin)).await;
    assert_eq!(r.body["data"].as_array().unwrap().len(), 1);
    let r = app.get(&format!("/users/payments?buyerId={buyer}&status=deposited"), Some(&admin)).await;
    assert_eq!(r.body["data"][0]["paymentId"], cash_id);
    let a1 = uid(&app, "agent1@demo.test");
    let r = app.get(&format!("/users/payments?agentId={a1}&buyerId={buyer}"), Some(&manager)).await;
    assert_eq!(r.body["totalRecords"], 2);
    assert_eq!(app.get(&format!("/users/payments?agentId={a1}"), Some(&agent2)).await.status, StatusCode::NOT_FOUND);
    for (query, code) in [
        ("from=yesterday", "payments_from_not_a_date"),
        ("to=2026-13-01", "payments_to_not_a_date"),
        ("mode=card", "payment_mode_not_valid"),
        ("status=lost", "payments_status_not_valid"),
    ] {
        let r = app.get(&format!("/users/payments?{query}"), Some(&admin)).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{query}");
    }
}

/// The list's answer is kept a second per manager and filter (`platform::answers`), but a payment
/// written meanwhile shows at once, as does a deposit.
#[tokio::test]
async fn a_kept_list_shows_a_payment_made_a_moment_ago() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let buyer = three_invoices(&app, &admin, "K", 0).await;
    let count = |r: &Reply| r.body["totalRecords"].as_i64().unwrap();
    let before = app.get("/users/payments", Some(&manager)).await;
    assert_eq!(count(&app.get("/users/payments", Some(&manager)).await), count(&before));
    let paid = app.post("/users/payment", Some(&agent1), payment("KEPTLIST-0001", &buyer, json!(500))).await;
    assert_eq!(paid.status, StatusCode::OK, "{}", paid.body);
    let after = app.get("/users/payments", Some(&manager)).await;
    assert_eq!(count(&after), count(&before) + 1, "{}", after.body);
    assert_eq!(after.body["data"][0]["paymentId"], paid.body["paymentId"]);
    let id = paid.body["paymentId"].as_i64().unwrap();
    let r = app.post(&format!("/users/payment/{id}/deposit"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(app.get("/users/payments", Some(&manager)).await.body["data"][0]["status"], "deposited");
}

#[tokio::test]
async fn the_reports_show_the_apis_figures() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let buyer = three_invoices(&app, &admin, "R", 0).await;
    let paid = app.post("/users/payment", Some(&agent1), payment("REPORTS1-0001", &buyer, json!(1100.25))).await;
    let t = day(0);
    let r = app.get(&format!("/report/collections?fromDate={t}&toDate={t}&search={buyer}"), Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let link = r.body["excelPath"]
        .as_str()
        .or(r.body["excelLink"].as_str())
        .or(r.body["downloadLink"].as_str())
        .unwrap_or_else(|| panic!("{}", r.body));
    let rows = sheet(&fetch(&app, link).await.expect("report"));
    let header: Vec<String> = rows[0].iter().map(|d| d.to_string()).collect();
    assert_eq!(
        header,
        [
            "Receipt No",
            "Date",
            "Agent",
            "Customer ID",
            "Customer Name",
            "Mode",
            "Reference",
            "Amount",
            "Allocated",
            "Unallocated",
            "Status",
            "Deposited At",
            "Reversed At",
            "Reason"
        ]
    );
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1][0], Data::String(paid.body["receiptNo"].as_str().unwrap().into()));
    assert_eq!(rows[1][3], Data::String(buyer.clone()));
    assert_eq!(rows[1][7], Data::Float(1100.25));
    assert_eq!(rows[1][8], Data::Float(1100.25));
    assert_eq!(rows[1][9], Data::Float(0.0));
    assert_eq!(rows[1][10], Data::String("collected".into()));

    let r = app.get(&format!("/report/outstanding?search={buyer}"), Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let link = r.body["excelPath"].as_str().or(r.body["excelLink"].as_str()).or(r.body["downloadLink"].as_str()).unwrap();
    let rows = sheet(&fetch(&app, link).await.expect("report"));
    assert_eq!(rows.len(), 2, "{rows:?}");
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&manager)).await;
    let f = |v: &Value| Data::Float(money(v) as f64 / 100.0);
    assert_eq!(rows[1][0], Data::String(buyer.clone()));
    assert_eq!(rows[1][2], Data::String("Ravi Kumar".into()));
    assert_eq!(rows[1][3], f(&out.body["total"]));
    assert_eq!(rows[1][4], f(&out.body["ageing"]["days0to30"]));
    assert_eq!(rows[1][5], f(&out.body["ageing"]["days31to60"]));
    assert_eq!(rows[1][6], f(&out.body["ageing"]["days61to90"]));
    assert_eq!(rows[1][7], f(&out.body["ageing"]["days90plus"]));
    assert_eq!(rows[1][8], Data::String(t.clone()));
    assert_eq!(rows[1][9], Data::Float(1100.25));
    // An agent has no report right.
    assert_eq!(app.get("/report/outstanding", Some(&agent1)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_offline_copy_carries_the_open_invoices() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let r = app.get("/users/customer/offline", Some(&agent1)).await;
    let cursor = r.body["cursor"].as_str().unwrap().to_string();
    // Walk to the end of the first pass.
    let mut cursor = cursor;
    let mut complete = r.body["complete"].as_bool().unwrap();
    while !complete {
        let r = app.get(&format!("/users/customer/offline?cursor={cursor}"), Some(&agent1)).await;
        cursor = r.body["cursor"].as_str().unwrap().to_string();
        complete = r.body["complete"].as_bool().unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let buyer = three_invoices(&app, &admin, "O", 0).await;
    let r = app.get(&format!("/users/customer/offline?cursor={cursor}"), Some(&agent1)).await;
    let mine = r.body["customers"].as_array().unwrap().iter().find(|c| c["buyerId"] == buyer.as_str()).cloned();
    let mine = mine.unwrap_or_else(|| panic!("the customer with new invoices is in the changes: {}", r.body));
    let online = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(mine["outstanding"], online.body);
}

/// A random walk of a few hundred payments (partial, exact, over, picked), reversals and deposits
/// through the API over random invoices: the books stay exact in integer paise.
#[tokio::test]
async fn random_payments_and_reversals_through_the_api_keep_the_books_exact() {
    // The walk's cash runs far past a day's cash limit, which has its own test.
    let app = TestApp::with(|c| c.cash_limit_per_day = None);
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let mut rng = StdRng::seed_from_u64(3_800);
    let buyers: Vec<String> = (0..3).map(|k| fresh_customer(&app, "agent1@demo.test", k)).collect();
    let mut rows = Vec::new();
    let mut numbers: Vec<Vec<String>> = vec![Vec::new(); buyers.len()];
    for n in 0..30 {
        let b = rng.gen_range(0..buyers.len());
        let no = format!("RW-{n:03}");
        let paise: i64 = rng.gen_range(1..5_000_000);
        let back = rng.gen_range(0..200);
        rows.push(row(&no, &buyers[b], &day(-back), &format!("{}.{:02}", paise / 100, paise % 100), &day(-back + 30)));
        numbers[b].push(no);
    }
    let r = upload(&app, &admin, invoice_book(&rows)).await;
    assert_eq!(r.body["message"], "30 rows uploaded, 0 rejected.", "{}", r.body);
    let mut ids: Vec<i64> = Vec::new();
    for op in 0..300 {
        let b = rng.gen_range(0..buyers.len());
        match rng.gen_range(0..10) {
            0 if !ids.is_empty() => {
                let id = ids[rng.gen_range(0..ids.len())];
                let r = app.post(&format!("/users/payment/{id}/reverse"), Some(&admin), json!({ "reason": "random walk" })).await;
                assert!(r.status == StatusCode::OK || r.status == StatusCode::CONFLICT, "{}", r.body);
            }
            1 if !ids.is_empty() => {
                let id = ids[rng.gen_range(0..ids.len())];
                let r = app.post(&format!("/users/payment/{id}/deposit"), Some(&admin), json!({})).await;
                assert!(r.status == StatusCode::OK || r.status == StatusCode::CONFLICT, "{}", r.body);
            }
            kind => {
                let out = app.get(&format!("/users/customer/outstanding/{}", buyers[b]), Some(&agent1)).await;
                let owed = money(&out.body["total"]);
                let amount = match kind % 4 {
                    0 => owed.max(1),
                    1 => owed + rng.gen_range(1..100_000),
                    _ => rng.gen_range(1..owed.max(2)),
                };
                let mut body = payment(&format!("RANDWALK-{op:04}"), &buyers[b], json!(format!("{}.{:02}", amount / 100, amount % 100)));
                if rng.gen_bool(0.3) && !numbers[b].is_empty() {
                    let picked: Vec<&String> = (0..rng.gen_range(1..=2)).map(|_| &numbers[b][rng.gen_range(0..numbers[b].len())]).collect();
                    let mut unique: Vec<&String> = Vec::new();
                    for p in picked {
                        if !unique.contains(&p) {
                            unique.push(p);
                        }
                    }
                    body = with(body, json!({ "invoices": unique }));
                }
                let r = app.post("/users/payment", Some(&agent1), body).await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.body);
                let split: i64 = allocations(&r).iter().map(|a| a.1).sum::<i64>() + money(&r.body["unallocated"]);
                assert_eq!(split, amount);
                ids.push(r.body["paymentId"].as_i64().unwrap());
            }
        }
    }
    let conn = app.conn();
    let bad: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM invoices i WHERE i.paid_paise < 0 OR i.paid_paise > i.amount_paise
                OR i.paid_paise <> (SELECT COALESCE(SUM(a.amount_paise), 0) FROM payment_allocations a
                                    JOIN payments p ON p.payment_id = a.payment_id
                                    WHERE a.invoice_id = i.invoice_id AND p.status <> 'reversed')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(bad, 0);
    let (payments, split): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT SUM(amount_paise) FROM payments WHERE status <> 'reversed' AND client_id LIKE 'RANDWALK-%'),
                    (SELECT SUM(a.amount_paise) FROM payment_allocations a JOIN payments p ON p.payment_id = a.payment_id
                      WHERE p.status <> 'reversed' AND p.client_id LIKE 'RANDWALK-%')
                  + (SELECT SUM(unallocated_paise) FROM payments WHERE status <> 'reversed' AND client_id LIKE 'RANDWALK-%')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(payments, split);
    let reversed: i64 = conn.query_row("SELECT COUNT(*) FROM payments WHERE status = 'reversed'", [], |r| r.get(0)).unwrap();
    assert!(reversed > 5, "the walk reversed {reversed} payments");
    drop(conn);
    for buyer in &buyers {
        let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
        let sum: i64 = out.body["invoices"].as_array().unwrap().iter().map(|i| money(&i["balance"])).sum();
        assert_eq!(money(&out.body["total"]), sum);
        let ageing: i64 = ["days0to30", "days31to60", "days61to90", "days90plus"].iter().map(|k| money(&out.body["ageing"][k])).sum();
        assert_eq!(ageing, sum);
    }
}

/// The "Must show": 100,000 invoice rows import with their result workbook, and the same
/// file again updates them without a duplicate.
#[tokio::test]
async fn a_hundred_thousand_invoices_import_and_import_again_without_duplicates() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let buyers: Vec<String> = app
        .conn()
        .prepare("SELECT buyer_id FROM customers ORDER BY buyer_id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let before: i64 = app.conn().query_row("SELECT COUNT(*) FROM invoices", [], |r| r.get(0)).unwrap();
    let mut book = rust_xlsxwriter::Workbook::new();
    {
        let sheet = book.add_worksheet_with_constant_memory();
        for (c, h) in ["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"].iter().enumerate() {
            sheet.write_string(0, c as u16, *h).unwrap();
        }
        let (date, due) = (day(-20), day(10));
        for n in 0..100_000u32 {
            let r = n + 1;
            sheet.write_string(r, 0, format!("BULK-{n:06}")).unwrap();
            sheet.write_string(r, 1, &buyers[n as usize % buyers.len()]).unwrap();
            sheet.write_string(r, 2, &date).unwrap();
            sheet.write_number(r, 3, 100.0 + f64::from(n % 1000) + 0.25).unwrap();
            sheet.write_string(r, 4, &due).unwrap();
        }
    }
    let bytes = book.save_to_buffer().unwrap();
    for pass in 1..=2 {
        let started = std::time::Instant::now();
        let r = upload(&app, &admin, bytes.clone()).await;
        let took = started.elapsed();
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(r.body["message"], "100000 rows uploaded, 0 rejected.", "{}", r.body);
        let result = fetch(&app, r.body["excelLink"].as_str().unwrap()).await.expect("result workbook");
        let rows = sheet(&result);
        assert_eq!(rows.len(), 100_001);
        assert_eq!(rows[100_000][6], Data::String("Uploaded".into()));
        let after: i64 = app.conn().query_row("SELECT COUNT(*) FROM invoices", [], |r| r.get(0)).unwrap();
        assert_eq!(after - before, 100_000, "pass {pass}");
        eprintln!("invoice upload pass {pass}: 100,000 rows in {:.1} s (with the result workbook)", took.as_secs_f64());
    }
    let total: i64 =
        app.conn().query_row("SELECT SUM(amount_paise) FROM invoices WHERE invoice_no LIKE 'BULK-%'", [], |r| r.get(0)).unwrap();
    // Exact paise: 100 x (100.25 + ... + 1099.25).
    assert_eq!(total, 100 * (0..1000).map(|k| 10_025 + k * 100).sum::<i64>());
}

/// A fresh customer of agent1 owing ₹6,000.50 on one invoice (the red team's figure), as the
/// invoice upload gives it.
async fn owing_6000_50(app: &TestApp, admin: &str, no: &str, skip: usize) -> String {
    let buyer = fresh_customer(app, "agent1@demo.test", skip);
    let r = upload(app, admin, invoice_book(&[row(no, &buyer, &day(-10), "6000.50", &day(20))])).await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);
    buyer
}

fn count_payments(app: &TestApp, like: &str) -> i64 {
    app.conn().query_row("SELECT COUNT(*) FROM payments WHERE client_id LIKE ?1", [like], |r| r.get(0)).unwrap()
}

/// Issue #49 item 9: the red team's ₹10,00,00,00,00,000 "cash" against ₹6,000.50 owed is refused
/// (above the company's maximum, ₹10 crore by default); an invoice amount of 0.001 is refused,
/// not stored as 0.00, and one above the maximum too.
#[tokio::test]
async fn amounts_are_bounded_by_the_companys_maximum_and_two_places() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let buyer = owing_6000_50(&app, &admin, "BOUND-1", 0).await;
    for amount in [json!(1_000_000_000_000_i64), json!("1000000000000"), json!(100_000_000.01)] {
        let r = app.post("/users/payment", Some(&agent1), payment("BOUNDS00-0001", &buyer, amount.clone())).await;
        assert_eq!(
            (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some("amount_above_maximum"), Some("amount")),
            "{amount}: {}",
            r.body
        );
        assert_eq!(r.body["message"], "The amount may be at most 100000000.00.");
    }
    let r = app.post("/users/payment", Some(&agent1), payment("BOUNDS00-0002", &buyer, json!(0.001))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("payment_amount_not_valid")), "{}", r.body);
    assert_eq!(count_payments(&app, "BOUNDS00-%"), 0);
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(money(&out.body["total"]), 600_050);

    // The invoice upload: 0.001 and above the maximum are the rows' errors; nothing is stored.
    let other = fresh_customer(&app, "agent1@demo.test", 0);
    let r = upload(
        &app,
        &admin,
        invoice_book(&[
            row("BOUND-2", &other, &day(-1), "0.001", &day(20)),
            row("BOUND-3", &other, &day(-1), "#0.001", &day(20)),
            row("BOUND-4", &other, &day(-1), "#1000000000000", &day(20)),
            row("BOUND-5", &other, &day(-1), "0.1", &day(20)),
        ]),
    )
    .await;
    assert_eq!(r.body["message"], "1 row uploaded, 3 rejected.", "{}", r.body);
    let reasons: Vec<&str> = r.body["data"].as_array().unwrap().iter().map(|d| d["reason"].as_str().unwrap()).collect();
    assert_eq!(
        reasons,
        [
            "Amount has more than two decimals (0.001): amounts are kept to the paisa",
            "Amount has more than two decimals (0.001): amounts are kept to the paisa",
            "Amount may be at most 100000000.00."
        ]
    );
    let stored: Vec<String> = app
        .conn()
        .prepare("SELECT invoice_no FROM invoices WHERE invoice_no LIKE 'BOUND-%' ORDER BY 1")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(stored, ["BOUND-1", "BOUND-5"]);

    // The maximum is the company's setting.
    let small = TestApp::with(|c| c.max_amount = fieldsales::platform::money::Money::from_paise(500_000));
    let (admin, agent1) = (small.as_admin().await, small.as_agent(1).await);
    let buyer = fresh_customer(&small, "agent1@demo.test", 0);
    let r = upload(
        &small,
        &admin,
        invoice_book(&[row("BOUND-6", &buyer, &day(-1), "5000", &day(20)), row("BOUND-7", &buyer, &day(-1), "5000.01", &day(20))]),
    )
    .await;
    assert_eq!(r.body["data"][0]["reason"], "Amount may be at most 5000.00.", "{}", r.body);
    let r = small.post("/users/payment", Some(&agent1), payment("BOUNDS00-0003", &buyer, json!(5000.01))).await;
    assert_eq!(r.body["code"], "amount_above_maximum", "{}", r.body);
    let r = small.post("/users/payment", Some(&agent1), payment("BOUNDS00-0004", &buyer, json!(5000))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// Issue #49 item 9: cash from one customer in one day stays below ₹2,00,000 (Income-tax Act
/// s. 269ST; the company's `--cash-limit-per-day`, on by default for INR): ₹1,99,999.99 is taken,
/// one paisa more on the same day is refused, as are two payments of ₹1,00,000 (whoever collects
/// them); other modes are not cash; a reversed payment no longer counts; 0 turns it off.
#[tokio::test]
async fn cash_from_one_customer_in_one_day_stays_below_the_limit() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent1 = app.as_agent(1).await;
    let buyer = fresh_customer(&app, "agent1@demo.test", 0);
    let r = upload(&app, &admin, invoice_book(&[row("CASH-1", &buyer, &day(-10), "500000", &day(20))])).await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);
    let first = app.post("/users/payment", Some(&agent1), payment("CASHDAY0-0001", &buyer, json!(199_999.99))).await;
    assert_eq!((first.status, first.body["code"].as_str()), (StatusCode::OK, Some("payment_recorded")), "{}", first.body);
    let r = app.post("/users/payment", Some(&agent1), payment("CASHDAY0-0002", &buyer, json!(0.01))).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("payment_cash_over_limit"), Some("amount")),
        "{}",
        r.body
    );
    assert_eq!(r.body["params"]["limit"], "200000.00");
    assert_eq!(r.body["params"]["taken"], "199999.99");
    // The same by UPI is no cash.
    let upi = with(payment("CASHDAY0-0003", &buyer, json!(100_000)), json!({ "mode": "upi", "reference": "UPI-1" }));
    assert_eq!(app.post("/users/payment", Some(&agent1), upi).await.status, StatusCode::OK);
    assert_eq!(count_payments(&app, "CASHDAY0-%"), 2);
    // Reversed, the first no longer counts: two of ₹1,00,000 make ₹2,00,000, the second refused.
    let id = first.body["paymentId"].as_i64().unwrap();
    let r = app.post(&format!("/users/payment/{id}/reverse"), Some(&admin), json!({ "reason": "Counted twice" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app.post("/users/payment", Some(&agent1), payment("CASHDAY0-0004", &buyer, json!(100_000))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app.post("/users/payment", Some(&agent1), payment("CASHDAY0-0005", &buyer, json!("100000.00"))).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("payment_cash_over_limit")), "{}", r.body);
    // A repeat of a recorded payment is still its answer, not a refusal.
    let again = app.post("/users/payment", Some(&agent1), payment("CASHDAY0-0004", &buyer, json!(100_000))).await;
    assert_eq!((again.status, again.body["duplicate"].as_bool()), (StatusCode::OK, Some(true)), "{}", again.body);

    // Off (0, or a currency other than INR by default): the company decides.
    let off = TestApp::with(|c| c.cash_limit_per_day = None);
    let (admin, agent1) = (off.as_admin().await, off.as_agent(1).await);
    let buyer = fresh_customer(&off, "agent1@demo.test", 0);
    upload(&off, &admin, invoice_book(&[row("CASH-2", &buyer, &day(-10), "500000", &day(20))])).await;
    let r = off.post("/users/payment", Some(&agent1), payment("CASHOFF0-0001", &buyer, json!(250_000))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// Issue #49 item 9: a payment far above what the customer owed (what no invoice takes is more
/// than what was owed and more than ₹10,000) is recorded as `pending`: it takes nothing from the
/// invoices and is not summed until a manager approves it; its collector cannot approve it.
#[tokio::test]
async fn a_payment_far_above_what_is_owed_waits_for_a_managers_approval() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let buyer = owing_6000_50(&app, &admin, "FAR-1", 1).await;
    // ₹16,000.50 leaves exactly ₹10,000 over: kept as an over-payment, as ever.
    let near = app.post("/users/payment", Some(&agent1), payment("FARABOVE-0001", &buyer, json!(16_000.5))).await;
    assert_eq!((near.body["status"].as_str(), near.body["code"].as_str()), (Some("collected"), Some("payment_recorded")), "{}", near.body);
    assert_eq!(money(&near.body["unallocated"]), 1_000_000);
    let id = near.body["paymentId"].as_i64().unwrap();
    app.post(&format!("/users/payment/{id}/reverse"), Some(&admin), json!({ "reason": "test" })).await;

    let far = with(payment("FARABOVE-0002", &buyer, json!(50_000)), json!({ "mode": "upi", "reference": "UPI-FAR" }));
    let r = app.post("/users/payment", Some(&agent1), far.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["status"].as_str(), r.body["code"].as_str()), (Some("pending"), Some("payment_awaiting_approval")), "{}", r.body);
    assert_eq!((r.body["allocations"].clone(), money(&r.body["unallocated"])), (json!([]), 5_000_000));
    let id = r.body["paymentId"].as_i64().unwrap();
    // A repeat answers the same; the customer still owes ₹6,000.50; the list does not sum it.
    let again = app.post("/users/payment", Some(&agent1), far).await;
    assert_eq!((again.body["duplicate"].as_bool(), again.body["status"].as_str()), (Some(true), Some("pending")));
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(money(&out.body["total"]), 600_050);
    let list = app.get(&format!("/users/payments?buyerId={buyer}&status=pending"), Some(&manager)).await;
    assert_eq!(list.body["totalRecords"], 1, "{}", list.body);
    assert_eq!((list.body["totals"]["pendingCount"].as_i64(), money(&list.body["totals"]["amount"])), (Some(1), 0));
    // Not deposited while pending; not approved by an agent, nor by its collector.
    let r = app.post(&format!("/users/payment/{id}/deposit"), Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_is_pending")));
    let path = format!("/users/payment/{id}/approve");
    assert_eq!(app.post(&path, Some(&agent1), json!({})).await.status, StatusCode::FORBIDDEN);
    let other = crate::orders::new_user(&app, "am2@demo.test", 3).await;
    assert_eq!(app.post(&path, Some(&other), json!({})).await.status, StatusCode::NOT_FOUND);
    // The manager approves: it is spread over the open invoices now and counts.
    let r = app.post(&path, Some(&manager), json!({})).await;
    assert_eq!(
        (r.status, r.body["code"].as_str(), r.body["status"].as_str()),
        (StatusCode::OK, Some("payment_approved"), Some("collected")),
        "{}",
        r.body
    );
    let receipt = app.get(&format!("/users/payment/{id}"), Some(&agent1)).await.body;
    assert_eq!((money(&receipt["allocated"]), money(&receipt["unallocated"])), (600_050, 5_000_000 - 600_050));
    let out = app.get(&format!("/users/customer/outstanding/{buyer}"), Some(&agent1)).await;
    assert_eq!(money(&out.body["total"]), 0);
    let r = app.post(&path, Some(&manager), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_not_pending")));
    let audited: String = app.conn().query_row("SELECT action FROM audit_log ORDER BY id DESC LIMIT 1", [], |r| r.get(0)).unwrap();
    assert!(audited.starts_with("approve payment R"), "{audited}");

    // An administrator who collected one cannot approve it themselves.
    let own = with(payment("FARABOVE-0003", &buyer, json!(90_000)), json!({ "mode": "bank", "reference": "NEFT-1" }));
    let r = app.post("/users/payment", Some(&admin), own).await;
    assert_eq!((r.status, r.body["status"].as_str()), (StatusCode::OK, Some("pending")), "{}", r.body);
    let r = app.post(&format!("/users/payment/{}/approve", r.body["paymentId"]), Some(&admin), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("payment_approve_own")), "{}", r.body);
}

#[tokio::test]
async fn a_version_30_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 30, crate::support::downgrade_to_schema_30);
}
