//! The SQL of visit saving (`record`).

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::customers::messages::VISIT_SAVED;
use crate::customers::types::{LocationStatus, VisitSaved};
use crate::platform::scope::Scope;

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

// ---- Visits to a new shop awaiting approval (decision 47; `super::waiting`) ----

/// The status of proposal `id` if it is in `scope` (by its agent), with its customer's Buyer ID
/// once approved.
pub(super) fn proposal_state(conn: &Connection, scope: Scope, id: i64) -> rusqlite::Result<Option<(String, Option<String>)>> {
    let sql = format!(
        "SELECT o.status, c.buyer_id FROM outlet_proposals o LEFT JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.proposal_id = :id AND {}",
        scope.condition("o.agent_id")
    );
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":id": id }), |r| Ok((r.get(0)?, r.get(1)?))).optional()
}

/// The waiting visit `client_id` of `me`, if kept before: its wait id and proposal.
pub(super) fn waiting_before(tx: &Connection, me: i64, client_id: &str) -> rusqlite::Result<Option<(i64, i64)>> {
    tx.prepare_cached("SELECT wait_id, proposal_id FROM proposal_visits WHERE booked_by = :me AND client_id = :c")?
        .query_row(named_params! { ":me": me, ":c": client_id }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
}

/// Keeps a visit's body for pending proposal `proposal_id`; answers its wait id.
pub(super) fn keep_waiting(tx: &Connection, proposal_id: i64, me: i64, client_id: &str, body: &str, now: i64) -> rusqlite::Result<i64> {
    tx.prepare_cached(
        "INSERT INTO proposal_visits (proposal_id, booked_by, client_id, body, created_at) VALUES (:p, :me, :c, :body, :now)",
    )?
    .execute(named_params! { ":p": proposal_id, ":me": me, ":c": client_id, ":body": body, ":now": now })?;
    Ok(tx.last_insert_rowid())
}

/// A visit waiting for its new shop: (wait id, by, clientId, body, kept at).
pub(super) type WaitingVisit = (i64, i64, String, String, i64);

/// The visits still waiting for proposal `proposal_id`.
pub(super) fn waiting_of(tx: &Connection, proposal_id: i64) -> rusqlite::Result<Vec<WaitingVisit>> {
    let mut stmt = tx.prepare_cached(
        "SELECT wait_id, booked_by, client_id, body, created_at FROM proposal_visits
         WHERE proposal_id = :p AND visit_id IS NULL AND refused_code IS NULL ORDER BY wait_id",
    )?;
    let rows = stmt.query_map(named_params! { ":p": proposal_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
    rows.collect()
}

/// A waiting visit's outcome: saved as `visit_id`, or refused with `code`.
pub(super) fn settle_waiting(tx: &Connection, wait_id: i64, visit_id: Option<i64>, code: Option<&str>) -> rusqlite::Result<()> {
    tx.prepare_cached("UPDATE proposal_visits SET visit_id = :v, refused_code = :code WHERE wait_id = :w")?
        .execute(named_params! { ":v": visit_id, ":code": code, ":w": wait_id })?;
    Ok(())
}

/// Refuses every visit still waiting for proposal `proposal_id` (rejected) with `code`.
pub(super) fn refuse_all_waiting(tx: &Connection, proposal_id: i64, code: &str) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE proposal_visits SET refused_code = :code WHERE proposal_id = :p AND visit_id IS NULL AND refused_code IS NULL",
    )?
    .execute(named_params! { ":code": code, ":p": proposal_id })?;
    Ok(())
}
