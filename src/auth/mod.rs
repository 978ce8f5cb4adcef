//! Sign-in and sessions: login by password or one-time code, lockout, forgotten and changed
//! passwords, logout, and the extractors every other area uses to know who is calling.

pub mod accounts;
pub mod blocking;
pub mod handlers;
pub mod impersonation;
pub mod mails;
pub mod messages;
pub mod password;
pub mod queries;
pub mod session;
pub mod types;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// Paths (under `/webapi/api`) that need no session. Everything else requires one.
/// (`/report/download` carries its own single-use token.)
pub const PUBLIC_PATHS: &[&str] = &[
    "/login/settings",
    "/login/checkUser",
    "/login/auth",
    "/login/authOTP",
    "/login/generateOTP",
    "/login/reset",
    "/report/download",
    "/openapi.json",
];

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::login_settings))
        .routes(routes!(handlers::check_user))
        .routes(routes!(handlers::auth_password))
        .routes(routes!(handlers::auth_otp))
        .routes(routes!(handlers::generate_otp))
        .routes(routes!(handlers::reset))
        .routes(routes!(handlers::password_update))
        .routes(routes!(handlers::session))
        .routes(routes!(handlers::set_locale))
        .routes(routes!(handlers::logout))
        .routes(routes!(impersonation::rca_list))
        .routes(routes!(impersonation::am_list))
        .routes(routes!(impersonation::issue))
        .routes(routes!(impersonation::exchange))
        .routes(routes!(blocking::list))
        .routes(routes!(blocking::block))
        .routes(routes!(blocking::unblock))
}
