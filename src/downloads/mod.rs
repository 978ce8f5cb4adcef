//! Generated files (exports, upload results, reports) and their single-use download links.
//! A link is `/webapi/api/report/download?token=...`: the token is the permission, valid for 10
//! minutes and one download; the file is removed when the link is spent or expires.
//! The other areas call [`new_file`] and [`issue`]; `handlers` serves the links.

pub mod handlers;
pub mod queries;

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use serde::Serialize;

const LIFETIME_SECS: i64 = 10 * 60;

crate::messages! {
    INVALID = "download_link_invalid": "Invalid or expired link.";
    VALID = "download_link_valid": "Valid link.";
}

pub fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("files").join("exports")
}

/// A generated file behind a single-use download link, valid 10 minutes.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadLink {
    pub excel_path: String,
    pub message: String,
}

/// A fresh path for a generated `.xlsx` (returns the file name and the full path).
pub fn new_file(data_dir: &Path) -> std::io::Result<(String, PathBuf)> {
    let dir = folder(data_dir);
    std::fs::create_dir_all(&dir)?;
    let name = format!("{}.xlsx", crate::random_hex(16));
    let path = dir.join(&name);
    Ok((name, path))
}

/// Expired or spent links (and their files) removed by each link issued at most.
const STALE_PER_ISSUE: usize = 16;

/// Registers a download link for a generated file and returns its URL; expired files go.
pub fn issue(conn: &Connection, data_dir: &Path, uid: i64, file_name: &str, label: &str) -> rusqlite::Result<String> {
    remove_expired(conn, data_dir)?;
    let token = crate::random_hex(24);
    queries::store(conn, &token, file_name, label, uid, crate::now() + LIFETIME_SECS)?;
    Ok(crate::platform::api::url(format_args!("/report/download?token={token}")))
}

fn remove_expired(conn: &Connection, data_dir: &Path) -> rusqlite::Result<()> {
    // A few at a time: a link is issued inside a write of the writer, and a day of reports left
    // thousands (issue #50: no long writer). Each link issued removes up to 16: they go sixteen
    // times as fast as they come.
    for name in &queries::remove_stale(conn, crate::now(), STALE_PER_ISSUE)? {
        if crate::platform::files::is_stored_name(name) {
            let _ = std::fs::remove_file(folder(data_dir).join(name));
        }
    }
    Ok(())
}
