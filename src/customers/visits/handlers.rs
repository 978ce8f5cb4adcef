//! The visit save endpoint (`record` does the work; `waiting` for a pending shop).

use axum::extract::State;
use serde::Serialize;

use super::waiting::{self, Shop, VisitWaiting};
use super::{record, CheckedVisit, SaveVisit, VisitSaved};
use crate::auth::session::CurrentUser;
use crate::customers::messages::VISIT_SHOP_REJECTED;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::Json;
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;

/// The answer of `POST /users/customer/details`: a visit saved (`VisitSaved`), or, for a new shop
/// still awaiting approval, a visit kept until then (`VisitWaiting`: its `code` is
/// `visit_waits_for_shop`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum VisitAnswer {
    Saved(VisitSaved),
    Waiting(VisitWaiting),
}

/// `POST /users/customer/details` (customer_visit): saves a visit to one of the caller's
/// customers. The visit belongs to the customer's agent; `entered_by` is the caller. A repeat of
/// a `clientId` answers the first save with `duplicate: true` and writes nothing. With
/// `proposalId` (a new shop awaiting approval) instead of `buyerID` the visit waits, answered as
/// `VisitWaiting`, and is saved when the shop is approved; once it is, under its new Buyer ID at once.
#[utoipa::path(post, path = "/users/customer/details", tag = "customers", summary = "Save a visit to one of the caller's customers",
    responses(
        (status = 200, description = "Saved, or saved before under this clientId (VisitSaved); for a pending shop kept until its approval (VisitWaiting)", body = VisitAnswer),
        crate::platform::api::MissingField,
        crate::platform::api::NoSuchCustomerOrShop,
        (status = 409, description = "The new shop was rejected", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save_visit(State(state): State<AppState>, user: CurrentUser, Json(mut req): Json<SaveVisit>) -> AppResult<Json<VisitAnswer>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let now = crate::now();
    let (scope, me, radius) = (user.scope(), user.uid, state.config.checkin_radius_m);
    if let Some(proposal) = req.proposal_id.0 {
        match state.db(move |conn| waiting::shop(conn, scope, proposal)).await? {
            Shop::Approved(buyer) => {
                req.buyer_id = Some(buyer);
                req.proposal_id = crate::platform::lenient::Int(None);
            }
            Shop::Rejected => return Err(AppError::conflict(VISIT_SHOP_REJECTED.on("proposalId"))),
            Shop::Pending => {
                let (client_id, device_time) = waiting::check_waiting(&req, proposal, now)?;
                let waited = state
                    .writer
                    .write(move |tx| waiting::wait_for_shop(tx, UserId(me), scope, proposal, &client_id, device_time, &req, now))
                    .await?;
                return Ok(Json(VisitAnswer::Waiting(waited)));
            }
        }
    }
    let visit = CheckedVisit::check(req, now)?;
    // Saves are the most frequent write: they are committed in groups (see `writer`).
    let saved = state.writer.write(move |tx| record(tx, scope, me, radius, visit)).await?;
    Ok(Json(VisitAnswer::Saved(saved)))
}
