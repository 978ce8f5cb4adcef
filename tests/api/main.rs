//! API integration tests: the real router over a temporary database, one test binary.

mod support;

mod auth;
mod backup;
mod buckets;
mod chat;
mod cli;
mod customers;
mod deliveries;
mod masters;
mod platform;
mod reports;
mod uploads;
