//! The SQL of proposed shop positions.

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::customers::types::ProposedLocation;

/// The proposal waiting for customer `id`, if any.
pub fn proposal_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<ProposedLocation>> {
    conn.prepare_cached(
        "SELECT p.latitude, p.longitude, p.accuracy, p.proposed_at, u.email, p.visit_id IS NOT NULL FROM location_proposals p
         JOIN users u ON u.uid = p.proposed_by WHERE p.customer_id = :id",
    )?
    .query_row(named_params! { ":id": id }, |r| {
        Ok(ProposedLocation {
            latitude: r.get(0)?,
            longitude: r.get(1)?,
            accuracy: r.get(2)?,
            proposed_at: chrono::DateTime::from_timestamp(r.get(3)?, 0).unwrap_or_default().to_rfc3339(),
            proposed_by: r.get(4)?,
            from_visit: r.get(5)?,
        })
    })
    .optional()
}

/// `at`, typed by agent `me`, becomes customer `id`'s waiting proposal, replacing any older one:
/// the agent's latest word is what the manager decides on.
pub fn propose_typed(tx: &Connection, id: i64, me: i64, at: (f64, f64)) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO location_proposals (customer_id, visit_id, latitude, longitude, accuracy, proposed_at, proposed_by)
         VALUES (:c, NULL, :lat, :lng, NULL, :now, :me)
         ON CONFLICT (customer_id) DO UPDATE SET visit_id = NULL, latitude = excluded.latitude, longitude = excluded.longitude,
             accuracy = NULL, proposed_at = excluded.proposed_at, proposed_by = excluded.proposed_by",
    )?
    .execute(named_params! { ":c": id, ":lat": at.0, ":lng": at.1, ":now": crate::now(), ":me": me })?;
    Ok(())
}

/// The position proposed for customer `id`, if one waits.
pub(super) fn proposed_position(tx: &Connection, id: i64) -> rusqlite::Result<Option<(f64, f64)>> {
    tx.query_row("SELECT latitude, longitude FROM location_proposals WHERE customer_id = :id", named_params! { ":id": id }, |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .optional()
}

/// Drops the proposal of customer `id` (decided).
pub(super) fn drop_proposal(tx: &Connection, id: i64) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM location_proposals WHERE customer_id = :id", named_params! { ":id": id })?;
    Ok(())
}
