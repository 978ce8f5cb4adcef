//! What other areas may ask of visit photos.

use rusqlite::Connection;

pub use super::types::VisitPhoto;

/// The photos of a visit (the caller has checked the visit is in the reader's scope).
pub fn of_visit(conn: &Connection, visit_id: i64) -> rusqlite::Result<Vec<VisitPhoto>> {
    super::queries::of_visit(conn, visit_id)
}
