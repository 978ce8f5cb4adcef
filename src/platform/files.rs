//! Files that arrive in uploads and are served back: image and attachment checks by
//! content, storage under the data folder with server-chosen names, and safe reads.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use axum::extract::multipart::MultipartError;
use rusqlite::Connection;

use crate::platform::error::{AppError, AppResult};

/// Largest image accepted (broadcast and chat pictures).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// Largest picture side and area accepted: a few bytes of header can claim a picture that would
/// take gigabytes to decode (a pixel flood), so the claim is read from the header and checked.
pub const MAX_IMAGE_SIDE: usize = 12_000;
pub const MAX_IMAGE_PIXELS: usize = 50_000_000;

crate::messages! {
    IMAGE_TOO_BIG = "image_dimensions_too_large": "The image is too large (at most 12,000 pixels a side and 50 megapixels).";
    XLSX_ONLY = "xlsx_only": "Only .xlsx files can be uploaded.";
    IMAGES_ONLY = "images_only": "Only jpeg, jpg, bmp and png images are allowed.";
    ATTACHMENTS_ONLY = "attachments_only": "Only jpeg, jpg, bmp, png images and pdf files are allowed.";
    IMAGE_TOO_LARGE = "image_too_large": "The image is larger than {mb} MB.";
    FILE_TOO_LARGE = "file_too_large": "The file is larger than {mb} MB.";
    INVALID_FILE_NAME = "invalid_file_name": "Invalid file name.";
    FILE_NOT_FOUND = "file_not_found": "The file was not found.";
}

/// Makes every file and folder this process creates its owner's alone (0600 / 0700): the
/// database, its WAL, the data folder, uploads and the mail outbox, however the server was
/// started (the shipped systemd unit sets the same umask, a shell usually does not).
pub fn private_by_default() {
    #[cfg(unix)]
    // SAFETY: umask only sets the process's file-creation mask.
    unsafe {
        libc::umask(0o077);
    }
}

pub fn multipart_error(err: MultipartError) -> AppError {
    AppError::Status(err.status(), crate::platform::extract::rejected(crate::platform::extract::UPLOAD_UNREADABLE, err.body_text()))
}

/// The image kind of `bytes` by its first bytes (never by the name alone).
fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("jpg")
    } else if bytes.starts_with(b"BM") && bytes.len() > 26 {
        Some("bmp")
    } else {
        None
    }
}

/// Checks an uploaded picture: allowed extension, content of the same kind, size limit.
/// Returns the extension to store it under.
pub fn check_image(file_name: &str, bytes: &[u8]) -> AppResult<&'static str> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(AppError::Status(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            IMAGE_TOO_LARGE.with([("mb", serde_json::json!(MAX_IMAGE_BYTES / (1024 * 1024)))]),
        ));
    }
    let ext = Path::new(file_name).extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let declared = match ext.as_str() {
        "jpg" | "jpeg" => "jpg",
        "png" => "png",
        "bmp" => "bmp",
        _ => return Err(AppError::bad_request(IMAGES_ONLY)),
    };
    match sniff_image(bytes) {
        Some(kind) if kind == declared => {
            check_dimensions(bytes)?;
            Ok(kind)
        }
        _ => Err(AppError::bad_request(IMAGES_ONLY)),
    }
}

/// Refuses pictures whose header claims more pixels than any phone photo has, or that has no
/// readable size at all; only the header is read, nothing is decoded.
fn check_dimensions(bytes: &[u8]) -> AppResult<()> {
    let size = imagesize::blob_size(bytes).map_err(|_| AppError::bad_request(IMAGES_ONLY))?;
    if size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width.saturating_mul(size.height) > MAX_IMAGE_PIXELS {
        return Err(AppError::bad_request(IMAGE_TOO_BIG));
    }
    Ok(())
}

/// Checks a customer-info attachment: a picture (as `check_image`) or a PDF, by content.
pub fn check_attachment(file_name: &str, bytes: &[u8]) -> AppResult<&'static str> {
    let is_pdf_name = file_name.to_ascii_lowercase().ends_with(".pdf");
    if is_pdf_name {
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(AppError::Status(
                axum::http::StatusCode::PAYLOAD_TOO_LARGE,
                FILE_TOO_LARGE.with([("mb", serde_json::json!(MAX_IMAGE_BYTES / (1024 * 1024)))]),
            ));
        }
        return if bytes.starts_with(b"%PDF-") { Ok("pdf") } else { Err(AppError::bad_request(ATTACHMENTS_ONLY)) };
    }
    check_image(file_name, bytes).map_err(|e| match e {
        AppError::BadRequest(m) if m.code == IMAGES_ONLY.code => AppError::bad_request(ATTACHMENTS_ONLY),
        other => other,
    })
}

/// Removes stored files (used when the database write that would own them failed).
pub fn remove(data_dir: &Path, area: &str, names: &[String]) {
    for name in names.iter().filter(|n| is_stored_name(n)) {
        let _ = std::fs::remove_file(folder(data_dir, area).join(name));
    }
}

/// A stored file's name: 32 hex digits and an extension, chosen by the server; or a visit
/// photo's, named by its sha256 (64 hex digits, `.jpg` or `.thumb.jpg`; see `photos::store`).
pub fn is_stored_name(name: &str) -> bool {
    match name.split_once('.') {
        Some((stem, ext)) => {
            let hex = stem.chars().all(|c| c.is_ascii_hexdigit());
            (stem.len() == 32 && hex && matches!(ext, "png" | "jpg" | "bmp" | "pdf" | "xlsx"))
                || (stem.len() == 64 && hex && matches!(ext, "jpg" | "thumb.jpg"))
        }
        None => false,
    }
}

fn folder(data_dir: &Path, area: &str) -> PathBuf {
    data_dir.join("files").join(area)
}

/// Writes `bytes` under `<data-dir>/files/<area>/` with a fresh random name and returns the name.
/// Callers commit the row that names the file only after this returns: the file is written to a
/// temporary name, fsynced, renamed, and the folder fsynced, so a committed row never points at a
/// missing or half-written file, even after a power cut. A crash between this and the commit
/// leaves a file no row names; `sweep_orphans` moves those away at the next start.
pub fn store(data_dir: &Path, area: &str, ext: &str, bytes: &[u8]) -> AppResult<String> {
    let name = format!("{}.{ext}", crate::random_hex(16));
    let dir = folder(data_dir, area);
    let write = || -> std::io::Result<()> {
        std::fs::create_dir_all(&dir)?;
        let tmp = dir.join(format!(".{name}.part"));
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, dir.join(&name))?;
        sync_dir(&dir)
    };
    write().map_err(|e| AppError::Internal(anyhow::Error::new(e).context("storing an uploaded file")))?;
    Ok(name)
}

/// Makes a rename or a new entry in `dir` durable (a no-op where folders cannot be opened).
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    match std::fs::File::open(dir) {
        Ok(handle) => handle.sync_all(),
        Err(_) if cfg!(not(unix)) => Ok(()),
        Err(err) => Err(err),
    }
}

/// Every area that keeps uploaded files, with the query listing the names its rows reference.
/// (Generated downloads under `files/exports/` are not uploads: `downloads` expires them.)
pub const UPLOAD_AREAS: &[(&str, &str)] = &[
    ("info", "SELECT file_name FROM customer_info_files"),
    ("delivery", "SELECT image_name FROM deliveries WHERE image_name IS NOT NULL"),
    ("chat", "SELECT image_name FROM messages WHERE image_name IS NOT NULL"),
    ("broadcast", "SELECT image_name FROM broadcasts WHERE image_name IS NOT NULL"),
    ("photos", "SELECT sha256 || '.jpg' FROM visit_photos UNION SELECT sha256 || '.thumb.jpg' FROM visit_photos"),
];

/// The stored names the rows of `area` reference.
pub fn referenced(conn: &Connection, sql: &str) -> rusqlite::Result<HashSet<String>> {
    conn.prepare(sql)?.query_map([], |r| r.get(0))?.collect()
}

/// The uploaded files on disk: `(area, name, size)` of every server-named file of every area.
pub fn stored_files(data_dir: &Path) -> std::io::Result<Vec<(&'static str, String, u64)>> {
    let mut out = Vec::new();
    for (area, _) in UPLOAD_AREAS {
        let entries = match std::fs::read_dir(folder(data_dir, area)) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err),
        };
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_stored_name(&name) {
                out.push((*area, name, entry.metadata()?.len()));
            }
        }
    }
    Ok(out)
}

/// The path of a stored file (the name must be server-chosen; see `is_stored_name`).
pub fn path_of(data_dir: &Path, area: &str, name: &str) -> PathBuf {
    folder(data_dir, area).join(name)
}

/// Where `sweep_orphans` puts files no row references.
pub fn orphans_folder(data_dir: &Path) -> PathBuf {
    data_dir.join("orphans")
}

/// Moves every uploaded file that no row references (left by a crash between writing the file
/// and committing its row, or a failed cleanup) to `<data-dir>/orphans/<area>/`, and removes
/// half-written temporary files. Run at start, before any request. Orphans are moved, not
/// deleted: a server started on the wrong database beside an existing data folder must not
/// destroy that folder's files. Returns how many files were moved.
pub fn sweep_orphans(conn: &Connection, data_dir: &Path) -> anyhow::Result<usize> {
    let mut moved = 0;
    for (area, sql) in UPLOAD_AREAS {
        let dir = folder(data_dir, area);
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err.into()),
        };
        let live = referenced(conn, sql)?;
        let aside = orphans_folder(data_dir).join(area);
        for entry in entries {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') && name.ends_with(".part") {
                std::fs::remove_file(dir.join(&name))?;
            } else if is_stored_name(&name) && !live.contains(&name) {
                std::fs::create_dir_all(&aside)?;
                std::fs::rename(dir.join(&name), aside.join(&name))?;
                moved += 1;
            }
        }
    }
    Ok(moved)
}

/// Reads a stored file of `area`. Names that are not server-chosen (path tricks) are refused.
pub fn read(data_dir: &Path, area: &str, name: &str) -> AppResult<Vec<u8>> {
    if !is_stored_name(name) {
        return Err(AppError::bad_request(INVALID_FILE_NAME));
    }
    std::fs::read(folder(data_dir, area).join(name)).map_err(|_| AppError::not_found(FILE_NOT_FOUND))
}

/// The content type of a stored file by its (server-chosen) extension.
pub fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        Some("bmp") => "image/bmp",
        Some("pdf") => "application/pdf",
        Some("xlsx") => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_checked_by_content() {
        let png = &png_claiming(1, 1);
        assert_eq!(check_image("a.PNG", png).unwrap(), "png");
        assert!(check_image("a.jpg", png).is_err(), "a png named .jpg");
        assert!(check_image("a.gif", png).is_err());
        assert!(check_image("a.png", b"<svg onload=alert(1)>").is_err());
        assert!(check_image("a.jpeg", &[0xFF, 0xD8, 0xFF, 0xE0]).is_err(), "a JPEG without a size");
        assert_eq!(check_attachment("a.pdf", b"%PDF-1.7 ...").unwrap(), "pdf");
        assert!(check_attachment("a.pdf", b"<html>").is_err());
        assert!(check_attachment("a.png", b"<html><script>").is_err(), "HTML named .png");
    }

    /// A PNG signature and header claiming `width` x `height` (the rest is not needed to size it).
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn pixel_floods_are_refused_from_the_header() {
        assert!(check_image("a.png", &png_claiming(12_000, 4_000)).is_ok());
        for (w, h) in [(100_000, 100_000), (12_001, 10), (10, 12_001), (8_000, 8_000)] {
            match check_image("a.png", &png_claiming(w, h)) {
                Err(AppError::BadRequest(m)) => assert_eq!(m, IMAGE_TOO_BIG.into()),
                other => panic!("{w}x{h}: {other:?}"),
            }
        }
    }

    #[test]
    fn only_server_chosen_names_are_read() {
        assert!(is_stored_name("0123456789abcdef0123456789abcdef.png"));
        for bad in ["../../etc/passwd", "0123456789abcdef0123456789abcdef.png/..", "a.png", "0123456789abcdef0123456789abcdef.exe", ""] {
            assert!(!is_stored_name(bad), "{bad}");
        }
    }
}
