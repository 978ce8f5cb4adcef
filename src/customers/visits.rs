//! Visit saving with check-in verification (issue #17): a phone's queued visit saves once
//! (`clientId`), carries the phone's time (`visitedAt`), and is judged against the customer's
//! stored position (`locationStatus`, `distanceM`). The checks and the save (`CheckedVisit::check`,
//! `record`) also serve order booking, which saves the visit an order came with.

pub mod handlers;
mod queries;
pub mod waiting;

/// The row a visit save inserts, and its statement (the write floor, bench/write_floor.rs, commits it too).
pub use queries::{insert_visit, VisitRow as NewVisit};

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use self::queries::*;
use super::access::customer_in_scope;
use super::messages::*;
use super::types::{LocationStatus, VisitSaved};
use crate::platform::error::{AppError, AppResult};
use crate::platform::geo::coordinates;
use crate::platform::lenient;
use crate::platform::scope::Scope;
use crate::platform::validate::{limits, required};
/// A `visitedAt` may be this far ahead of the server's clock (phones drift).
const AHEAD_LIMIT_S: i64 = 5 * 60;
/// A queued visit older than this is refused: a week is the longest a phone is expected offline.
const AGE_LIMIT_S: i64 = 7 * 24 * 3600;
/// A visit position at least this accurate (metres) may propose the position of a customer without one.
pub const PROPOSAL_ACCURACY_M: f64 = 50.0;

/// The status and whole-metre distance of a visit at `visit` to a customer at `customer`.
pub fn judge(visit: Option<(f64, f64)>, customer: Option<(f64, f64)>, radius_m: f64) -> (LocationStatus, Option<i64>) {
    match (visit, customer) {
        (None, _) => (LocationStatus::NoLocation, None),
        (Some(_), None) => (LocationStatus::CustomerUnlocated, None),
        (Some(v), Some(c)) => {
            let d = crate::platform::geo::distance_m(v, c);
            let status = if d <= radius_m { LocationStatus::Verified } else { LocationStatus::OffSite };
            (status, Some(d.round() as i64))
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveVisit {
    #[serde(rename = "buyerID", alias = "buyerId")]
    pub buyer_id: Option<String>,
    pub outcome_id: lenient::Int,
    pub remark: Option<String>,
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    /// The phone's id of this save (1-64 of `A-Za-z0-9_-`): a repeat by the same user saves nothing.
    pub client_id: Option<String>,
    /// The phone's time of the save, ISO 8601 with offset (at most 5 minutes ahead, 7 days old).
    pub visited_at: Option<String>,
    /// The position's accuracy in metres.
    pub accuracy: lenient::Number,
    /// A new shop awaiting approval (`POST /users/outlet/propose`'s `proposalId`) instead of
    /// `buyerID`: the visit waits for the approval and is saved then under the new Buyer ID
    /// (decision 47); once approved, it is saved under it at once.
    pub proposal_id: lenient::Int,
}

/// A phone's id of a save: 1-64 of `A-Za-z0-9_-` (visits and orders).
pub fn check_client_id(id: Option<String>) -> AppResult<Option<String>> {
    match id {
        None => Ok(None),
        Some(id) if (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => Ok(Some(id)),
        Some(_) => Err(AppError::bad_request(VISIT_CLIENT_ID_NOT_VALID)),
    }
}

/// The phone's time as unix seconds.
fn parse_visited_at(text: Option<String>) -> AppResult<Option<i64>> {
    text.map(|text| {
        chrono::DateTime::parse_from_rfc3339(text.trim()).map(|at| at.timestamp()).map_err(|_| AppError::bad_request(VISIT_TIME_NOT_VALID))
    })
    .transpose()
}

/// A new save's phone time, refused when too far ahead of `now` or too old. Checked only once the
/// save is known not to be a repeat: the repeat of a save whose answer was lost comes with the same
/// phone time, maybe days later, and must still be answered as the save it repeats.
pub(crate) fn check_visit_time(device_time: Option<i64>, now: i64) -> AppResult<()> {
    match device_time {
        Some(at) if at > now + AHEAD_LIMIT_S => Err(AppError::bad_request(VISIT_TIME_AHEAD)),
        Some(at) if at < now - AGE_LIMIT_S => Err(AppError::bad_request(VISIT_TIME_TOO_OLD)),
        _ => Ok(()),
    }
}

fn check_accuracy(accuracy: Option<f64>) -> AppResult<Option<f64>> {
    match accuracy {
        Some(a) if !(a.is_finite() && a >= 0.0) => Err(AppError::bad_request(VISIT_ACCURACY_NOT_VALID)),
        other => Ok(other),
    }
}

/// A visit's fields once checked: what [`record`] saves. The same rules hold for a visit saved
/// on its own and for one saved together with an order.
#[derive(Debug, Clone)]
pub struct CheckedVisit {
    pub buyer_id: String,
    pub outcome: i64,
    pub remark: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub client_id: Option<String>,
    /// The phone's time (`visitedAt`) as unix seconds.
    pub device_time: Option<i64>,
    pub accuracy: Option<f64>,
    /// The server's time of the save.
    pub received_at: i64,
}

impl CheckedVisit {
    /// Checks the fields of a save received at `received_at`; a 400 names the first wrong one.
    pub fn check(req: SaveVisit, received_at: i64) -> AppResult<Self> {
        let buyer_id = required(&req.buyer_id, BUYER_ID_REQUIRED)?;
        let outcome = req.outcome_id.filter(|o| *o > 0).ok_or_else(|| AppError::bad_request(VISIT_OUTCOME_REQUIRED))?;
        let remark = limits::VISIT_REMARK.optional(req.remark)?;
        let (latitude, longitude) = coordinates(req.latitude.0, req.longitude.0)?;
        let client_id = check_client_id(req.client_id)?;
        let device_time = parse_visited_at(req.visited_at)?;
        let accuracy = check_accuracy(req.accuracy.0)?;
        Ok(CheckedVisit { buyer_id, outcome, remark, latitude, longitude, client_id, device_time, accuracy, received_at })
    }
}

/// Saves `visit` by `me` (seeing customers as `scope`) in the open transaction `tx`: the visit
/// belongs to the customer's agent, `entered_by` is `me`. A repeat of a `clientId` answers the
/// first save with `duplicate: true` and writes nothing. Used by the visit save and the order
/// booking (a visit saved with an order), inside the group-commit writer's transaction.
pub fn record(tx: &Connection, scope: Scope, me: i64, radius_m: f64, visit: CheckedVisit) -> AppResult<VisitSaved> {
    let CheckedVisit { buyer_id, outcome, remark, latitude: lat, longitude: lng, client_id, device_time, accuracy, received_at } = visit;
    // A repeat answers even if the customer has left the caller since: it was saved.
    if let Some(first) = client_id.as_deref().map(|id| saved_before(tx, me, id)).transpose()?.flatten() {
        return Ok(first);
    }
    check_visit_time(device_time, received_at)?;
    let (customer, owner) = customer_in_scope(tx, scope, &buyer_id)?;
    let (customer, owner) = (customer.0, owner.map(|o| o.0));
    if !outcome_is_live(tx, outcome)? {
        return Err(AppError::bad_request(VISIT_OUTCOME_RETIRED));
    }
    let shop = position_of(tx, customer)?;
    let position = lat.zip(lng);
    let (status, distance) = judge(position, shop, radius_m);
    let row = VisitRow {
        customer,
        agent: owner.unwrap_or(me),
        outcome,
        remark: remark.as_deref(),
        latitude: lat,
        longitude: lng,
        visited_at: device_time.unwrap_or(received_at),
        entered_by: me,
        client_id: client_id.as_deref(),
        device_time,
        received_at,
        accuracy,
        distance_m: distance,
        status,
    };
    let inserted = insert_visit(tx, &row)?;
    if inserted == 0 {
        if let Some(first) = client_id.as_deref().map(|id| saved_before(tx, me, id)).transpose()?.flatten() {
            return Ok(first);
        }
    }
    let visit_id = tx.last_insert_rowid();
    if let (LocationStatus::CustomerUnlocated, Some(at), Some(acc)) = (status, position, accuracy) {
        if acc <= PROPOSAL_ACCURACY_M {
            propose_position(tx, customer, visit_id, me, at, acc, received_at)?;
        }
    }
    Ok(VisitSaved { message: VISIT_SAVED.text.into(), visit_id, duplicate: false, location_status: status, distance_m: distance })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_statuses() {
        // Bengaluru: MG Road metro to Trinity metro is about 1.1 km.
        let d = crate::platform::geo::distance_m((12.9756, 77.6066), (12.9730, 77.6170));
        assert!((1_100.0..1_200.0).contains(&d), "{d}");
        assert_eq!(crate::platform::geo::distance_m((10.0, 20.0), (10.0, 20.0)), 0.0);
        assert_eq!(judge(None, Some((1.0, 1.0)), 300.0), (LocationStatus::NoLocation, None));
        assert_eq!(judge(Some((1.0, 1.0)), None, 300.0), (LocationStatus::CustomerUnlocated, None));
        // 0.002 degrees of latitude is about 222 m.
        assert_eq!(judge(Some((12.0, 77.0)), Some((12.002, 77.0)), 300.0), (LocationStatus::Verified, Some(222)));
        assert_eq!(judge(Some((12.0, 77.0)), Some((12.002, 77.0)), 200.0), (LocationStatus::OffSite, Some(222)));
    }

    #[test]
    fn client_ids_and_times_are_checked() {
        assert!(check_client_id(Some("a-Z_9".into())).is_ok());
        assert!(check_client_id(Some(String::new())).is_err());
        assert!(check_client_id(Some("x".repeat(65))).is_err());
        assert!(check_client_id(Some("a b".into())).is_err());
        let now = 1_800_000_000;
        let iso = |t: i64| {
            chrono::DateTime::from_timestamp(t, 0).unwrap().with_timezone(&chrono::FixedOffset::east_opt(19_800).unwrap()).to_rfc3339()
        };
        assert_eq!(parse_visited_at(Some(iso(now - 60))).unwrap(), Some(now - 60));
        assert!(parse_visited_at(Some("yesterday".into())).is_err());
        assert!(check_visit_time(Some(now - 60), now).is_ok());
        assert!(check_visit_time(Some(now + 301), now).is_err());
        assert!(check_visit_time(Some(now - AGE_LIMIT_S - 1), now).is_err());
        assert!(check_accuracy(Some(-1.0)).is_err());
        assert!(check_accuracy(Some(f64::NAN)).is_err());
    }
}
