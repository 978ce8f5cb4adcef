//! The distributor list (`GET /master/distributor`, issue #18): whom a booked order may go to.
//! Distributors are kept by the distributor upload.

pub mod handlers;
pub mod queries;
pub mod types;
