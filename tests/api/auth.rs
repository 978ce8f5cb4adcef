//! Sign-in, lockout, one-time codes, forgotten and changed passwords, sessions and logout.

use axum::http::StatusCode;
use serde_json::json;

use crate::support::{TestApp, PASSWORD};

const NOT_LOGGED_IN: &str = "You're not logged in. Please log in to continue.";
const EXPIRED: &str = "Your session has expired. Please log in again to continue.";

#[tokio::test]
async fn check_user_tells_known_unknown_and_missing_ids() {
    let app = TestApp::new();
    let r = app.post("/login/checkUser", None, json!({ "userName": "AGENT1@demo.test" })).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["success"], true);
    assert_eq!(r.body["loginMethodAllowed"], true);
    assert_eq!(r.body["userType"], 4);

    let r = app.post("/login/checkUser", None, json!({ "userName": "nobody@demo.test" })).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["success"], false);
    assert_eq!(r.message(), "Login ID not found. Please check it and try again.");

    app.post("/login/checkUser", None, json!({ "userName": "  " })).await.expect(StatusCode::BAD_REQUEST, "Login ID is required");
}

#[tokio::test]
async fn password_login_returns_the_session_user() {
    let app = TestApp::new();
    let r = app.login_with("am@demo.test", PASSWORD).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let user = &r.body;
    assert_eq!(user["userType"], 3);
    assert_eq!(user["name"], "Meera Nair");
    assert_eq!(user["appVersion"], "1.3.5");
    assert_eq!(user["forcePasswordUpdate"], false);
    assert_eq!(user["isFirstTimeLogin"], false);
    let rights: Vec<&str> = user["userRights"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(rights.contains(&"retailer_bucket"));
    assert!(!rights.contains(&"user_master"));
    assert_eq!(user["userRolesRight"][0]["groupName"], "Customer");
    assert_eq!(user["userRolesRight"][0]["linkRight"], "customer_visit");

    let token = user["token"].as_str().unwrap();
    let session = app.get("/users/session", Some(token)).await;
    assert_eq!(session.status, StatusCode::OK);
    assert_eq!(session.body["token"], token);
    assert_eq!(session.body["emailId"], "am@demo.test");
}

#[tokio::test]
async fn login_validation_messages() {
    let app = TestApp::new();
    let cases = [
        (json!({ "password": PASSWORD, "terms": true }), "Login ID is required"),
        (json!({ "userName": "agent1@demo.test", "terms": true }), "Password is required"),
        (json!({ "userName": "agent1@demo.test", "password": "", "terms": true }), "Password is required"),
        (json!({ "userName": "agent1@demo.test", "password": PASSWORD }), "You must agree to the terms and conditions."),
        (json!({ "userName": "agent1@demo.test", "password": PASSWORD, "terms": false }), "You must agree to the terms and conditions."),
    ];
    for (body, message) in cases {
        app.post("/login/auth", None, body).await.expect(StatusCode::BAD_REQUEST, message);
    }
    let r = app.post("/login/authOTP", None, json!({ "userName": "agent1@demo.test", "terms": true })).await;
    r.expect(StatusCode::BAD_REQUEST, "OTP is required");
    app.post("/login/reset", None, json!({ "userName": "" })).await.expect(StatusCode::BAD_REQUEST, "Email ID is required");
}

/// (The lock's end and the mailed code that lifts it: `security_auth`.)
#[tokio::test]
async fn five_wrong_passwords_lock_until_the_cli_unblocks() {
    let app = TestApp::new();
    for _ in 0..4 {
        app.login_with("agent1@demo.test", "wrong-password-1").await.expect(StatusCode::UNAUTHORIZED, "Invalid Login ID or password.");
    }
    let locked = "Your account is locked after too many failed login attempts. Try again in 15 minutes, \
                  sign in with an OTP sent to your email ID, or ask your administrator to unblock it.";
    app.login_with("agent1@demo.test", "wrong-password-1").await.expect(StatusCode::FORBIDDEN, locked);
    // The right password no longer helps while the lock holds.
    app.login_with("agent1@demo.test", PASSWORD).await.expect(StatusCode::FORBIDDEN, locked);

    let out = app.cli(&["user", "unblock", "agent1@demo.test"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Unblocked agent1@demo.test"));
    assert_eq!(app.login_with("agent1@demo.test", PASSWORD).await.status, StatusCode::OK);

    // The counter starts again after a success.
    for _ in 0..4 {
        app.login_with("agent1@demo.test", "wrong-password-1").await.expect(StatusCode::UNAUTHORIZED, "Invalid Login ID or password.");
    }
    app.login_with("agent1@demo.test", "wrong-password-1").await.expect(StatusCode::FORBIDDEN, locked);
}

#[tokio::test]
async fn unknown_login_is_refused_without_saying_which_part_was_wrong() {
    let app = TestApp::new();
    app.login_with("ghost@demo.test", PASSWORD).await.expect(StatusCode::UNAUTHORIZED, "Invalid Login ID or password.");
}

#[tokio::test]
async fn every_attempt_is_recorded() {
    let app = TestApp::new();
    app.login_with("agent2@demo.test", "nope-nope-12").await;
    app.post(
        "/login/auth",
        None,
        json!({ "userName": "agent2@demo.test", "password": PASSWORD, "terms": true, "lattitude": "12.97", "longitude": 77.59 }),
    )
    .await;
    app.login_with("ghost@demo.test", PASSWORD).await;
    let conn = app.conn();
    let rows: Vec<(Option<i64>, String, bool, String, Option<f64>)> = conn
        .prepare("SELECT uid, method, success, client_addr, latitude FROM login_attempts ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 3);
    assert!(!rows[0].2, "the first attempt failed");
    assert!(rows[1].2, "the second succeeded");
    assert_eq!(rows[1].4, Some(12.97));
    assert_eq!(rows[1].3, "10.1.2.3");
    assert_eq!(rows[2].0, None);
    assert!(rows.iter().all(|r| r.1 == "password"));
}

#[tokio::test]
async fn otp_sign_in_is_single_use() {
    let app = TestApp::new();
    let r = app.post("/login/generateOTP", None, json!({ "userName": "agent1@demo.test" })).await;
    r.expect(StatusCode::OK, "If this login ID is registered, an OTP has been sent to its email ID.");
    let code = app.mailed("agent1@demo.test", "Code: ");
    assert_eq!(code.len(), 6);
    assert!(code.chars().all(|c| c.is_ascii_digit()));

    // Asking again within a minute gets the same answer and sends nothing.
    let again = app.post("/login/generateOTP", None, json!({ "userName": "agent1@demo.test" })).await;
    again.expect(StatusCode::OK, "If this login ID is registered, an OTP has been sent to its email ID.");
    assert_eq!(app.outbox().len(), 1);

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let body = |otp: &str| json!({ "userName": "agent1@demo.test", "password": otp, "otp": otp, "terms": true, "loginMethod": "otp" });
    app.post("/login/authOTP", None, body(wrong)).await.expect(StatusCode::UNAUTHORIZED, "Invalid OTP. 4 attempts left.");
    let ok = app.post("/login/authOTP", None, body(&code)).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    assert_eq!(ok.body["userType"], 4);
    app.post("/login/authOTP", None, body(&code))
        .await
        .expect(StatusCode::UNAUTHORIZED, "The OTP has expired or was already used. Please request a new OTP.");
}

#[tokio::test]
async fn otp_expires_after_five_minutes() {
    let app = TestApp::new();
    app.post("/login/generateOTP", None, json!({ "userName": "agent2@demo.test" })).await;
    let code = app.mailed("agent2@demo.test", "Code: ");
    let conn = app.conn();
    let (created, expires): (i64, i64) =
        conn.query_row("SELECT created_at, expires_at FROM otps", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!(expires - created, 300);
    conn.execute("UPDATE otps SET expires_at = strftime('%s','now') - 1", []).unwrap();
    let r = app.post("/login/authOTP", None, json!({ "userName": "agent2@demo.test", "password": code, "terms": true })).await;
    r.expect(StatusCode::UNAUTHORIZED, "The OTP has expired or was already used. Please request a new OTP.");
}

#[tokio::test]
async fn otp_attempt_limit_stops_guessing() {
    let app = TestApp::new();
    app.post("/login/generateOTP", None, json!({ "userName": "agent3@demo.test" })).await;
    let code = app.mailed("agent3@demo.test", "Code: ");
    let wrong = if code == "999999" { "999998" } else { "999999" };
    for _ in 0..4 {
        let r = app.post("/login/authOTP", None, json!({ "userName": "agent3@demo.test", "otp": wrong, "terms": true })).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    let exhausted = "Too many wrong OTP attempts. Please request a new OTP.";
    let fifth = app.post("/login/authOTP", None, json!({ "userName": "agent3@demo.test", "otp": wrong, "terms": true })).await;
    fifth.expect(StatusCode::UNAUTHORIZED, exhausted);
    // Even the right code is refused now.
    let r = app.post("/login/authOTP", None, json!({ "userName": "agent3@demo.test", "otp": code, "terms": true })).await;
    r.expect(StatusCode::UNAUTHORIZED, exhausted);
}

#[tokio::test]
async fn the_same_otp_redeemed_concurrently_succeeds_once() {
    let app = std::sync::Arc::new(TestApp::new());
    app.post("/login/generateOTP", None, json!({ "userName": "agent4@demo.test" })).await;
    let code = app.mailed("agent4@demo.test", "Code: ");
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let app = app.clone();
        let code = code.clone();
        tasks.push(tokio::spawn(async move {
            app.post("/login/authOTP", None, json!({ "userName": "agent4@demo.test", "password": code, "terms": true })).await.status
        }));
    }
    let mut ok = 0;
    for task in tasks {
        let status = task.await.unwrap();
        assert!(status == StatusCode::OK || status == StatusCode::UNAUTHORIZED, "{status}");
        ok += usize::from(status == StatusCode::OK);
    }
    assert_eq!(ok, 1);
}

#[tokio::test]
async fn logout_ends_the_token_at_once() {
    let app = TestApp::new();
    let phone = app.as_agent(1).await;
    let desktop = app.as_agent(1).await;
    let r = app.post("/logout", Some(&phone), json!({})).await;
    r.expect(StatusCode::OK, "You have been logged out.");
    assert_eq!(r.body["code"], "logged_out", "{}", r.body);
    // A session that ended is answered by its code, which clients decide by.
    let r = app.get("/users/session", Some(&phone)).await;
    r.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    assert_eq!(r.body["code"], "session_expired", "{}", r.body);
    // Other sessions of the same user go on.
    assert_eq!(app.get("/users/session", Some(&desktop)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn password_change_rules_and_effects() {
    let app = TestApp::new();
    let token = app.as_agent(2).await;
    let other = app.as_agent(2).await;
    let change =
        |current: &str, new: &str, confirm: &str| json!({ "currentPassword": current, "newPassword": new, "confirmPassword": confirm });
    let cases = [
        (change("", "Abcdefghijk1", "Abcdefghijk1"), "Current Password is required"),
        (change(PASSWORD, "", "Abcdefghijk1"), "New Password is required"),
        (change(PASSWORD, "Abcdefghijk1", ""), "Confirm Password is required"),
        (change(PASSWORD, "short1", "short1"), "Password must be minimum 12 alphanumeric character"),
        (change(PASSWORD, "abcdefghijklm", "abcdefghijklm"), "Password must be minimum 12 alphanumeric character"),
        (change(PASSWORD, "123456789012", "123456789012"), "Password must be minimum 12 alphanumeric character"),
        (change(PASSWORD, "Abcdefghijk1", "Abcdefghijk2"), "New Password and Confirm Password do not match."),
        // A confirmation with a typo that makes it short is a mismatch, not a weak password.
        (change(PASSWORD, "Abcdefghijk1", "Abcdefghijk"), "New Password and Confirm Password do not match."),
        (change(PASSWORD, PASSWORD, PASSWORD), "The new password must be different from the current password."),
        (change("Wrong1234567", "Abcdefghijk1", "Abcdefghijk1"), "The current password is incorrect."),
    ];
    for (body, message) in cases {
        let r = app.post("/users/passwordUpdate", Some(&token), body).await;
        r.expect(StatusCode::BAD_REQUEST, message);
        assert!(r.body["code"].as_str().is_some_and(|c| !c.is_empty() && c != "unclassified"), "{}", r.body);
    }
    app.post("/users/passwordUpdate", Some(&token), change(PASSWORD, "Abcdefghijk1", "Abcdefghijk1"))
        .await
        .expect(StatusCode::OK, "Password changed successfully. Please log in again with your new password.");
    // Every session of the user ends; the old password stops working, the new one works.
    app.get("/users/session", Some(&token)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    app.get("/users/session", Some(&other)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    assert_eq!(app.login_with("agent2@demo.test", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("agent2@demo.test", "Abcdefghijk1").await.status, StatusCode::OK);
}

#[tokio::test]
async fn forgot_password_mails_a_temporary_password_that_forces_a_change() {
    let app = TestApp::new();
    let r = app.post("/login/reset", None, json!({ "userName": "agent3@demo.test" })).await;
    r.expect(StatusCode::OK, "If this login ID is registered, a temporary password has been sent to its email ID.");
    let temp = app.mailed("agent3@demo.test", "Temporary password: ");
    // Nobody can lock a user out by asking for resets: the usual password still works.
    assert_eq!(app.login_with("agent3@demo.test", PASSWORD).await.body["forcePasswordUpdate"], false);

    let r = app.login_with("agent3@demo.test", &temp).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["forcePasswordUpdate"], true);
    let token = r.body["token"].as_str().unwrap().to_string();

    // A forced user may only read the session, change the password and log out.
    let r = app.get("/master/country", Some(&token)).await;
    r.expect(StatusCode::FORBIDDEN, "Please change your password to continue.");
    assert_eq!(r.body["code"], "password_change_required", "{}", r.body);
    assert_eq!(app.get("/users/session", Some(&token)).await.status, StatusCode::OK);
    let body = json!({ "currentPassword": temp, "newPassword": "NewPassword99", "confirmPassword": "NewPassword99" });
    assert_eq!(app.post("/users/passwordUpdate", Some(&token), body).await.status, StatusCode::OK);
    let r = app.login_with("agent3@demo.test", "NewPassword99").await;
    assert_eq!(r.body["forcePasswordUpdate"], false);
    // The temporary password is spent.
    assert_eq!(app.login_with("agent3@demo.test", &temp).await.status, StatusCode::UNAUTHORIZED);

    // An unknown id gets the same answer (and no mail).
    app.post("/login/reset", None, json!({ "userName": "ghost@demo.test" }))
        .await
        .expect(StatusCode::OK, "If this login ID is registered, a temporary password has been sent to its email ID.");
}

#[tokio::test]
async fn a_forced_user_can_log_out() {
    let app = TestApp::new();
    app.conn().execute("UPDATE users SET force_password_update = 1 WHERE email = 'agent1@demo.test'", []).unwrap();
    let token = app.as_agent(1).await;
    assert_eq!(app.post("/logout", Some(&token), json!({})).await.status, StatusCode::OK);
}

#[tokio::test]
async fn missing_forged_and_expired_tokens_are_refused() {
    let app = TestApp::new();
    let r = app.get("/users/session", None).await;
    r.expect(StatusCode::UNAUTHORIZED, NOT_LOGGED_IN);
    assert_eq!(r.body["code"], "not_logged_in", "{}", r.body);
    let r = app.get("/master/country", Some("not-a-jwt")).await;
    r.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    assert_eq!(r.body["code"], "session_expired", "{}", r.body);

    let token = app.as_agent(1).await;
    let parts: Vec<&str> = token.split('.').collect();
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
    use base64::Engine;
    let claims = B64.decode(parts[1]).unwrap();
    // alg "none" with the same claims and no signature.
    let none = format!("{}.{}.", B64.encode(br#"{"alg":"none","typ":"JWT"}"#), parts[1]);
    app.get("/users/session", Some(&none)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    // Same header and claims signed with another key.
    let other_key = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &serde_json::from_slice::<serde_json::Value>(&claims).unwrap(),
        &jsonwebtoken::EncodingKey::from_secret(b"another secret"),
    )
    .unwrap();
    app.get("/users/session", Some(&other_key)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    // Signed with the real key but expired.
    let secret: String = app.conn().query_row("SELECT value FROM settings WHERE key = 'jwt_secret'", [], |r| r.get(0)).unwrap();
    let mut expired: serde_json::Value = serde_json::from_slice(&claims).unwrap();
    expired["exp"] = json!(fieldsales::now() - 10);
    let expired = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        &expired,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap();
    let r = app.get("/users/session", Some(&expired)).await;
    r.expect(StatusCode::UNAUTHORIZED, EXPIRED);
    assert_eq!(r.body["code"], "session_expired", "{}", r.body);
    // The genuine token still works.
    assert_eq!(app.get("/users/session", Some(&token)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn blocking_a_user_ends_their_live_token() {
    let app = TestApp::new();
    let token = app.as_agent(1).await;
    app.conn().execute("UPDATE users SET is_blocked = 1 WHERE email = 'agent1@demo.test'", []).unwrap();
    app.get("/users/session", Some(&token)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_client_address() {
    let app = TestApp::with(|c| c.login_rate_per_minute = 3);
    for _ in 0..3 {
        assert_eq!(app.login_with("agent1@demo.test", PASSWORD).await.status, StatusCode::OK);
    }
    let r = app.login_with("agent1@demo.test", PASSWORD).await;
    r.expect(StatusCode::TOO_MANY_REQUESTS, "Too many sign-in attempts. Please wait a minute and try again.");
    // A forged forwarding header does not give a fresh allowance.
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/webapi/api/login/checkUser")
        .header("cookie", "XSRF-TOKEN=x")
        .header("x-xsrf-token", "x")
        .header("x-forwarded-for", "203.0.113.9")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(r#"{"userName":"agent1@demo.test"}"#))
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::TOO_MANY_REQUESTS);
}

/// A signed-in user is kept for a moment between requests (auth::session), never past a change of
/// what they are read from: a session ended, a user blocked, a right taken, written straight into
/// the file by any connection of the server's process, shows on the next request.
#[tokio::test]
async fn a_kept_user_ends_with_any_change_to_their_session_or_rights() {
    let app = TestApp::new();
    let agent = app.token("agent1@demo.test").await;
    let visit_screen = |token: String| {
        let app = &app;
        async move { app.get("/users/customer/FTMFTD/ftd", Some(&token)).await }
    };
    assert_eq!(visit_screen(agent.clone()).await.status, StatusCode::OK);
    assert_eq!(visit_screen(agent.clone()).await.status, StatusCode::OK, "kept");
    let conn = app.conn();
    conn.execute("UPDATE sessions SET ended_at = 1 WHERE uid = (SELECT uid FROM users WHERE email = 'agent1@demo.test')", []).unwrap();
    visit_screen(agent).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);

    let agent = app.token("agent1@demo.test").await;
    assert_eq!(visit_screen(agent.clone()).await.status, StatusCode::OK);
    conn.execute("DELETE FROM user_type_rights WHERE user_type_id = 4", []).unwrap();
    visit_screen(agent.clone()).await.expect(StatusCode::FORBIDDEN, "You don't have permission to do this.");
    conn.execute("INSERT INTO user_type_rights (user_type_id, right_id) SELECT 4, right_id FROM rights WHERE code = 'customer_visit'", [])
        .unwrap();
    assert_eq!(visit_screen(agent.clone()).await.status, StatusCode::OK, "a right given back");
    // A wrong password (anyone may send one) changes no column a signed-in user is read from.
    let changes =
        |conn: &rusqlite::Connection| -> i64 { conn.query_row("SELECT changes FROM session_table_changes", [], |r| r.get(0)).unwrap() };
    let before = changes(&conn);
    let wrong = app.login_with("agent1@demo.test", "Wrong-password-1").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.body);
    assert_eq!(changes(&conn), before, "a failed attempt keeps the kept users");
    conn.execute("UPDATE users SET is_blocked = 1 WHERE email = 'agent1@demo.test'", []).unwrap();
    assert!(changes(&conn) > before);
    visit_screen(agent).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
}

/// A change made by another process (here a connection the server does not watch) reaches a kept
/// user within `KEEP_FOR`, two seconds.
#[tokio::test]
async fn another_process_ending_a_session_is_seen_within_two_seconds() {
    let app = TestApp::new();
    let agent = app.token("agent1@demo.test").await;
    assert_eq!(app.get("/users/customer/FTMFTD/ftd", Some(&agent)).await.status, StatusCode::OK);
    let outside = rusqlite::Connection::open(app.db_path()).unwrap();
    outside.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    outside.execute("UPDATE sessions SET ended_at = 1", []).unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    app.get("/users/customer/FTMFTD/ftd", Some(&agent)).await.expect(StatusCode::UNAUTHORIZED, EXPIRED);
}
