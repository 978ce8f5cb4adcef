//! Formats from the company's locale (issue #42): every report's dates are Excel dates and its
//! money numbers with the company's currency format (read back with calamine and from the
//! workbook's styles), a column holding dates as text fails whatever report it is in, and the
//! distributors' order mail follows the company's locale (English or Hindi texts and headers,
//! dates dd-MMM-yyyy, money ₹1,00,000.00).

use std::collections::HashMap;
use std::io::Read;

use axum::http::StatusCode;
use calamine::Data;
use fieldsales::platform::formats::Formats;
use fieldsales::platform::workbook::{Column, Kind};
use serde_json::{json, Value};

use crate::reports::{activity, cells, fetch};
use crate::support::TestApp;

/// The number format of every cell of the first sheet, by (row, column) from 0, as the workbook's
/// styles name it (custom formats by their code, built-in ones as "builtin:N").
fn cell_formats(bytes: &[u8]) -> HashMap<(u32, u32), String> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut read = |name: &str| {
        let mut text = String::new();
        zip.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    };
    let (styles, sheet) = (read("xl/styles.xml"), read("xl/worksheets/sheet1.xml"));
    let attr = |tag: &str, name: &str| -> Option<String> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[start..start + tag[start..].find('"')?].to_string())
    };
    let unescape =
        |s: String| s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&apos;", "'").replace("&amp;", "&");
    let codes: HashMap<String, String> = styles
        .split("<numFmt ")
        .skip(1)
        .map(|tag| {
            let tag = format!(" {tag}");
            (attr(&tag, "numFmtId").unwrap(), unescape(attr(&tag, "formatCode").unwrap()))
        })
        .collect();
    let xfs = styles.split("<cellXfs").nth(1).unwrap().split("</cellXfs>").next().unwrap();
    let xf_formats: Vec<String> = xfs
        .split("<xf ")
        .skip(1)
        .map(|tag| {
            let id = attr(&format!(" {tag}"), "numFmtId").unwrap_or_else(|| "0".into());
            codes.get(&id).cloned().unwrap_or(format!("builtin:{id}"))
        })
        .collect();
    let mut out = HashMap::new();
    for tag in sheet.split("<c ").skip(1) {
        let tag = format!(" {}", &tag[..tag.find('>').unwrap()]);
        let reference = attr(&tag, "r").unwrap();
        let letters: String = reference.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        let row: u32 = reference[letters.len()..].parse::<u32>().unwrap() - 1;
        let col = letters.bytes().fold(0u32, |n, b| n * 26 + u32::from(b - b'A' + 1)) - 1;
        let style: usize = attr(&tag, "s").map(|s| s.parse().unwrap()).unwrap_or(0);
        out.insert((row, col), xf_formats[style].clone());
    }
    out
}

/// The format code a column of `kind` must carry in `formats`.
fn expected(kind: Kind, formats: &Formats) -> String {
    match kind {
        Kind::Date => formats.excel_date().into(),
        Kind::DateTime => formats.excel_datetime().into(),
        Kind::Time => "hh:mm".into(),
        Kind::TimeSeconds => "hh:mm:ss".into(),
        Kind::Money => formats.excel_money(),
        Kind::Percent => "0.0%".into(),
        Kind::General | Kind::Number => "builtin:0".into(),
    }
}

/// Text that is a date or a time of day (what a column left undeclared would hold).
fn looks_like_a_date_or_time(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    (b.len() >= 10 && digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10))
        || (matches!(b.len(), 5 | 8) && digits(0..2) && b[2] == b':' && digits(3..5))
}

/// Headers that name an amount of money: such a column must be declared `:money`.
fn names_money(header: &str) -> bool {
    ["Price", "Total", "Value", "Amount", "Outstanding", "Balance", "Paid", "Limit", "Collected", "Due"]
        .iter()
        .any(|word| header.split(|c: char| !c.is_alphanumeric()).any(|w| w == *word))
}

#[tokio::test]
async fn every_reports_dates_are_excel_dates_and_its_money_has_the_currency_format() {
    let app = TestApp::new();
    activity(&app).await;
    let admin = app.as_admin().await;
    // An order booked in the app, so the orders report and the summaries have money today.
    let agent = app.as_agent(1).await;
    let (product, buyer): (i64, String) = app
        .conn()
        .query_row(
            "SELECT (SELECT product_id FROM products ORDER BY product_id LIMIT 1),
                    (SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                     WHERE u.email = 'agent1@demo.test' AND EXISTS (SELECT 1 FROM order_lines o WHERE o.customer_id = c.customer_id)
                     ORDER BY c.buyer_id LIMIT 1)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let r = app.post("/users/order", Some(&agent), json!({ "buyerId": buyer, "lines": [{ "productId": product, "quantity": 3 }] })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // An administrator acted for an agent (the impersonation audit).
    app.conn()
        .execute(
            "INSERT INTO audit_log (at, actor_uid, as_uid, action, status) VALUES (strftime('%s', 'now'), 1, 3, 'GET /users/landing', 200)",
            [],
        )
        .unwrap();
    // A visit photo (the demo has none): a row is enough for the report's cells.
    app.conn()
        .execute(
            "INSERT INTO visit_photos (visit_id, customer_id, agent_id, entered_by, client_id, label, taken_at, received_at,
                                       sha256, phash, bytes, width, height)
             SELECT visit_id, customer_id, agent_id, entered_by, 'formats-photo', 'shelf', visited_at, visited_at, 'ab', 0, 1, 1, 1
             FROM visits ORDER BY visit_id DESC LIMIT 1",
            [],
        )
        .unwrap();
    // What a scheme gave (the demo books none): one order with one line's scheme amount; and a
    // return (the demo records none).
    app.conn()
        .execute_batch(
            "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, order_date, created_at)
                 SELECT customer_id, agent_id, agent_id, (SELECT MIN(distributor_id) FROM distributors), date('now', 'localtime'), 0
                 FROM customers WHERE agent_id IS NOT NULL ORDER BY customer_id LIMIT 1;
             INSERT INTO order_line_schemes (order_id, product_id, scheme_id, version, amount_paise)
                 VALUES (last_insert_rowid(), (SELECT MIN(product_id) FROM products), 1, 1, 1250);
             INSERT INTO returns (customer_id, agent_id, entered_by, client_id, reason, taxable_paise, tax_paise, value_paise, created_at)
                 SELECT customer_id, agent_id, agent_id, 'formats-return', 'expired', 1000, 180, 1180, CAST(strftime('%s', 'now') AS INTEGER)
                 FROM customers WHERE agent_id IS NOT NULL ORDER BY customer_id LIMIT 1;
             INSERT INTO return_lines (return_id, line_no, product_id, quantity, batch, expiry, valued_from, taxable_paise, tax_paise)
                 VALUES (last_insert_rowid(), 1, (SELECT MIN(product_id) FROM products), 2, 'B-1', '2026-01-31', 'list', 1000, 180);",
        )
        .unwrap();
    let formats = Formats::default();
    let today = fieldsales::clock::today().format("%Y-%m-%d").to_string();
    let mut checked: HashMap<Kind, usize> = HashMap::new();
    let conn_columns = |report: &fieldsales::reports::defs::Report| -> Vec<Column> {
        let conn = app.conn();
        let stmt = conn.prepare(&fieldsales::reports::with_scope(report.sql, fieldsales::platform::scope::Scope::All)).unwrap();
        stmt.column_names().into_iter().map(Column::declared).collect()
    };
    for report in fieldsales::reports::defs::ALL {
        let columns = conn_columns(report);
        let r = app.get(&format!("/report/{}?fromDate=2020-01-01&toDate={today}", report.name), Some(&admin)).await;
        assert_eq!(r.status, StatusCode::OK, "{}: {}", report.name, r.body);
        let bytes = fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap();
        let (table, styles) = (cells(&bytes), cell_formats(&bytes));
        assert!(table.len() > 1, "{} has rows to check", report.name);
        for (c, column) in columns.iter().enumerate() {
            assert_eq!(table[0][c], Data::String(column.header.clone()), "{}: the header has no kind", report.name);
            assert!(
                column.kind == Kind::Money || !names_money(&column.header),
                "{}: {} names money: declare it `:money`",
                report.name,
                column.header
            );
            for (n, row) in table.iter().enumerate().skip(1) {
                let cell = &row[c];
                let at = format!("{} row {n} {}: {cell:?}", report.name, column.header);
                match (column.kind, cell) {
                    (_, Data::Empty) => continue,
                    (Kind::General, Data::String(text)) => {
                        assert!(!looks_like_a_date_or_time(text), "{at}: a date as text: declare the column's kind");
                        continue;
                    }
                    (Kind::General, _) => continue,
                    (Kind::Date | Kind::DateTime | Kind::Time | Kind::TimeSeconds, Data::DateTime(_)) => {}
                    (Kind::Money | Kind::Percent, Data::Float(_) | Data::Int(_)) => {}
                    _ => panic!("{at}: not a cell of its kind"),
                }
                assert_eq!(styles[&(n as u32, c as u32)], expected(column.kind, &formats), "{at}");
                *checked.entry(column.kind).or_default() += 1;
            }
        }
    }
    for kind in [Kind::Date, Kind::DateTime, Kind::Time, Kind::TimeSeconds, Kind::Money] {
        assert!(checked.get(&kind).copied().unwrap_or(0) > 0, "no {kind:?} cell was checked: {checked:?}");
    }
}

#[tokio::test]
async fn a_date_cell_reads_back_as_its_day_and_money_as_its_amount() {
    let app = TestApp::new();
    activity(&app).await;
    let admin = app.as_admin().await;
    let today = fieldsales::clock::today();
    let t = today.format("%Y-%m-%d");
    let r = app.get(&format!("/report/customer-visit?fromDate={t}&toDate={t}&search=B100001"), Some(&admin)).await;
    let table = cells(&fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap());
    let Data::DateTime(day) = &table[1][0] else { panic!("{:?}", table[1][0]) };
    assert_eq!(day.as_f64(), fieldsales::platform::formats::excel_day(today));
    assert!(day.is_datetime());
    let Data::DateTime(time) = &table[1][1] else { panic!("{:?}", table[1][1]) };
    assert!((0.0..1.0).contains(&time.as_f64()), "a time of day");
    // The orders report: Unit Price and Line Total are the amounts, exact to the paisa.
    let r = app.get(&format!("/report/orders?fromDate=2020-01-01&toDate={t}"), Some(&admin)).await;
    let bytes = fetch(&app, r.body["excelPath"].as_str().unwrap()).await.unwrap();
    let table = cells(&bytes);
    let (price, total): (f64, f64) = app
        .conn()
        .query_row(
            "SELECT unit_price_paise / 100.0, line_total_paise / 100.0 FROM order_lines ORDER BY order_date, line_id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    // Issue #52: the stored figures sit between them (Gross ... IGST); Line Total is the 22nd column.
    assert_eq!((table[1][13].clone(), table[1][21].clone()), (Data::Float(price), Data::Float(total)));
    let code = &cell_formats(&bytes)[&(1, 13)];
    assert_eq!(code, r##"[>=10000000]"₹"#\,##\,##\,##0.00;[>=100000]"₹"#\,##\,##0.00;"₹"#,##0.00"##, "Indian grouping with the rupee");
}

/// Books an order for a customer whose distributor has an email, mails the waiting orders in
/// `locale`'s formats and gives back the mail to that distributor, its workbook's cells and their
/// formats, and the order's number and day.
async fn mailed_in(locale: &str) -> (Value, Vec<Vec<Data>>, HashMap<(u32, u32), String>, String) {
    let app = TestApp::with(|c| c.locale = locale.into());
    let agent = app.as_agent(1).await;
    let (product, buyer): (i64, String) = app
        .conn()
        .query_row(
            "SELECT (SELECT product_id FROM products WHERE name = 'Cola 300ml'),
                    (SELECT c.buyer_id FROM customers c JOIN users u ON u.uid = c.agent_id
                     WHERE u.email = 'agent1@demo.test' AND c.customer_id NOT IN (SELECT customer_id FROM orders)
                       AND (SELECT d.email FROM order_lines o JOIN distributors d ON d.name = o.seller_name
                            WHERE o.customer_id = c.customer_id ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1) IS NOT NULL
                     ORDER BY c.buyer_id LIMIT 1)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    // 5,000 colas: the total passes a lakh.
    let r =
        app.post("/users/order", Some(&agent), json!({ "buyerId": buyer, "lines": [{ "productId": product, "quantity": 5000 }] })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let number = r.body["orderNumber"].as_str().unwrap().to_string();
    let distributor = r.body["distributorName"].as_str().unwrap().to_string();
    fieldsales::orders::send::send_submitted_for(&app.state.pool, &app.state.mailer, &app.state.config).await.unwrap().unwrap();
    let email: String = app.conn().query_row("SELECT email FROM distributors WHERE name = ?1", [&distributor], |r| r.get(0)).unwrap();
    let mail = app.outbox().into_iter().find(|m| m["to"] == email.as_str()).expect("a mail to the distributor");
    let bytes = std::fs::read(mail["attachment"].as_str().unwrap()).unwrap();
    (mail, cells(&bytes), cell_formats(&bytes), number)
}

#[tokio::test]
async fn the_order_mail_follows_the_companys_locale() {
    let today = fieldsales::clock::today();
    for locale in ["en-IN", "hi-IN"] {
        let formats = Formats::of(locale, "INR");
        let (mail, table, styles, number) = mailed_in(locale).await;
        let (subject, body) = (mail["subject"].as_str().unwrap(), mail["body"].as_str().unwrap());
        let header: Vec<String> = table[0].iter().map(|c| c.to_string()).collect();
        let line = body.lines().find(|l| l.starts_with(&number)).unwrap_or_else(|| panic!("{body}"));
        let row = table.iter().find(|r| r[0].to_string() == number).expect("the order's line");
        // The day in the spec's form, the total with the rupee and Indian grouping.
        assert!(line.contains(&format!("  {}  ", formats.date(today))), "{line}");
        let total_at = fieldsales::orders::send::TOTAL_COLUMN;
        let Data::Float(total) = row[total_at] else { panic!("{:?}", row[total_at]) };
        assert!(total >= 100_000.0, "{total}");
        let paise = (total * 100.0).round() as i64;
        assert!(line.ends_with(&formats.money(fieldsales::platform::money::Money::from_paise(paise))), "{line}");
        assert!(line.contains(",00"), "Indian grouping: {line}");
        if locale == "hi-IN" {
            assert!(subject.contains("के लिए ऑर्डर") && subject.ends_with("1 ऑर्डर"), "{subject}");
            assert!(body.starts_with("प्रिय ") && line.contains("1 पंक्ति") && line.contains("कुल ₹"), "{body}");
            assert!(!formats.date(today).chars().any(|c| c.is_ascii_alphabetic()), "a Hindi month: {line}");
            assert_eq!(header, fieldsales::orders::send::COLUMNS_HI);
        } else {
            assert!(subject.starts_with("Orders for ") && subject.ends_with("1 order(s) from fieldsales"), "{subject}");
            assert!(body.starts_with("Dear ") && line.contains("1 line(s)") && line.contains("total ₹"), "{body}");
            assert_eq!(header, fieldsales::orders::send::COLUMNS);
        }
        // The workbook: a date cell and money cells, in the company's formats.
        let r = table.iter().position(|r| r[0].to_string() == number).unwrap() as u32;
        let Data::DateTime(day) = &row[1] else { panic!("{:?}", row[1]) };
        assert_eq!(day.as_f64(), fieldsales::platform::formats::excel_day(today));
        assert_eq!(styles[&(r, 1)], formats.excel_date());
        assert_eq!(styles[&(r, 8)], formats.excel_money());
        assert_eq!(styles[&(r, total_at as u32)], formats.excel_money());
    }
}

/// An upload's result workbook shows its dates and prices as the reports do: the uploaded date a
/// date cell, the price a number in the currency format; a cell that is none stays the text given.
#[tokio::test]
async fn an_uploads_result_keeps_dates_and_prices_as_dates_and_numbers() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let header = [
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
    let rows: [[&str; 10]; 3] = [
        header,
        ["FR-1", "2026-11-08", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "125000.5", "", ""],
        ["FR-2", "not a date", "B100001", "Metro Wholesale", "Cola 300ml", "CL-300", "1", "cheap", "", ""],
    ];
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *value).unwrap();
        }
    }
    let parts = vec![("orderdata", crate::support::Part::File { name: "upload.xlsx", bytes: book.save_to_buffer().unwrap() })];
    let r = app.multipart("/users/order/upload", Some(&admin), parts).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let bytes = fetch(&app, r.body["excelLink"].as_str().unwrap()).await.unwrap();
    let (table, styles) = (cells(&bytes), cell_formats(&bytes));
    let Data::DateTime(day) = &table[1][1] else { panic!("{:?}", table[1][1]) };
    assert_eq!(day.as_f64(), fieldsales::platform::formats::excel_day(chrono::NaiveDate::from_ymd_opt(2026, 11, 8).unwrap()));
    assert_eq!(styles[&(1, 1)], "dd-mmm-yyyy");
    assert_eq!(table[1][7], Data::Float(125000.5));
    assert_eq!(styles[&(1, 7)], Formats::default().excel_money());
    assert_eq!((table[2][1].clone(), table[2][7].clone()), (Data::String("not a date".into()), Data::String("cheap".into())));
    assert_eq!(table[1][10], Data::String("Uploaded".into()));
}
