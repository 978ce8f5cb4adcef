//! Reports: each opens as a workbook with its header and the expected rows; text stays text;
//! links are single use; a manager's report holds only their agents; the spec's messages.

use axum::http::{Method, StatusCode};
use calamine::{Data, DataType, Reader, Xlsx};
use serde_json::json;

use crate::support::TestApp;

pub async fn fetch(app: &TestApp, link: &str) -> Option<Vec<u8>> {
    let req = axum::http::Request::get(link).body(axum::body::Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    if response.status() != StatusCode::OK {
        return None;
    }
    Some(http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes().to_vec())
}

/// The first sheet's cells, a date or time cell as its ISO text ('2026-11-27', '14:05:00',
/// '2026-11-27 14:05:00'), so the tests compare values; `cells` keeps the cells as they are (the
/// cells' kinds and formats are tests/api/formats.rs's).
pub fn sheet(bytes: &[u8]) -> Vec<Vec<Data>> {
    cells(bytes).into_iter().map(|row| row.into_iter().map(iso).collect()).collect()
}

pub fn cells(bytes: &[u8]) -> Vec<Vec<Data>> {
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    book.worksheet_range_at(0).unwrap().unwrap().rows().map(|r| r.to_vec()).collect()
}

/// A date or time cell as ISO text; other cells as they are.
pub fn iso(cell: Data) -> Data {
    let Data::DateTime(value) = &cell else { return cell };
    let serial = value.as_f64();
    let at = chrono::NaiveDate::from_ymd_opt(1899, 12, 30).unwrap().and_hms_opt(0, 0, 0).unwrap()
        + chrono::Duration::milliseconds((serial * 86_400_000.0).round() as i64);
    Data::String(if serial < 1.0 {
        at.format("%H:%M:%S").to_string()
    } else if serial.fract() == 0.0 {
        at.format("%Y-%m-%d").to_string()
    } else {
        at.format("%Y-%m-%d %H:%M:%S").to_string()
    })
}

fn today() -> String {
    fieldsales::clock::today().format("%Y-%m-%d").to_string()
}

/// Makes today's activity every report can show: a visit with a formula-like remark, a new
/// customer with a profile update and info with a file, a delivery update.
pub(crate) async fn activity(app: &TestApp) {
    let agent = app.as_agent(1).await;
    app.post("/users/customer/details", Some(&agent), json!({ "buyerID": "B100001", "outcomeId": 1, "remark": "=1+2" })).await;
    let r = app.post("/users/customer", Some(&agent), json!({ "mobileNo": "9876540000", "buyerName": "Report Mart" })).await;
    let buyer = r.body["buyerId"].as_str().unwrap().to_string();
    app.post("/users/customer/profile", Some(&agent), json!({ "buyerId": buyer, "city": "Hubli" })).await;
    let parts = vec![
        ("infoTypeId", crate::support::Part::Text("3")),
        ("infoSubTypeId", crate::support::Part::Text("6")),
        ("img1", crate::support::Part::File { name: "late.png", bytes: crate::support::png() }),
    ];
    let r = app.multipart(&format!("/users/customer/info/{buyer}"), Some(&agent), parts).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn every_report_opens_with_its_header_and_rows() {
    let app = TestApp::new();
    activity(&app).await;
    let admin = app.as_admin().await;
    let t = today();
    let count = |sql: &str| -> usize { app.conn().query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as usize };
    let visits_today = count("SELECT COUNT(*) FROM visits WHERE date(visited_at, 'unixepoch', 'localtime') = date('now', 'localtime')");
    let customers = count("SELECT COUNT(*) FROM customers");
    let cases: Vec<(Method, String, Option<serde_json::Value>, &fieldsales::reports::defs::Report, Option<usize>)> = vec![
        (
            Method::GET,
            format!("/report/customer-visit?fromDate={t}&toDate={t}"),
            None,
            &fieldsales::reports::defs::CUSTOMER_VISIT,
            Some(visits_today),
        ),
        (Method::GET, format!("/report/customer-add?fromDate={t}&toDate={t}"), None, &fieldsales::reports::defs::CUSTOMER_ADD, Some(1)),
        (Method::GET, format!("/report/profile-update?fromDate={t}&toDate={t}"), None, &fieldsales::reports::defs::PROFILE_UPDATE, Some(1)),
        (Method::GET, format!("/report/info-add?fromDate={t}&toDate={t}"), None, &fieldsales::reports::defs::INFO_ADD, Some(1)),
        (
            Method::GET,
            format!("/report/login-history?fromDate={t}&toDate={t}&search=demo.test"),
            None,
            &fieldsales::reports::defs::LOGIN_HISTORY,
            Some(2),
        ),
        (Method::GET, format!("/report/productivity?fromDate={t}&toDate={t}"), None, &fieldsales::reports::defs::PRODUCTIVITY, None),
        (
            Method::GET,
            format!("/report/productivitysummary?fromDate={t}&toDate={t}"),
            None,
            &fieldsales::reports::defs::PRODUCTIVITY_SUMMARY,
            None,
        ),
        (
            Method::POST,
            "/report/monthlyReport".into(),
            Some(json!({ "country": ["India", "Sri Lanka"], "userType": [0], "reportName": "monthly-summary", "monthYear": &t[..7] })),
            &fieldsales::reports::defs::MONTHLY_SUMMARY,
            Some(4),
        ),
        (
            Method::POST,
            "/report/monthlyReport".into(),
            Some(json!({ "country": ["India"], "userType": ["3"], "reportName": "monthly-summary-am", "monthYear": &t[..7] })),
            &fieldsales::reports::defs::MONTHLY_SUMMARY_AM,
            Some(1),
        ),
        (
            Method::POST,
            "/report/deliveryReport".into(),
            Some(json!({ "reportName": "OrderDate", "fromDate": "2020-01-01", "toDate": t, "country": ["India", "Sri Lanka"] })),
            &fieldsales::reports::defs::DELIVERY,
            Some(count("SELECT COUNT(*) FROM deliveries")),
        ),
        (Method::GET, "/report/mycustomerReport".into(), None, &fieldsales::reports::defs::MY_CUSTOMER, Some(customers)),
        (
            Method::POST,
            "/report/buyerImagesReport".into(),
            Some(json!({ "country": ["India"] })),
            &fieldsales::reports::defs::BUYER_DETAILS,
            Some(1),
        ),
    ];
    for (method, path, body, report, rows) in cases {
        let r = app.call(method, &format!("/webapi/api{path}"), Some(&admin), body).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        let link = r.body["excelPath"].as_str().unwrap().to_string();
        let table = sheet(&fetch(&app, &link).await.unwrap());
        let header: Vec<String> = table[0].iter().map(|c| c.to_string()).collect();
        assert_eq!(header, documented_columns(report.name), "{path}");
        if let Some(rows) = rows {
            assert_eq!(table.len() - 1, rows, "{path}");
        } else {
            assert!(table.len() > 1, "{path} has rows");
        }
    }
}

#[tokio::test]
async fn productivity_counts_the_customers_each_agent_added_that_day() {
    let app = TestApp::new();
    activity(&app).await;
    // A second customer of the same agent, added yesterday: not today's.
    let agent = app.as_agent(1).await;
    let r = app.post("/users/customer", Some(&agent), json!({ "mobileNo": "9876540001", "buyerName": "Yesterday Mart" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    app.conn().execute("UPDATE customers SET created_at = created_at - 86400 WHERE name = 'Yesterday Mart'", []).unwrap();
    let adder: String = app
        .conn()
        .query_row("SELECT u.email FROM customers c JOIN users u ON u.uid = c.created_by WHERE c.name = 'Report Mart'", [], |r| r.get(0))
        .unwrap();
    let t = today();
    let r = app.get(&format!("/report/productivity?fromDate={t}&toDate={t}"), Some(&app.as_admin().await)).await;
    let table = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let added = |row: &[Data]| row[5].as_f64().unwrap_or(-1.0);
    let of_adder = table.iter().skip(1).find(|row| row[1] == adder.as_str()).expect("the adder's row");
    assert_eq!((of_adder[0].clone(), added(of_adder)), (Data::String(t.clone()), 1.0));
    // Every other row as counted directly.
    assert!(table.len() > 2, "more agents visited today");
    for row in table.iter().skip(1) {
        let expected: i64 = app
            .conn()
            .query_row(
                "SELECT COUNT(*) FROM customers c JOIN users u ON u.uid = c.created_by
                 WHERE u.email = ?1 AND date(c.created_at, 'unixepoch', 'localtime') = ?2",
                [row[1].to_string(), t.clone()],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(added(row), expected as f64, "{row:?}");
    }
}

#[tokio::test]
async fn text_stays_text_and_links_are_single_use() {
    let app = TestApp::new();
    activity(&app).await;
    let admin = app.as_admin().await;
    let t = today();
    let r = app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}&search=B100001"), Some(&admin)).await;
    let link = r.body["excelPath"].as_str().unwrap().to_string();
    let token = link.split("token=").nth(1).unwrap().to_string();
    let table = sheet(&fetch(&app, &link).await.unwrap());
    let remark = table.iter().skip(1).map(|row| row[9].clone()).find(|c| *c == "=1+2").expect("the visit");
    assert_eq!(remark, Data::String("=1+2".into()), "never a formula");
    assert!(fetch(&app, &link).await.is_none(), "a second download is refused");
    let check = app.get(&format!("/report/check-download-token-valid?token={token}"), Some(&admin)).await;
    assert_eq!(check.body, json!({ "valid": false, "message": "Invalid or expired link.", "code": "download_link_invalid" }));
    // An expired link is refused too.
    let r = app.get("/report/mycustomerReport", Some(&admin)).await;
    let link = r.body["excelPath"].as_str().unwrap().to_string();
    app.conn().execute("UPDATE download_tokens SET expires_at = 0", []).unwrap();
    let expired = app.call(Method::GET, &link, None, None).await;
    expired.expect(StatusCode::NOT_FOUND, "Invalid or expired link.");
}

#[tokio::test]
async fn a_managers_report_holds_only_their_agents() {
    let app = TestApp::new();
    activity(&app).await;
    // Another manager's agent visits today too.
    let conn = app.conn();
    conn.execute_batch(
        "INSERT INTO users (email, name, user_type_id, country_id, password_hash, is_first_time_login, created_at, updated_at)
             SELECT 'other.am@demo.test', 'Other AM', 3, 1, password_hash, 0, 0, 0 FROM users WHERE uid = 1;
         INSERT INTO users (email, name, user_type_id, country_id, manager_id, password_hash, is_first_time_login, created_at, updated_at)
             SELECT 'other.agent@demo.test', 'Other Agent', 4, 1, (SELECT uid FROM users WHERE email = 'other.am@demo.test'), password_hash, 0, 0, 0 FROM users WHERE uid = 1;
         INSERT INTO customers (buyer_id, name, agent_id, country_id, created_at, updated_at)
             SELECT 'X1', 'Elsewhere', uid, 1, 0, 0 FROM users WHERE email = 'other.agent@demo.test';
         INSERT INTO visits (customer_id, agent_id, outcome_id, visited_at, entered_by)
             SELECT c.customer_id, c.agent_id, 1, strftime('%s', 'now'), c.agent_id FROM customers c WHERE buyer_id = 'X1';",
    )
    .unwrap();
    drop(conn);
    let t = today();
    let agents_in = |table: &Vec<Vec<Data>>| -> Vec<String> {
        let mut a: Vec<String> = table.iter().skip(1).map(|r| r[6].to_string()).collect();
        a.sort();
        a.dedup();
        a
    };
    let admin = app.as_admin().await;
    let r = app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}"), Some(&admin)).await;
    let all = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    assert!(agents_in(&all).contains(&"other.agent@demo.test".to_string()));
    // Managers hold no report right in the seeds; grant one to see what their report holds.
    app.conn().execute("INSERT INTO user_type_rights SELECT 3, right_id FROM rights WHERE code = 'rpt_customer_visit'", []).unwrap();
    let manager = app.token("am@demo.test").await;
    let r = app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}"), Some(&manager)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let theirs = sheet(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let theirs = agents_in(&theirs);
    assert!(!theirs.is_empty());
    assert!(theirs.iter().all(|a| a.starts_with("agent") && a.ends_with("@demo.test")), "{theirs:?}");
}

#[tokio::test]
async fn report_validation_messages_and_rights() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let t = today();
    app.get(&format!("/report/customer-visit?toDate={t}"), Some(&admin)).await.expect(StatusCode::BAD_REQUEST, "From Date is required");
    app.get(&format!("/report/customer-visit?fromDate={t}"), Some(&admin)).await.expect(StatusCode::BAD_REQUEST, "To Date is required");
    app.get("/report/customer-visit?fromDate=2026-05-02&toDate=2026-05-01", Some(&admin))
        .await
        .expect(StatusCode::BAD_REQUEST, "To Date must not be before From Date.");
    // Written as YYYY-MM-DD exactly: a year past four digits used to panic counting the window's end.
    for (query, message) in [
        ("fromDate=2026-01-01&toDate=%2B262142-12-31", "To Date must be a date (YYYY-MM-DD)."),
        ("fromDate=2026-5-1&toDate=2026-05-02", "From Date must be a date (YYYY-MM-DD)."),
    ] {
        app.get(&format!("/report/customer-visit?{query}"), Some(&admin)).await.expect(StatusCode::BAD_REQUEST, message);
    }
    app.post(
        "/report/monthlyReport",
        Some(&admin),
        json!({ "country": ["India"], "userType": [0], "reportName": "monthly-summary", "monthYear": "+262142-12" }),
    )
    .await
    .expect(StatusCode::BAD_REQUEST, "From Date is required");
    app.get("/report/nothing?fromDate=2026-05-01&toDate=2026-05-02", Some(&admin))
        .await
        .expect(StatusCode::NOT_FOUND, "There is no report named nothing.");
    let monthly = |body: serde_json::Value| app.post("/report/monthlyReport", Some(&admin), body);
    monthly(json!({ "country": ["India"], "userType": [], "monthYear": "2026-05" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Please select user type.");
    monthly(json!({ "country": [], "userType": [4], "monthYear": "2026-05" }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Please select country.");
    let delivery = |body: serde_json::Value| app.post("/report/deliveryReport", Some(&admin), body);
    delivery(json!({ "toDate": t, "country": ["India"] })).await.expect(StatusCode::BAD_REQUEST, "Please Enter From Date.");
    delivery(json!({ "fromDate": t, "country": ["India"] })).await.expect(StatusCode::BAD_REQUEST, "Please Enter To Date.");
    delivery(json!({ "fromDate": t, "toDate": t, "country": [] })).await.expect(StatusCode::BAD_REQUEST, "Please select country.");
    let agent = app.as_agent(1).await;
    app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}"), Some(&agent))
        .await
        .expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
}

/// The section of docs/reports.md about report `name`.
fn documented(name: &str) -> String {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reports.md")).unwrap();
    let section = doc.split(&format!("## {name}: ")).nth(1).unwrap_or_else(|| panic!("no section for {name}"));
    section.split("\n## ").next().unwrap().to_string()
}

/// The columns docs/reports.md lists for report `name`, in order.
fn documented_columns(name: &str) -> Vec<String> {
    let section = documented(name);
    let line = section.lines().find_map(|l| l.strip_prefix("Columns: ")).unwrap_or_else(|| panic!("no columns for {name}"));
    line.trim_end_matches('.').split(", ").map(str::to_string).collect()
}

#[test]
fn the_reports_page_matches_the_definitions() {
    let app = TestApp::new();
    let conn = app.conn();
    for report in fieldsales::reports::defs::ALL {
        let section = documented(report.name);
        assert!(section.contains(&format!("right `{}`", report.right.code())), "{}", report.name);
        assert_eq!(section.contains("dates required"), report.dated(), "{}", report.name);
        // The header of the workbook is the SELECT's own column names (less their kinds).
        assert_eq!(fieldsales::reports::header(&conn, report).unwrap(), documented_columns(report.name), "{}", report.name);
    }
}
