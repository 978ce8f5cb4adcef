//! Hostile files on every upload route and path tricks on every download route: names that try to
//! leave the data folder, polyglots, pixel floods, oversize pictures, zip bombs and sheets that
//! claim to be huge.

use axum::http::{Method, StatusCode};

use crate::attacks::{footprint, walk};
use crate::support::{png, Part, Reply, TestApp};

const IMAGE_TOO_BIG: &str = "The image is too large (at most 12,000 pixels a side and 50 megapixels).";

/// A PNG whose header claims `width` x `height` pixels (a pixel flood when large).
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png();
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    bytes
}

/// A JPEG whose frame header claims `width` x `height` pixels.
fn jpeg_claiming(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
    bytes.extend(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    bytes.extend([0xFF, 0xC0, 0x00, 0x11, 0x08]);
    bytes.extend(height.to_be_bytes());
    bytes.extend(width.to_be_bytes());
    bytes.extend([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]);
    bytes
}

/// A real PNG followed by an HTML page with script: a browser sniffing it would run the script.
fn polyglot() -> Vec<u8> {
    let mut bytes = png();
    bytes.extend(b"<html><body><script>alert(document.cookie)</script></body></html>");
    bytes
}

/// The picture upload routes: who sends, where, the form around the file, and where the stored
/// name is found afterwards (a query for the newest one).
struct ImageRoute {
    path: &'static str,
    caller: &'static str,
    field: &'static str,
    newest: &'static str,
}

const IMAGE_ROUTES: &[ImageRoute] = &[
    ImageRoute {
        path: "/users/customer/info/B100001",
        caller: "agent1@demo.test",
        field: "img1",
        newest: "SELECT file_name FROM customer_info_files ORDER BY info_id DESC LIMIT 1",
    },
    ImageRoute {
        path: "/users/delivery/update",
        caller: "agent1@demo.test",
        field: "imagedata",
        newest: "SELECT image_name FROM deliveries WHERE image_name IS NOT NULL ORDER BY updated_at DESC, delivery_id DESC LIMIT 1",
    },
    ImageRoute {
        path: "/chat/sendMessageImage",
        caller: "am@demo.test",
        field: "chatImage",
        newest: "SELECT image_name FROM messages WHERE image_name IS NOT NULL ORDER BY message_id DESC LIMIT 1",
    },
    ImageRoute {
        path: "/chat/broadcastMessage",
        caller: "admin@demo.test",
        field: "chatImage",
        newest: "SELECT image_name FROM broadcasts WHERE image_name IS NOT NULL ORDER BY id DESC LIMIT 1",
    },
];

/// Sends `bytes` named `name` to a picture route with the fields that make the rest of the form
/// valid (a fresh open delivery each time for the delivery route).
async fn send_image(app: &TestApp, route: &ImageRoute, token: &str, name: &str, bytes: Vec<u8>) -> Reply {
    let delivery: String = app
        .conn()
        .query_row(
            "SELECT d.delivery_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
             WHERE c.agent_id = 3 AND d.approve_status IS NULL ORDER BY d.delivery_id LIMIT 1",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap()
        .to_string();
    let conversation: String = app
        .conn()
        .query_row("SELECT conversation_id FROM conversations WHERE user_b = 3 OR user_a = 3 ORDER BY 1 LIMIT 1", [], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap()
        .to_string();
    let mut parts: Vec<(&str, Part)> = match route.path {
        "/users/customer/info/B100001" => vec![("infoTypeId", Part::Text("2")), ("infoSubTypeId", Part::Text("4"))],
        "/users/delivery/update" => vec![("deliveryId", Part::Text(&delivery)), ("deliveryStatusID", Part::Text("1"))],
        "/chat/sendMessageImage" => vec![("conversationId", Part::Text(&conversation)), ("receiverId", Part::Text("3"))],
        _ => vec![("messageText", Part::Text("Picture of the week")), ("userType", Part::Text("0"))],
    };
    parts.push((route.field, Part::File { name, bytes }));
    app.multipart(route.path, Some(token), parts).await
}

/// Where a stored picture is read back.
fn media_path(route: &ImageRoute, name: &str) -> String {
    let area = if route.path.starts_with("/chat/") { "chat" } else { "users" };
    format!("/webapi/api/{area}/media?fileName={name}")
}

#[tokio::test]
async fn every_picture_route_refuses_floods_and_oversize_and_stores_tricky_names_safely() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let created = app.post("/chat/createConversation?userId=2", Some(&agent1), serde_json::json!({})).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let tricky = ["../../../../etc/passwd.png", "..%2f..%2fescape.png", "/tmp/absolute.png", "..\\..\\windows.png", "a\0b.png"];
    for route in IMAGE_ROUTES {
        let token = app.token(route.caller).await;
        // Pixel floods, read from the header alone; nothing is stored.
        let before = footprint(&app);
        for (name, bytes) in [
            ("flood.png", png_claiming(100_000, 100_000)),
            ("wide.png", png_claiming(20_000, 10)),
            ("flood.jpg", jpeg_claiming(65_000, 65_000)),
        ] {
            send_image(&app, route, &token, name, bytes).await.expect(StatusCode::BAD_REQUEST, IMAGE_TOO_BIG);
        }
        // A picture over 5 MB (inside the form's own limit) is a 413 with a message.
        let mut big = png();
        big.resize(5 * 1024 * 1024 + 1, 0);
        let r = send_image(&app, route, &token, "big.png", big).await;
        r.expect(StatusCode::PAYLOAD_TOO_LARGE, "The image is larger than 5 MB.");
        assert_eq!(footprint(&app), before, "{}: a refused picture left something behind", route.path);

        // Names with path tricks are kept as labels at most; the file gets a name of the server's.
        for name in tricky {
            let r = send_image(&app, route, &token, name, png()).await;
            if name.contains('\0') {
                // A NUL byte in a part header is not a readable form at all.
                assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}: {}", route.path, r.body);
                assert!(r.message().starts_with("The upload could not be read"), "{}", r.body);
                continue;
            }
            assert_eq!(r.status, StatusCode::OK, "{} {name:?}: {}", route.path, r.body);
            let stored: String = app.conn().query_row(route.newest, [], |r| r.get(0)).unwrap();
            assert!(fieldsales::platform::files::is_stored_name(&stored), "{stored}");
        }

        // A PNG carrying HTML and script is served back as a PNG that must not be sniffed.
        let r = send_image(&app, route, &token, "page.png", polyglot()).await;
        assert_eq!(r.status, StatusCode::OK, "{}: {}", route.path, r.body);
        let stored: String = app.conn().query_row(route.newest, [], |r| r.get(0)).unwrap();
        let r = app.call(Method::GET, &media_path(route, &stored), Some(&token), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", route.path);
        assert_eq!(r.headers["content-type"], "image/png");
        assert_eq!(r.headers["x-content-type-options"], "nosniff");
    }
    // Nothing was written outside the data folder, and inside it only server-chosen names.
    let root = app.state.config.data_dir.parent().unwrap().to_path_buf();
    for path in walk(&root) {
        let relative = path.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let stored = relative.starts_with("data/files/") && fieldsales::platform::files::is_stored_name(&name);
        assert!(stored || relative.starts_with("test.db") || relative == "data/outbox.jsonl", "unexpected file {relative}");
    }
}

#[tokio::test]
async fn every_download_refuses_path_tricks() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let tricks = [
        "../test.db",
        "../../../../etc/passwd",
        "..%2f..%2ftest.db",
        "%2fetc%2fpasswd",
        "/etc/passwd",
        "..%5c..%5ctest.db",
        "..\\..\\test.db",
        "0123456789abcdef0123456789abcdef.png%00.txt",
        "0123456789abcdef0123456789abcdef.png/../../test.db",
        "",
    ];
    for trick in tricks {
        for area in ["users", "chat"] {
            let r = app.call(Method::GET, &format!("/webapi/api/{area}/media?fileName={trick}"), Some(&agent), None).await;
            r.expect(StatusCode::BAD_REQUEST, "Invalid file name.");
        }
        let r = app.call(Method::GET, &format!("/webapi/api/report/download?token={trick}"), None, None).await;
        r.expect(StatusCode::NOT_FOUND, "Invalid or expired link.");
    }
    for trick in
        ["..%2f..%2fCargo.toml", "..%2ftest.db", "sample_..%2f..%2fcustomerupload.xlsx", "sample_customerupload.xlsx%00", "%2fetc%2fpasswd"]
    {
        let r = app.call(Method::GET, &format!("/webapi/excelupload/{trick}"), None, None).await;
        r.expect(StatusCode::NOT_FOUND, "There is no such sample file.");
    }
    // A well-formed name that is not a file of the caller's is simply not found.
    let r = app.get("/users/media?fileName=0123456789abcdef0123456789abcdef.png", Some(&agent)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// A spreadsheet route: path, file field, extra fields.
pub type SheetRoute = (&'static str, &'static str, &'static [(&'static str, &'static str)]);
pub const SHEET_ROUTES: &[SheetRoute] = &[
    ("/users/customer/upload", "customerdata", &[]),
    ("/users/customer/upload", "customerdata", &[("isDelete", "true")]),
    ("/users/product/upload", "productdata", &[]),
    ("/users/distributor/upload", "distributordata", &[]),
    ("/users/scoreCard/upload", "scorecarddata", &[]),
    ("/users/delivery/upload", "deliverydata", &[]),
    ("/users/order/upload", "orderdata", &[]),
    ("/master/info-type-subtype/upload", "data", &[("infoId", "1")]),
    ("/users/beat/upload", "beatdata", &[]),
    ("/users/invoice/upload", "invoicedata", &[]),
];

#[tokio::test]
async fn every_sheet_route_refuses_zip_bombs_and_far_cells_and_writes_nothing() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let before = footprint(&app);
    for (path, field, extra) in SHEET_ROUTES {
        for (what, bytes) in [("zip bomb", crate::uploads::zip_bomb()), ("A1:XFD1048576", crate::uploads::far_cell_workbook())] {
            let mut parts: Vec<(&str, Part)> = extra.iter().map(|(k, v)| (*k, Part::Text(v))).collect();
            parts.push((field, Part::File { name: "../../hostile.xlsx", bytes }));
            let r = app.multipart(path, Some(&admin), parts).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path} {what}: {}", r.body);
            if what == "zip bomb" {
                assert_eq!(r.message(), "The workbook is compressed suspiciously well (a zip bomb?) and was refused.");
            } else {
                assert!(
                    r.message().contains("beyond column 64") || r.message().starts_with("The first row must be the header"),
                    "{}",
                    r.body
                );
            }
        }
    }
    assert_eq!(footprint(&app), before, "a hostile workbook changed something");
}
