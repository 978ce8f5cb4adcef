//! `TestApp`: a migrated, demo-seeded temporary database and the real router, driven in-process.

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use fieldsales::platform::config::Config;
use fieldsales::platform::state::AppState;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tempfile::TempDir;
use tower::ServiceExt;

pub const PASSWORD: &str = "Demo12345678";
const XSRF: &str = "test-xsrf-token";

pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    /// Keeps the temporary folder alive as long as the app.
    _dir: TempDir,
}

/// A response: status and JSON body (`Value::Null` when the body is not JSON).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
    pub headers: axum::http::HeaderMap,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
    /// Asserts the status and the exact `message`.
    pub fn expect(&self, status: StatusCode, message: &str) {
        assert_eq!(self.status, status, "body: {}", self.body);
        assert_eq!(self.message(), message, "body: {}", self.body);
    }
}

/// A migrated, demo-seeded database made once per test run; every test works on its own copy.
fn template() -> &'static std::path::Path {
    static TEMPLATE: std::sync::OnceLock<(TempDir, PathBuf)> = std::sync::OnceLock::new();
    &TEMPLATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("template.db");
            let conn_path = path.clone();
            let mut conn = rusqlite::Connection::open(&conn_path).expect("open template");
            fieldsales::platform::db::migrate(&mut conn).expect("migrate");
            fieldsales::app::seed::demo(&mut conn).expect("demo");
            // Leave everything in the main file, so a plain copy is the whole database.
            conn.execute_batch("PRAGMA journal_mode = DELETE;").expect("checkpoint");
            (dir, path)
        })
        .1
}

impl TestApp {
    pub fn new() -> Self {
        Self::with(|_| {})
    }

    /// A test app whose configuration `tune` adjusts (the sign-in rate limits are off by default).
    pub fn with(tune: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::new(dir.path().join("test.db"), dir.path().join("data"));
        config.login_rate_per_minute = 0;
        config.account_login_rate_per_minute = 0;
        tune(&mut config);
        std::fs::copy(template(), &config.db_path).expect("copy the template database");
        let pool = fieldsales::platform::db::open_pool(&config.db_path).expect("pool");
        let state = AppState::new(pool, config).expect("state");
        let router = fieldsales::app::web::app(fieldsales::app::web::App::new(state.clone()))
            .layer(MockConnectInfo(SocketAddr::from(([10, 1, 2, 3], 4000))));
        TestApp { router, state, _dir: dir }
    }

    pub fn db_path(&self) -> PathBuf {
        self.state.config.db_path.clone()
    }

    pub fn conn(&self) -> r2d2::PooledConnection<fieldsales::platform::db::Connections> {
        self.state.pool.get().expect("conn")
    }

    /// Sends a request with the anti-forgery cookie and header a browser would send.
    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        let mut req =
            Request::builder().method(method).uri(path).header(header::COOKIE, format!("XSRF-TOKEN={XSRF}")).header("X-XSRF-TOKEN", XSRF);
        if let Some(token) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let req = match body {
            Some(body) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())),
            None => req.body(Body::empty()),
        }
        .expect("request");
        self.send(req).await
    }

    pub async fn send(&self, req: Request<Body>) -> Reply {
        let response = self.router.clone().oneshot(req).await.expect("router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Reply { status, body, headers }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(Method::GET, &format!("/webapi/api{path}"), token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call(Method::POST, &format!("/webapi/api{path}"), token, Some(body)).await
    }

    pub async fn login_with(&self, email: &str, password: &str) -> Reply {
        self.post("/login/auth", None, json!({ "userName": email, "password": password, "terms": true, "loginMethod": "password" })).await
    }

    /// Signs a demo user in and returns the token.
    pub async fn token(&self, email: &str) -> String {
        self.token_with(email, PASSWORD).await
    }

    pub async fn token_with(&self, email: &str, password: &str) -> String {
        let reply = self.login_with(email, password).await;
        assert_eq!(reply.status, StatusCode::OK, "login {email}: {}", reply.body);
        reply.body["token"].as_str().expect("token").to_string()
    }

    pub async fn as_admin(&self) -> String {
        self.token("admin@demo.test").await
    }
    pub async fn as_agent(&self, n: u32) -> String {
        self.token(&format!("agent{n}@demo.test")).await
    }

    /// The mails written to the outbox so far.
    pub fn outbox(&self) -> Vec<Value> {
        std::fs::read_to_string(self.state.config.outbox_path())
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).expect("outbox line is JSON"))
            .collect()
    }

    /// The value after `label` in the newest mail to `to` (e.g. "Code: ").
    pub fn mailed(&self, to: &str, label: &str) -> String {
        let mail = self.outbox().into_iter().rev().find(|m| m["to"] == to).expect("a mail to the user");
        let body = mail["body"].as_str().expect("body");
        body.lines().find_map(|l| l.strip_prefix(label)).unwrap_or_else(|| panic!("no {label:?} line in {body}")).trim().to_string()
    }

    /// Runs the real binary against this test's database.
    pub fn cli(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales"))
            .arg("--db")
            .arg(self.db_path())
            .arg("--data-dir")
            .arg(&self.state.config.data_dir)
            .args(args)
            .env_remove("FIELDSALES_SMTP_URL")
            .output()
            .expect("run fieldsales")
    }
}

/// One part of a multipart form: a text field or a file.
pub enum Part<'a> {
    Text(&'a str),
    File { name: &'a str, bytes: Vec<u8> },
}

impl TestApp {
    /// Posts a multipart form the way a browser does.
    pub async fn multipart(&self, path: &str, token: Option<&str>, parts: Vec<(&str, Part<'_>)>) -> Reply {
        let boundary = "----fieldsales-test-boundary";
        let mut body = Vec::new();
        for (field, part) in parts {
            body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
            match part {
                Part::Text(text) => {
                    body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{field}\"\r\n\r\n{text}\r\n").as_bytes());
                }
                Part::File { name, bytes } => {
                    body.extend_from_slice(
                        format!("Content-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                            .as_bytes(),
                    );
                    body.extend_from_slice(&bytes);
                    body.extend_from_slice(b"\r\n");
                }
            }
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(format!("/webapi/api{path}"))
            .header(header::COOKIE, format!("XSRF-TOKEN={XSRF}"))
            .header("X-XSRF-TOKEN", XSRF)
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"));
        if let Some(token) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let reply = self.send(req.body(Body::from(body)).expect("request")).await;
        assert_rejections_coded(path, &reply.body);
        reply
    }
}

/// Every rejected row of an upload's answer carries a code of the catalogue with the parameters
/// of its text, never the generic `upload_row_rejected` of a reason without one (issue #51).
pub fn assert_rejections_coded(path: &str, body: &Value) {
    let Some(rows) = body["data"].as_array().filter(|_| path.contains("upload")) else { return };
    let catalogue = fieldsales::app::catalogue::messages();
    for row in rows.iter().filter(|r| r.get("rowNumber").is_some()) {
        let code = row["code"].as_str().unwrap_or_else(|| panic!("a rejected row without a code: {row}"));
        assert_ne!(code, "upload_row_rejected", "a reason without a code of its own: {row}");
        let msg = catalogue.iter().find(|m| m.code == code).unwrap_or_else(|| panic!("{code} is not in the catalogue: {row}"));
        for name in msg.text.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(n, _)| n)) {
            assert!(row["params"].get(name).is_some(), "{code} lacks its parameter {name}: {row}");
        }
    }
}

/// A tiny valid PNG (1x1).
pub fn png() -> Vec<u8> {
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F,
        0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// The `CREATE TRIGGER` statement of `name` in an upgrade step's SQL.
fn trigger_of<'a>(step: &'a str, name: &str) -> &'a str {
    let start = step.find(&format!("CREATE TRIGGER IF NOT EXISTS {name} ")).unwrap_or_else(|| panic!("the step creates {name}"));
    let end = start + step[start..].find("END;").expect("the trigger ends") + "END;".len();
    &step[start..end]
}

/// Takes a fresh database back to schema version 12: every order line rewrites its customer's
/// summary row and raises the version (the trigger as step 6 created it); orders raise none
/// themselves.
pub fn downgrade_to_schema_12(conn: &rusqlite::Connection) {
    downgrade_to_schema_13(conn);
    conn.execute_batch(&format!(
        "DROP TRIGGER orders_version_insert; DROP TRIGGER orders_version_update; DROP TRIGGER customer_stats_order_insert;
         {}
         PRAGMA user_version = 12;",
        trigger_of(include_str!("../../src/buckets/prev_month_upgrade.sql"), "customer_stats_order_insert")
    ))
    .unwrap();
}

/// Every schema object (type, name, SQL) by name: an upgraded database must have those of a fresh one.
pub fn schema_objects(conn: &rusqlite::Connection) -> Vec<(String, String, Option<String>)> {
    conn.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// A workbook of text cells, row by row, as a person types them into a sheet.
pub fn workbook(rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *value).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

/// Takes a fresh database back with `downgrade` (to version `from`), migrates it, and asserts it
/// upgraded from `from` to exactly the fresh schema.
pub fn assert_upgrades_to_fresh(conn: &mut rusqlite::Connection, from: i64, downgrade: fn(&rusqlite::Connection)) {
    let fresh = schema_objects(conn);
    downgrade(conn);
    assert_ne!(schema_objects(conn), fresh, "the downgrade to {from} changed nothing");
    assert_eq!(fieldsales::platform::db::migrate(conn).unwrap(), fieldsales::platform::db::Migration::Upgraded { from });
    assert_eq!(schema_objects(conn), fresh);
}

/// Takes a fresh database back to schema version 41: no latest order line in the customers'
/// summary.
pub fn downgrade_to_schema_41(conn: &rusqlite::Connection) {
    conn.execute_batch(
        "DROP TRIGGER customer_stats_latest_line_insert; DROP TRIGGER customer_stats_latest_line_update;
         DROP TRIGGER customer_stats_latest_line_delete; ALTER TABLE customer_stats DROP COLUMN last_line_id;
         PRAGMA user_version = 41;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 40: no photos of new shops, no visits waiting
/// for a pending shop.
pub fn downgrade_to_schema_40(conn: &rusqlite::Connection) {
    downgrade_to_schema_41(conn);
    conn.execute_batch("DROP TABLE proposal_visits; DROP TABLE proposal_photos; PRAGMA user_version = 40;").unwrap();
}

/// Takes a fresh database back to schema version 39: a credit hold's reason stored as English text.
pub fn downgrade_to_schema_39(conn: &rusqlite::Connection) {
    downgrade_to_schema_40(conn);
    conn.execute_batch(
        "ALTER TABLE orders DROP COLUMN held_limit_paise; ALTER TABLE orders DROP COLUMN held_order_paise;
         ALTER TABLE orders DROP COLUMN held_open_paise; ALTER TABLE orders DROP COLUMN held_outstanding_paise; PRAGMA user_version = 39;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 38: no shelf counts, returns or new shops.
pub fn downgrade_to_schema_38(conn: &rusqlite::Connection) {
    downgrade_to_schema_39(conn);
    conn.execute_batch(
        "DROP TABLE proposal_orders; DROP TABLE outlet_proposals; DROP TABLE return_allocations; DROP TABLE return_lines;
         DROP TABLE returns; DROP TABLE shelf_count_lines; DROP TABLE shelf_counts; PRAGMA user_version = 38;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 37: the search index merges inside its writes.
pub fn downgrade_to_schema_37(conn: &rusqlite::Connection) {
    downgrade_to_schema_38(conn);
    conn.execute_batch("INSERT INTO customers_fts (customers_fts, rank) VALUES ('automerge', 4); PRAGMA user_version = 37;").unwrap();
}

/// Takes a fresh database back to schema version 36: no targets, holidays or incentive slabs.
pub fn downgrade_to_schema_36(conn: &rusqlite::Connection) {
    downgrade_to_schema_37(conn);
    conn.execute_batch("DROP TABLE incentive_slabs; DROP TABLE holidays; DROP TABLE targets; PRAGMA user_version = 36;").unwrap();
}

/// Takes a fresh database back to schema version 35: no index of photos by the photo they are like.
pub fn downgrade_to_schema_35(conn: &rusqlite::Connection) {
    downgrade_to_schema_36(conn);
    conn.execute_batch("DROP INDEX visit_photos_similar; PRAGMA user_version = 35;").unwrap();
}

/// Takes a fresh database back to schema version 33: no GST columns, no schemes.
pub fn downgrade_to_schema_33(conn: &rusqlite::Connection) {
    downgrade_to_schema_35(conn);
    conn.execute_batch(
        "DROP TABLE order_line_schemes; DROP TABLE order_free_lines; DROP TABLE schemes; DROP TABLE scheme_set; ALTER TABLE customers DROP COLUMN gstin;
         ALTER TABLE distributors DROP COLUMN gstin; ALTER TABLE distributors DROP COLUMN state;
         ALTER TABLE products DROP COLUMN gst_rate_bp; ALTER TABLE products DROP COLUMN hsn;
         ALTER TABLE order_lines DROP COLUMN line_total_paise; ALTER TABLE order_lines DROP COLUMN igst_paise; ALTER TABLE order_lines DROP COLUMN sgst_paise; ALTER TABLE order_lines DROP COLUMN cgst_paise; ALTER TABLE order_lines DROP COLUMN gst_rate_bp; ALTER TABLE order_lines DROP COLUMN taxable_paise; ALTER TABLE order_lines DROP COLUMN discount_paise; ALTER TABLE order_lines DROP COLUMN gross_paise; ALTER TABLE cancelled_lines DROP COLUMN line_total_paise; ALTER TABLE cancelled_lines DROP COLUMN igst_paise; ALTER TABLE cancelled_lines DROP COLUMN sgst_paise; ALTER TABLE cancelled_lines DROP COLUMN cgst_paise; ALTER TABLE cancelled_lines DROP COLUMN gst_rate_bp; ALTER TABLE cancelled_lines DROP COLUMN taxable_paise; ALTER TABLE cancelled_lines DROP COLUMN discount_paise; ALTER TABLE cancelled_lines DROP COLUMN gross_paise; ALTER TABLE orders DROP COLUMN scheme_version; ALTER TABLE orders DROP COLUMN igst_paise; ALTER TABLE orders DROP COLUMN sgst_paise; ALTER TABLE orders DROP COLUMN cgst_paise; ALTER TABLE orders DROP COLUMN taxable_paise; ALTER TABLE orders DROP COLUMN discount_paise; ALTER TABLE orders DROP COLUMN gross_paise; PRAGMA user_version = 33;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 32: uploads without the record of how far they got.
pub fn downgrade_to_schema_32(conn: &rusqlite::Connection) {
    downgrade_to_schema_33(conn);
    conn.execute_batch(
        "DROP INDEX uploads_by; ALTER TABLE uploads DROP COLUMN stopped_reason; ALTER TABLE uploads DROP COLUMN stopped_code; ALTER TABLE uploads DROP COLUMN last_row;
         ALTER TABLE uploads DROP COLUMN state; PRAGMA user_version = 32;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 31: no index of customers by name.
pub fn downgrade_to_schema_31(conn: &rusqlite::Connection) {
    downgrade_to_schema_32(conn);
    conn.execute_batch("DROP INDEX customers_name; PRAGMA user_version = 31;").unwrap();
}

/// Takes a fresh database back to schema version 30 (as this branch knows it): payments have no
/// `pending` status. The step's own statements with the older CHECK.
pub fn downgrade_to_schema_30(conn: &rusqlite::Connection) {
    downgrade_to_schema_31(conn);
    let step = include_str!("../../src/collections/approval_upgrade.sql");
    let older = step.replace("('pending', 'collected', 'deposited', 'reversed')", "('collected', 'deposited', 'reversed')");
    assert_ne!(older, step, "step 31 names the pending status");
    conn.execute_batch(&format!("{older}\nPRAGMA user_version = 30;")).unwrap();
}

/// Takes a fresh database back to schema version 28: the failed-login lock on the users row, one
/// for the whole account (its columns added last, where step 29 then drops them), and no alerts.
pub fn downgrade_to_schema_28(conn: &rusqlite::Connection) {
    downgrade_to_schema_30(conn);
    conn.execute_batch(
        "DROP TABLE sign_in_alerts; DROP TABLE sign_in_locks;
         ALTER TABLE users ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
         ALTER TABLE users ADD COLUMN locked_until INTEGER;
         ALTER TABLE users ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0;
         PRAGMA user_version = 28;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 27: no claimed taps of a working day.
pub fn downgrade_to_schema_27(conn: &rusqlite::Connection) {
    downgrade_to_schema_28(conn);
    conn.execute_batch(
        "ALTER TABLE work_days DROP COLUMN end_claimed; ALTER TABLE work_days DROP COLUMN start_claimed; PRAGMA user_version = 27;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 25: no day started by the first visit or order.
pub fn downgrade_to_schema_25(conn: &rusqlite::Connection) {
    downgrade_to_schema_27(conn);
    conn.execute_batch("DROP TRIGGER work_days_visit_insert; DROP TRIGGER work_days_order_insert; PRAGMA user_version = 25;").unwrap();
}

/// Takes a fresh database back to schema version 24: no photos, working days or collections, and
/// no credit limits or holds.
pub fn downgrade_to_schema_24(conn: &rusqlite::Connection) {
    downgrade_to_schema_25(conn);
    conn.execute_batch(
        "DROP TABLE payment_allocations; DROP TABLE payments; DROP TABLE invoices;
         DROP TABLE work_days; DROP TABLE visit_photos;
         DROP INDEX orders_held;
         ALTER TABLE customers DROP COLUMN credit_limit_paise;
         ALTER TABLE orders DROP COLUMN credit_hold;
         ALTER TABLE orders DROP COLUMN held_reason;
         ALTER TABLE orders DROP COLUMN credit_decided_by;
         ALTER TABLE orders DROP COLUMN credit_decided_at;
         ALTER TABLE orders DROP COLUMN credit_decision_reason;
         PRAGMA user_version = 24;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 23: no language of a user's own, and the kept
/// signed-in user's trigger as step 15 created it.
pub fn downgrade_to_schema_23(conn: &rusqlite::Connection) {
    downgrade_to_schema_24(conn);
    let step = include_str!("../../src/auth/session_changes_upgrade.sql");
    let start = step.find("CREATE TRIGGER IF NOT EXISTS users_changed_update\n").expect("step 15 creates users_changed_update");
    let end = start + step[start..].find("END;").expect("the trigger ends") + "END;".len();
    conn.execute_batch(&format!(
        "DROP TRIGGER users_changed_update;
         ALTER TABLE users DROP COLUMN locale;
         {}
         PRAGMA user_version = 23;",
        &step[start..end]
    ))
    .unwrap();
}

/// Takes a fresh database back to schema version 22: prices and totals in REAL columns (`price`,
/// `unit_price`, `total`) of the currency unit instead of INTEGER paise, as before step 23. Each is
/// added where step 23 then drops it, so the upgrade leaves the fresh schema's text.
pub fn downgrade_to_schema_22(conn: &rusqlite::Connection) {
    downgrade_to_schema_23(conn);
    conn.execute_batch(
        "ALTER TABLE products ADD COLUMN price REAL CHECK (price >= 0);
         UPDATE products SET price = price_paise / 100.0;
         ALTER TABLE products DROP COLUMN price_paise;
         ALTER TABLE order_lines ADD COLUMN unit_price REAL NOT NULL DEFAULT 0;
         UPDATE order_lines SET unit_price = unit_price_paise / 100.0;
         ALTER TABLE order_lines DROP COLUMN unit_price_paise;
         ALTER TABLE cancelled_lines ADD COLUMN unit_price REAL NOT NULL DEFAULT 0;
         UPDATE cancelled_lines SET unit_price = unit_price_paise / 100.0;
         ALTER TABLE cancelled_lines DROP COLUMN unit_price_paise;
         ALTER TABLE orders ADD COLUMN total REAL NOT NULL DEFAULT 0;
         UPDATE orders SET total = total_paise / 100.0;
         ALTER TABLE orders DROP COLUMN total_paise;
         PRAGMA user_version = 22;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 21: without the record of uploads.
pub fn downgrade_to_schema_21(conn: &rusqlite::Connection) {
    downgrade_to_schema_22(conn);
    conn.execute_batch("DROP TABLE uploads; PRAGMA user_version = 21;").unwrap();
}

/// Takes a fresh database back to schema version 20: without the sign-in lock's columns and the
/// impersonated session's parent, and with every proposed position from a visit, with its accuracy
/// (proposals without a visit are left out), as before step 21.
pub fn downgrade_to_schema_20(conn: &rusqlite::Connection) {
    downgrade_to_schema_21(conn);
    conn.execute_batch(
        "DROP INDEX sessions_parent; ALTER TABLE sessions DROP COLUMN parent_session_id;
         ALTER TABLE users DROP COLUMN lock_count; ALTER TABLE users DROP COLUMN locked_until;
         ALTER TABLE location_proposals RENAME TO proposals_21;
         CREATE TABLE location_proposals (
             customer_id INTEGER PRIMARY KEY REFERENCES customers(customer_id),
             visit_id    INTEGER NOT NULL REFERENCES visits(visit_id),
             latitude    REAL NOT NULL,
             longitude   REAL NOT NULL,
             accuracy    REAL NOT NULL,
             proposed_at INTEGER NOT NULL
         );
         INSERT INTO location_proposals SELECT customer_id, visit_id, latitude, longitude, accuracy, proposed_at
             FROM proposals_21 WHERE visit_id IS NOT NULL AND accuracy IS NOT NULL;
         DROP TABLE proposals_21;
         PRAGMA user_version = 20;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 19: every customer added gets its summary row
/// from the insert trigger (as step 2 created it), an upload's too.
pub fn downgrade_to_schema_19(conn: &rusqlite::Connection) {
    downgrade_to_schema_20(conn);
    conn.execute_batch(&format!(
        "DROP TRIGGER customer_stats_customer_insert; DROP TABLE customer_stats_deferred;
         {}
         PRAGMA user_version = 19;",
        trigger_of(include_str!("../../src/buckets/stats_upgrade.sql"), "customer_stats_customer_insert")
    ))
    .unwrap();
}

/// Takes a fresh database back to schema version 18: a product's lines indexed by date alone.
pub fn downgrade_to_schema_18(conn: &rusqlite::Connection) {
    downgrade_to_schema_19(conn);
    conn.execute_batch(
        "DROP INDEX order_lines_product;
         CREATE INDEX order_lines_product ON order_lines(product_name, order_date);
         PRAGMA user_version = 18;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 17: a booked order's lines in `order_items`, and
/// a copy of them in `order_lines` while the order is not cancelled.
pub fn downgrade_to_schema_17(conn: &rusqlite::Connection) {
    downgrade_to_schema_18(conn);
    conn.execute_batch(
        "CREATE TABLE order_items (
             item_id      INTEGER PRIMARY KEY,
             order_id     INTEGER NOT NULL REFERENCES orders(order_id),
             product_id   INTEGER NOT NULL REFERENCES products(product_id),
             product_name TEXT NOT NULL,
             sku          TEXT,
             quantity     INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
             unit_price   REAL NOT NULL
         );
         CREATE UNIQUE INDEX order_items_product ON order_items(order_id, product_id);
         INSERT INTO order_items (order_id, product_id, product_name, sku, quantity, unit_price)
         SELECT order_id, product_id, product_name, sku, quantity, unit_price FROM (
             SELECT line_id, CAST(substr(order_id, 4) AS INTEGER) AS order_id, product_id, product_name, sku,
                    CAST(qty_shipped AS INTEGER) AS quantity, unit_price
             FROM order_lines WHERE source = 'app'
             UNION ALL
             SELECT line_id + 1000000000, order_id, product_id, product_name, sku, quantity, unit_price FROM cancelled_lines)
         ORDER BY line_id;
         DROP TABLE cancelled_lines;
         ALTER TABLE order_lines DROP COLUMN product_id;
         ALTER TABLE orders DROP COLUMN line_count;
         PRAGMA user_version = 17;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 16: every order line applies itself to its
/// customer's summary and raises the owner's version when it changes it (the trigger as step 13
/// created it), booked lines too; orders apply nothing themselves.
pub fn downgrade_to_schema_16(conn: &rusqlite::Connection) {
    downgrade_to_schema_17(conn);
    conn.execute_batch(&format!(
        "DROP TRIGGER customer_stats_booking_insert; DROP TRIGGER customer_stats_order_insert;
         DROP TRIGGER customer_orders_applied_insert; DROP VIEW customer_orders_applied;
         {}
         PRAGMA user_version = 16;",
        trigger_of(include_str!("../../src/buckets/order_versions_upgrade.sql"), "customer_stats_order_insert")
    ))
    .unwrap();
}

/// Takes a fresh database back to schema version 15: the customer search index of step 8, with a
/// copy of its text and the owner column, and the index on the customers' mobile (step 16 drops
/// them).
pub fn downgrade_to_schema_15(conn: &rusqlite::Connection) {
    downgrade_to_schema_16(conn);
    conn.execute_batch(
        "DROP TABLE customers_fts;
         CREATE VIRTUAL TABLE customers_fts USING fts5(buyer_id, name, mobile, owner, tokenize = 'unicode61', prefix = '2 3 4');
         INSERT INTO customers_fts (rowid, buyer_id, name, mobile, owner)
         SELECT customer_id, buyer_id, name, mobile, 'a' || COALESCE(agent_id, 0) FROM customers;
         CREATE INDEX customers_mobile ON customers(mobile);",
    )
    .unwrap();
    // Step 8's index triggers, which wrote the owner too, and its deferral without `above`.
    conn.execute_batch("DROP TABLE customers_fts_deferred;").unwrap();
    conn.execute_batch(include_str!("../../src/customers/search_index_upgrade.sql")).unwrap();
    conn.execute_batch("PRAGMA user_version = 15;").unwrap();
}

/// Takes a fresh database back to schema version 14: without the session-table counter of step 15.
pub fn downgrade_to_schema_14(conn: &rusqlite::Connection) {
    downgrade_to_schema_15(conn);
    conn.execute_batch(
        "DROP TRIGGER sessions_changed_update; DROP TRIGGER sessions_changed_delete;
         DROP TRIGGER users_changed_update; DROP TRIGGER users_changed_delete;
         DROP TRIGGER user_type_rights_changed_insert; DROP TRIGGER user_type_rights_changed_update;
         DROP TRIGGER user_type_rights_changed_delete; DROP TABLE session_table_changes;
         PRAGMA user_version = 14;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 13: without the version triggers of step 14.
pub fn downgrade_to_schema_13(conn: &rusqlite::Connection) {
    downgrade_to_schema_14(conn);
    conn.execute_batch(
        "DROP TRIGGER customers_version_update; DROP TRIGGER users_version_update;
         DROP TRIGGER order_lines_version_insert; DROP TRIGGER order_lines_version_update;
         DROP TRIGGER visits_version_update; DROP TRIGGER visits_version_delete;
         PRAGMA user_version = 13;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 11: the customer's order lines indexed by date.
pub fn downgrade_to_schema_11(conn: &rusqlite::Connection) {
    downgrade_to_schema_12(conn);
    conn.execute_batch(
        "DROP INDEX order_lines_customer; CREATE INDEX order_lines_customer ON order_lines(customer_id, order_date);
         PRAGMA user_version = 11;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 10: without the productive orders' index of
/// step 11.
pub fn downgrade_to_schema_10(conn: &rusqlite::Connection) {
    downgrade_to_schema_11(conn);
    conn.execute_batch("DROP INDEX orders_productive; PRAGMA user_version = 10;").unwrap();
}

/// Takes a fresh database back to schema version 9: without the visits' day summary of step 10.
pub fn downgrade_to_schema_9(conn: &rusqlite::Connection) {
    downgrade_to_schema_10(conn);
    conn.execute_batch("DROP TRIGGER visit_days_visit_insert; DROP TABLE visit_days; PRAGMA user_version = 9;").unwrap();
}

/// Takes a fresh database back to schema version 8: without the beat version triggers of step 9.
pub fn downgrade_to_schema_8(conn: &rusqlite::Connection) {
    downgrade_to_schema_9(conn);
    conn.execute_batch(
        "DROP TRIGGER beats_version; DROP TRIGGER beat_days_version_insert; DROP TRIGGER beat_days_version_update;
         DROP TRIGGER beat_stops_version_insert; DROP TRIGGER beat_stops_version_update; DROP TRIGGER beat_stops_version_delete;
         PRAGMA user_version = 8;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 7: without the deferred customer search index
/// of upgrade step 8 (whose index triggers step 8 replaces).
pub fn downgrade_to_schema_7(conn: &rusqlite::Connection) {
    downgrade_to_schema_8(conn);
    conn.execute_batch(
        "DROP TRIGGER customers_fts_defer_insert; DROP TRIGGER customers_fts_defer_delete; DROP TRIGGER customers_fts_defer_update;
         DROP TRIGGER customers_fts_insert; DROP TRIGGER customers_fts_delete; DROP TRIGGER customers_fts_update;
         DROP TABLE customers_fts_deferred; DROP TABLE customers_fts_pending;
         PRAGMA user_version = 7;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 5: without the delivery search index of upgrade
/// step 7 and the previous order month of step 6 (whose order-line triggers step 6 replaces).
pub fn downgrade_to_schema_5(conn: &rusqlite::Connection) {
    downgrade_to_schema_7(conn);
    conn.execute_batch(
        "DROP TRIGGER delivery_terms_insert; DROP TRIGGER delivery_terms_update; DROP TRIGGER delivery_terms_delete;
         DROP TRIGGER delivery_terms_customer_update; DROP VIEW delivery_terms_source; DROP TABLE delivery_terms;
         DROP TRIGGER customer_stats_order_insert; DROP TRIGGER customer_stats_order_update; DROP TRIGGER customer_stats_order_delete;
         DROP INDEX customer_stats_agent; ALTER TABLE customer_stats DROP COLUMN prev_order_month;
         CREATE INDEX customer_stats_agent ON customer_stats(agent_id, last_visit_at, last_order_date, retailer_type);
         PRAGMA user_version = 5;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 4: without the beat plans of upgrade step 5.
pub fn downgrade_to_schema_4(conn: &rusqlite::Connection) {
    downgrade_to_schema_5(conn);
    conn.execute_batch(
        "DROP TRIGGER beat_stops_customer_delete;
         DROP TABLE beat_stops; DROP TABLE beat_days; DROP TABLE beats;
         PRAGMA user_version = 4;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 3: without the order-booking objects of upgrade
/// step 4 (and the beats of step 5). Booked orders' lines stay in `order_lines` (they read as
/// uploaded lines there).
pub fn downgrade_to_schema_3(conn: &rusqlite::Connection) {
    downgrade_to_schema_4(conn);
    conn.execute_batch(
        "DROP TABLE order_items; DROP TABLE orders;
         ALTER TABLE products DROP COLUMN price; ALTER TABLE products DROP COLUMN pack_size;
         ALTER TABLE products DROP COLUMN category; ALTER TABLE products DROP COLUMN active;
         ALTER TABLE distributors DROP COLUMN email;
         ALTER TABLE order_lines DROP COLUMN source;
         PRAGMA user_version = 3;",
    )
    .unwrap();
}

/// Takes a fresh database back to schema version 2: without the objects of upgrade step 4 and
/// the check-in objects of upgrade step 3.
pub fn downgrade_to_schema_2(conn: &rusqlite::Connection) {
    downgrade_to_schema_3(conn);
    conn.execute_batch(
        "DROP INDEX visits_client;
         ALTER TABLE visits DROP COLUMN client_id; ALTER TABLE visits DROP COLUMN device_time;
         ALTER TABLE visits DROP COLUMN received_at; ALTER TABLE visits DROP COLUMN accuracy;
         ALTER TABLE visits DROP COLUMN distance_m; ALTER TABLE visits DROP COLUMN location_status;
         DROP TRIGGER customer_removals_delete; DROP TRIGGER customer_removals_reassign;
         DROP TABLE customer_removals; DROP TABLE location_proposals;
         PRAGMA user_version = 2;",
    )
    .unwrap();
}
