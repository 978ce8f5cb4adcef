//! Trade schemes (issue #52): the master of schemes kept as versions, and the set in force on a
//! day that the pricing engine (`crate::pricing`) applies. CONTRACT.md, "Order pricing".
pub mod queries;
