//! Conventions every endpoint shares: JSON errors, anti-forgery, rights, the SPA, health, schema.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use serde_json::json;

use crate::support::TestApp;

#[tokio::test]
async fn non_get_calls_need_the_anti_forgery_header() {
    let app = TestApp::new();
    let message = "The anti-forgery token is missing or invalid. Please reload the page and try again.";
    let body = r#"{"userName":"agent1@demo.test"}"#;
    let without =
        Request::post("/webapi/api/login/checkUser").header(header::CONTENT_TYPE, "application/json").body(Body::from(body)).unwrap();
    let r = app.send(without).await;
    r.expect(StatusCode::FORBIDDEN, message);
    assert_eq!(r.body["code"], "xsrf_token_invalid", "{}", r.body);
    let mismatched = Request::post("/webapi/api/login/checkUser")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, "XSRF-TOKEN=abc")
        .header("X-XSRF-TOKEN", "abd")
        .body(Body::from(body))
        .unwrap();
    let r = app.send(mismatched).await;
    r.expect(StatusCode::FORBIDDEN, message);
    assert_eq!(r.body["code"], "xsrf_token_invalid", "{}", r.body);
}

#[tokio::test]
async fn callers_without_the_cookie_are_given_one() {
    let app = TestApp::new();
    let r = app.send(Request::get("/").body(Body::empty()).unwrap()).await;
    let cookie = r.headers.get(header::SET_COOKIE).expect("set-cookie").to_str().unwrap();
    assert!(cookie.starts_with("XSRF-TOKEN="), "{cookie}");
    assert!(cookie.contains("SameSite=Strict"));
    assert!(!cookie.contains("HttpOnly"), "scripts must be able to read it");
    // A caller that has it is not given another.
    let r = app.get("/master/country", None).await;
    assert!(r.headers.get(header::SET_COOKIE).is_none());
}

#[tokio::test]
async fn malformed_and_mistyped_bodies_are_400_with_a_message() {
    let app = TestApp::new();
    let send = |body: &'static str, content_type: &'static str| {
        Request::post("/webapi/api/login/auth")
            .header(header::CONTENT_TYPE, content_type)
            .header(header::COOKIE, "XSRF-TOKEN=t")
            .header("X-XSRF-TOKEN", "t")
            .body(Body::from(body))
            .unwrap()
    };
    let r = app.send(send("{not json", "application/json")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.message().starts_with("Invalid request body"), "{}", r.body);
    assert_eq!(r.body["code"], "invalid_json", "{}", r.body);
    // What was wrong travels as a parameter too, the English text being only one rendering of it.
    assert!(r.body["params"]["detail"].as_str().is_some_and(|d| r.message().ends_with(d)), "{}", r.body);
    let r = app.send(send(r#"{"userName": 5, "password": [], "terms": "yes"}"#, "application/json")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.message().starts_with("Invalid request body"), "{}", r.body);
    assert_eq!(r.body["code"], "invalid_json_data", "{}", r.body);
    let r = app.send(send(r#"{"userName":"a"}"#, "text/plain")).await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(r.message(), "Expected a JSON body with Content-Type: application/json.");
    assert_eq!(r.body["code"], "json_content_type_required", "{}", r.body);
    // Numbers sent as text are accepted; text that is no number is a 400.
    let r = app
        .post(
            "/login/auth",
            None,
            json!({ "userName": "agent1@demo.test", "password": "Demo12345678", "terms": true, "lattitude": "12.5", "longitude": 77 }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = app
        .post(
            "/login/auth",
            None,
            json!({ "userName": "agent1@demo.test", "password": "Demo12345678", "terms": true, "lattitude": "north" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = TestApp::new();
    let big = format!(r#"{{"userName":"{}"}}"#, "a".repeat(2 * 1024 * 1024));
    let r = app.post("/login/checkUser", None, serde_json::from_str(&big).unwrap()).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!r.message().is_empty());
    assert_eq!(r.body["code"], "body_too_large", "{}", r.body);
}

#[tokio::test]
async fn unknown_api_paths_and_methods_answer_json() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    let r = app.get("/no/such/thing", Some(&token)).await;
    r.expect(StatusCode::NOT_FOUND, "No API endpoint at /webapi/api/no/such/thing.");
    assert_eq!(r.body["code"], "no_such_endpoint", "{}", r.body);
    assert_eq!(r.body["params"]["path"], "/webapi/api/no/such/thing", "{}", r.body);
    let r = app.call(Method::GET, "/webapi/elsewhere", None, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.message(), "No API endpoint at /webapi/elsewhere.");
    assert_eq!(r.body["code"], "no_such_endpoint", "{}", r.body);
    let r = app.call(Method::DELETE, "/webapi/api/master/country", Some(&token), None).await;
    r.expect(StatusCode::METHOD_NOT_ALLOWED, "This method is not allowed here.");
    assert_eq!(r.body["code"], "method_not_allowed", "{}", r.body);
}

#[tokio::test]
async fn the_spa_serves_index_at_the_root_sends_routes_to_their_hash_and_404s_missing_files() {
    let app = TestApp::new();
    let get = |path: &str| Request::get(path).body(Body::empty()).unwrap();
    for path in ["/", "/index.html"] {
        let response = tower::ServiceExt::oneshot(app.router.clone(), get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/html", "{path}");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        assert!(response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("frame-ancestors 'none'"));
    }
    // A route typed without '#': to the same route under '#', relative to the app's root.
    for (path, location) in [
        ("/login", "./#/login"),
        ("/customer/visit", "../#/customer/visit"),
        ("/master/user-master", "../#/master/user-master"),
        ("/customer/visit/123/", "../../../#/customer/visit/123"),
        ("/image-viewer?fileName=a%20b", "./#/image-viewer?fileName=a%20b"),
    ] {
        let response = tower::ServiceExt::oneshot(app.router.clone(), get(path)).await.unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{path}");
        assert_eq!(response.headers()[header::LOCATION], location, "{path}");
    }
    let response = tower::ServiceExt::oneshot(app.router.clone(), get("/missing.js")).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // The icon browsers ask for by name (tests built without the frontend have none).
    let response = tower::ServiceExt::oneshot(app.router.clone(), get("/favicon.ico")).await.unwrap();
    if std::env::var_os("FIELDSALES_SKIP_FRONTEND").is_none() {
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "image/x-icon");
    }
}

#[tokio::test]
async fn healthz_answers_without_a_session() {
    let app = TestApp::new();
    let r = app.call(Method::GET, "/healthz", None, None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["status"], "ok");
}

#[tokio::test]
async fn reference_lists() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    let r = app.get("/master/country", Some(&token)).await;
    assert_eq!(r.body, json!([{ "countryId": 1, "country": "India" }, { "countryId": 2, "country": "Sri Lanka" }]));
    let all = app.get("/master/userType", Some(&token)).await;
    assert_eq!(all.body.as_array().unwrap().len(), 4);
    assert_eq!(all.body[0], json!({ "userTypeId": 1, "userType": "Administrator", "isCountrySupported": false }));
    let some = app.get("/master/userType?showAll=false", Some(&token)).await;
    let ids: Vec<i64> = some.body.as_array().unwrap().iter().map(|t| t["userTypeId"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![2, 3, 4]);
    app.get("/master/userType?showAll=maybe", Some(&token)).await;
    assert_eq!(app.get("/master/userType?showAll=maybe", Some(&token)).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_caller_without_the_right_gets_403() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    app.get("/master/rights", Some(&agent)).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let admin = app.as_admin().await;
    let r = app.get("/master/rights", Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body[0], json!({ "rightId": 1, "linkRight": "user_master", "groupName": "Master", "rightName": "User Master" }));
}

#[tokio::test]
async fn migrate_is_idempotent_and_refuses_a_newer_database() {
    let app = TestApp::new();
    let mut conn = app.conn();
    assert_eq!(fieldsales::platform::db::migrate(&mut conn).unwrap(), fieldsales::platform::db::Migration::UpToDate);
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, fieldsales::platform::db::SCHEMA_VERSION);
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    let fk: bool = conn.pragma_query_value(None, "foreign_keys", |r| r.get(0)).unwrap();
    assert!(fk);
    conn.pragma_update(None, "user_version", 999).unwrap();
    let err = fieldsales::platform::db::migrate(&mut conn).unwrap_err().to_string();
    assert!(err.contains("newer than this program"), "{err}");
}

#[tokio::test]
async fn json_is_gzipped_for_clients_that_accept_it_but_workbooks_are_not() {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let fetch = |path: &str, gzip: bool| {
        let mut req = Request::get(path).header(header::AUTHORIZATION, format!("Bearer {admin}"));
        if gzip {
            req = req.header(header::ACCEPT_ENCODING, "gzip");
        }
        let req = req.body(Body::empty()).unwrap();
        let router = app.router.clone();
        async move {
            let response = router.oneshot(req).await.unwrap();
            let encoding = response.headers().get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap().to_string());
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            (encoding, bytes)
        }
    };
    let list = "/webapi/api/users/landing/mycustomer/0";
    let (encoding, zipped) = fetch(list, true).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    assert_eq!(&zipped[..2], [0x1f, 0x8b], "a gzip stream");
    let (encoding, plain) = fetch(list, false).await;
    assert_eq!(encoding, None, "only for clients that ask");
    let rows: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(rows["data"].as_array().unwrap().len(), 25);
    assert!(zipped.len() * 3 < plain.len(), "{} bytes gzipped against {}", zipped.len(), plain.len());
    // A workbook is a zip already.
    let (encoding, xlsx) = fetch("/webapi/excelupload/sample_customerupload.xlsx", true).await;
    assert_eq!(encoding, None);
    assert_eq!(&xlsx[..2], b"PK");
}
