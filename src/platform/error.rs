//! The one error type of the API: every failure becomes a status and
//! `{"message": ..., "code": ...}` (with `field` and `params` where they apply).
//!
//! Every text the server sends is a [`Msg`] of a catalogue: a stable snake_case `code`, which
//! clients decide by and translate, and the English text (the spec's, word for word, where it
//! gives one). Each area declares its messages with [`messages!`] in its own `messages.rs`;
//! `catalogue` gathers them all (and a test checks every code is unique and has its texts).

use std::borrow::Cow;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value};

/// One message of the catalogue. `{name}` in `text` stands for the parameter `name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Msg {
    pub code: &'static str,
    pub text: &'static str,
}

/// Declares an area's messages: `NAME = "code": "English text";`, and `ALL`, the list of them.
#[macro_export]
macro_rules! messages {
    ($($(#[$doc:meta])* $name:ident = $code:literal : $text:expr;)*) => {
        $($(#[$doc])* pub const $name: $crate::platform::error::Msg = $crate::platform::error::Msg { code: $code, text: $text };)*
        /// Every message of this module, for the catalogue.
        pub const ALL: &[$crate::platform::error::Msg] = &[$($name),*];
    };
}

messages! {
    NOT_LOGGED_IN = "not_logged_in": "You're not logged in. Please log in to continue.";
    SESSION_EXPIRED = "session_expired": "Your session has expired. Please log in again to continue.";
    NO_PERMISSION = "no_permission": "You don't have permission to do this.";
    NOT_FOUND = "not_found": "The requested record was not found.";
    ALREADY_EXISTS = "already_exists": "This record already exists.";
    SERVER_BUSY = "server_busy": "The server is busy. Please try again.";
    INTERNAL = "internal_error": "Something went wrong. Please try again.";
}

impl Msg {
    /// This message with its parameters: the English text has each `{name}` replaced, and the
    /// parameters travel in the body for the client's own language.
    pub fn with<const N: usize>(self, params: [(&'static str, Value); N]) -> Problem {
        let mut text = self.text.to_string();
        let mut map = Map::new();
        for (name, value) in params {
            let shown = match &value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            text = text.replace(&format!("{{{name}}}"), &shown);
            map.insert(name.to_string(), value);
        }
        Problem { code: self.code, message: Cow::Owned(text), field: None, params: Some(map) }
    }

    /// This message about one field of the request.
    pub fn on(self, field: &'static str) -> Problem {
        Problem::from(self).on(field)
    }
}

/// What an error (or a message answer) says: the code, the English text, and optionally the field
/// it is about and the parameters of its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub code: &'static str,
    pub message: Cow<'static, str>,
    pub field: Option<&'static str>,
    pub params: Option<Map<String, Value>>,
}

impl Problem {
    pub fn on(mut self, field: &'static str) -> Self {
        self.field = Some(field);
        self
    }

    /// The JSON body: `{message, code}` and `field`, `params` where set.
    pub fn body(&self) -> Value {
        let mut body = Map::new();
        body.insert("message".into(), Value::String(self.message.to_string()));
        body.insert("code".into(), Value::String(self.code.into()));
        if let Some(field) = self.field {
            body.insert("field".into(), Value::String(field.into()));
        }
        if let Some(params) = &self.params {
            body.insert("params".into(), Value::Object(params.clone()));
        }
        Value::Object(body)
    }
}

/// The Hindi texts of the catalogue by code, the screens' own file (`{name}` a parameter): the
/// server words in Hindi only what it writes into files for a Hindi user (an upload's result
/// workbook and its listed reasons); answers carry the code and params for the screen.
fn hindi() -> &'static std::collections::HashMap<String, String> {
    static HINDI: std::sync::OnceLock<std::collections::HashMap<String, String>> = std::sync::OnceLock::new();
    HINDI.get_or_init(|| serde_json::from_str(include_str!("../../frontend/src/lib/i18n/hi-messages.json")).unwrap_or_default())
}

impl Problem {
    /// The text in `language` ("hi": the Hindi catalogue's text of the code with the params
    /// filled in; any other, or a code or parameter the catalogue lacks: the English).
    pub fn worded(&self, language: &str) -> Cow<'_, str> {
        let text = match hindi().get(self.code) {
            Some(text) if language == "hi" => text,
            _ => return Cow::Borrowed(&self.message),
        };
        let mut worded = text.clone();
        for (name, value) in self.params.iter().flatten() {
            let shown = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            worded = worded.replace(&format!("{{{name}}}"), &shown);
        }
        let unfilled = worded.split('{').skip(1).any(|rest| {
            rest.split_once('}').is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        });
        if unfilled {
            Cow::Borrowed(&self.message)
        } else {
            Cow::Owned(worded)
        }
    }
}

impl From<Msg> for Problem {
    fn from(msg: Msg) -> Self {
        Problem { code: msg.code, message: Cow::Borrowed(msg.text), field: None, params: None }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(Problem),
    #[error("{0}")]
    Unauthorized(Problem),
    #[error("{0}")]
    Forbidden(Problem),
    #[error("{0}")]
    NotFound(Problem),
    #[error("{0}")]
    Conflict(Problem),
    #[error("{0}")]
    TooManyRequests(Problem),
    /// Any other status a request extractor decided on (415, 413, 405...).
    #[error("{1}")]
    Status(StatusCode, Problem),
    /// The database stayed locked past the busy timeout.
    #[error("{}", SERVER_BUSY.text)]
    Busy,
    /// A bug or an outside failure: logged in full, answered with a generic text.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn bad_request(problem: impl Into<Problem>) -> Self {
        AppError::BadRequest(problem.into())
    }
    pub fn forbidden(problem: impl Into<Problem>) -> Self {
        AppError::Forbidden(problem.into())
    }
    pub fn not_found(problem: impl Into<Problem>) -> Self {
        AppError::NotFound(problem.into())
    }
    pub fn unauthorized(problem: impl Into<Problem>) -> Self {
        AppError::Unauthorized(problem.into())
    }
    pub fn conflict(problem: impl Into<Problem>) -> Self {
        AppError::Conflict(problem.into())
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

    /// The stable code of this error (what clients decide by).
    pub fn code(&self) -> &'static str {
        self.problem().code
    }

    /// What this error says: its code, text and parameters.
    pub fn problem(&self) -> Problem {
        match self {
            AppError::BadRequest(p)
            | AppError::Unauthorized(p)
            | AppError::Forbidden(p)
            | AppError::NotFound(p)
            | AppError::Conflict(p)
            | AppError::TooManyRequests(p)
            | AppError::Status(_, p) => p.clone(),
            AppError::Busy => SERVER_BUSY.into(),
            AppError::Internal(_) => INTERNAL.into(),
        }
    }
}

/// The JSON error body, also used by middleware that answers before any handler runs.
pub fn json_error(status: StatusCode, problem: impl Into<Problem>) -> Response {
    (status, axum::Json(problem.into().body())).into_response()
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let AppError::Internal(err) = &self {
            tracing::error!(error = ?err, "request failed");
        }
        json_error(status, self.problem())
    }
}

/// A unique or primary-key constraint that names a field the user typed: the column, as SQLite
/// names it in "UNIQUE constraint failed: table.column", and the message the user gets instead of
/// the generic [`ALREADY_EXISTS`]. Areas list theirs in `UNIQUE_FIELDS` (see `catalogue`).
pub struct UniqueField {
    pub column: &'static str,
    pub field: &'static str,
    pub msg: Msg,
}

/// Every named unique constraint, registered once at start-up by the top of the crate (`web`),
/// which knows the areas; the error type below them only reads it.
static UNIQUE_FIELDS: std::sync::OnceLock<Vec<&'static UniqueField>> = std::sync::OnceLock::new();

pub fn register_unique_fields(fields: Vec<&'static UniqueField>) {
    let _ = UNIQUE_FIELDS.set(fields);
}

fn unique_violation(detail: Option<&str>) -> AppError {
    // "UNIQUE constraint failed: users.login_id" (or several columns, comma-separated).
    let columns = detail.and_then(|d| d.split_once(": ")).map(|(_, c)| c).unwrap_or("");
    let known = UNIQUE_FIELDS.get().and_then(|fields| fields.iter().find(|f| f.column == columns));
    match known {
        Some(f) => AppError::Conflict(f.msg.on(f.field)),
        None => AppError::Conflict(ALREADY_EXISTS.into()),
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        match &err {
            rusqlite::Error::QueryReturnedNoRows => AppError::NotFound(NOT_FOUND.into()),
            rusqlite::Error::SqliteFailure(e, detail) => match e.code {
                ErrorCode::ConstraintViolation
                    if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                        || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
                {
                    unique_violation(detail.as_deref())
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
