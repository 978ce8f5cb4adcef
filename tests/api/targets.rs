//! Targets and incentives (issue #53): each event moves the right measure by the right amount (an
//! order, its cancel, a credit-held then rejected order, a payment and its reversal), from the
//! stored figures; managers see and set only their agents'; holidays and slabs; the `target`
//! upload; the `targets` report equals `GET /users/targets` for every agent of the demo.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::orders::{new_user, upload};
use crate::reports::{fetch, sheet};
use crate::support::{assert_upgrades_to_fresh, downgrade_to_schema_36, Reply, TestApp};

#[tokio::test]
async fn step_37_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    assert_upgrades_to_fresh(&mut app.conn(), 36, downgrade_to_schema_36);
}

fn month() -> String {
    fieldsales::clock::today().format("%Y-%m").to_string()
}

fn uid(app: &TestApp, email: &str) -> i64 {
    app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

/// A customer of `agent` without booked orders or invoices whose usual distributor has an email.
fn customer_of(app: &TestApp, agent: &str, skip: usize) -> (String, i64) {
    app.conn()
        .query_row(
            &format!(
                "SELECT c.buyer_id, c.customer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = ?1 AND c.customer_id NOT IN (SELECT customer_id FROM orders)
                   AND c.customer_id NOT IN (SELECT customer_id FROM invoices)
                   AND (SELECT d.email FROM order_lines o JOIN distributors d ON d.name = o.seller_name
                        WHERE o.customer_id = c.customer_id ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) IS NOT NULL
                 ORDER BY c.buyer_id LIMIT 1 OFFSET {skip}"
            ),
            [agent],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

fn product(app: &TestApp, name: &str) -> (i64, i64) {
    app.conn().query_row("SELECT product_id, price_paise FROM products WHERE name = ?1", [name], |r| Ok((r.get(0)?, r.get(1)?))).unwrap()
}

/// The order's taxable value as booking stored it (never 0 for a priced order).
fn stored_taxable(app: &TestApp, order_id: i64) -> i64 {
    let stored: i64 = app.conn().query_row("SELECT taxable_paise FROM orders WHERE order_id = ?1", [order_id], |r| r.get(0)).unwrap();
    assert!(stored > 0, "booking stored no taxable value for order {order_id}");
    stored
}

/// `measure -> achieved` of an agent's month as the API answers it.
async fn achieved(app: &TestApp, token: &str, agent: i64) -> BTreeMap<String, f64> {
    let r = app.get(&format!("/users/targets?agentId={agent}&month={}", month()), Some(token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["measures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["measure"].as_str().unwrap().to_string(), m["achieved"].as_f64().unwrap()))
        .collect()
}

/// What changed between two readings, measures that did not left out.
fn moved(before: &BTreeMap<String, f64>, after: &BTreeMap<String, f64>) -> BTreeMap<String, f64> {
    after.iter().filter(|(k, v)| before[*k] != **v).map(|(k, v)| (k.clone(), ((v - before[k]) * 100.0).round() / 100.0)).collect()
}

fn map(pairs: &[(&str, f64)]) -> BTreeMap<String, f64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn order_with_visit(buyer: &str, product: i64, quantity: i64, client: &str) -> Value {
    json!({
        "buyerId": buyer,
        "clientId": format!("{client}-order"),
        "lines": [{ "productId": product, "quantity": quantity }],
        "visit": { "outcomeId": 1, "remark": "", "clientId": format!("{client}-visit") }
    })
}

fn ok(r: &Reply) {
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn each_event_moves_the_right_measure_by_the_right_amount() {
    let app = TestApp::new();
    let (admin, agent1) = (app.as_admin().await, app.as_agent(1).await);
    let me = uid(&app, "agent1@demo.test");
    let (buyer, customer) = customer_of(&app, "agent1@demo.test", 0);
    let (cola, price) = product(&app, "Cola 300ml");

    // An order with its visit: sales value by the order's stored taxable value, a visit, a
    // productive call, its lines per call.
    let before = achieved(&app, &agent1, me).await;
    let r = app.post("/users/order", Some(&agent1), order_with_visit(&buyer, cola, 3, "tgt-1")).await;
    ok(&r);
    let order = r.body["orderId"].as_i64().unwrap();
    let taxable = stored_taxable(&app, order);
    assert_eq!(taxable, 3 * price);
    let after = achieved(&app, &agent1, me).await;
    // Lines per call: the month's counted productive orders' lines over their number, from the database.
    let (lines, calls): (i64, i64) = app
        .conn()
        .query_row(
            "SELECT COALESCE(SUM(line_count), 0), COUNT(*) FROM orders WHERE agent_id = ?1 AND order_date >= ?2
               AND visit_id IS NOT NULL AND status <> 'Cancelled' AND COALESCE(credit_hold, '') <> 'rejected'",
            rusqlite::params![me, format!("{}-01", month())],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(after["lines_per_call"], fieldsales::targets::queries::lines_per_call(lines, calls) as f64 / 100.0);
    let mut moved_now = moved(&before, &after);
    moved_now.remove("lines_per_call");
    let expected = map(&[("sales_value", taxable as f64 / 100.0), ("productive_calls", 1.0), ("visits", 1.0)]);
    assert_eq!(moved_now, expected);

    // Its cancel takes the order back off; the visit stays a visit.
    ok(&app.post(&format!("/users/order/{order}/cancel"), Some(&agent1), json!({})).await);
    assert_eq!(moved(&before, &achieved(&app, &agent1, me).await), map(&[("visits", 1.0)]));

    // An order held over the credit limit counts while it awaits; rejected, it no longer does.
    let before = achieved(&app, &agent1, me).await;
    app.conn().execute("UPDATE customers SET credit_limit_paise = 1 WHERE customer_id = ?1", [customer]).unwrap();
    let held = app
        .post(
            "/users/order",
            Some(&agent1),
            json!({ "buyerId": buyer, "clientId": "tgt-held", "lines": [{ "productId": cola, "quantity": 2 }] }),
        )
        .await;
    ok(&held);
    assert_eq!(held.body["status"], "Awaiting approval", "{}", held.body);
    let held_id = held.body["orderId"].as_i64().unwrap();
    let taxable = stored_taxable(&app, held_id);
    assert_eq!(moved(&before, &achieved(&app, &agent1, me).await), map(&[("sales_value", taxable as f64 / 100.0)]));
    ok(&app.post(&format!("/users/order/{held_id}/reject"), Some(&admin), json!({ "reason": "Over the limit" })).await);
    assert_eq!(moved(&before, &achieved(&app, &agent1, me).await), map(&[]));

    // A payment moves collections by its amount; its reversal takes it back off.
    let before = achieved(&app, &agent1, me).await;
    app.conn()
        .execute(
            "INSERT INTO invoices (invoice_no, customer_id, invoice_date, due_date, amount_paise, uploaded_at, updated_at)
             VALUES ('TGT-1', ?1, '2026-01-01', '2026-01-31', 500000, 0, 0)",
            [customer],
        )
        .unwrap();
    let paid = app
        .post(
            "/users/payment",
            Some(&agent1),
            json!({ "clientId": "tgtpay01-0001", "buyerId": buyer, "amount": 1234.56, "mode": "cash",
                    "collectedAt": chrono::Utc::now().to_rfc3339() }),
        )
        .await;
    ok(&paid);
    assert_eq!(moved(&before, &achieved(&app, &agent1, me).await), map(&[("collections", 1234.56)]));
    let payment = paid.body["paymentId"].as_i64().unwrap();
    ok(&app.post(&format!("/users/payment/{payment}/reverse"), Some(&admin), json!({ "reason": "Cheque bounced" })).await);
    assert_eq!(moved(&before, &achieved(&app, &agent1, me).await), map(&[]));

    // Returns (#54) and new outlets (#54) are not built yet: they stay 0.
    let now = achieved(&app, &agent1, me).await;
    assert_eq!(now["new_outlets"], 0.0);
}

#[tokio::test]
async fn targets_percent_projection_and_incentive_follow_the_contract() {
    let app = TestApp::new();
    let (admin, agent1, manager) = (app.as_admin().await, app.as_agent(1).await, app.token("am@demo.test").await);
    let me = uid(&app, "agent1@demo.test");
    let m = month();
    for (measure, target) in [("sales_value", json!("100000.50")), ("productive_calls", json!(40)), ("lines_per_call", json!(2.5))] {
        let r =
            app.post("/master/target", Some(&manager), json!({ "agentId": me, "month": m, "measure": measure, "target": target })).await;
        ok(&r);
        assert_eq!(r.body["code"], "target_saved");
    }
    let r = app
        .post(
            "/master/incentive",
            Some(&admin),
            json!({ "measure": "productive_calls", "slabs": [{ "fromPercent": 100, "payout": 1500 }, { "fromPercent": 50, "payout": 500 }] }),
        )
        .await;
    ok(&r);
    let r = app.get(&format!("/users/targets?month={m}"), Some(&agent1)).await;
    ok(&r);
    let b = &r.body;
    assert_eq!(b["month"], m);
    let (worked, working, remaining) =
        (b["daysWorked"].as_i64().unwrap(), b["workingDays"].as_i64().unwrap(), b["remainingDays"].as_i64().unwrap());
    assert!(worked <= working && remaining <= working && worked + remaining >= working, "{b}");
    let measures: BTreeMap<&str, &Value> = b["measures"].as_array().unwrap().iter().map(|x| (x["measure"].as_str().unwrap(), x)).collect();
    assert_eq!(measures.len(), 6);
    let sales = measures["sales_value"];
    assert_eq!(sales["target"], 100000.5);
    let achieved_paise = (sales["achieved"].as_f64().unwrap() * 100.0).round() as i64;
    // projected = achieved / days worked x working days, to the paisa.
    if worked > 0 {
        let projected = (achieved_paise as i128 * working as i128 * 2 + worked as i128) / (2 * worked as i128);
        assert_eq!((sales["projected"].as_f64().unwrap() * 100.0).round() as i128, projected);
    }
    if remaining > 0 {
        let need = ((10_000_050 - achieved_paise).max(0) + remaining - 1) / remaining;
        assert_eq!((sales["neededPerDay"].as_f64().unwrap() * 100.0).round() as i64, need);
    }
    assert_eq!(measures["visits"]["target"], Value::Null);
    assert_eq!(measures["visits"]["percent"], Value::Null);
    assert_eq!(measures["lines_per_call"]["target"], 2.5);
    assert_eq!(measures["lines_per_call"]["neededPerDay"], Value::Null);
    // Slabs: below 50 % of 40 calls nothing; the next slab is the 50 % one.
    let calls = measures["productive_calls"]["achieved"].as_f64().unwrap() as i64;
    if calls < 20 {
        assert_eq!(b["incentive"]["earned"], 0.0);
        assert_eq!(
            b["incentive"]["next"],
            json!({ "measure": "productive_calls", "percent": 50, "payout": 500.0, "need": (20 - calls) as f64 })
        );
    }
    // A holiday takes a working day off the month (not a Sunday: a day of the month that is not one).
    let first = chrono::NaiveDate::parse_from_str(&format!("{m}-01"), "%Y-%m-%d").unwrap();
    let day = (0..7).map(|i| first + chrono::Days::new(i)).find(|d| chrono::Datelike::weekday(d) != chrono::Weekday::Sun).unwrap();
    ok(&app.post("/master/holiday", Some(&admin), json!({ "date": day.to_string(), "name": "Founders' Day" })).await);
    let again = app.get(&format!("/users/targets?month={m}"), Some(&agent1)).await;
    assert_eq!(again.body["workingDays"].as_i64().unwrap(), working - 1);
    let list = app.get(&format!("/master/holiday?year={}", &m[..4]), Some(&manager)).await;
    assert_eq!(list.body, json!([{ "date": day.to_string(), "name": "Founders' Day" }]));
    ok(&app.post(&format!("/master/holiday/delete/{day}"), Some(&admin), json!({})).await);
    assert_eq!(app.get(&format!("/users/targets?month={m}"), Some(&agent1)).await.body["workingDays"].as_i64().unwrap(), working);
    // A null target removes it.
    let r =
        app.post("/master/target", Some(&admin), json!({ "agentId": me, "month": m, "measure": "lines_per_call", "target": null })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::OK, Some("target_removed")));
}

#[tokio::test]
async fn bad_targets_holidays_and_slabs_are_refused_with_their_codes() {
    let app = TestApp::new();
    let (admin, manager) = (app.as_admin().await, app.token("am@demo.test").await);
    let me = uid(&app, "agent1@demo.test");
    let m = month();
    let cases = [
        (json!({ "month": m, "measure": "visits", "target": 5 }), "target_agent_required"),
        (json!({ "agentId": me, "month": "2026-13", "measure": "visits", "target": 5 }), "target_month_not_valid"),
        (json!({ "agentId": me, "month": "2026-1", "measure": "visits", "target": 5 }), "target_month_not_valid"),
        (json!({ "agentId": me, "month": m, "measure": "calls", "target": 5 }), "target_measure_not_valid"),
        (json!({ "agentId": me, "month": m, "measure": "visits", "target": 1.5 }), "target_value_not_valid"),
        (json!({ "agentId": me, "month": m, "measure": "visits", "target": -1 }), "target_value_not_valid"),
        (json!({ "agentId": me, "month": m, "measure": "sales_value", "target": "12.345" }), "target_value_not_valid"),
        (json!({ "agentId": me, "month": m, "measure": "sales_value", "target": [1] }), "target_value_not_valid"),
    ];
    for (body, code) in cases {
        let r = app.post("/master/target", Some(&manager), body.clone()).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}: {}", r.body);
    }
    assert_eq!(app.conn().query_row("SELECT COUNT(*) FROM targets", [], |r| r.get::<_, i64>(0)).unwrap(), 0);
    let r = app.get("/users/targets?month=2026-1", Some(&manager)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = app.get("/users/targets", Some(&manager)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("target_agent_required")));
    for (body, code) in [
        (json!({ "date": "2026-02-30", "name": "x" }), "holiday_date_not_valid"),
        (json!({ "date": "2026-01-26", "name": " " }), "holiday_name_required"),
    ] {
        let r = app.post("/master/holiday", Some(&admin), body).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)));
    }
    let r = app.post("/master/holiday", Some(&manager), json!({ "date": "2026-01-26", "name": "Republic Day" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("targets_administrators_only")));
    for slabs in
        [json!([{ "fromPercent": 0, "payout": 1 }]), json!([{ "fromPercent": 50, "payout": 1 }, { "fromPercent": 50, "payout": 2 }])]
    {
        let r = app.post("/master/incentive", Some(&admin), json!({ "measure": "visits", "slabs": slabs })).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("incentive_slabs_not_valid")));
    }
    let r = app.post("/master/incentive", Some(&manager), json!({ "measure": "visits", "slabs": [] })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn managers_see_and_set_only_their_agents() {
    let app = TestApp::new();
    let (manager, agent1) = (app.token("am@demo.test").await, app.as_agent(1).await);
    let other = new_user(&app, "am2@demo.test", 3).await;
    let am2 = uid(&app, "am2@demo.test");
    let agent4 = uid(&app, "agent4@demo.test");
    let agent1_id = uid(&app, "agent1@demo.test");
    app.conn().execute("UPDATE users SET manager_id = ?1 WHERE uid = ?2", [am2, agent4]).unwrap();
    let m = month();
    // The other team's agent is not found, to read or to set.
    let r = app.get(&format!("/users/targets?agentId={agent4}"), Some(&manager)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("agent_not_found")));
    let r = app.post("/master/target", Some(&manager), json!({ "agentId": agent4, "month": m, "measure": "visits", "target": 9 })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("agent_not_found")));
    let r = app.post("/master/target", Some(&other), json!({ "agentId": agent4, "month": m, "measure": "visits", "target": 9 })).await;
    ok(&r);
    // An agent reads only their own and sets nothing.
    assert_eq!(app.get(&format!("/users/targets?agentId={agent4}"), Some(&agent1)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/users/targets?agentId={agent1_id}"), Some(&agent1)).await.status, StatusCode::OK);
    let r = app.post("/master/target", Some(&agent1), json!({ "agentId": agent1_id, "month": m, "measure": "visits", "target": 9 })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // The targets report: target_master; an agent has no report right.
    assert_eq!(app.get(&format!("/report/targets?monthYear={m}"), Some(&agent1)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/report/targets?monthYear={m}"), Some(&manager)).await.status, StatusCode::OK);
    // The team views: each manager's own agents only.
    let team = |body: &Value| -> Vec<String> {
        body["agents"].as_array().unwrap().iter().map(|a| a["email"].as_str().unwrap().to_string()).collect()
    };
    let mine = app.get(&format!("/users/targets/team?month={m}"), Some(&manager)).await;
    ok(&mine);
    assert_eq!(team(&mine.body), ["agent3@demo.test", "agent2@demo.test", "agent1@demo.test"]);
    let theirs = app.get(&format!("/users/targets/team?month={m}"), Some(&other)).await;
    assert_eq!(team(&theirs.body), ["agent4@demo.test"]);
    assert_eq!(theirs.body["agents"][0]["measures"][3]["target"], 9.0);
    // The upload: the natural key (agent, month, measure) is replaced; another team's agent is refused.
    let header: &[&str] = &["Agent Email", "Month", "Measure", "Target"];
    let r = upload(
        &app,
        &manager,
        "target",
        "targetdata",
        &[
            header,
            &["agent1@demo.test", &m, "sales_value", "2,50,000.50"],
            &["agent1@demo.test", &m, "sales_value", "300000"],
            &["agent4@demo.test", &m, "visits", "10"],
            &["agent2@demo.test", &m, "lines_per_call", "2.25"],
            &["agent2@demo.test", &m, "visits", "7.5"],
            &["agent2@demo.test", "Dec 2026", "visits", "7"],
            &["agent2@demo.test", &m, "calls", "7"],
        ],
    )
    .await;
    ok(&r);
    assert_eq!(r.body["message"], "3 rows uploaded, 4 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "Unknown agent agent4@demo.test", "{}", r.body);
    let stored = |agent: i64, measure: &str| -> Option<i64> {
        use rusqlite::OptionalExtension;
        app.conn()
            .query_row(
                "SELECT target FROM targets WHERE agent_id = ?1 AND month = ?2 AND measure = ?3",
                rusqlite::params![agent, m, measure],
                |r| r.get(0),
            )
            .optional()
            .unwrap()
    };
    assert_eq!(stored(agent1_id, "sales_value"), Some(30_000_000));
    assert_eq!(stored(uid(&app, "agent2@demo.test"), "lines_per_call"), Some(225));
    assert_eq!(stored(agent4, "visits"), Some(9));
}

/// The `targets` report's figures equal `GET /users/targets` for every agent of the demo.
#[tokio::test]
async fn the_report_equals_the_api_for_every_agent() {
    let app = TestApp::new();
    crate::reports::activity(&app).await;
    let (admin, agent1) = (app.as_admin().await, app.as_agent(1).await);
    let m = month();
    let (buyer, _) = customer_of(&app, "agent1@demo.test", 0);
    let (cola, _) = product(&app, "Cola 300ml");
    let r = app.post("/users/order", Some(&agent1), order_with_visit(&buyer, cola, 2, "tgt-rep")).await;
    ok(&r);
    for (measure, target) in [("sales_value", json!(5000)), ("visits", json!(30)), ("collections", json!(1000.5))] {
        ok(&app
            .post(
                "/master/target",
                Some(&admin),
                json!({ "agentId": uid(&app, "agent1@demo.test"), "month": m, "measure": measure, "target": target }),
            )
            .await);
    }
    let r = app.get(&format!("/report/targets?monthYear={m}"), Some(&admin)).await;
    ok(&r);
    let rows = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(header, ["Month", "Agent ID", "Agent Name", "Measure", "Target", "Achieved", "Achieved %"]);
    let agents: Vec<(i64, String)> = app
        .conn()
        .prepare("SELECT uid, email FROM users WHERE user_type_id = 4 AND is_deleted = 0")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len() - 1, agents.len() * 6);
    let number = |d: &calamine::Data| -> Option<f64> {
        match d {
            calamine::Data::Float(f) => Some(*f),
            calamine::Data::Int(i) => Some(*i as f64),
            calamine::Data::Empty => None,
            other => panic!("not a number: {other:?}"),
        }
    };
    let mut seen_sales = false;
    for (agent, email) in agents {
        let api = app.get(&format!("/users/targets?agentId={agent}&month={m}"), Some(&admin)).await;
        ok(&api);
        for measure in api.body["measures"].as_array().unwrap() {
            let name = measure["measure"].as_str().unwrap();
            let row = rows.iter().find(|r| r[1].to_string() == email && r[3] == name).unwrap_or_else(|| panic!("{email} {name}"));
            assert_eq!(row[0].to_string(), m);
            assert_eq!(number(&row[4]), measure["target"].as_f64(), "{email} {name} target");
            assert_eq!(number(&row[5]), measure["achieved"].as_f64(), "{email} {name} achieved");
            // A percent cell holds the fraction (0.5 for 50 %).
            assert_eq!(number(&row[6]).map(|x| (x * 10_000.0).round() / 100.0), measure["percent"].as_f64(), "{email} {name} percent");
            seen_sales |= name == "sales_value" && measure["achieved"].as_f64().unwrap() > 0.0;
        }
    }
    assert!(seen_sales, "an agent had a sales value");
}
