//! The administrator's command line, run as the real binary against a test database.

use axum::http::StatusCode;

use crate::support::TestApp;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn user_create_and_reset_password() {
    let app = TestApp::new();
    let out = app.cli(&[
        "user",
        "create",
        "--email",
        "new.agent@demo.test",
        "--name",
        "New Agent",
        "--type",
        "4",
        "--country",
        "India",
        "--manager",
        "am@demo.test",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Created user"));
    let temp = app.mailed("new.agent@demo.test", "Temporary password: ");
    let r = app.login_with("new.agent@demo.test", &temp).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["forcePasswordUpdate"], true);
    assert_eq!(r.body["isFirstTimeLogin"], true);
    let manager: Option<i64> =
        app.conn().query_row("SELECT manager_id FROM users WHERE email = 'new.agent@demo.test'", [], |r| r.get(0)).unwrap();
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
    for args in [vec!["user", "unblock", "ghost@demo.test"], vec!["user", "reset-password", "ghost@demo.test"]] {
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
    let run =
        |args: &[&str]| std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales")).arg("--db").arg(&db).args(args).output().unwrap();
    let first = run(&["migrate"]);
    assert!(text(&first.stdout).starts_with("Created database"), "{}", text(&first.stdout));
    let second = run(&["migrate"]);
    assert!(text(&second.stdout).contains("is up to date"));
    let seed = run(&["seed", "--demo"]);
    assert!(text(&seed.stdout).contains("Demo company loaded: 6 users"), "{}", text(&seed.stdout));
    let again = run(&["seed", "--demo"]);
    assert!(text(&again.stdout).contains("already there"));
    // A company's own database: no demo mixed into it, no seconds-long write beside its agents.
    let live = dir.path().join("live.db");
    let in_live =
        |args: &[&str]| std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales")).arg("--db").arg(&live).args(args).output().unwrap();
    let created =
        in_live(&["user", "create", "--email", "owner@company.test", "--name", "Owner", "--type", "1", "--password", "Abcdefghijk1"]);
    assert!(created.status.success(), "{}", text(&created.stderr));
    let refused = in_live(&["seed", "--demo"]);
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("the demo company goes into a new database only"), "{}", text(&refused.stderr));
}

#[tokio::test]
async fn serve_on_an_empty_database_creates_an_administrator_once() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("empty.db");
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales"))
        .arg("--db")
        .arg(&db)
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(server.stdout.take().unwrap()).lines();
    let mut printed = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        let listening = line.starts_with("fieldsales is listening");
        printed.push(line);
        if listening {
            break;
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
    let created = printed
        .iter()
        .find(|l| l.starts_with("Created the administrator admin@fieldsales.local with the password "))
        .expect("the password is printed");
    let password = created.rsplit(' ').next().unwrap();
    assert!(password.len() >= 12);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (count, forced): (i64, bool) = conn
        .query_row("SELECT COUNT(*), MAX(force_password_update) FROM users WHERE user_type_id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!((count, forced), (1, true), "one administrator, who must choose a password");
}

/// A client that never finishes its request does not keep `serve` from stopping: after SIGTERM,
/// requests get `--shutdown-grace` seconds, then the server exits cleanly without them.
#[test]
fn serve_stops_after_its_grace_even_with_a_request_half_sent() {
    use std::io::{BufRead, BufReader, Write};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales"))
        .arg("--db")
        .arg(dir.path().join("grace.db"))
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .args(["serve", "--addr", "127.0.0.1:0", "--shutdown-grace", "1"])
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let address = BufReader::new(server.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .find_map(|line| line.strip_prefix("fieldsales is listening on http://").map(str::to_string))
        .expect("the server says where it listens");
    let mut half_sent = std::net::TcpStream::connect(&address).unwrap();
    half_sent.write_all(b"GET /healthz HTTP/1.1\r\nHost: fieldsales\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));

    let signalled = Instant::now();
    let kill = std::process::Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(20) {
            server.kill().unwrap();
            panic!("serve still running 20 s after SIGTERM with a grace of 1 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert!(signalled.elapsed() >= Duration::from_secs(1), "the grace was given: {:?}", signalled.elapsed());
    drop(half_sent);
}
