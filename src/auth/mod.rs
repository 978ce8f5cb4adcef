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
    handlers::{login_settings, check_user, auth_password, auth_otp, generate_otp, reset, password_update, session, set_locale, logout},
    impersonation::{rca_list, am_list, issue, exchange},
    blocking::{list, block, unblock},
}
