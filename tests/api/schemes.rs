//! Trade schemes and GST master data (issue #52).
use crate::support::{assert_upgrades_to_fresh, downgrade_to_schema_33, TestApp};

/// Step 34 brings a database of version 33 to exactly the fresh schema.
#[tokio::test]
async fn step_34_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    assert_upgrades_to_fresh(&mut app.conn(), 33, downgrade_to_schema_33);
}

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::reports::{fetch, sheet};
use crate::support::{Part, Reply};

fn today() -> String {
    fieldsales::clock::today().format("%Y-%m-%d").to_string()
}

/// Two products of the seeded catalogue (id, name) and one id no product has.
fn products(app: &TestApp) -> ((i64, String), (i64, String), i64) {
    let conn = app.conn();
    let mut stmt = conn.prepare("SELECT product_id, name FROM products ORDER BY product_id LIMIT 2").unwrap();
    let rows: Vec<(i64, String)> = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
    let missing: i64 = conn.query_row("SELECT MAX(product_id) + 1000 FROM products", [], |r| r.get(0)).unwrap();
    (rows[0].clone(), rows[1].clone(), missing)
}

fn stored(app: &TestApp) -> (i64, i64) {
    app.conn()
        .query_row("SELECT (SELECT COUNT(*) FROM schemes), (SELECT version FROM scheme_set)", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
}

fn buy_ten_get_one(product: i64) -> Value {
    json!({"name": "Buy 10 get 1 free", "kind": "free_every", "validFrom": "2026-01-01", "priority": 5,
           "products": [product], "every": 10, "freeQuantity": 1})
}

/// Create, read, edit (a new version; the one an order was priced with is kept as it was), end.
#[tokio::test]
async fn a_scheme_is_created_edited_as_a_new_version_and_ended() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let ((p1, _), _, _) = products(&app);
    let (_, set_before) = stored(&app);

    let r = app.post("/master/scheme", Some(&admin), buy_ten_get_one(p1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let id = r.body["schemeId"].as_i64().unwrap();
    assert_eq!(r.body["version"], 1);

    let list = app.get("/master/scheme?active=true&pageNumber=1", Some(&admin)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert_eq!(list.body["totalRecords"], 1);
    assert_eq!(list.body["data"][0]["name"], "Buy 10 get 1 free");
    assert_eq!(list.body["data"][0]["status"], "active");
    assert_eq!(list.body["data"][0]["every"], 10);

    // An order priced with version 1 names it.
    let v1_body: String =
        app.conn().query_row("SELECT body FROM schemes WHERE scheme_id = ?1 AND version = 1", [id], |r| r.get(0)).unwrap();

    let mut edit = buy_ten_get_one(p1);
    edit["schemeId"] = json!(id);
    edit["every"] = json!(12);
    let r = app.post("/master/scheme", Some(&admin), edit).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["version"], 2);
    let d = app.get(&format!("/master/scheme/{id}"), Some(&admin)).await;
    assert_eq!(d.status, StatusCode::OK, "{}", d.body);
    assert_eq!((d.body["version"].clone(), d.body["every"].clone()), (json!(2), json!(12)));
    assert_eq!(d.body["history"].as_array().unwrap().len(), 2);
    assert!(d.body["history"][1]["supersededAt"].is_string());
    let (v1_now, v1_superseded): (String, Option<i64>) = app
        .conn()
        .query_row("SELECT body, superseded_at FROM schemes WHERE scheme_id = ?1 AND version = 1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!(v1_now, v1_body, "the version an order was priced with never changes");
    assert!(v1_superseded.is_some());
    let (_, in_force) = fieldsales::schemes::queries::in_force(&app.conn(), &today()).unwrap();
    assert_eq!(in_force.iter().map(|s| (s.scheme_id, s.version, s.every)).collect::<Vec<_>>(), [(id, 2, Some(12))]);

    let r = app.post(&format!("/master/scheme/{id}/end"), Some(&admin), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!((r.body["version"].clone(), r.body["validTo"].clone()), (json!(3), json!(today())));
    // In force today still, not tomorrow.
    let tomorrow = (fieldsales::clock::today() + chrono::Days::new(1)).format("%Y-%m-%d").to_string();
    let (set_after, tomorrow_schemes) = fieldsales::schemes::queries::in_force(&app.conn(), &tomorrow).unwrap();
    assert!(tomorrow_schemes.is_empty());
    assert!(set_after > set_before, "the set's version rises with every change");
    let again = app.post(&format!("/master/scheme/{id}/end"), Some(&admin), json!({})).await;
    assert_eq!((again.status, again.body["code"].clone()), (StatusCode::CONFLICT, json!("scheme_already_ended")));
    let missing = app.post("/master/scheme/999999/end", Some(&admin), json!({})).await;
    assert_eq!((missing.status, missing.body["code"].clone()), (StatusCode::NOT_FOUND, json!("scheme_not_found")));
    let ended = app.get("/master/scheme?active=false", Some(&admin)).await;
    assert_eq!(ended.body["totalRecords"], 0, "it ends today: ended from tomorrow");
}

/// Money in the API is decimal rupees; the stored body is the engine's, in paise, exactly.
#[tokio::test]
async fn amounts_are_kept_exactly_in_paise() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let body = json!({"name": "Big basket", "kind": "order_percent", "validFrom": "2026-01-01",
        "slabs": [{"minValue": 1234.56, "percentBp": 150}, {"minValue": 5000.1, "percentBp": 275}], "maxDiscount": 999.99});
    let r = app.post("/master/scheme", Some(&admin), body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let id = r.body["schemeId"].as_i64().unwrap();
    let stored: String = app.conn().query_row("SELECT body FROM schemes WHERE scheme_id = ?1", [id], |r| r.get(0)).unwrap();
    let engine: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(engine["slabs"], json!([{"minValue": 123456, "percentBp": 150}, {"minValue": 500010, "percentBp": 275}]));
    assert_eq!(engine["maxDiscount"], 99999);
    let d = app.get(&format!("/master/scheme/{id}"), Some(&admin)).await;
    assert_eq!(d.body["slabs"], json!([{"minValue": 1234.56, "percentBp": 150}, {"minValue": 5000.1, "percentBp": 275}]));
    assert_eq!(d.body["maxDiscount"], 999.99);
}

/// Each bad scheme is a 400 (or 404, 409) with its code, and nothing is stored.
#[tokio::test]
async fn bad_schemes_are_refused_with_their_code_and_nothing_stored() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let ((p1, _), (p2, _), missing) = products(&app);
    let r = app.post("/master/scheme", Some(&admin), buy_ten_get_one(p1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let before = stored(&app);
    let base = |kind: &str| json!({"name": format!("Test {kind}"), "kind": kind, "validFrom": "2026-01-01"});
    let with = |mut v: Value, extra: Value| {
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        v
    };
    let lp = |slabs: Value| with(base("line_percent"), json!({"products": [p1], "slabs": slabs}));
    let cases: Vec<(Value, StatusCode, &str)> = vec![
        (lp(json!([])), StatusCode::BAD_REQUEST, "scheme_slabs_required"),
        (
            lp(json!([{"minQuantity": 10, "percentBp": 200}, {"minQuantity": 5, "percentBp": 300}])),
            StatusCode::BAD_REQUEST,
            "scheme_slabs_not_rising",
        ),
        (
            lp(json!([{"minQuantity": 10, "percentBp": 200}, {"minQuantity": 10, "percentBp": 300}])),
            StatusCode::BAD_REQUEST,
            "scheme_slabs_not_rising",
        ),
        (lp(json!([{"minQuantity": 10, "percentBp": 10001}])), StatusCode::BAD_REQUEST, "scheme_percent_out_of_range"),
        (lp(json!([{"minQuantity": 10, "percentBp": -100}])), StatusCode::BAD_REQUEST, "scheme_percent_out_of_range"),
        (lp(json!([{"minQuantity": 10}])), StatusCode::BAD_REQUEST, "scheme_slab_reward_required"),
        (lp(json!([{"percentBp": 100}])), StatusCode::BAD_REQUEST, "scheme_slab_threshold_required"),
        (
            lp(json!([{"minQuantity": 10, "percentBp": 100}, {"minValue": 500, "percentBp": 200}])),
            StatusCode::BAD_REQUEST,
            "scheme_slab_thresholds_mixed",
        ),
        (lp(json!([{"minValue": 10.005, "percentBp": 100}])), StatusCode::BAD_REQUEST, "scheme_amount_invalid"),
        (
            with(base("line_percent"), json!({"slabs": [{"minQuantity": 1, "percentBp": 100}]})),
            StatusCode::BAD_REQUEST,
            "scheme_products_required",
        ),
        (with(base("buy_one_get_one"), json!({"products": [p1]})), StatusCode::BAD_REQUEST, "scheme_kind_unknown"),
        (
            with(buy_ten_get_one(p1), json!({"name": "End first", "validTo": "2025-12-31"})),
            StatusCode::BAD_REQUEST,
            "scheme_end_before_start",
        ),
        (with(buy_ten_get_one(p1), json!({"name": "Bad day", "validFrom": "2026-02-30"})), StatusCode::BAD_REQUEST, "scheme_date_invalid"),
        (
            with(buy_ten_get_one(p1), json!({"name": "Ghost gift", "freeProductId": missing})),
            StatusCode::BAD_REQUEST,
            "scheme_product_not_found",
        ),
        (with(buy_ten_get_one(missing), json!({"name": "Ghost product"})), StatusCode::BAD_REQUEST, "scheme_product_not_found"),
        (with(buy_ten_get_one(p1), json!({"name": "No every", "every": null})), StatusCode::BAD_REQUEST, "scheme_every_required"),
        (
            with(buy_ten_get_one(p1), json!({"name": "No gift", "freeQuantity": null})),
            StatusCode::BAD_REQUEST,
            "scheme_free_quantity_required",
        ),
        (
            with(buy_ten_get_one(p1), json!({"name": "Slabbed", "slabs": [{"minQuantity": 1, "freeQuantity": 1}]})),
            StatusCode::BAD_REQUEST,
            "scheme_field_unused",
        ),
        (
            with(base("combo"), json!({"components": [{"productId": p1, "quantity": 2}], "flat": 10})),
            StatusCode::BAD_REQUEST,
            "scheme_components_required",
        ),
        (
            with(
                base("combo"),
                json!({"components": [{"productId": p1, "quantity": 2}, {"productId": missing, "quantity": 1}], "flat": 10}),
            ),
            StatusCode::BAD_REQUEST,
            "scheme_product_not_found",
        ),
        (
            with(base("combo"), json!({"components": [{"productId": p1, "quantity": 2}, {"productId": p2, "quantity": 1}]})),
            StatusCode::BAD_REQUEST,
            "scheme_combo_reward",
        ),
        (with(base("order_flat"), json!({"slabs": [{"flat": 50}]})), StatusCode::BAD_REQUEST, "scheme_slab_threshold_required"),
        (with(base("order_flat"), json!({"slabs": [{"minQuantity": 5, "flat": 50}]})), StatusCode::BAD_REQUEST, "scheme_field_unused"),
        (
            with(base("order_percent"), json!({"products": [p1], "slabs": [{"minValue": 1000, "percentBp": 100}]})),
            StatusCode::BAD_REQUEST,
            "scheme_field_unused",
        ),
        (
            with(base("order_flat"), json!({"slabs": [{"minValue": 1000, "flat": 50}], "applies": {"distributorIds": [999999]}})),
            StatusCode::BAD_REQUEST,
            "scheme_distributor_not_found",
        ),
        (
            with(base("order_flat"), json!({"slabs": [{"minValue": 1000, "flat": 50}], "applies": {"buyerIds": ["NO-SUCH-BUYER"]}})),
            StatusCode::BAD_REQUEST,
            "scheme_customer_not_found",
        ),
        (
            with(base("free_every"), json!({"name": " ", "products": [p1], "every": 10, "freeQuantity": 1})),
            StatusCode::BAD_REQUEST,
            "scheme_name_required",
        ),
        (buy_ten_get_one(p2), StatusCode::CONFLICT, "scheme_name_taken"),
        (with(buy_ten_get_one(p1), json!({"schemeId": 999999, "name": "Unknown id"})), StatusCode::NOT_FOUND, "scheme_not_found"),
    ];
    for (body, status, code) in cases {
        let r = app.post("/master/scheme", Some(&admin), body.clone()).await;
        assert_eq!((r.status, r.body["code"].as_str().unwrap_or_default()), (status, code), "{body} -> {}", r.body);
        assert!(!r.body["message"].as_str().unwrap_or_default().is_empty());
        assert_eq!(stored(&app), before, "nothing stored for {body}");
    }
}

fn scheme_book(rows: &[&[&str]]) -> Vec<u8> {
    let header: Vec<&str> = fieldsales::schemes::upload::HEADERS.to_vec();
    let mut all: Vec<&[&str]> = vec![&header];
    all.extend_from_slice(rows);
    crate::support::workbook(&all)
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>) -> Reply {
    app.multipart("/users/scheme/upload", Some(token), vec![("schemedata", Part::File { name: "schemes.xlsx", bytes })]).await
}

/// One row per slab; a scheme's rows apply or fail together, with codes; a name in force gets a
/// new version.
#[tokio::test]
async fn the_scheme_upload_takes_a_schemes_rows_together() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let ((_, n1), (_, n2), _) = products(&app);
    let products = format!("{n1}; {n2}");
    //            Name  Kind  From  To  Prio  Group  Products  MinQ  MinV  FreeQ  FreeP  %  Flat  Every  Max  Comp  RT  States  Dist  Buyers
    let e = "";
    let rows: Vec<Vec<&str>> = vec![
        vec![
            "Volume deal",
            "line_percent",
            "01/12/2026",
            "31-Mar-2027",
            "3",
            e,
            &products,
            "10",
            e,
            e,
            e,
            "2",
            e,
            e,
            e,
            e,
            "Retailer",
            e,
            e,
            e,
        ],
        vec!["Volume deal", e, e, e, e, e, e, "50", e, e, e, "5.5", e, e, e, e, e, e, e, e],
        vec!["Broken", "line_percent", "2026-12-01", e, e, e, &n1, "20", e, e, e, "2", e, e, e, e, e, e, e, e],
        vec!["Broken", e, e, e, e, e, e, "10", e, e, e, "3", e, e, e, e, e, e, e, e],
        vec!["Big order", "order_flat", "2026-12-01", e, e, e, e, e, "₹ 10,000", e, e, e, "250.50", e, e, e, e, e, e, e],
        vec!["Volume deal", e, e, e, e, e, e, "100", e, e, e, "7", e, e, e, e, e, e, e, e],
    ];
    let rows: Vec<&[&str]> = rows.iter().map(Vec::as_slice).collect();
    let r = upload(&app, &admin, scheme_book(&rows)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let rejected: Vec<(i64, String)> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["rowNumber"].as_i64().unwrap(), x["code"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        rejected,
        [(4, "upload_group_rejected".to_string()), (5, "scheme_slabs_not_rising".to_string()), (7, "upload_group_rows_apart".to_string())],
        "{}",
        r.body
    );
    let list = app.get("/master/scheme", Some(&admin)).await;
    let names: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Big order", "Volume deal"]);
    let deal = &list.body["data"][1];
    assert_eq!(deal["slabs"], json!([{"minQuantity": 10, "percentBp": 200}, {"minQuantity": 50, "percentBp": 550}]));
    assert_eq!(
        (deal["validFrom"].clone(), deal["validTo"].clone(), deal["priority"].clone()),
        (json!("2026-12-01"), json!("2027-03-31"), json!(3))
    );
    assert_eq!(deal["products"].as_array().unwrap().len(), 2);
    assert_eq!(deal["applies"]["retailerTypes"], json!(["Retailer"]));
    assert_eq!(list.body["data"][0]["slabs"], json!([{"minValue": 10000.0, "flat": 250.5}]));

    // Again, with a third slab: the next version of the same scheme.
    let again: Vec<Vec<&str>> = vec![
        vec!["volume deal", "line_percent", "2026-12-01", e, e, e, &n1, "10", e, e, e, "2", e, e, e, e, e, e, e, e],
        vec!["volume deal", e, e, e, e, e, e, "20", e, e, e, "3", e, e, e, e, e, e, e, e],
    ];
    let again: Vec<&[&str]> = again.iter().map(Vec::as_slice).collect();
    let r = upload(&app, &admin, scheme_book(&again)).await;
    assert_eq!(r.body["data"], json!([]), "{}", r.body);
    let id = deal["schemeId"].as_i64().unwrap();
    let d = app.get(&format!("/master/scheme/{id}"), Some(&admin)).await;
    assert_eq!(d.body["version"], 2);
    assert_eq!(d.body["slabs"].as_array().unwrap().len(), 2);

    // The sample is served.
    let sample = fetch(&app, "/webapi/excelupload/sample_schemeupload.xlsx").await.expect("the sample");
    assert_eq!(sheet(&sample)[0].len(), fieldsales::schemes::upload::HEADERS.len());
}

/// The schemes report sums what each scheme gave, by month, agent and customer, leaving
/// cancelled orders out.
#[tokio::test]
async fn the_schemes_report_sums_what_each_scheme_gave() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let ((p1, _), (p2, n2), _) = products(&app);
    let r = app.post("/master/scheme", Some(&admin), buy_ten_get_one(p1)).await;
    let id = r.body["schemeId"].as_i64().unwrap();
    let t = today();
    let (buyer, customer, agent): (String, i64, i64) = app
        .conn()
        .query_row(
            "SELECT c.buyer_id, c.customer_id, c.agent_id FROM customers c JOIN users u ON u.uid = c.agent_id
             WHERE u.email = 'agent1@demo.test' ORDER BY c.buyer_id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    {
        let conn = app.conn();
        for status in ["Submitted", "Sent", "Cancelled"] {
            conn.execute(
                "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, order_date, status, created_at)
                 VALUES (?1, ?2, ?2, (SELECT MIN(distributor_id) FROM distributors), ?3, ?4, 0)",
                rusqlite::params![customer, agent, t, status],
            )
            .unwrap();
            let order = conn.last_insert_rowid();
            conn.execute(
                "INSERT INTO order_line_schemes (order_id, product_id, scheme_id, version, amount_paise) VALUES (?1, ?2, ?3, 1, 1250)",
                rusqlite::params![order, p1, id],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO order_free_lines (order_id, product_id, product_name, quantity, scheme_id, version) VALUES (?1, ?2, ?3, 2, ?4, 1)",
                rusqlite::params![order, p2, n2, id],
            )
            .unwrap();
        }
    }
    let r = app.get(&format!("/report/schemes?fromDate={t}&toDate={t}&search={buyer}"), Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let rows = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.expect("report"));
    let header: Vec<String> = rows[0].iter().map(|d| d.to_string()).collect();
    assert_eq!(
        header,
        ["Month", "Scheme ID", "Scheme", "Agent", "Agent ID", "Buyer ID", "Buyer Name", "Orders", "Discount", "Free Pieces"]
    );
    assert_eq!(rows.len(), 2, "one row: the cancelled order is left out");
    let row: Vec<String> = rows[1].iter().map(|d| d.to_string()).collect();
    assert_eq!(row[0], t[..7]);
    assert_eq!(row[2], "Buy 10 get 1 free");
    assert_eq!(row[4], "agent1@demo.test");
    assert_eq!(row[5], buyer);
    assert_eq!((row[7].as_str(), row[8].as_str(), row[9].as_str()), ("2", "25", "4"));
}
