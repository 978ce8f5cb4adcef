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

/// The body of every error answer.
#[derive(ToSchema)]
pub struct ErrorBody {
    pub message: String,
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
