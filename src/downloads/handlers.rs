//! The download links' endpoints: whether a link still works, and the file of a link, once.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::{folder, queries, INVALID, VALID};
use crate::auth::session::CurrentUser;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Query};
use crate::platform::state::{blocking, AppState};

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct TokenQuery {
    pub token: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenCheck {
    pub valid: bool,
    pub message: String,
    /// The code of `message` (the catalogue's).
    pub code: String,
}

/// `GET /report/check-download-token-valid?token=` (signed in): whether the link still works.
#[utoipa::path(get, path = "/report/check-download-token-valid", tag = "reports", summary = "Whether a download link still works", params(TokenQuery),
    responses(
        (status = 200, description = "OK", body = TokenCheck)
    ))]
pub async fn check(State(state): State<AppState>, _user: CurrentUser, Query(q): Query<TokenQuery>) -> AppResult<Json<TokenCheck>> {
    let valid = state.db(move |conn| Ok(queries::is_live(conn, &q.token)?)).await?;
    let said = if valid { VALID } else { INVALID };
    Ok(Json(TokenCheck { valid, message: said.text.into(), code: said.code.into() }))
}

/// `GET /report/download?token=` (public: the token is the permission): the file, once.
#[utoipa::path(get, path = "/report/download", tag = "reports", summary = "The generated file of a download link, once (the token is the permission)", params(TokenQuery),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        (status = 404, description = "Invalid, used or expired link", body = crate::platform::api::ErrorBody)
    ))]
pub async fn download(State(state): State<AppState>, Query(q): Query<TokenQuery>) -> AppResult<Response> {
    let (file_name, label): (String, String) =
        state.db(move |conn| queries::spend(conn, &q.token)?.ok_or_else(|| AppError::not_found(INVALID))).await?;
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
            (header::CONTENT_TYPE, crate::platform::files::content_type("x.xlsx").to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{safe}\"")),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
