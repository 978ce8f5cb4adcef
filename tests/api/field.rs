//! The field app (issue #17): visits saved once per clientId, the phone's time, check-in
//! verification against the customer's position, proposed positions, and the offline copy.

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

/// The stored position of a demo customer.
fn position_of(app: &TestApp, buyer: &str) -> (f64, f64) {
    app.conn().query_row("SELECT latitude, longitude FROM customers WHERE buyer_id = ?1", [buyer], |r| Ok((r.get(0)?, r.get(1)?))).unwrap()
}

/// A customer of agent1 with a stored position, and one without.
fn located_and_unlocated(app: &TestApp) -> (String, String) {
    let conn = app.conn();
    let pick = |has: bool| -> String {
        conn.query_row(
            &format!(
                "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = 'agent1@demo.test' AND c.latitude IS {} NULL ORDER BY c.customer_id LIMIT 1",
                if has { "NOT" } else { "" }
            ),
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    (pick(true), pick(false))
}

fn visits_with_client(app: &TestApp, client: &str) -> i64 {
    app.conn().query_row("SELECT COUNT(*) FROM visits WHERE client_id = ?1", [client], |r| r.get(0)).unwrap()
}

fn visit(buyer: &str, extra: Value) -> Value {
    let mut body = json!({ "buyerID": buyer, "outcomeId": 2, "remark": "field test" });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

#[tokio::test]
async fn a_client_id_saves_once_per_user() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let first = app.post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "clientId": "phone-1_visit-A" }))).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.body["duplicate"], false);
    assert_eq!(first.body["message"], "Visit saved successfully.");
    // The repeat answers the first save and writes nothing, whatever else it now says.
    let again = app
        .post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "clientId": "phone-1_visit-A", "remark": "changed" })))
        .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["duplicate"], true);
    for key in ["visitId", "locationStatus", "distanceM", "message"] {
        assert_eq!(again.body[key], first.body[key], "{key}");
    }
    // A repeat whose answer was lost and that is sent again later: its phone time may be past the
    // 7 days by then, or a phone clock may run fast; it is still answered as the save it repeats.
    let now = chrono::Utc::now();
    for at in [now - chrono::Duration::days(8), now + chrono::Duration::minutes(10)] {
        let late = visit("B100001", json!({ "clientId": "phone-1_visit-A", "visitedAt": at.to_rfc3339() }));
        let again = app.post("/users/customer/details", Some(&agent1), late).await;
        assert_eq!(
            (again.status, again.body["duplicate"].clone(), again.body["visitId"].clone()),
            (StatusCode::OK, json!(true), first.body["visitId"].clone())
        );
    }
    assert_eq!(visits_with_client(&app, "phone-1_visit-A"), 1);
    // Another user's equal clientId is their own.
    let agent2 = app.as_agent(2).await;
    let other = app.post("/users/customer/details", Some(&agent2), visit("B100002", json!({ "clientId": "phone-1_visit-A" }))).await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
    assert_eq!(other.body["duplicate"], false);
    assert_ne!(other.body["visitId"], first.body["visitId"]);
    assert_eq!(visits_with_client(&app, "phone-1_visit-A"), 2);
    // Bad ids are refused before anything is written.
    for bad in ["", "has space", "é", &"x".repeat(65)] {
        app.post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "clientId": bad })))
            .await
            .expect(StatusCode::BAD_REQUEST, "clientId must be 1 to 64 letters, digits, '-' or '_'.");
    }
}

#[tokio::test]
async fn twenty_concurrent_saves_of_one_client_id_make_one_visit() {
    let app = Arc::new(TestApp::new());
    let agent1 = app.as_agent(1).await;
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let (app, token) = (app.clone(), agent1.clone());
        tasks.push(tokio::spawn(async move {
            app.post("/users/customer/details", Some(&token), visit("B100001", json!({ "clientId": "burst-1" }))).await
        }));
    }
    let mut ids = std::collections::BTreeSet::new();
    let mut firsts = 0;
    for task in tasks {
        let r = task.await.unwrap();
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        ids.insert(r.body["visitId"].as_i64().unwrap());
        firsts += usize::from(r.body["duplicate"] == false);
    }
    assert_eq!(ids.len(), 1, "every answer names the one visit");
    assert_eq!(firsts, 1, "exactly one answer is the first save");
    assert_eq!(visits_with_client(&app, "burst-1"), 1);
}

#[tokio::test]
async fn the_phones_time_is_the_visits_time_within_limits() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let now = chrono::Utc::now();
    let two_hours_ago = (now - chrono::Duration::hours(2)).with_timezone(&chrono::FixedOffset::east_opt(19_800).unwrap());
    let r = app
        .post(
            "/users/customer/details",
            Some(&agent1),
            visit("B100001", json!({ "clientId": "late-1", "visitedAt": two_hours_ago.to_rfc3339(), "accuracy": 12.5 })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let (visited, device, received, accuracy): (i64, i64, i64, f64) = app
        .conn()
        .query_row("SELECT visited_at, device_time, received_at, accuracy FROM visits WHERE client_id = 'late-1'", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap();
    assert_eq!(visited, two_hours_ago.timestamp());
    assert_eq!(device, two_hours_ago.timestamp());
    assert!((received - now.timestamp()).abs() <= 5, "received at the server's time");
    assert_eq!(accuracy, 12.5);
    let cases = [
        ((now + chrono::Duration::minutes(6)).to_rfc3339(), "visitedAt is more than 5 minutes ahead of the server's clock."),
        ((now - chrono::Duration::days(8)).to_rfc3339(), "visitedAt is more than 7 days old."),
        ("2026-11-24 09:30".to_string(), "visitedAt must be an ISO 8601 time with an offset, e.g. 2026-11-24T09:30:00+05:30."),
    ];
    for (at, message) in cases {
        app.post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "visitedAt": at })))
            .await
            .expect(StatusCode::BAD_REQUEST, message);
    }
    app.post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "accuracy": -3 })))
        .await
        .expect(StatusCode::BAD_REQUEST, "accuracy must be a number of metres, 0 or more.");
    let wrong_type = app.post("/users/customer/details", Some(&agent1), visit("B100001", json!({ "accuracy": "far" }))).await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    assert!(
        wrong_type.message().starts_with("Invalid request body") && wrong_type.message().contains("expected a number"),
        "{}",
        wrong_type.body
    );
}

#[tokio::test]
async fn a_visit_says_where_it_was() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let (located, unlocated) = located_and_unlocated(&app);
    let (lat, lng) = position_of(&app, &located);
    let save = |extra: Value| visit(&located, extra);
    let at_counter = app.post("/users/customer/details", Some(&agent1), save(json!({ "latitude": lat + 0.0005, "longitude": lng }))).await;
    assert_eq!(at_counter.body["locationStatus"], "verified", "{}", at_counter.body);
    assert_eq!(at_counter.body["distanceM"], 56, "0.0005 degrees of latitude is 56 m");
    // 20 km away, from home.
    let from_home = app.post("/users/customer/details", Some(&agent1), save(json!({ "latitude": lat + 0.18, "longitude": lng }))).await;
    assert_eq!(from_home.body["locationStatus"], "off-site");
    assert_eq!(from_home.body["distanceM"], 20_015);
    let blind = app.post("/users/customer/details", Some(&agent1), save(json!({}))).await;
    assert_eq!(blind.body["locationStatus"], "no-location");
    assert_eq!(blind.body["distanceM"], Value::Null);
    let nowhere =
        app.post("/users/customer/details", Some(&agent1), visit(&unlocated, json!({ "latitude": 12.9, "longitude": 77.6 }))).await;
    assert_eq!(nowhere.body["locationStatus"], "customer-unlocated");
    assert_eq!(nowhere.body["distanceM"], Value::Null);

    // The visit screen's last interactions carry it, newest first.
    let screen = app.get(&format!("/users/customer/details/{located}?showSummary=false"), Some(&agent1)).await;
    let statuses: Vec<&Value> = screen.body["transcations"].as_array().unwrap().iter().take(3).map(|t| &t["locationStatus"]).collect();
    assert_eq!(statuses, [&json!("no-location"), &json!("off-site"), &json!("verified")]);
    assert_eq!(screen.body["transcations"][1]["distanceM"], 20_015);
}

#[tokio::test]
async fn the_radius_is_a_setting() {
    let app = TestApp::with(|c| c.checkin_radius_m = 50.0);
    let agent1 = app.as_agent(1).await;
    let (located, _) = located_and_unlocated(&app);
    let (lat, lng) = position_of(&app, &located);
    let r =
        app.post("/users/customer/details", Some(&agent1), visit(&located, json!({ "latitude": lat + 0.0005, "longitude": lng }))).await;
    assert_eq!(r.body["locationStatus"], "off-site", "56 m is outside a 50 m radius");
}

/// `GET /users/customer/offline` as `token`, following `cursor`.
async fn offline(app: &TestApp, token: &str, cursor: &str) -> Value {
    let r = app.get(&format!("/users/customer/offline?cursor={cursor}"), Some(token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn buyer_ids(page: &Value) -> Vec<String> {
    page["customers"].as_array().unwrap().iter().map(|c| c["buyerId"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_offline_copy_pages_then_sends_only_changes() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let own: i64 = app
        .conn()
        .query_row("SELECT COUNT(*) FROM customers c JOIN users u ON u.uid = c.agent_id WHERE u.email = 'agent1@demo.test'", [], |r| {
            r.get(0)
        })
        .unwrap();
    // Enough customers for two pages.
    app.conn()
        .execute_batch(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
             INSERT INTO customers (buyer_id, name, agent_id, created_at, updated_at)
             SELECT 'OFF' || i, 'Offline Shop ' || i, (SELECT uid FROM users WHERE email = 'agent1@demo.test'), 1, 1 FROM n;",
        )
        .unwrap();
    let first = offline(&app, &agent1, "").await;
    assert_eq!(first["complete"], false);
    assert_eq!(first["customers"].as_array().unwrap().len(), 2000);
    assert_eq!(first["removed"], json!([]));
    let second = offline(&app, &agent1, first["cursor"].as_str().unwrap()).await;
    assert_eq!(second["complete"], true);
    let mut all = buyer_ids(&first);
    all.extend(buyer_ids(&second));
    assert_eq!(all.len() as i64, own + 1500, "every own customer once");
    assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), all.len());
    let sample = first["customers"].as_array().unwrap().iter().find(|c| c["buyerId"] == "B100001").expect("B100001 is agent1's");
    for key in ["buyerName", "mobile", "address1", "city", "latitude", "longitude", "lastVisitDate"] {
        assert!(sample.get(key).is_some(), "{key} in {sample}");
    }
    // Nothing of another agent's.
    let agent2_ids = buyer_ids(&offline(&app, &app.as_agent(2).await, "").await);
    assert!(agent2_ids.iter().all(|b| !all.contains(b)));

    // Changes since: a profile change, a visit, a customer given to another agent.
    let done = second["cursor"].as_str().unwrap().to_string();
    let none = offline(&app, &agent1, &done).await;
    assert_eq!(none["customers"], json!([]), "nothing changed yet");
    assert_eq!(none["complete"], true);
    let r = app.post("/users/customer/profile", Some(&agent1), json!({ "buyerId": "OFF7", "city": "Mysuru" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    app.post("/users/customer/details", Some(&agent1), visit("OFF8", json!({}))).await;
    app.conn()
        .execute("UPDATE customers SET agent_id = (SELECT uid FROM users WHERE email = 'agent2@demo.test') WHERE buyer_id = 'OFF9'", [])
        .unwrap();
    let changes = offline(&app, &agent1, none["cursor"].as_str().unwrap()).await;
    let mut changed = buyer_ids(&changes);
    changed.sort();
    assert_eq!(changed, ["OFF7", "OFF8"]);
    let off7 = changes["customers"].as_array().unwrap().iter().find(|c| c["buyerId"] == "OFF7").unwrap();
    assert_eq!(off7["city"], "Mysuru");
    assert_eq!(changes["removed"], json!(["OFF9"]));
    // A manager has no customers of their own; nonsense cursors are refused.
    assert_eq!(offline(&app, &app.token("am@demo.test").await, "").await["customers"], json!([]));
    app.get("/users/customer/offline?cursor=abc", Some(&agent1))
        .await
        .expect(StatusCode::BAD_REQUEST, "The cursor is not valid: start again without one.");
}

#[tokio::test]
async fn a_version_2_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    let mut conn = app.conn();
    let shape = |conn: &rusqlite::Connection| -> (Vec<(String, String, bool)>, Vec<String>) {
        let columns = conn
            .prepare("SELECT name, type, \"notnull\" FROM pragma_table_info('visits') ORDER BY cid")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let objects = conn
            .prepare("SELECT type || ' ' || name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        (columns, objects)
    };
    let fresh = shape(&conn);
    assert!(fresh.0.iter().any(|c| c.0 == "location_status"));
    crate::support::downgrade_to_schema_2(&conn);
    assert_ne!(shape(&conn), fresh);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 2 });
    assert_eq!(shape(&conn), fresh);
    // The check constraint holds on the upgraded table too.
    assert!(conn.execute("UPDATE visits SET location_status = 'nearby' WHERE visit_id = (SELECT MIN(visit_id) FROM visits)", []).is_err());
}

#[tokio::test]
async fn an_accurate_visit_proposes_a_position_that_a_manager_decides() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let admin = app.as_admin().await;
    let (_, shop) = located_and_unlocated(&app);
    let profile = |token: String| {
        let (app, shop) = (&app, shop.clone());
        async move { app.get(&format!("/users/customer/profile?buyerId={shop}"), Some(&token)).await.body }
    };
    let at = |acc: f64| visit(&shop, json!({ "latitude": 12.97, "longitude": 77.59, "accuracy": acc }));
    // Too rough a position proposes nothing.
    app.post("/users/customer/details", Some(&agent1), at(80.0)).await;
    assert_eq!(profile(manager.clone()).await["proposedLocation"], Value::Null);
    app.post("/users/customer/details", Some(&agent1), at(20.0)).await;
    let proposed = profile(manager.clone()).await["proposedLocation"].clone();
    assert_eq!(proposed["latitude"], 12.97, "{proposed}");
    assert_eq!(proposed["accuracy"], 20.0);
    assert_eq!(proposed["proposedBy"], "agent1@demo.test");
    let accept = format!("/users/customer/location/{shop}/accept");
    let reject = format!("/users/customer/location/{shop}/reject");
    app.post(&accept, Some(&agent1), json!({}))
        .await
        .expect(StatusCode::FORBIDDEN, "Only a manager or an administrator can accept or reject a proposed location.");
    // Rejected: gone, and the customer still has no position; the next accurate visit proposes again.
    assert_eq!(app.post(&reject, Some(&admin), json!({})).await.status, StatusCode::OK);
    assert_eq!(profile(manager.clone()).await["proposedLocation"], Value::Null);
    app.post(&accept, Some(&manager), json!({})).await.expect(StatusCode::NOT_FOUND, "There is no proposed location for this customer.");
    app.post("/users/customer/details", Some(&agent1), at(10.0)).await;
    let r = app.post(&accept, Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.message(), "The proposed location is now the customer's.");
    let after = profile(manager.clone()).await;
    assert_eq!(
        (after["latitude"].clone(), after["longitude"].clone(), after["proposedLocation"].clone()),
        (json!(12.97), json!(77.59), Value::Null)
    );
    let history: i64 = app
        .conn()
        .query_row(
            "SELECT COUNT(*) FROM profile_updates p JOIN customers c ON c.customer_id = p.customer_id WHERE c.buyer_id = ?1",
            [&shop],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(history, 1, "the accepted position is in the profile history");
    // Now the shop is located, visits there are verified.
    let there = app.post("/users/customer/details", Some(&agent1), at(10.0)).await;
    assert_eq!(there.body["locationStatus"], "verified");
}

#[tokio::test]
async fn a_managers_views_carry_the_location_status() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let (located, _) = located_and_unlocated(&app);
    let (lat, lng) = position_of(&app, &located);
    app.post(
        "/users/customer/details",
        Some(&agent1),
        visit(&located, json!({ "latitude": lat, "longitude": lng, "clientId": "rep-near" })),
    )
    .await;
    app.post(
        "/users/customer/details",
        Some(&agent1),
        visit(&located, json!({ "latitude": lat + 0.18, "longitude": lng, "clientId": "rep-far" })),
    )
    .await;

    // The customer visit report: the four check-in columns.
    let admin = app.as_admin().await;
    let t = fieldsales::clock::today().format("%Y-%m-%d").to_string();
    let r = app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}&search={located}"), Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let rows = crate::reports::sheet(&crate::reports::fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(header[13..], ["Device Time", "Received At", "Distance (m)", "Location Status"]);
    let tail = |row: &Vec<calamine::Data>| (row[15].to_string(), row[16].to_string());
    let mine: Vec<(String, String)> = rows[1..].iter().filter(|r| r[2].to_string() == located).map(tail).collect();
    assert!(mine.contains(&("0".into(), "verified".into())), "{mine:?}");
    assert!(mine.contains(&("20015".into(), "off-site".into())), "{mine:?}");

    // The visit summary: each agent's share of verified visits this month, within 0-100.
    let manager = app.token("am@demo.test").await;
    let summary = app.get("/users/customerTracking/cumulativeView/0", Some(&manager)).await;
    let agents = summary.body["checkInByAgent"].as_array().expect("checkInByAgent");
    let ravi = agents.iter().find(|a| a["agentId"] == "agent1@demo.test").expect("agent1 this month");
    assert!(ravi["verified"].as_i64().unwrap() >= 1 && ravi["offSite"].as_i64().unwrap() >= 1, "{ravi}");
    for a in agents {
        let (visits, verified, share) =
            (a["visits"].as_f64().unwrap(), a["verified"].as_f64().unwrap(), a["verifiedPercentage"].as_f64().unwrap());
        assert_eq!(share, (verified * 10_000.0 / visits).round() / 100.0, "{a}");
        assert!((0.0..=100.0).contains(&share));
    }
    assert!(agents.iter().all(|a| a["agentId"].as_str().unwrap().starts_with("agent")), "only the manager's agents");

    // The bucket lists: the last visit's status (the far one came last).
    let uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0)).unwrap();
    let mut found = None;
    for page in 1..=40 {
        let r = app.get(&format!("/users/landing/visited/{uid}?pageNumber={page}&order=desc"), Some(&agent1)).await;
        let rows = r.body["data"].as_array().unwrap().clone();
        if let Some(row) = rows.iter().find(|row| row["customerId"] == located.as_str()) {
            found = Some(row.clone());
            break;
        }
        if rows.is_empty() {
            break;
        }
    }
    assert_eq!(found.expect("the visited customer is in the visited bucket")["lastVisitLocationStatus"], "off-site");
}

/// Issue #41 items 8 and 9: a check-in's four statuses add up to the visits, and the home's
/// figures are the visit summary's and the lists' own for the same day.
#[tokio::test]
async fn check_ins_add_up_and_the_home_figures_match_the_summary() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let (located, unlocated) = located_and_unlocated(&app);
    let (lat, lng) = position_of(&app, &located);
    for (buyer, extra) in [
        (&located, json!({ "latitude": lat, "longitude": lng, "clientId": "sum-near" })),
        (&located, json!({ "latitude": lat + 0.18, "longitude": lng, "clientId": "sum-far" })),
        (&located, json!({ "clientId": "sum-none" })),
        (&unlocated, json!({ "latitude": lat, "longitude": lng, "clientId": "sum-unlocated" })),
    ] {
        let r = app.post("/users/customer/details", Some(&agent1), visit(buyer, extra)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    let admin = app.as_admin().await;
    let summary = app.get("/users/customerTracking/cumulativeView/0", Some(&admin)).await.body;
    for a in summary["checkInByAgent"].as_array().expect("checkInByAgent") {
        let part = |k: &str| a[k].as_i64().unwrap_or_else(|| panic!("{k} in {a}"));
        assert_eq!(part("verified") + part("offSite") + part("noLocation") + part("customerUnlocated"), part("visits"), "{a}");
    }
    let ravi = summary["checkInByAgent"].as_array().unwrap().iter().find(|a| a["agentId"] == "agent1@demo.test").cloned().unwrap();
    assert!(ravi["customerUnlocated"].as_i64().unwrap() >= 1, "{ravi}");

    let home = app.get("/users/home", Some(&admin)).await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.body);
    let h = home.body;
    assert_eq!(h["date"], fieldsales::clock::today().format("%Y-%m-%d").to_string());
    assert_eq!(h["visits"], summary["totalVisitFTD"]);
    assert_eq!(h["orders"], summary["uniqueOrderFTD"]);
    assert_eq!(h["orderValue"], summary["orderValueFTD"]);
    let (visits, verified) = (h["visits"].as_i64().unwrap(), h["verified"].as_i64().unwrap());
    assert!(visits >= 4 && (1..=visits).contains(&verified), "{h}");
    assert_eq!(h["verifiedPercentage"].as_f64().unwrap(), (verified as f64 * 10_000.0 / visits as f64).round() / 100.0);
    let pending = app.get("/users/delivery/approval", Some(&admin)).await.body;
    assert_eq!(h["pendingApprovals"].as_u64().unwrap() as usize, pending.as_array().unwrap().len());
    let block = app.get("/users/block", Some(&admin)).await.body;
    let blocked = block.as_array().unwrap().iter().filter(|u| u["isBlocked"] == true).count();
    assert_eq!(h["blockedUsers"].as_u64().unwrap() as usize, blocked);
    let (agents, idle) = (h["agents"].as_i64().unwrap(), h["agentsNotStarted"].as_i64().unwrap());
    assert!(agents >= 2 && idle < agents, "agent1 started today: {h}");

    // An agent's home counts its own scope, without the administrator's lists.
    let mine = app.get("/users/home", Some(&agent1)).await.body;
    assert_eq!((mine["agents"].clone(), mine["agentsNotStarted"].clone()), (json!(1), json!(0)), "{mine}");
    assert_eq!((mine["pendingApprovals"].clone(), mine["blockedUsers"].clone()), (Value::Null, Value::Null));
}
