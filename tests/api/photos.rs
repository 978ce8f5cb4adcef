//! Visit photos (issue #37): sent once however often, kept small and without metadata, flagged
//! when they repeat a photo, hostile files refused, lists and files scoped, report, prune.

use axum::http::StatusCode;
use fieldsales::auth::accounts;
use fieldsales::auth::types::NewAccount;
use serde_json::{json, Value};

use crate::support::{Part, Reply, TestApp};

/// A picture with blocks of colour chosen by `seed`: the same seed is the same scene.
pub fn scene(seed: u32, w: u32, h: u32) -> image::RgbImage {
    let mut state = seed.wrapping_mul(2_654_435_761).max(1);
    let blocks: Vec<u8> = (0..64)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state % 256) as u8
        })
        .collect();
    image::RgbImage::from_fn(w, h, |x, y| {
        let v = blocks[((y * 8 / h) * 8 + x * 8 / w) as usize];
        // Fine texture, so a big picture does not compress to nothing.
        let grain = ((x * 7 + y * 13) ^ (x * y)) as u8 % 48;
        image::Rgb([v.wrapping_add(grain), v.wrapping_add((x % 64) as u8), 255 - v])
    })
}

/// The scene `seed` as a JPEG of `quality`.
pub fn jpeg(seed: u32, w: u32, h: u32, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality).encode_image(&scene(seed, w, h)).unwrap();
    out
}

const GPS_SECRET: &[u8] = b"GPS-SECRET-12.971599N";

/// `jpeg` with an EXIF block (a GPS IFD with its latitude reference) and an XMP block holding a
/// position, right after the start marker, as a camera writes them.
fn with_exif_gps(jpeg: &[u8]) -> Vec<u8> {
    let mut tiff = b"II*\x00\x08\x00\x00\x00".to_vec();
    // IFD0: one entry, GPSInfo (0x8825, LONG) pointing at the GPS IFD at offset 26.
    tiff.extend([1, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]);
    // GPS IFD: GPSLatitudeRef "N".
    tiff.extend([1, 0, 1, 0, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0, 0, 0, 0, 0]);
    let mut exif = b"Exif\x00\x00".to_vec();
    exif.extend(tiff);
    exif.extend(GPS_SECRET);
    let mut xmp = b"http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta><exif:GPSLatitude>".to_vec();
    xmp.extend(GPS_SECRET);
    xmp.extend(b"</exif:GPSLatitude></x:xmpmeta>");
    let mut out = jpeg[..2].to_vec();
    for segment in [exif, xmp] {
        out.extend([0xFF, 0xE1]);
        out.extend(((segment.len() + 2) as u16).to_be_bytes());
        out.extend(segment);
    }
    out.extend(&jpeg[2..]);
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Saves a visit of `token`'s user to `buyer` under `client_id`; its id.
async fn visit(app: &TestApp, token: &str, buyer: &str, client_id: &str) -> i64 {
    let r = app.post("/users/customer/details", Some(token), json!({ "buyerID": buyer, "outcomeId": 1, "clientId": client_id })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    app.conn()
        .query_row("SELECT visit_id FROM visits WHERE client_id = ?1 ORDER BY visit_id DESC LIMIT 1", [client_id], |r| r.get(0))
        .unwrap()
}

async fn send(app: &TestApp, token: &str, client_id: &str, visit_client_id: &str, name: &str, bytes: Vec<u8>) -> Reply {
    app.multipart(
        "/users/visit/photo",
        Some(token),
        vec![
            ("clientId", Part::Text(client_id)),
            ("visitClientId", Part::Text(visit_client_id)),
            ("label", Part::Text("shelf")),
            ("takenAt", Part::Text(&chrono::Local::now().fixed_offset().to_rfc3339())),
            ("file", Part::File { name, bytes }),
        ],
    )
    .await
}

fn ok(r: &Reply) -> &Value {
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    &r.body
}

fn buyer_of(app: &TestApp, agent: i64) -> String {
    app.conn().query_row("SELECT buyer_id FROM customers WHERE agent_id = ?1 ORDER BY buyer_id LIMIT 1", [agent], |r| r.get(0)).unwrap()
}

fn photo_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    let dir = app.state.config.data_dir.join("files").join("photos");
    let mut files: Vec<_> = std::fs::read_dir(dir).map(|d| d.map(|e| e.unwrap().path()).collect()).unwrap_or_default();
    files.sort();
    files
}

fn rows(app: &TestApp) -> i64 {
    app.conn().query_row("SELECT COUNT(*) FROM visit_photos", [], |r| r.get(0)).unwrap()
}

pub async fn fetch(app: &TestApp, url: &str, token: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::get(url).header("Authorization", format!("Bearer {token}")).body(axum::body::Body::empty()).unwrap();
    let response = app.router.clone().oneshot(req).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.into_body().collect().await.unwrap().to_bytes().to_vec())
}

#[tokio::test]
async fn a_photo_is_kept_once_small_upright_and_without_metadata() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let buyer = buyer_of(&app, 3);
    let visit_id = visit(&app, &agent, &buyer, "visit-p1").await;
    // The best quality that fits the 2 MB a send may take (a camera original's size).
    let sent = [90, 80, 70, 60, 50].into_iter().map(|q| with_exif_gps(&jpeg(1, 3000, 2000, q))).find(|s| s.len() < 1900 << 10).unwrap();
    assert!(contains(&sent, GPS_SECRET) && contains(&sent, b"Exif\0\0"));
    let started = std::time::Instant::now();
    let first = send(&app, &agent, "photo-1", "visit-p1", "shelf.jpg", sent.clone()).await;
    let took = started.elapsed();
    let body = ok(&first).clone();
    assert_eq!((body["duplicate"].clone(), body["flagged"].clone(), body["similarTo"].clone()), (json!(false), json!(false), Value::Null));
    assert_eq!(body["code"], "photo_saved");
    let photo_id = body["photoId"].as_i64().unwrap();
    eprintln!("a 3000x2000 JPEG of {} bytes checked and re-encoded in {took:?}", sent.len());

    // The same clientId again, even with another file (or none readable): the first answer.
    for again in [sent.clone(), b"not a picture".to_vec()] {
        let r = send(&app, &agent, "photo-1", "visit-p1", "shelf.jpg", again).await;
        let b = ok(&r);
        assert_eq!((b["photoId"].as_i64(), b["duplicate"].clone()), (Some(photo_id), json!(true)), "{b}");
    }
    assert_eq!(rows(&app), 1);
    let files = photo_files(&app);
    assert_eq!(files.len(), 2, "one photo and its thumbnail: {files:?}");

    let (sha, bytes, w, h, label, visit_of): (String, i64, i64, i64, String, i64) = app
        .conn()
        .query_row("SELECT sha256, bytes, width, height, label, visit_id FROM visit_photos", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .unwrap();
    assert_eq!((label.as_str(), visit_of), ("shelf", visit_id));
    let stored = std::fs::read(app.state.config.data_dir.join(format!("files/photos/{sha}.jpg"))).unwrap();
    assert_eq!(stored.len() as i64, bytes);
    assert!(stored.len() <= 200 * 1024, "{} bytes", stored.len());
    let picture = image::load_from_memory(&stored).unwrap();
    assert_eq!((picture.width() as i64, picture.height() as i64), (w, h));
    assert!(picture.width().max(picture.height()) <= 1600);
    assert!(picture.width() >= 1000, "scaled to 1600, or less where even a low quality would not fit 200 KB");
    assert!(!contains(&stored, b"Exif") && !contains(&stored, GPS_SECRET) && !contains(&stored, b"xmpmeta"));
    assert!(!stored.windows(2).any(|m| m == [0xFF, 0xE1]), "no APP1 segment");
    use sha2::Digest;
    let hex: String = sha2::Sha256::digest(&stored).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, sha, "named by the hash of the stored bytes");
    eprintln!("stored {} bytes ({}x{})", stored.len(), w, h);

    // Served with the session: the photo and its thumbnail, JPEGs.
    let list = app.get("/users/visit/photos", Some(&app.token("am@demo.test").await)).await;
    let row = &ok(&list)["data"][0];
    assert_eq!(row["photoId"].as_i64(), Some(photo_id));
    for (url, side) in [(row["url"].as_str().unwrap(), 1600), (row["thumbUrl"].as_str().unwrap(), 320)] {
        let (status, headers, body) = fetch(&app, url, &agent).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        assert_eq!(headers["content-type"], "image/jpeg");
        let p = image::load_from_memory(&body).unwrap();
        assert!(p.width().max(p.height()) <= side && p.width().max(p.height()) >= side * 3 / 4);
        eprintln!("{url}: {} bytes", body.len());
        let (status, _, _) = fetch(&app, url, "no-such-token").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_reencoded_copy_is_flagged_and_another_picture_is_not() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let buyer = buyer_of(&app, 3);
    visit(&app, &agent, &buyer, "visit-f").await;
    let first = ok(&send(&app, &agent, "f-1", "visit-f", "a.jpg", jpeg(7, 1200, 900, 92)).await)["photoId"].as_i64().unwrap();
    let copy = send(&app, &agent, "f-2", "visit-f", "b.jpg", jpeg(7, 1200, 900, 45)).await;
    let b = ok(&copy);
    assert_eq!(
        (b["flagged"].clone(), b["similarTo"].as_i64(), b["code"].clone()),
        (json!(true), Some(first), json!("photo_saved_flagged"))
    );
    let other = send(&app, &agent, "f-3", "visit-f", "c.jpg", jpeg(8, 1200, 900, 92)).await;
    assert_eq!((ok(&other)["flagged"].clone(), ok(&other)["similarTo"].clone()), (json!(false), Value::Null));
    // The same bytes again under a new clientId: flagged, and one file for both rows.
    let same = send(&app, &agent, "f-4", "visit-f", "a.jpg", jpeg(7, 1200, 900, 92)).await;
    assert_eq!(ok(&same)["similarTo"].as_i64(), Some(first));
    assert_eq!(rows(&app), 4);
    assert_eq!(photo_files(&app).len(), 6, "three distinct stored pictures, each with a thumbnail");
    // Another agent's customer photos in another agent's last 30 days are not compared with.
    let agent2 = app.as_agent(2).await;
    visit(&app, &agent2, &buyer_of(&app, 4), "visit-g").await;
    let elsewhere = send(&app, &agent2, "g-1", "visit-g", "a.jpg", jpeg(7, 1200, 900, 60)).await;
    assert_eq!(ok(&elsewhere)["flagged"], json!(false));
    // The manager's list filters by flag.
    let am = app.token("am@demo.test").await;
    let flagged = app.get("/users/visit/photos?flagged=true", Some(&am)).await;
    assert_eq!(ok(&flagged)["totalRecords"], json!(2));
    let agent_filter = app.get("/users/visit/photos?agentId=4&label=shelf", Some(&am)).await;
    assert_eq!(ok(&agent_filter)["totalRecords"], json!(1));
}

/// A PNG claiming 20000 x 20000 whose pixels (all zero) compress to a few hundred KB.
fn png_bomb() -> Vec<u8> {
    use std::io::Write;
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        out.extend(kind);
        out.extend(data);
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend(crc.sum().to_be_bytes());
    }
    let (w, h) = (20_000u32, 20_000u32);
    let mut ihdr = w.to_be_bytes().to_vec();
    ihdr.extend(h.to_be_bytes());
    ihdr.extend([8, 0, 0, 0, 0]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let row = vec![0u8; w as usize + 1];
    for _ in 0..h {
        z.write_all(&row).unwrap();
    }
    let idat = z.finish().unwrap();
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A small JPEG whose frame header claims `w` x `h`.
fn jpeg_claiming(w: u16, h: u16) -> Vec<u8> {
    let mut bytes = jpeg(3, 64, 48, 80);
    let sof = bytes.windows(2).position(|m| m == [0xFF, 0xC0]).expect("a baseline frame header");
    bytes[sof + 5..sof + 7].copy_from_slice(&h.to_be_bytes());
    bytes[sof + 7..sof + 9].copy_from_slice(&w.to_be_bytes());
    bytes
}

#[tokio::test]
async fn hostile_files_are_refused_with_a_code_and_nothing_is_kept() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-h").await;
    let whole = jpeg(4, 800, 600, 85);
    let bomb = png_bomb();
    assert!(bomb.len() < 2 << 20, "the bomb is small: {} bytes", bomb.len());
    let cases: Vec<(&str, &str, Vec<u8>, StatusCode, &str)> = vec![
        ("php", "shell.jpg", b"\xFF\xD8\xFF\xE0<?php system($_GET['c']); ?>".to_vec(), StatusCode::BAD_REQUEST, "photo_unreadable"),
        ("php-plain", "shell.jpg", b"<?php system($_GET['c']); ?>".to_vec(), StatusCode::BAD_REQUEST, "photo_not_jpeg_or_webp"),
        (
            "svg",
            "x.jpg",
            b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_not_jpeg_or_webp",
        ),
        ("png-bomb", "bomb.jpg", bomb, StatusCode::BAD_REQUEST, "photo_not_jpeg_or_webp"),
        ("truncated", "cut.jpg", whole[..whole.len() / 2].to_vec(), StatusCode::BAD_REQUEST, "photo_unreadable"),
        ("jpeg-flood", "flood.jpg", jpeg_claiming(60_000, 60_000), StatusCode::BAD_REQUEST, "photo_too_many_pixels"),
        ("jpeg-wide", "wide.jpg", jpeg_claiming(9_000, 10), StatusCode::BAD_REQUEST, "photo_too_many_pixels"),
        ("jpeg-bomb", "bomb.jpg", jpeg_claiming(8_000, 8_000), StatusCode::BAD_REQUEST, "photo_too_many_pixels"),
        (
            "webp-header-only",
            "x.webp",
            b"RIFF\x10\x00\x00\x00WEBPVP8 \x04\x00\x00\x00\x00\x00\x00\x00".to_vec(),
            StatusCode::BAD_REQUEST,
            "photo_unreadable",
        ),
        ("empty", "x.jpg", Vec::new(), StatusCode::BAD_REQUEST, "photo_not_jpeg_or_webp"),
        ("50 MB", "huge.jpg", vec![0xFF; 50 << 20], StatusCode::PAYLOAD_TOO_LARGE, ""),
    ];
    for (i, (what, name, bytes, status, code)) in cases.into_iter().enumerate() {
        let r = send(&app, &agent, &format!("h-{i}"), "visit-h", name, bytes).await;
        assert_eq!(r.status, status, "{what}: {}", r.body);
        assert!(!r.message().is_empty(), "{what}: a JSON message");
        if !code.is_empty() {
            assert_eq!(r.body["code"], code, "{what}: {}", r.body);
        }
    }
    assert_eq!(rows(&app), 0);
    assert!(photo_files(&app).is_empty());
    // Missing or wrong fields.
    let r = app
        .multipart("/users/visit/photo", Some(&agent), vec![("clientId", Part::Text("h-x")), ("visitClientId", Part::Text("visit-h"))])
        .await;
    assert_eq!((r.status, r.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("photo_file_required")));
    let r = app
        .multipart("/users/visit/photo", Some(&agent), vec![("clientId", Part::Text("bad id!")), ("visitClientId", Part::Text("visit-h"))])
        .await;
    assert_eq!(r.body["code"], "photo_client_id_not_valid");
    let r = app
        .multipart(
            "/users/visit/photo",
            Some(&agent),
            vec![("clientId", Part::Text("h-y")), ("visitClientId", Part::Text("visit-h")), ("label", Part::Text("selfie"))],
        )
        .await;
    assert_eq!(r.body["code"], "photo_label_not_valid");
    let r = app
        .multipart(
            "/users/visit/photo",
            Some(&agent),
            vec![
                ("clientId", Part::Text("h-z")),
                ("visitClientId", Part::Text("visit-h")),
                ("takenAt", Part::Text("2020-01-01T10:00:00+05:30")),
            ],
        )
        .await;
    assert_eq!(r.body["code"], "photo_time_too_old");
}

#[tokio::test]
async fn a_photo_names_one_of_the_callers_own_visits_and_a_visit_has_at_most_eight() {
    let app = TestApp::new();
    let agent1 = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    let visit1 = visit(&app, &agent1, &buyer_of(&app, 3), "visit-o").await;
    // Another agent names agent1's visit by id or by clientId: not found (the phone tries later).
    let by_id = app
        .multipart(
            "/users/visit/photo",
            Some(&agent2),
            vec![
                ("clientId", Part::Text("o-1")),
                ("visitId", Part::Text(&visit1.to_string())),
                ("file", Part::File { name: "a.jpg", bytes: jpeg(1, 64, 48, 80) }),
            ],
        )
        .await;
    assert_eq!((by_id.status, by_id.body["code"].clone()), (StatusCode::NOT_FOUND, json!("photo_visit_not_found")));
    let by_client = send(&app, &agent2, "o-2", "visit-o", "a.jpg", jpeg(1, 64, 48, 80)).await;
    assert_eq!((by_client.status, by_client.body["code"].clone()), (StatusCode::NOT_FOUND, json!("photo_visit_not_found")));
    let not_yet = send(&app, &agent1, "o-3", "visit-not-arrived", "a.jpg", jpeg(1, 64, 48, 80)).await;
    assert_eq!((not_yet.status, not_yet.body["code"].clone()), (StatusCode::NOT_FOUND, json!("photo_visit_not_found")));
    // A manager has no visit_photo right.
    let am = app.token("am@demo.test").await;
    assert_eq!(send(&app, &am, "o-4", "visit-o", "a.jpg", jpeg(1, 64, 48, 80)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(rows(&app), 0);

    // By visitId, eight photos; the ninth is refused.
    for i in 0..8 {
        let r = app
            .multipart(
                "/users/visit/photo",
                Some(&agent1),
                vec![
                    ("clientId", Part::Text(&format!("eight-{i}"))),
                    ("visitId", Part::Text(&visit1.to_string())),
                    ("file", Part::File { name: "a.jpg", bytes: jpeg(100 + i, 96, 64, 80) }),
                ],
            )
            .await;
        ok(&r);
    }
    let ninth = send(&app, &agent1, "eight-9", "visit-o", "a.jpg", jpeg(200, 96, 64, 80)).await;
    assert_eq!((ninth.status, ninth.body["code"].clone()), (StatusCode::CONFLICT, json!("photo_limit_reached")));
    assert_eq!(rows(&app), 8);
    // A repeat of one of the eight is still answered.
    assert_eq!(ok(&send(&app, &agent1, "eight-3", "visit-o", "a.jpg", Vec::new()).await)["duplicate"], json!(true));
}

/// A second team: manager2@demo.test, their agent5@demo.test, and agent5's customer TEAM2-SHOP.
fn second_team(app: &TestApp) {
    let conn = app.conn();
    let hash: String = conn.query_row("SELECT password_hash FROM users WHERE uid = 3", [], |r| r.get(0)).unwrap();
    let account = |email: &'static str, user_type, manager_id| NewAccount {
        email,
        name: email,
        user_type,
        country_id: Some(1),
        manager_id,
        password_hash: &hash,
        force_password_update: false,
    };
    let manager2 =
        accounts::create(&conn, &account("manager2@demo.test", fieldsales::platform::rights::UserType::AreaManager, None)).unwrap();
    let agent5 =
        accounts::create(&conn, &account("agent5@demo.test", fieldsales::platform::rights::UserType::Agent, Some(manager2))).unwrap();
    let now = fieldsales::now();
    conn.execute(
        "INSERT INTO customers (buyer_id, name, mobile, country_id, agent_id, created_by, created_at, updated_at)
         VALUES ('TEAM2-SHOP', 'Team Two Shop', '7770001113', 1, ?1, ?1, ?2, ?2)",
        rusqlite::params![agent5, now],
    )
    .unwrap();
}

#[tokio::test]
async fn lists_and_files_are_kept_to_the_callers_team() {
    let app = TestApp::new();
    second_team(&app);
    let agent1 = app.as_agent(1).await;
    let agent5 = app.token("agent5@demo.test").await;
    visit(&app, &agent1, &buyer_of(&app, 3), "visit-t1").await;
    visit(&app, &agent5, "TEAM2-SHOP", "visit-t5").await;
    let mine = ok(&send(&app, &agent1, "t-1", "visit-t1", "a.jpg", jpeg(11, 400, 300, 80)).await)["photoId"].as_i64().unwrap();
    let theirs = ok(&send(&app, &agent5, "t-5", "visit-t5", "a.jpg", jpeg(12, 400, 300, 80)).await)["photoId"].as_i64().unwrap();

    let ids = |r: &Reply| -> Vec<i64> { ok(r)["data"].as_array().unwrap().iter().map(|p| p["photoId"].as_i64().unwrap()).collect() };
    let am = app.token("am@demo.test").await;
    let m2 = app.token("manager2@demo.test").await;
    let admin = app.as_admin().await;
    let list = app.get("/users/visit/photos", Some(&am)).await;
    assert_eq!(ids(&list), vec![mine]);
    let row = &list.body["data"][0];
    assert_eq!(
        (row["agentName"].clone(), row["label"].clone(), row["flagged"].clone()),
        (json!("Ravi Kumar"), json!("shelf"), json!(false))
    );
    assert!(row["buyerName"].as_str().is_some_and(|n| !n.is_empty()) && row["takenAt"].is_string() && row["receivedAt"].is_string());
    assert_eq!(ids(&app.get("/users/visit/photos", Some(&m2)).await), vec![theirs]);
    assert_eq!(ids(&app.get("/users/visit/photos", Some(&admin)).await), vec![theirs, mine]);
    assert_eq!(app.get("/users/visit/photos?buyerId=TEAM2-SHOP", Some(&am)).await.body["totalRecords"], json!(0));
    let today = chrono::Local::now().format("%Y-%m-%d").to_string();
    assert_eq!(ids(&app.get(&format!("/users/visit/photos?from={today}&to={today}"), Some(&am)).await), vec![mine]);
    assert_eq!(app.get("/users/visit/photos?from=2020-01-01&to=2020-01-31", Some(&am)).await.body["totalRecords"], json!(0));
    assert_eq!(app.get("/users/visit/photos?agentId=99", Some(&am)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/users/visit/photos?from=yesterday", Some(&am)).await.body["code"], "photo_filter_date_not_valid");
    assert_eq!(app.get("/users/visit/photos", Some(&agent1)).await.status, StatusCode::FORBIDDEN);
    // Files: the team's manager, the administrator and the sender; nobody else.
    let url = |id: i64| format!("/webapi/api/users/visit/photo/{id}/thumb");
    for (token, id, status) in [
        (&am, mine, StatusCode::OK),
        (&admin, theirs, StatusCode::OK),
        (&agent1, mine, StatusCode::OK),
        (&m2, mine, StatusCode::NOT_FOUND),
        (&agent5, mine, StatusCode::NOT_FOUND),
        (&agent1, theirs, StatusCode::NOT_FOUND),
        (&am, 999_999, StatusCode::NOT_FOUND),
    ] {
        assert_eq!(fetch(&app, &url(id), token).await.0, status, "{id}");
    }
}

#[tokio::test]
async fn prune_removes_old_rows_and_the_files_no_row_names() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-p").await;
    let old = ok(&send(&app, &agent, "p-1", "visit-p", "a.jpg", jpeg(21, 600, 400, 80)).await)["photoId"].as_i64().unwrap();
    let shared_old = ok(&send(&app, &agent, "p-2", "visit-p", "b.jpg", jpeg(22, 600, 400, 80)).await)["photoId"].as_i64().unwrap();
    let shared_new = ok(&send(&app, &agent, "p-3", "visit-p", "b.jpg", jpeg(22, 600, 400, 80)).await).clone();
    assert_eq!(shared_new["similarTo"].as_i64(), Some(shared_old));
    let kept = ok(&send(&app, &agent, "p-4", "visit-p", "c.jpg", jpeg(23, 600, 400, 80)).await)["photoId"].as_i64().unwrap();
    assert_eq!(photo_files(&app).len(), 6);
    let long_ago = chrono::NaiveDate::from_ymd_opt(2025, 1, 10).unwrap().and_hms_opt(12, 0, 0).unwrap().and_utc().timestamp();
    app.conn()
        .execute("UPDATE visit_photos SET taken_at = ?1 WHERE photo_id IN (?2, ?3)", rusqlite::params![long_ago, old, shared_old])
        .unwrap();

    let out = app.cli(&["photos", "prune", "--before", "2025-02-01"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("Deleted 2 photo rows") && stdout.contains("removed 1 photo files"), "{stdout}");
    let left: Vec<(i64, i64, Option<i64>)> = app
        .conn()
        .prepare("SELECT photo_id, flagged, similar_to FROM visit_photos ORDER BY photo_id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let shared_new = shared_new["photoId"].as_i64().unwrap();
    assert_eq!(left, vec![(shared_new, 1, None), (kept, 0, None)], "the flag stays, the link to the pruned photo goes");
    assert_eq!(photo_files(&app).len(), 4, "the file a remaining row names stays");
    let bad = app.cli(&["photos", "prune", "--before", "last year"]);
    assert!(!bad.status.success());
}

/// A prune of more rows than one piece takes them all, a piece at a time; a photo of a later
/// piece that was like one of an earlier piece loses its link, not the prune its place.
#[tokio::test]
async fn prune_goes_through_many_pieces() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-m").await;
    let first = ok(&send(&app, &agent, "m-1", "visit-m", "a.jpg", jpeg(31, 600, 400, 80)).await)["photoId"].as_i64().unwrap();
    let long_ago = chrono::NaiveDate::from_ymd_opt(2025, 1, 10).unwrap().and_hms_opt(12, 0, 0).unwrap().and_utc().timestamp();
    let conn = app.conn();
    conn.execute("UPDATE visit_photos SET taken_at = ?1 WHERE photo_id = ?2", rusqlite::params![long_ago, first]).unwrap();
    // 1,200 copies of its row, each like the first (three pieces of 500).
    conn.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
         INSERT INTO visit_photos (visit_id, customer_id, agent_id, entered_by, client_id, label, taken_at, received_at, sha256,
                                   phash, bytes, width, height, flagged, similar_to)
         SELECT visit_id, customer_id, agent_id, entered_by, 'copy-' || i, label, taken_at, received_at, sha256, phash, bytes,
                width, height, 1, photo_id FROM visit_photos, n WHERE photo_id = ?1",
        [first],
    )
    .unwrap();
    let out = app.cli(&["photos", "prune", "--before", "2025-02-01"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("Deleted 1201 photo rows") && stdout.contains("removed 1 photo files"), "{stdout}");
    assert_eq!(app.conn().query_row("SELECT COUNT(*) FROM visit_photos", [], |r| r.get::<_, i64>(0)).unwrap(), 0);
}

#[tokio::test]
async fn the_report_lists_photos_with_links_and_the_visit_shows_its_photos() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let buyer = buyer_of(&app, 3);
    visit(&app, &agent, &buyer, "visit-r").await;
    let first = ok(&send(&app, &agent, "r-1", "visit-r", "a.jpg", jpeg(31, 600, 400, 85)).await)["photoId"].as_i64().unwrap();
    let copy = ok(&send(&app, &agent, "r-2", "visit-r", "b.jpg", jpeg(31, 600, 400, 50)).await)["photoId"].as_i64().unwrap();
    let today = fieldsales::clock::today().format("%Y-%m-%d").to_string();
    let am = app.token("am@demo.test").await;
    let r = app.get(&format!("/report/visit-photos?fromDate={today}&toDate={today}"), Some(&am)).await;
    let link = ok(&r)["excelPath"].as_str().unwrap().to_string();
    let table: Vec<Vec<String>> = crate::reports::sheet(&crate::reports::fetch(&app, &link).await.unwrap())
        .iter()
        .map(|row| row.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(
        table[0],
        ["Agent", "Customer ID", "Customer Name", "Visit Date", "Label", "Taken At", "Received At", "Flagged", "Similar To", "Link"]
    );
    assert_eq!(table.len(), 3, "{table:?}");
    assert_eq!((table[1][0].as_str(), table[1][1].as_str(), table[1][3].as_str()), ("Ravi Kumar", buyer.as_str(), today.as_str()));
    assert_eq!((table[1][4].as_str(), table[1][7].as_str(), table[1][8].as_str()), ("shelf", "No", ""));
    assert_eq!((table[2][7].as_str(), table[2][8].as_str()), ("Yes", first.to_string().as_str()));
    assert_eq!(table[2][9], format!("/webapi/api/users/visit/photo/{copy}/file"));
    assert_eq!(app.get(&format!("/report/visit-photos?fromDate={today}&toDate={today}"), Some(&agent)).await.status, StatusCode::FORBIDDEN);

    // The visit screen's last interactions carry each visit's photos.
    let screen = app.get(&format!("/users/customer/details/{buyer}"), Some(&am)).await;
    let last = &ok(&screen)["transcations"][0];
    let photos = last["photos"].as_array().unwrap();
    assert_eq!(photos.len(), 2, "{last}");
    assert_eq!(photos[0]["photoId"].as_i64(), Some(first));
    assert_eq!(photos[1]["flagged"], json!(true));
    assert_eq!(photos[1]["thumbUrl"], format!("/webapi/api/users/visit/photo/{copy}/thumb"));
    assert_eq!(photos[0]["label"], "shelf");
}

#[tokio::test]
async fn a_webp_photo_is_kept_as_a_jpeg() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-w").await;
    let picture = scene(41, 640, 480);
    let mut webp = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut webp).encode(picture.as_raw(), 640, 480, image::ExtendedColorType::Rgb8).unwrap();
    assert!(webp.starts_with(b"RIFF"));
    let r = send(&app, &agent, "w-1", "visit-w", "shelf.webp", webp).await;
    ok(&r);
    let sha: String = app.conn().query_row("SELECT sha256 FROM visit_photos", [], |r| r.get(0)).unwrap();
    let stored = std::fs::read(app.state.config.data_dir.join(format!("files/photos/{sha}.jpg"))).unwrap();
    assert!(stored.starts_with(&[0xFF, 0xD8, 0xFF]));
    assert_eq!(image::load_from_memory(&stored).unwrap().width(), 640);
}

// Security, third round (issue #49, findings 4 to 7).

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_photos_sent_at_once_to_one_visit_are_all_saved() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    let buyer = buyer_of(&app, 3);
    visit(&app, &agent, &buyer, "visit-at-once").await;
    // Other writes go on meanwhile, as on a working morning: the photos' rows meet them.
    let done = std::sync::atomic::AtomicBool::new(false);
    let visits = async {
        let mut n = 0;
        while !done.load(std::sync::atomic::Ordering::SeqCst) {
            let body = json!({ "buyerID": buyer, "outcomeId": 1, "clientId": format!("busy-{n}") });
            assert_eq!(app.post("/users/customer/details", Some(&agent), body).await.status, StatusCode::OK);
            n += 1;
        }
    };
    let photos = async {
        let ids: Vec<String> = (0..8).map(|i| format!("at-once-{i}")).collect();
        let sends = ids.iter().zip(60..).map(|(id, seed)| send(&app, &agent, id, "visit-at-once", "a.jpg", jpeg(seed, 640, 480, 85)));
        let answers = futures_util::future::join_all(sends).await;
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        answers
    };
    let ((), answers) = tokio::join!(visits, photos);
    let statuses: Vec<_> = answers.iter().map(|r| (r.status, r.body["code"].clone())).collect();
    assert!(answers.iter().all(|r| r.status == StatusCode::OK), "{statuses:?}");
    assert_eq!(rows(&app), 8);
}

#[tokio::test]
async fn photos_are_served_no_store_to_anyone() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-cache").await;
    let id = ok(&send(&app, &agent, "cache-1", "visit-cache", "a.jpg", jpeg(71, 400, 300, 80)).await)["photoId"].as_i64().unwrap();
    let am = app.token("am@demo.test").await;
    for token in [&agent, &am] {
        for part in ["file", "thumb"] {
            let (status, headers, _) = fetch(&app, &format!("/webapi/api/users/visit/photo/{id}/{part}"), token).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(headers["cache-control"], "private, no-store", "{part}");
        }
    }
}

#[tokio::test]
async fn the_duplicate_flag_names_only_a_photo_the_sender_may_see() {
    let app = TestApp::new();
    second_team(&app);
    let agent1 = app.as_agent(1).await;
    let agent5 = app.token("agent5@demo.test").await;
    visit(&app, &agent1, &buyer_of(&app, 3), "visit-d1").await;
    visit(&app, &agent5, "TEAM2-SHOP", "visit-d5").await;
    let picture = jpeg(81, 600, 400, 80);
    let team1 = ok(&send(&app, &agent1, "d-1", "visit-d1", "a.jpg", picture.clone()).await)["photoId"].as_i64().unwrap();
    // The same bytes from the other team: not named to them, not flagged against a photo they cannot open.
    let elsewhere = ok(&send(&app, &agent5, "d-5", "visit-d5", "a.jpg", picture.clone()).await).clone();
    assert_eq!((elsewhere["flagged"].clone(), elsewhere["similarTo"].clone()), (json!(false), Value::Null), "{elsewhere}");
    assert_eq!(fetch(&app, &format!("/webapi/api/users/visit/photo/{team1}/file"), &agent5).await.0, StatusCode::NOT_FOUND);
    // Within the sender's own photos, a repeat is still flagged.
    let theirs = elsewhere["photoId"].as_i64().unwrap();
    let again = ok(&send(&app, &agent5, "d-6", "visit-d5", "a.jpg", picture).await).clone();
    assert_eq!((again["flagged"].clone(), again["similarTo"].as_i64()), (json!(true), Some(theirs)));
}

#[tokio::test]
async fn a_small_file_claiming_many_pixels_is_refused_before_it_is_decoded() {
    let app = TestApp::new();
    let agent = app.as_agent(1).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-budget").await;
    // The red team's pixel flood: a few hundred bytes claiming 4700 x 4700 (within the side and
    // memory limits, so only its size gives it away).
    let flood = jpeg_claiming(4700, 4700);
    assert!(flood.len() < 4096, "{} bytes", flood.len());
    let r = send(&app, &agent, "budget-1", "visit-budget", "flood.jpg", flood).await;
    assert_eq!((r.status, r.body["code"].clone()), (StatusCode::BAD_REQUEST, json!("photo_implausibly_small")), "{}", r.body);
    assert_eq!(rows(&app), 0);
    // A camera original of as many pixels is taken.
    let original = jpeg(91, 3000, 2000, 50);
    assert!(original.len() < 2 << 20, "{} bytes", original.len());
    ok(&send(&app, &agent, "budget-2", "visit-budget", "shelf.jpg", original).await);
}

#[tokio::test]
async fn a_sender_gets_a_few_decodes_a_minute() {
    let app = TestApp::with(|c| c.photo_rate_per_minute = 2);
    let agent = app.as_agent(1).await;
    let agent2 = app.as_agent(2).await;
    visit(&app, &agent, &buyer_of(&app, 3), "visit-rate").await;
    visit(&app, &agent2, &buyer_of(&app, 4), "visit-rate-2").await;
    for i in 0..2 {
        ok(&send(&app, &agent, &format!("rate-{i}"), "visit-rate", "a.jpg", jpeg(100 + i, 200, 150, 80)).await);
    }
    let third = send(&app, &agent, "rate-2", "visit-rate", "a.jpg", jpeg(102, 200, 150, 80)).await;
    assert_eq!((third.status, third.body["code"].clone()), (StatusCode::TOO_MANY_REQUESTS, json!("photo_rate_limited")));
    assert!(third.message().contains('2'), "{}", third.body);
    // A repeat of a photo already saved costs nothing, and another sender has a rate of their own.
    assert_eq!(ok(&send(&app, &agent, "rate-1", "visit-rate", "a.jpg", Vec::new()).await)["duplicate"], json!(true));
    ok(&send(&app, &agent2, "rate-other", "visit-rate-2", "a.jpg", jpeg(103, 200, 150, 80)).await);
    assert_eq!(rows(&app), 3);
}

#[tokio::test]
async fn a_version_35_database_upgrades_to_the_fresh_schema() {
    let app = TestApp::new();
    crate::support::assert_upgrades_to_fresh(&mut app.conn(), 35, crate::support::downgrade_to_schema_35);
}
