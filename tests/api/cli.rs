//! The administrator's command line, run as the real binary against a test database.

use axum::http::StatusCode;

use crate::support::TestApp;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn user_create_and_reset_password() {
    let app = TestApp::new();
    let out = app.cli(&["user", "create", "--email", "new.agent@demo.test", "--name", "New Agent", "--type", "4", "--country", "India", "--manager", "am@demo.test"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Created user"));
    let temp = app.mailed("new.agent@demo.test", "Temporary password: ");
    let r = app.login_with("new.agent@demo.test", &temp).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["forcePasswordUpdate"], true);
    assert_eq!(r.body["isFirstTimeLogin"], true);
    let manager: Option<i64> = app
        .conn()
        .query_row("SELECT manager_id FROM users WHERE email = 'new.agent@demo.test'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(manager, Some(2));

    let token = app.as_agent(1).await;
    let out = app.cli(&["user", "reset-password", "agent1@demo.test"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let temp = app.mailed("agent1@demo.test", "Temporary password: ");
    assert!(text(&out.stdout).contains(&temp));
    // The reset ends live sessions and replaces the old password.
    assert_eq!(app.get("/users/session", Some(&token)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("agent1@demo.test", crate::support::PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_with("agent1@demo.test", &temp).await.body["forcePasswordUpdate"], true);
}

#[tokio::test]
async fn wrong_logins_and_bad_input_exit_non_zero_with_one_clear_line() {
    let app = TestApp::new();
    for args in [
        vec!["user", "unblock", "ghost@demo.test"],
        vec!["user", "reset-password", "ghost@demo.test"],
    ] {
        let out = app.cli(&args);
        assert!(!out.status.success());
        assert_eq!(text(&out.stderr).trim(), "error: There is no user with the login id ghost@demo.test.");
    }
    let out = app.cli(&["user", "create", "--email", "x@demo.test", "--name", "X", "--type", "4"]);
    assert!(!out.status.success());
    assert_eq!(text(&out.stderr).trim(), "error: --country is required for user type 4");
    let out = app.cli(&["user", "create", "--email", "agent1@demo.test", "--name", "X", "--type", "1", "--password", "Abcdefghijk1"]);
    assert!(!out.status.success());
    assert_eq!(text(&out.stderr).trim(), "error: A user with the email agent1@demo.test already exists.");
}

#[tokio::test]
async fn migrate_and_seed_report_what_they_did() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fresh.db");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales"))
            .arg("--db")
            .arg(&db)
            .args(args)
            .output()
            .unwrap()
    };
    let first = run(&["migrate"]);
    assert!(text(&first.stdout).starts_with("Created database"), "{}", text(&first.stdout));
    let second = run(&["migrate"]);
    assert!(text(&second.stdout).contains("is up to date"));
    let seed = run(&["seed", "--demo"]);
    assert!(text(&seed.stdout).contains("Demo company loaded: 6 users"), "{}", text(&seed.stdout));
    let again = run(&["seed", "--demo"]);
    assert!(text(&again.stdout).contains("already there"));
}
