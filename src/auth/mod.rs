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

use utoipa_axum::routes;

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

crate::platform::api::area_router! {
    routes!(handlers::login_settings),
    routes!(handlers::check_user),
    routes!(handlers::auth_password),
    routes!(handlers::auth_otp),
    routes!(handlers::generate_otp),
    routes!(handlers::reset),
    routes!(handlers::password_update),
    routes!(handlers::session),
    routes!(handlers::set_locale),
    routes!(handlers::logout),
    routes!(impersonation::rca_list),
    routes!(impersonation::am_list),
    routes!(impersonation::issue),
    routes!(impersonation::exchange),
    routes!(blocking::list),
    routes!(blocking::block),
    routes!(blocking::unblock),
}
