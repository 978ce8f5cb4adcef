//! Beat plans (issue #19): who plans whose beats, the checks of a save, the upload, the day's plan
//! with visits and orders in it, the landing tiles and the beat-adherence report against
//! hand-counted days (past days as they were planned), the map's tile settings, and the upgrade of
//! a version 4 database.

use axum::http::StatusCode;
use chrono::{Datelike, Days};
use serde_json::{json, Value};

use crate::orders::{count, new_user, today, upload};
use crate::reports::{fetch, sheet};
use crate::support::TestApp;

/// The first `n` buyer ids of the agent with this email, by buyer id.
fn buyers_of(app: &TestApp, email: &str, n: usize) -> Vec<String> {
    app.conn()
        .prepare("SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id WHERE u.email = ?1 ORDER BY c.buyer_id LIMIT ?2")
        .unwrap()
        .query_map(rusqlite::params![email, n as i64], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn uid(app: &TestApp, email: &str) -> i64 {
    app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

fn weekday_today() -> &'static str {
    fieldsales::beats::types::WEEKDAY_NAMES[fieldsales::clock::today().weekday().num_days_from_monday() as usize]
}

fn beat(name: &str, agent: i64, weekdays: &[&str], customers: &[String]) -> Value {
    json!({ "beatName": name, "agentId": agent, "weekdays": weekdays, "customers": customers })
}

fn listed(detail: &Value) -> Vec<String> {
    detail["customers"].as_array().unwrap().iter().map(|c| c["buyerId"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn managers_plan_their_agents_beats_and_agents_read_their_own() {
    let app = TestApp::new();
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    let a1 = uid(&app, "agent1@demo.test");
    let mine = buyers_of(&app, "agent1@demo.test", 3);

    let saved = app.post("/master/beat", Some(&manager), beat("Jayanagar Mon/Thu", a1, &["Thu", "mon"], &mine)).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(saved.body["message"], "Beat saved successfully.");
    let id = saved.body["beatId"].as_i64().unwrap();
    let detail = app.get(&format!("/master/beat/{id}"), Some(&manager)).await;
    assert_eq!(detail.body["weekdays"], json!(["Mon", "Thu"]));
    assert_eq!(detail.body["agentName"], "Ravi Kumar");
    assert_eq!(listed(&detail.body), mine);
    assert_eq!(detail.body["customers"][2]["sequence"], 3);

    // Reordered and shortened: the new order holds.
    let reordered = vec![mine[2].clone(), mine[0].clone()];
    let update = json!({ "beatId": id, "beatName": "Jayanagar", "agentId": a1, "weekdays": "Mon,Thu", "customers": reordered });
    assert_eq!(app.post("/master/beat", Some(&manager), update).await.status, StatusCode::OK);
    let detail = app.get(&format!("/master/beat/{id}"), Some(&agent1)).await;
    assert_eq!((detail.body["beatName"].clone(), listed(&detail.body)), (json!("Jayanagar"), reordered.clone()));

    // The agent reads their own beats, never another's, and changes none.
    let own = app.get(&format!("/master/beat?search=jayan&agentId={a1}"), Some(&agent1)).await;
    assert_eq!(own.body["totalRecords"], 1, "{}", own.body);
    assert_eq!(own.body["data"][0]["customerCount"], 2);
    assert_eq!(own.body["data"][0]["agentEmail"], "agent1@demo.test");
    app.get(&format!("/master/beat/{id}"), Some(&agent2)).await.expect(StatusCode::NOT_FOUND, "The beat was not found.");
    let theirs = app.get("/master/beat?search=Jayanagar", Some(&agent2)).await;
    assert_eq!(theirs.body["totalRecords"], 0);
    app.get(&format!("/master/beat?agentId={a1}"), Some(&agent2)).await.expect(StatusCode::NOT_FOUND, "The agent was not found.");
    app.post("/master/beat", Some(&agent1), beat("Mine", a1, &["Mon"], &mine))
        .await
        .expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    app.post(&format!("/master/beat/delete/{id}"), Some(&agent1), json!({}))
        .await
        .expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");

    // Another manager's team is out of reach.
    let manager2 = new_user(&app, "manager2@demo.test", 3).await;
    app.get(&format!("/master/beat/{id}"), Some(&manager2)).await.expect(StatusCode::NOT_FOUND, "The beat was not found.");
    app.post("/master/beat", Some(&manager2), beat("Taken", a1, &["Mon"], &mine))
        .await
        .expect(StatusCode::NOT_FOUND, "The agent was not found.");
    app.post(&format!("/master/beat/delete/{id}"), Some(&manager2), json!({}))
        .await
        .expect(StatusCode::NOT_FOUND, "The beat was not found.");
    assert_eq!(app.get("/master/beat", Some(&manager2)).await.body["totalRecords"], 0);

    // Administrators see every beat: the demo's 7 per agent and this one.
    let admin = app.as_admin().await;
    let all = app.get(&format!("/master/beat?agentId={a1}"), Some(&admin)).await;
    assert_eq!(all.body["totalRecords"], 8, "{}", all.body);
    let everyone = app.get("/master/beat", Some(&admin)).await;
    assert_eq!((everyone.body["totalRecords"].clone(), everyone.body["data"].as_array().unwrap().len()), (json!(29), 29));
    let page2 = app.get("/master/beat?pageNumber=2", Some(&admin)).await;
    assert_eq!(page2.body["data"], json!([]), "30 a page");

    // Deleted: gone from lists and reads, its rows kept for the report.
    let deleted = app.post(&format!("/master/beat/delete/{id}"), Some(&manager), json!({})).await;
    deleted.expect(StatusCode::OK, "Beat deleted successfully.");
    app.get(&format!("/master/beat/{id}"), Some(&manager)).await.expect(StatusCode::NOT_FOUND, "The beat was not found.");
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM beat_stops WHERE beat_id = {id}")), 2);
    // Its name is free again.
    assert_eq!(app.post("/master/beat", Some(&manager), beat("jayanagar", a1, &["Mon"], &mine)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_customer_search_keeps_to_one_agent_for_the_beat_editor() {
    let app = TestApp::new();
    let manager = app.token("am@demo.test").await;
    let (a1, a2) = (uid(&app, "agent1@demo.test"), uid(&app, "agent2@demo.test"));
    let found = |r: crate::support::Reply| -> Vec<String> {
        r.body.as_array().unwrap().iter().map(|s| s["buyerId"].as_str().unwrap().to_string()).collect()
    };
    // B10000 matches customers of all four agents; with agentId only agent1's.
    let all = found(app.get("/users/customer/search?query=B10000", Some(&manager)).await);
    assert!(all.contains(&"B100002".to_string()), "{all:?}");
    let own = found(app.get(&format!("/users/customer/search?query=B10000&agentId={a1}"), Some(&manager)).await);
    assert!(!own.is_empty() && own.iter().all(|b| buyers_of(&app, "agent1@demo.test", 600).contains(b)), "{own:?}");
    // Another team's agent, or another agent for an agent: 404.
    let manager2 = new_user(&app, "manager2@demo.test", 3).await;
    app.get(&format!("/users/customer/search?query=B1&agentId={a1}"), Some(&manager2))
        .await
        .expect(StatusCode::NOT_FOUND, "The agent was not found.");
    let agent1 = app.as_agent(1).await;
    app.get(&format!("/users/customer/search?query=B1&agentId={a2}"), Some(&agent1))
        .await
        .expect(StatusCode::NOT_FOUND, "The agent was not found.");
}

#[tokio::test]
async fn a_beat_save_says_what_is_wrong() {
    let app = TestApp::new();
    let manager = app.token("am@demo.test").await;
    let a1 = uid(&app, "agent1@demo.test");
    let mine = buyers_of(&app, "agent1@demo.test", 2);
    let others = buyers_of(&app, "agent2@demo.test", 1);
    let save = |body: Value| {
        let (app, manager) = (&app, &manager);
        async move { app.post("/master/beat", Some(manager), body).await }
    };
    save(beat("  ", a1, &["Mon"], &mine)).await.expect(StatusCode::BAD_REQUEST, "Beat Name is required.");
    save(beat(&"x".repeat(101), a1, &["Mon"], &mine)).await.expect(StatusCode::BAD_REQUEST, "Beat Name may be at most 100 characters.");
    save(json!({ "beatName": "B", "weekdays": ["Mon"], "customers": mine })).await.expect(StatusCode::BAD_REQUEST, "Agent is required.");
    save(beat("B", a1, &[], &mine)).await.expect(StatusCode::BAD_REQUEST, "Choose at least one weekday.");
    save(beat("B", a1, &["Mon", "Funday"], &mine))
        .await
        .expect(StatusCode::BAD_REQUEST, "Weekdays must be Mon, Tue, Wed, Thu, Fri, Sat or Sun.");
    save(beat("B", a1, &["Mon"], &[])).await.expect(StatusCode::BAD_REQUEST, "Add at least one customer.");
    let many: Vec<String> = (0..501).map(|n| format!("B{n}")).collect();
    save(beat("B", a1, &["Mon"], &many)).await.expect(StatusCode::BAD_REQUEST, "A beat has at most 500 customers.");
    let twice = vec![mine[0].clone(), mine[1].clone(), mine[0].to_lowercase()];
    save(beat("B", a1, &["Mon"], &twice))
        .await
        .expect(StatusCode::BAD_REQUEST, &format!("Customer {} is listed twice.", mine[0].to_lowercase()));
    let foreign = vec![mine[0].clone(), others[0].clone()];
    save(beat("B", a1, &["Mon"], &foreign))
        .await
        .expect(StatusCode::BAD_REQUEST, &format!("Customer {} is not a customer of this agent.", others[0]));
    save(beat("B", a1, &["Mon"], &["NOPE-1".to_string()])).await.expect(StatusCode::BAD_REQUEST, "Customer NOPE-1 was not found.");
    save(beat("B", 1, &["Mon"], &mine)).await.expect(StatusCode::NOT_FOUND, "The agent was not found.");
    save(json!({ "beatId": 999_999, "beatName": "B", "agentId": a1, "weekdays": ["Mon"], "customers": mine }))
        .await
        .expect(StatusCode::NOT_FOUND, "The beat was not found.");
    // Wrong types are a 400 too, never a 500.
    let bad = save(json!({ "beatName": ["x"], "agentId": "seven", "weekdays": {}, "customers": 5 })).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    // A name is one beat per agent, in any case; the agent of a beat stays.
    assert_eq!(save(beat("Market Road", a1, &["Mon"], &mine)).await.status, StatusCode::OK);
    save(beat("MARKET ROAD", a1, &["Tue"], &mine))
        .await
        .expect(StatusCode::CONFLICT, "A beat named MARKET ROAD already exists for this agent.");
    let id = count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Market Road'");
    let a2 = uid(&app, "agent2@demo.test");
    save(json!({ "beatId": id, "beatName": "Market Road", "agentId": a2, "weekdays": ["Mon"], "customers": others }))
        .await
        .expect(StatusCode::BAD_REQUEST, "A beat's agent cannot be changed: create a beat for the other agent.");
    // Nothing half-written by the refused saves.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM beats WHERE beat_name IN ('B', 'Market Road')"), 1);
}

#[tokio::test]
async fn the_beat_upload_gives_each_named_beat_exactly_its_rows() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let mine = buyers_of(&app, "agent1@demo.test", 3);
    let others = buyers_of(&app, "agent2@demo.test", 1);
    let header: &[&str] = &["Beat Name", "Agent Email", "Weekdays", "Buyer ID", "Sequence"];
    let rows: Vec<Vec<&str>> = vec![
        header.to_vec(),
        vec!["Upload Beat", "agent1@demo.test", "Mon,Thu", &mine[1], "2"],
        vec!["Upload Beat", "agent1@demo.test", "Mon,Thu", &mine[0], "1"],
        vec!["Upload Beat", "agent1@demo.test", "Mon,Thu", &others[0], "3"],
        vec!["Upload Beat", "agent1@demo.test", "Tue", &mine[2], "4"],
        vec!["Upload Beat", "agent1@demo.test", "Mon,Thu", &mine[0], "5"],
        vec!["Upload Beat", "nobody@demo.test", "Mon", &mine[2], "1"],
        vec!["Upload Beat", "agent1@demo.test", "Someday", &mine[2], "1"],
    ];
    let rows: Vec<&[&str]> = rows.iter().map(Vec::as_slice).collect();
    let r = upload(&app, &admin, "beat", "beatdata", &rows).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["message"], "2 rows uploaded, 5 rejected.", "{}", r.body);
    let reasons: Vec<String> = r.body["data"].as_array().unwrap().iter().map(|row| row.to_string()).collect();
    for reason in [
        format!("Customer {} is not a customer of this agent.", others[0]),
        "Weekdays differ from this beat's first row (Mon,Thu)".to_string(),
        format!("Customer {} is listed twice in this beat", mine[0]),
        "Unknown agent nobody@demo.test".to_string(),
        "Weekdays must be Mon, Tue, Wed, Thu, Fri, Sat or Sun.".to_string(),
    ] {
        assert!(reasons.iter().any(|r| r.contains(&reason)), "{reason} in {reasons:?}");
    }
    assert!(r.body["excelLink"].as_str().is_some_and(|l| l.contains("token=")), "a result workbook: {}", r.body);
    let id = count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Upload Beat'");
    let detail = app.get(&format!("/master/beat/{id}"), Some(&admin)).await;
    assert_eq!(listed(&detail.body), vec![mine[0].clone(), mine[1].clone()], "in Sequence order");
    assert_eq!(detail.body["weekdays"], json!(["Mon", "Thu"]));

    // Uploaded again with one row: the beat has exactly that customer, on the new weekdays.
    let again: &[&[&str]] = &[header, &["upload beat", "agent1@demo.test", "Friday", &mine[2], "1"]];
    assert_eq!(upload(&app, &admin, "beat", "beatdata", again).await.body["message"], "1 row uploaded, 0 rejected.");
    let detail = app.get(&format!("/master/beat/{id}"), Some(&admin)).await;
    assert_eq!((listed(&detail.body), detail.body["weekdays"].clone()), (vec![mine[2].clone()], json!(["Fri"])));

    // A manager plans only their own agents; agents do not upload.
    let manager2 = new_user(&app, "manager2@demo.test", 3).await;
    let theirs: &[&[&str]] = &[header, &["Upload Beat", "agent1@demo.test", "Mon", &mine[0], "1"]];
    let refused = upload(&app, &manager2, "beat", "beatdata", theirs).await;
    assert_eq!(refused.body["message"], "0 rows uploaded, 1 rejected.", "{}", refused.body);
    // Named as an agent that does not exist is: nothing tells another team's agents apart (issue #49).
    assert!(refused.body["data"].to_string().contains("Unknown agent agent1@demo.test"), "{}", refused.body);
    let manager = app.token("am@demo.test").await;
    assert_eq!(upload(&app, &manager, "beat", "beatdata", theirs).await.body["message"], "1 row uploaded, 0 rejected.");
    let agent = app.as_agent(1).await;
    upload(&app, &agent, "beat", "beatdata", theirs).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");

    // The sample names the columns.
    let sample = fetch(&app, "/webapi/excelupload/sample_beatupload.xlsx").await.expect("the sample");
    let cells: Vec<String> = sheet(&sample)[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(cells, header);
}

/// A new agent of the demo manager with five shops of known positions, one beat of today with the
/// first four; answers the agent's uid, token and buyer ids.
async fn planned_day(app: &TestApp) -> (i64, String, Vec<String>) {
    let token = new_user(app, "fieldday@demo.test", 4).await;
    let agent = uid(app, "fieldday@demo.test");
    let conn = app.conn();
    conn.execute("UPDATE users SET manager_id = 2 WHERE uid = ?1", [agent]).unwrap();
    let buyers: Vec<String> = (1..=5).map(|n| format!("DAY-{n}")).collect();
    for (n, buyer) in buyers.iter().enumerate() {
        conn.execute(
            "INSERT INTO customers (buyer_id, name, latitude, longitude, agent_id, created_at, updated_at)
             VALUES (?1, ?2, 12.9, ?3, ?4, 0, 0)",
            rusqlite::params![buyer, format!("Day Shop {n}"), 77.5 + n as f64 * 0.01, agent],
        )
        .unwrap();
    }
    drop(conn);
    let manager = app.token("am@demo.test").await;
    let saved = app.post("/master/beat", Some(&manager), beat("Day Beat", agent, &[weekday_today()], &buyers[..4])).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    (agent, token, buyers)
}

/// Saves a visit at `lng` (12.9 north), the shops' row: at its own shop it is verified.
async fn visit(app: &TestApp, token: &str, buyer: &str, lng: f64) {
    let r = app
        .post("/users/customer/details", Some(token), json!({ "buyerID": buyer, "outcomeId": 2, "latitude": 12.9, "longitude": lng }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

async fn adherence(app: &TestApp, token: &str, from: &str, to: &str) -> Vec<Vec<String>> {
    let r = app.get(&format!("/report/beat-adherence?fromDate={from}&toDate={to}"), Some(token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    sheet(&fetch(app, r.body["excelPath"].as_str().unwrap()).await.unwrap())
        .iter()
        .map(|row| row.iter().map(|c| c.to_string()).collect())
        .collect()
}

/// "Ordered As Planned" (the plan's tile, the Today screen's "N ordered") and "Unique Orders Today"
/// (the visit summary) count different things of the same day and never contradict each other:
/// every order of the day is one of the Orders list's, of a planned customer or not; the planned
/// customers among those orders' customers are the plan's figure, each counted once however many
/// orders it placed.
#[tokio::test]
async fn ordered_as_planned_and_unique_orders_today_agree_on_the_same_day() {
    let app = TestApp::new();
    let (_, token, buyers) = planned_day(&app).await;
    let product: i64 = count(&app, "SELECT product_id FROM products WHERE name = 'Cola 300ml'");
    // Two orders of planned shop 0, one of planned shop 1, one of shop 4 (not planned).
    for buyer in [&buyers[0], &buyers[0], &buyers[1], &buyers[4]] {
        let order = app
            .post(
                "/users/order",
                Some(&token),
                json!({ "buyerId": buyer, "distributorId": 1, "lines": [{ "productId": product, "quantity": 1 }] }),
            )
            .await;
        assert_eq!(order.status, StatusCode::OK, "{}", order.body);
    }
    let t = today();
    let summary = app.get("/users/customer/visitSummary", Some(&token)).await.body;
    let landing = app.get("/users/landing", Some(&token)).await.body;
    let plan = app.get("/users/plan/today", Some(&token)).await.body;
    let orders = app.get(&format!("/users/orders?from={t}&to={t}"), Some(&token)).await.body;
    let planned: Vec<&str> = plan["customers"].as_array().unwrap().iter().map(|c| c["buyerId"].as_str().unwrap()).collect();
    let mut ordering: Vec<&str> = orders["data"].as_array().unwrap().iter().map(|o| o["buyerId"].as_str().unwrap()).collect();
    ordering.sort_unstable();
    ordering.dedup();
    let (of_planned, of_unplanned): (Vec<&str>, Vec<&str>) = ordering.iter().partition(|b| planned.contains(b));

    assert_eq!(summary["uniqueOrderFTD"], 4, "{summary}");
    assert_eq!(orders["totalRecords"], summary["uniqueOrderFTD"], "the Orders list has the summary's orders");
    assert_eq!((of_planned.len(), of_unplanned.len()), (2, 1));
    assert_eq!(landing["productiveToday"], of_planned.len(), "{landing}");
    assert_eq!(plan["productive"], landing["productiveToday"]);
    let ordered = plan["customers"].as_array().unwrap().iter().filter(|c| c["ordered"] == true).count();
    assert_eq!(landing["productiveToday"], ordered);
    let home = app.get("/users/home", Some(&token)).await.body;
    assert_eq!(home["orders"], summary["uniqueOrderFTD"]);
}

#[tokio::test]
async fn the_day_plan_tiles_and_report_count_the_same_hand_counted_day() {
    let app = TestApp::new();
    let (agent, token, buyers) = planned_day(&app).await;
    // Shop 0 at the counter, shop 1 from 20 km away, shop 2 at the counter with an order, shop 3
    // not visited, shop 4 (not planned) visited.
    visit(&app, &token, &buyers[0], 77.5).await;
    visit(&app, &token, &buyers[1], 77.71).await;
    visit(&app, &token, &buyers[2], 77.52).await;
    let product: i64 = count(&app, "SELECT product_id FROM products WHERE name = 'Cola 300ml'");
    let order = app
        .post(
            "/users/order",
            Some(&token),
            json!({ "buyerId": buyers[2], "distributorId": 1, "lines": [{ "productId": product, "quantity": 2 }] }),
        )
        .await;
    assert_eq!(order.status, StatusCode::OK, "{}", order.body);
    // A cancelled order is no order.
    let cancelled = app
        .post(
            "/users/order",
            Some(&token),
            json!({ "buyerId": buyers[3], "distributorId": 1, "lines": [{ "productId": product, "quantity": 1 }] }),
        )
        .await;
    let cancelled_id = cancelled.body["orderId"].as_i64().unwrap();
    assert_eq!(app.post(&format!("/users/order/{cancelled_id}/cancel"), Some(&token), json!({})).await.status, StatusCode::OK);
    visit(&app, &token, &buyers[4], 77.54).await;

    let plan = app.get("/users/plan/today", Some(&token)).await;
    assert_eq!(plan.status, StatusCode::OK, "{}", plan.body);
    let p = &plan.body;
    assert_eq!((p["date"].as_str().unwrap(), p["weekday"].as_str().unwrap()), (today().as_str(), weekday_today()));
    assert_eq!(
        p["beats"],
        json!([{ "beatId": count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Day Beat'"), "beatName": "Day Beat" }])
    );
    assert_eq!(listed(p), &buyers[..4]);
    let states: Vec<(Value, Value, Value, Value)> = p["customers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["sequence"].clone(), c["visited"].clone(), c["locationStatus"].clone(), c["ordered"].clone()))
        .collect();
    assert_eq!(
        states,
        vec![
            (json!(1), json!(true), json!("verified"), json!(false)),
            (json!(2), json!(true), json!("off-site"), json!(false)),
            (json!(3), json!(true), json!("verified"), json!(true)),
            (json!(4), json!(false), Value::Null, json!(false)),
        ]
    );
    assert_eq!(p["customers"][0]["latitude"], 12.9);
    assert_eq!(p["unplannedVisits"].as_array().unwrap().len(), 1);
    assert_eq!(p["unplannedVisits"][0]["buyerId"], buyers[4].as_str());
    let figures = json!([p["planned"], p["visitedAsPlanned"], p["visitedOffSite"], p["productive"], p["unplanned"]]);
    assert_eq!(figures, json!([4, 3, 1, 1, 1]));

    // The manager reads the agent's day and the same figures on the agent's landing tiles.
    let manager = app.token("am@demo.test").await;
    let seen = app.get(&format!("/users/plan/today?agentId={agent}"), Some(&manager)).await;
    assert_eq!(seen.body["planned"], 4);
    let tiles = app.get(&format!("/users/landing/{agent}"), Some(&manager)).await;
    let t = &tiles.body;
    assert_eq!(
        json!([t["plannedToday"], t["visitedAsPlannedToday"], t["productiveToday"], t["unplannedToday"]]),
        json!([4, 3, 1, 1]),
        "{t}"
    );
    assert_eq!(app.get("/users/landing", Some(&token)).await.body["plannedToday"], 4);
    // The manager's landing sums the team: this agent's day plus the demo agents' days.
    let team = app.get("/users/landing", Some(&manager)).await.body["plannedToday"].as_i64().unwrap();
    let mut demo_planned = 0;
    for n in 1..=4 {
        let a = uid(&app, &format!("agent{n}@demo.test"));
        demo_planned += app.get(&format!("/users/plan/today?agentId={a}"), Some(&manager)).await.body["planned"].as_i64().unwrap();
    }
    assert_eq!(team, 4 + demo_planned);

    // The report: one row for the day, adherence = on-site planned visits / planned.
    let t = today();
    let rows = adherence(&app, &manager, &t, &t).await;
    assert_eq!(
        rows[0],
        [
            "Date",
            "Agent Name",
            "Agent Email",
            "Planned",
            "Visited As Planned",
            "Visited Off-site",
            "Ordered As Planned",
            "Unplanned Visits",
            "Adherence %"
        ]
    );
    let row = rows.iter().find(|r| r[2] == "fieldday@demo.test").expect("the agent's row");
    assert_eq!(row, &[t.as_str(), "fieldday@demo.test", "fieldday@demo.test", "4", "3", "1", "1", "1", "50"]);

    // Others' days stay theirs.
    let agent1 = app.as_agent(1).await;
    app.get(&format!("/users/plan/today?agentId={agent}"), Some(&agent1)).await.expect(StatusCode::NOT_FOUND, "The agent was not found.");
    app.get("/users/plan/today", Some(&manager)).await.expect(StatusCode::NOT_FOUND, "The agent was not found.");
}

/// The landing caches the plan tiles with the agent's other figures; a beat saved or deleted
/// raises the agent's version (schema step 9), so the tiles follow at once, as the day plan does.
#[tokio::test]
async fn the_landing_tiles_follow_beat_edits() {
    let app = TestApp::new();
    let (agent, _, buyers) = planned_day(&app).await;
    let manager = app.token("am@demo.test").await;
    let tiles = |manager: String| {
        let app = &app;
        let path = format!("/users/landing/{agent}");
        let plan = format!("/users/plan/today?agentId={agent}");
        async move {
            let landing = app.get(&path, Some(&manager)).await.body["plannedToday"].clone();
            (landing, app.get(&plan, Some(&manager)).await.body["planned"].clone())
        }
    };
    assert_eq!(tiles(manager.clone()).await, (json!(4), json!(4)));
    let saved = app.post("/master/beat", Some(&manager), beat("Second Beat", agent, &[weekday_today()], &buyers[4..])).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(tiles(manager.clone()).await, (json!(5), json!(5)));
    let id = count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Second Beat'");
    assert_eq!(app.post(&format!("/master/beat/delete/{id}"), Some(&manager), json!({})).await.status, StatusCode::OK);
    let (landing, plan) = tiles(manager.clone()).await;
    assert_eq!(landing, plan, "the cached tiles and the day plan agree after a delete");
}

#[tokio::test]
async fn past_days_keep_the_plan_they_had() {
    let app = TestApp::new();
    let (_, token, buyers) = planned_day(&app).await;
    let manager = app.token("am@demo.test").await;
    let id = count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Day Beat'");
    // The beat has run since 14 days ago: a week ago was a day of it.
    let week_ago = (fieldsales::clock::today() - Days::new(7)).format("%Y-%m-%d").to_string();
    let since = (fieldsales::clock::today() - Days::new(14)).format("%Y-%m-%d").to_string();
    app.conn().execute_batch(&format!("UPDATE beat_days SET valid_from = '{since}' WHERE beat_id = {id}; UPDATE beat_stops SET valid_from = '{since}' WHERE beat_id = {id};")).unwrap();

    // Today the beat loses two shops and moves to another weekday.
    let other_day = fieldsales::beats::types::WEEKDAY_NAMES[(fieldsales::clock::today().weekday().num_days_from_monday() as usize + 1) % 7];
    let changed = json!({ "beatId": id, "beatName": "Day Beat", "agentId": uid(&app, "fieldday@demo.test"), "weekdays": [other_day], "customers": &buyers[..2] });
    assert_eq!(app.post("/master/beat", Some(&manager), changed).await.status, StatusCode::OK);
    let plan = app.get("/users/plan/today", Some(&token)).await;
    assert_eq!((plan.body["planned"].clone(), plan.body["beats"].clone()), (json!(0), json!([])), "{}", plan.body);
    // Changed twice in one day: no empty versions pile up, yesterday's rows are ended once.
    let back = json!({ "beatId": id, "beatName": "Day Beat", "agentId": uid(&app, "fieldday@demo.test"), "weekdays": [weekday_today()], "customers": &buyers[..3] });
    assert_eq!(app.post("/master/beat", Some(&manager), back).await.status, StatusCode::OK);
    assert_eq!(app.get("/users/plan/today", Some(&token)).await.body["planned"], 3);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM beat_stops WHERE beat_id = {id}")), 4, "3 reopened, 1 ended today");
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM beat_days WHERE beat_id = {id}")), 1, "the weekday reopened");

    // A week ago the beat planned all four shops, none visited.
    let rows = adherence(&app, &manager, &week_ago, &week_ago).await;
    let row = rows.iter().find(|r| r[2] == "fieldday@demo.test").expect("last week's row");
    assert_eq!(&row[3..], &["4", "0", "0", "0", "0", "0"]);
    // Deleted today: no plan from today on; last week keeps it.
    assert_eq!(app.post(&format!("/master/beat/delete/{id}"), Some(&manager), json!({})).await.status, StatusCode::OK);
    assert_eq!(app.get("/users/plan/today", Some(&token)).await.body["planned"], 0);
    let rows = adherence(&app, &manager, &week_ago, &today()).await;
    let ours: Vec<&Vec<String>> = rows.iter().filter(|r| r[2] == "fieldday@demo.test").collect();
    assert_eq!(ours.len(), 1, "{ours:?}");
    assert_eq!(ours[0][0], week_ago);
    // Agents do not read the report.
    let r = app.get(&format!("/report/beat-adherence?fromDate={week_ago}&toDate={week_ago}"), Some(&token)).await;
    r.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
}

#[tokio::test]
async fn a_deleted_customer_leaves_its_beats() {
    let app = TestApp::new();
    let (_, _, buyers) = planned_day(&app).await;
    let admin = app.as_admin().await;
    let file = crate::support::Part::File { name: "d.xlsx", bytes: crate::support::workbook(&[&["Buyer ID"], &[&buyers[3]]]) };
    let r = app
        .multipart("/users/customer/upload", Some(&admin), vec![("customerdata", file), ("isDelete", crate::support::Part::Text("true"))])
        .await;
    assert_eq!(r.body["message"], "1 row uploaded, 0 rejected.", "{}", r.body);
    let id = count(&app, "SELECT beat_id FROM beats WHERE beat_name = 'Day Beat'");
    let detail = app.get(&format!("/master/beat/{id}"), Some(&admin)).await;
    assert_eq!(listed(&detail.body), &buyers[..3]);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM beat_stops WHERE beat_id = {id}")), 3);
}

#[tokio::test]
async fn the_map_tiles_come_from_the_setting_and_only_images_may_load_from_there() {
    let app = TestApp::with(|c| c.tile_url = "https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png".into());
    let agent = app.as_agent(1).await;
    let settings = app.get("/users/map/settings", Some(&agent)).await;
    assert_eq!(
        settings.body,
        json!({ "tileUrl": "https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png", "attribution": "© OpenStreetMap contributors" })
    );
    let csp = settings.headers["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("img-src 'self' data: blob: https://*.tiles.example.org;"), "{csp}");
    assert!(csp.contains("connect-src 'self';") && csp.contains("script-src 'self';"), "images only: {csp}");

    let none = TestApp::with(|c| c.tile_url = String::new());
    let agent = none.as_agent(1).await;
    let settings = none.get("/users/map/settings", Some(&agent)).await;
    assert_eq!(settings.body["tileUrl"], "");
    assert!(settings.headers["content-security-policy"].to_str().unwrap().contains("img-src 'self' data: blob:;"));
    // Signed out, nothing.
    assert_eq!(none.get("/users/map/settings", None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_version_4_database_gains_beats() {
    let app = TestApp::new();
    let mut conn = rusqlite::Connection::open(app.db_path()).unwrap();
    crate::support::downgrade_to_schema_4(&conn);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 4 });
    drop(conn);
    let admin = app.as_admin().await;
    let a1 = uid(&app, "agent1@demo.test");
    let mine = buyers_of(&app, "agent1@demo.test", 1);
    assert_eq!(app.post("/master/beat", Some(&admin), beat("After upgrade", a1, &["Mon"], &mine)).await.status, StatusCode::OK);
    assert_eq!(app.get("/master/beat", Some(&admin)).await.body["totalRecords"], 1);
}

/// The rows of `sql` with the parameters that it names, every column as it is stored.
fn rows_of(conn: &rusqlite::Connection, sql: &str, params: &[(&str, &dyn rusqlite::ToSql)]) -> Vec<Vec<rusqlite::types::Value>> {
    let mut stmt = conn.prepare(sql).unwrap();
    let used: Vec<(&str, &dyn rusqlite::ToSql)> =
        params.iter().filter(|(name, _)| stmt.parameter_index(name).unwrap().is_some()).copied().collect();
    let width = stmt.column_count();
    stmt.query_map(&used[..], |r| (0..width).map(|i| r.get(i)).collect()).unwrap().map(Result::unwrap).collect()
}

/// The day plan counts what was visited from `visit_days` (schema step 10), one row per agent,
/// day and customer that the visit trigger keeps. That summary equals the grouping of the visits,
/// the report over it equals the report counted from every visit (the definition before), and the
/// landing tiles' figures (`plan::totals`, read from the plan's customers) equal the report's
/// grouping, for every agent over the demo's days and a day with repeated visits and orders.
#[tokio::test]
async fn the_day_figures_from_the_visit_summary_equal_those_counted_from_every_visit() {
    let app = TestApp::new();
    let (agent, token, buyers) = planned_day(&app).await;
    // Shop 0 off-site, then at the counter (the better check-in counts); shop 1 off-site twice;
    // shop 2 with an order and a cancelled one; shop 3 not visited but ordered; shop 4 unplanned,
    // twice.
    for (buyer, lng) in [(0, 77.71), (0, 77.5), (1, 77.71), (1, 77.72), (2, 77.52), (4, 77.54), (4, 77.54)] {
        visit(&app, &token, &buyers[buyer], lng).await;
    }
    let product: i64 = count(&app, "SELECT product_id FROM products WHERE name = 'Cola 300ml'");
    let mut booked = Vec::new();
    for buyer in [2, 2, 3] {
        let order = app
            .post(
                "/users/order",
                Some(&token),
                json!({ "buyerId": buyers[buyer], "distributorId": 1, "lines": [{ "productId": product, "quantity": 1 }] }),
            )
            .await;
        assert_eq!(order.status, StatusCode::OK, "{}", order.body);
        booked.push(order.body["orderId"].as_i64().unwrap());
    }
    assert_eq!(app.post(&format!("/users/order/{}/cancel", booked[0]), Some(&token), json!({})).await.status, StatusCode::OK);
    let conn = app.conn();
    // Yesterday's visit of a planned shop is not today's.
    let yesterday = fieldsales::clock::start_of(fieldsales::clock::today() - Days::new(1)) + 3600;
    conn.execute(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, visited_at, entered_by)
         SELECT customer_id, agent_id, 2, ?1, agent_id FROM customers WHERE buyer_id = ?2",
        rusqlite::params![yesterday, buyers[3]],
    )
    .unwrap();

    let best = "MAX(CASE v.location_status WHEN 'verified' THEN 3 WHEN 'customer-unlocated' THEN 2 WHEN 'off-site' THEN 0 ELSE 1 END)";
    assert_eq!(
        rows_of(&conn, "SELECT agent_id, day, customer_id, best FROM visit_days ORDER BY 1, 2, 3", &[]),
        rows_of(
            &conn,
            &format!(
                "SELECT v.agent_id, date(v.visited_at, 'unixepoch', 'localtime'), v.customer_id, {best} FROM visits v
                 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
            ),
            &[]
        ),
        "visit_days is the grouping of the visits"
    );

    // The report with `seen` read from the summary, and with `seen` counted from every visit.
    let words = |sql: &str| sql.split_whitespace().collect::<Vec<_>>().join(" ");
    let report = words(&fieldsales::reports::with_scope(fieldsales::beats::ADHERENCE_REPORT_SQL, fieldsales::platform::scope::Scope::All));
    let from_summary =
        "SELECT v.day, v.agent_id, v.customer_id, v.best FROM visit_days v WHERE v.agent_id IN agents AND v.day >= :from AND v.day < :to";
    assert!(report.contains(from_summary), "{report}");
    let from_visits = report.replace(
        from_summary,
        &format!(
            "SELECT date(v.visited_at, 'unixepoch', 'localtime'), v.agent_id, v.customer_id, {best} FROM visits v
             WHERE v.agent_id IN agents AND v.visited_at >= :from_ts AND v.visited_at < :to_ts GROUP BY 1, 2, 3"
        ),
    );
    let day = fieldsales::clock::today();
    let (first, end) = (day - Days::new(40), day + Days::new(1));
    let (from, to) = (first.format("%Y-%m-%d").to_string(), end.format("%Y-%m-%d").to_string());
    let (from_ts, to_ts) = (fieldsales::clock::start_of(first), fieldsales::clock::start_of(end));
    let params: [(&str, &dyn rusqlite::ToSql); 6] = [
        (":from", &from),
        (":to", &to),
        (":from_ts", &from_ts),
        (":to_ts", &to_ts),
        (":scope_uid", &None::<i64>),
        (":agent_type", &fieldsales::platform::rights::UserType::Agent),
    ];
    let counted = rows_of(&conn, &from_visits, &params);
    assert!(counted.len() > 40, "the demo's days and agents: {}", counted.len());
    assert_eq!(rows_of(&conn, &report, &params), counted);

    // Today's tiles of every agent, from the plan's customers, are the report's grouping of today.
    let today = rusqlite::types::Value::Text(day.format("%Y-%m-%d").to_string());
    let agents: Vec<(i64, String)> = conn
        .prepare("SELECT uid, email FROM users WHERE user_type_id = 4 ORDER BY uid")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (uid, email) in agents {
        let scope = fieldsales::platform::scope::Scope::Own { uid: fieldsales::platform::ids::UserId(uid) };
        let t = fieldsales::beats::day_figures(&conn, scope, day).unwrap();
        let tiles = vec![t.planned, t.visited_as_planned, t.visited_off_site, t.productive, t.unplanned];
        let row = counted.iter().find(|r| r[0] == today && r[2] == rusqlite::types::Value::Text(email.clone()));
        let expected: Vec<i64> = match row {
            Some(r) => r[3..8].iter().map(|v| if let rusqlite::types::Value::Integer(n) = v { *n } else { panic!("{v:?}") }).collect(),
            None => vec![0; 5],
        };
        assert_eq!(tiles, expected, "{email}");
        if uid == agent {
            assert_eq!(tiles, vec![4, 3, 1, 2, 1], "shop 2 and 3 ordered; shop 1 only off-site; shop 4 unplanned");
        }
    }
}

#[tokio::test]
async fn a_version_9_database_gains_the_visit_summary_and_the_productive_index() {
    let app = TestApp::new();
    let mut conn = app.conn();
    let shape = |conn: &rusqlite::Connection| {
        let objects = rows_of(conn, "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name", &[]);
        (objects, rows_of(conn, "SELECT * FROM visit_days ORDER BY agent_id, day, customer_id", &[]))
    };
    let fresh = shape(&conn);
    assert!(fresh.1.len() > 100, "the demo's visits are summarised: {}", fresh.1.len());
    crate::support::downgrade_to_schema_9(&conn);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 9 });
    assert_eq!(shape(&conn), fresh);
    // The productive visits' count reads the partial index.
    let plan: Vec<String> = conn
        .prepare(&format!("EXPLAIN QUERY PLAN {}", fieldsales::buckets::queries::stats::PRODUCTIVE_VISITS))
        .unwrap()
        .query_map(rusqlite::named_params! { ":agent": 3, ":from15": "2000-01-01", ":from15_ts": 0 }, |r| r.get(3))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(plan.iter().any(|step| step.contains("orders_productive")), "{plan:?}");
}

/// `visit_days` is filed in the server's time zone: `serve` refiles it at start when the zone it
/// was filed in is not this process's (step 10 run by a command under another `TZ`), and records
/// the zone so the next start has nothing to do.
#[tokio::test]
async fn the_visit_days_are_refiled_when_they_were_filed_in_another_time_zone() {
    use fieldsales::beats::queries::visit_days::refile_if_zone_changed;
    let app = TestApp::new();
    let mut conn = app.conn();
    let grouped = |conn: &rusqlite::Connection| {
        rows_of(
            conn,
            "SELECT agent_id, date(visited_at, 'unixepoch', 'localtime'), customer_id,
                    MAX(CASE location_status WHEN 'verified' THEN 3 WHEN 'customer-unlocated' THEN 2 WHEN 'off-site' THEN 0 ELSE 1 END)
             FROM visits GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
            &[],
        )
    };
    let filed =
        |conn: &rusqlite::Connection| rows_of(conn, "SELECT agent_id, day, customer_id, best FROM visit_days ORDER BY 1, 2, 3", &[]);
    let visits = count(&app, "SELECT COUNT(*) FROM visits") as usize;
    assert!(visits > 100, "the demo's visits: {visits}");
    // No zone recorded yet (a fresh or just-upgraded file): filed once and recorded.
    assert_eq!(refile_if_zone_changed(&mut conn).unwrap(), Some(visits));
    assert_eq!(filed(&conn), grouped(&conn));
    assert_eq!(refile_if_zone_changed(&mut conn).unwrap(), None, "same zone: nothing to do");

    // Filed a day off under another zone.
    conn.execute_batch(
        "CREATE TEMP TABLE shifted AS SELECT agent_id, date(day, '-1 day') AS day, customer_id, best FROM visit_days;
         DELETE FROM visit_days; INSERT INTO visit_days SELECT * FROM shifted;
         UPDATE settings SET value = 'another zone' WHERE key = 'visit_days_zone';",
    )
    .unwrap();
    assert_ne!(filed(&conn), grouped(&conn));
    assert_eq!(refile_if_zone_changed(&mut conn).unwrap(), Some(visits));
    assert_eq!(filed(&conn), grouped(&conn));

    // A file the program creates (or upgrades through step 10) records the zone it filed in, so
    // the first start has nothing to refile.
    let dir = tempfile::tempdir().unwrap();
    let config = fieldsales::platform::config::Config::new(dir.path().join("new.db"), dir.path().join("data"));
    let (pool, _) = fieldsales::app::server::open_migrated(&config).unwrap();
    assert_eq!(refile_if_zone_changed(&mut pool.get().unwrap()).unwrap(), None);
}

/// One scope rule: a manager's deleted agent's beats stay the manager's in the list (whole scope
/// and narrowed to that agent) and by id alike; errors carry their codes.
#[tokio::test]
async fn a_deleted_agents_beats_stay_with_the_manager() {
    let app = TestApp::new();
    let manager = app.token("am@demo.test").await;
    let a1 = uid(&app, "agent1@demo.test");
    let mine = buyers_of(&app, "agent1@demo.test", 2);
    let saved = app.post("/master/beat", Some(&manager), beat("Gone Agent's Round", a1, &["Tue"], &mine)).await;
    let id = saved.body["beatId"].as_i64().unwrap();
    let twice = app.post("/master/beat", Some(&manager), beat("gone agent's round", a1, &["Tue"], &mine)).await;
    twice.expect(StatusCode::CONFLICT, "A beat named gone agent's round already exists for this agent.");
    assert_eq!(twice.body["code"], "beat_name_taken");
    app.conn().execute("UPDATE users SET is_deleted = 1 WHERE uid = ?1", [a1]).unwrap();
    for path in ["/master/beat?search=Gone".to_string(), format!("/master/beat?search=Gone&agentId={a1}")] {
        let r = app.get(&path, Some(&manager)).await;
        assert_eq!(r.body["totalRecords"], 1, "{path}: {}", r.body);
    }
    assert_eq!(app.get(&format!("/master/beat/{id}"), Some(&manager)).await.status, StatusCode::OK);
    let agent2 = app.as_agent(2).await;
    let r = app.get(&format!("/master/beat/{id}"), Some(&agent2)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("beat_not_found")));
}
