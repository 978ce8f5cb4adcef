//! Order endpoints (issue #18): booking (with the visit it comes with), one order, the list,
//! cancelling. Thin: the checks and SQL are in `queries`.

use axum::extract::State;

use super::messages::{ORDER_FROM_NOT_A_DATE, ORDER_TO_NOT_A_DATE};
use super::queries::{self, Booker, CheckedOrder, ListFilter};
use super::types::{BookOrder, OrderBooked, OrderCancelled, OrderDetail, OrderPage, OrderQuery};
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult, Problem};
use crate::extract::{Json, Path, Query};
use crate::ids::{OrderId, UserId};
use crate::rights::{self, UserType};
use crate::state::AppState;

/// Reading orders: the booking right (agents; administrators hold every right) or the orders
/// report's right (managers, back office). A visit saved with an order needs the visit right too.
pub const READ_RIGHTS: &[crate::rights::Right] = &[rights::ORDER_BOOKING, rights::RPT_ORDERS];

/// `POST /users/order` (order_booking; with `visit` also customer_visit): books an order for one
/// of the caller's customers at the server's current prices, dated today, for the given
/// distributor or the customer's usual one; with `visit`, saves that visit in the same
/// transaction and links the order to it. A repeat of a `clientId` answers the first booking with
/// `duplicate: true` and writes nothing.
#[utoipa::path(post, path = "/users/order", tag = "orders", summary = "Book an order (and the visit it came with) for one of the caller's customers",
    responses(
        (status = 200, description = "Booked, or booked before under this clientId", body = OrderBooked),
        (status = 400, description = "A field, line, product or distributor is not valid", body = crate::api::ErrorBody),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody),
        (status = 409, description = "The visit's clientId belongs to a visit saved with another order, or for another customer", body = crate::api::ErrorBody)
    ))]
pub async fn book(State(state): State<AppState>, user: CurrentUser, Json(req): Json<BookOrder>) -> AppResult<Json<OrderBooked>> {
    user.require(rights::ORDER_BOOKING)?;
    if req.visit.is_some() {
        user.require(rights::CUSTOMER_VISIT)?;
    }
    let now = crate::now();
    let order = CheckedOrder::check(req, now)?;
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let today = crate::clock::today().format("%Y-%m-%d").to_string();
    // Read and priced on a pooled connection; then written and committed in groups with the visit
    // saves (see `writer`), whose one thread thus only writes.
    let (order, priced) = state.db(move |conn| queries::price(conn, who, &order).map(|priced| (order, priced))).await?;
    let booked = state.writer.write(move |tx| queries::book(tx, who, order, priced, now, &today)).await?;
    Ok(Json(booked))
}

/// `GET /users/order/{orderId}` (order_booking or rpt_orders): one order of the caller's
/// customers with its lines; another's is a 404.
#[utoipa::path(get, path = "/users/order/{orderId}", tag = "orders", summary = "One order of the caller's customers, with its lines",
    params(("orderId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "OK", body = OrderDetail),
        (status = 404, description = "No such order among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(order_id): Path<i64>) -> AppResult<Json<OrderDetail>> {
    user.require_any(READ_RIGHTS)?;
    let (scope, admin) = (user.scope(), user.user_type == UserType::Administrator);
    state.db(move |conn| queries::detail(conn, scope, admin, OrderId(order_id))).await.map(Json)
}

fn date(value: Option<String>, refusal: Problem) -> AppResult<Option<String>> {
    match value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => match crate::clock::parse_date(&v) {
            Some(_) => Ok(Some(v)),
            None => Err(AppError::bad_request(refusal)),
        },
    }
}

/// `GET /users/orders?buyerId=&from=&to=&pageNumber=` (order_booking or rpt_orders): 30 orders a
/// page, newest first, of the caller's customers (an agent's own, a manager's agents', all for an
/// administrator), with `totalRecords`. Administrators see why a Submitted order waits.
#[utoipa::path(get, path = "/users/orders", tag = "orders", summary = "A page of 30 orders of the caller's customers, newest first", params(OrderQuery),
    responses(
        (status = 200, description = "OK", body = OrderPage),
        (status = 400, description = "A date is not valid", body = crate::api::ErrorBody),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<OrderQuery>) -> AppResult<Json<OrderPage>> {
    user.require_any(READ_RIGHTS)?;
    let filter = ListFilter {
        buyer_id: q.buyer_id.map(|b| b.trim().to_string()).filter(|b| !b.is_empty()),
        from: date(q.from, ORDER_FROM_NOT_A_DATE.on("from"))?,
        to: date(q.to, ORDER_TO_NOT_A_DATE.on("to"))?,
        page: q.page_number.unwrap_or(1),
    };
    let (scope, admin) = (user.scope(), user.user_type == UserType::Administrator);
    state.db(move |conn| queries::page(conn, scope, admin, &filter)).await.map(Json)
}

/// `POST /users/order/{orderId}/cancel` (order_booking): the user who booked the order, or an
/// administrator, cancels it while it is Submitted; its lines leave the figures at once.
#[utoipa::path(post, path = "/users/order/{orderId}/cancel", tag = "orders", summary = "Cancel an order that was not sent yet",
    params(("orderId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "Cancelled", body = OrderCancelled),
        (status = 404, description = "No such order among the caller's", body = crate::api::ErrorBody),
        (status = 409, description = "Sent, being sent or cancelled already", body = crate::api::ErrorBody)
    ))]
pub async fn cancel(State(state): State<AppState>, user: CurrentUser, Path(order_id): Path<i64>) -> AppResult<Json<OrderCancelled>> {
    user.require(rights::ORDER_BOOKING)?;
    let who = Booker { uid: UserId(user.uid), scope: user.scope(), radius_m: state.config.checkin_radius_m };
    let admin = user.user_type == UserType::Administrator;
    let now = crate::now();
    state.writer.write(move |tx| queries::cancel(tx, who, admin, OrderId(order_id), now)).await.map(Json)
}
