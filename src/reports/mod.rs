//! Excel reports: every report of the spec (`defs`), written straight from the database into a
//! constant-memory workbook on its own thread (`crate::platform::workbook`; a new sheet past Excel's row
//! limit), behind a single-use download link. A column's kind (a date, a time, money) is a suffix
//! of its name in the SELECT (`AS "Order Date:date"`, see `crate::platform::workbook::Kind`): its cells are
//! Excel dates and numbers with the company's formats (`crate::platform::formats`), never text.
//! The API and `fieldsales report export` share `export`.

pub mod defs;
mod export;
pub mod handlers;
pub mod messages;

pub use export::{export, header, window, with_scope};

crate::platform::api::area_router! {
    handlers::{monthly, delivery, buyer_images, my_customers, by_name},
}
