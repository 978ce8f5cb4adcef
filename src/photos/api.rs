//! What other areas may ask of visit photos.

use rusqlite::Connection;

pub use super::types::VisitPhoto;

/// The photos of a visit (the caller has checked the visit is in the reader's scope).
pub fn of_visit(conn: &Connection, visit_id: i64) -> rusqlite::Result<Vec<VisitPhoto>> {
    super::queries::of_visit(conn, visit_id)
}

/// Whether any photo row (of a visit or of a new shop) names the content hash (the prune's test).
pub fn hash_named(conn: &Connection, sha256: &str) -> rusqlite::Result<bool> {
    super::queries::hash_named(conn, sha256)
}
