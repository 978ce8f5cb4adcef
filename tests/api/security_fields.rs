//! Security, second round (issue #40): customer positions only managers move (item 3), no control
//! characters in single-line fields nor raw line breaks in the distributors' mail (item 8), and one
//! table of text limits for the API, the uploads and the screens (item 9).

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::*;
use fieldsales::platform::validate::{limits, one_line};

const SENT: &str = "The shop's location was sent to your manager for approval.";

/// The first customer of agent1 with (`true`) or without a stored position.
fn shop_of_agent1(app: &TestApp, located: bool) -> String {
    app.conn()
        .query_row(
            &format!(
                "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                 WHERE u.email = 'agent1@demo.test' AND c.latitude IS {} NULL ORDER BY c.customer_id LIMIT 1",
                if located { "NOT" } else { "" }
            ),
            [],
            |r| r.get(0),
        )
        .unwrap()
}

fn position(app: &TestApp, buyer: &str) -> (Option<f64>, Option<f64>) {
    app.conn().query_row("SELECT latitude, longitude FROM customers WHERE buyer_id = ?1", [buyer], |r| Ok((r.get(0)?, r.get(1)?))).unwrap()
}

async fn visit_at(app: &TestApp, token: &str, buyer: &str, at: (f64, f64)) -> Value {
    let r = app
        .post(
            "/users/customer/details",
            Some(token),
            json!({ "buyerID": buyer, "outcomeId": 2, "latitude": at.0, "longitude": at.1, "accuracy": 200.0 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

#[tokio::test]
async fn an_agents_position_in_a_profile_update_is_only_a_proposal() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let shop = shop_of_agent1(&app, true);
    let before = position(&app, &shop);
    let desk = (13.05, 77.70);
    let r = app.post("/users/customer/profile", Some(&agent1), json!({ "buyerId": shop, "latitude": desk.0, "longitude": desk.1 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.message(), format!("Profile updated successfully. {SENT}"));
    assert_eq!(position(&app, &shop), before, "an agent's coordinates never move the shop");
    assert_eq!(visit_at(&app, &agent1, &shop, desk).await["locationStatus"], "off-site");
    // The manager sees the proposal, who made it and that no visit did.
    let profile = app.get(&format!("/users/customer/profile?buyerId={shop}"), Some(&manager)).await.body;
    let proposed = &profile["proposedLocation"];
    assert_eq!((proposed["latitude"].clone(), proposed["longitude"].clone()), (json!(desk.0), json!(desk.1)), "{profile}");
    assert_eq!(
        (proposed["proposedBy"].clone(), proposed["accuracy"].clone(), proposed["fromVisit"].clone()),
        (json!("agent1@demo.test"), Value::Null, json!(false))
    );
    // With other fields, those change and the position is still only proposed.
    let r = app
        .post(
            "/users/customer/profile",
            Some(&agent1),
            json!({ "buyerId": shop, "city": "Hosur", "latitude": desk.0, "longitude": desk.1 }),
        )
        .await;
    assert_eq!(r.message(), format!("Profile updated successfully. {SENT}"));
    assert_eq!(position(&app, &shop), before);
    let accepted = app.post(&format!("/users/customer/location/{shop}/accept"), Some(&manager), json!({})).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(position(&app, &shop), (Some(desk.0), Some(desk.1)));
    assert_eq!(visit_at(&app, &agent1, &shop, desk).await["locationStatus"], "verified");
    // A manager's own coordinates move the shop at once.
    let r = app.post("/users/customer/profile", Some(&manager), json!({ "buyerId": shop, "latitude": 12.5, "longitude": 77.5 })).await;
    assert_eq!(r.message(), "Profile updated successfully.");
    assert_eq!(position(&app, &shop), (Some(12.5), Some(77.5)));
}

#[tokio::test]
async fn an_agents_new_customer_is_unlocated_until_a_manager_accepts_its_position() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let manager = app.token("am@demo.test").await;
    let at = (12.9, 77.6);
    let r = app
        .post(
            "/users/customer",
            Some(&agent1),
            json!({ "buyerName": "Desk Stores", "mobileNo": "9876501234", "latitude": at.0, "longitude": at.1 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let buyer = r.body["buyerId"].as_str().unwrap().to_string();
    assert_eq!(r.message(), format!("Customer {buyer} added successfully. {SENT}"));
    assert_eq!(position(&app, &buyer), (None, None));
    assert_eq!(visit_at(&app, &agent1, &buyer, at).await["locationStatus"], "customer-unlocated");
    let profile = app.get(&format!("/users/customer/profile?buyerId={buyer}"), Some(&manager)).await.body;
    assert_eq!(profile["proposedLocation"]["proposedBy"], "agent1@demo.test", "{profile}");
    let accepted = app.post(&format!("/users/customer/location/{buyer}/accept"), Some(&manager), json!({})).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!(position(&app, &buyer), (Some(at.0), Some(at.1)));
    assert_eq!(visit_at(&app, &agent1, &buyer, at).await["locationStatus"], "verified");
    // Without coordinates the message is the plain one.
    let r = app.post("/users/customer", Some(&agent1), json!({ "buyerName": "No Place", "mobileNo": "9876501235" })).await;
    assert_eq!(r.message(), format!("Customer {} added successfully.", r.body["buyerId"].as_str().unwrap()));
    // A never-visited customer with a typed proposal can still be deleted by the upload.
    let admin = app.as_admin().await;
    let r = app
        .post(
            "/users/customer",
            Some(&agent1),
            json!({ "buyerName": "Desk Two", "mobileNo": "9876501236", "latitude": at.0, "longitude": at.1 }),
        )
        .await;
    let unvisited = r.body["buyerId"].as_str().unwrap();
    let file = Part::File { name: "d.xlsx", bytes: crate::support::workbook(&[&["Buyer ID"], &[unvisited]]) };
    let del = app.multipart("/users/customer/upload", Some(&admin), vec![("customerdata", file), ("isDelete", Part::Text("true"))]).await;
    assert_eq!(del.message(), "1 row uploaded, 0 rejected.", "{}", del.body);
}

#[tokio::test]
async fn a_version_20_database_upgrades_to_the_fresh_schema_keeping_its_proposals() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let shop = shop_of_agent1(&app, false);
    let r = app
        .post(
            "/users/customer/details",
            Some(&agent1),
            json!({ "buyerID": shop, "outcomeId": 2, "latitude": 12.1, "longitude": 77.1, "accuracy": 10.0 }),
        )
        .await;
    assert_eq!(r.body["locationStatus"], "customer-unlocated", "{}", r.body);
    let mut conn = app.conn();
    assert_upgrades_to_fresh(&mut conn, 20, downgrade_to_schema_20);
    let by: String =
        conn.query_row("SELECT u.email FROM location_proposals p JOIN users u ON u.uid = p.proposed_by", [], |r| r.get(0)).unwrap();
    assert_eq!(by, "agent1@demo.test");
}

#[tokio::test]
async fn single_line_fields_refuse_control_characters_on_the_api_and_in_uploads() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let shop = shop_of_agent1(&app, true);
    let new = |extra: Value| {
        let mut body = json!({ "buyerName": "Line Stores", "mobileNo": "9876505555" });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    for (field, label, value) in [
        ("buyerName", "Buyer Name", "Line\nStores"),
        ("city", "City", "Bengaluru\r\nTo: someone"),
        ("address1", "Address 1", "12\u{2028}Main"),
        ("state", "State", "Kar\u{202e}nataka"),
        ("postalCode", "Postal Code", "560\t001"),
        ("email", "Email", "a@b.test\u{0}"),
    ] {
        app.post("/users/customer", Some(&agent1), new(json!({ field: value })))
            .await
            .expect(StatusCode::BAD_REQUEST, &format!("{label} must be one line, without control characters."));
    }
    let count: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers WHERE name LIKE 'Line%'", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 0, "nothing half-written");
    app.post("/users/customer/profile", Some(&agent1), json!({ "buyerId": shop, "address2": "Ward\n4" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Address 2 must be one line, without control characters.");
    // A remark may have lines, never other control characters.
    let remark = |text: &str| json!({ "buyerID": shop, "outcomeId": 2, "remark": text });
    assert_eq!(app.post("/users/customer/details", Some(&agent1), remark("first\nsecond")).await.status, StatusCode::OK);
    app.post("/users/customer/details", Some(&agent1), remark("bell\u{7}"))
        .await
        .expect(StatusCode::BAD_REQUEST, "Remark must not contain control characters.");
    // The customer upload: the row is refused with the column's name, the others go in.
    let admin = app.as_admin().await;
    let header = crate::uploads::CUSTOMER_HEADER;
    let row = |id: &'static str, city: &'static str| -> Vec<&'static str> {
        vec![id, "Upload Stores", "9876506666", "", "", "", "", city, "", "India", "", "", "", "", "agent1@demo.test"]
    };
    let (bad, good) = (row("B990001", "Benga\nluru"), row("B990002", "Bengaluru"));
    let r = crate::orders::upload(&app, &admin, "customer", "customerdata", &[header, &bad, &good]).await;
    assert_eq!(r.message(), "1 row uploaded, 1 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "City must be one line, without control characters.");
}

#[tokio::test]
async fn the_order_mail_never_carries_a_line_break_from_stored_data() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    // A customer of agent1 whose usual distributor has an address, named before the checks existed.
    let buyer: String = app
        .conn()
        .query_row(
            "SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
             WHERE u.email = 'agent1@demo.test'
               AND (SELECT d.email FROM order_lines o JOIN distributors d ON d.name = o.seller_name
                    WHERE o.customer_id = c.customer_id ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) IS NOT NULL
             ORDER BY c.buyer_id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    app.conn().execute("UPDATE customers SET name = 'Shop\r\nInjected: line\u{2028}too' WHERE buyer_id = ?1", [&buyer]).unwrap();
    let cola: i64 = app.conn().query_row("SELECT product_id FROM products WHERE name = 'Cola 300ml'", [], |r| r.get(0)).unwrap();
    let r = app.post("/users/order", Some(&agent1), json!({ "buyerId": buyer, "lines": [{ "productId": cola, "quantity": 2 }] })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    fieldsales::orders::send::send_submitted(&app.state.pool, &app.state.mailer, &app.state.config.data_dir).await.unwrap().unwrap();
    let mail = app.outbox().into_iter().find(|m| m["body"].as_str().is_some_and(|b| b.contains("Injected"))).expect("the mail");
    let body = mail["body"].as_str().unwrap();
    assert!(body.lines().all(|l| !l.starts_with("Injected")), "{body}");
    assert!(body.contains(&format!("{buyer} Shop  Injected: line too")), "{body}");
    assert_eq!(one_line("a\nb"), "a b");
}

#[tokio::test]
async fn customer_text_fields_have_one_limit_on_the_api_and_the_uploads() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let shop = shop_of_agent1(&app, true);
    let long = |n: usize| "x".repeat(n);
    let new = |field: &str, value: String| json!({ "buyerName": "Long Stores", "mobileNo": "9876507777", field: value });
    for (field, limit) in [
        ("buyerName", &limits::BUYER_NAME),
        ("email", &limits::EMAIL),
        ("address1", &limits::ADDRESS1),
        ("city", &limits::CITY),
        ("state", &limits::STATE),
        ("postalCode", &limits::POSTAL_CODE),
    ] {
        app.post("/users/customer", Some(&agent1), new(field, long(limit.max + 1)))
            .await
            .expect(StatusCode::BAD_REQUEST, &format!("{} may be at most {} characters.", limit.label, limit.max));
    }
    // 900 KB of city: a clear 4xx, never stored.
    let r = app.post("/users/customer", Some(&agent1), new("city", long(900_000))).await;
    assert!(r.status.is_client_error(), "{}", r.status);
    assert_eq!(app.post("/users/customer", Some(&agent1), new("city", long(100))).await.status, StatusCode::OK);
    app.post("/users/customer/profile", Some(&agent1), json!({ "buyerId": shop, "city": long(101) }))
        .await
        .expect(StatusCode::BAD_REQUEST, "City may be at most 100 characters.");
    app.post("/users/customer/profile", Some(&agent1), json!({ "buyerId": shop, "address2": long(201) }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Address 2 may be at most 200 characters.");
    app.post("/users/customer/details", Some(&agent1), json!({ "buyerID": shop, "outcomeId": 2, "remark": long(501) }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Remark may be at most 500 characters.");
    let admin = app.as_admin().await;
    let header = crate::uploads::CUSTOMER_HEADER;
    let city = long(101);
    let row: Vec<&str> =
        vec!["B990003", "Upload Stores", "9876506666", "", "", "", "", &city, "", "India", "", "", "", "", "agent1@demo.test"];
    let r = crate::orders::upload(&app, &admin, "customer", "customerdata", &[header, &row]).await;
    assert_eq!(r.body["data"][0]["reason"], "City may be at most 100 characters.", "{}", r.body);
}

/// Every text column of every upload kind has a limit, and it is the API's.
#[test]
fn every_upload_text_column_has_a_limit() {
    for kind in fieldsales::uploads::kinds::ALL {
        for column in kind.columns {
            use fieldsales::uploads::types::Check;
            let text = !matches!(column.check, Check::Number | Check::Money | Check::Date);
            assert_eq!(column.limit.is_some(), text, "{} {}", kind.name, column.header);
        }
    }
    assert_eq!(fieldsales::uploads::kinds::CUSTOMER.columns[7].limit, Some(&limits::CITY));
}

/// `frontend/src/lib/limits.js` lists `key: max,` for every field of `validate::limits`, in order.
#[test]
fn the_frontend_has_the_same_limits() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/frontend/src/lib/limits.js")).unwrap();
    let frontend: Vec<(String, usize)> = text
        .lines()
        .filter_map(|l| {
            let (key, max) = l.trim().trim_end_matches(',').split_once(": ")?;
            Some((key.to_string(), max.parse().ok()?))
        })
        .collect();
    let server: Vec<(String, usize)> = limits::ALL.iter().map(|f| (f.key.to_string(), f.max)).collect();
    assert_eq!(server, frontend, "src/platform/validate.rs and frontend/src/lib/limits.js differ");
}

#[test]
fn fields_refuse_long_text_and_control_characters() {
    assert_eq!(limits::CITY.problem(&"x".repeat(100)), None);
    assert!(limits::CITY.problem("Benga\u{85}luru").is_some());
    assert_eq!(limits::VISIT_REMARK.problem("two\r\nlines\tand a tab"), None);
    assert_eq!(one_line("a\r\nb\u{85}c\u{2029}d"), "a  b c d");
}
