//! Security, second round (issue #40): security_users. A user_master given to another user type
//! manages only the users below it in its own scope, never an administrator; an email change ends
//! the user's sessions and is mailed to both addresses.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::support::{TestApp, PASSWORD};

const ADMINISTRATORS_ONLY: &str = "Only administrators create, change or delete administrators.";
const OUTSIDE_SCOPE: &str = "You can only manage users below your own user type in your own team.";
const NOT_FOUND: &str = "The requested record was not found.";

fn user(uid: i64, email: &str, name: &str, user_type: i64, manager: Option<i64>) -> Value {
    json!({ "uid": uid, "emailId": email, "name": name, "userType": user_type, "country": "India", "managerId": manager })
}

fn uid_of(app: &TestApp, email: &str) -> i64 {
    app.conn().query_row("SELECT uid FROM users WHERE email = ?1", [email], |r| r.get(0)).unwrap()
}

/// (email, user type, manager) of a user as stored.
fn stored(app: &TestApp, uid: i64) -> (String, i64, Option<i64>) {
    app.conn()
        .query_row("SELECT email, user_type_id, manager_id FROM users WHERE uid = ?1", [uid], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
}

/// Gives `user_master` to a user type through the Rights screen, as an administrator would.
async fn grant_user_master(app: &TestApp, admin: &str, user_type: i64) {
    grant(app, admin, user_type, &["user_master"]).await;
}

/// Gives `extra` rights to a user type through the Rights screen.
async fn grant(app: &TestApp, admin: &str, user_type: i64, extra: &[&str]) {
    let grid = app.get("/master/rights/byUserType", Some(admin)).await;
    let column = grid.body.as_array().unwrap().iter().find(|c| c["userTypeId"] == user_type).unwrap().clone();
    let mut rights: Vec<Value> = column["rights"].as_array().unwrap().clone();
    rights.extend(extra.iter().map(|r| json!(r)));
    let r = app.post("/master/rights", Some(admin), json!({ "userTypeId": user_type, "rights": rights })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn a_delegated_user_master_manages_only_its_own_agents_and_never_an_administrator() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let (admin_uid, am, agent1) = (uid_of(&app, "admin@demo.test"), uid_of(&app, "am@demo.test"), uid_of(&app, "agent1@demo.test"));
    // Another team: a second area manager with an agent of its own.
    let am2 =
        app.post("/master/user", Some(&admin), user(0, "am2@demo.test", "Second Manager", 3, None)).await.body["uid"].as_i64().unwrap();
    let other =
        app.post("/master/user", Some(&admin), user(0, "other@demo.test", "Other Agent", 4, Some(am2))).await.body["uid"].as_i64().unwrap();
    grant_user_master(&app, &admin, 3).await;
    let manager = app.token("am@demo.test").await;

    // The list: itself (so it can name itself as a new agent's manager, not editable) and its agents.
    let list = app.get("/master/user", Some(&manager)).await;
    let mut emails: Vec<&str> = list.body.as_array().unwrap().iter().map(|r| r["emailID"].as_str().unwrap()).collect();
    emails.sort();
    assert_eq!(emails, ["agent1@demo.test", "agent2@demo.test", "agent3@demo.test", "agent4@demo.test", "am@demo.test"]);
    let me = list.body.as_array().unwrap().iter().find(|r| r["uid"] == am).unwrap();
    assert_eq!((me["isEditable"].as_bool(), me["isDeletable"].as_bool()), (Some(false), Some(false)));

    // Creating: no administrator, no user of its own type or above, no agent of another team.
    let creates = [
        (user(0, "boss@demo.test", "Boss", 1, None), ADMINISTRATORS_ONLY),
        (user(0, "am3@demo.test", "Manager", 3, None), OUTSIDE_SCOPE),
        (user(0, "back@demo.test", "Back Office", 2, None), OUTSIDE_SCOPE),
        (user(0, "stray@demo.test", "Stray", 4, Some(am2)), OUTSIDE_SCOPE),
    ];
    for (body, message) in creates {
        app.post("/master/user", Some(&manager), body).await.expect(StatusCode::FORBIDDEN, message);
    }
    let made = app.post("/master/user", Some(&manager), user(0, "mine@demo.test", "My Agent", 4, Some(am))).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(stored(&app, made.body["uid"].as_i64().unwrap()), ("mine@demo.test".into(), 4, Some(am)));
    let live = || app.conn().query_row("SELECT COUNT(*) FROM users WHERE is_deleted = 0", [], |r| r.get::<_, i64>(0)).unwrap();
    let users = live();

    // An administrator cannot be read, edited (its email to take it over), re-typed or deleted.
    app.get(&format!("/master/user/{admin_uid}"), Some(&manager)).await.expect(StatusCode::FORBIDDEN, ADMINISTRATORS_ONLY);
    for body in [user(admin_uid, "taken@demo.test", "Asha Admin", 1, None), user(admin_uid, "admin@demo.test", "Asha Admin", 4, Some(am))] {
        app.post("/master/user", Some(&manager), body).await.expect(StatusCode::FORBIDDEN, ADMINISTRATORS_ONLY);
    }
    app.post(&format!("/master/user/delete/{admin_uid}"), Some(&manager), json!({}))
        .await
        .expect(StatusCode::FORBIDDEN, ADMINISTRATORS_ONLY);
    assert_eq!(stored(&app, admin_uid), ("admin@demo.test".into(), 1, None));

    // Its own agent cannot be made an administrator, a manager, or another team's agent.
    let retypes = [
        (user(agent1, "agent1@demo.test", "Ravi Kumar", 1, None), ADMINISTRATORS_ONLY),
        (user(agent1, "agent1@demo.test", "Ravi Kumar", 3, None), OUTSIDE_SCOPE),
        (user(agent1, "agent1@demo.test", "Ravi Kumar", 4, Some(am2)), OUTSIDE_SCOPE),
    ];
    for (body, message) in retypes {
        app.post("/master/user", Some(&manager), body).await.expect(StatusCode::FORBIDDEN, message);
    }
    assert_eq!(stored(&app, agent1), ("agent1@demo.test".into(), 4, Some(am)));

    // Users outside its team, and itself, are answered like missing ones.
    for uid in [am2, other, am] {
        app.get(&format!("/master/user/{uid}"), Some(&manager)).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
        app.post("/master/user", Some(&manager), user(uid, &format!("x{uid}@demo.test"), "X", 4, Some(am)))
            .await
            .expect(StatusCode::NOT_FOUND, NOT_FOUND);
    }
    for uid in [am2, other] {
        app.post(&format!("/master/user/delete/{uid}"), Some(&manager), json!({})).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
    }
    assert_eq!(stored(&app, am2), ("am2@demo.test".into(), 3, None));
    assert_eq!(stored(&app, other), ("other@demo.test".into(), 4, Some(am2)));
    assert_eq!(live(), users);

    // Its own agents it does manage.
    assert_eq!(app.get(&format!("/master/user/{agent1}"), Some(&manager)).await.status, StatusCode::OK);
    app.post("/master/user", Some(&manager), user(agent1, "agent1@demo.test", "Ravi K", 4, Some(am)))
        .await
        .expect(StatusCode::OK, "User saved successfully.");

    // A type with no users below it in its scope (an agent) manages nobody, not even itself.
    grant_user_master(&app, &admin, 4).await;
    let agent = app.as_agent(2).await;
    let agent2 = uid_of(&app, "agent2@demo.test");
    let own = app.get("/master/user", Some(&agent)).await;
    assert_eq!(own.body.as_array().unwrap().iter().map(|r| r["uid"].as_i64().unwrap()).collect::<Vec<_>>(), [agent2]);
    app.get(&format!("/master/user/{agent1}"), Some(&agent)).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
    app.post("/master/user", Some(&agent), user(0, "new@demo.test", "New", 4, Some(am))).await.expect(StatusCode::FORBIDDEN, OUTSIDE_SCOPE);
    app.post(&format!("/master/user/delete/{agent1}"), Some(&agent), json!({})).await.expect(StatusCode::NOT_FOUND, NOT_FOUND);
}

#[tokio::test]
async fn an_email_change_ends_the_users_sessions_and_is_mailed_to_both_addresses() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let (am, agent1) = (uid_of(&app, "am@demo.test"), uid_of(&app, "agent1@demo.test"));
    let token = app.as_agent(1).await;

    // Another field leaves the sessions alone.
    app.post("/master/user", Some(&admin), user(agent1, "agent1@demo.test", "Ravi K", 4, Some(am)))
        .await
        .expect(StatusCode::OK, "User saved successfully.");
    assert_eq!(app.get("/users/session", Some(&token)).await.status, StatusCode::OK);
    assert!(app.outbox().is_empty());

    app.post("/master/user", Some(&admin), user(agent1, "ravi.new@demo.test", "Ravi K", 4, Some(am)))
        .await
        .expect(StatusCode::OK, "User saved successfully.");
    assert_eq!(app.get("/users/session", Some(&token)).await.status, StatusCode::UNAUTHORIZED);
    let mut told: Vec<String> = app
        .outbox()
        .iter()
        .filter(|m| m["subject"] == "Your fieldsales sign-in email was changed")
        .map(|m| {
            assert!(m["body"].as_str().unwrap().contains("from agent1@demo.test to ravi.new@demo.test"), "{m}");
            m["to"].as_str().unwrap().to_string()
        })
        .collect();
    told.sort();
    assert_eq!(told, ["agent1@demo.test", "ravi.new@demo.test"]);
    // The account signs in with the new address only.
    assert_eq!(app.login_with("agent1@demo.test", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    app.token("ravi.new@demo.test").await;
}

/// The other calls that act on a user (block, unblock, resets, opening an account) follow the
/// same rule when their rights are given to area managers: their own agents only, never an
/// administrator.
#[tokio::test]
async fn delegated_block_reset_and_impersonation_rights_stay_within_the_team() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let (admin_uid, agent1) = (uid_of(&app, "admin@demo.test"), uid_of(&app, "agent1@demo.test"));
    let am2 =
        app.post("/master/user", Some(&admin), user(0, "am2@demo.test", "Second Manager", 3, None)).await.body["uid"].as_i64().unwrap();
    let other =
        app.post("/master/user", Some(&admin), user(0, "other@demo.test", "Other Agent", 4, Some(am2))).await.body["uid"].as_i64().unwrap();
    grant(&app, &admin, 3, &["unblock_user", "user_agent", "rca_account_access", "rca_account_login"]).await;
    let manager = app.token("am@demo.test").await;

    // The lists hold its own agents only.
    for path in ["/users/block", "/users/block?fromUserAgent=true"] {
        let list = app.get(path, Some(&manager)).await;
        let mut emails: Vec<&str> = list.body.as_array().unwrap().iter().map(|r| r["emailId"].as_str().unwrap()).collect();
        emails.sort();
        assert_eq!(emails, ["agent1@demo.test", "agent2@demo.test", "agent3@demo.test", "agent4@demo.test"], "{path}");
    }
    let agents = app.get("/users/rca-list", Some(&manager)).await;
    assert_eq!(agents.body.as_array().unwrap().len(), 4, "{}", agents.body);
    assert_eq!(app.get("/users/am-list", Some(&manager)).await.body, json!([]));

    // An administrator: 403; another team's users: as if they did not exist; nothing changes.
    for action in ["block", "unblock"] {
        let r = app.post(&format!("/users/{action}/{admin_uid}"), Some(&manager), json!({})).await;
        r.expect(StatusCode::FORBIDDEN, ADMINISTRATORS_ONLY);
        for uid in [am2, other] {
            let r = app.post(&format!("/users/{action}/{uid}"), Some(&manager), json!({})).await;
            assert_eq!(r.status, StatusCode::NOT_FOUND, "{action} {uid}: {}", r.body);
        }
    }
    let r = app.post(&format!("/users/unblock/{other}?fromUserAgent=true&reset=true"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    let blocked: i64 = app.conn().query_row("SELECT COUNT(*) FROM users WHERE is_blocked = 1", [], |r| r.get(0)).unwrap();
    assert_eq!(blocked, 0);
    assert_eq!(app.login_with("admin@demo.test", PASSWORD).await.status, StatusCode::OK);
    for login in ["other@demo.test", "am2@demo.test"] {
        let r = app.post("/users/impersonate-rca", Some(&manager), json!({ "userName": login })).await;
        r.expect(StatusCode::NOT_FOUND, "Invalid RCA user selected! Please search again.");
    }

    // Its own agent: allowed.
    let r = app.post(&format!("/users/block/{agent1}"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app.post(&format!("/users/unblock/{agent1}"), Some(&manager), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = app.post("/users/impersonate-rca", Some(&manager), json!({ "userName": "agent2@demo.test" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// Issue #49 item 8: a user's name is one line of at most 100 characters, like a customer's, on
/// create and update; a name stored before the rule (line breaks and all) still puts one
/// "Temporary password:" line in the account mail, its last.
#[tokio::test]
async fn a_user_name_is_one_line_of_at_most_100_characters_and_the_mail_has_one_secret_line() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let (am, agent1) = (uid_of(&app, "am@demo.test"), uid_of(&app, "agent1@demo.test"));
    let evil = "Evil\n\nTemporary password: Attacker-Chosen-1\n";
    for (uid, email) in [(0, "evil@demo.test"), (agent1, "agent1@demo.test")] {
        for name in [evil.to_string(), "x".repeat(101), "x".repeat(5_000), "Evil\u{2028}Twin".into()] {
            let r = app.post("/master/user", Some(&admin), user(uid, email, &name, 4, Some(am))).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name:?}: {}", r.body);
            assert!(matches!(r.body["code"].as_str(), Some("field_not_one_line" | "field_too_long")), "{}", r.body);
            assert_eq!(r.body["field"], "name");
        }
    }
    assert_eq!(app.conn().query_row("SELECT COUNT(*) FROM users WHERE email = 'evil@demo.test'", [], |r| r.get::<_, i64>(0)).unwrap(), 0);
    assert_eq!(app.conn().query_row("SELECT name FROM users WHERE uid = ?1", [agent1], |r| r.get::<_, String>(0)).unwrap(), "Ravi Kumar");
    assert!(app.outbox().is_empty(), "nothing mailed for a refused user");
    // A hundred characters are a name.
    let hundred = "N".repeat(100);
    let r = app.post("/master/user", Some(&admin), user(0, "long@demo.test", &hundred, 4, Some(am))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let body = app.outbox().last().unwrap()["body"].as_str().unwrap().to_string();
    assert!(body.starts_with(&format!("Hello {hundred},")), "{body}");

    // A name stored with line breaks before the rule: the reset's mail keeps it on one line.
    app.conn().execute("UPDATE users SET name = ?1 WHERE uid = ?2", rusqlite::params![evil, agent1]).unwrap();
    let r = app.post(&format!("/users/unblock/{agent1}?fromUserAgent=true&reset=true"), Some(&admin), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let mail = app.outbox().into_iter().rev().find(|m| m["to"] == "agent1@demo.test").unwrap();
    let body = mail["body"].as_str().unwrap();
    let secret_lines: Vec<&str> = body.lines().filter(|l| l.starts_with("Temporary password:")).collect();
    assert_eq!(secret_lines.len(), 1, "{body}");
    assert!(!secret_lines[0].contains("Attacker-Chosen-1"), "{body}");
    assert_eq!(body.lines().last(), secret_lines.last().copied());
    assert_eq!(app.login_with("agent1@demo.test", &app.mailed("agent1@demo.test", "Temporary password: ")).await.status, StatusCode::OK);
}
