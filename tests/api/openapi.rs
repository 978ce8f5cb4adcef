//! The OpenAPI description: served anonymously, complete, equal to the checked-in
//! `docs/openapi.json`, and honest about what the routes answer.

use axum::http::{header, Method, StatusCode};
use serde_json::Value;

use crate::support::TestApp;

const METHODS: &[&str] = &["get", "post", "put", "delete", "patch"];
const ERROR_REF: &str = "#/components/schemas/ErrorBody";

async fn served(app: &TestApp) -> Value {
    let r = app.get("/openapi.json", None).await;
    assert_eq!(r.status, StatusCode::OK, "body: {}", r.body);
    let content_type = r.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(content_type.starts_with("application/json"), "{content_type}");
    r.body
}

/// Every (path, method, operation) of the document.
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in METHODS {
            if let Some(op) = item.get(*method) {
                out.push((path.clone(), method.to_string(), op.clone()));
            }
        }
    }
    out
}

fn operation(doc: &Value, method: &str, path: &str) -> Value {
    doc["paths"][path][method].clone()
}

fn parameter<'a>(op: &'a Value, name: &str, location: &str) -> &'a Value {
    op["parameters"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == name && p["in"] == location))
        .unwrap_or_else(|| panic!("no {location} parameter {name} in {op}"))
}

#[tokio::test]
async fn the_description_is_served_anonymously_complete_and_checked_in() {
    let app = TestApp::new();
    let doc = served(&app).await;
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", doc["openapi"]);

    let ops = operations(&doc);
    assert!(ops.len() >= 100, "only {} operations", ops.len());
    let mut ids = std::collections::HashSet::new();
    for (path, method, op) in &ops {
        let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path}: no operationId"));
        assert!(ids.insert(id.to_string()), "{method} {path}: operationId {id} is not unique");
        assert!(op["tags"].as_array().is_some_and(|t| !t.is_empty()), "{method} {path}: no tag");
        assert!(op["summary"].as_str().is_some_and(|s| !s.is_empty()), "{method} {path}: no summary");
        let responses = op["responses"].as_object().expect("responses");
        assert!(responses.keys().any(|s| s.starts_with('2')), "{method} {path}: no 2xx response");
        for (status, response) in responses {
            if status.starts_with('4') || status.starts_with('5') {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"], ERROR_REF,
                    "{method} {path}: {status} is not an ErrorBody"
                );
            }
        }
        // The middleware's answers are on every operation they can happen to.
        assert!(responses.contains_key("503"), "{method} {path}: no 503");
        let public = !path.starts_with("/webapi/api/")
            || ["/login/", "/report/download", "/openapi.json"].iter().any(|p| path.contains(p));
        let security = op["security"].as_array().cloned().unwrap_or_default();
        let bearer = security.iter().any(|s| s.get("bearer").is_some());
        assert_eq!(bearer, !public, "{method} {path}: bearer requirement");
        if !public {
            assert!(responses.contains_key("401") && responses.contains_key("403"), "{method} {path}: no 401/403");
        }
        if path.starts_with("/webapi/api/") && method != "get" {
            assert!(security.iter().any(|s| s.get("xsrf").is_some()), "{method} {path}: no anti-forgery requirement");
            assert!(responses.contains_key("413"), "{method} {path}: no 413");
        }
    }
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(schemes["bearer"]["bearerFormat"], "JWT");
    assert_eq!(schemes["xsrf"]["type"], "apiKey");
    assert_eq!(schemes["xsrf"]["in"], "header");
    assert_eq!(schemes["xsrf"]["name"], "X-XSRF-TOKEN");
    assert_eq!(doc["components"]["schemas"]["ErrorBody"]["required"], serde_json::json!(["message"]));

    // The checked-in copy shows every route change in review; UPDATE_OPENAPI=1 rewrites it.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openapi.json");
    let pretty = serde_json::to_string_pretty(&doc).expect("json") + "\n";
    if std::env::var_os("UPDATE_OPENAPI").is_some_and(|v| v == "1") {
        std::fs::write(&file, &pretty).expect("write docs/openapi.json");
    }
    let checked_in: Value = serde_json::from_str(&std::fs::read_to_string(&file).expect("docs/openapi.json"))
        .expect("docs/openapi.json is JSON");
    assert!(
        checked_in == doc,
        "docs/openapi.json differs from the served description; run `UPDATE_OPENAPI=1 cargo test --test api openapi` and review the diff"
    );
}

#[tokio::test]
async fn operations_carry_their_parameters_and_bodies() {
    let app = TestApp::new();
    let doc = served(&app).await;

    let search = operation(&doc, "get", "/webapi/api/users/customer/search");
    assert_eq!(search["tags"][0], "customers");
    assert_eq!(parameter(&search, "query", "query")["schema"]["type"], "string");

    let visit = operation(&doc, "post", "/webapi/api/users/customer/details");
    let body = &visit["requestBody"]["content"]["application/json"]["schema"]["$ref"];
    assert_eq!(body, "#/components/schemas/SaveVisit");
    let fields = &doc["components"]["schemas"]["SaveVisit"]["properties"];
    for field in ["buyerID", "outcomeId", "remark", "latitude", "longitude"] {
        assert!(fields.get(field).is_some(), "SaveVisit has no {field}: {fields}");
    }
    // The server also takes numbers sent as text.
    assert_eq!(fields["outcomeId"]["type"], serde_json::json!(["integer", "string", "null"]));

    let user = operation(&doc, "get", "/webapi/api/master/user/{id}");
    assert_eq!(parameter(&user, "id", "path")["schema"]["type"], "integer");
    assert!(user["responses"].get("404").is_some());
    let details = operation(&doc, "get", "/webapi/api/users/customer/details/{id}");
    assert_eq!(parameter(&details, "id", "path")["schema"]["type"], "string");
    let bucket = operation(&doc, "get", "/webapi/api/users/landing/{bucket}/{agent}");
    assert_eq!(parameter(&bucket, "bucket", "path")["schema"]["type"], "string");
    assert_eq!(parameter(&bucket, "agent", "path")["schema"]["type"], "integer");
    let report = operation(&doc, "get", "/webapi/api/report/{name}");
    assert_eq!(parameter(&report, "fromDate", "query")["schema"]["format"], "date");

    let upload = operation(&doc, "post", "/webapi/api/users/customer/upload");
    let form = &upload["requestBody"]["content"]["multipart/form-data"]["schema"];
    assert_eq!(form["properties"]["customerdata"]["format"], "binary", "{form}");
    assert!(form["properties"].get("isDelete").is_some(), "{form}");

    let login = operation(&doc, "post", "/webapi/api/login/auth");
    assert!(login["responses"].get("429").is_some(), "sign-in is rate limited");
    assert!(operation(&doc, "get", "/healthz")["security"].is_null());
    assert!(operation(&doc, "get", "/webapi/api/openapi.json").is_object());
}

/// Every documented GET without path parameters, called as an administrator, answers a documented
/// status, and JSON whenever the document says JSON.
#[tokio::test]
async fn documented_gets_answer_as_documented() {
    let app = TestApp::new();
    let doc = served(&app).await;
    let token = app.as_admin().await;
    let mut called = 0;
    for (path, method, op) in operations(&doc) {
        if method != "get" || path.contains('{') {
            continue;
        }
        let r = app.call(Method::GET, &path, Some(&token), None).await;
        let status = r.status.as_u16();
        assert!((200..500).contains(&status) && !(300..400).contains(&status), "GET {path}: {status}");
        let documented = &op["responses"][status.to_string()];
        assert!(documented.is_object(), "GET {path}: answered {status}, which is not documented");
        let content_type = r.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
        if documented["content"].get("application/json").is_some() {
            assert!(content_type.starts_with("application/json"), "GET {path}: {status} with {content_type}");
            assert!(!r.body.is_null() || r.status == StatusCode::OK, "GET {path}: the body is not JSON");
        } else if let Some(types) = documented["content"].as_object() {
            assert!(types.keys().any(|t| content_type.starts_with(t.as_str())), "GET {path}: {content_type} is not documented");
        }
        called += 1;
    }
    assert!(called >= 30, "only {called} GETs called");
}
