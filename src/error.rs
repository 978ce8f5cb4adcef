//! The one error type of the API: every failure becomes a status and `{"message": ...}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The texts the spec fixes for missing and ended sessions.
pub const NOT_LOGGED_IN: &str = "You're not logged in. Please log in to continue.";
pub const SESSION_EXPIRED: &str = "Your session has expired. Please log in again to continue.";
pub const NO_PERMISSION: &str = "You don't have permission to do this.";

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// Any other status a request extractor decided on (415, 413, 405...).
    #[error("{1}")]
    Status(StatusCode, String),
    /// The database stayed locked past the busy timeout.
    #[error("The server is busy. Please try again.")]
    Busy,
    /// A bug or an outside failure: logged in full, answered with a generic text.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest(message.into())
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        AppError::Forbidden(message.into())
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        AppError::NotFound(message.into())
    }
    pub fn unauthorized(message: impl Into<String>) -> Self {
        AppError::Unauthorized(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Status(status, _) => *status,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The JSON error body, also used by middleware that answers before any handler runs.
pub fn json_error(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "message": message }))).into_response()
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let AppError::Internal(err) = &self {
            tracing::error!(error = ?err, "request failed");
            return json_error(status, "Something went wrong. Please try again.");
        }
        json_error(status, &self.to_string())
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        match &err {
            rusqlite::Error::QueryReturnedNoRows => AppError::not_found("The requested record was not found."),
            rusqlite::Error::SqliteFailure(e, _) => match e.code {
                ErrorCode::ConstraintViolation
                    if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                        || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
                {
                    AppError::Conflict("This record already exists.".into())
                }
                ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => AppError::Busy,
                _ => AppError::Internal(err.into()),
            },
            _ => AppError::Internal(err.into()),
        }
    }
}

impl From<r2d2::Error> for AppError {
    fn from(err: r2d2::Error) -> Self {
        tracing::warn!(error = %err, "no database connection available");
        AppError::Busy
    }
}

impl From<tokio::task::JoinError> for AppError {
    fn from(err: tokio::task::JoinError) -> Self {
        AppError::Internal(anyhow::anyhow!("background task failed: {err}"))
    }
}

pub type AppResult<T> = Result<T, AppError>;
