//! The OpenAPI description: served anonymously, complete, equal to the checked-in
//! `docs/openapi.json`, and honest about what the routes answer.

use axum::http::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::support::{png, Part, TestApp};

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
        let public = !path.starts_with("/webapi/api/") || ["/login/", "/report/download", "/openapi.json"].iter().any(|p| path.contains(p));
        let security = op["security"].as_array().cloned().unwrap_or_default();
        let bearer = security.iter().any(|s| s.get("bearer").is_some());
        assert_eq!(bearer, !public, "{method} {path}: bearer requirement");
        if !public {
            assert!(responses.contains_key("401") && responses.contains_key("403"), "{method} {path}: no 401/403");
        }
        if path.starts_with("/webapi/api/") && method != "get" {
            let anti_forgery = security.iter().any(|s| s.get("xsrf").is_some() && s.get("xsrfCookie").is_some());
            assert!(anti_forgery, "{method} {path}: no anti-forgery requirement");
            assert!(responses.contains_key("413"), "{method} {path}: no 413");
        }
    }
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(schemes["bearer"]["bearerFormat"], "JWT");
    assert_eq!(schemes["xsrf"]["type"], "apiKey");
    assert_eq!(schemes["xsrf"]["in"], "header");
    assert_eq!(schemes["xsrf"]["name"], "X-XSRF-TOKEN");
    assert_eq!(schemes["xsrfCookie"]["in"], "cookie");
    assert_eq!(schemes["xsrfCookie"]["name"], "XSRF-TOKEN");
    assert_eq!(doc["components"]["schemas"]["ErrorBody"]["required"], json!(["message", "code"]));

    // The checked-in copy shows every route change in review; UPDATE_OPENAPI=1 rewrites it.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openapi.json");
    let pretty = serde_json::to_string_pretty(&doc).expect("json") + "\n";
    if std::env::var_os("UPDATE_OPENAPI").is_some_and(|v| v == "1") {
        std::fs::write(&file, &pretty).expect("write docs/openapi.json");
    }
    let checked_in: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("docs/openapi.json")).expect("docs/openapi.json is JSON");
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
    // The server also takes numbers sent as text: such fields name one shared schema.
    assert_eq!(fields["outcomeId"]["oneOf"][0]["$ref"], "#/components/schemas/LenientInt");
    assert_eq!(doc["components"]["schemas"]["LenientInt"]["type"], json!(["integer", "string", "null"]));

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

/// Checks `value` against a schema of the document: `$ref`, `allOf`, `oneOf`, `type` (one or a
/// list), `properties`, `required` and `items`, enough to catch an answer the document misdescribes.
fn conforms(doc: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    if let Some(name) = schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
        return conforms(doc, &doc["components"]["schemas"][name], value, at);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        conforms(doc, part, value, at)?;
    }
    if let Some(options) = schema["oneOf"].as_array() {
        let matching = options.iter().filter(|o| conforms(doc, o, value, at).is_ok()).count();
        if matching != 1 {
            return Err(format!("{at}: {matching} oneOf options match {value}"));
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let type_ok = |t: &str| match t {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        "number" => value.is_number(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => false,
    };
    if !types.is_empty() && !types.iter().any(|t| type_ok(t)) {
        return Err(format!("{at}: {value} is not {types:?}"));
    }
    if let Some(object) = value.as_object() {
        for name in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            if !object.contains_key(name) {
                return Err(format!("{at}: required {name} is missing"));
            }
        }
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            if let Some(v) = object.get(name) {
                conforms(doc, property, v, &format!("{at}.{name}"))?;
            }
        }
    }
    for (i, item) in value.as_array().into_iter().flatten().enumerate().take(100) {
        conforms(doc, &schema["items"], item, &format!("{at}[{i}]"))?;
    }
    Ok(())
}

/// Asserts `r` has a documented status, and JSON matching its schema where the document says JSON
/// (then answers true).
fn answers_as_documented(doc: &Value, op: &Value, call: &str, r: &crate::support::Reply) -> bool {
    let status = r.status.as_u16();
    assert!((200..500).contains(&status) && !(300..400).contains(&status), "{call}: {status}");
    let documented = &op["responses"][status.to_string()];
    assert!(documented.is_object(), "{call}: answered {status}, which is not documented: {}", r.body);
    // No API answer is kept by a browser or proxy (CONTRACT.md "Errors and language"); the stored
    // pictures say `private, no-store`.
    let cache = r.headers.get(header::CACHE_CONTROL).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if call.contains(" /webapi/api/") {
        assert!(cache == "no-store" || cache == "private, no-store", "{call}: {status} with Cache-Control {cache:?}");
    }
    let content_type = r.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if let Some(json) = documented["content"].get("application/json") {
        assert!(content_type.starts_with("application/json"), "{call}: {status} with {content_type}");
        if let Err(mismatch) = conforms(doc, &json["schema"], &r.body, "body") {
            panic!("{call} ({status}) does not match its schema: {mismatch}");
        }
        return true;
    }
    if let Some(types) = documented["content"].as_object() {
        assert!(types.keys().any(|t| content_type.starts_with(t.as_str())), "{call}: {content_type} is not documented");
    }
    false
}

/// Writes of each area, as the screens send them, answer as documented.
#[tokio::test]
async fn documented_posts_answer_as_documented() {
    let app = TestApp::new();
    let doc = served(&app).await;
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    let agent_uid: i64 = app.conn().query_row("SELECT uid FROM users WHERE email = 'agent1@demo.test'", [], |r| r.get(0)).expect("agent1");
    let one_time = app.post("/users/impersonate-rca", Some(&admin), json!({ "userName": "agent1@demo.test" })).await;
    let calls: Vec<(&str, String, &str, Value)> = vec![
        ("/login/checkUser", String::new(), "", json!({ "userName": "agent1@demo.test" })),
        ("/login/checkUser", String::new(), "", json!({ "userName": "nobody@demo.test" })),
        ("/login/auth", String::new(), "", json!({ "userName": "agent2@demo.test", "password": "Demo12345678", "terms": true })),
        ("/login/auth", String::new(), "", json!({ "userName": "agent2@demo.test", "password": "wrong", "terms": true })),
        (
            "/users/customer/details",
            String::new(),
            &agent,
            json!({ "buyerID": "B100001", "outcomeId": "1", "latitude": "12.9", "longitude": 77.6 }),
        ),
        ("/users/customer/details", String::new(), &agent, json!({ "buyerID": "B100002", "outcomeId": 1 })),
        (
            "/users/customer",
            String::new(),
            &agent,
            json!({ "buyerName": "Open Api Stores", "mobileNo": 9876501234u64, "retailerType": "Retailer" }),
        ),
        ("/users/customer/profile", String::new(), &agent, json!({ "buyerId": "B100001", "city": "Pune" })),
        ("/users/delivery/details", String::new(), &agent, json!({ "query": "B100001", "matchedColumn": "buyerID" })),
        ("/chat/createConversation", format!("?userId={agent_uid}"), &admin, json!({})),
        ("/chat/getUnreadCountsByConversation", String::new(), &agent, json!({})),
        ("/chat/getNewBroadCastMessages", String::new(), &agent, json!({ "latestTimestamp": 0 })),
        ("/chat/broadcast/markAsRead", String::new(), &agent, json!([1, "2"])),
        ("/master/outcome", String::new(), &admin, json!({ "outCome": "Called back later" })),
        ("/master/outcome/delete/{id}", String::new(), &admin, json!({})),
        ("/users/impersonate-rca-token", String::new(), &admin, json!({ "userName": one_time.body["token"] })),
        ("/report/deliveryReport", String::new(), &admin, json!({ "fromDate": "2020-01-01", "toDate": "2030-12-31", "country": "India" })),
        ("/report/monthlyReport", String::new(), &admin, json!({ "monthYear": "2024-01", "country": ["India"], "userType": 0 })),
        ("/users/block/{id}", String::new(), &admin, json!({})),
        // Multipart routes given JSON refuse it in the API's own error shape.
        ("/users/customer/upload", String::new(), &admin, json!({})),
        ("/chat/sendMessageImage", String::new(), &agent, json!({})),
        ("/logout", String::new(), &agent, json!({})),
    ];
    for (path, query, token, body) in calls {
        let op = operation(&doc, "post", &format!("/webapi/api{path}"));
        assert!(op.is_object(), "no POST {path}");
        let url = path.replace("{id}", "999999");
        let token = Some(token).filter(|t| !t.is_empty());
        let r = app.call(Method::POST, &format!("/webapi/api{url}{query}"), token, Some(body)).await;
        assert!(answers_as_documented(&doc, &op, &format!("POST {url}"), &r), "POST {url}: not JSON");
    }
    // Multipart writes: an upload with a good and a bad row, a chat picture.
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in [["Product Name", "SKU"], ["Open Api Cola", "OA-1"], ["", "no name"]].iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *value).expect("cell");
        }
    }
    let bytes = book.save_to_buffer().expect("workbook");
    let upload = app.multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes })]).await;
    assert_eq!(upload.status, StatusCode::OK, "{}", upload.body);
    assert_eq!(upload.body["data"].as_array().map(Vec::len), Some(1), "{}", upload.body);
    assert!(answers_as_documented(&doc, &operation(&doc, "post", "/webapi/api/users/product/upload"), "upload", &upload));
    let conversation = app.post(&format!("/chat/createConversation?userId={agent_uid}"), Some(&admin), json!({})).await;
    let id = conversation.body["conversationId"].to_string();
    let picture = app
        .multipart(
            "/chat/sendMessageImage",
            Some(&admin),
            vec![("chatImage", Part::File { name: "a.png", bytes: png() }), ("conversationId", Part::Text(&id))],
        )
        .await;
    assert_eq!(picture.status, StatusCode::OK, "{}", picture.body);
    assert!(answers_as_documented(&doc, &operation(&doc, "post", "/webapi/api/chat/sendMessageImage"), "picture", &picture));

    // A report's link serves the workbook once, then a JSON 404.
    let link = app.get("/report/mycustomerReport", Some(&admin)).await.body["excelPath"].as_str().expect("excelPath").to_string();
    let download = operation(&doc, "get", "/webapi/api/report/download");
    let first = app.call(Method::GET, &link, None, None).await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(!answers_as_documented(&doc, &download, "GET download", &first), "the workbook is not JSON");
    let again = app.call(Method::GET, &link, None, None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert!(answers_as_documented(&doc, &download, "GET download again", &again));
}

/// A value for a path parameter that reaches real data of the demo company.
fn sample(name: &str, schema_type: &str) -> &'static str {
    match (name, schema_type) {
        ("bucket", _) => "notvisited",
        ("name", _) => "mycustomer",
        ("file", _) => "sample_productupload.xlsx",
        ("id", "string") => "B100001",
        (_, "integer") => "0",
        _ => "x",
    }
}

/// Every documented GET (path parameters filled with demo data, plus a few queries), called as an
/// administrator, an area manager and an agent, answers a documented status, with JSON that
/// matches its schema whenever the document says JSON.
#[tokio::test]
async fn documented_gets_answer_as_documented() {
    let app = TestApp::new();
    let doc = served(&app).await;
    let tokens = [app.as_admin().await, app.token("am@demo.test").await, app.as_agent(1).await];
    let mut calls: Vec<(String, Value)> = Vec::new();
    for (path, method, op) in operations(&doc) {
        if method != "get" || path.ends_with("/report/download") {
            continue;
        }
        let mut url = path.clone();
        for p in op["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "path") {
            let name = p["name"].as_str().unwrap_or_default();
            url = url.replace(&format!("{{{name}}}"), sample(name, p["schema"]["type"].as_str().unwrap_or_default()));
        }
        calls.push((url, op.clone()));
    }
    for (path, url) in [
        ("/webapi/api/users/customer/search", "/webapi/api/users/customer/search?query=B1000"),
        ("/webapi/api/users/customer/profile", "/webapi/api/users/customer/profile?buyerId=B100001"),
        ("/webapi/api/users/product/search", "/webapi/api/users/product/search?query=a"),
        ("/webapi/api/users/delivery/search", "/webapi/api/users/delivery/search?query=B"),
        ("/webapi/api/users/infoUpdateWithPaging", "/webapi/api/users/infoUpdateWithPaging?pageNumber=1&pageSize=5"),
        ("/webapi/api/users/landing/{bucket}/{agent}", "/webapi/api/users/landing/ordered/0?order=asc"),
        ("/webapi/api/users/landing/{bucket}/{agent}", "/webapi/api/users/landing/mycustomer/0"),
        ("/webapi/api/report/{name}", "/webapi/api/report/customer-visit?fromDate=2020-01-01&toDate=2030-12-31"),
    ] {
        let op = operation(&doc, "get", path);
        assert!(op.is_object(), "no GET {path}");
        calls.push((url.to_string(), op));
    }
    // The checker itself catches a missing field and a null where none is allowed.
    let error_body = json!({ "$ref": "#/components/schemas/ErrorBody" });
    assert!(conforms(&doc, &error_body, &json!({}), "body").is_err());
    assert!(conforms(&doc, &error_body, &json!({ "message": null }), "body").is_err());
    assert!(conforms(&doc, &error_body, &json!({ "message": "x" }), "body").is_err(), "an error without its code");
    assert!(conforms(&doc, &error_body, &json!({ "message": "x", "code": "x" }), "body").is_ok());

    let (mut checked, mut successes) = (0, 0);
    for token in &tokens {
        for (url, op) in &calls {
            let r = app.call(Method::GET, url, Some(token), None).await;
            if answers_as_documented(&doc, op, &format!("GET {url}"), &r) {
                checked += 1;
                successes += usize::from(r.status.is_success());
            }
        }
    }
    assert!(checked >= 150 && successes >= 100, "only {checked} JSON answers checked, {successes} of them 2xx");
}

/// Every `$ref` names a schema the document defines (shared answers such as `SaveRefusals` or
/// the lenient field types must bring their schemas along).
#[tokio::test]
async fn every_reference_resolves() {
    fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(r)) = map.get("$ref") {
                    out.push(r);
                }
                map.values().for_each(|v| refs(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let app = TestApp::new();
    let doc = served(&app).await;
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 100, "{} references", found.len());
    for r in found {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("unexpected reference {r}"));
        assert!(doc["components"]["schemas"].get(name).is_some(), "{r} names no schema");
    }
}
