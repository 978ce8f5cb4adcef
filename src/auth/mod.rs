//! Sign-in and sessions: login by password or one-time code, lockout, forgotten and changed
//! passwords, logout, and the extractors every other area uses to know who is calling.

pub mod accounts;
pub mod blocking;
pub mod handlers;
pub mod impersonation;
pub mod password;
pub mod queries;
pub mod session;
pub mod types;

use axum::routing::{get, post};
use axum::Router;

use crate::state::AppState;

/// Paths (under `/webapi/api`) that need no session. Everything else requires one.
/// (`/report/download` carries its own single-use token.)
pub const PUBLIC_PATHS: &[&str] = &[
    "/login/checkUser",
    "/login/auth",
    "/login/authOTP",
    "/login/generateOTP",
    "/login/reset",
    "/report/download",
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/login/checkUser", post(handlers::check_user))
        .route("/login/auth", post(handlers::auth_password))
        .route("/login/authOTP", post(handlers::auth_otp))
        .route("/login/generateOTP", post(handlers::generate_otp))
        .route("/login/reset", post(handlers::reset))
        .route("/users/passwordUpdate", post(handlers::password_update))
        .route("/users/session", get(handlers::session))
        .route("/logout", post(handlers::logout))
        .route("/users/rca-list", get(impersonation::rca_list))
        .route("/users/am-list", get(impersonation::am_list))
        .route("/users/impersonate-rca", post(impersonation::issue))
        .route("/users/impersonate-rca-token", post(impersonation::exchange))
        .route("/users/block", get(blocking::list))
        .route("/users/block/{id}", post(blocking::block))
        .route("/users/unblock/{id}", post(blocking::unblock))
}
