//! The SQL of the working day: the `work_days` row of an agent and date, the taps and corrections
//! written to it, and what the agent did that day (visits, orders, payments, photos).

use rusqlite::{named_params, Connection, OptionalExtension, Row};

use crate::platform::rights::UserType;
use crate::platform::rows::{row_struct, FromRow};
use crate::platform::scope::Scope;

/// A `work_days` row, as the rules read it.
#[derive(Debug, Clone)]
pub struct DayRow {
    pub day_id: i64,
    pub agent_id: i64,
    pub work_date: String,
    pub started_at: i64,
    pub start_how: String,
    pub start_client_id: Option<String>,
    pub ended_at: Option<i64>,
    pub end_how: Option<String>,
    pub end_client_id: Option<String>,
    pub correction_reason: Option<String>,
    /// The start tap (none when not tapped): the phone's time, the server's, and whether it was a claim.
    pub start_tap: Option<TapTimes>,
    /// The end tap, as the start's. A claimed end of a day already past is only here (`ended_at`
    /// stays empty: the day closes by itself until a manager corrects it).
    pub end_tap: Option<TapTimes>,
}

/// When a tap was made (the phone's time), when it arrived, and whether it was a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TapTimes {
    pub at: i64,
    pub received_at: i64,
    pub claimed: bool,
}

const DAY_COLUMNS: &str = "d.day_id, d.agent_id, d.work_date, d.started_at, d.start_how, d.start_client_id, d.ended_at, d.end_how,
                           d.end_client_id, d.correction_reason, d.start_device_time, d.start_received_at, d.start_claimed,
                           d.end_device_time, d.end_received_at, d.end_claimed";

/// The tap times at columns `at..at + 3` (device time, received time, claimed), if there was a tap.
fn tap_times(r: &Row, at: usize) -> rusqlite::Result<Option<TapTimes>> {
    Ok(match (r.get::<_, Option<i64>>(at)?, r.get::<_, Option<i64>>(at + 1)?) {
        (Some(device), Some(received_at)) => Some(TapTimes { at: device, received_at, claimed: r.get(at + 2)? }),
        _ => None,
    })
}

fn day_row(r: &Row, at: usize) -> rusqlite::Result<DayRow> {
    Ok(DayRow {
        day_id: r.get(at)?,
        agent_id: r.get(at + 1)?,
        work_date: r.get(at + 2)?,
        started_at: r.get(at + 3)?,
        start_how: r.get(at + 4)?,
        start_client_id: r.get(at + 5)?,
        ended_at: r.get(at + 6)?,
        end_how: r.get(at + 7)?,
        end_client_id: r.get(at + 8)?,
        correction_reason: r.get(at + 9)?,
        start_tap: tap_times(r, at + 10)?,
        end_tap: tap_times(r, at + 13)?,
    })
}

/// The day of `agent` whose start or end was tapped under `client_id`.
pub fn by_client(conn: &Connection, agent: i64, client_id: &str) -> rusqlite::Result<Option<DayRow>> {
    conn.prepare_cached(&format!(
        "SELECT {DAY_COLUMNS} FROM work_days d WHERE d.agent_id = :a AND (d.start_client_id = :c OR d.end_client_id = :c)"
    ))?
    .query_row(named_params! { ":a": agent, ":c": client_id }, |r| day_row(r, 0))
    .optional()
}

/// The day of `agent` on `date` (YYYY-MM-DD).
pub fn on_date(conn: &Connection, agent: i64, date: &str) -> rusqlite::Result<Option<DayRow>> {
    conn.prepare_cached(&format!("SELECT {DAY_COLUMNS} FROM work_days d WHERE d.agent_id = :a AND d.work_date = :d"))?
        .query_row(named_params! { ":a": agent, ":d": date }, |r| day_row(r, 0))
        .optional()
}

/// Day `day_id` when its agent is in `scope` (else none: a 404).
pub fn in_scope(conn: &Connection, scope: Scope, day_id: i64) -> rusqlite::Result<Option<DayRow>> {
    conn.prepare_cached(&format!("SELECT {DAY_COLUMNS} FROM work_days d WHERE d.day_id = :id AND {}", scope.condition("d.agent_id")))?
        .query_row(&*scope.with(named_params! { ":id": day_id }), |r| day_row(r, 0))
        .optional()
}

/// A tap as recorded: the phone's id and time, the server's time, whether it is a claim, the
/// position as sent.
pub struct Tap<'a> {
    pub client_id: Option<&'a str>,
    pub at: i64,
    pub received_at: i64,
    pub claimed: bool,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub accuracy: Option<f64>,
}

/// A new day of `agent` on `date` started by `tap`; its id.
pub fn insert_start(conn: &Connection, agent: i64, date: &str, tap: &Tap) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO work_days (agent_id, work_date, started_at, start_how, start_client_id, start_device_time, start_received_at,
                                start_claimed, start_latitude, start_longitude, start_accuracy)
         VALUES (:a, :d, :at, 'tap', :c, :at, :now, :claimed, :lat, :lng, :acc)",
    )?
    .execute(named_params! {
        ":a": agent, ":d": date, ":at": tap.at, ":c": tap.client_id, ":now": tap.received_at, ":claimed": tap.claimed,
        ":lat": tap.latitude, ":lng": tap.longitude, ":acc": tap.accuracy,
    })?;
    Ok(conn.last_insert_rowid())
}

/// Which tap of a day: its start or its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Start,
    End,
}

/// Records the `side` tap on day `day_id`; `counts` makes it the day's start or end, marked `tap`.
/// A start tap on an automatically started day counts when it is earlier than the first work; an
/// end tap, unless the day is already past (it keeps no end of its own and closes by itself: a
/// claim on a day already past).
pub fn record_tap(conn: &Connection, day_id: i64, side: Side, tap: &Tap, counts: bool) -> rusqlite::Result<usize> {
    let (side, time) = match side {
        Side::Start => ("start", "started_at"),
        Side::End => ("end", "ended_at"),
    };
    conn.prepare_cached(&format!(
        "UPDATE work_days SET {side}_client_id = :c, {side}_device_time = :at, {side}_received_at = :now, {side}_claimed = :claimed,
                {side}_latitude = :lat, {side}_longitude = :lng, {side}_accuracy = :acc,
                {time} = CASE WHEN :counts THEN :at ELSE {time} END,
                {side}_how = CASE WHEN :counts THEN 'tap' ELSE {side}_how END
         WHERE day_id = :id"
    ))?
    .execute(named_params! {
        ":id": day_id, ":at": tap.at, ":c": tap.client_id, ":now": tap.received_at, ":claimed": tap.claimed,
        ":lat": tap.latitude, ":lng": tap.longitude, ":acc": tap.accuracy, ":counts": counts,
    })
}

/// A manager's correction: each time given replaces the start or end, marked `corrected`.
pub fn correct(
    conn: &Connection,
    day_id: i64,
    started_at: Option<i64>,
    ended_at: Option<i64>,
    reason: &str,
    by: i64,
    now: i64,
) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE work_days SET
                started_at = COALESCE(:start, started_at),
                start_how = CASE WHEN :start IS NULL THEN start_how ELSE 'corrected' END,
                ended_at = COALESCE(:end, ended_at),
                end_how = CASE WHEN :end IS NULL THEN end_how ELSE 'corrected' END,
                correction_reason = :reason, corrected_by = :by, corrected_at = :now
         WHERE day_id = :id",
    )?
    .execute(named_params! { ":id": day_id, ":start": started_at, ":end": ended_at, ":reason": reason, ":by": by, ":now": now })
}

row_struct! {
    /// What an agent did in `[from, to)` (one local day, `date`): visits, orders (not cancelled)
    /// and the time of the last visit, order, payment or photo.
    #[derive(Debug, Clone, Copy, Default)]
    pub struct Activity {
        pub visits: i64,
        pub orders: i64,
        pub last_at: Option<i64>,
    }
}

pub fn activity(conn: &Connection, agent: i64, date: &str, from: i64, to: i64) -> rusqlite::Result<Activity> {
    conn.prepare_cached(
        "SELECT (SELECT COUNT(*) FROM visits WHERE agent_id = :a AND visited_at >= :from AND visited_at < :to),
                (SELECT COUNT(*) FROM orders WHERE agent_id = :a AND order_date = :date AND status <> 'Cancelled'),
                (SELECT MAX(t) FROM (
                    SELECT MAX(visited_at) AS t FROM visits WHERE agent_id = :a AND visited_at >= :from AND visited_at < :to
                    UNION ALL SELECT MAX(created_at) FROM orders WHERE agent_id = :a AND created_at >= :from AND created_at < :to
                    UNION ALL SELECT MAX(collected_at) FROM payments WHERE agent_id = :a AND collected_at >= :from AND collected_at < :to
                    UNION ALL SELECT MAX(taken_at) FROM visit_photos WHERE agent_id = :a AND taken_at >= :from AND taken_at < :to))",
    )?
    .query_row(named_params! { ":a": agent, ":date": date, ":from": from, ":to": to }, Activity::from_row)
}

/// The last known position of `agent` in `[from, to)`: the last visit with one, or the day's
/// tapped start or end, whichever is latest.
pub fn last_position(conn: &Connection, agent: i64, date: &str, from: i64, to: i64) -> rusqlite::Result<Option<(f64, f64)>> {
    conn.prepare_cached(
        "SELECT lat, lng FROM (
             SELECT latitude AS lat, longitude AS lng, visited_at AS at FROM visits
              WHERE agent_id = :a AND visited_at >= :from AND visited_at < :to AND latitude IS NOT NULL AND longitude IS NOT NULL
             UNION ALL
             SELECT start_latitude, start_longitude, start_device_time FROM work_days
              WHERE agent_id = :a AND work_date = :date AND start_latitude IS NOT NULL AND start_longitude IS NOT NULL
             UNION ALL
             SELECT end_latitude, end_longitude, end_device_time FROM work_days
              WHERE agent_id = :a AND work_date = :date AND end_latitude IS NOT NULL AND end_longitude IS NOT NULL)
         ORDER BY at DESC LIMIT 1",
    )?
    .query_row(named_params! { ":a": agent, ":date": date, ":from": from, ":to": to }, |r| Ok((r.get(0)?, r.get(1)?)))
    .optional()
}

/// The agents in `scope` (live ones, and deleted ones with a day on `date`) by name, each with
/// their day on `date` if they have one.
pub fn agents_on(conn: &Connection, scope: Scope, date: &str) -> rusqlite::Result<Vec<(i64, String, Option<DayRow>)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT u.uid, u.name, {DAY_COLUMNS}
         FROM users u LEFT JOIN work_days d ON d.agent_id = u.uid AND d.work_date = :date
         WHERE u.user_type_id = :agent AND (u.is_deleted = 0 OR d.day_id IS NOT NULL) AND {}
         ORDER BY u.name COLLATE NOCASE, u.uid",
        scope.condition("u.uid")
    ))?;
    let rows = stmt.query_map(&*scope.with(named_params! { ":date": date, ":agent": UserType::Agent }), |r| {
        let day = match r.get::<_, Option<i64>>(2)? {
            Some(_) => Some(day_row(r, 2)?),
            None => None,
        };
        Ok((r.get(0)?, r.get(1)?, day))
    })?;
    rows.collect()
}

/// The name of user `uid` (for the audit line).
pub fn user_name(conn: &Connection, uid: i64) -> rusqlite::Result<String> {
    conn.prepare_cached("SELECT name FROM users WHERE uid = :u")?.query_row(named_params! { ":u": uid }, |r| r.get(0))
}
