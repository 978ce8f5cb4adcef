//! The rules of the working day, over `queries`: a tap's checks, what a start or end does to the
//! day as it stands, the automatic close (`close_time`), and the day as the screens show it.
//!
//! Decisions (issue #37 leaves them open):
//! - A start on a day that the first visit or order started already keeps the earlier time (the
//!   work had begun) and stays `automatic`; the tap's time and position are recorded beside it and
//!   the answer says so (`day_started_at_first_work`). A tap earlier than that work (a phone's
//!   queue arriving late) becomes the start, marked `tap`.
//! - A second tapped start of a day is a 409 (`day_already_started`), as is a second tapped end
//!   (`day_already_ended`), and either on a day a manager corrected (`day_corrected_by_manager`).
//! - An end on a day not started is a 409 (`day_not_started`); an end before the start a 400
//!   (`day_end_before_start`).
//! - A day not ended is closed once its calendar day is over, at its last activity (visit,
//!   order, payment, photo, or the start itself) + 30 minutes, `automatic`. Reads compute it,
//!   nothing is written.
//!
//! Claims (issue #49: days were invented afterwards by taps sent with a past `at`):
//! - A tap is a claim when its time is on a day before the server's day it arrived on, or when it
//!   arrived more than `CLAIM_GRACE_S` after its time (an honest phone's offline queue does that
//!   too: a claim is kept and flagged, never refused). It is stored with its received time and
//!   `*_claimed`, and the screens and the report show both.
//! - A claim never moves what the day already has: beside an automatic start (the first visit or
//!   order, evidence) it is recorded and the start stays. It sets a start only on a day without
//!   one, and an end only on today's day; an end for a day already past is recorded only as a
//!   claim (`day_end_claimed_day_over`): that day keeps closing at its last activity + 30 minutes.
//! - Only a manager's correction (`correct`, audited with who, when, the reason and what was
//!   claimed) sets times on a day already past.

use chrono::{Days, NaiveDate};
use rusqlite::Connection;

use super::messages::*;
use super::queries::{self, Activity, DayRow, Side, Tap, TapTimes};
use super::types::{AttendanceRow, DayMark, DayMarked, Today};
use crate::platform::error::{AppError, AppResult, Problem};
use crate::platform::geo::coordinates;
use crate::platform::scope::Scope;

/// A day not ended closes this long after its last activity.
pub const AUTO_CLOSE_AFTER_S: i64 = 30 * 60;
/// A tap's time may be this far ahead of the server's clock (phones drift), as a visit's.
const AHEAD_LIMIT_S: i64 = 5 * 60;
/// A queued tap older than this is refused, as a visit is.
const AGE_LIMIT_S: i64 = 7 * 24 * 3600;
/// A tap that arrives more than this after its time is a claim (see the module's comment): long
/// enough for a phone's retry of a weak signal, short of a working hour invented afterwards.
pub const CLAIM_GRACE_S: i64 = 15 * 60;

/// When a day not ended closes by itself: 30 minutes after its last activity, once the calendar
/// day `day` is over at `now`; `None` while it lasts.
pub fn close_time(last_activity: i64, day: NaiveDate, now: i64) -> Option<i64> {
    (now >= crate::clock::start_of(day + Days::new(1))).then_some(last_activity + AUTO_CLOSE_AFTER_S)
}

/// A stored time as ISO 8601.
pub fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}

/// The local date (YYYY-MM-DD) of a time.
pub fn date_of(ts: i64) -> String {
    crate::clock::date_and_time(ts).0
}

fn hh_mm(ts: i64) -> serde_json::Value {
    serde_json::json!(crate::clock::date_and_time(ts).1)
}

/// `[start, end)` of a local day as timestamps.
pub fn window(day: NaiveDate) -> (i64, i64) {
    (crate::clock::start_of(day), crate::clock::start_of(day + Days::new(1)))
}

fn parse_day(date: &str) -> NaiveDate {
    crate::clock::parse_date(date).unwrap_or_else(crate::clock::today)
}

/// An ISO 8601 time with offset as unix seconds.
pub fn parse_time(text: &str) -> AppResult<i64> {
    chrono::DateTime::parse_from_rfc3339(text.trim()).map(|t| t.timestamp()).map_err(|_| AppError::bad_request(DAY_TIME_NOT_VALID))
}

/// A tap's fields once checked.
#[derive(Debug, Clone)]
pub struct CheckedMark {
    pub client_id: Option<String>,
    /// The phone's time, or the server's when the phone sent none.
    pub at: i64,
    pub received_at: i64,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub accuracy: Option<f64>,
}

impl CheckedMark {
    /// Checks the fields of a tap received at `received_at` (the time window only once it is
    /// known not to be a repeat: see `start`).
    pub fn check(req: DayMark, received_at: i64) -> AppResult<Self> {
        let client_id = match req.client_id {
            None => None,
            Some(id) if (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => Some(id),
            Some(_) => return Err(AppError::bad_request(DAY_CLIENT_ID_NOT_VALID.on("clientId"))),
        };
        let at = req.at.as_deref().filter(|t| !t.trim().is_empty()).map(parse_time).transpose()?.unwrap_or(received_at);
        let (latitude, longitude) = coordinates(req.latitude.0, req.longitude.0)?;
        let accuracy = match req.accuracy.0 {
            Some(a) if !(a.is_finite() && a >= 0.0) => return Err(AppError::bad_request(DAY_ACCURACY_NOT_VALID.on("accuracy"))),
            other => other,
        };
        Ok(CheckedMark { client_id, at, received_at, latitude, longitude, accuracy })
    }

    fn check_window(&self) -> AppResult<()> {
        if self.at > self.received_at + AHEAD_LIMIT_S {
            Err(AppError::bad_request(DAY_TIME_AHEAD.on("at")))
        } else if self.at < self.received_at - AGE_LIMIT_S {
            Err(AppError::bad_request(DAY_TIME_TOO_OLD.on("at")))
        } else {
            Ok(())
        }
    }

    /// Whether this tap is a claim: its time on a day before the one it arrived on, or more than
    /// `CLAIM_GRACE_S` before it arrived.
    fn is_claim(&self) -> bool {
        self.received_at - self.at > CLAIM_GRACE_S || date_of(self.at) < date_of(self.received_at)
    }

    fn tap(&self) -> Tap<'_> {
        Tap {
            client_id: self.client_id.as_deref(),
            at: self.at,
            received_at: self.received_at,
            claimed: self.is_claim(),
            latitude: self.latitude,
            longitude: self.longitude,
            accuracy: self.accuracy,
        }
    }
}

/// The answer of the start (`start`) or end tap recorded on `day`, first or repeated, at `now`:
/// what the tap did (kept beside the first work, a claim, recorded only as a claim) and the day as
/// it stands.
fn answer(conn: &Connection, day: &DayRow, duplicate: bool, start: bool, now: i64) -> AppResult<DayMarked> {
    let shown = shown(conn, day.agent_id, &day.work_date, Some(day), now)?;
    let (problem, how, tap): (Problem, _, _) = if start {
        let problem = match (day.start_how.as_str(), day.start_tap) {
            ("automatic", _) => DAY_STARTED_BEFORE.with([("time", hh_mm(day.started_at))]),
            ("tap", Some(tap)) if tap.claimed => DAY_START_CLAIMED.into(),
            _ => DAY_STARTED.into(),
        };
        (problem, day.start_how.clone(), day.start_tap)
    } else {
        let problem = match (day.ended_at, day.end_tap) {
            (None, Some(tap)) if tap.claimed => DAY_END_CLAIM_PAST.into(),
            (Some(_), Some(tap)) if tap.claimed => DAY_END_CLAIMED.into(),
            _ => DAY_ENDED.into(),
        };
        (problem, shown.ended.as_ref().map(|e| e.1.clone()).unwrap_or_default(), day.end_tap)
    };
    Ok(DayMarked {
        message: problem.message.into_owned(),
        code: problem.code.into(),
        params: problem.params,
        day_id: day.day_id,
        duplicate,
        started_at: iso(day.started_at),
        ended_at: shown.ended.map(|e| iso(e.0)),
        how,
        received_at: tap.map(|t| iso(t.received_at)),
        claimed: tap.is_some_and(|t| t.claimed),
    })
}

/// The answer to a repeat of `client_id`, if it was recorded before.
fn repeat(conn: &Connection, agent: i64, client_id: Option<&str>, now: i64) -> AppResult<Option<DayMarked>> {
    let Some(id) = client_id else { return Ok(None) };
    match queries::by_client(conn, agent, id)? {
        Some(day) => answer(conn, &day, true, day.end_client_id.as_deref() != Some(id), now).map(Some),
        None => Ok(None),
    }
}

fn reload(conn: &Connection, day: &DayRow) -> AppResult<DayRow> {
    queries::on_date(conn, day.agent_id, &day.work_date)?.ok_or_else(|| AppError::not_found(DAY_NOT_FOUND))
}

/// "Start day" by `agent`, in the open transaction `conn`.
pub fn start(conn: &Connection, agent: i64, mark: CheckedMark) -> AppResult<DayMarked> {
    if let Some(first) = repeat(conn, agent, mark.client_id.as_deref(), mark.received_at)? {
        return Ok(first);
    }
    mark.check_window()?;
    let date = date_of(mark.at);
    let Some(day) = queries::on_date(conn, agent, &date)? else {
        queries::insert_start(conn, agent, &date, &mark.tap())?;
        let day = queries::on_date(conn, agent, &date)?.ok_or_else(|| AppError::not_found(DAY_NOT_FOUND))?;
        return answer(conn, &day, false, true, mark.received_at);
    };
    match day.start_how.as_str() {
        "corrected" => Err(AppError::conflict(DAY_CORRECTED_BEFORE)),
        "automatic" if day.start_client_id.is_none() => {
            // The first work is evidence: only a tap on time moves the start earlier.
            let moves = mark.at < day.started_at && !mark.is_claim();
            queries::record_tap(conn, day.day_id, Side::Start, &mark.tap(), moves)?;
            answer(conn, &reload(conn, &day)?, false, true, mark.received_at)
        }
        _ => Err(AppError::conflict(DAY_ALREADY_STARTED.with([("time", hh_mm(day.started_at))]))),
    }
}

/// "End day" by `agent`, in the open transaction `conn`.
pub fn end(conn: &Connection, agent: i64, mark: CheckedMark) -> AppResult<DayMarked> {
    if let Some(first) = repeat(conn, agent, mark.client_id.as_deref(), mark.received_at)? {
        return Ok(first);
    }
    mark.check_window()?;
    let date = date_of(mark.at);
    let Some(day) = queries::on_date(conn, agent, &date)? else {
        return Err(AppError::conflict(DAY_NOT_STARTED));
    };
    if day.end_how.as_deref() == Some("corrected") {
        return Err(AppError::conflict(DAY_CORRECTED_BEFORE));
    }
    if let Some(at) = day.end_tap.map(|t| t.at) {
        return Err(AppError::conflict(DAY_ALREADY_ENDED.with([("time", hh_mm(at))])));
    }
    if mark.at < day.started_at {
        return Err(AppError::bad_request(DAY_END_BEFORE_START.on("at")));
    }
    // A day already past keeps closing by itself: the claim waits for a manager's correction.
    let ends = date >= date_of(mark.received_at);
    queries::record_tap(conn, day.day_id, Side::End, &mark.tap(), ends)?;
    answer(conn, &reload(conn, &day)?, false, false, mark.received_at)
}

/// A day as shown at `now`: its state, end (tapped, corrected or automatic) and activity.
pub struct Shown {
    pub state: &'static str,
    pub ended: Option<(i64, String)>,
    pub activity: Activity,
    pub last_at: Option<i64>,
}

/// How `day` (of `agent` on `date`) stands at `now`.
pub fn shown(conn: &Connection, agent: i64, date: &str, day: Option<&DayRow>, now: i64) -> AppResult<Shown> {
    let local = parse_day(date);
    let (from, to) = window(local);
    let activity = queries::activity(conn, agent, date, from, to)?;
    let Some(day) = day else {
        return Ok(Shown { state: "not-started", ended: None, activity, last_at: activity.last_at });
    };
    let last_at = Some(activity.last_at.map_or(day.started_at, |t| t.max(day.started_at)));
    let ended = match (day.ended_at, &day.end_how) {
        (Some(at), Some(how)) => Some((at, how.clone())),
        _ => last_at.and_then(|last| close_time(last, local, now)).map(|at| (at, "automatic".to_string())),
    };
    Ok(Shown { state: if ended.is_some() { "ended" } else { "working" }, ended, activity, last_at })
}

/// `GET /users/day/today` of `agent` at `now`.
pub fn today(conn: &Connection, agent: i64, now: i64) -> AppResult<Today> {
    let date = date_of(now);
    let day = queries::on_date(conn, agent, &date)?;
    let s = shown(conn, agent, &date, day.as_ref(), now)?;
    Ok(Today {
        date,
        day_id: day.as_ref().map(|d| d.day_id),
        state: s.state.into(),
        started_at: day.as_ref().map(|d| iso(d.started_at)),
        ended_at: s.ended.as_ref().map(|e| iso(e.0)),
        how: day.as_ref().map(|d| d.start_how.clone()),
        end_how: s.ended.map(|e| e.1),
        visits: s.activity.visits,
        orders: s.activity.orders,
        last_activity_at: s.last_at.map(iso),
    })
}

/// The attendance of every agent in `scope` on `date` at `now`.
pub fn list(conn: &Connection, scope: Scope, date: &str, now: i64) -> AppResult<Vec<AttendanceRow>> {
    let (from, to) = window(parse_day(date));
    let mut out = Vec::new();
    for (agent, name, day) in queries::agents_on(conn, scope, date)? {
        let s = shown(conn, agent, date, day.as_ref(), now)?;
        let position = if day.is_some() { queries::last_position(conn, agent, date, from, to)? } else { None };
        let (start_tap, end_tap) = day.as_ref().map_or((None, None), |d| (d.start_tap, d.end_tap));
        out.push(AttendanceRow {
            agent_id: agent,
            agent_name: name,
            day_id: day.as_ref().map(|d| d.day_id),
            state: s.state.into(),
            started_at: day.as_ref().map(|d| iso(d.started_at)),
            ended_at: s.ended.as_ref().map(|e| iso(e.0)),
            start_how: day.as_ref().map(|d| d.start_how.clone()),
            end_how: s.ended.map(|e| e.1),
            visits: s.activity.visits,
            orders: s.activity.orders,
            last_activity_at: s.last_at.map(iso),
            latitude: position.map(|p| p.0),
            longitude: position.map(|p| p.1),
            start_tap_at: start_tap.map(|t| iso(t.at)),
            start_received_at: start_tap.map(|t| iso(t.received_at)),
            start_claimed: start_tap.is_some_and(|t| t.claimed),
            end_tap_at: end_tap.map(|t| iso(t.at)),
            end_received_at: end_tap.map(|t| iso(t.received_at)),
            end_claimed: end_tap.is_some_and(|t| t.claimed),
            correction_reason: day.and_then(|d| d.correction_reason),
        });
    }
    Ok(out)
}

/// A correction checked: the new start and end (either may be absent, not both) and the reason.
pub struct CheckedCorrection {
    pub day_id: i64,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
    pub reason: String,
}

impl CheckedCorrection {
    pub fn check(req: super::types::CorrectDay) -> AppResult<Self> {
        let day_id = req.day_id.0.filter(|d| *d > 0).ok_or_else(|| AppError::not_found(DAY_NOT_FOUND))?;
        let reason = req.reason.map(|r| crate::platform::validate::one_line(r.trim())).unwrap_or_default();
        if reason.is_empty() {
            return Err(AppError::bad_request(CORRECTION_REASON_REQUIRED.on("reason")));
        }
        if reason.chars().count() > 500 {
            return Err(AppError::bad_request(CORRECTION_REASON_TOO_LONG.on("reason")));
        }
        let time = |t: Option<String>, field: &'static str| {
            t.filter(|t| !t.trim().is_empty())
                .map(|t| parse_time(&t).map_err(|_| AppError::bad_request(DAY_TIME_NOT_VALID.on(field))))
                .transpose()
        };
        let started_at = time(req.started_at, "startedAt")?;
        let ended_at = time(req.ended_at, "endedAt")?;
        if started_at.is_none() && ended_at.is_none() {
            return Err(AppError::bad_request(CORRECTION_EMPTY));
        }
        Ok(CheckedCorrection { day_id, started_at, ended_at, reason })
    }
}

/// Applies a manager's correction (`by`, acting as `as_uid`) to a day in `scope`, and audits it.
pub fn correct(conn: &Connection, scope: Scope, by: i64, as_uid: i64, c: CheckedCorrection, now: i64) -> AppResult<DayRow> {
    let day = queries::in_scope(conn, scope, c.day_id)?.ok_or_else(|| AppError::not_found(DAY_NOT_FOUND))?;
    let local = parse_day(&day.work_date);
    let start = c.started_at.unwrap_or(day.started_at);
    if c.started_at.is_some() && date_of(start) != day.work_date {
        return Err(AppError::bad_request(CORRECTION_START_OFF_DAY.with([("date", serde_json::json!(day.work_date))]).on("startedAt")));
    }
    let end = c.ended_at.or(day.ended_at);
    if let Some(end) = end {
        if end < start {
            return Err(AppError::bad_request(DAY_END_BEFORE_START.on("endedAt")));
        }
        if c.ended_at.is_some() && end >= crate::clock::start_of(local + Days::new(2)) {
            return Err(AppError::bad_request(CORRECTION_END_TOO_LATE.on("endedAt")));
        }
    }
    queries::correct(conn, day.day_id, c.started_at, c.ended_at, &c.reason, as_uid, now)?;
    let when = |t: Option<i64>| t.map(|t| crate::clock::date_and_time(t).1).unwrap_or_else(|| "-".into());
    // What the agent claimed stays in the audit line, with when it arrived.
    let claim = |tap: Option<TapTimes>| match tap.filter(|t| t.claimed) {
        Some(t) => {
            let (date, time) = crate::clock::date_and_time(t.received_at);
            format!(" (claimed {}, received {date} {time})", when(Some(t.at)))
        }
        None => String::new(),
    };
    let action = format!(
        "attendance corrected: {} on {}, start {}{} -> {}, end {}{} -> {}; reason: {}",
        queries::user_name(conn, day.agent_id)?,
        day.work_date,
        when(Some(day.started_at)),
        claim(day.start_tap),
        when(c.started_at.or(Some(day.started_at))),
        when(day.ended_at),
        claim(day.end_tap),
        when(end),
        c.reason
    );
    crate::auth::impersonation::audit(conn, by, as_uid, &action, Some(200))?;
    reload(conn, &day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_closes_half_an_hour_after_its_last_activity_once_it_is_over() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        let (start, next) = window(day);
        let last = start + 14 * 3600 + 3 * 60; // 14:03
                                               // During the day: still working, however long ago the last activity was.
        assert_eq!(close_time(last, day, last + 60), None);
        assert_eq!(close_time(last, day, next - 1), None);
        // Once the day is over: closed at 14:33.
        assert_eq!(close_time(last, day, next), Some(last + 1800));
        assert_eq!(close_time(last, day, next + 5 * 86_400), Some(last + 1800));
    }

    #[test]
    fn taps_are_checked() {
        let now = 1_800_000_000;
        let mark = |at: Option<&str>, acc: Option<f64>| DayMark {
            client_id: Some("a-1".into()),
            at: at.map(str::to_string),
            latitude: crate::platform::lenient::Number(Some(12.9)),
            longitude: crate::platform::lenient::Number(Some(77.6)),
            accuracy: crate::platform::lenient::Number(acc),
        };
        let ok = CheckedMark::check(mark(None, Some(12.0)), now).unwrap();
        assert_eq!(ok.at, now);
        assert!(CheckedMark::check(mark(Some("yesterday"), None), now).is_err());
        assert!(CheckedMark::check(mark(None, Some(-1.0)), now).is_err());
        let iso_at = |t: i64| {
            chrono::DateTime::from_timestamp(t, 0).unwrap().with_timezone(&chrono::FixedOffset::east_opt(19_800).unwrap()).to_rfc3339()
        };
        assert!(CheckedMark::check(mark(Some(&iso_at(now + 301)), None), now).unwrap().check_window().is_err());
        assert!(CheckedMark::check(mark(Some(&iso_at(now - AGE_LIMIT_S - 1)), None), now).unwrap().check_window().is_err());
        assert!(CheckedMark::check(mark(Some(&iso_at(now - 60)), None), now).unwrap().check_window().is_ok());
    }

    #[test]
    fn a_tap_late_by_more_than_the_grace_or_for_a_day_before_is_a_claim() {
        let noon = crate::clock::start_of(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()) + 12 * 3600;
        let tap =
            |at: i64, received_at: i64| CheckedMark { client_id: None, at, received_at, latitude: None, longitude: None, accuracy: None };
        assert!(!tap(noon, noon).is_claim());
        assert!(!tap(noon - CLAIM_GRACE_S, noon).is_claim());
        assert!(tap(noon - CLAIM_GRACE_S - 1, noon).is_claim());
        // A minute before midnight, arriving two minutes later: the day before's, a claim.
        let midnight = crate::clock::start_of(NaiveDate::from_ymd_opt(2026, 11, 21).unwrap());
        assert!(tap(midnight - 60, midnight + 60).is_claim());
        assert!(!tap(midnight + 60, midnight + 120).is_claim());
    }
}
