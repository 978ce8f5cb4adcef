//! Deliveries: the update rules one by one, scope, approval (single, bulk, reject), history.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::{png, Part, TestApp};

/// An open delivery of a demo customer of agent `n` (1-4): (id, order id).
fn open_delivery(app: &TestApp, n: i64, skip: i64) -> (i64, String) {
    app.conn()
        .query_row(
            "SELECT d.delivery_id, d.order_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
             JOIN users u ON u.uid = c.agent_id
             WHERE u.email = 'agent' || ?1 || '@demo.test' AND d.approve_status IS NULL
             ORDER BY d.delivery_id LIMIT 1 OFFSET ?2",
            rusqlite::params![n, skip],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

fn approve_status(app: &TestApp, id: i64) -> Option<String> {
    app.conn().query_row("SELECT approve_status FROM deliveries WHERE delivery_id = ?1", [id], |r| r.get(0)).unwrap()
}

async fn update(
    app: &TestApp,
    token: &str,
    id: i64,
    status: &str,
    reason: Option<&str>,
    other: &str,
    image: Option<(&str, Vec<u8>)>,
) -> crate::support::Reply {
    let id = id.to_string();
    let mut parts = vec![("deliveryId", Part::Text(&id)), ("deliveryStatusID", Part::Text(status)), ("otherReason", Part::Text(other))];
    if let Some(r) = reason {
        parts.push(("reasonCodeID", Part::Text(r)));
    }
    if let Some((name, bytes)) = image {
        parts.push(("imagedata", Part::File { name, bytes }));
    }
    app.multipart("/users/delivery/update", Some(token), parts).await
}

#[tokio::test]
async fn the_working_list_is_the_callers_own() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let r = app.get("/users/delivery/init", Some(&agent)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["canModify"], true);
    let rows = r.body["deliveryDetails"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|d| d["agentID"] == "agent1@demo.test"));
    assert!(rows.iter().all(|d| d["approveStatus"] != "Approve"));
    for key in ["ftd", "ftm", "ftdPercentage", "ftmPercentage"] {
        assert!(r.body["orderDelivered"][key].is_number(), "{key}");
    }
    let admin = app.as_admin().await;
    assert_eq!(app.get("/users/delivery/init", Some(&admin)).await.body["canModify"], false);
    let manager = app.token("am@demo.test").await;
    let for_agent2 = app.get("/users/delivery/initAM/4", Some(&manager)).await;
    assert!(for_agent2.body["deliveryDetails"].as_array().unwrap().iter().all(|d| d["agentID"] == "agent2@demo.test"));
    assert_eq!(app.get("/users/delivery/initAM/4", Some(&agent)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn search_and_details_stay_in_scope() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let (_, order) = open_delivery(&app, 1, 0);
    let r = app.get(&format!("/users/delivery/search?query={}", &order[..order.len() - 1]), Some(&agent)).await;
    assert!(r.body.as_array().unwrap().iter().any(|s| s["display"] == order.as_str() && s["matchedColumn"] == "orderID"), "{}", r.body);
    assert_eq!(app.get("/users/delivery/search?query=", Some(&agent)).await.body, json!([]));
    let d = app.post("/users/delivery/details", Some(&agent), json!({ "query": order, "matchedColumn": "orderID" })).await;
    assert_eq!(d.body["deliveryDetails"][0]["orderID"], order.as_str());
    let other = app.as_agent(2).await;
    assert_eq!(app.get(&format!("/users/delivery/search?query={order}"), Some(&other)).await.body, json!([]));
    let d = app.post("/users/delivery/details", Some(&other), json!({ "query": order, "matchedColumn": "orderID" })).await;
    assert_eq!(d.body["deliveryDetails"], json!([]));
    app.post("/users/delivery/details", Some(&agent), json!({ "query": order, "matchedColumn": "d.order_id; DROP TABLE users" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "matchedColumn must be orderID, buyerID, buyerName or sellerName.");
}

/// The suggestions come from the search index `delivery_terms`, which follows every write: a
/// customer renamed or given to another agent, a delivery removed. Prefixes match without case,
/// and `%` and `_` are plain characters.
#[tokio::test]
async fn the_search_index_follows_customers_and_deliveries() {
    let app = TestApp::new();
    let (agent1, agent2, admin) = (app.as_agent(1).await, app.as_agent(2).await, app.as_admin().await);
    let (id, order) = open_delivery(&app, 1, 0);
    let customer: i64 = app.conn().query_row("SELECT customer_id FROM deliveries WHERE delivery_id = ?1", [id], |r| r.get(0)).unwrap();
    let suggests = |body: &Value, display: &str, column: &str| {
        body.as_array().unwrap().iter().any(|s| s["display"] == display && s["matchedColumn"] == column)
    };
    let search = |token: String, text: &str| {
        let app = &app;
        let path = format!("/users/delivery/search?query={}", urlencoding(text));
        async move { app.get(&path, Some(&token)).await.body }
    };
    app.conn().execute("UPDATE customers SET name = 'Zebra Crossing Stores' WHERE customer_id = ?1", [customer]).unwrap();
    let body = search(agent1.clone(), "zebra cROSS").await;
    assert!(suggests(&body, "Zebra Crossing Stores", "buyerName"), "{body}");
    assert_eq!(body.as_array().unwrap().len(), 1, "{body}");
    assert!(suggests(&search(admin.clone(), "Zebra").await, "Zebra Crossing Stores", "buyerName"));
    assert_eq!(search(agent2.clone(), "Zebra").await, json!([]));
    assert_eq!(search(agent1.clone(), "%").await, json!([]));
    assert_eq!(search(agent1.clone(), "Zebra_").await, json!([]));

    // Given to agent 2: the suggestions move with the customer.
    let agent2_uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent2@demo.test'", [], |r| r.get(0)).unwrap();
    app.conn().execute("UPDATE customers SET agent_id = ?1 WHERE customer_id = ?2", [agent2_uid, customer]).unwrap();
    assert_eq!(search(agent1.clone(), "Zebra").await, json!([]));
    assert!(suggests(&search(agent2.clone(), &order).await, &order, "orderID"));

    // A renamed order id and a removed delivery leave nothing behind.
    app.conn().execute("UPDATE deliveries SET order_id = 'ZZ-RENAMED' WHERE delivery_id = ?1", [id]).unwrap();
    assert_eq!(search(agent2.clone(), &order).await, json!([]));
    assert!(suggests(&search(agent2.clone(), "zz-ren").await, "ZZ-RENAMED", "orderID"));
    app.conn()
        .execute_batch(&format!("DELETE FROM delivery_history WHERE delivery_id = {id}; DELETE FROM deliveries WHERE delivery_id = {id};"))
        .unwrap();
    assert_eq!(search(agent2.clone(), "zz-ren").await, json!([]));

    // The index holds exactly what its definition says, after all of that.
    let differences: i64 = app
        .conn()
        .query_row(
            "SELECT (SELECT COUNT(*) FROM (SELECT agent_id, kind, term, delivery_id FROM delivery_terms
                                           EXCEPT SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source))
                  + (SELECT COUNT(*) FROM (SELECT agent_id, kind, term, delivery_id FROM delivery_terms_source WHERE term IS NOT NULL
                                           EXCEPT SELECT agent_id, kind, term, delivery_id FROM delivery_terms))",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(differences, 0);
}

/// A query string value, percent-encoded.
fn urlencoding(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn update_rules_one_by_one() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let (id, _) = open_delivery(&app, 1, 0);
    // Status 3 'Not delivered' needs a reason (1-3 are its reasons, 4 belongs to status 4).
    update(&app, &agent, id, "", None, "", None).await.expect(StatusCode::BAD_REQUEST, "Delivery Status is Required");
    update(&app, &agent, id, "3", None, "", None).await.expect(StatusCode::BAD_REQUEST, "Additional Reason is Required");
    update(&app, &agent, id, "3", Some("0"), "", None).await.expect(StatusCode::BAD_REQUEST, "Please enter the other reason.");
    update(&app, &agent, id, "3", Some("4"), "", None)
        .await
        .expect(StatusCode::BAD_REQUEST, "The reason does not belong to the chosen status.");
    update(&app, &agent, id, "3", Some("1"), "", Some(("door.gif", png())))
        .await
        .expect(StatusCode::BAD_REQUEST, "Only jpeg, jpg, bmp and png images are allowed.");
    assert_eq!(approve_status(&app, id), None, "nothing was written by refused updates");
    let other = app.as_agent(2).await;
    update(&app, &other, id, "3", Some("1"), "", None).await.expect(StatusCode::NOT_FOUND, "The delivery was not found.");
    let admin = app.as_admin().await;
    update(&app, &admin, id, "3", Some("1"), "", None)
        .await
        .expect(StatusCode::FORBIDDEN, "Administrators approve deliveries; the agent updates them.");

    update(&app, &agent, id, "3", Some("0"), "Gate locked", Some(("door.png", png())))
        .await
        .expect(StatusCode::OK, "Delivery updated successfully.");
    assert_eq!(approve_status(&app, id).as_deref(), Some("Pending"));
    let row = app.get("/users/delivery/init", Some(&agent)).await.body["deliveryDetails"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["deliveryId"] == id)
        .cloned()
        .unwrap();
    assert_eq!(
        (row["deliveryStatus"].as_str(), row["otherReason"].as_str(), row["canModify"].as_bool()),
        (Some("Not delivered"), Some("Gate locked"), Some(true))
    );
    // The picture is served to the agent, and not to another agent.
    let url = row["imageUrl"].as_str().unwrap().to_string();
    assert_eq!(app.call(axum::http::Method::GET, &url, Some(&agent), None).await.headers["content-type"], "image/png");
    assert_eq!(app.call(axum::http::Method::GET, &url, Some(&other), None).await.status, StatusCode::NOT_FOUND);

    // 'Delivered' locks the record: no further change.
    update(&app, &agent, id, "2", None, "", None).await.expect(StatusCode::OK, "Delivery updated successfully.");
    update(&app, &agent, id, "1", None, "", None).await.expect(StatusCode::FORBIDDEN, "This delivery can no longer be modified.");
    let history: i64 = app.conn().query_row("SELECT COUNT(*) FROM delivery_history WHERE delivery_id = ?1", [id], |r| r.get(0)).unwrap();
    assert_eq!(history, 2);
}

#[tokio::test]
async fn approval_single_bulk_and_reject() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let admin = app.as_admin().await;
    let ids: Vec<i64> = (0..3).map(|k| open_delivery(&app, 1, k).0).collect();
    for id in &ids {
        update(&app, &agent, *id, "1", None, "", None).await.expect(StatusCode::OK, "Delivery updated successfully.");
    }
    app.get("/users/delivery/approval", Some(&agent)).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let pending = app.get("/users/delivery/approval", Some(&admin)).await;
    let pending_ids: Vec<i64> = pending.body.as_array().unwrap().iter().map(|d| d["deliveryId"].as_i64().unwrap()).collect();
    assert!(ids.iter().all(|id| pending_ids.contains(id)));
    assert!(pending.body.as_array().unwrap().iter().all(|d| d["approveStatus"] == "Pending"));

    let rec = |id: i64, status: Value, remark: Value| json!({ "deliveryId": id, "approveStatus": status, "rejectedReason": remark });
    let cases = [
        (rec(ids[0], json!(null), json!(null)), "Please Select Approve Status"),
        (rec(ids[0], json!("Reject"), json!(" ")), "Please Enter Remark"),
        (rec(ids[0], json!("Reject"), json!("x".repeat(201))), "The remark is limited to a maximum of 200 characters."),
    ];
    for (body, message) in cases {
        app.post("/users/delivery/approval/update", Some(&admin), json!([body])).await.expect(StatusCode::BAD_REQUEST, message);
    }
    app.post("/users/delivery/approval/update", Some(&admin), json!([]))
        .await
        .expect(StatusCode::BAD_REQUEST, "Please select at least one delivery.");

    app.post("/users/delivery/approval/update", Some(&admin), json!([rec(ids[0], json!("Reject"), json!("Wrong shop in the photo"))]))
        .await
        .expect(StatusCode::OK, "1 delivery approval saved.");
    assert_eq!(approve_status(&app, ids[0]).as_deref(), Some("Reject"));
    // A rejected delivery goes back to the agent, who updates it again.
    update(&app, &agent, ids[0], "1", None, "", None).await.expect(StatusCode::OK, "Delivery updated successfully.");
    assert_eq!(approve_status(&app, ids[0]).as_deref(), Some("Pending"));

    // Bulk approve in one transaction; a batch with a non-pending entry changes nothing.
    let open = open_delivery(&app, 1, 0).0;
    let r = app
        .post(
            "/users/delivery/approval/update",
            Some(&admin),
            json!([rec(ids[1], json!("Approve"), json!(null)), rec(open, json!("Approve"), json!(null))]),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(approve_status(&app, ids[1]).as_deref(), Some("Pending"), "rolled back");
    app.post(
        "/users/delivery/approval/update",
        Some(&admin),
        json!([rec(ids[1], json!("Approve"), json!(null)), rec(ids[2], json!("Approve"), json!(null))]),
    )
    .await
    .expect(StatusCode::OK, "2 delivery approvals saved.");
    assert_eq!(approve_status(&app, ids[2]).as_deref(), Some("Approve"));
    // Approved entries are locked for the agent.
    update(&app, &agent, ids[1], "2", None, "", None).await.expect(StatusCode::FORBIDDEN, "This delivery can no longer be modified.");
    let history: Vec<(Option<String>, Option<String>)> = app
        .conn()
        .prepare("SELECT from_approve, to_approve FROM delivery_history WHERE delivery_id = ?1 ORDER BY id")
        .unwrap()
        .query_map([ids[0]], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        history,
        [(None, Some("Pending".into())), (Some("Pending".into()), Some("Reject".into())), (Some("Reject".into()), Some("Pending".into()))]
    );
}

/// The percentages are shares of one planned set (decisions.md "Delivered tiles"): deliveries
/// delivered today but planned for another day count in `ftd`, never above today's plan.
#[tokio::test]
async fn delivered_percentages_are_shares_of_the_plan() {
    let app = TestApp::new();
    let conn = app.conn();
    let hash: String = conn.query_row("SELECT password_hash FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0)).unwrap();
    let manager: i64 = conn.query_row("SELECT uid FROM users WHERE email = 'am@demo.test'", [], |r| r.get(0)).unwrap();
    let agent = fieldsales::auth::accounts::create(
        &conn,
        &fieldsales::auth::types::NewAccount {
            email: "tiles@demo.test",
            name: "Tiles Agent",
            user_type: fieldsales::platform::rights::UserType::Agent,
            country_id: Some(1),
            manager_id: Some(manager),
            password_hash: &hash,
            force_password_update: false,
        },
    )
    .unwrap();
    let now = fieldsales::now();
    conn.execute(
        "INSERT INTO customers (buyer_id, name, agent_id, created_at, updated_at) VALUES ('TILES1', 'Tiles Shop', ?1, ?2, ?2)",
        rusqlite::params![agent, now],
    )
    .unwrap();
    let today = fieldsales::clock::today();
    let day = |offset: i64| (today + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string();
    // (order, planned, delivered today?): today's plan is A and B, one of them delivered; C (planned
    // 40 days ago) and D (planned tomorrow) are delivered today too.
    for (order, planned, delivered) in [("TA", day(0), true), ("TB", day(0), false), ("TC", day(-40), true), ("TD", day(1), true)] {
        conn.execute(
            "INSERT INTO deliveries (order_id, order_date, planned_delivery_date, customer_id, seller_name, delivery_status_id, updated_at, created_at)
             SELECT ?1, ?2, ?2, customer_id, 'Seller', ?3, ?4, ?5 FROM customers WHERE buyer_id = 'TILES1'",
            rusqlite::params![order, planned, if delivered { Some(2) } else { None }, if delivered { Some(now) } else { None }, now],
        )
        .unwrap();
    }
    drop(conn);
    let token = app.token("tiles@demo.test").await;
    let r = app.get("/users/delivery/init", Some(&token)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let tiles = &r.body["orderDelivered"];
    assert_eq!(tiles["ftd"], 3, "{tiles}");
    assert_eq!(tiles["ftm"], 3, "{tiles}");
    assert_eq!(tiles["ftdPercentage"], 50.0, "one of today's two planned deliveries is delivered: {tiles}");
    assert_eq!(tiles["ftmPercentage"], 50.0, "planned from the 1st to today: A and B: {tiles}");
    // The demo agents' tiles read as shares too.
    for n in 1..=4 {
        let t = app.as_agent(n).await;
        let d = app.get("/users/delivery/init", Some(&t)).await.body["orderDelivered"].clone();
        for key in ["ftdPercentage", "ftmPercentage"] {
            let p = d[key].as_f64().unwrap();
            assert!((0.0..=100.0).contains(&p), "agent{n} {key} = {p}");
        }
    }
}

/// Every entry of the delivery pictures' folder (temporary `.part` files included).
fn delivery_files(app: &TestApp) -> Vec<String> {
    match std::fs::read_dir(app.state.config.data_dir.join("files").join("delivery")) {
        Ok(entries) => {
            let mut names: Vec<String> = entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
            names.sort();
            names
        }
        Err(_) => Vec::new(),
    }
}

/// The picture is written before the write transaction: a refused update (by a rule checked in
/// the transaction, or out of scope) leaves no file behind, a successful one stores exactly the
/// file its row names.
#[tokio::test]
async fn an_update_picture_is_stored_only_with_its_row() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let (id, _) = open_delivery(&app, 1, 0);
    update(&app, &agent, id, "3", Some("4"), "", Some(("door.png", png())))
        .await
        .expect(StatusCode::BAD_REQUEST, "The reason does not belong to the chosen status.");
    update(&app, &agent, id, "99", None, "", Some(("door.png", png())))
        .await
        .expect(StatusCode::BAD_REQUEST, "Delivery Status is Required");
    let other = app.as_agent(2).await;
    update(&app, &other, id, "3", Some("1"), "", Some(("door.png", png())))
        .await
        .expect(StatusCode::NOT_FOUND, "The delivery was not found.");
    assert_eq!(delivery_files(&app), Vec::<String>::new(), "no stray file after refused updates");
    assert_eq!(approve_status(&app, id), None);

    update(&app, &agent, id, "3", Some("1"), "", Some(("door.png", png()))).await.expect(StatusCode::OK, "Delivery updated successfully.");
    let stored: String = app.conn().query_row("SELECT image_name FROM deliveries WHERE delivery_id = ?1", [id], |r| r.get(0)).unwrap();
    assert_eq!(delivery_files(&app), vec![stored.clone()]);
    let path = app.state.config.data_dir.join("files").join("delivery").join(&stored);
    assert_eq!(std::fs::read(path).unwrap(), png());
}

/// One scope rule for every call: a manager's deleted agent's deliveries stay the manager's, in
/// the working list of that agent, the search, the details and the update alike; errors carry
/// their codes.
#[tokio::test]
async fn a_deleted_agents_deliveries_stay_with_the_manager() {
    let app = TestApp::new();
    let (id, order) = open_delivery(&app, 2, 0);
    let agent2: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent2@demo.test'", [], |r| r.get(0)).unwrap();
    app.conn().execute("UPDATE users SET is_deleted = 1 WHERE uid = ?1", [agent2]).unwrap();
    let manager = app.token("am@demo.test").await;
    let list = app.get(&format!("/users/delivery/initAM/{agent2}"), Some(&manager)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert!(list.body["deliveryDetails"].as_array().unwrap().iter().any(|d| d["deliveryId"] == id), "{}", list.body);
    let found = app.get(&format!("/users/delivery/search?query={order}"), Some(&manager)).await;
    assert!(found.body.as_array().unwrap().iter().any(|s| s["display"] == order.as_str()), "{}", found.body);
    let d = app.post("/users/delivery/details", Some(&manager), json!({ "query": order, "matchedColumn": "orderID" })).await;
    assert_eq!(d.body["deliveryDetails"][0]["deliveryId"], id);
    update(&app, &manager, id, "1", None, "", None).await.expect(StatusCode::OK, "Delivery updated successfully.");

    let other = app.as_agent(1).await;
    let r = update(&app, &other, id, "1", None, "", None).await;
    r.expect(StatusCode::NOT_FOUND, "The delivery was not found.");
    assert_eq!(r.body["code"], "delivery_not_found");
    let r = app.get(&format!("/users/delivery/initAM/{agent2}"), Some(&other)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("agent_not_found")));
    let admin = app.as_admin().await;
    let (open_id, open_order) = open_delivery(&app, 1, 0);
    let r = app.post("/users/delivery/approval/update", Some(&admin), json!([{ "deliveryId": open_id, "approveStatus": "Approve" }])).await;
    r.expect(StatusCode::CONFLICT, &format!("Delivery {open_order} is not waiting for approval."));
    assert_eq!((r.body["code"].as_str(), r.body["params"]["orderId"].as_str()), (Some("delivery_not_pending"), Some(open_order.as_str())));
}
