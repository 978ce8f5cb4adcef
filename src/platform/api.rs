//! What every area shares about the API, below the routers and their assembly (`web`, `openapi`):
//! where it lives, its links, and the bodies of error and message answers.

use utoipa::ToSchema;

use crate::platform::error::{Msg, Problem};
use utoipa_axum::router::UtoipaMethodRouter;

// What the middleware in front of every route answers (the `web` module), here below the catalogue
// that lists them.
crate::messages! {
    XSRF_INVALID = "xsrf_token_invalid": "The anti-forgery token is missing or invalid. Please reload the page and try again.";
    BODY_TOO_LARGE = "body_too_large": "The request body is too large.";
    NO_SUCH_ENDPOINT = "no_such_endpoint": "No API endpoint at {path}.";
    METHOD_NOT_ALLOWED = "method_not_allowed": "This method is not allowed here.";
    DATABASE_UNREACHABLE = "database_unreachable": "The database is not reachable.";
}

/// Where the JSON API lives.
pub const API_BASE: &str = "/webapi/api";

/// The URL of an API path (with its query), as the app's links name it.
pub fn url(path: std::fmt::Arguments) -> String {
    format!("{API_BASE}{path}")
}

/// The body of every error answer (`Problem::body`).
#[derive(ToSchema)]
pub struct ErrorBody {
    /// The English text (the spec's where it gives one).
    pub message: String,
    /// The stable code clients decide by and translate (see the catalogue module).
    pub code: String,
    /// The request field the error is about, where it is about one.
    pub field: Option<String>,
    /// The values in the text, by name, for the client's own language.
    #[schema(value_type = Option<Object>)]
    pub params: Option<serde_json::Value>,
}

/// The body of answers that only report what was done: the English text and its code (what
/// clients translate by), with the values in the text, as in an error body. Build it from a
/// catalogue message: `MessageBody::from(MSG)`, or `MessageBody::of(MSG.with([...]))`.
#[derive(ToSchema, serde::Serialize, Debug, Clone, PartialEq)]
pub struct MessageBody {
    /// The English text.
    pub message: String,
    /// The stable code of the text (see the catalogue module).
    pub code: String,
    /// The values in the text, by name, for the client's own language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
}

impl MessageBody {
    /// The body saying `problem` (a message with its values).
    pub fn of(problem: Problem) -> Self {
        MessageBody { message: problem.message.into_owned(), code: problem.code.into(), params: problem.params }
    }
}

impl From<Msg> for MessageBody {
    fn from(msg: Msg) -> Self {
        MessageBody::of(msg.into())
    }
}

impl From<Problem> for MessageBody {
    fn from(problem: Problem) -> Self {
        MessageBody::of(problem)
    }
}

/// A documented route whose body may be larger than the default limit (uploads).
pub fn with_body_limit<S: Clone + Send + Sync + 'static>(
    (schemas, paths, method_router): UtoipaMethodRouter<S>,
    bytes: usize,
) -> UtoipaMethodRouter<S> {
    (schemas, paths, method_router.layer(axum::extract::DefaultBodyLimit::max(bytes)))
}
