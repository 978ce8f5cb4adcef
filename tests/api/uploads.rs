//! Spreadsheet uploads with workbooks written by the tests: each kind, mixed files, structural
//! problems, hostile files, the result workbook round trip, samples and the customer export.

use std::io::Write;

use axum::http::{Method, StatusCode};
use calamine::{Data, Reader, Xlsx};
use serde_json::json;

use crate::support::{workbook, Part, TestApp};

async fn upload(
    app: &TestApp,
    token: &str,
    path: &str,
    field: &'static str,
    bytes: Vec<u8>,
    extra: Vec<(&'static str, Part<'static>)>,
) -> crate::support::Reply {
    let mut parts = vec![(field, Part::File { name: "upload.xlsx", bytes })];
    parts.extend(extra);
    app.multipart(path, Some(token), parts).await
}

fn rows_of(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    range
        .rows()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    Data::Empty => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

pub const CUSTOMER_HEADER: &[&str] = &[
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
];

const ORDER_HEADER: &[&str] = &[
    "Order ID",
    "Order Date",
    "Buyer ID",
    "Distributor Name",
    "Product Name",
    "SKU",
    "Quantity Shipped",
    "Unit Price",
    "DS Name",
    "FAO Name",
];

fn customer_row<'a>(id: &'a str, mobile: &'a str, country: &'a str, agent: &'a str) -> Vec<&'a str> {
    vec![id, "Upload Mart", mobile, "", "1 Road", "", "560001", "Bengaluru", "Karnataka", country, "", "12.9", "77.6", "Retailer", agent]
}

#[tokio::test]
async fn a_mixed_customer_file_lands_its_good_rows_and_the_fixed_result_goes_back_in() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<Vec<&str>> = vec![
        CUSTOMER_HEADER.to_vec(),
        customer_row("U0001", "9876500001", "India", "agent1@demo.test"),
        customer_row("U0002", "12345", "India", "agent1@demo.test"),
        customer_row("U0003", "9876500003", "Atlantis", "agent1@demo.test"),
        customer_row("U0004", "9876500004", "India", "nobody@demo.test"),
        customer_row("U0005", "=HYPERLINK(\"x\")", "India", "agent2@demo.test"),
        customer_row("U0006", "9876500006", "Sri Lanka", "agent4@demo.test"),
    ];
    let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
    let r = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![("isDelete", Part::Text("false"))]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.message(), "2 rows uploaded, 4 rejected.");
    let reasons: Vec<(i64, String)> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["rowNumber"].as_i64().unwrap(), d["reason"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        reasons,
        [
            (3, "Mobile must have 10 or 11 digits".to_string()),
            (4, "Unknown country Atlantis".to_string()),
            (5, "Unknown agent nobody@demo.test".to_string()),
            (6, "Mobile must have 10 or 11 digits".to_string()),
        ]
    );
    let codes: Vec<&str> = r.body["data"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["upload_cell_not_a_mobile", "upload_unknown_country", "upload_unknown_agent", "upload_cell_not_a_mobile"]);
    assert_eq!(r.body["data"][1]["params"], json!({ "name": "Atlantis" }));
    let owner: i64 = app.conn().query_row("SELECT agent_id FROM customers WHERE buyer_id = 'U0006'", [], |r| r.get(0)).unwrap();
    assert_eq!(owner, 6);

    // The result workbook: every row with its status and reason; a formula-like cell stays text.
    let link = r.body["excelLink"].as_str().unwrap().to_string();
    let file = app.call(Method::GET, &link, None, None).await;
    assert_eq!(file.status, StatusCode::OK, "the link itself is the permission");
    let bytes = download(&app, &link).await;
    assert!(bytes.is_empty(), "single use: a second download finds nothing");
    let again = app.call(Method::GET, &link, None, None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(again.message(), "Invalid or expired link.");
}

/// An uploader who reads Hindi gets the rows' reasons in Hindi, in the answer and in the result
/// workbook, each still with its code and parameters (issue #51).
#[tokio::test]
async fn a_hindi_uploader_reads_the_reasons_in_hindi() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let changed = app.post("/users/locale", Some(&admin), json!({ "locale": "hi" })).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let mut wholesale = customer_row("U0203", "9876500203", "India", "agent1@demo.test");
    wholesale[13] = "Distributor";
    let rows: Vec<Vec<&str>> = vec![
        CUSTOMER_HEADER.to_vec(),
        customer_row("U0201", "9876500201", "India", "agent1@demo.test"),
        customer_row("U0202", "9876500202", "Atlantis", "agent1@demo.test"),
        wholesale,
        customer_row("U0204", "12345", "India", "agent1@demo.test"),
    ];
    let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
    let r = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![("isDelete", Part::Text("false"))]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let said: Vec<(&str, &str)> =
        r.body["data"].as_array().unwrap().iter().map(|d| (d["code"].as_str().unwrap(), d["reason"].as_str().unwrap())).collect();
    assert_eq!(
        said,
        [
            ("upload_unknown_country", "अज्ञात देश Atlantis"),
            ("upload_retailer_type", "Retailer Type, Retailer या Wholesaler होना चाहिए, Distributor नहीं"),
            ("upload_cell_not_a_mobile", "Mobile में 10 या 11 अंक होने चाहिए"),
        ]
    );
    let bytes = download(&app, r.body["excelLink"].as_str().unwrap()).await;
    let sheet = rows_of(&bytes);
    let at = sheet[0].iter().position(|h| h == "Reason").unwrap();
    let reasons: Vec<&str> = sheet[1..].iter().map(|row| row.get(at).map_or("", String::as_str)).collect();
    assert_eq!(reasons, ["", "अज्ञात देश Atlantis", said[1].1, said[2].1]);
}

/// The customers an upload adds get their dashboard summary rows in one statement before its
/// commit (schema.sql, "customer_stats_deferred"), as the insert trigger writes them: from the
/// last of a customer's rows in the file, counted at once on their owners' landings (whose cached
/// counts the upload makes stale), and a customer added after the upload gets its row from the
/// trigger again.
#[tokio::test]
async fn an_uploads_new_customers_are_on_their_owners_dashboards_at_once() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    // agent3 gets a new customer and nothing else: only the summary's own version raise shows it.
    let (agent2, agent3) = (app.as_agent(2).await, app.as_agent(3).await);
    let not_visited = |token: String| {
        let app = &app;
        async move { app.get("/users/landing", Some(&token)).await.body["notVisitedInL15Days"].as_i64().unwrap() }
    };
    let before = (not_visited(agent2.clone()).await, not_visited(agent3.clone()).await);
    let mut moved = customer_row("U0102", "9876500102", "India", "agent2@demo.test");
    moved[13] = "Wholesaler";
    let rows: Vec<Vec<&str>> = vec![
        CUSTOMER_HEADER.to_vec(),
        customer_row("U0101", "9876500101", "India", "agent2@demo.test"),
        customer_row("U0102", "9876500102", "India", "agent1@demo.test"),
        customer_row("U0103", "9876500103", "India", "agent3@demo.test"),
        moved,
    ];
    let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
    let r = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![("isDelete", Part::Text("false"))]).await;
    assert_eq!(r.message(), "4 rows uploaded, 0 rejected.", "{}", r.body);
    assert_eq!((not_visited(agent2.clone()).await, not_visited(agent3).await), (before.0 + 2, before.1 + 1));
    let summary_mismatches = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row(
            "SELECT (SELECT COUNT(*) FROM customers c LEFT JOIN customer_stats s ON s.customer_id = c.customer_id
                     WHERE s.customer_id IS NULL OR s.agent_id IS NOT c.agent_id OR s.retailer_type <> c.retailer_type)
                  + (SELECT COUNT(*) FROM customer_stats s WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.customer_id = s.customer_id))
                  + (SELECT COUNT(*) FROM customer_stats_deferred)",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    let conn = app.conn();
    assert_eq!(summary_mismatches(&conn), 0, "one summary row per customer, as the customer now is; no deferral left");
    let wholesaler: String = conn
        .query_row(
            "SELECT s.retailer_type FROM customer_stats s JOIN customers c USING (customer_id) WHERE c.buyer_id = 'U0102'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(wholesaler, "Wholesaler", "the file's last row of a customer");
    let created = app.post("/users/customer", Some(&agent2), json!({ "mobileNo": "9876500104", "buyerName": "After Upload Mart" })).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    assert_eq!(summary_mismatches(&conn), 0, "a customer added later gets its row from the trigger");
    assert_eq!(not_visited(agent2).await, before.0 + 3);
}

/// A date typed by hand as `2026-11-8` is kept as `2026-11-08`, the one form every date filter
/// and summary compares as text (unpadded, it sorted after `2026-11-27`); a year of more than four
/// digits is refused with the column's message.
#[tokio::test]
async fn hand_typed_dates_are_kept_as_yyyy_mm_dd() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<&[&str]> = vec![
        ORDER_HEADER,
        &["HT-1", "2026-11-8", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "25", "", ""],
        &["HT-2", "+20261-11-08", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "25", "", ""],
    ];
    let r = upload(&app, &admin, "/users/order/upload", "orderdata", workbook(&rows), vec![]).await;
    assert_eq!(r.message(), "1 row uploaded, 1 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "Order Date must be a date: 22/11/2026, 22-11-2026, 22.11.2026, 22-Nov-2026 or 2026-11-22");
    assert_eq!(r.body["data"][0]["code"], "upload_cell_not_a_date");
    let stored: String = app.conn().query_row("SELECT order_date FROM order_lines WHERE order_id = 'HT-1'", [], |r| r.get(0)).unwrap();
    assert_eq!(stored, "2026-11-08");
}

/// Every upload is recorded with its rows: one with a rejected row counts on the home as an
/// upload with errors (naming its kind, the screen to upload the fixed file on); a clean one and a
/// refused file do not.
#[tokio::test]
async fn an_upload_with_a_rejected_row_counts_on_the_home() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let home = || async { app.get("/users/home", Some(&admin)).await.body };
    let before = home().await;
    assert_eq!(before["uploadsWithErrors"], 0, "{before}");
    assert_eq!(before["latestUploadWithErrors"], serde_json::Value::Null);
    let rows: Vec<&[&str]> = vec![
        ORDER_HEADER,
        &["UE-1", "2026-11-08", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "25", "", ""],
        &["UE-2", "not a date", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "25", "", ""],
    ];
    // The rejected rows as the answer lists them (its message's wording is the screen's business).
    let rejected = |r: &crate::support::Reply| r.body["data"].as_array().map(Vec::len);
    let r = upload(&app, &admin, "/users/order/upload", "orderdata", workbook(&rows), vec![]).await;
    assert_eq!((r.status, rejected(&r)), (StatusCode::OK, Some(1)), "{}", r.body);
    let clean: Vec<&[&str]> = vec![&["Product Name", "SKU"], &["Errorless Soap", "ES-1"]];
    let r = upload(&app, &admin, "/users/product/upload", "productdata", workbook(&clean), vec![]).await;
    assert_eq!((r.status, rejected(&r)), (StatusCode::OK, Some(0)), "{}", r.body);
    let r = upload(&app, &admin, "/users/product/upload", "productdata", workbook(&[&["Wrong", "Header"]]), vec![]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let after = home().await;
    assert_eq!(after["uploadsWithErrors"], 1, "{after}");
    assert_eq!(after["latestUploadWithErrors"], "order");
    let recorded: (String, i64, i64, String) = app
        .conn()
        .query_row(
            "SELECT u.kind, u.applied, u.rejected, w.email FROM uploads u JOIN users w ON w.uid = u.uploaded_by WHERE u.rejected > 0",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!((recorded.0.as_str(), recorded.1, recorded.2, recorded.3.as_str()), ("order", 1, 1, "admin@demo.test"));
    // An agent has no upload right: no figure, rather than a zero.
    let agent = app.as_agent(1).await;
    assert_eq!(app.get("/users/home", Some(&agent)).await.body["uploadsWithErrors"], serde_json::Value::Null);
}

/// Upgrade step 22: a version 21 database gains the record of uploads and has the fresh schema.
#[tokio::test]
async fn a_version_21_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 21, crate::support::downgrade_to_schema_21);
}

async fn download(app: &TestApp, link: &str) -> Vec<u8> {
    let req = axum::http::Request::get(link).body(axum::body::Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    if response.status() != StatusCode::OK {
        return Vec::new();
    }
    http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes().to_vec()
}

#[tokio::test]
async fn the_result_workbook_can_be_fixed_and_uploaded_again() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<Vec<&str>> = vec![
        CUSTOMER_HEADER.to_vec(),
        customer_row("R0001", "9876511111", "India", "agent1@demo.test"),
        customer_row("R0002", "98765", "India", "agent1@demo.test"),
    ];
    let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
    let r = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![]).await;
    let result = download(&app, r.body["excelLink"].as_str().unwrap()).await;
    let mut table = rows_of(&result);
    assert_eq!(table[0].last().unwrap(), "Reason");
    // The result has every column of the kind (Credit Limit and GSTIN too, empty: later columns),
    // then the status and the reason.
    assert_eq!((table[1][17].as_str(), table[2][17].as_str()), ("Uploaded", "Rejected"));
    assert_eq!(table[2][18], "Mobile must have 10 or 11 digits");
    table[2][2] = "9876522222".into();
    let fixed: Vec<Vec<&str>> = table.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
    let refs: Vec<&[&str]> = fixed.iter().map(|r| r.as_slice()).collect();
    let again = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![]).await;
    assert_eq!(again.message(), "2 rows uploaded, 0 rejected.", "{}", again.body);
    let mobile: String = app.conn().query_row("SELECT mobile FROM customers WHERE buyer_id = 'R0002'", [], |r| r.get(0)).unwrap();
    assert_eq!(mobile, "9876522222");
}

/// An upload writes the administrator's search index once, at its end (customers::search_index):
/// new, changed and deleted customers are found as they now are, and nothing is left deferred.
#[tokio::test]
async fn an_uploads_customers_are_searchable_as_they_now_are() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let upload_rows = |rows: Vec<Vec<&'static str>>| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
            upload(app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![]).await.message().to_string()
        }
    };
    let found = |text: &'static str| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let r = app.get(&format!("/users/customer/search?query={text}"), Some(&admin)).await;
            r.body.as_array().unwrap().iter().map(|s| s["buyerId"].as_str().unwrap_or_default().to_string()).collect::<Vec<_>>()
        }
    };
    let rows = vec![CUSTOMER_HEADER.to_vec(), customer_row("FTS0001", "9876544441", "India", "agent1@demo.test")];
    assert_eq!(upload_rows(rows).await, "1 row uploaded, 0 rejected.");
    assert_eq!(found("FTS0001").await, ["FTS0001"]);
    let rows = vec![CUSTOMER_HEADER.to_vec(), customer_row("FTS0001", "9876544442", "India", "agent2@demo.test")];
    assert_eq!(upload_rows(rows).await, "1 row uploaded, 0 rejected.");
    assert_eq!(found("9876544442").await, ["FTS0001"]);
    assert!(found("9876544441").await.is_empty(), "the old mobile is gone from the index");
    let refs: Vec<&[&str]> = vec![&["Buyer ID"], &["FTS0001"]];
    let r = upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![("isDelete", Part::Text("true"))]).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.");
    assert!(found("FTS0001").await.is_empty());
    let (indexed, customers, waiting): (i64, i64, i64) = app
        .conn()
        .query_row(
            "SELECT (SELECT COUNT(*) FROM customers_fts), (SELECT COUNT(*) FROM customers),
                    (SELECT COUNT(*) FROM customers_fts_pending) + (SELECT COUNT(*) FROM customers_fts_deferred)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!((indexed, waiting), (customers, 0));
    app.conn().execute_batch("INSERT INTO customers_fts (customers_fts) VALUES ('integrity-check')").unwrap();
}

/// Upgrade step 38: an existing search index stops merging inside its writes.
#[tokio::test]
async fn step_38_upgrades_to_the_fresh_schema_and_the_index_merges_only_when_asked() {
    let app = TestApp::new();
    let mut conn = app.conn();
    let automerge = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row("SELECT v FROM customers_fts_config WHERE k = 'automerge'", [], |r| r.get(0)).unwrap()
    };
    crate::support::downgrade_to_schema_37(&conn);
    assert_eq!(automerge(&conn), 4, "merging inside its writes, as before step 38");
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 37 });
    assert_eq!(automerge(&conn), 0);
}

/// Upgrade step 16: the search index is built again without a copy of its text or the owner
/// column; a version 15 database upgrades to the fresh schema, every customer is still
/// found, and changes made after the upgrade are indexed by the new triggers.
#[tokio::test]
async fn the_search_index_upgraded_to_step_16_finds_every_customer() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let mut conn = app.conn();
    let objects = crate::support::schema_objects;
    let fresh = objects(&conn);
    assert!(!fresh.iter().any(|(_, name, _)| name == "customers_fts_content"));
    crate::support::downgrade_to_schema_15(&conn);
    assert!(objects(&conn).iter().any(|(_, name, _)| name == "customers_fts_content"));
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from: 15 });
    assert_eq!(objects(&conn), fresh);
    let (indexed, customers): (i64, i64) = conn
        .query_row("SELECT (SELECT COUNT(*) FROM customers_fts), (SELECT COUNT(*) FROM customers)", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!(indexed, customers);
    let (buyer, name): (String, String) = conn
        .query_row("SELECT buyer_id, name FROM customers ORDER BY customer_id DESC LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    let found = |text: String| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let r = app.get(&format!("/users/customer/search?query={text}"), Some(&admin)).await;
            r.body.as_array().unwrap().iter().map(|s| s["buyerId"].as_str().unwrap_or_default().to_string()).collect::<Vec<_>>()
        }
    };
    assert!(found(buyer.clone()).await.contains(&buyer), "found by its buyer id after the upgrade");
    conn.execute("UPDATE customers SET name = 'Zanzibar Step Sixteen' WHERE buyer_id = ?1", [&buyer]).unwrap();
    assert_eq!(found("zanzib".into()).await, std::slice::from_ref(&buyer), "a renamed customer is found by the new name");
    let old_word = name.split_whitespace().max_by_key(|w| w.len()).unwrap().to_string();
    assert!(!found(format!("{buyer}%20{old_word}")).await.contains(&buyer), "and no longer by the old one");
    conn.execute_batch("INSERT INTO customers_fts (customers_fts) VALUES ('integrity-check')").unwrap();
}

#[tokio::test]
async fn a_clean_upload_of_every_kind() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let cases: Vec<(&str, &'static str, Vec<&[&str]>, &str, &str)> = vec![
        (
            "/users/product/upload",
            "productdata",
            vec![&["Product Name", "SKU"], &["Lime Soda 300ml", "LS-300"]],
            "SELECT COUNT(*) FROM products WHERE name = 'Lime Soda 300ml'",
            "1",
        ),
        (
            "/users/distributor/upload",
            "distributordata",
            vec![&["Distributor Name", "Code", "City", "Country"], &["Hill Traders", "HT1", "Kandy", "Sri Lanka"]],
            "SELECT COUNT(*) FROM distributors WHERE name = 'Hill Traders' AND country_id = 2",
            "1",
        ),
        (
            "/users/scoreCard/upload",
            "scorecarddata",
            vec![
                &[
                    "Agent Email",
                    "Updated Upto",
                    "TTV Target",
                    "TTV Achieved",
                    "Last Month TTV",
                    "Retailer Target",
                    "Retailers Achieved",
                    "Last Month Active Retailers",
                    "TTV Projection",
                    "Proposed Incentive",
                    "Qualification Status",
                ],
                &["agent3@demo.test", "2026-11-20", "1000", "250", "900", "10", "4", "9", "800", "50", "Qualified"],
            ],
            "SELECT CAST(ttv_achieved AS INTEGER) FROM scorecards WHERE agent_id = 5",
            "250",
        ),
        (
            "/users/delivery/upload",
            "deliverydata",
            vec![
                &[
                    "Order ID",
                    "Order Date",
                    "Planned Delivery Date",
                    "Buyer ID",
                    "Distributor Name",
                    "Affiliate ID",
                    "Affiliate Name",
                    "Logistics Charges",
                ],
                &["UP-1", "2026-11-18", "2026-11-21", "B100001", "Metro Wholesale", "", "", "40"],
            ],
            "SELECT planned_delivery_date FROM deliveries WHERE order_id = 'UP-1'",
            "2026-11-21",
        ),
        (
            "/users/order/upload",
            "orderdata",
            vec![ORDER_HEADER, &["UP-1", "2026-11-18", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "12", "25.5", "", ""]],
            "SELECT CAST(qty_shipped * unit_price_paise / 100 AS INTEGER) FROM order_lines WHERE order_id = 'UP-1'",
            "306",
        ),
    ];
    for (path, field, rows, check, expected) in cases {
        let r = upload(&app, &admin, path, field, workbook(&rows), vec![]).await;
        assert_eq!((r.status, r.message()), (StatusCode::OK, "1 row uploaded, 0 rejected."), "{path}: {}", r.body);
        assert!(r.body["excelLink"].as_str().unwrap().starts_with("/webapi/api/report/download?token="));
        let value: String = app.conn().query_row(&format!("SELECT CAST(({check}) AS TEXT)"), [], |r| r.get(0)).unwrap();
        assert_eq!(value, expected, "{path}");
    }
    // Uploading the same order again replaces its line instead of adding one.
    let rows: Vec<&[&str]> =
        vec![ORDER_HEADER, &["UP-1", "2026-11-18", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "10", "25", "", ""]];
    upload(&app, &admin, "/users/order/upload", "orderdata", workbook(&rows), vec![]).await;
    let lines: i64 = app.conn().query_row("SELECT COUNT(*) FROM order_lines WHERE order_id = 'UP-1'", [], |r| r.get(0)).unwrap();
    assert_eq!(lines, 1);
    // But never a line of an order booked in the app: it is that order's only record.
    let booked =
        "SELECT order_id, product_name, qty_shipped, unit_price_paise / 100.0 FROM order_lines WHERE source = 'app' ORDER BY line_id LIMIT 1";
    let line = |app: &TestApp| -> (String, String, f64, f64) {
        app.conn().query_row(booked, [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))).unwrap()
    };
    let before = line(&app);
    let clash = [before.0.as_str(), "2026-11-18", "B100001", "Metro Wholesale", before.1.as_str(), "", "999", "1", "", ""];
    let rows: Vec<&[&str]> = vec![rows[0], &clash];
    let r = upload(&app, &admin, "/users/order/upload", "orderdata", workbook(&rows), vec![]).await;
    assert_eq!(r.message(), "0 rows uploaded, 1 rejected.", "{}", r.body);
    assert_eq!(r.body["data"][0]["reason"], "This order line belongs to an order booked in the app and cannot be replaced");
    assert_eq!(line(&app), before);

    // Delete: a customer with history stays, a fresh one goes.
    let rows: Vec<Vec<&str>> = vec![CUSTOMER_HEADER.to_vec(), customer_row("D0001", "9876533333", "India", "agent1@demo.test")];
    let refs: Vec<&[&str]> = rows.iter().map(|r| r.as_slice()).collect();
    upload(&app, &admin, "/users/customer/upload", "customerdata", workbook(&refs), vec![]).await;
    let r = upload(
        &app,
        &admin,
        "/users/customer/upload",
        "customerdata",
        workbook(&[&["Buyer ID"], &["D0001"], &["B100001"]]),
        vec![("isDelete", Part::Text("true"))],
    )
    .await;
    assert_eq!(r.message(), "1 row uploaded, 1 rejected.");
    assert_eq!(r.body["data"][0]["reason"], "The customer has visits, orders or deliveries and cannot be deleted");
    let left: i64 =
        app.conn().query_row("SELECT COUNT(*) FROM customers WHERE buyer_id IN ('D0001', 'B100001')", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 1);

    // Rights: an agent cannot upload.
    let agent = app.as_agent(1).await;
    let r = upload(&app, &agent, "/users/product/upload", "productdata", workbook(&[&["Product Name", "SKU"], &["X", ""]]), vec![]).await;
    r.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
}

pub fn zip_bomb() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("xl/worksheets/sheet1.xml", options).unwrap();
        let zeros = vec![b' '; 1024 * 1024];
        for _ in 0..64 {
            zip.write_all(&zeros).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

/// A workbook whose third row holds 40,000 characters (Excel itself stops at 32,767, so the
/// shared string is patched in after writing).
fn long_cell_workbook() -> Vec<u8> {
    use std::io::Read;
    let base = workbook(&[&["Product Name", "SKU"], &["Good", ""], &["PLACEHOLDER", ""]]);
    let mut input = zip::ZipArchive::new(std::io::Cursor::new(base)).unwrap();
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        for i in 0..input.len() {
            let mut entry = input.by_index(i).unwrap();
            let name = entry.name().to_string();
            let mut text = Vec::new();
            entry.read_to_end(&mut text).unwrap();
            let text = String::from_utf8(text).unwrap().replace("PLACEHOLDER", &"x".repeat(40_000));
            zip.start_file(name, zip::write::SimpleFileOptions::default()).unwrap();
            zip.write_all(text.as_bytes()).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

pub fn far_cell_workbook() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "Product Name").unwrap();
    sheet.write_string(0, 1, "SKU").unwrap();
    sheet.write_string(1, 0, "Far Cola").unwrap();
    sheet.write_string(1_048_575, 16_383, "far away").unwrap();
    book.save_to_buffer().unwrap()
}

#[tokio::test]
async fn structural_problems_and_hostile_files_are_refused_and_nothing_is_written() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let products = || app.conn().query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0)).unwrap();
    let before = products();
    let long = long_cell_workbook();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (workbook(&[&["Name", "SKU"], &["Cola", "C"]]), "The first row must be the header: Product Name, SKU, Price, Pack Size, Category, Active, HSN, GST %. Download the 'Upload File Format' sample to see it."),
        (workbook(&[&["Product Name", "SKU"]]), "The sheet has a header but no rows."),
        (workbook(&[]), "The sheet is empty."),
        (b"Product Name,SKU\nCola,C\n".to_vec(), "The file is not a readable .xlsx workbook."),
        (b"PK\x03\x04 this is not a zip at all".to_vec(), "The file is not a readable .xlsx workbook."),
        (zip_bomb(), "The workbook is compressed suspiciously well (a zip bomb?) and was refused."),
        (far_cell_workbook(), "The sheet has cells beyond column 64; only the listed columns are read."),
        (long, "Row 3: a cell is longer than 32,767 characters."),
    ];
    for (bytes, message) in cases {
        let r = upload(&app, &admin, "/users/product/upload", "productdata", bytes, vec![]).await;
        r.expect(StatusCode::BAD_REQUEST, message);
        assert_eq!(products(), before, "nothing written for: {message}");
        // The server goes on answering.
        assert_eq!(app.call(Method::GET, "/healthz", None, None).await.status, StatusCode::OK);
    }
    let r = app
        .multipart(
            "/users/product/upload",
            Some(&admin),
            vec![("productdata", Part::File { name: "products.csv", bytes: workbook(&[&["Product Name", "SKU"], &["A", "B"]]) })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, "Only .xlsx files can be uploaded.");
}

#[tokio::test]
async fn samples_and_the_customer_export() {
    let app = TestApp::new();
    for (file, first) in [
        ("sample_customerupload.xlsx", "Buyer ID"),
        ("sample_customerdelete.xlsx", "Buyer ID"),
        ("sample_productupload.xlsx", "Product Name"),
        ("sample_distributorupload.xlsx", "Distributor Name"),
        ("sample_scorecardupload.xlsx", "Agent Email"),
        ("sample_deliveryupload.xlsx", "Order ID"),
        ("sample_orderupload.xlsx", "Order ID"),
        ("sample_subinfoupload.xlsx", "SubInfo Type"),
    ] {
        let bytes = download(&app, &format!("/webapi/excelupload/{file}")).await;
        let rows = rows_of(&bytes);
        assert_eq!(rows[0][0], first, "{file}");
        assert_eq!(rows.len(), 2, "{file}: a header and an example row");
    }
    assert!(download(&app, "/webapi/excelupload/sample_nothingupload.xlsx").await.is_empty());
    // The product sample uploads as it is.
    let admin = app.as_admin().await;
    let sample = download(&app, "/webapi/excelupload/sample_productupload.xlsx").await;
    let r = upload(&app, &admin, "/users/product/upload", "productdata", sample, vec![]).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.");

    let r = app.get("/users/customer/download", Some(&admin)).await;
    assert_eq!(r.message(), "Downloaded Successful");
    let link = r.body["excelPath"].as_str().unwrap().to_string();
    let token = link.split("token=").nth(1).unwrap().to_string();
    let check = app.get(&format!("/report/check-download-token-valid?token={token}"), Some(&admin)).await;
    assert_eq!(check.body, serde_json::json!({ "valid": true, "message": "Valid link.", "code": "download_link_valid" }));
    let rows = rows_of(&download(&app, &link).await);
    assert_eq!(rows[0], CUSTOMER_HEADER.iter().chain(&["Credit Limit", "GSTIN"]).map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(rows.len(), 2401);
    let check = app.get(&format!("/report/check-download-token-valid?token={token}"), Some(&admin)).await;
    assert_eq!(check.body, serde_json::json!({ "valid": false, "message": "Invalid or expired link.", "code": "download_link_invalid" }));
    let agent = app.as_agent(1).await;
    assert_eq!(app.get("/users/customer/download", Some(&agent)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_cli_imports_with_the_same_pipeline() {
    let app = TestApp::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("products.xlsx");
    std::fs::write(&file, workbook(&[&["Product Name", "SKU"], &["CLI Cola", "CC"], &["", "no name"]])).unwrap();
    let out = app.cli(&["import", "product", file.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("1 row uploaded, 1 rejected."), "{stdout}");
    assert!(stdout.contains("row 3: Product Name is required"), "{stdout}");
    assert!(dir.path().join("products.result.xlsx").exists());
    let out = app.cli(&["import", "gadgets", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: unknown kind gadgets"));
}

#[test]
fn the_upload_formats_page_matches_the_definitions() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/uploads.md")).unwrap();
    for kind in fieldsales::uploads::kinds::ALL {
        let section = doc.split(&format!("## {}: ", kind.name)).nth(1).unwrap_or_else(|| panic!("no section for {}", kind.name));
        let section = section.split("\n## ").next().unwrap();
        assert!(section.contains(&format!("file field `{}`, right `{}`", kind.field, kind.right.code())), "{}", kind.name);
        for column in kind.columns {
            let line = format!("| {} | {} |", column.header, if column.required { "yes" } else { "no" });
            assert!(section.contains(&line), "{}: {line}", kind.name);
        }
    }
}
