//! Info types and their sub types (`/master/info-type`, `/master/info-subtype`,
//! `/master/info-type-subtype`), including the spreadsheet upload of sub type names.

pub mod handlers;
pub mod queries;
pub mod types;
