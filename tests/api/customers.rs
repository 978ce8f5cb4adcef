//! Customer work: search, the visit screen, visits, new customers, profiles, and who may see what.
//! Demo customers B100001, B100005, ... belong to agent1; B100002, B100006, ... to agent2.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

const NOT_FOUND: &str = "The customer was not found.";

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|s| s["buyerId"].as_str().unwrap().to_string()).collect()
}

/// Index of a demo buyer id: B100001 is 0.
fn owner_slot(buyer: &str) -> u32 {
    (buyer[1..].parse::<u32>().unwrap() - 100_001) % 4
}

#[tokio::test]
async fn search_matches_id_name_and_mobile_within_the_callers_customers() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let by_id = app.get("/users/customer/search?query=B1000", Some(&agent)).await;
    assert_eq!(by_id.status, StatusCode::OK);
    let found = ids(&by_id.body);
    assert_eq!(found.len(), 10, "suggestions are capped at 10");
    assert!(found.iter().all(|b| owner_slot(b) == 0), "only agent1's customers: {found:?}");

    let (name, mobile): (String, String) =
        app.conn().query_row("SELECT name, mobile FROM customers WHERE buyer_id = 'B100001'", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let by_mobile = app.get(&format!("/users/customer/search?query={}", &mobile[..7]), Some(&agent)).await;
    assert!(ids(&by_mobile.body).contains(&"B100001".to_string()));
    let second_word = name.split(' ').nth(1).unwrap();
    let by_word = app.get(&format!("/users/customer/search?query={}", &second_word[..3].to_lowercase()), Some(&agent)).await;
    assert!(!ids(&by_word.body).is_empty());
    let display = by_mobile.body[0]["display"].as_str().unwrap();
    assert!(display.starts_with("B1"), "{display}");

    // Another agent's customer is never suggested, even by its exact id.
    assert_eq!(app.get("/users/customer/search?query=B100002", Some(&agent)).await.body, json!([]));
    // Empty input and FTS syntax are harmless.
    for q in ["", "%20", "%22", "NEAR(a%20b)", "*", "a%22%20OR%20%22b", "%E0%A4%85"] {
        let r = app.get(&format!("/users/customer/search?query={q}"), Some(&agent)).await;
        assert_eq!(r.status, StatusCode::OK, "{q}: {}", r.body);
    }
    let admin = app.as_admin().await;
    assert_eq!(ids(&app.get("/users/customer/search?query=B100002", Some(&admin)).await.body), ["B100002"]);
}

#[tokio::test]
async fn the_visit_screen_shows_only_the_callers_customers() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let r = app.get("/users/customer/details/B100001?showSummary=true", Some(&agent1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["customerDetails"]["buyerID"], "B100001");
    assert_eq!(r.body["customerDetails"]["country"], "India");
    assert!(r.body["transcations"].as_array().unwrap().len() <= 5);
    let links: Vec<&str> = r.body["linkDetails"].as_array().unwrap().iter().map(|l| l["linkName"].as_str().unwrap()).collect();
    assert_eq!(links, ["Product catalogue", "Scheme of the month"]);

    app.get("/users/customer/details/B100002", Some(&agent1)).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
    app.get("/users/customer/details/NOPE", Some(&agent1)).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.get("/users/customer/details/B100002", Some(&manager)).await.status, StatusCode::OK);
    let admin = app.as_admin().await;
    let r = app.get("/users/customer/details/B100004?showSummary=false", Some(&admin)).await;
    assert_eq!(r.body["customerDetails"]["country"], "Sri Lanka");
    assert_eq!(r.body["reOrderMustSell"], json!([]));
}

#[tokio::test]
async fn must_sell_lists_each_product_with_its_latest_order() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let created = app.post("/users/customer", Some(&agent), json!({ "mobileNo": "9876543210", "buyerName": "Test Mart" })).await;
    let buyer = created.body["buyerId"].as_str().unwrap().to_string();
    let conn = app.conn();
    let id: i64 = conn.query_row("SELECT customer_id FROM customers WHERE buyer_id = ?1", [&buyer], |r| r.get(0)).unwrap();
    for (order, date, product, qty, price) in [
        ("T1", "2026-01-05", "Cola 300ml", 10.0, 25.0),
        ("T2", "2026-03-01", "Cola 300ml", 12.0, 26.0),
        ("T3", "2026-02-10", "Tea Leaf 250g", 3.0, 140.0),
        // A second order of the same day: the later line is the latest.
        ("T4", "2026-03-01", "Cola 300ml", 7.0, 27.0),
    ] {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped, unit_price_paise, ds_name, fao_name)
             VALUES (?6, ?1, ?2, 'Metro Wholesale', ?3, ?4, ROUND(?5 * 100), 'DS', 'FAO')",
            rusqlite::params![date, id, product, qty, price, order],
        )
        .unwrap();
    }
    let r = app.get(&format!("/users/customer/details/{buyer}"), Some(&agent)).await;
    assert_eq!(
        r.body["reOrderMustSell"],
        json!([
            { "lastOrderDate": "2026-03-01", "distinctProductName": "Cola 300ml", "lastOrderShippedQty": 7.0, "unitPrice": 27.0, "dsName": "DS", "faoName": "FAO" },
            { "lastOrderDate": "2026-02-10", "distinctProductName": "Tea Leaf 250g", "lastOrderShippedQty": 3.0, "unitPrice": 140.0, "dsName": "DS", "faoName": "FAO" },
        ])
    );
}

#[tokio::test]
async fn saving_a_visit() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let visit = |buyer: &str, outcome: Value| json!({ "buyerID": buyer, "outcomeId": outcome, "remark": "Met the owner <b>", "latitude": 12.9, "longitude": "77.6" });
    app.post("/users/customer/details", Some(&agent), visit("B100001", json!(null)))
        .await
        .expect(StatusCode::BAD_REQUEST, "Visit Outcome is required");
    app.post("/users/customer/details", Some(&agent), visit("B100002", json!(1))).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
    app.post("/users/customer/details", Some(&agent), visit("B100001", json!(1))).await.expect(StatusCode::OK, "Visit saved successfully.");
    let r = app.get("/users/customer/details/B100001", Some(&agent)).await;
    let last = &r.body["transcations"][0];
    assert_eq!(last["outcome"], "Order placed");
    assert_eq!(last["remark"], "Met the owner <b>");
    assert_eq!(last["agentId"], "agent1@demo.test");
    assert_eq!(last["entryUpdateBy"], "Ravi Kumar");

    let today = app.get("/users/customer/FTMFTD/ftd", Some(&agent)).await;
    let rows = today.body.as_array().unwrap();
    assert!(rows.iter().any(|v| v["buyerID"] == "B100001" && v["remark"] == "Met the owner <b>"));
    assert!(rows.iter().all(|v| v["agentId"] == "agent1@demo.test"));
    let month = app.get("/users/customer/FTMFTD/FTM", Some(&agent)).await;
    assert!(month.body.as_array().unwrap().len() >= rows.len());
    assert_eq!(app.get("/users/customer/FTMFTD/ytd", Some(&agent)).await.status, StatusCode::NOT_FOUND);

    // A retired outcome can no longer be chosen; a visit by an administrator stays the agent's.
    let admin = app.as_admin().await;
    app.post("/master/outcome/delete/4", Some(&admin), json!({})).await;
    app.post("/users/customer/details", Some(&agent), visit("B100001", json!(4)))
        .await
        .expect(StatusCode::BAD_REQUEST, "The chosen outcome no longer exists. Please choose another.");
    app.post("/users/customer/details", Some(&admin), visit("B100005", json!(2))).await.expect(StatusCode::OK, "Visit saved successfully.");
    let (agent_id, entered_by): (i64, i64) = app
        .conn()
        .query_row("SELECT agent_id, entered_by FROM visits ORDER BY visit_id DESC LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((agent_id, entered_by), (3, 1));
}

#[tokio::test]
async fn adding_a_customer() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let cases = [
        (json!({ "buyerName": "A" }), "Mobile No. is Required"),
        (json!({ "mobileNo": "98765", "buyerName": "A" }), "Mobile No. should contain atleast 10 numbers"),
        (json!({ "mobileNo": "987654321012", "buyerName": "A" }), "Mobile No. should contain atmost 11 numbers"),
        (json!({ "mobileNo": "98765x3210", "buyerName": "A" }), "Mobile No. should contain only numbers"),
        (json!({ "mobileNo": 9876543210u64 }), "Buyer Name is Required"),
    ];
    for (body, message) in cases {
        app.post("/users/customer", Some(&agent), body).await.expect(StatusCode::BAD_REQUEST, message);
    }
    let r = app.post("/users/customer", Some(&agent), json!({ "mobileNo": 9876543210u64, "buyerName": "Sagar Stores" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let buyer = r.body["buyerId"].as_str().unwrap().to_string();
    assert_eq!(r.message(), format!("Customer {buyer} added successfully."));
    let details = app.get(&format!("/users/customer/details/{buyer}"), Some(&agent)).await;
    assert_eq!(details.body["customerDetails"]["buyerName"], "Sagar Stores");
    assert_eq!(details.body["customerDetails"]["country"], "India");
    let found = app.get("/users/customer/search?query=sagar", Some(&agent)).await;
    assert_eq!(ids(&found.body), std::slice::from_ref(&buyer));
    let other = app.as_agent(2).await;
    assert_eq!(app.get(&format!("/users/customer/details/{buyer}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn updating_a_profile_keeps_its_history() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let r = app.get("/users/customer/profile?buyerId=B100001", Some(&agent)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["buyerID"], "B100001");
    assert!(r.body["address"].as_str().unwrap().contains("Main Road"));
    let before_mobile = r.body["mobile"].clone();

    app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": "B100001" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Atleast one field to have an input");
    app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": "B100001", "mobile": "123" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Mobile No. should contain atleast 10 numbers");
    app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": "B100002", "city": "Mysuru" }))
        .await
        .expect(StatusCode::NOT_FOUND, NOT_FOUND);
    app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": "B100001", "city": "Mysuru", "postalCode": 570001 }))
        .await
        .expect(StatusCode::OK, "Profile updated successfully.");
    let after = app.get("/users/customer/profile?buyerId=B100001", Some(&agent)).await;
    assert_eq!(after.body["city"], "Mysuru");
    assert_eq!(after.body["postalCode"], "570001");
    assert_eq!(after.body["mobile"], before_mobile, "fields not given stay as they were");
    let (before, changed): (String, String) =
        app.conn().query_row("SELECT before_json, after_json FROM profile_updates", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert!(!before.contains("Mysuru") && changed.contains("Mysuru"));
    let other = app.as_agent(2).await;
    app.get("/users/customer/profile?buyerId=B100001", Some(&other)).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
}

#[tokio::test]
async fn customer_info_with_files_history_review_and_media() {
    use crate::support::{png, Part};
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let post = |buyer: &str, parts: Vec<(&'static str, Part<'static>)>| {
        let path = format!("/users/customer/info/{buyer}");
        let token = agent.clone();
        let app = &app;
        async move { app.multipart(&path, Some(&token), parts).await }
    };
    post("B100001", vec![("remark", Part::Text("x"))]).await.expect(StatusCode::BAD_REQUEST, "Info Type is required.");
    // Info type 1 has sub types, so one must be ticked.
    post("B100001", vec![("infoTypeId", Part::Text("1"))]).await.expect(StatusCode::BAD_REQUEST, "Info Sub Type is required.");
    post("B100001", vec![("infoTypeId", Part::Text("1")), ("infoSubTypeId", Part::Text("6"))])
        .await
        .expect(StatusCode::BAD_REQUEST, "Info Sub Type is not valid for this Info Type.");
    let html = b"<html><script>alert(1)</script></html>".to_vec();
    post(
        "B100001",
        vec![("infoTypeId", Part::Text("1")), ("infoSubTypeId", Part::Text("1")), ("img1", Part::File { name: "photo.png", bytes: html })],
    )
    .await
    .expect(StatusCode::BAD_REQUEST, "Only jpeg, jpg, bmp, png images and pdf files are allowed.");
    post(
        "B100001",
        vec![("infoTypeId", Part::Text("1")), ("infoSubTypeId", Part::Text("1")), ("img4", Part::File { name: "a.png", bytes: png() })],
    )
    .await
    .expect(StatusCode::BAD_REQUEST, "Up to three files can be attached.");
    post("B100002", vec![("infoTypeId", Part::Text("2")), ("infoSubTypeId", Part::Text("4"))])
        .await
        .expect(StatusCode::NOT_FOUND, NOT_FOUND);
    let ok = post(
        "B100001",
        vec![
            ("infoTypeId", Part::Text("1")),
            ("infoSubTypeId", Part::Text("1")),
            ("infoSubTypeId", Part::Text("2")),
            ("remark", Part::Text("New scheme from a competitor")),
            ("img1", Part::File { name: "shelf.png", bytes: png() }),
            ("img2", Part::File { name: "scheme.pdf", bytes: b"%PDF-1.4 demo".to_vec() }),
        ],
    )
    .await;
    ok.expect(StatusCode::OK, "Customer info saved successfully.");
    let files = std::fs::read_dir(app.state.config.data_dir.join("files/info")).unwrap().count();
    assert_eq!(files, 2, "rejected submissions left no files behind");

    let history = app.get("/users/customer/infohistory/B100001", Some(&agent)).await;
    assert_eq!(history.body[0]["infoType"], "Competitor activity");
    assert_eq!(history.body[0]["superAdminStatus"], "Pending");
    assert_eq!(app.get("/users/customer/infohistory/B100002", Some(&agent)).await.status, StatusCode::NOT_FOUND);

    app.get("/users/infoUpdate", Some(&agent)).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let admin = app.as_admin().await;
    let page = app.get("/users/infoUpdateWithPaging?pageNumber=1&pageSize=30", Some(&admin)).await;
    assert_eq!(page.body["totalRecords"], 1);
    let row = &page.body["data"][0];
    assert_eq!(row["buyerID"], "B100001");
    assert_eq!(row["subTypes"], "New scheme, Price drop");
    assert_eq!(row["image3"], Value::Null);
    let image = row["image1"].as_str().unwrap().to_string();
    let pdf = row["image2"].as_str().unwrap().to_string();
    let id = row["id"].as_i64().unwrap();

    // Files: the owner, their manager and reviewers may read them; another agent may not.
    let r = app.call(axum::http::Method::GET, &image, Some(&agent), None).await;
    assert_eq!((r.status, r.headers["content-type"].to_str().unwrap()), (StatusCode::OK, "image/png"));
    assert_eq!(r.headers["x-content-type-options"], "nosniff");
    assert_eq!(app.call(axum::http::Method::GET, &pdf, Some(&admin), None).await.headers["content-type"], "application/pdf");
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.call(axum::http::Method::GET, &image, Some(&manager), None).await.status, StatusCode::OK);
    let other = app.as_agent(2).await;
    assert_eq!(app.call(axum::http::Method::GET, &image, Some(&other), None).await.status, StatusCode::NOT_FOUND);
    for trick in ["../test.db", "%2e%2e%2ftest.db", "/etc/passwd", "..%5c..%5ctest.db", "0123456789abcdef0123456789abcdef.png%00.txt"] {
        let r = app.get(&format!("/users/media?fileName={trick}"), Some(&agent)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{trick}");
        assert_eq!(r.message(), "Invalid file name.");
    }

    let status = |id: Value, s: &str| json!({ "id": id, "adminStatus": s });
    app.post("/users/infoUpdate", Some(&admin), status(json!(id), " ")).await.expect(StatusCode::BAD_REQUEST, "Please Enter Remark");
    app.post("/users/infoUpdate", Some(&admin), status(json!(id), &"x".repeat(201)))
        .await
        .expect(StatusCode::BAD_REQUEST, "The remark is limited to a maximum of 200 characters.");
    app.post("/users/infoUpdate", Some(&agent), status(json!(id), "ok"))
        .await
        .expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    app.post("/users/infoUpdate", Some(&admin), status(json!(id), "Verified with the distributor"))
        .await
        .expect(StatusCode::OK, "Status updated successfully.");
    let history = app.get("/users/customer/infohistory/B100001", Some(&agent)).await;
    assert_eq!(history.body[0]["superAdminStatus"], "Verified with the distributor");
    app.post("/users/infoUpdate", Some(&admin), status(json!(99999), "x")).await.expect(StatusCode::NOT_FOUND, "The record was not found.");
}

#[tokio::test]
async fn product_search_and_price_comparison() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let r = app.get("/users/product/search?query=cola", Some(&agent)).await;
    let names: Vec<&str> = r.body.as_array().unwrap().iter().map(|p| p["productName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cola 1.25L", "Cola 300ml"]);
    let by_word = app.get("/users/product/search?query=chips", Some(&agent)).await;
    assert_eq!(by_word.body.as_array().unwrap().len(), 2);
    assert_eq!(app.get("/users/product/search?query=%25", Some(&agent)).await.body, json!([]));

    let conn = app.conn();
    let today = fieldsales::clock::today();
    let day = |n: u64| (today - chrono::Days::new(n)).format("%Y-%m-%d").to_string();
    conn.execute("DELETE FROM order_lines WHERE product_name = 'Cola 300ml'", []).unwrap();
    for (n, (date, seller, price, customer)) in [
        (day(40), "Metro Wholesale", 24.0, "B100001"),
        (day(5), "Metro Wholesale", 23.5, "B100005"),
        (day(9), "Sunrise Distributors", 22.0, "B100002"),
        (day(200), "Coastal Trading Co", 18.0, "B100001"),
        (day(3), "Lanka Supply House", 15.0, "B100004"),
    ]
    .into_iter()
    .enumerate()
    {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped, unit_price_paise)
             SELECT 'P' || ?5, ?1, customer_id, ?2, 'Cola 300ml', 1, ROUND(?3 * 100) FROM customers WHERE buyer_id = ?4",
            rusqlite::params![date, seller, price, customer, n as i64],
        )
        .unwrap();
    }
    let r = app.get("/users/product/pricecomparison/B100001?productName=Cola%20300ml", Some(&agent)).await;
    // Latest price per distributor, last 90 days, same country (India), cheapest first.
    let rows: Vec<(String, f64)> = r
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["distributorName"].as_str().unwrap().to_string(), p["unitPrice"].as_f64().unwrap()))
        .collect();
    assert_eq!(rows, [("Sunrise Distributors".to_string(), 22.0), ("Metro Wholesale".to_string(), 23.5)]);
    assert_eq!(
        app.get("/users/product/pricecomparison/B100002?productName=Cola%20300ml", Some(&agent)).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Best Sellers and the price comparison as they were first written (one plain query each, which
/// read every line of 90 days): the definition the indexed reads must answer alike.
const BEST_SELLERS_DEFINED: &str = "WITH ranked AS (
         SELECT o.product_name, SUM(o.qty_shipped) AS qty, MAX(o.order_date) AS last_date
         FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.order_date >= :since AND (:country IS NULL OR c.country_id = :country)
         GROUP BY o.product_name ORDER BY qty DESC, o.product_name LIMIT 50)
     SELECT r.last_date, r.product_name, l.unit_price_paise / 100.0, l.seller_name, l.fao_name FROM ranked r
     JOIN order_lines l ON l.line_id = (
         SELECT o.line_id FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.product_name = r.product_name AND o.order_date = r.last_date AND (:country IS NULL OR c.country_id = :country)
         ORDER BY o.line_id DESC LIMIT 1)
     ORDER BY r.qty DESC, r.product_name";
const PRICES_DEFINED: &str = "SELECT order_date, product_name, unit_price_paise / 100.0, seller_name, fao_name FROM (
         SELECT o.*, ROW_NUMBER() OVER (PARTITION BY o.seller_name ORDER BY o.order_date DESC, o.line_id DESC) AS n
         FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.product_name = :product AND o.order_date >= :since
           AND c.country_id IS (SELECT country_id FROM customers WHERE buyer_id = :buyer))
     WHERE n = 1 ORDER BY unit_price_paise, seller_name";

#[tokio::test]
async fn best_sellers_and_prices_answer_as_their_definition() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let conn = app.conn();
    let today = fieldsales::clock::today();
    let day = |n: u64| (today - chrono::Days::new(n)).format("%Y-%m-%d").to_string();
    // Beside the demo's lines: a seller whose newest Cola line is in Sri Lanka and whose older one in
    // India (the walk back to a line of the country); two sellers on one day (the later line is the
    // latest); a line past 90 days; a seller new to the product in India.
    for (n, (date, seller, price, buyer, product)) in [
        (day(20), "Harbour Traders", 21.0, "B100001", "Cola 300ml"),
        (day(1), "Harbour Traders", 19.0, "B100004", "Cola 300ml"),
        (day(0), "Metro Wholesale", 26.5, "B100005", "Tea Leaf 250g"),
        (day(0), "Sunrise Distributors", 25.5, "B100002", "Tea Leaf 250g"),
        (day(120), "Zenith Traders", 9.0, "B100001", "Cola 300ml"),
        (day(2), "Abc Agencies", 30.0, "B100003", "Cola 1.25L"),
    ]
    .into_iter()
    .enumerate()
    {
        conn.execute(
            "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, qty_shipped, unit_price_paise, fao_name)
             SELECT 'D' || ?6, ?1, customer_id, ?2, ?5, 500, ROUND(?3 * 100), 'FAO ' || ?6 FROM customers WHERE buyer_id = ?4",
            rusqlite::params![date, seller, price, buyer, product, n as i64],
        )
        .unwrap();
    }
    let since = day(90);
    let defined = |sql: &str, params: &[(&str, &dyn rusqlite::ToSql)]| -> Vec<Value> {
        conn.prepare(sql)
            .unwrap()
            .query_map(params, |r| {
                Ok(json!({ "lastOrderDate": r.get::<_, String>(0)?, "product": r.get::<_, String>(1)?, "unitPrice": r.get::<_, f64>(2)?,
                           "distributorName": r.get::<_, String>(3)?, "faoName": r.get::<_, Option<String>>(4)? }))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let products: Vec<String> = conn
        .prepare("SELECT DISTINCT product_name FROM order_lines")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    // B100001 is in India, B100004 in Sri Lanka.
    for (buyer, country) in [("B100001", 1_i64), ("B100004", 2)] {
        let shown = app.get(&format!("/users/customer/details/{buyer}?showSummary=true"), Some(&admin)).await;
        let expected = defined(BEST_SELLERS_DEFINED, &[(":since", &since), (":country", &country)]);
        assert!(expected.len() >= 3, "{buyer}: the demo has best sellers");
        assert_eq!(shown.body["bestSeller"], json!(expected), "{buyer}'s best sellers");
        for product in &products {
            let path = format!("/users/product/pricecomparison/{buyer}?productName={}", product.replace(' ', "%20"));
            let expected = defined(PRICES_DEFINED, &[(":product", product), (":since", &since), (":buyer", &buyer)]);
            assert_eq!(app.get(&path, Some(&admin)).await.body, json!(expected), "{buyer}'s prices of {product}");
        }
    }
    let cola = |buyer: &str| defined(PRICES_DEFINED, &[(":product", &"Cola 300ml"), (":since", &since), (":buyer", &buyer)]);
    assert!(cola("B100001").iter().any(|p| p["distributorName"] == "Harbour Traders" && p["unitPrice"] == 21.0), "the walk back");
    assert!(!cola("B100001").iter().any(|p| p["distributorName"] == "Zenith Traders"), "past 90 days");
}

#[tokio::test]
async fn a_version_18_database_upgrades_to_the_fresh_schema_with_the_same_prices() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let prices = || app.get("/users/product/pricecomparison/B100001?productName=Cola%20300ml", Some(&agent));
    let before = prices().await.body;
    assert!(!before.as_array().unwrap().is_empty(), "{before}");
    let mut conn = app.conn();
    let fresh = crate::support::schema_objects(&conn);
    crate::support::downgrade_to_schema_18(&conn);
    assert_ne!(crate::support::schema_objects(&conn), fresh);
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 18 });
    assert_eq!(crate::support::schema_objects(&conn), fresh);
    assert_eq!(prices().await.body, before);
}

#[tokio::test]
async fn scorecards_for_agents_and_their_managers() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let mine = app.get("/users/scorecard", Some(&agent)).await;
    assert_eq!(mine.body["agentID"], "agent1@demo.test");
    let (target, achieved) = (mine.body["ttvTarget"].as_f64().unwrap(), mine.body["ttvAchieved"].as_f64().unwrap());
    assert_eq!(mine.body["ttvAchievedPercentage"].as_f64().unwrap(), (achieved * 10000.0 / target).round() / 100.0);
    for key in [
        "updatedUpto",
        "lastMonthTTV",
        "retailerTarget",
        "retailersAchieved",
        "retailersAchievedPercentage",
        "lastMonthActiveRetailers",
        "ttvProjection",
        "proposedIncentiveBasedOnProjectedTTV",
        "qualificationStatus",
    ] {
        assert!(!mine.body[key].is_null(), "{key}");
    }
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.get("/users/scorecard", Some(&manager)).await.body, Value::Null, "no card: No Data Available");
    assert_eq!(app.get("/users/scorecardAM/4", Some(&manager)).await.body["agentID"], "agent2@demo.test");
    assert_eq!(app.get("/users/scorecardAM/4", Some(&agent)).await.status, StatusCode::NOT_FOUND);
    let list = app.get("/users/agentList", Some(&manager)).await;
    assert_eq!(list.body.as_array().unwrap().len(), 4);
    app.get("/users/scorecard", Some(&app.as_admin().await)).await;
}

#[tokio::test]
async fn deleting_an_outcome_in_use_keeps_the_visit_history() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let admin = app.as_admin().await;
    let r = app.post("/master/outcome", Some(&admin), json!({ "outComeId": 0, "outCome": "Owner travelling" })).await;
    let id = r.body["outComeId"].as_i64().unwrap();
    app.post("/users/customer/details", Some(&agent), json!({ "buyerID": "B100001", "outcomeId": id }))
        .await
        .expect(StatusCode::OK, "Visit saved successfully.");
    app.post(&format!("/master/outcome/delete/{id}"), Some(&admin), json!({}))
        .await
        .expect(StatusCode::OK, "Outcome deleted successfully.");
    let outcomes = app.get("/master/outcome", Some(&agent)).await;
    assert!(!outcomes.body.as_array().unwrap().iter().any(|o| o["outCome"] == "Owner travelling"), "gone from the pick list");
    let details = app.get("/users/customer/details/B100001", Some(&agent)).await;
    assert_eq!(details.body["transcations"][0]["outcome"], "Owner travelling", "still shown in the history");
}
