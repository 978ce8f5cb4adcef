//! Generated files (exports, upload results, reports) and their single-use download links.
//! A link is `/webapi/api/report/download?token=...`: the token is the permission, valid for 10
//! minutes and one download; the file is removed when the link is spent or expires.

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::{named_params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Query};
use crate::state::{blocking, AppState};

const LIFETIME_SECS: i64 = 10 * 60;
const INVALID: &str = "Invalid or expired link.";

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

/// Registers a download link for a generated file and returns its URL; expired files go.
pub fn issue(conn: &Connection, data_dir: &Path, uid: i64, file_name: &str, label: &str) -> rusqlite::Result<String> {
    remove_expired(conn, data_dir)?;
    let token = crate::random_hex(24);
    conn.execute(
        "INSERT INTO download_tokens (token, file_name, label, uid, expires_at) VALUES (:t, :f, :l, :u, :e)",
        named_params! { ":t": token, ":f": file_name, ":l": label, ":u": uid, ":e": crate::now() + LIFETIME_SECS },
    )?;
    Ok(crate::api::url(format_args!("/report/download?token={token}")))
}

fn remove_expired(conn: &Connection, data_dir: &Path) -> rusqlite::Result<()> {
    let now = crate::now();
    let stale: Vec<String> = conn
        .prepare_cached("SELECT file_name FROM download_tokens WHERE expires_at <= :now OR used = 1")?
        .query_map(named_params! { ":now": now }, |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for name in &stale {
        if crate::files::is_stored_name(name) {
            let _ = std::fs::remove_file(folder(data_dir).join(name));
        }
    }
    conn.execute("DELETE FROM download_tokens WHERE expires_at <= :now OR used = 1", named_params! { ":now": now })?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct TokenQuery {
    pub token: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenCheck {
    pub valid: bool,
    pub message: String,
}

/// `GET /report/check-download-token-valid?token=` (signed in): whether the link still works.
#[utoipa::path(get, path = "/report/check-download-token-valid", tag = "reports", summary = "Whether a download link still works", params(TokenQuery),
    responses(
        (status = 200, description = "OK", body = TokenCheck)
    ))]
pub async fn check(State(state): State<AppState>, _user: CurrentUser, Query(q): Query<TokenQuery>) -> AppResult<Json<TokenCheck>> {
    let valid = state
        .db(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT 1 FROM download_tokens WHERE token = :t AND used = 0 AND expires_at > :now",
                    named_params! { ":t": q.token, ":now": crate::now() },
                    |_| Ok(()),
                )
                .optional()?
                .is_some())
        })
        .await?;
    Ok(Json(TokenCheck { valid, message: if valid { "Valid link.".into() } else { INVALID.into() } }))
}

/// `GET /report/download?token=` (public: the token is the permission): the file, once.
#[utoipa::path(get, path = "/report/download", tag = "reports", summary = "The generated file of a download link, once (the token is the permission)", params(TokenQuery),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        (status = 404, description = "Invalid, used or expired link", body = crate::api::ErrorBody)
    ))]
pub async fn download(State(state): State<AppState>, Query(q): Query<TokenQuery>) -> AppResult<Response> {
    let (file_name, label): (String, String) = state
        .db(move |conn| {
            conn.query_row(
                "UPDATE download_tokens SET used = 1 WHERE token = :t AND used = 0 AND expires_at > :now
                 RETURNING file_name, label",
                named_params! { ":t": q.token, ":now": crate::now() },
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .ok_or_else(|| AppError::not_found(INVALID))
        })
        .await?;
    let data_dir = state.config.data_dir.clone();
    let bytes = blocking(move || {
        let path = folder(&data_dir).join(&file_name);
        let bytes = std::fs::read(&path).map_err(|_| AppError::not_found(INVALID))?;
        let _ = std::fs::remove_file(&path);
        Ok(bytes)
    })
    .await?;
    let safe: String = label.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')).collect();
    Ok((
        [
            (header::CONTENT_TYPE, crate::files::content_type("x.xlsx").to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{safe}\"")),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
