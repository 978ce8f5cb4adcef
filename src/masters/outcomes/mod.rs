//! Visit outcomes (`/master/outcome`). The list is read on every visit screen, so it is cached in
//! memory and dropped whenever an outcome changes.

pub mod handlers;
pub mod queries;
pub mod types;

pub use types::Cache;
