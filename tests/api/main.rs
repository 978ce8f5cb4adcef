//! API integration tests: the real router over a temporary database, one test binary.

// Tests read rows into tuples to compare them whole; naming each tuple type would hide the columns.
#![allow(clippy::type_complexity)]

mod support;

mod attacks;
mod attendance;
mod auth;
mod backup;
mod beats;
mod buckets;
mod chat;
mod cli;
mod collections;
mod credit;
mod customers;
mod deliveries;
mod field;
mod files_attacks;
mod formats;
mod gst;
mod locale;
mod masters;
mod matrix;
mod openapi;
mod orders;
mod photos;
mod platform;
mod pricing;
mod reports;
mod schemes;
mod scope;
mod security_auth;
mod security_fields;
mod security_files;
mod security_scope;
mod security_users;
mod targets;
mod uploads;
mod uploads_real;
