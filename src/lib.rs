//! fieldsales: a self-hosted field-sales and retailer-visit management server.
//!
//! Feature areas (`auth`, `masters`, ...) each own their routes, handlers and SQL; the shared
//! plumbing (`config`, `db`, `error`, `extract`, `mailer`, `state`, `web`, `cli`, `seed`) sits beside them.

pub mod auth;
pub mod chat;
pub mod cli;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod files;
pub mod mailer;
pub mod masters;
pub mod seed;
pub mod state;
pub mod validate;
pub mod web;

/// The version the server reports as `appVersion`; the bundle is compiled with the same value.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Seconds since the Unix epoch: the one clock every timestamp column uses.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}
