//! The SQL of visit saving (`record`).

use rusqlite::{named_params, Connection, OptionalExtension};

use super::{LocationStatus, VisitSaved};
use crate::customers::messages::VISIT_SAVED;

/// The first save of `client_id` by `me`, as its answer.
pub(super) fn saved_before(tx: &Connection, me: i64, client_id: &str) -> rusqlite::Result<Option<VisitSaved>> {
    tx.prepare_cached("SELECT visit_id, location_status, distance_m FROM visits WHERE entered_by = :me AND client_id = :client")?
        .query_row(named_params! { ":me": me, ":client": client_id }, |r| {
            Ok(VisitSaved {
                message: VISIT_SAVED.text.into(),
                visit_id: r.get(0)?,
                duplicate: true,
                location_status: r.get(1)?,
                distance_m: r.get(2)?,
            })
        })
        .optional()
}

/// A customer without a position gets one proposed by an accurate visit, unless one waits already.
pub(super) fn propose_position(
    tx: &Connection,
    customer: i64,
    visit_id: i64,
    me: i64,
    at: (f64, f64),
    accuracy: f64,
    now: i64,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO location_proposals (customer_id, visit_id, latitude, longitude, accuracy, proposed_at, proposed_by)
         VALUES (:c, :v, :lat, :lng, :acc, :now, :me) ON CONFLICT (customer_id) DO NOTHING",
    )?
    .execute(named_params! { ":c": customer, ":v": visit_id, ":lat": at.0, ":lng": at.1, ":acc": accuracy, ":now": now, ":me": me })?;
    Ok(())
}

/// Whether outcome `outcome` exists and is not retired.
pub(super) fn outcome_is_live(tx: &Connection, outcome: i64) -> rusqlite::Result<bool> {
    Ok(tx
        .prepare_cached("SELECT 1 FROM outcomes WHERE outcome_id = :o AND is_retired = 0")?
        .query_row(named_params! { ":o": outcome }, |_| Ok(()))
        .optional()?
        .is_some())
}

/// The stored position of customer `customer`, if it has one.
pub(super) fn position_of(tx: &Connection, customer: i64) -> rusqlite::Result<Option<(f64, f64)>> {
    tx.prepare_cached("SELECT latitude, longitude FROM customers WHERE customer_id = :c")?
        .query_row(named_params! { ":c": customer }, |r| Ok(r.get::<_, Option<f64>>(0)?.zip(r.get::<_, Option<f64>>(1)?)))
}

/// A visit row to insert.
pub struct VisitRow<'a> {
    pub customer: i64,
    pub agent: i64,
    pub outcome: i64,
    pub remark: Option<&'a str>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub visited_at: i64,
    pub entered_by: i64,
    pub client_id: Option<&'a str>,
    pub device_time: Option<i64>,
    pub received_at: i64,
    pub accuracy: Option<f64>,
    pub distance_m: Option<i64>,
    pub status: LocationStatus,
}

/// Inserts the visit unless its `(entered_by, client_id)` was saved before: the rows inserted (0 or 1).
/// The unique index (entered_by, client_id) is what keeps a clientId to one visit.
pub fn insert_visit(tx: &Connection, v: &VisitRow) -> rusqlite::Result<usize> {
    tx.prepare_cached(
        "INSERT INTO visits (customer_id, agent_id, outcome_id, remark, latitude, longitude, visited_at, entered_by,
                             client_id, device_time, received_at, accuracy, distance_m, location_status)
         VALUES (:c, :agent, :o, :remark, :lat, :lng, :at, :me, :client, :device, :received, :acc, :dist, :status)
         ON CONFLICT (entered_by, client_id) WHERE client_id IS NOT NULL DO NOTHING",
    )?
    .execute(named_params! {
        ":c": v.customer, ":agent": v.agent, ":o": v.outcome, ":remark": v.remark,
        ":lat": v.latitude, ":lng": v.longitude, ":at": v.visited_at, ":me": v.entered_by,
        ":client": v.client_id, ":device": v.device_time, ":received": v.received_at, ":acc": v.accuracy,
        ":dist": v.distance_m, ":status": v.status.as_str(),
    })
}
