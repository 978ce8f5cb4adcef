//! `fieldsales backup` and `restore`, run as the real binary next to a real server.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;

use crate::support::{png, Part, TestApp};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `fieldsales serve` on the test's database and data folder; killed when dropped.
struct Server(Child);

impl Server {
    fn start(app: &TestApp) -> Self {
        let mut child = serve_command(&app.db_path(), &app.state.config.data_dir).stdout(Stdio::piped()).spawn().expect("start the server");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        assert!(lines.by_ref().map_while(Result::ok).any(|l| l.starts_with("fieldsales is listening")), "the server did not start");
        // Keep reading, so the server never writes into a closed pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Server(child)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve_command(db: &Path, data: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fieldsales"));
    command.arg("--db").arg(db).arg("--data-dir").arg(data).args(["serve", "--addr", "127.0.0.1:0"]).env("RUST_LOG", "warn");
    command
}

fn fieldsales(db: &Path, data: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fieldsales"))
        .arg("--db")
        .arg(db)
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .expect("run fieldsales")
}

/// Saves customer info with a picture whose bytes are unique to `remark`.
async fn info_with_picture(app: &TestApp, token: &str, remark: &str) {
    let mut picture = png();
    picture.extend_from_slice(remark.as_bytes());
    let reply = app
        .multipart(
            "/users/customer/info/B100001",
            Some(token),
            vec![
                ("infoTypeId", Part::Text("1")),
                ("infoSubTypeId", Part::Text("1")),
                ("remark", Part::Text(remark)),
                ("img1", Part::File { name: "shelf.png", bytes: picture }),
            ],
        )
        .await;
    reply.expect(StatusCode::OK, "Customer info saved successfully.");
}

async fn visit(app: &TestApp, token: &str, remark: &str) {
    app.post("/users/customer/details", Some(token), json!({ "buyerID": "B100001", "outcomeId": 1, "remark": remark }))
        .await
        .expect(StatusCode::OK, "Visit saved successfully.");
}

/// What a restore must bring back: visit remarks, info remarks, and each info file's bytes by name.
#[derive(Debug, PartialEq)]
struct Contents {
    visits: Vec<String>,
    infos: Vec<String>,
    files: BTreeMap<String, Vec<u8>>,
}

fn contents(db: &Path, data: &Path) -> Contents {
    let conn = rusqlite::Connection::open(db).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
    let list =
        |sql: &str| -> Vec<String> { conn.prepare(sql).unwrap().query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap() };
    let named = list("SELECT file_name FROM customer_info_files ORDER BY file_name");
    let files: BTreeMap<String, Vec<u8>> =
        named.iter().map(|n| (n.clone(), std::fs::read(data.join("files/info").join(n)).expect("every row's file is there"))).collect();
    Contents {
        visits: list("SELECT remark FROM visits WHERE remark IS NOT NULL ORDER BY visit_id"),
        infos: list("SELECT remark FROM customer_info WHERE remark IS NOT NULL ORDER BY id"),
        files,
    }
}

fn files_on_disk(data: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data.join("files/info"))
        .map(|d| d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_while_the_server_writes_restores_its_data_and_files() {
    let app = TestApp::new();
    let _server = Server::start(&app);
    let agent = app.as_agent(1).await;
    info_with_picture(&app, &agent, "before the backup").await;
    visit(&app, &agent, "visit before the backup").await;
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("nightly.zip");

    // Visits and uploads keep coming while the backup runs.
    let done = AtomicBool::new(false);
    let writes = async {
        let mut n = 0;
        while !done.load(Ordering::SeqCst) {
            visit(&app, &agent, &format!("visit {n}")).await;
            info_with_picture(&app, &agent, &format!("info {n}")).await;
            n += 1;
        }
        n
    };
    let backup = async {
        let (db, data, archive) = (app.db_path(), app.state.config.data_dir.clone(), archive.clone());
        let out = tokio::task::spawn_blocking(move || fieldsales(&db, &data, &["backup", archive.to_str().unwrap()])).await.unwrap();
        done.store(true, Ordering::SeqCst);
        out
    };
    let (written, out) = tokio::join!(writes, backup);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Backed up "), "{}", text(&out.stdout));
    assert!(written > 0, "writes ran during the backup");
    assert!(!dir.path().join("nightly.zip.partial").exists() && !dir.path().join("nightly.zip.partial.db").exists());

    // Restored elsewhere: a consistent prefix of what the server wrote, every row with its file.
    let (db2, data2) = (dir.path().join("restored.db"), dir.path().join("data"));
    let out = fieldsales(&db2, &data2, &["restore", archive.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let restored = contents(&db2, &data2);
    let live = contents(&app.db_path(), &app.state.config.data_dir);
    assert!(restored.visits.contains(&"visit before the backup".to_string()));
    assert!(restored.infos.contains(&"before the backup".to_string()));
    assert_eq!(restored.visits[..], live.visits[..restored.visits.len()], "the snapshot is a prefix of the live data");
    assert_eq!(restored.infos[..], live.infos[..restored.infos.len()]);
    for (name, bytes) in &restored.files {
        assert_eq!(Some(bytes), live.files.get(name), "{name} is restored byte for byte");
    }
    assert_eq!(files_on_disk(&data2), restored.files.keys().cloned().collect::<Vec<_>>(), "no file without its row");

    // Restoring over existing data replaces it and leaves nothing aside.
    let conn = rusqlite::Connection::open(&db2).unwrap();
    conn.execute("UPDATE visits SET remark = 'changed after the restore'", []).unwrap();
    drop(conn);
    std::fs::write(data2.join("files/info/0123456789abcdef0123456789abcdef.png"), png()).unwrap();
    let out = fieldsales(&db2, &data2, &["restore", archive.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(contents(&db2, &data2), restored);
    assert_eq!(files_on_disk(&data2), restored.files.keys().cloned().collect::<Vec<_>>());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .chain(std::fs::read_dir(&data2).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".restore") || n.contains("before-restore") || n.contains(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Runs `command` and expects it to exit within 30 s.
fn exits(mut command: Command) -> std::process::Output {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("still running after 30 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[tokio::test]
async fn restore_and_a_second_server_refuse_while_a_server_holds_the_database() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    info_with_picture(&app, &agent, "kept").await;
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("b.zip");
    assert!(app.cli(&["backup", archive.to_str().unwrap()]).status.success());
    let _server = Server::start(&app);
    visit(&app, &agent, "after the backup").await;
    let (db, data) = (app.db_path(), app.state.config.data_dir.clone());
    let before = contents(&db, &data);

    let out = app.cli(&["restore", archive.to_str().unwrap()]);
    assert!(!out.status.success());
    let expected = format!("error: the database {} is in use by a running fieldsales server", db.display());
    assert!(text(&out.stderr).starts_with(&expected), "{}", text(&out.stderr));
    assert_eq!(contents(&db, &data), before, "nothing changed");
    assert_eq!(files_on_disk(&data), before.files.keys().cloned().collect::<Vec<_>>());

    let second = exits(serve_command(&db, &data));
    assert!(!second.status.success());
    assert!(text(&second.stderr).starts_with(&expected), "{}", text(&second.stderr));
}

/// A zip of `entries` (name, bytes).
fn zip_of(path: &Path, entries: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, bytes) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

#[tokio::test]
async fn damaged_archives_and_path_tricks_are_refused_and_change_nothing() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    info_with_picture(&app, &agent, "kept").await;
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.zip");
    assert!(app.cli(&["backup", good.to_str().unwrap()]).status.success());
    let mut database = Vec::new();
    zip::ZipArchive::new(std::fs::File::open(&good).unwrap())
        .unwrap()
        .by_name("fieldsales.db")
        .unwrap()
        .read_to_end(&mut database)
        .unwrap();
    visit(&app, &agent, "after the backup").await;
    let (db, data) = (app.db_path(), app.state.config.data_dir.clone());
    let before = contents(&db, &data);

    let mut damaged = database.clone();
    let (from, to) = (damaged.len() / 4, damaged.len() * 3 / 4);
    damaged[from..to].iter_mut().enumerate().for_each(|(i, b)| *b = (i % 251) as u8);
    let newer = dir.path().join("newer.db");
    std::fs::write(&newer, &database).unwrap();
    rusqlite::Connection::open(&newer).unwrap().pragma_update(None, "user_version", 99).unwrap();
    let newer = std::fs::read(&newer).unwrap();
    let good_bytes = std::fs::read(&good).unwrap();
    let picture = png();

    let cases: Vec<(&str, Vec<(&str, &[u8])>, &str)> = vec![
        ("garbage", vec![], "is not a fieldsales backup (not a readable zip archive"),
        ("damaged", vec![("fieldsales.db", &damaged)], "the database in the backup is damaged"),
        ("newer", vec![("fieldsales.db", &newer)], "the backup's database has schema version 99, newer than this program's"),
        (
            "nodb",
            vec![("files/info/0123456789abcdef0123456789abcdef.png", &picture)],
            "is not a fieldsales backup (no fieldsales.db in it)",
        ),
        ("slip", vec![("fieldsales.db", &database), ("../evil.png", &picture)], "holds an unexpected entry \"../evil.png\""),
        (
            "deepslip",
            vec![("fieldsales.db", &database), ("files/info/../../../evil.png", &picture)],
            "holds an unexpected entry \"files/info/../../../evil.png\"",
        ),
        ("absolute", vec![("fieldsales.db", &database), ("/tmp/evil.png", &picture)], "holds an unexpected entry \"/tmp/evil.png\""),
    ];
    for (name, entries, message) in cases {
        let archive: PathBuf = dir.path().join(format!("{name}.zip"));
        match name {
            "garbage" => std::fs::write(&archive, &good_bytes[..good_bytes.len() / 2]).unwrap(),
            _ => zip_of(&archive, &entries),
        }
        let out = app.cli(&["restore", archive.to_str().unwrap()]);
        assert!(!out.status.success(), "{name} was restored");
        assert!(text(&out.stderr).contains(message), "{name}: {}", text(&out.stderr));
        assert_eq!(contents(&db, &data), before, "{name} changed the data");
        assert_eq!(files_on_disk(&data), before.files.keys().cloned().collect::<Vec<_>>(), "{name}");
        let stray: Vec<_> = [dir.path(), db.parent().unwrap(), data.as_path()]
            .iter()
            .flat_map(|d| std::fs::read_dir(d).unwrap())
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("evil") || n.contains(".restore"))
            .collect();
        assert!(stray.is_empty(), "{name} left {stray:?}");
    }
}

#[tokio::test]
async fn serve_moves_files_no_row_references_aside_at_start() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    info_with_picture(&app, &agent, "kept").await;
    let (db, data) = (app.db_path(), app.state.config.data_dir.clone());
    let before = contents(&db, &data);
    // What a crash leaves: a stored file whose row never committed, a half-written temporary file.
    let orphan = "0123456789abcdef0123456789abcdef.png";
    std::fs::write(data.join("files/info").join(orphan), png()).unwrap();
    std::fs::write(data.join("files/info/.fedcba9876543210fedcba9876543210.png.part"), b"half").unwrap();
    drop(Server::start(&app));
    assert_eq!(files_on_disk(&data), before.files.keys().cloned().collect::<Vec<_>>(), "only files with rows stay");
    assert_eq!(std::fs::read(data.join("orphans/info").join(orphan)).unwrap(), png(), "the orphan is kept aside, not deleted");
    assert_eq!(contents(&db, &data), before);
}

#[tokio::test]
async fn restore_check_judges_a_copy_without_changing_it() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    info_with_picture(&app, &agent, "checked").await;
    let (db, data) = (app.db_path(), app.state.config.data_dir.clone());
    let before = std::fs::read(&db).unwrap();
    let out = app.cli(&["restore-check", db.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(&format!("Schema version  {} (this program: {0})", fieldsales::platform::db::SCHEMA_VERSION)), "{stdout}");
    assert!(stdout.contains("Integrity       ok"), "{stdout}");
    assert!(stdout.contains("Uploaded files  1 named, 0 missing"), "{stdout}");
    let customers: i64 = app.conn().query_row("SELECT COUNT(*) FROM customers", [], |r| r.get(0)).unwrap();
    assert!(stdout.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["customers", &customers.to_string()]), "{stdout}");
    assert!(stdout.contains("Newest visit    2"), "a visit time: {stdout}");
    assert!(stdout.ends_with("OK: the copy can be served.\n"), "{stdout}");
    assert_eq!(std::fs::read(&db).unwrap(), before, "read-only");

    // A file the rows name is gone: listed, a warning (the data is still worth serving).
    let picture = files_on_disk(&data).into_iter().next().expect("the info picture");
    std::fs::remove_file(data.join("files/info").join(&picture)).unwrap();
    let out = app.cli(&["restore-check", "--quick", db.to_str().unwrap()]);
    assert!(out.status.success(), "missing pictures are a warning: the data is still worth serving");
    assert!(text(&out.stdout).contains("Uploaded files  1 named, 1 missing"), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains(&format!("  missing info/{picture}")), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("warning: 1 uploaded files the rows name are missing"), "{}", text(&out.stderr));

    // A damaged copy fails on integrity; a missing one says so.
    let damaged = db.with_file_name("damaged.db");
    let mut bytes = before.clone();
    let (from, to) = (bytes.len() / 4, bytes.len() * 3 / 4);
    bytes[from..to].iter_mut().enumerate().for_each(|(i, b)| *b = (i % 251) as u8);
    std::fs::write(&damaged, bytes).unwrap();
    let out = app.cli(&["restore-check", damaged.to_str().unwrap()]);
    assert!(!out.status.success());
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(said.contains("integrity") || said.contains("malformed"), "{said}");
    let out = app.cli(&["restore-check", db.with_file_name("nothing.db").to_str().unwrap()]);
    assert!(text(&out.stderr).contains("is not a database file"), "{}", text(&out.stderr));
}
