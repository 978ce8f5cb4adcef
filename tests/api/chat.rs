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

/// The partner list as it was answered before it became one statement: the partners by the old
/// rule, then for each its conversation and its unread count (two queries a partner), most unread
/// first, then by name.
fn partners_one_by_one(conn: &rusqlite::Connection, me: i64) -> Vec<(i64, String, i64, Option<i64>)> {
    let (user_type, manager): (i64, Option<i64>) =
        conn.query_row("SELECT user_type_id, manager_id FROM users WHERE uid = ?1", [me], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let (all, manager_of_me, my_agents) = match user_type {
        1 => (true, None, None),
        3 => (false, None, Some(me)),
        _ => (false, manager, None),
    };
    let mut stmt = conn
        .prepare(
            "SELECT uid, name FROM users WHERE is_deleted = 0 AND uid <> ?1
               AND (?2 OR user_type_id = 1 OR uid = ?3 OR manager_id = ?4) ORDER BY name",
        )
        .unwrap();
    let partners: Vec<(i64, String)> = stmt
        .query_map(rusqlite::params![me, all, manager_of_me, my_agents], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut list = Vec::new();
    for (uid, name) in partners {
        let conversation: Option<i64> = conn
            .query_row("SELECT conversation_id FROM conversations WHERE user_a = ?1 AND user_b = ?2", [me.min(uid), me.max(uid)], |r| {
                r.get(0)
            })
            .ok();
        let unread: i64 = match conversation {
            Some(c) => conn
                .query_row(
                    "SELECT COUNT(*) FROM messages WHERE conversation_id = ?1 AND receiver_uid = ?2 AND read_at IS NULL",
                    [c, me],
                    |r| r.get(0),
                )
                .unwrap(),
            None => 0,
        };
        list.push((uid, name, unread, conversation));
    }
    list.sort_by(|x, y| y.2.cmp(&x.2).then_with(|| x.1.cmp(&y.1)));
    list
}

fn uid_of(conn: &rusqlite::Connection, email: &str) -> i64 {
    conn.query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn the_partner_list_in_one_statement_answers_as_the_two_queries_per_partner_did() {
    let app = TestApp::new();
    let (admin, manager, agent) = (app.as_admin().await, app.token("am@demo.test").await, app.as_agent(1).await);
    let people = {
        let conn = app.conn();
        let admin_uid = uid_of(&conn, "admin@demo.test");
        let manager_uid = uid_of(&conn, "am@demo.test");
        let agent_uid = uid_of(&conn, "agent1@demo.test");
        // Sixty more users: agents of the demo manager and of nobody, a few deleted, a second
        // administrator; conversations with some of them, messages read and unread both ways.
        let now = 1_700_000_000_i64;
        let mut made = Vec::new();
        for i in 0..60_i64 {
            let (user_type, boss) = match i % 6 {
                0 => (1, None),
                1 | 2 => (4, Some(manager_uid)),
                3 => (3, None),
                _ => (4, None),
            };
            conn.execute(
                "INSERT INTO users (email, name, user_type_id, manager_id, password_hash, is_deleted, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, 'x', ?5, ?6, ?6)",
                rusqlite::params![format!("many{i}@demo.test"), format!("Many {:02} {}", 59 - i, i % 7), user_type, boss, i % 11 == 5, now],
            )
            .unwrap();
            made.push(conn.last_insert_rowid());
        }
        for me in [admin_uid, manager_uid, agent_uid] {
            for (k, other) in made.iter().enumerate().filter(|(k, _)| k % 3 != 1) {
                conn.execute(
                    "INSERT OR IGNORE INTO conversations (user_a, user_b, created_at) VALUES (?1, ?2, ?3)",
                    [me.min(*other), me.max(*other), now],
                )
                .unwrap();
                let c = conn.last_insert_rowid();
                for m in 0..(k as i64 % 5) {
                    let (from, to) = if m % 2 == 0 { (*other, me) } else { (me, *other) };
                    let read = (m + k as i64) % 3 == 0;
                    conn.execute(
                        "INSERT INTO messages (conversation_id, sender_uid, receiver_uid, message_text, sent_at, read_at)
                         VALUES (?1, ?2, ?3, 'hello', ?4, CASE WHEN ?5 THEN ?4 END)",
                        rusqlite::params![c, from, to, now + m, read],
                    )
                    .unwrap();
                }
            }
        }
        [(admin, admin_uid), (manager, manager_uid), (agent, agent_uid)]
    };
    let admin_uid = people[0].1;
    for (token, uid) in people {
        let expected = partners_one_by_one(&app.conn(), uid);
        let answer = app.get("/chat/users", Some(&token)).await;
        let got: Vec<(i64, String, i64, Option<i64>)> = answer
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (
                    u["uid"].as_i64().unwrap(),
                    u["userName"].as_str().unwrap().to_string(),
                    u["unreadCount"].as_i64().unwrap(),
                    u["conversationId"].as_i64(),
                )
            })
            .collect();
        assert_eq!(got, expected, "the partners of user {uid}");
        if uid == admin_uid {
            assert!(got.len() > 50, "an administrator chats with everyone: {}", got.len());
            assert!(got.iter().any(|p| p.2 > 0), "some unread");
        }
    }
}

#[tokio::test]
async fn marking_several_broadcasts_read_is_all_or_nothing() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let (agent_uid, first, second) = {
        let conn = app.conn();
        let admin_uid = uid_of(&conn, "admin@demo.test");
        let mut ids = Vec::new();
        for text in ["first", "second"] {
            conn.execute(
                "INSERT INTO broadcasts (message_text, user_type_id, country_id, created_by, created_at) VALUES (?1, 0, NULL, ?2, ?3)",
                rusqlite::params![text, admin_uid, 1_700_000_000_i64],
            )
            .unwrap();
            ids.push(conn.last_insert_rowid());
        }
        // The second one cannot be marked: the statement fails after the first row went in.
        conn.execute_batch(&format!(
            "CREATE TRIGGER refuse_second BEFORE INSERT ON broadcast_reads WHEN NEW.broadcast_id = {}
             BEGIN SELECT RAISE(ABORT, 'refused'); END;",
            ids[1]
        ))
        .unwrap();
        (uid_of(&conn, "agent1@demo.test"), ids[0], ids[1])
    };
    let reads = |app: &TestApp| -> i64 {
        app.conn()
            .query_row(
                "SELECT COUNT(*) FROM broadcast_reads WHERE uid = ?1 AND broadcast_id IN (?2, ?3)",
                [agent_uid, first, second],
                |r| r.get(0),
            )
            .unwrap()
    };
    let failed = app.post("/chat/broadcast/markAsRead", Some(&agent), json!([first, second])).await;
    assert_eq!(failed.status, StatusCode::INTERNAL_SERVER_ERROR, "body: {}", failed.body);
    assert_eq!(reads(&app), 0, "none marked when one fails");

    app.conn().execute_batch("DROP TRIGGER refuse_second").unwrap();
    app.post("/chat/broadcast/markAsRead", Some(&agent), json!({ "messageIds": [first, second, first] }))
        .await
        .expect(StatusCode::OK, "2 broadcast messages marked as read.");
    assert_eq!(reads(&app), 2);
    app.post("/chat/broadcast/markAsRead", Some(&agent), json!([first, second]))
        .await
        .expect(StatusCode::OK, "0 broadcast messages marked as read.");
}
