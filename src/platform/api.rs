//! What every area shares about the API, below the routers and their assembly (`web`, `openapi`):
//! where it lives, its links, and the bodies of error and message answers.

use utoipa::ToSchema;

use crate::platform::error::{AppError, AppResult, Msg, Problem};
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

/// Declares refusals that several routes document alike: a type for each, to name in a route's
/// `responses(...)` beside its own tuples (`responses((status = 200, ...), NoSuchAgent)`). Those of
/// every area are below; an area declares its own beside its handlers.
macro_rules! refusals {
    ($($(#[$doc:meta])* $name:ident = $status:tt, $description:tt;)+) => {$(
        $(#[$doc])*
        #[derive(utoipa::IntoResponses)]
        #[response(status = $status, description = $description)]
        pub struct $name(pub $crate::platform::api::ErrorBody);
    )+};
}
pub(crate) use refusals;

refusals! {
    /// The agent named is not one the caller may see (or does not exist: the same answer).
    NoSuchAgent = 404, "No such agent among the caller's";
    /// The customer named is not one the caller may see (or does not exist: the same answer).
    NoSuchCustomer = 404, "No such customer among the caller's";
    /// The row named by its id does not exist (or is retired).
    NoSuchRecord = 404, "No such record";
    /// The item was decided before: a decision is made once.
    DecidedAlready = 409, "Approved or rejected already";
    /// The call is an administrator's.
    NotAdministrator = 403, "Not an administrator";
    /// A field of the request is not valid (the error's `field` names it).
    InvalidField = 400, "A field is not valid";
    /// A filter of the query is not valid (the error's `field` names it).
    InvalidFilter = 400, "A filter is not valid";
    /// A field of the request is missing or not valid (the error's `field` names it).
    MissingField = 400, "A field is missing or not valid";
    /// The customer (or new shop) named is not one the caller may see (or does not exist: the same answer).
    NoSuchCustomerOrShop = 404, "No such customer (or new shop) among the caller's";
    /// The file named does not exist, or is not one the caller may see.
    NoSuchFile = 404, "No such file, or not the caller's";
}

/// An optional filter of a list: absent or blank is none; else its trimmed text as `parse` reads
/// it, or a 400 with `refusal` where `parse` cannot.
pub fn filter_value<T>(value: Option<&str>, parse: impl FnOnce(&str) -> Option<T>, refusal: impl Into<Problem>) -> AppResult<Option<T>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => parse(v).map(Some).ok_or_else(|| AppError::bad_request(refusal)),
    }
}

/// A list's day filters `from` and `to` (dates, see `filter_value`) as the local timestamps from
/// the start of day `from` to the start of the day after `to`: the half-open range its queries
/// compare with. A date that is not one is a 400 with its refusal.
pub fn day_range(
    from: Option<&str>,
    to: Option<&str>,
    (from_refusal, to_refusal): (impl Into<Problem>, impl Into<Problem>),
) -> AppResult<(Option<i64>, Option<i64>)> {
    let from = filter_value(from, crate::clock::parse_date, from_refusal)?;
    let to = filter_value(to, crate::clock::parse_date, to_refusal)?;
    Ok((from.map(crate::clock::start_of), to.and_then(|d| d.succ_opt()).map(crate::clock::start_of)))
}

/// The agent an agent filter names: the screens send 0 (or nothing) for all of the caller's agents.
pub fn agent_filter(agent: Option<i64>) -> Option<crate::platform::ids::UserId> {
    agent.filter(|a| *a != 0).map(crate::platform::ids::UserId)
}

/// A documented route whose body may be larger than the default limit (uploads).
pub fn with_body_limit<S: Clone + Send + Sync + 'static>(
    (schemas, paths, method_router): UtoipaMethodRouter<S>,
    bytes: usize,
) -> UtoipaMethodRouter<S> {
    (schemas, paths, method_router.layer(axum::extract::DefaultBodyLimit::max(bytes)))
}

/// Declares an area's `router()`: its documented routes, each a `utoipa_axum::routes!` (or one
/// wrapped, as by [`with_body_limit`]), for any router state that holds the shared state and the
/// caches named after `where`. The app's state lives above the areas, hence the generic state.
///
/// `area_router!(where Arc<Cache>; routes!(handlers::list, handlers::save), routes!(handlers::get))`
///
/// Where every route is one handler (a path's methods merge), the handlers by module, as a `use`
/// names them: `area_router!(where Arc<Cache>; handlers::{list, save, get}, users::handlers::{list})`.
macro_rules! area_router {
    (@fn [$($cache:ty),*] $routes:block) => {
        /// The area's routes, for any router state that holds the shared state (and the area's caches).
        pub fn router<S>() -> ::utoipa_axum::router::OpenApiRouter<S>
        where
            S: Clone + Send + Sync + 'static,
            $crate::platform::state::AppState: ::axum::extract::FromRef<S>,
            $($cache: ::axum::extract::FromRef<S>,)*
        $routes
    };
    (@module $router:ident $module:tt $($handler:ident),+) => {
        $router$(.routes($crate::platform::api::area_router!(@route $module $handler)))+
    };
    (@route [$($module:ident)::+] $handler:ident) => {
        ::utoipa_axum::routes!($($module)::+::$handler)
    };
    ($($($module:ident)::+::{$($handler:ident),+ $(,)?}),+ $(,)?) => {
        $crate::platform::api::area_router!(where; $($($module)::+::{$($handler),+}),+);
    };
    (where $($cache:ty),*; $($($module:ident)::+::{$($handler:ident),+ $(,)?}),+ $(,)?) => {
        $crate::platform::api::area_router!(@fn [$($cache),*] {
            let router = ::utoipa_axum::router::OpenApiRouter::new();
            $(let router = $crate::platform::api::area_router!(@module router [$($module)::+] $($handler),+);)+
            router
        });
    };
    ($(where $($cache:ty),+;)? $($route:expr),+ $(,)?) => {
        $crate::platform::api::area_router!(@fn [$($($cache),+)?] {
            ::utoipa_axum::router::OpenApiRouter::new()$(.routes($route))+
        });
    };
}
pub(crate) use area_router;
