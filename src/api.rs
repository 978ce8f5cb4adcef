//! What every area shares about the API, below the routers and their assembly (`web`, `openapi`):
//! where it lives, its links, and the bodies of error and message answers.

use utoipa::ToSchema;
use utoipa_axum::router::UtoipaMethodRouter;

/// Where the JSON API lives.
pub const API_BASE: &str = "/webapi/api";

/// The URL of an API path (with its query), as the app's links name it.
pub fn url(path: std::fmt::Arguments) -> String {
    format!("{API_BASE}{path}")
}

/// The body of every error answer (`crate::error::Problem::body`).
#[derive(ToSchema)]
pub struct ErrorBody {
    /// The English text (the spec's where it gives one).
    pub message: String,
    /// The stable code clients decide by and translate (every code is listed by the catalogue module).
    pub code: String,
    /// The request field the error is about, where it is about one.
    pub field: Option<String>,
    /// The values in the text, by name, for the client's own language.
    #[schema(value_type = Option<Object>)]
    pub params: Option<serde_json::Value>,
}

/// The body of answers that only report what was done.
#[derive(ToSchema, serde::Serialize)]
pub struct MessageBody {
    pub message: String,
}

/// A documented route whose body may be larger than the default limit (uploads).
pub fn with_body_limit<S: Clone + Send + Sync + 'static>(
    (schemas, paths, method_router): UtoipaMethodRouter<S>,
    bytes: usize,
) -> UtoipaMethodRouter<S> {
    (schemas, paths, method_router.layer(axum::extract::DefaultBodyLimit::max(bytes)))
}
