//! The reference lists (CONTRACT.md: readable by every signed-in user): countries, user types and
//! every right.

pub mod handlers;
pub mod queries;
pub mod types;
