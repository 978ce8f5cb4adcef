//! Collections endpoints (issue #38): a customer's outstanding invoices, payments with receipts,
//! the back office's list, deposit and reversal. Thin: the checks and SQL are in `queries`.

use axum::extract::State;
use axum::response::Response;

use super::messages::*;
use super::queries::{self, CheckedPayment, ListFilter, Rules};
use super::types::*;
use crate::auth::session::CurrentUser;
use crate::platform::answers;
use crate::platform::api::{day_range, filter_value};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights::{self, UserType};
use crate::platform::scope::Scope;
use crate::platform::state::AppState;
use crate::platform::validate::nonblank;

/// Reading collections: the agent's right (their own customers and payments) or the review right
/// (managers their team's, administrators all): the scope decides which.
pub const READ_RIGHTS: &[crate::platform::rights::Right] = &[rights::COLLECTIONS, rights::COLLECTIONS_REVIEW];

crate::platform::api::refusals! {
    /// The payment named is not one the caller may see (or does not exist: the same answer).
    NoSuchPayment = 404, "No such payment among the caller's";
}

/// `GET /users/customer/outstanding/{buyerId}` (collections or collections_review): the open
/// invoices of a customer of the caller's scope, oldest first, with the total and the ageing by
/// days past the due date.
#[utoipa::path(get, path = "/users/customer/outstanding/{buyerId}", tag = "collections", summary = "A customer's open invoices, total and ageing",
    params(("buyerId" = String, Path, description = "The customer's Buyer ID")),
    responses(
        (status = 200, description = "OK", body = Outstanding),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn outstanding(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<Outstanding>> {
    user.require_any(READ_RIGHTS)?;
    let scope = user.scope();
    state.db(move |conn| queries::outstanding(conn, scope, buyer_id.trim())).await.map(Json)
}

/// `POST /users/payment` (collections): records a payment collected from one of the caller's
/// customers, allocated to the picked invoices, then the oldest open ones (one far above what is
/// owed waits for a manager's approval, unallocated); payment, allocations
/// and invoices change in one transaction. A repeat of a `clientId` answers the first payment with
/// `duplicate: true`; one naming another customer or amount is a 409.
#[utoipa::path(post, path = "/users/payment", tag = "collections", summary = "Record a payment collected from one of the caller's customers",
    responses(
        (status = 200, description = "Recorded, or recorded before under this clientId", body = PaymentRecorded),
        (status = 400, description = "A field is not valid, the amount is above the company's maximum, or cash from this customer today would reach the cash limit", body = crate::platform::api::ErrorBody),
        crate::platform::api::NoSuchCustomer,
        (status = 409, description = "The clientId was used for a payment of another customer or amount", body = crate::platform::api::ErrorBody)
    ))]
pub async fn record(State(state): State<AppState>, user: CurrentUser, Json(req): Json<RecordPayment>) -> AppResult<Json<PaymentRecorded>> {
    user.require(rights::COLLECTIONS)?;
    let payment = CheckedPayment::check(req, state.config.max_amount)?;
    let (me, scope, now) = (UserId(user.uid), user.scope(), crate::now());
    let rules = Rules { cash_limit_per_day: state.config.cash_limit_per_day, approval_above: state.config.payment_approval_above };
    state.writer.write(move |tx| queries::record(tx, me, scope, rules, payment, now)).await.map(Json)
}

/// `GET /users/payment/{paymentId}` (collections or collections_review): the receipt of a payment
/// of the caller's scope (an agent's own).
#[utoipa::path(get, path = "/users/payment/{paymentId}", tag = "collections", summary = "One payment's receipt",
    params(("paymentId" = i64, Path, description = "The payment's id")),
    responses(
        (status = 200, description = "OK", body = PaymentDetail),
        NoSuchPayment
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(payment_id): Path<i64>) -> AppResult<Json<PaymentDetail>> {
    user.require_any(READ_RIGHTS)?;
    let scope = user.scope();
    state.db(move |conn| queries::detail(conn, scope, payment_id)).await.map(Json)
}

/// `GET /users/payments?agentId=&buyerId=&from=&to=&mode=&status=&pageNumber=` (collections or
/// collections_review): 30 payments a page, newest first, of the caller's scope, with the totals
/// of the whole filter.
#[utoipa::path(get, path = "/users/payments", tag = "collections", summary = "A page of 30 payments of the caller's scope, newest first", params(PaymentQuery),
    responses(
        (status = 200, description = "OK", body = PaymentPage),
        crate::platform::api::InvalidFilter,
        crate::platform::api::NoSuchAgent
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<PaymentQuery>) -> AppResult<Response> {
    user.require_any(READ_RIGHTS)?;
    let (from_ts, to_ts) =
        day_range(q.from.as_deref(), q.to.as_deref(), (PAYMENTS_FROM_NOT_A_DATE.on("from"), PAYMENTS_TO_NOT_A_DATE.on("to")))?;
    let mode = filter_value(q.mode.as_deref(), queries::mode, PAYMENT_MODE_NOT_VALID.on("mode"))?;
    let status = filter_value(q.status.as_deref(), PaymentStatus::parse, PAYMENTS_STATUS_NOT_VALID.on("status"))?;
    let filter = ListFilter {
        agent: q.agent_id.0.map(UserId),
        buyer_id: nonblank(q.buyer_id),
        from_ts,
        to_ts,
        mode,
        status,
        page: q.page_number.unwrap_or(1),
    };
    let scope = user.scope();
    let request = format!("{filter:?}");
    let body = state.db(move |conn| answers::kept(conn, &PAYMENT_LIST, scope, request, || queries::page(conn, scope, &filter))).await?;
    Ok(answers::response(body))
}

/// The Collections list, kept (see `platform::answers`): its totals add up every payment of the
/// filter.
pub const PAYMENT_LIST: answers::Kind = answers::Kind { name: "payment-list", tables: &["payments", "customers", "users"] };
/// A step of the back office's review on a payment of the caller's scope (collections_review):
/// `queries::deposit` or `queries::approve`, by the caller, now.
async fn review(
    state: &AppState,
    user: &CurrentUser,
    payment_id: i64,
    step: fn(&rusqlite::Connection, Scope, i64, UserId, i64) -> AppResult<PaymentChanged>,
) -> AppResult<Json<PaymentChanged>> {
    user.require(rights::COLLECTIONS_REVIEW)?;
    let (scope, by, now) = (user.scope(), UserId(user.uid), crate::now());
    state.writer.write(move |tx| step(tx, scope, payment_id, by, now)).await.map(Json)
}

/// `POST /users/payment/{paymentId}/deposit` (collections_review): a payment of the caller's
/// scope goes from collected to deposited; a deposited or reversed one is a 409.
#[utoipa::path(post, path = "/users/payment/{paymentId}/deposit", tag = "collections", summary = "Mark a collected payment deposited",
    params(("paymentId" = i64, Path, description = "The payment's id")),
    responses(
        (status = 200, description = "Deposited", body = PaymentChanged),
        NoSuchPayment,
        (status = 409, description = "Deposited or reversed already, or awaiting approval", body = crate::platform::api::ErrorBody)
    ))]
pub async fn deposit(State(state): State<AppState>, user: CurrentUser, Path(payment_id): Path<i64>) -> AppResult<Json<PaymentChanged>> {
    review(&state, &user, payment_id, queries::deposit).await
}

/// `POST /users/payment/{paymentId}/approve` (collections_review): a payment of the caller's scope
/// awaiting approval (far above what the customer owed) becomes collected and is spread over the
/// customer's open invoices; its collector cannot approve it.
#[utoipa::path(post, path = "/users/payment/{paymentId}/approve", tag = "collections", summary = "Approve a payment far above what was owed",
    params(("paymentId" = i64, Path, description = "The payment's id")),
    responses(
        (status = 200, description = "Approved", body = PaymentChanged),
        (status = 403, description = "The caller collected the payment", body = crate::platform::api::ErrorBody),
        NoSuchPayment,
        (status = 409, description = "Not awaiting approval", body = crate::platform::api::ErrorBody)
    ))]
pub async fn approve(State(state): State<AppState>, user: CurrentUser, Path(payment_id): Path<i64>) -> AppResult<Json<PaymentChanged>> {
    review(&state, &user, payment_id, queries::approve).await
}

/// `POST /users/payment/{paymentId}/reverse` with `{reason}` (administrators, with
/// collections_review): the payment is reversed (a bounced cheque), its allocations no longer
/// count, and the audit log keeps who did it and why.
#[utoipa::path(post, path = "/users/payment/{paymentId}/reverse", tag = "collections", summary = "Reverse a payment (administrators)",
    params(("paymentId" = i64, Path, description = "The payment's id")),
    request_body = ReversePayment,
    responses(
        (status = 200, description = "Reversed", body = PaymentChanged),
        (status = 400, description = "The reason is missing or not valid", body = crate::platform::api::ErrorBody),
        crate::platform::api::NotAdministrator,
        (status = 404, description = "No such payment", body = crate::platform::api::ErrorBody),
        (status = 409, description = "Reversed already", body = crate::platform::api::ErrorBody)
    ))]
pub async fn reverse(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(payment_id): Path<i64>,
    Json(req): Json<ReversePayment>,
) -> AppResult<Json<PaymentChanged>> {
    user.require(rights::COLLECTIONS_REVIEW)?;
    if user.user_type != UserType::Administrator {
        return Err(AppError::forbidden(PAYMENT_REVERSE_ADMINISTRATORS_ONLY));
    }
    let reason = crate::platform::validate::required(&req.reason, PAYMENT_REVERSAL_REASON_REQUIRED.on("reason"))?;
    crate::platform::validate::limits::VISIT_REMARK.check(&reason)?;
    let (scope, by, now) = (user.scope(), UserId(user.uid), crate::now());
    state.writer.write(move |tx| queries::reverse(tx, scope, payment_id, by, &reason, now)).await.map(Json)
}
