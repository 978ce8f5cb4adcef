//! API integration tests: the real router over a temporary database, one test binary.

mod support;

mod auth;
mod buckets;
mod chat;
mod cli;
mod customers;
mod deliveries;
mod masters;
mod openapi;
mod platform;
mod reports;
mod uploads;
