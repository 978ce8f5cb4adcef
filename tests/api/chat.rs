//! Chat, broadcasts to read, impersonation and blocking.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use serde_json::{json, Value};

use crate::support::{png, Part, TestApp};

fn names(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|u| u["userName"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn conversations_are_private_and_text_stays_text() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    let manager = app.token("am@demo.test").await;
    assert_eq!(names(&app.get("/chat/users", Some(&agent1)).await.body), ["Asha Admin", "Meera Nair"]);
    let for_manager = names(&app.get("/chat/users", Some(&manager)).await.body);
    assert_eq!(for_manager, ["Arjun Das", "Asha Admin", "Nimal Perera", "Priya Sharma", "Ravi Kumar"]);

    app.post("/chat/createConversation?userId=4", Some(&agent1), json!({}))
        .await
        .expect(StatusCode::NOT_FOUND, "You cannot chat with this user.");
    let c = app.post("/chat/createConversation?userId=2", Some(&agent1), json!({})).await.body["conversationId"].as_i64().unwrap();
    let again = app.post("/chat/createConversation?userId=3", Some(&manager), json!({})).await.body["conversationId"].as_i64().unwrap();
    assert_eq!(c, again, "one conversation per pair");

    app.post("/chat/sendMessage", Some(&agent1), json!({ "conversationId": c, "receiverId": 2, "messageText": "   " }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Message is required");
    let sent = app
        .post(
            "/chat/sendMessage",
            Some(&agent1),
            json!({ "conversationId": c, "receiverId": 2, "messageText": "<script>alert(1)</script> stock?" }),
        )
        .await;
    assert_eq!(sent.body["messageText"], "<script>alert(1)</script> stock?");
    let before = sent.body["sentDate"].as_str().unwrap().to_string();

    // Nobody else reads or writes it.
    let path = format!("/chat/getChatHistory?conversationId={c}");
    app.get(&path, Some(&agent2)).await.expect(StatusCode::NOT_FOUND, "The conversation was not found.");
    app.post("/chat/sendMessage", Some(&agent2), json!({ "conversationId": c, "receiverId": 2, "messageText": "hi" }))
        .await
        .expect(StatusCode::NOT_FOUND, "The conversation was not found.");
    app.post(&format!("/chat/markAsRead?conversationId={c}"), Some(&agent2), json!({}))
        .await
        .expect(StatusCode::NOT_FOUND, "The conversation was not found.");

    // The manager sees it unread, reads it, and the count drops.
    let counts = app.post("/chat/getUnreadCountsByConversation", Some(&manager), json!({})).await;
    assert_eq!(counts.body["unreadCounts"], json!([{ "userID": 3, "conversationId": c, "unreadCount": 1 }]));
    let users = app.get("/chat/users", Some(&manager)).await;
    assert_eq!(
        (users.body[0]["userName"].as_str(), users.body[0]["unreadCount"].as_i64()),
        (Some("Ravi Kumar"), Some(1)),
        "most unread first"
    );
    let history = app.get(&path, Some(&manager)).await;
    assert_eq!(history.body[0]["messageText"], "<script>alert(1)</script> stock?");
    app.post(&format!("/chat/markAsRead?conversationId={c}"), Some(&manager), json!({}))
        .await
        .expect(StatusCode::OK, "1 message marked as read.");
    assert_eq!(app.post("/chat/getUnreadCountsByConversation", Some(&manager), json!({})).await.body["unreadCounts"], json!([]));

    // A picture, visible to the two of them only.
    let conversation = c.to_string();
    let r = app
        .multipart(
            "/chat/sendMessageImage",
            Some(&manager),
            vec![
                ("conversationId", Part::Text(&conversation)),
                ("receiverId", Part::Text("3")),
                ("chatImage", Part::File { name: "shelf.png", bytes: png() }),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let url = r.body["imageUrl"].as_str().unwrap().to_string();
    assert_eq!(app.call(Method::GET, &url, Some(&agent1), None).await.status, StatusCode::OK);
    assert_eq!(app.call(Method::GET, &url, Some(&agent2), None).await.status, StatusCode::NOT_FOUND);
    let r = app
        .multipart(
            "/chat/sendMessageImage",
            Some(&manager),
            vec![("conversationId", Part::Text("1")), ("chatImage", Part::File { name: "x.svg", bytes: b"<svg/>".to_vec() })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, "Only jpeg, jpg, bmp and png images are allowed.");

    let new = app.post("/chat/getNewMessages", Some(&agent1), json!({ "conversationId": c, "latestTimestamp": before })).await;
    assert_eq!(new.body.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn broadcasts_are_read_once() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let list = app.post("/chat/getNewBroadCastMessages", Some(&agent), json!({})).await;
    let ids: Vec<i64> = list.body.as_array().unwrap().iter().map(|b| b["messageID"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(list.body[0]["isRead"], false);
    let counts = app.post("/chat/getUnreadCountsByConversation", Some(&agent), json!({})).await;
    assert_eq!(counts.body["broadCastCounts"]["unreadCount"], 1);
    app.post("/chat/broadcast/markAsRead", Some(&agent), json!(ids)).await.expect(StatusCode::OK, "1 broadcast message marked as read.");
    let counts = app.post("/chat/getUnreadCountsByConversation", Some(&agent), json!({})).await;
    assert_eq!(counts.body["broadCastCounts"]["unreadCount"], 0);
    // Someone else's reading is their own.
    let other = app.as_agent(2).await;
    assert_eq!(app.post("/chat/getUnreadCountsByConversation", Some(&other), json!({})).await.body["broadCastCounts"]["unreadCount"], 1);
}

/// Sends a request as `acting` (an impersonated session) beside the administrator's `admin` token.
pub(crate) async fn as_impersonated(
    app: &TestApp,
    method: Method,
    path: &str,
    admin: &str,
    acting: &str,
    body: Option<Value>,
) -> crate::support::Reply {
    let mut req = Request::builder()
        .method(method)
        .uri(format!("/webapi/api{path}"))
        .header(header::COOKIE, "XSRF-TOKEN=t")
        .header("X-XSRF-TOKEN", "t")
        .header(header::AUTHORIZATION, format!("Bearer {admin}"))
        .header("X-Impersonation-Token", format!("Bearer {acting}"));
    let body = match body {
        Some(b) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    app.send(req.body(body).unwrap()).await
}

#[tokio::test]
async fn impersonation_rides_on_the_administrators_session_and_is_audited() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent = app.as_agent(1).await;
    assert_eq!(app.get("/users/rca-list", Some(&agent)).await.status, StatusCode::FORBIDDEN);
    let rca = app.get("/users/rca-list", Some(&admin)).await;
    assert_eq!(rca.body[0], json!({ "uid": 5, "name": "Arjun Das", "userName": "agent3@demo.test" }));
    assert_eq!(app.get("/users/am-list", Some(&admin)).await.body.as_array().unwrap().len(), 1);

    app.post("/users/impersonate-rca", Some(&admin), json!({ "userName": "admin@demo.test" }))
        .await
        .expect(StatusCode::NOT_FOUND, "Invalid RCA user selected! Please search again.");
    let token = app.post("/users/impersonate-rca", Some(&admin), json!({ "userName": "agent1@demo.test" })).await.body["token"]
        .as_str()
        .unwrap()
        .to_string();
    let session = app.post("/users/impersonate-rca-token", Some(&admin), json!({ "userName": token })).await;
    assert_eq!(session.status, StatusCode::OK, "{}", session.body);
    assert_eq!((session.body["name"].as_str(), session.body["impersonatedBy"].as_str()), (Some("Ravi Kumar"), Some("Asha Admin")));
    app.post("/users/impersonate-rca-token", Some(&admin), json!({ "userName": token }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Failed to login to RCA account. Please try again.");
    let acting = session.body["token"].as_str().unwrap().to_string();

    // Alone, the impersonated token is nothing; beside the administrator's it acts as the agent.
    assert_eq!(app.get("/users/session", Some(&acting)).await.status, StatusCode::UNAUTHORIZED);
    let me = as_impersonated(&app, Method::GET, "/users/session", &admin, &acting, None).await;
    assert_eq!(me.body["emailId"], "agent1@demo.test");
    let saved = as_impersonated(
        &app,
        Method::POST,
        "/users/customer/details",
        &admin,
        &acting,
        Some(json!({ "buyerID": "B100001", "outcomeId": 2 })),
    )
    .await;
    saved.expect(StatusCode::OK, "Visit saved successfully.");
    // Not the administrator's endpoints, not the agent's password, not a second impersonation.
    as_impersonated(&app, Method::GET, "/master/user", &admin, &acting, None)
        .await
        .expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let r = as_impersonated(
        &app,
        Method::POST,
        "/users/passwordUpdate",
        &admin,
        &acting,
        Some(json!({ "currentPassword": "x", "newPassword": "Abcdefghijk1", "confirmPassword": "Abcdefghijk1" })),
    )
    .await;
    r.expect(StatusCode::FORBIDDEN, "Not while working in another user's account.");
    // Beside anybody else's bearer the impersonated token is refused.
    let r = as_impersonated(&app, Method::GET, "/users/session", &agent, &acting, None).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);

    // The audit names both, for the start and every request.
    let rows: Vec<(i64, i64, String)> = app
        .conn()
        .prepare("SELECT actor_uid, as_uid, action FROM audit_log ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows[0], (1, 3, "impersonation started".to_string()));
    assert!(rows.iter().any(|r| *r == (1, 3, "POST /users/customer/details".to_string())));
    let entered_by: i64 = app.conn().query_row("SELECT entered_by FROM visits ORDER BY visit_id DESC LIMIT 1", [], |r| r.get(0)).unwrap();
    assert_eq!(entered_by, 3);

    // Ending it ends only the impersonated session.
    as_impersonated(&app, Method::POST, "/logout", &admin, &acting, Some(json!({})))
        .await
        .expect(StatusCode::OK, "You have been logged out.");
    assert_eq!(as_impersonated(&app, Method::GET, "/users/session", &admin, &acting, None).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/users/session", Some(&admin)).await.status, StatusCode::OK);
    let ended: i64 = app.conn().query_row("SELECT COUNT(*) FROM audit_log WHERE action = 'impersonation ended'", [], |r| r.get(0)).unwrap();
    assert_eq!(ended, 1);
    // The audit report shows it, with both users.
    let t = fieldsales::clock::today().format("%Y-%m-%d").to_string();
    let r = app.get(&format!("/report/audit?fromDate={t}&toDate={t}"), Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.message().starts_with("Impersonation Audit report: "), "{}", r.body);
    let login = app.get(&format!("/report/login-history?fromDate={t}&toDate={t}&search=agent1"), Some(&admin)).await;
    assert_eq!(login.status, StatusCode::OK);

    // Tokens expire after a minute.
    let late = app.post("/users/impersonate-rca", Some(&admin), json!({ "userName": "am@demo.test" })).await.body["token"]
        .as_str()
        .unwrap()
        .to_string();
    app.conn().execute("UPDATE impersonation_tokens SET expires_at = 0", []).unwrap();
    app.post("/users/impersonate-rca-token", Some(&admin), json!({ "userName": late }))
        .await
        .expect(StatusCode::BAD_REQUEST, "Failed to login to RCA account. Please try again.");
}

#[tokio::test]
async fn blocking_unblocking_and_agent_password_reset() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let agent2 = app.as_agent(2).await;
    app.get("/users/block", Some(&agent2)).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    let list = app.get("/users/block", Some(&admin)).await;
    assert_eq!(list.body.as_array().unwrap().len(), 5, "everyone but the caller");
    app.post("/users/block/1", Some(&admin), json!({}))
        .await
        .expect(StatusCode::BAD_REQUEST, "You cannot block or reset your own account here.");

    let r = app.post("/users/block/4?fromUserAgent=false", Some(&admin), json!({})).await;
    assert_eq!((r.message(), r.body["userTypeId"].as_i64()), ("User Priya Sharma is blocked.", Some(4)));
    // The live token stops at once and sign-in is refused.
    assert_eq!(app.get("/users/session", Some(&agent2)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("agent2@demo.test", crate::support::PASSWORD).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/users/block", Some(&admin)).await.body[0]["isBlocked"], true, "blocked first");
    app.post("/users/unblock/4", Some(&admin), json!({})).await.expect(StatusCode::OK, "User Priya Sharma is unblocked.");
    assert_eq!(app.login_with("agent2@demo.test", crate::support::PASSWORD).await.status, StatusCode::OK);

    // The agent screen lists agents only and resets with a mailed temporary password.
    let agents = app.get("/users/block?fromUserAgent=true", Some(&admin)).await;
    assert_eq!(agents.body.as_array().unwrap().len(), 4);
    app.post("/users/unblock/2?fromUserAgent=true&reset=true", Some(&admin), json!({}))
        .await
        .expect(StatusCode::NOT_FOUND, "The agent was not found.");
    let r = app.post("/users/unblock/4?fromUserAgent=true&reset=true", Some(&admin), json!({})).await;
    r.expect(StatusCode::OK, "The password of Priya Sharma was reset; a temporary password was sent to agent2@demo.test.");
    let temp = app.mailed("agent2@demo.test", "Temporary password: ");
    assert_eq!(app.login_with("agent2@demo.test", &temp).await.body["forcePasswordUpdate"], true);
}
