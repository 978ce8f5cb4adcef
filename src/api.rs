//! What every area shares about the API, below the routers and their assembly (`web`, `openapi`):
//! where it lives, its links, the bodies of error and message answers, and the schemas of the
//! lenient fields.

use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
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

/// Text the lenient parsers take as a number; blank text counts as none.
const WHOLE_NUMBER: &str = r"^\s*(-?[0-9]{1,15}(\.0*)?)?\s*$";
const NUMBER: &str = r"^\s*(-?[0-9]{1,15}(\.[0-9]*)?)?\s*$";

/// A field read by `extract::lenient::opt_i64`: a whole number, also as text; null or "" is none.
pub fn lenient_int() -> Schema {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::String, Type::Null]))
        .pattern(Some(WHOLE_NUMBER))
        .build()
        .into()
}

/// A field read by `extract::lenient::opt_f64`: a number, also as text; null or "" is none.
pub fn lenient_number() -> Schema {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::Number, Type::String, Type::Null])).pattern(Some(NUMBER)).build().into()
}

/// A field read by `extract::lenient::opt_text`: text, also sent as a whole number.
pub fn lenient_text() -> Schema {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer, Type::Null])).build().into()
}

/// A field read by `extract::lenient::vec_i64` / `vec_text`: a list, one value, or "a,b" text.
pub fn lenient_list() -> Schema {
    let scalar = || ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer]));
    OneOfBuilder::new()
        .item(ArrayBuilder::new().items(scalar()))
        .item(ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Integer, Type::Null])))
        .build()
        .into()
}
