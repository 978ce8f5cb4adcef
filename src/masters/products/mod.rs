//! The product catalogue (`/master/product`, issue #18): products with their price (in paise,
//! `crate::platform::money`), pack size, category and whether they are still sold. Readable by everyone who
//! books orders or keeps the product master; changed with the product master's right. Products are
//! never deleted (orders name them): `active: false` retires one. HTTP in `handlers`, SQL in
//! `queries`, shapes in `types`, texts in `messages`.

pub mod handlers;
pub mod messages;
pub mod queries;
pub mod types;

pub use handlers::*;
