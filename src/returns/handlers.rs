//! Endpoints of shelf counts, the suggested order, returns and new shops (issue #54; CONTRACT.md
//! "Returns, shelf stock and new shops"). Thin: the checks and SQL are in `queries`.

use axum::extract::State;
use axum::response::Response;

use super::messages::*;
use super::queries::{self, ReturnFilter};
use super::types::*;
use crate::auth::session::CurrentUser;
use crate::platform::answers;
use crate::platform::api::{day_range, filter_value};
use crate::platform::error::{AppResult, Problem};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::nonblank;

crate::platform::api::refusals! {
    /// The new shop named is not one the caller may see (or does not exist: the same answer).
    NoSuchProposal = 404, "No such proposal among the caller's";
    /// A field or line of the counts or the return is not valid.
    InvalidLines = 400, "A field or line is not valid";
}

/// Reading returns: the agent's (customer_visit, their own) or the approver's (their team's, all).
pub const RETURN_READ: &[rights::Right] = &[rights::CUSTOMER_VISIT, rights::RETURN_APPROVAL];
/// Reading proposals: the proposer's (their own) or the approver's.
pub const OUTLET_READ: &[rights::Right] = &[rights::OUTLET_PROPOSAL, rights::OUTLET_APPROVAL];

fn today() -> chrono::NaiveDate {
    crate::clock::today()
}

/// `POST /users/stock` (customer_visit): a shelf count of one of the caller's customers; a repeat
/// of its `clientId` answers the first.
#[utoipa::path(post, path = "/users/stock", tag = "returns", summary = "Record a shelf count at one of the caller's customers",
    responses(
        (status = 200, description = "Saved, or saved before under this clientId", body = StockRecorded),
        InvalidLines,
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn stock(State(state): State<AppState>, user: CurrentUser, Json(req): Json<RecordStock>) -> AppResult<Json<StockRecorded>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let count = queries::check_stock(req)?;
    let (me, scope, now) = (UserId(user.uid), user.scope(), crate::now());
    state.writer.write(move |tx| queries::record_stock(tx, me, scope, count, now)).await.map(Json)
}

/// `GET /users/customer/suggested-order/{buyerId}` (customer_visit): per product the customer
/// ordered in the last 8 weeks or had counted last, two weeks of the average less the shelf,
/// rounded up to whole packs.
#[utoipa::path(get, path = "/users/customer/suggested-order/{buyerId}", tag = "returns", summary = "The order suggested by the last shelf count",
    params(("buyerId" = String, Path, description = "The customer's Buyer ID")),
    responses(
        (status = 200, description = "OK", body = SuggestedOrder),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn suggested_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
) -> AppResult<Json<SuggestedOrder>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let scope = user.scope();
    state.db(move |conn| queries::suggested_order(conn, scope, buyer_id.trim(), today())).await.map(Json)
}

/// `POST /users/return` (customer_visit): goods given back by one of the caller's customers,
/// valued at their last order (decision 40); a repeat of its `clientId` answers the first.
#[utoipa::path(post, path = "/users/return", tag = "returns", summary = "Record goods returned by one of the caller's customers",
    responses(
        (status = 200, description = "Recorded, or recorded before under this clientId", body = ReturnRecorded),
        InvalidLines,
        crate::platform::api::NoSuchCustomer,
        (status = 409, description = "The clientId was used for a return of another customer", body = crate::platform::api::ErrorBody)
    ))]
pub async fn record_return(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<RecordReturn>,
) -> AppResult<Json<ReturnRecorded>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let ret = queries::check_return(req, today())?;
    let (me, scope, now) = (UserId(user.uid), user.scope(), crate::now());
    state.writer.write(move |tx| queries::record_return(tx, me, scope, ret, now)).await.map(Json)
}

/// The refusal of the filter `field` of a list of returns or proposals.
fn not_valid(field: &'static str) -> Problem {
    RETURNS_FILTER_NOT_VALID.with([("field", serde_json::json!(field))]).on(field)
}

/// `GET /users/returns?agentId=&buyerId=&status=&from=&to=&pageNumber=` (customer_visit or
/// return_approval): 30 returns a page of the caller's scope, newest first, with their lines.
#[utoipa::path(get, path = "/users/returns", tag = "returns", summary = "A page of 30 returns of the caller's scope", params(ReturnQuery),
    responses(
        (status = 200, description = "OK", body = ReturnPage),
        crate::platform::api::InvalidFilter,
        crate::platform::api::NoSuchAgent
    ))]
pub async fn returns(State(state): State<AppState>, user: CurrentUser, Query(q): Query<ReturnQuery>) -> AppResult<Response> {
    user.require_any(RETURN_READ)?;
    let (from_ts, to_ts) = day_range(q.from.as_deref(), q.to.as_deref(), (not_valid("from"), not_valid("to")))?;
    let status = filter_value(q.status.as_deref(), ReturnStatus::parse, not_valid("status"))?;
    let filter = ReturnFilter {
        agent: q.agent_id.0.map(UserId),
        buyer_id: nonblank(q.buyer_id),
        status,
        from_ts,
        to_ts,
        page: q.page_number.unwrap_or(1),
    };
    let scope = user.scope();
    let request = format!("{filter:?}");
    let body =
        state.db(move |conn| answers::kept(conn, &RETURN_LIST, scope, request, || queries::return_page(conn, scope, &filter))).await?;
    Ok(answers::response(body))
}

/// The Returns list, kept (see `platform::answers`).
pub const RETURN_LIST: answers::Kind = answers::Kind { name: "return-list", tables: &["returns", "customers", "users", "visit_photos"] };

/// One of the two decisions on a return (the route's `$approve`), both answered by `decide`.
macro_rules! return_decision {
    ($(#[$doc:meta])* $handler:ident, $path:tt, $summary:tt, $done:tt, $approve:expr) => {
        $(#[$doc])*
        #[utoipa::path(post, path = $path, tag = "returns", summary = $summary,
            params(("id" = i64, Path, description = "The return's id")),
            request_body = Decide,
            responses(
                (status = 200, description = $done, body = ReturnDecided),
                (status = 404, description = "No such return among the caller's", body = crate::platform::api::ErrorBody),
                crate::platform::api::DecidedAlready
            ))]
        pub async fn $handler(
            State(state): State<AppState>,
            user: CurrentUser,
            Path(id): Path<i64>,
            Json(req): Json<Decide>,
        ) -> AppResult<Json<ReturnDecided>> {
            decide(state, user, id, $approve, req).await
        }
    };
}

return_decision!(
    /// `POST /users/return/{id}/approve` with `{reason?}` (return_approval): a Submitted return of the
    /// caller's scope becomes a credit, spread over the customer's oldest open invoices.
    approve_return,
    "/users/return/{id}/approve",
    "Approve a return: a credit to the customer",
    "Approved",
    true
);
return_decision!(
    /// `POST /users/return/{id}/reject` with `{reason?}` (return_approval).
    reject_return,
    "/users/return/{id}/reject",
    "Reject a return",
    "Rejected",
    false
);

/// Approves (`approve`) or rejects a Submitted return of the caller's scope (return_approval).
async fn decide(state: AppState, user: CurrentUser, id: i64, approve: bool, req: Decide) -> AppResult<Json<ReturnDecided>> {
    user.require(rights::RETURN_APPROVAL)?;
    let reason = crate::platform::validate::limits::VISIT_REMARK.optional(req.reason)?;
    let (scope, by, now) = (user.scope(), UserId(user.uid), crate::now());
    let formats = crate::platform::formats::Formats::of_config(&state.config);
    state.writer.write(move |tx| queries::decide_return(tx, scope, id, approve, (by, now), reason, &formats)).await.map(Json)
}

/// `POST /users/outlet/propose` (outlet_proposal): a new shop for the caller, awaiting a manager;
/// a likely repeat of a shop we have is flagged, the same shop proposed twice is a 400.
#[utoipa::path(post, path = "/users/outlet/propose", tag = "returns", summary = "Propose a new shop",
    responses(
        (status = 200, description = "Proposed, or proposed before under this clientId", body = OutletProposed),
        (status = 400, description = "A field is not valid (GSTIN, PAN, FSSAI...), or the shop awaits approval already", body = crate::platform::api::ErrorBody),
        (status = 409, description = "The clientId was used for another shop", body = crate::platform::api::ErrorBody)
    ))]
pub async fn propose(State(state): State<AppState>, user: CurrentUser, Json(req): Json<ProposeOutlet>) -> AppResult<Json<OutletProposed>> {
    user.require(rights::OUTLET_PROPOSAL)?;
    let proposal = queries::check_proposal(req)?;
    let (me, now) = (UserId(user.uid), crate::now());
    state.writer.write(move |tx| queries::propose(tx, me, proposal, now)).await.map(Json)
}

/// `GET /users/outlet/proposals?status=&pageNumber=` (outlet_proposal or outlet_approval): the
/// proposals of the caller's scope, newest first.
#[utoipa::path(get, path = "/users/outlet/proposals", tag = "returns", summary = "New shops proposed in the caller's scope", params(ProposalQuery),
    responses(
        (status = 200, description = "OK", body = ProposalPage),
        (status = 400, description = "The status is not valid", body = crate::platform::api::ErrorBody)
    ))]
pub async fn proposals(State(state): State<AppState>, user: CurrentUser, Query(q): Query<ProposalQuery>) -> AppResult<Json<ProposalPage>> {
    user.require_any(OUTLET_READ)?;
    let known = |s: &str| ["Pending", "Approved", "Rejected"].into_iter().find(|x| x.eq_ignore_ascii_case(s));
    let status = filter_value(q.status.as_deref(), known, not_valid("status"))?;
    let (scope, page) = (user.scope(), q.page_number.unwrap_or(1));
    state.db(move |conn| queries::proposal_page(conn, scope, status, page)).await.map(Json)
}

/// `POST /users/outlet/proposal/{id}/approve` (outlet_approval): the customer is made, with a new
/// Buyer ID, for the proposing agent; the orders that waited for it are booked.
#[utoipa::path(post, path = "/users/outlet/proposal/{id}/approve", tag = "returns", summary = "Approve a new shop",
    params(("id" = i64, Path, description = "The proposal's id")),
    responses(
        (status = 200, description = "Approved", body = OutletDecided),
        NoSuchProposal,
        crate::platform::api::DecidedAlready
    ))]
pub async fn approve_outlet(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<OutletDecided>> {
    user.require(rights::OUTLET_APPROVAL)?;
    let (scope, by, now, radius) = (user.scope(), UserId(user.uid), crate::now(), state.config.checkin_radius_m);
    let today = today().format("%Y-%m-%d").to_string();
    state.writer.write(move |tx| queries::approve_proposal(tx, scope, id, by, radius, now, &today)).await.map(Json)
}

/// `POST /users/outlet/proposal/{id}/reject` with `{reason}` (outlet_approval).
#[utoipa::path(post, path = "/users/outlet/proposal/{id}/reject", tag = "returns", summary = "Reject a new shop",
    params(("id" = i64, Path, description = "The proposal's id")),
    request_body = Decide,
    responses(
        (status = 200, description = "Rejected", body = OutletDecided),
        (status = 400, description = "The reason is missing", body = crate::platform::api::ErrorBody),
        NoSuchProposal,
        crate::platform::api::DecidedAlready
    ))]
pub async fn reject_outlet(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<Decide>,
) -> AppResult<Json<OutletDecided>> {
    user.require(rights::OUTLET_APPROVAL)?;
    let reason = crate::platform::validate::required(&req.reason, OUTLET_REJECT_REASON_REQUIRED.on("reason"))?;
    crate::platform::validate::limits::VISIT_REMARK.check(&reason)?;
    let (scope, by, now) = (user.scope(), UserId(user.uid), crate::now());
    state.writer.write(move |tx| queries::reject_proposal(tx, scope, id, by, &reason, now)).await.map(Json)
}
