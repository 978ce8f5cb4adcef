//! Visits (without an order) to a new shop still awaiting a manager's approval (issue #54,
//! decision 47): the save's body is kept as sent and saved under the shop's new Buyer ID when it
//! is approved, in the approval's transaction, as if the agent had sent it then (the phone's
//! time as sent, the server's time of its arrival); a rejected shop refuses them. As the orders
//! that wait for a shop (the orders area's `release_waiting`).

use rusqlite::Connection;
use serde::Serialize;

use super::queries::*;
use super::{check_visit_time, record, CheckedVisit, SaveVisit};
use crate::customers::messages::*;
use crate::platform::error::{AppError, AppResult, Msg};
use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::scope::Scope;

/// The answer of a visit to a pending shop (and of every repeat of its `clientId`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitWaiting {
    pub message: String,
    /// `visit_waits_for_shop`.
    pub code: String,
    pub wait_id: i64,
    pub proposal_id: i64,
    pub duplicate: bool,
    /// "Awaiting shop approval".
    pub status: String,
}

/// Where a new shop stands, for a visit to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shop {
    Pending,
    /// Approved: its Buyer ID.
    Approved(String),
    Rejected,
}

impl Shop {
    /// Nothing while the shop still awaits its approval, as a write that keeps a visit or an order
    /// waiting for it needs; rejected, the 409 `rejected`; approved since the handler's look, busy:
    /// the phone sends it again.
    pub fn still_pending(self, rejected: Msg) -> AppResult<()> {
        match self {
            Shop::Pending => Ok(()),
            Shop::Rejected => Err(AppError::conflict(rejected.on("proposalId"))),
            Shop::Approved(_) => Err(AppError::Busy),
        }
    }
}

/// The state of proposal `id` of the caller's scope (else 404).
pub fn shop(conn: &Connection, scope: Scope, id: i64) -> AppResult<Shop> {
    proposed_shop(conn, scope, id, VISIT_SHOP_NOT_FOUND)
}

/// The state of proposal `id` of the caller's scope, for a visit or an order to it; else the
/// 404 `missing`.
pub fn proposed_shop(conn: &Connection, scope: Scope, id: i64, missing: Msg) -> AppResult<Shop> {
    match proposal_state(conn, scope, id)? {
        None => Err(AppError::not_found(missing.on("proposalId"))),
        Some((status, Some(buyer))) if status == "Approved" => Ok(Shop::Approved(buyer)),
        Some((status, _)) if status == "Rejected" => Ok(Shop::Rejected),
        Some(_) => Ok(Shop::Pending),
    }
}

fn answer(wait_id: i64, proposal_id: i64, duplicate: bool) -> VisitWaiting {
    VisitWaiting {
        message: VISIT_WAITS_FOR_SHOP.text.into(),
        code: VISIT_WAITS_FOR_SHOP.code.into(),
        wait_id,
        proposal_id,
        duplicate,
        status: "Awaiting shop approval".into(),
    }
}

/// Checks a visit to pending shop `proposal_id` received at `now` as it will be saved (the buyer
/// aside): a bad field is refused at once. Answers its clientId, which a waiting visit needs.
pub fn check_waiting(req: &SaveVisit, proposal_id: i64, now: i64) -> AppResult<(String, Option<i64>)> {
    let mut probe = req.clone();
    probe.buyer_id = Some(format!("P{proposal_id}"));
    let checked = CheckedVisit::check(probe, now)?;
    let client_id = checked.client_id.ok_or_else(|| AppError::bad_request(VISIT_SHOP_CLIENT_ID_REQUIRED.on("clientId")))?;
    Ok((client_id, checked.device_time))
}

/// Keeps `req` (checked by [`check_waiting`]) by `me` for pending shop `proposal_id` in the open
/// transaction; a repeat of its clientId answers the first.
#[allow(clippy::too_many_arguments)]
pub fn wait_for_shop(
    tx: &Connection,
    me: UserId,
    scope: Scope,
    proposal_id: i64,
    client_id: &str,
    device_time: Option<i64>,
    req: &SaveVisit,
    now: i64,
) -> AppResult<VisitWaiting> {
    if let Some((wait_id, proposal)) = waiting_before(tx, me.0, client_id)? {
        return Ok(answer(wait_id, proposal, true));
    }
    check_visit_time(device_time, now)?;
    shop(tx, scope, proposal_id)?.still_pending(VISIT_SHOP_REJECTED)?;
    let body = serde_json::to_string(req).map_err(|e| AppError::Internal(e.into()))?;
    let wait_id = keep_waiting(tx, proposal_id, me.0, client_id, &body, now)?;
    Ok(answer(wait_id, proposal_id, false))
}

/// Saves the visits that waited for proposal `proposal_id`, now customer `buyer_id`, in the open
/// transaction (each in a savepoint: one refused keeps its code and leaves the others saved).
/// Answers the saved visit ids and the refused `clientId: code`s.
pub fn release_waiting(tx: &Connection, proposal_id: i64, buyer_id: &str, radius_m: f64) -> AppResult<(Vec<i64>, Vec<String>)> {
    let (mut saved, mut refused) = (Vec::new(), Vec::new());
    for (wait_id, by, client_id, body, created_at) in waiting_of(tx, proposal_id)? {
        let mut req: SaveVisit = serde_json::from_str(&body).map_err(|e| AppError::Internal(e.into()))?;
        req.buyer_id = Some(buyer_id.to_string());
        req.proposal_id = lenient::Int(None);
        tx.execute_batch("SAVEPOINT waiting_visit")?;
        let result = CheckedVisit::check(req, created_at).and_then(|visit| record(tx, Scope::Own { uid: UserId(by) }, by, radius_m, visit));
        match result {
            Ok(visit) => {
                tx.execute_batch("RELEASE waiting_visit")?;
                settle_waiting(tx, wait_id, Some(visit.visit_id), None)?;
                saved.push(visit.visit_id);
            }
            Err(e) if e.status().is_client_error() => {
                tx.execute_batch("ROLLBACK TO waiting_visit; RELEASE waiting_visit")?;
                settle_waiting(tx, wait_id, None, Some(e.code()))?;
                refused.push(format!("{client_id}: {}", e.code()));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((saved, refused))
}

/// Refuses the visits that waited for proposal `proposal_id` (rejected) with `code`.
pub fn refuse_waiting(tx: &Connection, proposal_id: i64, code: &str) -> rusqlite::Result<()> {
    refuse_all_waiting(tx, proposal_id, code)
}
