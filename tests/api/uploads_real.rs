//! Uploads of the files people really have (issue #50, CONTRACT "Uploads of real files"): dates and
//! amounts as typed in India, headers in another case, order or with optional columns left out,
//! someone else's export read through a column mapping, and a result workbook whose figures are
//! numbers and dates.

use axum::http::StatusCode;
use calamine::{Data, Reader, Xlsx};
use serde_json::{json, Value};

use crate::support::{workbook, Part, TestApp};

async fn upload_invoices(app: &TestApp, token: &str, rows: &[&[&str]], mapping: Option<Value>) -> crate::support::Reply {
    let mut parts = vec![("invoicedata", Part::File { name: "invoices.xlsx", bytes: workbook(rows) })];
    if let Some(mapping) = mapping {
        parts.push(("mapping", Part::Text(Box::leak(mapping.to_string().into_boxed_str()))));
    }
    app.multipart("/users/invoice/upload", Some(token), parts).await
}

fn invoice(app: &TestApp, no: &str) -> Option<(String, String, i64)> {
    app.conn()
        .query_row("SELECT invoice_date, due_date, amount_paise FROM invoices WHERE invoice_no = ?1", [no], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .ok()
}

const INVOICE_HEADER: &[&str] = &["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"];

/// Every date form of the contract, in English and Hindi month names, and amounts with Indian and
/// western grouping and currency marks, land as the same dates and paise.
#[tokio::test]
async fn dates_and_amounts_are_read_as_people_type_them() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<&[&str]> = vec![
        INVOICE_HEADER,
        &["R-1", "B100001", "22/11/2026", "1,00,000.50", "22/12/2026", ""],
        &["R-2", "B100001", "22-11-2026", "100,000.50", "22-12-2026", ""],
        &["R-3", "B100001", "22.11.2026", "Rs. 1,200", "22.12.2026", ""],
        &["R-4", "B100001", "22-Nov-2026", "₹ 12,500.75", "22-Dec-2026", ""],
        &["R-5", "B100001", "22-नव॰-2026", "₹12500.75", "22-दिस॰-2026", ""],
        &["R-6", "B100001", "22-नवंबर-2026", " 12,50,000 ", "22 December 2026", ""],
        &["R-7", "B100001", "2026-11-22", "12.500", "2026-12-22", ""],
    ];
    let r = upload_invoices(&app, &admin, &rows, None).await;
    assert_eq!(r.message(), "7 rows uploaded, 0 rejected.", "{}", r.body);
    let expected = [10_000_050, 10_000_050, 120_000, 1_250_075, 1_250_075, 125_000_000, 1_250];
    for (i, paise) in expected.into_iter().enumerate() {
        let no = format!("R-{}", i + 1);
        assert_eq!(invoice(&app, &no), Some(("2026-11-22".into(), "2026-12-22".into(), paise)), "{no}");
    }
}

/// A cell that cannot be read is its row's error, with a code and the forms that are accepted;
/// nothing of the row is stored, and 99.999 is never rounded to 100.00.
#[tokio::test]
async fn cells_that_cannot_be_read_are_row_errors_with_their_codes() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<&[&str]> = vec![
        INVOICE_HEADER,
        &["X-1", "B100001", "31/02/2026", "100", "2026-12-22", ""],
        &["X-2", "B100001", "2026-11-22", "99.999", "2026-12-22", ""],
        &["X-3", "B100001", "2026-11-22", "12,50,0", "2026-12-22", ""],
        &["X-4", "B100001", "22-Novembre-2026", "100", "2026-12-22", ""],
        &["X-5", "B100001", "22/11/26", "100", "2026-12-22", ""],
        &["X-6", "B100001", "2026-11-22", "", "2026-12-22", ""],
    ];
    let r = upload_invoices(&app, &admin, &rows, None).await;
    assert_eq!(r.message(), "0 rows uploaded, 6 rejected.", "{}", r.body);
    let got: Vec<(&str, &str)> =
        r.body["data"].as_array().unwrap().iter().map(|d| (d["code"].as_str().unwrap(), d["reason"].as_str().unwrap())).collect();
    assert_eq!(
        got,
        [
            ("upload_date_impossible", "Invoice Date: 31/02/2026 is not a day of the calendar"),
            ("amount_too_precise", "Amount has more than two decimals (99.999): amounts are kept to the paisa"),
            ("upload_cell_not_a_number", "Amount must be a number, such as 1200, 1,00,000.50 or ₹ 12,500.75"),
            ("upload_month_unknown", "Invoice Date: Novembre is not the name of a month"),
            ("upload_cell_not_a_date", "Invoice Date must be a date: 22/11/2026, 22-11-2026, 22.11.2026, 22-Nov-2026 or 2026-11-22"),
            ("upload_cell_required", "Amount is required"),
        ]
    );
    assert_eq!(r.body["data"][1]["params"], json!({"column": "Amount", "value": "99.999"}));
    let stored: i64 = app.conn().query_row("SELECT COUNT(*) FROM invoices WHERE invoice_no LIKE 'X-%'", [], |r| r.get(0)).unwrap();
    assert_eq!(stored, 0);
}

/// Headers are found by name whatever their case, spacing and order; an optional column (the
/// invoice's Distributor Name) may be left out; a required one may not.
#[tokio::test]
async fn headers_match_by_name_and_optional_columns_may_be_absent() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<&[&str]> =
        vec![&["due  date", "AMOUNT", "invoice no", " Buyer ID ", "Invoice Date"], &["2026-12-22", "500", "H-1", "B100001", "2026-11-22"]];
    let r = upload_invoices(&app, &admin, &rows, None).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
    assert_eq!(invoice(&app, "H-1"), Some(("2026-11-22".into(), "2026-12-22".into(), 50_000)));
    let rows: Vec<&[&str]> = vec![&["Invoice No", "Buyer ID", "Invoice Date", "Due Date"], &["H-2", "B100001", "2026-11-22", "2026-12-22"]];
    let r = upload_invoices(&app, &admin, &rows, None).await;
    r.expect(StatusCode::BAD_REQUEST, "The first row must be the header: Invoice No, Buyer ID, Invoice Date, Amount, Due Date, Distributor Name. Download the 'Upload File Format' sample to see it.");
    assert_eq!(r.body["code"], "upload_bad_header");
}

/// The contract's Tally "Bills Receivable" export: title rows above its header, Tally's own
/// column names, the party's name standing for the Buyer ID (one customer of the uploader's with
/// that name; none or several is the row's error), dates as 1-Apr-26 and balances marked Dr.
#[tokio::test]
async fn a_tally_bills_receivable_export_maps_onto_the_invoice_upload() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    app.conn().execute("UPDATE customers SET name = 'Tally Test Traders' WHERE buyer_id = 'B100002'", []).unwrap();
    let rows: Vec<&[&str]> = vec![
        &["Demo Distributors Pvt Ltd"],
        &["Bills Receivable"],
        &["1-Apr-26 to 30-Nov-26"],
        &["Date", "Ref. No.", "Party's Name", "Pending Amount", "Due on", "Overdue by days"],
        &["2-Nov-26", "TL/101", "tally test traders", "12,500.50 Dr", "2-Dec-26", "4"],
        &["3-Nov-26", "TL/102", "B100001", "1,000.00 Dr", "3-Dec-26", ""],
        &["4-Nov-26", "TL/103", "Annapurna Agencies", "700.00 Dr", "4-Dec-26", ""],
        &["5-Nov-26", "TL/104", "Nobody Of That Name", "700.00 Dr", "5-Dec-26", ""],
    ];
    let mapping = json!({
        "Date": "Invoice Date", "Ref. No.": "Invoice No", "Party's Name": "Buyer ID",
        "Pending Amount": "Amount", "Due on": "Due Date",
    });
    let r = upload_invoices(&app, &admin, &rows, Some(mapping.clone())).await;
    assert_eq!(r.message(), "2 rows uploaded, 2 rejected.", "{}", r.body);
    assert_eq!(invoice(&app, "TL/101"), Some(("2026-11-02".into(), "2026-12-02".into(), 1_250_050)));
    let owner: String = app
        .conn()
        .query_row("SELECT c.buyer_id FROM invoices i JOIN customers c USING (customer_id) WHERE invoice_no = 'TL/101'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(owner, "B100002");
    assert!(invoice(&app, "TL/102").is_some(), "a Buyer ID in the name column is still a Buyer ID");
    assert_eq!(r.body["data"][0]["code"], "customer_name_ambiguous");
    assert_eq!(r.body["data"][1]["code"], "customer_name_not_found");
    assert_eq!(r.body["data"][1]["rowNumber"], 8);
    // Without the mapping the file is refused for its header, and says which columns it needs.
    let r = upload_invoices(&app, &admin, &rows, None).await;
    assert_eq!(r.body["code"], "upload_bad_header", "{}", r.body);
    // Their header row (the widest of the rows above any header) and ours, for the screen to match.
    assert_eq!(r.body["params"]["theirs"], json!(["Date", "Ref. No.", "Party's Name", "Pending Amount", "Due on", "Overdue by days"]));
    assert_eq!(r.body["params"]["ours"][0], json!({"header": "Invoice No", "required": true}));
    assert_eq!(r.body["params"]["ours"][5], json!({"header": "Distributor Name", "required": false}));
    // A mapping onto a column the kind does not have is refused before any row is read.
    let r = upload_invoices(&app, &admin, &rows, Some(json!({"Ref. No.": "Bill No"}))).await;
    r.expect(StatusCode::BAD_REQUEST, "Bill No is not a column of this upload.");
    let r = upload_invoices(&app, &admin, &rows, Some(json!(["not", "a", "map"]))).await;
    assert_eq!(r.body["code"], "upload_mapping_invalid");
}

/// The name lookup stays in the uploader's scope: a manager's mapped file does not find another
/// team's customer by its name.
#[tokio::test]
async fn a_name_mapped_onto_buyer_id_finds_only_the_uploaders_customers() {
    let app = TestApp::new();
    // Another manager's agent with a customer of a name no demo customer has.
    app.conn()
        .execute_batch(
            "INSERT INTO users (email, name, user_type_id, country_id, password_hash, is_first_time_login, created_at, updated_at)
                 SELECT 'other.am@demo.test', 'Other AM', 3, 1, password_hash, 0, 0, 0 FROM users WHERE uid = 1;
             INSERT INTO users (email, name, user_type_id, country_id, manager_id, password_hash, is_first_time_login, created_at, updated_at)
                 SELECT 'other.agent@demo.test', 'Other Agent', 4, 1, (SELECT uid FROM users WHERE email = 'other.am@demo.test'), password_hash, 0, 0, 0 FROM users WHERE uid = 1;
             INSERT INTO customers (buyer_id, name, agent_id, country_id, created_at, updated_at)
                 SELECT 'X1', 'Far Away Stores', uid, 1, 0, 0 FROM users WHERE email = 'other.agent@demo.test';",
        )
        .unwrap();
    let manager = app.token("am@demo.test").await;
    let rows: Vec<&[&str]> = vec![&["Ref", "Party", "Date", "Amount", "Due"], &["FA-1", "Far Away Stores", "1-Nov-26", "10", "1-Dec-26"]];
    let mapping = json!({"Ref": "Invoice No", "Party": "Buyer ID", "Date": "Invoice Date", "Due": "Due Date"});
    let r = upload_invoices(&app, &manager, &rows, Some(mapping)).await;
    assert_eq!(r.body["data"][0]["code"], "customer_name_not_found", "{}", r.body);
    assert!(invoice(&app, "FA-1").is_none());
    // The other team's own manager finds it by the same file.
    let other = app.token("other.am@demo.test").await;
    let mapping = json!({"Ref": "Invoice No", "Party": "Buyer ID", "Date": "Invoice Date", "Due": "Due Date"});
    let r = upload_invoices(&app, &other, &rows, Some(mapping)).await;
    assert_eq!(r.message(), "1 row uploaded, 0 rejected.", "{}", r.body);
}

/// The result workbook gives figures back as figures: amounts are numeric cells (in the currency's
/// format), dates are date cells, text stays text; a refused cell stays as it was typed.
#[tokio::test]
async fn the_result_workbook_has_numbers_and_dates_not_text() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let rows: Vec<&[&str]> = vec![
        INVOICE_HEADER,
        &["W-1", "B100001", "22/11/2026", "12,500.50", "22/12/2026", ""],
        &["W-2", "B100001", "22/11/2026", "99.999", "22/12/2026", ""],
    ];
    let r = upload_invoices(&app, &admin, &rows, None).await;
    let link = r.body["excelLink"].as_str().expect("a result workbook").to_string();
    let req = axum::http::Request::get(&link).body(axum::body::Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes().to_vec();
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    let row: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
    assert_eq!(row[0], &Data::String("W-1".into()));
    assert_eq!(row[3], &Data::Float(12500.5), "Amount is a number");
    let Data::DateTime(serial) = row[2] else { panic!("Invoice Date is a date: {:?}", row[2]) };
    let excel_epoch = chrono::NaiveDate::from_ymd_opt(1899, 12, 30).unwrap();
    assert_eq!(excel_epoch + chrono::Days::new(serial.as_f64() as u64), chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
    let refused: Vec<&Data> = range.rows().nth(2).unwrap().iter().collect();
    assert_eq!(refused[3], &Data::String("99.999".into()), "the refused cell as typed");
}

/// The rows of a customer workbook of `n` customers of agent1, as one sheet.
fn customer_workbook(n: usize) -> Vec<u8> {
    customer_workbook_named(n, "Store")
}

/// As `customer_workbook`, the customers named "Piecewise {kind} i".
fn customer_workbook_named(n: usize, kind: &str) -> Vec<u8> {
    let mut rows = customer_rows(n);
    rows.iter_mut().skip(1).for_each(|r| r[1] = r[1].replace("Store", kind));
    let cells: Vec<Vec<&str>> = rows.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
    workbook(&cells.iter().map(Vec::as_slice).collect::<Vec<_>>())
}

fn customer_rows(n: usize) -> Vec<Vec<String>> {
    let header: Vec<String> = ["Buyer ID", "Buyer Name", "Mobile", "Country", "Agent Email"].map(String::from).to_vec();
    let mut rows = vec![header];
    rows.extend((0..n).map(|i| {
        vec![format!("PW{i:05}"), format!("Piecewise Store {i}"), format!("98{i:08}"), "India".into(), "agent1@demo.test".into()]
    }));
    rows
}

/// An import goes in a piece of rows at a time, each committed on its own: its record says how far
/// it got (`GET /users/upload/latest`), and a file uploaded again updates its rows, never repeats
/// them. The search index's segments are merged after the pieces, never inside them (step 38).
#[tokio::test]
async fn an_import_goes_in_pieces_and_its_record_says_how_far_it_got() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let none = app.get("/users/upload/latest?kind=customer", Some(&admin)).await;
    assert_eq!((none.status, &none.body), (StatusCode::OK, &serde_json::Value::Null), "none yet");
    for kind in ["Store", "Shop"] {
        let bytes = customer_workbook_named(1_100, kind);
        let r = app.multipart("/users/customer/upload", Some(&admin), vec![("customerdata", Part::File { name: "c.xlsx", bytes })]).await;
        assert_eq!(r.message(), "1100 rows uploaded, 0 rejected.", "{}", r.body);
        let latest = app.get("/users/upload/latest?kind=customer", Some(&admin)).await;
        assert_eq!(latest.status, StatusCode::OK, "{}", latest.body);
        assert_eq!(
            (&latest.body["state"], &latest.body["applied"], &latest.body["rejected"], &latest.body["lastRow"]),
            (&json!("done"), &json!(1_100), &json!(0), &json!(1_101))
        );
    }
    let stored: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers WHERE buyer_id LIKE 'PW%'", [], |r| r.get(0)).unwrap();
    assert_eq!(stored, 1_100, "uploaded twice, every row once");
    let searchable: i64 =
        app.conn().query_row("SELECT COUNT(*) FROM customers_fts WHERE customers_fts MATCH 'Piecewise'", [], |r| r.get(0)).unwrap();
    assert_eq!(searchable, 1_100, "every piece indexed its customers");
    let (renamed, old): (i64, i64) = app
        .conn()
        .query_row(
            "SELECT (SELECT COUNT(*) FROM customers_fts WHERE customers_fts MATCH 'Piecewise AND Shop'),
                    (SELECT COUNT(*) FROM customers_fts WHERE customers_fts MATCH 'Piecewise AND Store')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((renamed, old), (1_100, 0), "found by their new names only");
    let conn = app.conn();
    let automerge: i64 = conn.query_row("SELECT v FROM customers_fts_config WHERE k = 'automerge'", [], |r| r.get(0)).unwrap();
    assert_eq!(automerge, 0, "the index merges only when asked");
    assert!(!fieldsales::customers::api::merge_search_index(&conn).unwrap(), "the import merged what its pieces left");
    conn.execute_batch("INSERT INTO customers_fts (customers_fts) VALUES ('integrity-check')").unwrap();
    drop(conn);
    // Another user sees only their own uploads; an unknown kind is a 404.
    let manager = app.token("am@demo.test").await;
    assert_eq!(app.get("/users/upload/latest?kind=customer", Some(&manager)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/users/upload/latest?kind=invoice", Some(&manager)).await.body, serde_json::Value::Null);
    app.get("/users/upload/latest?kind=nothing", Some(&admin)).await.expect(StatusCode::NOT_FOUND, "There is no such kind of upload.");
}

/// An import stopped part-way (the uploader gone: here the stop flag set after the first piece)
/// keeps the pieces committed, is recorded as stopped after its last row applied, and says so; the
/// same file again brings every row in once. An import the server stopped during is marked stopped
/// when the server starts.
#[tokio::test]
async fn a_stopped_import_says_where_it_stopped_and_goes_through_when_sent_again() {
    use fieldsales::uploads::{import, kinds, queries};
    use std::sync::atomic::{AtomicBool, Ordering};
    let app = TestApp::new();
    let uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'admin@demo.test'", [], |r| r.get(0)).unwrap();
    let bytes = customer_workbook(600);
    let dir = tempfile::tempdir().unwrap();
    let stop = AtomicBool::new(false);
    let writer = &app.state.writer;
    let ctx = || kinds::Context::new(uid, None);
    let result_path = &dir.path().join("r.xlsx");
    let kind = &kinds::CUSTOMER;
    let progress = &mut |_| stop.store(true, Ordering::Relaxed);
    let err = import::import(import::Import { writer, kind, bytes: &bytes, ctx: ctx(), result_path, stop: &stop, progress }).unwrap_err();
    assert_eq!(err.code(), "upload_stopped");
    assert_eq!(
        err.to_string(),
        "The upload stopped after row 65 (64 rows applied): The upload was cancelled. Fix the file and upload it again: rows already in are updated, not repeated."
    );
    let (state, applied, last, code): (String, i64, i64, String) = app
        .conn()
        .query_row("SELECT state, applied, last_row, stopped_code FROM uploads ORDER BY upload_id DESC LIMIT 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .unwrap();
    assert_eq!((state.as_str(), applied, last, code.as_str()), ("stopped", 64, 65, "upload_cancelled"));
    let stored = || app.conn().query_row("SELECT COUNT(*) FROM customers WHERE buyer_id LIKE 'PW%'", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(stored(), 64, "the first piece (64 rows, before any is timed) stays");
    let (stop, progress) = (&AtomicBool::new(false), &mut |_| {});
    let outcome = import::import(import::Import { writer, kind, bytes: &bytes, ctx: ctx(), result_path, stop, progress }).unwrap();
    assert_eq!((outcome.applied, stored()), (600, 600));
    // A running import the server did not finish.
    app.conn().execute("UPDATE uploads SET state = 'running' WHERE upload_id = ?1", [outcome.upload.unwrap()]).unwrap();
    assert_eq!(queries::stop_interrupted(&app.conn(), fieldsales::uploads::messages::UPLOAD_INTERRUPTED).unwrap(), 1);
}
