//! What other areas use of orders: the new shops' approval books the orders that waited for it.

pub use super::queries::waiting::{refuse_waiting, release_waiting};
