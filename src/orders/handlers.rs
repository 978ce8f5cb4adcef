//! Order endpoints (issue #18): booking (with the visit it comes with), one order, the list,
//! cancelling. Thin: the checks and SQL are in `queries`.

use axum::extract::State;

use super::messages::{
    CREDIT_LIMIT_CLEARED, CREDIT_LIMIT_NOT_AMOUNT, CREDIT_LIMIT_SAVED, ORDER_FROM_NOT_A_DATE, ORDER_REJECT_REASON_REQUIRED,
    ORDER_TO_NOT_A_DATE,
};
use super::messages::{ORDER_SHOP_CLIENT_ID_REQUIRED, ORDER_SHOP_DISTRIBUTOR_REQUIRED, ORDER_SHOP_REJECTED};
use super::queries::credit::{self, Decision};
use super::queries::waiting;
use super::queries::{self, Booker, CheckedOrder, ListFilter};
use super::types::{
    BookOrder, CreditLimitSaved, DecideOrder, HeldPage, HeldQuery, OrderAnswer, OrderCancelled, OrderDecided, OrderDetail, OrderPage,
    OrderQuery, OrderQuote, SetCreditLimit,
};
use crate::auth::session::CurrentUser;
use crate::customers::messages::BUYER_ID_REQUIRED;
use crate::platform::api::filter_value;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::formats::Formats;
use crate::platform::ids::{OrderId, UserId};
use crate::platform::money::Least;
use crate::platform::rights::{self, UserType};
use crate::platform::state::AppState;
use crate::platform::validate::{limits, nonblank, required};

crate::platform::api::refusals! {
    /// The order named is not one the caller may see (or does not exist: the same answer).
    NoSuchOrder = 404, "No such order among the caller's";
    /// A field, line, product or distributor of the booking is not valid.
    InvalidBooking = 400, "A field, line, product or distributor is not valid";
}

/// Reading orders: the booking right (agents; administrators hold every right) or the orders
/// report's right (managers, back office). A visit saved with an order needs the visit right too.
pub const READ_RIGHTS: &[crate::platform::rights::Right] = &[rights::ORDER_BOOKING, rights::RPT_ORDERS];

/// `POST /users/order` (order_booking; with `visit` also customer_visit): books an order for one
/// of the caller's customers at the server's current prices, dated today, for the given
/// distributor or the customer's usual one; with `visit`, saves that visit in the same
/// transaction and links the order to it. A repeat of a `clientId` answers the first booking with
/// `duplicate: true` and writes nothing. With `proposalId` (a new shop awaiting approval) instead
/// of `buyerId` the order waits, answered as `OrderWaiting`, and is booked when the shop is
/// approved; once it is, the order is booked under its new Buyer ID at once.
#[utoipa::path(post, path = "/users/order", tag = "orders", summary = "Book an order (and the visit it came with) for one of the caller's customers",
    request_body = BookOrder,
    responses(
        (status = 200, description = "Booked, or booked before under this clientId (OrderBooked); for a pending shop kept until its approval (OrderWaiting)", body = OrderAnswer),
        InvalidBooking,
        crate::platform::api::NoSuchCustomerOrShop,
        (status = 409, description = "The visit's clientId belongs to a visit saved with another order, or for another customer; the new shop was rejected", body = crate::platform::api::ErrorBody)
    ))]
pub async fn book(State(state): State<AppState>, user: CurrentUser, Json(mut req): Json<BookOrder>) -> AppResult<Json<OrderAnswer>> {
    user.require(rights::ORDER_BOOKING)?;
    if req.visit.is_some() {
        user.require(rights::CUSTOMER_VISIT)?;
    }
    let now = crate::now();
    if let Some(proposal) = req.proposal_id.0 {
        let scope = user.scope();
        match state.db(move |conn| waiting::shop(conn, scope, proposal)).await? {
            waiting::Shop::Approved(buyer) => {
                req.buyer_id = crate::platform::lenient::Text(Some(buyer));
                req.proposal_id = crate::platform::lenient::Int(None);
            }
            waiting::Shop::Rejected => return Err(AppError::conflict(ORDER_SHOP_REJECTED.on("proposalId"))),
            waiting::Shop::Pending => {
                let client_id = req.client_id.clone().filter(|c| !c.trim().is_empty());
                let client_id = client_id.ok_or_else(|| AppError::bad_request(ORDER_SHOP_CLIENT_ID_REQUIRED.on("clientId")))?;
                if req.distributor_id.0.is_none() {
                    return Err(AppError::bad_request(ORDER_SHOP_DISTRIBUTOR_REQUIRED.on("distributorId")));
                }
                // Checked now as it will be booked (the buyer aside), so a bad line is refused at once.
                let mut probe = req.clone();
                probe.buyer_id = crate::platform::lenient::Text(Some(format!("P{proposal}")));
                let checked = CheckedOrder::check(probe, now)?;
                let client_id = checked.client_id.clone().unwrap_or(client_id);
                let me = UserId(user.uid);
                let waited = state.writer.write(move |tx| waiting::wait_for_shop(tx, me, scope, proposal, &client_id, &req, now)).await?;
                return Ok(Json(OrderAnswer::Waiting(waited)));
            }
        }
    }
    let order = CheckedOrder::check(req, now)?;
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let today = crate::clock::today_text();
    // Read and priced on a pooled connection (the schemes in force on the day it arrives: a
    // queued order is priced again here); then written and committed in groups with the visit
    // saves (see `writer`), whose one thread thus only writes.
    let day = today.clone();
    let (order, priced) = state.db(move |conn| queries::price(conn, who, &order, &day).map(|priced| (order, priced))).await?;
    let mut booked = state.writer.write(move |tx| queries::book(tx, who, order, priced, now, &today)).await?;
    booked.hold.word(&Formats::of_config(&state.config));
    Ok(Json(OrderAnswer::Booked(booked)))
}

/// `POST /users/order/quote` (order_booking): an order's body priced as booking it now would
/// price it (the server's prices, the schemes in force today, GST), with the same checks and the
/// same scope, booked nowhere: no order, no visit, no credit judgement.
#[utoipa::path(post, path = "/users/order/quote", tag = "orders", summary = "Price an order without booking it",
    responses(
        (status = 200, description = "Priced", body = OrderQuote),
        InvalidBooking,
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn quote(State(state): State<AppState>, user: CurrentUser, Json(req): Json<BookOrder>) -> AppResult<Json<OrderQuote>> {
    user.require(rights::ORDER_BOOKING)?;
    let order = CheckedOrder::check(req, crate::now())?;
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let today = crate::clock::today_text();
    state.db(move |conn| queries::quote(conn, who, &order, &today)).await.map(Json)
}

/// `GET /users/order/{orderId}` (order_booking or rpt_orders): one order of the caller's
/// customers with its lines; another's is a 404.
#[utoipa::path(get, path = "/users/order/{orderId}", tag = "orders", summary = "One order of the caller's customers, with its lines",
    params(("orderId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "OK", body = OrderDetail),
        NoSuchOrder
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(order_id): Path<i64>) -> AppResult<Json<OrderDetail>> {
    user.require_any(READ_RIGHTS)?;
    let (scope, admin) = (user.scope(), user.user_type == UserType::Administrator);
    let mut detail = state.db(move |conn| queries::detail(conn, scope, admin, OrderId(order_id))).await?;
    detail.head.hold.word(&Formats::of_config(&state.config));
    Ok(Json(detail))
}

/// A day filter as the text the queries compare with, where it is a day (YYYY-MM-DD).
fn day(text: &str) -> Option<String> {
    crate::clock::parse_date(text).map(|_| text.to_string())
}

/// `GET /users/orders?buyerId=&from=&to=&pageNumber=` (order_booking or rpt_orders): 30 orders a
/// page, newest first, of the caller's customers (an agent's own, a manager's agents', all for an
/// administrator), with `totalRecords`. Administrators see why a Submitted order waits.
#[utoipa::path(get, path = "/users/orders", tag = "orders", summary = "A page of 30 orders of the caller's customers, newest first", params(OrderQuery),
    responses(
        (status = 200, description = "OK", body = OrderPage),
        (status = 400, description = "A date is not valid", body = crate::platform::api::ErrorBody),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<OrderQuery>) -> AppResult<Json<OrderPage>> {
    user.require_any(READ_RIGHTS)?;
    let filter = ListFilter {
        buyer_id: nonblank(q.buyer_id),
        from: filter_value(q.from.as_deref(), day, ORDER_FROM_NOT_A_DATE.on("from"))?,
        to: filter_value(q.to.as_deref(), day, ORDER_TO_NOT_A_DATE.on("to"))?,
        page: q.page_number.unwrap_or(1),
    };
    let (scope, admin) = (user.scope(), user.user_type == UserType::Administrator);
    let mut page = state.db(move |conn| queries::page(conn, scope, admin, &filter)).await?;
    let formats = Formats::of_config(&state.config);
    page.data.iter_mut().for_each(|row| row.hold.word(&formats));
    Ok(Json(page))
}

/// `POST /users/order/{orderId}/cancel` (order_booking): the user who booked the order, or an
/// administrator, cancels it while it is Submitted; its lines leave the figures at once.
#[utoipa::path(post, path = "/users/order/{orderId}/cancel", tag = "orders", summary = "Cancel an order that was not sent yet",
    params(("orderId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "Cancelled", body = OrderCancelled),
        NoSuchOrder,
        (status = 409, description = "Sent, being sent or cancelled already", body = crate::platform::api::ErrorBody)
    ))]
pub async fn cancel(State(state): State<AppState>, user: CurrentUser, Path(order_id): Path<i64>) -> AppResult<Json<OrderCancelled>> {
    user.require(rights::ORDER_BOOKING)?;
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let admin = user.user_type == UserType::Administrator;
    let now = crate::now();
    state.writer.write(move |tx| queries::cancel(tx, who, admin, OrderId(order_id), now)).await.map(Json)
}

/// Approves or rejects a held order (the two handlers below).
async fn decide(state: AppState, user: CurrentUser, order_id: i64, decision: Decision, req: DecideOrder) -> AppResult<Json<OrderDecided>> {
    user.require(rights::CREDIT_APPROVAL)?;
    let reason = limits::VISIT_REMARK.optional(req.reason)?;
    if decision == Decision::Reject && reason.is_none() {
        return Err(AppError::bad_request(ORDER_REJECT_REASON_REQUIRED.on("reason")));
    }
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let now = crate::now();
    state.writer.write(move |tx| credit::decide(tx, who, OrderId(order_id), decision, reason, now)).await.map(Json)
}

/// One of the two decisions on a held order (`Decision::$decision`), both answered by `decide`;
/// `$refusals` are the route's own beside the 404 and 409 they share.
macro_rules! order_decision {
    ($(#[$doc:meta])* $handler:ident, $path:tt, $summary:tt, $done:tt, $decision:ident, ($($refusals:tt)*)) => {
        $(#[$doc])*
        #[utoipa::path(post, path = $path, tag = "orders", summary = $summary,
            params(("orderId" = i64, Path, description = "The order's id")),
            request_body = DecideOrder,
            responses(
                (status = 200, description = $done, body = OrderDecided),
                $($refusals)*
                NoSuchOrder,
                (status = 409, description = "Not awaiting approval (never held, decided before, cancelled)", body = crate::platform::api::ErrorBody)
            ))]
        pub async fn $handler(
            State(state): State<AppState>,
            user: CurrentUser,
            Path(order_id): Path<i64>,
            Json(req): Json<DecideOrder>,
        ) -> AppResult<Json<OrderDecided>> {
            decide(state, user, order_id, Decision::$decision, req).await
        }
    };
}

order_decision!(
    /// `POST /users/order/{orderId}/approve` (credit_approval): a manager of the customer's agent, or
    /// an administrator, approves an order held over the customer's credit limit; it is mailed to the
    /// distributor on the next run. `reason` is optional.
    approve,
    "/users/order/{orderId}/approve",
    "Approve an order held over the credit limit",
    "Approved",
    Approve,
    ()
);
order_decision!(
    /// `POST /users/order/{orderId}/reject` (credit_approval): rejects an order held over the credit
    /// limit, with a `reason` (required); it is never mailed and its lines leave the figures.
    reject,
    "/users/order/{orderId}/reject",
    "Reject an order held over the credit limit",
    "Rejected",
    Reject,
    ((status = 400, description = "No reason given", body = crate::platform::api::ErrorBody),)
);

/// `GET /users/orders/held?pageNumber=` (credit_approval): the orders awaiting approval of the
/// caller's customers (a manager's team, all for an administrator), 30 a page, the longest waiting
/// first, each with the customer's outstanding, open orders and credit limit now.
#[utoipa::path(get, path = "/users/orders/held", tag = "orders", summary = "Orders awaiting approval over a credit limit", params(HeldQuery),
    responses((status = 200, description = "OK", body = HeldPage)))]
pub async fn held(State(state): State<AppState>, user: CurrentUser, Query(q): Query<HeldQuery>) -> AppResult<Json<HeldPage>> {
    user.require(rights::CREDIT_APPROVAL)?;
    let scope = user.scope();
    let page = q.page_number.unwrap_or(1);
    let mut held = state.db(move |conn| credit::held(conn, scope, page)).await?;
    let formats = Formats::of_config(&state.config);
    held.data.iter_mut().for_each(|row| row.order.hold.word(&formats));
    Ok(Json(held))
}

/// `POST /users/customer/creditLimit` (credit_approval: managers and administrators): sets the
/// credit limit of one of the caller's customers, an amount of 0 or more; null or empty removes it.
#[utoipa::path(post, path = "/users/customer/creditLimit", tag = "customers", summary = "Set or remove a customer's credit limit",
    request_body = SetCreditLimit,
    responses(
        (status = 200, description = "Saved", body = CreditLimitSaved),
        (status = 400, description = "Not an amount of 0 or more with at most two places, or above the company's maximum", body = crate::platform::api::ErrorBody),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn set_credit_limit(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<SetCreditLimit>,
) -> AppResult<Json<CreditLimitSaved>> {
    user.require(rights::CREDIT_APPROVAL)?;
    let buyer_id = required(&req.buyer_id, BUYER_ID_REQUIRED.on("buyerId"))?;
    // The one rule for amounts: 0 or more, two places at most (0.001 is refused, not 0.00).
    let limit = crate::platform::money::from_json(req.credit_limit.as_ref(), Least::Zero, state.config.max_amount)
        .map_err(|refusal| AppError::bad_request(refusal.problem("Credit Limit", CREDIT_LIMIT_NOT_AMOUNT).on("creditLimit")))?;
    let scope = user.scope();
    let now = crate::now();
    let id = buyer_id.clone();
    state.db(move |conn| credit::set_limit(conn, scope, &id, limit, now)).await?;
    let said = if limit.is_some() { CREDIT_LIMIT_SAVED } else { CREDIT_LIMIT_CLEARED };
    Ok(Json(CreditLimitSaved { message: said.text.into(), code: said.code.into(), buyer_id, credit_limit: limit }))
}
