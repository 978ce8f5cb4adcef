//! Security, second round (issue #40): hostile workbooks (items 1 and 2) and the answers'
//! headers and files (items 10, 12 and 14).

use std::io::{Read, Write};

use axum::http::{Method, StatusCode};

use crate::attacks::footprint;
use crate::files_attacks::SHEET_ROUTES;
use crate::support::{Part, TestApp};

const UNREADABLE: &str = "The file is not a readable .xlsx workbook.";
const FORGED: &str = "A part of the workbook does not unpack to the size it declares (a zip bomb?) and was refused.";

/// A product workbook rebuilt part by part, `change` given each part's name and text.
fn rebuilt(change: impl Fn(&str, String) -> Vec<u8>) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, header) in ["Product Name", "SKU"].iter().enumerate() {
        sheet.write_string(0, c as u16, *header).unwrap();
    }
    sheet.write_string(1, 0, "Cola").unwrap();
    sheet.write_string(1, 1, "C1").unwrap();
    let mut input = zip::ZipArchive::new(std::io::Cursor::new(book.save_to_buffer().unwrap())).unwrap();
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for i in 0..input.len() {
            let mut entry = input.by_index(i).unwrap();
            let name = entry.name().to_string();
            let mut text = String::new();
            entry.read_to_string(&mut text).unwrap();
            zip.start_file(name.as_str(), options).unwrap();
            zip.write_all(&change(&name, text)).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

/// The red team's bomb: the shared strings really inflate to `inflated` bytes while the zip's
/// local and central headers both declare 1,000.
fn forged_size_workbook(inflated: usize) -> Vec<u8> {
    let mut bytes = rebuilt(|name, text| {
        let mut part = text.into_bytes();
        if name == "xl/sharedStrings.xml" {
            part.resize(inflated, b' ');
        }
        part
    });
    let (local, central) = {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes)).unwrap();
        let part = zip.by_name("xl/sharedStrings.xml").unwrap();
        (part.header_start() as usize, part.central_header_start() as usize)
    };
    // Uncompressed size: offset 22 of a local header, 24 of a central one.
    bytes[local + 22..local + 26].copy_from_slice(&1000u32.to_le_bytes());
    bytes[central + 24..central + 28].copy_from_slice(&1000u32.to_le_bytes());
    bytes
}

#[test]
fn the_forged_workbook_is_small_on_the_wire_and_declares_little() {
    let bytes = forged_size_workbook(100 * 1024 * 1024);
    assert!(bytes.len() < 1024 * 1024, "{} bytes", bytes.len());
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes)).unwrap();
    assert_eq!(zip.by_name("xl/sharedStrings.xml").unwrap().size(), 1000);
}

#[tokio::test]
async fn a_part_inflating_past_its_declared_size_is_refused_on_every_sheet_route() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let bomb = forged_size_workbook(100 * 1024 * 1024);
    let before = footprint(&app);
    for (path, field, extra) in SHEET_ROUTES {
        let mut parts: Vec<(&str, Part)> = extra.iter().map(|(k, v)| (*k, Part::Text(v))).collect();
        parts.push((field, Part::File { name: "bomb.xlsx", bytes: bomb.clone() }));
        app.multipart(path, Some(&admin), parts).await.expect(StatusCode::BAD_REQUEST, FORGED);
    }
    assert_eq!(footprint(&app), before, "a forged workbook changed something");
}

#[tokio::test]
async fn a_part_shorter_than_it_declares_is_refused_too() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let mut bytes = rebuilt(|_, text| text.into_bytes());
    let central = {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes)).unwrap();
        let part = zip.by_name("xl/worksheets/sheet1.xml").unwrap();
        (part.header_start() as usize, part.central_header_start() as usize)
    };
    let declared = 50_000u32;
    bytes[central.0 + 22..central.0 + 26].copy_from_slice(&declared.to_le_bytes());
    bytes[central.1 + 24..central.1 + 28].copy_from_slice(&declared.to_le_bytes());
    let r = app.multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes })]).await;
    r.expect(StatusCode::BAD_REQUEST, FORGED);
}

#[tokio::test]
async fn unreadable_workbooks_are_a_400_never_a_panic_or_a_500() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let entity_bomb = rebuilt(|name, text| {
        if name != "xl/sharedStrings.xml" {
            return text.into_bytes();
        }
        // A billion laughs: ten levels of ten references each.
        let mut doctype = String::from("<?xml version=\"1.0\"?><!DOCTYPE sst [<!ENTITY l0 \"lol\">");
        for level in 1..10 {
            let refs: String = (0..10).map(|_| format!("&l{};", level - 1)).collect();
            doctype.push_str(&format!("<!ENTITY l{level} \"{refs}\">"));
        }
        doctype.push_str("]>");
        let body = text.split_once("?>").map(|(_, rest)| rest.to_string()).unwrap_or(text);
        (doctype + &body).replace("Cola", "&l9;").into_bytes()
    });
    let cases: Vec<(&str, Vec<u8>)> = vec![
        // Cell B2 names shared string 999 of a table of four: calamine indexed past its end.
        (
            "missing shared string",
            rebuilt(|name, text| {
                if name == "xl/worksheets/sheet1.xml" { text.replacen("<v>3</v>", "<v>999</v>", 1) } else { text }.into_bytes()
            }),
        ),
        ("entity expansion", entity_bomb),
        ("no workbook part", rebuilt(|name, text| if name == "xl/workbook.xml" { b"<nope/>".to_vec() } else { text.into_bytes() })),
        ("truncated zip", rebuilt(|_, text| text.into_bytes())[..600].to_vec()),
    ];
    let products = || app.conn().query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0)).unwrap();
    let before = products();
    for (what, bytes) in cases {
        let r = app.multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes })]).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{what}: {}", r.body);
        assert!(!r.message().is_empty(), "{what}: a message");
        if what != "entity expansion" {
            assert_eq!(r.message(), UNREADABLE, "{what}");
        }
        assert_eq!(products(), before, "{what}: nothing written");
    }
}

#[tokio::test]
async fn a_text_file_named_xlsx_is_not_a_readable_workbook() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let r = app
        .multipart(
            "/users/product/upload",
            Some(&admin),
            vec![("productdata", Part::File { name: "p.xlsx", bytes: b"Product Name,SKU\nCola,C\n".to_vec() })],
        )
        .await;
    r.expect(StatusCode::BAD_REQUEST, UNREADABLE);
}

#[tokio::test]
async fn every_api_answer_is_no_store_and_files_are_private() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let answers = [
        app.get("/users/session", Some(&admin)).await,
        app.get("/users/session", None).await,
        app.get("/no/such/route", Some(&admin)).await,
        app.post("/login/checkUser", None, serde_json::json!({"userName": "x@demo.test"})).await,
        app.get("/master/country", Some(&admin)).await,
        app.call(Method::DELETE, "/webapi/api/master/country", Some(&admin), None).await,
    ];
    for r in &answers {
        assert_eq!(r.headers.get("cache-control").and_then(|v| v.to_str().ok()), Some("no-store"), "{:?}", r.status);
    }
}

#[cfg(unix)]
#[test]
fn the_database_and_the_data_folder_are_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let db = dir.path().join("fresh.db");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_fieldsales"))
            .args(["--db", db.to_str().unwrap(), "--data-dir", data.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["migrate"]);
    // A new user's temporary password is mailed: the outbox and its folder are created.
    run(&["user", "create", "--email", "boss@example.test", "--name", "Boss", "--type", "1"]);
    let mode = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.permissions().mode() & 0o777);
    assert_eq!(mode(&db).unwrap(), 0o600, "database");
    for side in ["fresh.db-wal", "fresh.db-shm"] {
        if let Ok(m) = mode(&dir.path().join(side)) {
            assert_eq!(m, 0o600, "{side}");
        }
    }
    assert_eq!(mode(&data).unwrap(), 0o700, "data folder");
    assert_eq!(mode(&data.join("outbox.jsonl")).unwrap(), 0o600, "mail outbox");
}

/// The anti-forgery cookie a first visit gets, behind `trusted` proxies, with `forwarded_proto`.
async fn xsrf_cookie(trusted: bool, forwarded_proto: &str) -> String {
    let proxy: std::net::IpAddr = [10, 1, 2, 3].into();
    let app = TestApp::with(|c| c.trusted_proxies = if trusted { vec![proxy] } else { vec![] });
    let req = axum::http::Request::builder()
        .uri("/webapi/api/users/session")
        .header("x-forwarded-proto", forwarded_proto)
        .body(axum::body::Body::empty())
        .unwrap();
    let r = app.send(req).await;
    r.headers.get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

#[tokio::test]
async fn the_anti_forgery_cookie_is_secure_behind_https() {
    let cookie = xsrf_cookie(true, "https").await;
    assert!(cookie.starts_with("XSRF-TOKEN=") && cookie.contains("; Secure"), "{cookie}");
    let plain = xsrf_cookie(true, "http").await;
    assert!(plain.starts_with("XSRF-TOKEN=") && !plain.contains("Secure"), "{plain}");
    // Anyone else's X-Forwarded-Proto is not believed (the cookie would not come back over HTTP).
    let spoofed = xsrf_cookie(false, "https").await;
    assert!(spoofed.starts_with("XSRF-TOKEN=") && !spoofed.contains("Secure"), "{spoofed}");
}

/// The product workbook with the shared string "Cola" written as `cola`, the sheet part as `sheet`.
fn with_cola_as(cola: &str, sheet: impl Fn(String) -> String) -> Vec<u8> {
    rebuilt(|name, text| {
        match name {
            "xl/sharedStrings.xml" => {
                assert!(text.contains("<t>Cola</t>"), "{text}");
                text.replace("<t>Cola</t>", cola)
            }
            "xl/worksheets/sheet1.xml" => sheet(text),
            _ => text,
        }
        .into_bytes()
    })
}

#[tokio::test]
async fn a_text_longer_than_a_cell_is_refused_before_it_is_held() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let long = "x".repeat(400_000);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("one long text node", with_cola_as(&format!("<t>{long}</t>"), |s| s)),
        // Each run is short; calamine joins them into one string.
        ("a string of many runs", with_cola_as(&format!("<r><t>{}</t></r>", "x".repeat(10_000)).repeat(40), |s| s)),
        // Entity references split a text node into many short events.
        ("a text of references", with_cola_as(&format!("<t>{}</t>", "&amp;".repeat(80_000)), |s| s)),
        ("an inline string in the sheet", {
            with_cola_as("<t>Cola</t>", |s| {
                let inline = format!(r#"<c r="C2" t="inlineStr"><is><t>{long}</t></is></c></row>"#);
                let at = s.find("</row>").unwrap() + "</row>".len();
                let second_row_end = at + s[at..].find("</row>").unwrap();
                format!("{}{inline}{}", &s[..second_row_end], &s[second_row_end + "</row>".len()..])
            })
        }),
        ("a long comment", with_cola_as("<t>Cola</t>", |s| s.replacen("<sheetData>", &format!("<!--{long}--><sheetData>"), 1))),
    ];
    let before = app.conn().query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0)).unwrap();
    for (what, bytes) in cases {
        assert!(bytes.len() < 64 * 1024, "{what}: small on the wire ({} bytes)", bytes.len());
        let r = app.multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes })]).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("upload_text_too_long")), "{what}: {}", r.body);
        assert!(r.message().contains("32767") || r.message().contains("32,767"), "{what}: {}", r.message());
    }
    assert_eq!(app.conn().query_row("SELECT COUNT(*) FROM products", [], |r| r.get::<_, i64>(0)).unwrap(), before);
    // The longest cell Excel allows, however it is written, is read on (and judged as a product).
    for (what, cola) in [("32,767 ampersands", "&amp;".repeat(32_767)), ("32,767 emoji", "\u{1F600}".repeat(32_767))] {
        let bytes = with_cola_as(&format!("<t>{cola}</t>"), |s| s);
        let r = app.multipart("/users/product/upload", Some(&admin), vec![("productdata", Part::File { name: "p.xlsx", bytes })]).await;
        assert_ne!(r.body["code"], "upload_text_too_long", "{what}: {}", r.body);
        assert_ne!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{what}");
    }
}
