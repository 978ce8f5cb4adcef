//! What the areas stand on: the database, its writer and the structs read from its rows, stored
//! files, errors and the message type, money, formats, the request plumbing (state, extractors,
//! the API's shared bodies), rights and the scope rule, and small checks (validate, lenient,
//! taxids, geo). It imports no area and not the app.

pub mod answers;
pub mod api;
pub mod backup;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod files;
pub mod formats;
pub mod geo;
pub mod ids;
pub mod lanes;
pub mod lenient;
pub mod mailer;
pub mod memory;
pub mod money;
pub mod rights;
pub mod rows;
pub mod scope;
pub mod state;
pub mod taxids;
pub mod tokens;
pub mod validate;
pub mod workbook;
pub mod writer;
