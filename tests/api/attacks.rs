//! Attacks on sign-in (guessing spread over addresses and endpoints, a stranger holding an owner's
//! lock), and the security headers and body limits every kind of response and every POST route must keep.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Method, Request, StatusCode};
use serde_json::{json, Value};

use crate::support::{png, Part, Reply, TestApp, PASSWORD};

const ACCOUNT_LIMITED: &str = "Too many sign-in attempts for this account. Please wait a minute and try again.";
const ADDRESS_LIMITED: &str = "Too many sign-in attempts. Please wait a minute and try again.";

/// A public sign-in call from `addr`, with an optional (forged) `X-Forwarded-For`.
async fn sign_in_call(app: &TestApp, path: &str, body: Value, addr: [u8; 4], forwarded: Option<&str>) -> Reply {
    let mut req = Request::builder()
        .method(Method::POST)
        .uri(format!("/webapi/api{path}"))
        .header(header::COOKIE, "XSRF-TOKEN=x")
        .header("x-xsrf-token", "x")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(f) = forwarded {
        req = req.header("x-forwarded-for", f);
    }
    let mut req = req.body(Body::from(body.to_string())).unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from((addr, 5000))));
    app.send(req).await
}

#[tokio::test]
async fn one_account_is_rate_limited_per_address_and_kind_of_call() {
    let app = TestApp::with(|c| {
        c.account_login_rate_per_minute = 5;
        c.login_rate_per_minute = 100;
    });
    let agent = |extra: Value| {
        let mut body = json!({ "userName": "Agent3@demo.test " });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let wrong = || agent(json!({ "password": "wrong-password", "terms": true }));
    let home = [10, 0, 0, 1];
    // Five wrong passwords from one address spend its password budget (the fifth locks it there).
    for _ in 0..5 {
        let r = sign_in_call(&app, "/login/auth", wrong(), home, None).await;
        assert!([StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&r.status), "{}", r.body);
    }
    // The sixth is refused before the password is tried, whatever it forwards.
    let attempts = || app.conn().query_row("SELECT COUNT(*) FROM login_attempts", [], |r| r.get::<_, i64>(0)).unwrap();
    let before = attempts();
    let r = sign_in_call(&app, "/login/auth", wrong(), home, Some("198.51.100.7")).await;
    r.expect(StatusCode::TOO_MANY_REQUESTS, ACCOUNT_LIMITED);
    assert_eq!(attempts(), before, "a refused call is not a password check");
    // The other sign-in calls of that address have their own budget, which the passwords did not spend.
    let calls = [
        ("/login/checkUser", agent(json!({})), StatusCode::OK),
        ("/login/generateOTP", agent(json!({})), StatusCode::OK),
        ("/login/authOTP", agent(json!({ "otp": "000000", "terms": true })), StatusCode::UNAUTHORIZED),
        ("/login/reset", agent(json!({})), StatusCode::OK),
        ("/login/checkUser", agent(json!({})), StatusCode::OK),
    ];
    for (path, body, status) in calls {
        let r = sign_in_call(&app, path, body, home, None).await;
        assert_eq!(r.status, status, "{path}: {}", r.body);
    }
    let r = sign_in_call(&app, "/login/checkUser", json!({ "userName": "AGENT3@DEMO.TEST" }), home, None).await;
    r.expect(StatusCode::TOO_MANY_REQUESTS, ACCOUNT_LIMITED);
    // Another address signs the account in; other accounts are untouched from the first.
    let body = json!({ "userName": "agent3@demo.test", "password": PASSWORD, "terms": true });
    assert_eq!(sign_in_call(&app, "/login/auth", body, [10, 0, 0, 2], None).await.status, StatusCode::OK);
    let body = json!({ "userName": "agent1@demo.test", "password": PASSWORD, "terms": true });
    assert_eq!(sign_in_call(&app, "/login/auth", body, home, None).await.status, StatusCode::OK);
}

/// The red team's attack (issue #49, finding 3): one anonymous client sends a wrong password for
/// the owner's account every 2 s (here a minute's worth in a row), under the shipped limits.
async fn stranger_sends_wrong_passwords(app: &TestApp, login: &str, from: [u8; 4], times: usize) -> Vec<StatusCode> {
    let wrong = json!({ "userName": login, "password": "Wrong-password-1", "terms": true, "loginMethod": "password" });
    let mut statuses = Vec::new();
    for _ in 0..times {
        statuses.push(sign_in_call(app, "/login/auth", wrong.clone(), from, None).await.status);
    }
    statuses
}

/// The application's own limits (the test app turns the sign-in limits off).
fn shipped_limits() -> TestApp {
    let shipped = fieldsales::platform::config::Config::new("x".into(), "y".into());
    TestApp::with(|c| {
        c.login_rate_per_minute = shipped.login_rate_per_minute;
        c.account_login_rate_per_minute = shipped.account_login_rate_per_minute;
    })
}

const STRANGER: [u8; 4] = [203, 0, 113, 9];
const OWNERS_PHONE: [u8; 4] = [10, 20, 30, 40];

#[tokio::test]
async fn a_stranger_sending_wrong_passwords_does_not_keep_the_owner_out() {
    let app = shipped_limits();
    let owner = "agent1@demo.test";
    let seen = stranger_sends_wrong_passwords(&app, owner, STRANGER, 30).await;
    // The stranger met the lock and then the limit, never a sign-in.
    assert_eq!(
        seen[..5],
        [StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN]
    );
    assert!(seen[5..].iter().all(|s| [StatusCode::FORBIDDEN, StatusCode::TOO_MANY_REQUESTS].contains(s)), "{seen:?}");
    assert_eq!(seen.last(), Some(&StatusCode::TOO_MANY_REQUESTS));

    // Meanwhile the owner, on their phone: the two-step sign-in with the password, ...
    let r = sign_in_call(&app, "/login/checkUser", json!({ "userName": owner }), OWNERS_PHONE, None).await;
    assert_eq!((r.status, r.body["success"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.body);
    let right = json!({ "userName": owner, "password": PASSWORD, "terms": true, "loginMethod": "password" });
    let r = sign_in_call(&app, "/login/auth", right, OWNERS_PHONE, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // ... and a mailed code.
    let r = sign_in_call(&app, "/login/generateOTP", json!({ "userName": owner }), OWNERS_PHONE, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let code = app.mailed(owner, "Code: ");
    let otp = json!({ "userName": owner, "otp": code, "terms": true, "loginMethod": "otp" });
    let r = sign_in_call(&app, "/login/authOTP", otp, OWNERS_PHONE, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    // The owner's sign-ins did not lift the stranger's lock, which holds against their address only.
    let locked_at: Vec<String> = app
        .conn()
        .prepare(
            "SELECT l.client_addr FROM sign_in_locks l JOIN users u USING (uid)
             WHERE u.email = 'agent1@demo.test' AND l.locked_until > strftime('%s', 'now')",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(locked_at, ["203.0.113.9"]);
}

#[tokio::test]
async fn calls_refused_under_a_lock_are_not_counted_and_leave_the_way_out_open() {
    let app = shipped_limits();
    let owner = "agent1@demo.test";
    // The owner mistypes five times and then tries five more times while locked, all from the phone.
    let seen = stranger_sends_wrong_passwords(&app, owner, OWNERS_PHONE, 10).await;
    assert_eq!(seen[4..], [StatusCode::FORBIDDEN; 6], "{seen:?}");
    // They did not spend the budget of the way out: the phone may ask for a mailed code.
    let r = sign_in_call(&app, "/login/checkUser", json!({ "userName": owner }), OWNERS_PHONE, None).await;
    assert_eq!((r.status, r.body["loginMethodAllowed"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.body);
    let r = sign_in_call(&app, "/login/generateOTP", json!({ "userName": owner }), OWNERS_PHONE, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // Nor did they count towards another lock or lengthen this one.
    let (failures, lock_count, left): (i64, i64, i64) = app
        .conn()
        .query_row(
            "SELECT failures, lock_count, locked_until - strftime('%s', 'now') FROM sign_in_locks WHERE client_addr = '10.20.30.40'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!((failures, lock_count), (0, 1));
    assert!((895..=900).contains(&left), "{left}");
    // The code signs in from the same phone and lifts the lock there.
    let otp = json!({ "userName": owner, "otp": app.mailed(owner, "Code: "), "terms": true, "loginMethod": "otp" });
    let r = sign_in_call(&app, "/login/authOTP", otp, OWNERS_PHONE, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let rows: i64 = app.conn().query_row("SELECT COUNT(*) FROM sign_in_locks", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 0, "the code lifted the lock against the phone");
}

#[tokio::test]
async fn an_administrators_unblock_gives_the_next_sign_in_a_fresh_budget() {
    let app = shipped_limits();
    let admin = app.as_admin().await;
    let owner = "agent1@demo.test";
    // The stranger shares the owner's address (an office's one public address): the lock and the
    // budget of that address are both spent.
    let office = [198, 51, 100, 20];
    let seen = stranger_sends_wrong_passwords(&app, owner, office, 15).await;
    assert_eq!(seen.last(), Some(&StatusCode::TOO_MANY_REQUESTS));
    let right = json!({ "userName": owner, "password": PASSWORD, "terms": true, "loginMethod": "password" });
    let r = sign_in_call(&app, "/login/auth", right.clone(), office, None).await;
    r.expect(StatusCode::TOO_MANY_REQUESTS, ACCOUNT_LIMITED);
    // The owner calls the administrator, who unblocks the account: the next sign-in goes through.
    let uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [owner], |r| r.get(0)).unwrap();
    let r = app.post(&format!("/users/unblock/{uid}"), Some(&admin), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = sign_in_call(&app, "/login/auth", right, office, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn sustained_failures_against_one_account_are_mailed_to_the_administrators_once_a_window() {
    let app = TestApp::new();
    let owner = "agent1@demo.test";
    let subject = "Repeated failed sign-ins on a fieldsales account";
    let alerts = || app.outbox().into_iter().filter(|m| m["subject"] == subject).collect::<Vec<_>>();
    // 19 failed sign-ins: twelve from the stranger (four wrong, the one that locks, seven refused
    // under the lock) and one each from seven more addresses; and a few against other ids.
    stranger_sends_wrong_passwords(&app, owner, STRANGER, 12).await;
    for n in 1..=7 {
        stranger_sends_wrong_passwords(&app, owner, [192, 0, 2, n], 1).await;
    }
    stranger_sends_wrong_passwords(&app, "agent2@demo.test", STRANGER, 3).await;
    stranger_sends_wrong_passwords(&app, "ghost@demo.test", STRANGER, 25).await;
    assert!(alerts().is_empty(), "{:?}", alerts());
    // The 20th within ten minutes tells every live administrator, once.
    stranger_sends_wrong_passwords(&app, owner, STRANGER, 1).await;
    let told = alerts();
    let administrators: Vec<String> = app
        .conn()
        .prepare("SELECT email FROM users WHERE user_type_id = 1 AND is_deleted = 0 AND is_blocked = 0 ORDER BY uid")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(!administrators.is_empty());
    assert_eq!(told.iter().map(|m| m["to"].as_str().unwrap().to_string()).collect::<Vec<_>>(), administrators);
    let body = told[0]["body"].as_str().unwrap();
    assert!(body.starts_with("20 sign-in attempts on the account of "), "{body}");
    assert!(body.contains("(agent1@demo.test)") && body.contains("from 8 client address(es)"), "{body}");
    assert!(app.outbox().iter().all(|m| m["to"] != owner), "the owner is not told, nor the stranger");
    stranger_sends_wrong_passwords(&app, owner, STRANGER, 10).await;
    assert_eq!(alerts().len(), administrators.len(), "once in the window");
    // Ten minutes on, failures still going on are told again.
    app.conn().execute("UPDATE sign_in_alerts SET alerted_at = alerted_at - 601", []).unwrap();
    stranger_sends_wrong_passwords(&app, owner, STRANGER, 1).await;
    assert_eq!(alerts().len(), 2 * administrators.len());
}

#[tokio::test]
async fn one_address_is_rate_limited_across_accounts_whatever_it_forwards() {
    let app = TestApp::with(|c| {
        c.account_login_rate_per_minute = 100;
        c.login_rate_per_minute = 4;
    });
    for n in 1..=4 {
        let r = sign_in_call(&app, "/login/checkUser", json!({ "userName": format!("agent{n}@demo.test") }), [10, 9, 9, 9], None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    for forwarded in ["203.0.113.9", "10.9.9.10, 10.9.9.9", "unknown"] {
        let r = sign_in_call(&app, "/login/checkUser", json!({ "userName": "admin@demo.test" }), [10, 9, 9, 9], Some(forwarded)).await;
        r.expect(StatusCode::TOO_MANY_REQUESTS, ADDRESS_LIMITED);
    }
    // Another address still signs in.
    let body = json!({ "userName": "agent1@demo.test", "password": PASSWORD, "terms": true });
    assert_eq!(sign_in_call(&app, "/login/auth", body, [10, 9, 9, 8], None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_limit_counts_the_forwarded_client() {
    let proxy = [127, 0, 0, 1];
    let app = TestApp::with(|c| {
        c.account_login_rate_per_minute = 100;
        c.login_rate_per_minute = 2;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap()];
    });
    let check = |forwarded: &'static str, addr: [u8; 4]| {
        let app = &app;
        async move { sign_in_call(app, "/login/checkUser", json!({ "userName": "agent1@demo.test" }), addr, Some(forwarded)).await.status }
    };
    // Two clients behind the proxy each get their own allowance; the rightmost address that is
    // not a trusted proxy is the client (a client's own X-Forwarded-For entry comes before it).
    for _ in 0..2 {
        assert_eq!(check("198.51.100.1", proxy).await, StatusCode::OK);
        assert_eq!(check("203.0.113.66, 198.51.100.2, 10.0.0.2", proxy).await, StatusCode::OK);
    }
    assert_eq!(check("198.51.100.1", proxy).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(check("1.2.3.4, 198.51.100.2", proxy).await, StatusCode::TOO_MANY_REQUESTS, "a made-up left entry changes nothing");
    assert_eq!(check("198.51.100.3", proxy).await, StatusCode::OK);
    // A garbled list is the proxy's own address; an untrusted peer's header is ignored.
    assert_eq!(check("not-an-address", proxy).await, StatusCode::OK);
    assert_eq!(check("198.51.100.4", [10, 7, 7, 7]).await, StatusCode::OK);
    assert_eq!(check("198.51.100.5", [10, 7, 7, 7]).await, StatusCode::OK);
    assert_eq!(check("198.51.100.6", [10, 7, 7, 7]).await, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_token_dies_with_a_password_change_and_with_blocking_through_the_api() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(2).await;
    let spare = app.as_agent(2).await;
    let change = json!({ "currentPassword": PASSWORD, "newPassword": "Abcdefghijk1", "confirmPassword": "Abcdefghijk1" });
    assert_eq!(app.post("/users/passwordUpdate", Some(&agent), change).await.status, StatusCode::OK);
    // Every token of the account is gone, also for writes.
    for token in [&agent, &spare] {
        assert_eq!(app.get("/users/customer/visitSummary", Some(token)).await.status, StatusCode::UNAUTHORIZED);
        let r = app.post("/users/customer/details", Some(token), json!({ "buyerID": "B100002", "outcomeId": 2 })).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    // Blocking by the administrator ends a live token at once.
    let agent = app.as_agent(1).await;
    assert_eq!(app.post("/users/block/3", Some(&admin), json!({})).await.status, StatusCode::OK);
    let r = app.post("/users/customer/details", Some(&agent), json!({ "buyerID": "B100001", "outcomeId": 2 })).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("agent1@demo.test", PASSWORD).await.status, StatusCode::FORBIDDEN);
}

/// Asserts the security headers on one response.
fn assert_secure_headers(what: &str, headers: &axum::http::HeaderMap) {
    let get = |name: header::HeaderName| headers.get(&name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let csp = get(header::CONTENT_SECURITY_POLICY);
    let script_src = csp.split(';').map(str::trim).find(|d| d.starts_with("script-src")).unwrap_or_default();
    assert!(script_src.starts_with("script-src 'self'"), "{what}: script-src in {csp:?}");
    assert!(!script_src.contains("unsafe-inline") && !script_src.contains("unsafe-eval"), "{what}: {csp:?}");
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("object-src 'none'"), "{what}: {csp:?}");
    assert_eq!(get(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{what}");
    assert_eq!(get(header::REFERRER_POLICY), "no-referrer", "{what}");
    assert_eq!(get(header::X_FRAME_OPTIONS), "DENY", "{what}");
}

#[tokio::test]
async fn security_headers_are_on_every_kind_of_response() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let info = app
        .multipart(
            "/users/customer/info/B100001",
            Some(&agent),
            vec![("infoTypeId", Part::Text("2")), ("infoSubTypeId", Part::Text("4")), ("img1", Part::File { name: "a.png", bytes: png() })],
        )
        .await;
    assert_eq!(info.status, StatusCode::OK, "{}", info.body);
    let file: String = app.conn().query_row("SELECT file_name FROM customer_info_files", [], |r| r.get(0)).unwrap();
    let raw = |method: Method, path: &str, body: Body| {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::COOKIE, "XSRF-TOKEN=x")
            .header("x-xsrf-token", "x")
            .header(header::CONTENT_TYPE, "application/json")
            .body(body)
            .unwrap()
    };
    let cases: Vec<(&str, Request<Body>, Option<StatusCode>)> = vec![
        ("SPA page", raw(Method::GET, "/customer/visit/1", Body::empty()), None),
        ("missing hashed asset", raw(Method::GET, "/index.0123abcd.js", Body::empty()), Some(StatusCode::NOT_FOUND)),
        ("health", raw(Method::GET, "/healthz", Body::empty()), Some(StatusCode::OK)),
        ("API 4xx JSON", raw(Method::GET, "/webapi/api/users/session", Body::empty()), Some(StatusCode::UNAUTHORIZED)),
        ("API 404", raw(Method::GET, "/webapi/api/no/such", Body::empty()), Some(StatusCode::NOT_FOUND)),
        ("405", raw(Method::DELETE, "/webapi/api/login/checkUser", Body::empty()), Some(StatusCode::METHOD_NOT_ALLOWED)),
        ("413", oversized(Method::GET, "/webapi/api/master/country", None), Some(StatusCode::PAYLOAD_TOO_LARGE)),
        ("sample download", raw(Method::GET, "/webapi/excelupload/sample_productupload.xlsx", Body::empty()), Some(StatusCode::OK)),
    ];
    for (what, req, status) in cases {
        let r = app.send(req).await;
        if let Some(status) = status {
            assert_eq!(r.status, status, "{what}: {}", r.body);
        }
        assert_secure_headers(what, &r.headers);
    }
    let signed_in = [
        ("API 200", "/webapi/api/users/session".to_string()),
        ("API 403", "/webapi/api/master/rights".to_string()),
        ("stored file", format!("/webapi/api/users/media?fileName={file}")),
    ];
    for (what, path) in signed_in {
        let r = app.call(Method::GET, &path, Some(&agent), None).await;
        assert!(r.status.is_success() || r.status == StatusCode::FORBIDDEN, "{what}: {}", r.status);
        assert_secure_headers(what, &r.headers);
    }
    let admin = app.as_admin().await;
    let link = app.get("/users/customer/download", Some(&admin)).await.body["excelPath"].as_str().unwrap().to_string();
    let r = app.call(Method::GET, &link, None, None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_secure_headers("single-use download", &r.headers);
}

/// A count of every table's rows and of the stored files: equal before and after means nothing was
/// written.
pub fn footprint(app: &TestApp) -> Vec<(String, i64)> {
    let conn = app.conn();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut out: Vec<(String, i64)> = tables
        .into_iter()
        .map(|t| {
            let n = conn.query_row(&format!("SELECT COUNT(*) FROM \"{t}\""), [], |r| r.get(0)).unwrap();
            (t, n)
        })
        .collect();
    let files = walk(&app.state.config.data_dir.join("files"));
    out.push(("stored files".into(), files.len() as i64));
    out
}

/// Every file under `dir`.
pub fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flat_map(|e| {
            let path = e.unwrap().path();
            if path.is_dir() {
                walk(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

/// A 2 MB JSON body with its length declared, as every HTTP client sends it.
fn oversized(method: Method, path: &str, token: Option<&str>) -> Request<Body> {
    let body = format!(r#"{{"userName":"{}","messageText":"x"}}"#, "a".repeat(2 * 1024 * 1024));
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header(header::COOKIE, "XSRF-TOKEN=x")
        .header("x-xsrf-token", "x")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, body.len());
    if let Some(token) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    req.body(Body::from(body)).unwrap()
}

/// The upload routes with their own limits, which a body one byte over must meet.
const UPLOAD_LIMITS: &[(&str, usize)] = &[
    ("/users/customer/upload", 50 << 20),
    ("/users/product/upload", 50 << 20),
    ("/users/distributor/upload", 50 << 20),
    ("/users/scoreCard/upload", 50 << 20),
    ("/users/delivery/upload", 50 << 20),
    ("/users/order/upload", 50 << 20),
    ("/master/info-type-subtype/upload", 50 << 20),
    ("/users/customer/info/B100001", 15 * (1 << 20) + (64 << 10)),
    ("/users/delivery/update", 5 * (1 << 20) + (64 << 10)),
    ("/chat/sendMessageImage", 5 * (1 << 20) + (64 << 10)),
    ("/chat/broadcastMessage", 5 * (1 << 20) + (64 << 10)),
    ("/users/visit/photo", 2 * (1 << 20) + (64 << 10)),
];

#[tokio::test]
async fn every_post_route_refuses_an_oversized_body_and_writes_nothing() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    let before = footprint(&app);
    let post_routes: Vec<&str> = crate::matrix::ROUTES.iter().filter_map(|r| r.strip_prefix("POST ")).collect();
    assert!(post_routes.len() > 50);
    for route in &post_routes {
        // Ids where the route has parameters: real records, so a lax handler would act on them.
        let path = route.replace("{id}", "1");
        let r = app.send(oversized(Method::POST, &format!("/webapi/api{path}?userId=2&conversationId=1"), Some(&admin))).await;
        assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "POST {path}: {}", r.body);
        assert!(!r.message().is_empty(), "POST {path}: a JSON message");
    }
    for (path, limit) in UPLOAD_LIMITS {
        assert!(post_routes.contains(&path.replace("B100001", "{id}").as_str()), "{path} is a declared route");
        let token = if path.contains("customer/info") || path.contains("delivery/update") { &agent } else { &admin };
        let r = app
            .multipart(
                path,
                Some(token),
                vec![("conversationId", Part::Text("1")), ("file", Part::File { name: "big.xlsx", bytes: vec![b'x'; limit + 1] })],
            )
            .await;
        assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{path}: {}", r.body);
        assert!(!r.message().is_empty(), "{path}: a JSON message");
    }
    assert_eq!(footprint(&app), before, "an oversized request changed something");
}
