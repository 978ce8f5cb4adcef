//! The permission matrix: every API endpoint called by six kinds of caller, with the status each
//! must get written in one table, and every 2xx answer checked for data the caller may not see.

use std::collections::BTreeSet;

use axum::http::{Method, StatusCode};
use fieldsales::auth::accounts;
use fieldsales::auth::types::NewAccount;
use serde_json::{json, Value};

use crate::support::{png, Part, TestApp};

/// The callers, in the order of each row's statuses.
const CALLERS: [&str; 6] = ["administrator", "manager", "agent1 (owner)", "other team's agent", "blocked user", "nobody"];
const MANAGER: usize = 1;
const OWNER: usize = 2;
const OTHER: usize = 3;

/// What a row sends: nothing, a JSON body, or a multipart form of text fields.
#[derive(Clone, Copy)]
enum Body {
    Nothing,
    Json(&'static str),
    Form(&'static [(&'static str, &'static str)]),
}
const EMPTY: Body = Body::Form(&[]);
use Body::{Form, Json, Nothing};

/// `(method, path, body, statuses of [administrator, manager, owner, other agent, blocked, nobody])`.
/// Placeholders: `{buyer}` agent1's customer, `{spare}` a customer of agent1's that may be changed,
/// `{agent1}` / `{manager}` uids, `{order}` / `{delivery}` a delivery of agent1's, `{app_order}` an
/// order booked by agent1, `{product}` / `{distributor}` ones it may name, `{media}` an
/// info file of agent1's, `{chatmedia}` a picture in agent1's chat with the manager, `{conv}` that
/// conversation, `{tmp_*}` throwaway records the rows may change, `{gone_*}` ones a row deletes.
type Row = (&'static str, &'static str, Body, [u16; 6]);
const TABLE: &[Row] = &[
    // Sign-in (public): an empty body is a 400 for everybody, with or without a token.
    ("GET", "/login/settings", Nothing, [200, 200, 200, 200, 200, 200]),
    ("POST", "/login/checkUser", Json("{}"), [400, 400, 400, 400, 400, 400]),
    ("POST", "/login/auth", Json("{}"), [400, 400, 400, 400, 400, 400]),
    ("POST", "/login/authOTP", Json("{}"), [400, 400, 400, 400, 400, 400]),
    ("POST", "/login/generateOTP", Json("{}"), [400, 400, 400, 400, 400, 400]),
    ("POST", "/login/reset", Json("{}"), [400, 400, 400, 400, 400, 400]),
    ("POST", "/users/passwordUpdate", Json("{}"), [400, 400, 400, 400, 401, 401]),
    ("GET", "/users/session", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/locale", Json("{}"), [400, 400, 400, 400, 401, 401]),
    ("POST", "/logout", Json("{}"), [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/rca-list", Nothing, [200, 403, 403, 403, 401, 401]),
    ("GET", "/users/am-list", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/users/impersonate-rca", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/impersonate-rca-token", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/users/block", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/users/block/{tmp_user}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("POST", "/users/unblock/{tmp_user}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    // Buckets and summaries.
    ("GET", "/users/landing", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/landing/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/landingAM/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/landing/mycustomer/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/landingTrend/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/customer/visitSummary", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/customerTracking/cumulativeView/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/home", Nothing, [200, 200, 200, 200, 401, 401]),
    // Chat.
    ("GET", "/chat/broadcastMessage", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/chat/broadcastMessage", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/chat/broadcastMessage/delete/{tmp_broadcast}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/chat/media?fileName={chatmedia}", Nothing, [404, 200, 200, 404, 401, 401]),
    ("GET", "/chat/users", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/chat/createConversation?userId={agent1}", Json("{}"), [200, 200, 404, 404, 401, 401]),
    ("GET", "/chat/getChatHistory?conversationId={conv}", Nothing, [404, 200, 200, 404, 401, 401]),
    ("POST", "/chat/sendMessage", Json(r#"{"conversationId": {conv}, "messageText": "hello"}"#), [404, 200, 200, 404, 401, 401]),
    ("POST", "/chat/sendMessageImage", Form(&[("conversationId", "{conv}"), ("receiverId", "3")]), [400, 400, 400, 400, 401, 401]),
    ("POST", "/chat/getNewMessages", Json(r#"{"conversationId": {conv}, "latestTimestamp": 0}"#), [404, 200, 200, 404, 401, 401]),
    ("POST", "/chat/getNewBroadCastMessages", Json("{}"), [200, 200, 200, 200, 401, 401]),
    ("POST", "/chat/markAsRead?conversationId={conv}", Json("{}"), [404, 200, 200, 404, 401, 401]),
    ("POST", "/chat/broadcast/markAsRead", Json("[]"), [200, 200, 200, 200, 401, 401]),
    ("POST", "/chat/getUnreadCountsByConversation", Json("{}"), [200, 200, 200, 200, 401, 401]),
    // Customers.
    ("GET", "/users/customer/search?query={buyer}", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/customer/details/{buyer}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/users/customer/details", Json(r#"{"buyerID": "{spare}", "outcomeId": 2}"#), [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/customer/FTMFTD/ftm", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/customer", Json("{}"), [400, 400, 400, 400, 401, 401]),
    ("GET", "/users/customer/profile?buyerId={buyer}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/users/customer/profile", Json(r#"{"buyerId": "{spare}", "city": "Mysuru"}"#), [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/customer/offline", Nothing, [200, 200, 200, 200, 401, 401]),
    // No proposal waits for {buyer}: a caller who may decide gets 404, an agent 403.
    ("POST", "/users/customer/location/{buyer}/accept", Json("{}"), [404, 404, 403, 403, 401, 401]),
    ("POST", "/users/customer/location/{buyer}/reject", Json("{}"), [404, 404, 403, 403, 401, 401]),
    ("GET", "/users/customer/infohistory/{buyer}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/users/customer/info/{spare}", Form(&[("infoTypeId", "2"), ("infoSubTypeId", "4")]), [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/infoUpdate", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/users/infoUpdate", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/users/infoUpdateWithPaging?pageNumber=1&pageSize=30", Nothing, [200, 403, 403, 403, 401, 401]),
    ("GET", "/users/media?fileName={media}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/product/search?query=Cola&productName=Cola", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/product/pricecomparison/{buyer}?query=&productName=Cola%20300ml", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/scorecard", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/scorecardAM/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/agentList", Nothing, [200, 200, 200, 200, 401, 401]),
    // Orders (issue #18): managers read them (rpt_orders) but do not book or cancel; the
    // administrator cancels agent1's order first, so agent1 then finds it cancelled.
    (
        "POST",
        "/users/order",
        Json(r#"{"buyerId": "{spare}", "distributorId": {distributor}, "lines": [{"productId": {product}, "quantity": 2}]}"#),
        [200, 403, 200, 404, 401, 401],
    ),
    // Pricing (issue #52): the quote has the booking's right and scope; the phone's copy of schemes
    // and rates goes to those who book.
    (
        "POST",
        "/users/order/quote",
        Json(r#"{"buyerId": "{spare}", "distributorId": {distributor}, "lines": [{"productId": {product}, "quantity": 2}]}"#),
        [200, 403, 200, 404, 401, 401],
    ),
    ("GET", "/users/schemes/offline", Nothing, [200, 403, 200, 200, 401, 401]),
    ("GET", "/users/order/{app_order}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/orders", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/order/{app_order}/cancel", Json("{}"), [200, 403, 409, 404, 401, 401]),
    // Credit limits (issue #38): managers and administrators decide held orders (agent1's order is
    // cancelled by now, so it is not awaiting approval; a rejection without a reason is refused
    // first) and set a customer's limit.
    ("POST", "/users/order/{app_order}/approve", Json("{}"), [409, 409, 403, 403, 401, 401]),
    ("POST", "/users/order/{app_order}/reject", Json("{}"), [400, 400, 403, 403, 401, 401]),
    ("GET", "/users/orders/held", Nothing, [200, 200, 403, 403, 401, 401]),
    ("POST", "/users/customer/creditLimit", Json(r#"{"buyerId": "{spare}", "creditLimit": 1000}"#), [200, 200, 403, 403, 401, 401]),
    // Visit photos (issue #37): agents send them (a form naming no visit is a 400), managers and
    // administrators review them; the sender and the team's manager read {photo}, agent1's.
    ("POST", "/users/visit/photo", Form(&[("clientId", "matrix-photo")]), [400, 403, 400, 400, 401, 401]),
    ("GET", "/users/visit/photos", Nothing, [200, 200, 403, 403, 401, 401]),
    ("GET", "/users/visit/photo/{photo}/file", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/visit/photo/{photo}/thumb", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/report/visit-photos?fromDate=2026-01-01&toDate=2026-01-31", Nothing, [200, 200, 403, 403, 401, 401]),
    // Beats (issue #19): administrators and managers plan; agents read their own beats and day.
    // The administrator deletes {tmp_beat} first, so the manager then finds no such beat.
    ("GET", "/master/beat", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/beat/{beat}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/master/beat", Json("{}"), [400, 400, 403, 403, 401, 401]),
    ("POST", "/master/beat/delete/{tmp_beat}", Json("{}"), [200, 404, 403, 403, 401, 401]),
    ("GET", "/users/plan/today?agentId={agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/map/settings", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/beat/upload", EMPTY, [400, 400, 403, 403, 401, 401]),
    ("GET", "/report/beat-adherence?fromDate=2026-01-01&toDate=2026-01-31", Nothing, [200, 200, 403, 403, 401, 401]),
    // The working day (issue #37): agents (and administrators, who hold every right) start and
    // end their own day; managers and administrators read and correct their agents'. An end with a
    // bad time is a 400 whatever the rows before it did.
    ("POST", "/users/day/start", Json("{}"), [200, 403, 200, 200, 401, 401]),
    ("POST", "/users/day/end", Json(r#"{"at": "late"}"#), [400, 403, 400, 400, 401, 401]),
    ("GET", "/users/day/today", Nothing, [200, 403, 200, 200, 401, 401]),
    ("GET", "/users/attendance", Nothing, [200, 200, 403, 403, 401, 401]),
    ("GET", "/users/attendance?agentId={agent1}", Nothing, [200, 200, 403, 403, 401, 401]),
    ("POST", "/users/attendance/correct", Json(r#"{"reason": "forgot"}"#), [404, 404, 403, 403, 401, 401]),
    // The report `attendance` has no row here: "attendance" is a literal segment of /users/attendance,
    // so the table would read /report/attendance as a route of its own (its rights: tests/api/attendance.rs).
    // Deliveries.
    ("GET", "/users/delivery/init", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/users/delivery/initAM/{agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/delivery/search?query={order}", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/delivery/details", Json(r#"{"query": "{order}", "matchedColumn": "orderID"}"#), [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/delivery/update", Form(&[("deliveryId", "{delivery}"), ("deliveryStatusID", "1")]), [403, 200, 200, 404, 401, 401]),
    ("GET", "/users/delivery/approval", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/users/delivery/approval/update", Json("[]"), [400, 403, 403, 403, 401, 401]),
    // Masters.
    ("GET", "/openapi.json", Nothing, [200, 200, 200, 200, 200, 200]),
    ("GET", "/master/country", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/userType", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/rights", Nothing, [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/rights/byUserType", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/master/rights", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/user", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/master/user", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/user/{agent1}", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/master/user/delete/{gone_user}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/allagent", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/outcome", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/outcome", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/outcome/1", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/outcome/delete/{tmp_outcome}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/info-type", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/info-type", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/info-type/1", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/info-type/delete/{tmp_info_type}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/info-type-subtype", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/info-subtype", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/info-subtype", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/info-subtype/1", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/info-subtype/delete/{tmp_sub_type}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/link", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/link", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/link/{tmp_link}", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/link/delete/{gone_link}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/deliveryStatus", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/deliveryStatus", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/deliveryStatus/withReasons", Nothing, [200, 200, 200, 200, 401, 401]),
    ("GET", "/master/deliveryStatus/1", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/deliveryStatus/delete/{tmp_status}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    ("GET", "/master/additionalReason", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/additionalReason", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/additionalReason/1", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/master/additionalReason/delete/{tmp_reason}", Json("{}"), [200, 403, 403, 403, 401, 401]),
    // Products: everyone who books orders reads them; the product master changes them.
    ("GET", "/master/product", Nothing, [200, 403, 200, 200, 401, 401]),
    ("GET", "/master/distributor", Nothing, [200, 403, 200, 200, 401, 401]),
    ("POST", "/master/product", Json("{}"), [400, 403, 403, 403, 401, 401]),
    // Schemes (issue #52): administrators only (scheme_master); no scheme 999999 exists.
    ("GET", "/master/scheme", Nothing, [200, 403, 403, 403, 401, 401]),
    ("POST", "/master/scheme", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("GET", "/master/scheme/999999", Nothing, [404, 403, 403, 403, 401, 401]),
    ("POST", "/master/scheme/999999/end", Json("{}"), [404, 403, 403, 403, 401, 401]),
    ("POST", "/users/scheme/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    // Uploads and exports.
    ("POST", "/users/customer/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/product/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/distributor/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/scoreCard/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/delivery/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/users/order/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("POST", "/master/info-type-subtype/upload", EMPTY, [400, 403, 403, 403, 401, 401]),
    ("GET", "/users/customer/download", Nothing, [200, 403, 403, 403, 401, 401]),
    // How far the caller's own latest upload of a kind got (issue #50): the kind's right; the
    // matrix's uploads are all refused files, which leave no record (null).
    ("GET", "/users/upload/latest?kind=beat", Nothing, [200, 200, 403, 403, 401, 401]),
    // Collections (issue #38): agents record payments for their own customers and read their own;
    // managers and administrators (collections_review) read their scope's, deposit, upload
    // invoices; only administrators reverse. The administrator deposits `{payment}` first, so the
    // manager then finds it deposited; `{tmp_payment}` is the one reversed.
    ("POST", "/users/invoice/upload", EMPTY, [400, 400, 403, 403, 401, 401]),
    ("GET", "/users/customer/outstanding/{buyer}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/users/payment", Json("{}"), [400, 403, 400, 400, 401, 401]),
    ("GET", "/users/payment/{payment}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/payments", Nothing, [200, 200, 200, 200, 401, 401]),
    // Returns, shelf stock and new shops (issue #54): counts and returns with the visit right,
    // approvals for managers and administrators, proposals by agents; no return or proposal 999999.
    ("POST", "/users/stock", Json("{}"), [400, 400, 400, 400, 401, 401]),
    ("GET", "/users/customer/suggested-order/{buyer}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("POST", "/users/return", Json("{}"), [400, 400, 400, 400, 401, 401]),
    ("GET", "/users/returns", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/return/999999/approve", Json("{}"), [404, 404, 403, 403, 401, 401]),
    ("POST", "/users/return/999999/reject", Json("{}"), [404, 404, 403, 403, 401, 401]),
    ("POST", "/users/outlet/propose", Json("{}"), [400, 403, 400, 400, 401, 401]),
    ("GET", "/users/outlet/proposals", Nothing, [200, 200, 200, 200, 401, 401]),
    ("POST", "/users/outlet/proposal/999999/approve", Json("{}"), [404, 404, 403, 403, 401, 401]),
    ("POST", "/users/outlet/proposal/999999/reject", Json("{}"), [400, 400, 403, 403, 401, 401]),
    ("GET", "/users/outlet/proposal/999999/photo/file", Nothing, [404, 404, 404, 404, 401, 401]),
    ("GET", "/users/outlet/proposal/999999/photo/thumb", Nothing, [404, 404, 404, 404, 401, 401]),
    ("POST", "/users/payment/{payment}/deposit", Json("{}"), [200, 409, 403, 403, 401, 401]),
    // Approving a payment far above what was owed (issue #49): `{payment}` is not awaiting it.
    ("POST", "/users/payment/{payment}/approve", Json("{}"), [409, 409, 403, 403, 401, 401]),
    ("POST", "/users/payment/{tmp_payment}/reverse", Json(r#"{"reason": "Cheque bounced"}"#), [200, 403, 403, 403, 401, 401]),
    // Targets (issue #53): every signed-in user reads the targets of an agent of their scope;
    // target_master (administrators, managers) sets them, reads the team view and uploads them;
    // holidays and incentive slabs are the administrators' to change. (The `targets` report's right:
    // tests/api/targets.rs; a row here would read "targets" as the literal of /users/targets.)
    ("GET", "/users/targets?agentId={agent1}", Nothing, [200, 200, 200, 404, 401, 401]),
    ("GET", "/users/targets/team", Nothing, [200, 200, 403, 403, 401, 401]),
    ("POST", "/master/target", Json("{}"), [400, 400, 403, 403, 401, 401]),
    ("POST", "/users/target/upload", EMPTY, [400, 400, 403, 403, 401, 401]),
    ("GET", "/master/holiday", Nothing, [200, 200, 403, 403, 401, 401]),
    ("POST", "/master/holiday", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("POST", "/master/holiday/delete/2026-01-26", Json("{}"), [404, 403, 403, 403, 401, 401]),
    ("GET", "/master/incentive", Nothing, [200, 200, 403, 403, 401, 401]),
    ("POST", "/master/incentive", Json("{}"), [400, 403, 403, 403, 401, 401]),
    // Reports and downloads.
    // The rights come before the fields: an empty body is a 403 to those without them.
    ("POST", "/report/monthlyReport", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("POST", "/report/deliveryReport", Json("{}"), [400, 403, 403, 403, 401, 401]),
    ("POST", "/report/buyerImagesReport", Json(r#"{"country": ["India"]}"#), [200, 403, 403, 403, 401, 401]),
    ("GET", "/report/mycustomerReport", Nothing, [200, 403, 403, 403, 401, 401]),
    ("GET", "/report/customer-visit?fromDate=2020-01-01&toDate=2030-01-01", Nothing, [200, 403, 403, 403, 401, 401]),
    ("GET", "/report/monthly-summary", Nothing, [400, 403, 403, 403, 401, 401]),
    ("GET", "/report/download?token=0123456789abcdef", Nothing, [404, 404, 404, 404, 404, 404]),
    ("GET", "/report/check-download-token-valid?token=0123456789abcdef", Nothing, [200, 200, 200, 200, 401, 401]),
    // Outside the API base: the public sample workbooks.
    ("GET", "/webapi/excelupload/sample_customerupload.xlsx", Nothing, [200, 200, 200, 200, 200, 200]),
];

/// Every route the routers declare, as `METHOD path` with axum's `{param}` names; the table must
/// cover each, and the body-limit test posts to each POST. Checked against openapi.json below.
pub const ROUTES: &[&str] = &[
    "GET /login/settings",
    "POST /login/checkUser",
    "POST /login/auth",
    "POST /login/authOTP",
    "POST /login/generateOTP",
    "POST /login/reset",
    "POST /users/passwordUpdate",
    "GET /users/session",
    "POST /users/locale",
    "POST /logout",
    "GET /users/rca-list",
    "GET /users/am-list",
    "POST /users/impersonate-rca",
    "POST /users/impersonate-rca-token",
    "GET /users/block",
    "POST /users/block/{id}",
    "POST /users/unblock/{id}",
    "GET /users/landing",
    "GET /users/landing/{agent}",
    "GET /users/landingAM/{agent}",
    "GET /users/landing/{bucket}/{agent}",
    "GET /users/landingTrend/{agent}",
    "GET /users/customer/visitSummary",
    "GET /users/customerTracking/cumulativeView/{agent}",
    "GET /users/home",
    "GET /chat/broadcastMessage",
    "POST /chat/broadcastMessage",
    "POST /chat/broadcastMessage/delete/{id}",
    "GET /chat/media",
    "GET /chat/users",
    "POST /chat/createConversation",
    "GET /chat/getChatHistory",
    "POST /chat/sendMessage",
    "POST /chat/sendMessageImage",
    "POST /chat/getNewMessages",
    "POST /chat/getNewBroadCastMessages",
    "POST /chat/markAsRead",
    "POST /chat/broadcast/markAsRead",
    "POST /chat/getUnreadCountsByConversation",
    "GET /users/customer/search",
    "GET /users/customer/details/{id}",
    "POST /users/customer/details",
    "GET /users/customer/FTMFTD/{id}",
    "POST /users/customer",
    "GET /users/customer/profile",
    "POST /users/customer/profile",
    "GET /users/customer/offline",
    "POST /users/customer/location/{id}/accept",
    "POST /users/customer/location/{id}/reject",
    "GET /users/customer/infohistory/{id}",
    "POST /users/customer/info/{id}",
    "GET /users/infoUpdate",
    "POST /users/infoUpdate",
    "GET /users/infoUpdateWithPaging",
    "GET /users/media",
    "GET /users/product/search",
    "GET /users/product/pricecomparison/{id}",
    "GET /users/scorecard",
    "GET /users/scorecardAM/{id}",
    "GET /users/agentList",
    "POST /users/order",
    "POST /users/order/quote",
    "GET /users/schemes/offline",
    "GET /users/order/{id}",
    "GET /users/orders",
    "POST /users/invoice/upload",
    "GET /master/scheme",
    "POST /master/scheme",
    "GET /master/scheme/{schemeId}",
    "POST /master/scheme/{schemeId}/end",
    "POST /users/scheme/upload",
    "GET /users/customer/outstanding/{buyerId}",
    "POST /users/payment",
    "GET /users/payment/{paymentId}",
    "GET /users/payments",
    "POST /users/stock",
    "GET /users/customer/suggested-order/{buyerId}",
    "POST /users/return",
    "GET /users/returns",
    "POST /users/return/{id}/approve",
    "POST /users/return/{id}/reject",
    "POST /users/outlet/propose",
    "GET /users/outlet/proposals",
    "POST /users/outlet/proposal/{id}/approve",
    "POST /users/outlet/proposal/{id}/reject",
    "GET /users/outlet/proposal/{id}/photo/file",
    "GET /users/outlet/proposal/{id}/photo/thumb",
    "POST /users/payment/{paymentId}/deposit",
    "POST /users/payment/{paymentId}/approve",
    "POST /users/payment/{paymentId}/reverse",
    "GET /users/targets",
    "GET /users/targets/team",
    "POST /master/target",
    "POST /users/target/upload",
    "GET /master/holiday",
    "POST /master/holiday",
    "POST /master/holiday/delete/{date}",
    "GET /master/incentive",
    "POST /master/incentive",
    "POST /users/order/{id}/cancel",
    "POST /users/order/{id}/approve",
    "POST /users/order/{id}/reject",
    "GET /users/orders/held",
    "POST /users/customer/creditLimit",
    "GET /master/beat",
    "POST /master/beat",
    "GET /master/beat/{id}",
    "POST /master/beat/delete/{id}",
    "GET /users/plan/today",
    "POST /users/day/start",
    "POST /users/day/end",
    "GET /users/day/today",
    "GET /users/attendance",
    "POST /users/attendance/correct",
    "GET /users/map/settings",
    "POST /users/beat/upload",
    "GET /users/delivery/init",
    "GET /users/delivery/initAM/{agent}",
    "GET /users/delivery/search",
    "POST /users/delivery/details",
    "POST /users/delivery/update",
    "GET /users/delivery/approval",
    "POST /users/delivery/approval/update",
    "GET /master/country",
    "GET /master/userType",
    "GET /master/rights",
    "GET /master/rights/byUserType",
    "POST /master/rights",
    "GET /master/user",
    "POST /master/user",
    "GET /master/user/{id}",
    "POST /master/user/delete/{id}",
    "GET /master/allagent",
    "GET /master/outcome",
    "POST /master/outcome",
    "GET /master/outcome/{id}",
    "POST /master/outcome/delete/{id}",
    "GET /master/info-type",
    "POST /master/info-type",
    "GET /master/info-type/{id}",
    "POST /master/info-type/delete/{id}",
    "GET /master/info-type-subtype",
    "GET /master/info-subtype",
    "POST /master/info-subtype",
    "GET /master/info-subtype/{id}",
    "POST /master/info-subtype/delete/{id}",
    "GET /master/link",
    "POST /master/link",
    "GET /master/link/{id}",
    "POST /master/link/delete/{id}",
    "GET /master/deliveryStatus",
    "POST /master/deliveryStatus",
    "GET /master/deliveryStatus/withReasons",
    "GET /master/deliveryStatus/{id}",
    "POST /master/deliveryStatus/delete/{id}",
    "GET /master/additionalReason",
    "POST /master/additionalReason",
    "GET /master/additionalReason/{id}",
    "POST /master/additionalReason/delete/{id}",
    "GET /master/product",
    "POST /master/product",
    "GET /master/distributor",
    "POST /users/customer/upload",
    "POST /users/product/upload",
    "POST /users/distributor/upload",
    "POST /users/scoreCard/upload",
    "POST /users/delivery/upload",
    "POST /users/order/upload",
    "POST /master/info-type-subtype/upload",
    "GET /users/customer/download",
    "GET /users/upload/latest",
    "POST /report/monthlyReport",
    "POST /report/deliveryReport",
    "POST /report/buyerImagesReport",
    "GET /report/mycustomerReport",
    "GET /report/{name}",
    "POST /users/visit/photo",
    "GET /users/visit/photos",
    "GET /users/visit/photo/{photoId}/file",
    "GET /users/visit/photo/{photoId}/thumb",
    "GET /report/download",
    "GET /report/check-download-token-valid",
];

/// The shape of a route: its method and path with every `{param}` (or concrete segment standing
/// for one) replaced by `*`, and the query dropped. Literal segments are kept.
fn shape(method: &str, path: &str, literal: &dyn Fn(&str) -> bool) -> String {
    let path = path.split('?').next().unwrap_or(path);
    let segments: Vec<&str> = path.split('/').map(|s| if s.starts_with('{') || !literal(s) { "*" } else { s }).collect();
    format!("{method} {}", segments.join("/"))
}

/// The routes the table must cover: the operations of the OpenAPI document under the API base.
async fn declared_routes(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let doc = app.get("/openapi.json", Some(token)).await;
    assert_eq!(doc.status, StatusCode::OK, "the OpenAPI document is served");
    let mut routes = Vec::new();
    for (path, ops) in doc.body["paths"].as_object().expect("paths in openapi.json") {
        // `/healthz` and the sample files live outside the API; the table covers the API.
        let Some(path) = path.strip_prefix("/webapi/api") else { continue };
        // A path item also holds `parameters`, `summary` and the like beside its operations.
        let methods =
            ops.as_object().expect("operations").keys().filter(|k| ["get", "post", "put", "patch", "delete"].contains(&k.as_str()));
        for method in methods {
            routes.push((method.to_uppercase(), path.to_string()));
        }
    }
    routes
}

#[tokio::test]
async fn the_table_covers_every_route() {
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let declared = declared_routes(&app, &admin).await;
    // A segment is literal when some declared route has it literally at that place; everything
    // else in the table (ids, names) stands for a parameter.
    let literals: BTreeSet<String> =
        declared.iter().flat_map(|(_, p)| p.split('/').filter(|s| !s.starts_with('{')).map(str::to_string).collect::<Vec<_>>()).collect();
    let literal = |s: &str| literals.contains(s) && !s.starts_with("sample_");
    let declared: BTreeSet<String> = declared.iter().map(|(m, p)| shape(m, p, &|s| !s.starts_with('{'))).collect();
    let table: BTreeSet<String> = TABLE
        .iter()
        .filter(|(_, path, _, _)| !path.starts_with("/webapi/"))
        .map(|(method, path, _, _)| shape(method, path, &literal))
        .collect();
    // ROUTES (which the body-limit test walks) must list the same routes as the document.
    let listed: BTreeSet<String> = ROUTES
        .iter()
        .filter_map(|r| r.split_once(' '))
        .filter(|(_, p)| *p != "/openapi.json")
        .map(|(m, p)| shape(m, p, &|s| !s.starts_with('{')))
        .collect();
    let undocumented: Vec<_> = declared.iter().filter(|r| !r.ends_with("/openapi.json")).filter(|r| !listed.contains(*r)).collect();
    assert!(undocumented.is_empty() && listed.is_subset(&declared), "ROUTES differs from openapi.json: {undocumented:?}");
    let missing: Vec<_> = declared.difference(&table).collect();
    let unknown: Vec<_> = table.difference(&declared).collect();
    assert!(missing.is_empty(), "routes without a row in the permission matrix: {missing:?}");
    assert!(unknown.is_empty(), "rows for routes the server does not declare: {unknown:?}");
}

/// The ids the table's placeholders stand for, and what each caller must never see.
struct Fixture {
    values: Vec<(&'static str, String)>,
    /// Markers of agent1's team (agent1's customers, agent1's chat), private to that team.
    team1: Vec<String>,
    /// Markers of the other team (its agent's customer and chat), private to that team.
    team2: Vec<String>,
}

impl Fixture {
    fn fill(&self, text: &str) -> String {
        self.values.iter().fold(text.to_string(), |t, (k, v)| t.replace(&format!("{{{k}}}"), v))
    }
}

fn id(reply: &crate::support::Reply, field: &str) -> String {
    assert!(reply.status.is_success(), "{}", reply.body);
    match &reply.body[field] {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        other => panic!("no {field} in {other}"),
    }
}

/// The second team (manager2 and agent5, with one customer and a chat), agent1's records the rows
/// refer to, and throwaway records for the rows that delete.
async fn fixture(app: &TestApp, manager: &str, agent1: &str) -> (Fixture, String) {
    let conn = app.conn();
    let hash: String = conn.query_row("SELECT password_hash FROM users WHERE uid = 3", [], |r| r.get(0)).unwrap();
    let account = |email: &'static str, user_type, manager_id| NewAccount {
        email,
        name: email,
        user_type,
        country_id: Some(1),
        manager_id,
        password_hash: &hash,
        force_password_update: false,
    };
    let manager2 =
        accounts::create(&conn, &account("manager2@demo.test", fieldsales::platform::rights::UserType::AreaManager, None)).unwrap();
    let agent5 =
        accounts::create(&conn, &account("agent5@demo.test", fieldsales::platform::rights::UserType::Agent, Some(manager2))).unwrap();
    let tmp_user =
        accounts::create(&conn, &account("throwaway@demo.test", fieldsales::platform::rights::UserType::Agent, Some(2))).unwrap();
    let gone_user = accounts::create(&conn, &account("deleted@demo.test", fieldsales::platform::rights::UserType::Agent, Some(2))).unwrap();
    let now = fieldsales::now();
    conn.execute(
        "INSERT INTO customers (buyer_id, name, mobile, country_id, agent_id, created_by, created_at, updated_at)
         VALUES ('TEAM2-SECRET', 'Team Two Secret Stores', '7770001112', 1, ?1, ?1, ?2, ?2),
                ('SPARE-AGENT1', 'Spare Stores', '7770003334', 1, 3, 3, ?2, ?2)",
        rusqlite::params![agent5, now],
    )
    .unwrap();
    let tmp = |sql: &str| {
        conn.execute(sql, []).unwrap();
        conn.last_insert_rowid().to_string()
    };
    let tmp_outcome = tmp("INSERT INTO outcomes (name) VALUES ('Matrix outcome')");
    let tmp_info_type = tmp("INSERT INTO info_types (name) VALUES ('Matrix info type')");
    let tmp_sub_type = tmp("INSERT INTO info_sub_types (info_id, name) VALUES (1, 'Matrix sub type')");
    let tmp_link = tmp("INSERT INTO links (link_name, link) VALUES ('Matrix link', 'https://example.com')");
    let gone_link = tmp("INSERT INTO links (link_name, link) VALUES ('Deleted link', 'https://example.com')");
    let tmp_status = tmp("INSERT INTO delivery_statuses (name) VALUES ('Matrix status')");
    let tmp_reason = tmp("INSERT INTO additional_reasons (delivery_status_id, code) VALUES (3, 'Matrix reason')");
    let tmp_broadcast = tmp("INSERT INTO broadcasts (message_text, created_by, created_at) VALUES ('Matrix broadcast', 1, 0)");
    let tmp_beat = tmp("INSERT INTO beats (beat_name, agent_id, created_at, updated_at) VALUES ('Matrix beat', 3, 0, 0)");
    let beat: i64 =
        conn.query_row("SELECT MIN(beat_id) FROM beats WHERE agent_id = 3 AND beat_name <> 'Matrix beat'", [], |r| r.get(0)).unwrap();
    let beat = beat.to_string();
    let buyer: String =
        conn.query_row("SELECT buyer_id FROM customers WHERE agent_id = 3 ORDER BY buyer_id LIMIT 1", [], |r| r.get(0)).unwrap();
    let (delivery, order): (i64, String) = conn
        .query_row(
            "SELECT d.delivery_id, d.order_id FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
             WHERE c.agent_id = 3 ORDER BY d.delivery_id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let mut team1: Vec<String> = conn
        .prepare("SELECT buyer_id, mobile FROM customers WHERE agent_id = 3")
        .unwrap()
        .query_map([], |r| Ok([r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?.unwrap_or_default()]))
        .unwrap()
        .flat_map(|r| r.unwrap())
        .filter(|m| !m.is_empty())
        .collect();
    drop(conn);

    // agent1's info record with a file, and a chat with the manager holding a picture.
    let info = app
        .multipart(
            &format!("/users/customer/info/{buyer}"),
            Some(agent1),
            vec![
                ("infoTypeId", Part::Text("2")),
                ("infoSubTypeId", Part::Text("4")),
                ("remark", Part::Text("team1-secret-info-remark")),
                ("img1", Part::File { name: "shelf.png", bytes: png() }),
            ],
        )
        .await;
    assert_eq!(info.status, StatusCode::OK, "{}", info.body);
    let media: String =
        app.conn().query_row("SELECT file_name FROM customer_info_files ORDER BY info_id DESC LIMIT 1", [], |r| r.get(0)).unwrap();
    let conv = id(&app.post("/chat/createConversation?userId=2", Some(agent1), json!({})).await, "conversationId");
    let sent = app
        .post(
            "/chat/sendMessage",
            Some(agent1),
            json!({ "conversationId": conv, "receiverId": 2, "messageText": "team1-secret-chat-text" }),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    let picture = app
        .multipart(
            "/chat/sendMessageImage",
            Some(manager),
            vec![
                ("conversationId", Part::Text(&conv)),
                ("receiverId", Part::Text("3")),
                ("chatImage", Part::File { name: "shelf.png", bytes: png() }),
            ],
        )
        .await;
    let chatmedia = id(&picture, "imageUrl").rsplit("fileName=").next().unwrap().to_string();
    team1.extend(
        ["team1-secret-info-remark", "team1-secret-chat-text", "agent1@demo.test", "Ravi Kumar", &media, &chatmedia].map(String::from),
    );

    // An order agent1 booked in the app.
    let product: i64 = app.conn().query_row("SELECT product_id FROM products WHERE name = 'Cola 300ml'", [], |r| r.get(0)).unwrap();
    let booked = app
        .post(
            "/users/order",
            Some(agent1),
            json!({ "buyerId": buyer, "distributorId": 1, "lines": [{ "productId": product, "quantity": 1 }] }),
        )
        .await;
    let app_order = id(&booked, "orderId");

    // Two payments agent1 collected from that customer: one to read and deposit, one to reverse.
    let mut payments = Vec::new();
    for n in 1..=2 {
        let paid = app
            .post(
                "/users/payment",
                Some(agent1),
                json!({ "clientId": format!("MATRIXPH-000{n}"), "buyerId": buyer, "amount": 10, "mode": "cash",
                        "collectedAt": chrono::Utc::now().to_rfc3339() }),
            )
            .await;
        payments.push(id(&paid, "paymentId"));
    }
    let (tmp_payment, payment) = (payments.pop().unwrap(), payments.pop().unwrap());
    // A photo of a visit of agent1's.
    let saved =
        app.post("/users/customer/details", Some(agent1), json!({ "buyerID": buyer, "outcomeId": 1, "clientId": "matrix-visit" })).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let photo = app
        .multipart(
            "/users/visit/photo",
            Some(agent1),
            vec![
                ("clientId", Part::Text("matrix-visit-photo")),
                ("visitClientId", Part::Text("matrix-visit")),
                ("file", Part::File { name: "shelf.jpg", bytes: crate::photos::jpeg(5, 320, 240, 80) }),
            ],
        )
        .await;
    let photo = id(&photo, "photoId");

    let other = app.token("agent5@demo.test").await;
    let conv2 = id(&app.post(&format!("/chat/createConversation?userId={manager2}"), Some(&other), json!({})).await, "conversationId");
    let sent = app
        .post(
            "/chat/sendMessage",
            Some(&other),
            json!({ "conversationId": conv2, "receiverId": manager2, "messageText": "team2-secret-chat-text" }),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    let team2 =
        ["TEAM2-SECRET", "Team Two Secret Stores", "7770001112", "team2-secret-chat-text", "agent5@demo.test", "manager2@demo.test"]
            .map(String::from)
            .to_vec();

    let values = vec![
        ("buyer", buyer),
        ("spare", "SPARE-AGENT1".to_string()),
        ("agent1", "3".to_string()),
        ("manager", "2".to_string()),
        ("order", order),
        ("app_order", app_order),
        ("payment", payment),
        ("tmp_payment", tmp_payment),
        ("photo", photo),
        ("product", product.to_string()),
        ("distributor", "1".to_string()),
        ("delivery", delivery.to_string()),
        ("media", media),
        ("chatmedia", chatmedia),
        ("conv", conv),
        ("tmp_user", tmp_user.to_string()),
        ("gone_user", gone_user.to_string()),
        ("tmp_outcome", tmp_outcome),
        ("tmp_info_type", tmp_info_type),
        ("tmp_sub_type", tmp_sub_type),
        ("tmp_link", tmp_link),
        ("gone_link", gone_link),
        ("tmp_status", tmp_status),
        ("tmp_reason", tmp_reason),
        ("tmp_broadcast", tmp_broadcast),
        ("tmp_beat", tmp_beat),
        ("beat", beat),
    ];
    (Fixture { values, team1, team2 }, other)
}

/// Whether `text` holds `marker` as a whole value (quoted in JSON), or anywhere for long markers.
fn holds(text: &str, marker: &str) -> bool {
    if marker.len() >= 16 {
        text.contains(marker)
    } else {
        text.contains(&format!("\"{marker}\"")) || text.contains(&format!("{marker},")) || text.contains(&format!("{marker}\n"))
    }
}

#[tokio::test]
async fn every_endpoint_for_every_caller() {
    run_matrix(TABLE.iter().collect()).await;
}

/// The same table backwards: no row depends on what an earlier row changed.
#[tokio::test]
async fn the_rows_do_not_depend_on_their_order() {
    run_matrix(TABLE.iter().rev().collect()).await;
}

async fn run_matrix(rows: Vec<&Row>) {
    let started = std::time::Instant::now();
    let app = TestApp::new();
    let admin = app.as_admin().await;
    let manager = app.token("am@demo.test").await;
    let agent1 = app.as_agent(1).await;
    let (fx, other) = fixture(&app, &manager, &agent1).await;
    let blocked = app.as_agent(2).await;
    app.conn().execute("UPDATE users SET is_blocked = 1 WHERE uid = 4", []).unwrap();
    let mut tokens: [Option<String>; 6] = [Some(admin), Some(manager), Some(agent1), Some(other), Some(blocked), None];

    let (mut cells, mut leaks, mut wrong, mut own_seen) = (0usize, Vec::new(), Vec::new(), [0usize; 2]);
    let codes: std::collections::HashSet<&str> = fieldsales::app::catalogue::messages().iter().map(|m| m.code).collect();
    let mut actual_table = String::new();
    for &(method, path, send, expected) in rows {
        let path = fx.fill(path);
        let full = if path.starts_with("/webapi/") { path.clone() } else { format!("/webapi/api{path}") };
        let mut got = [0u16; 6];
        for (caller, token) in tokens.iter().enumerate() {
            let token = token.as_deref();
            let reply = match send {
                Nothing => app.call(method.parse::<Method>().unwrap(), &full, token, None).await,
                Json(body) => {
                    let body: Value = serde_json::from_str(&fx.fill(body)).expect("row body is JSON");
                    app.call(method.parse::<Method>().unwrap(), &full, token, Some(body)).await
                }
                Form(fields) => {
                    let values: Vec<String> = fields.iter().map(|(_, v)| fx.fill(v)).collect();
                    let parts = fields.iter().zip(&values).map(|((k, _), v)| (*k, Part::Text(v))).collect();
                    app.multipart(path.as_str(), token, parts).await
                }
            };
            cells += 1;
            got[caller] = reply.status.as_u16();
            if reply.status.is_client_error() || reply.status.is_server_error() {
                assert!(
                    reply.body["message"].is_string() || path.starts_with("/webapi/excelupload"),
                    "{method} {path} as {}: an error without a JSON message",
                    CALLERS[caller]
                );
                // Every error carries its stable code, one the catalogue knows (CONTRACT.md "Errors and language").
                let code = reply.body["code"].as_str().unwrap_or_default();
                assert!(
                    path.starts_with("/webapi/excelupload") || codes.contains(code),
                    "{method} {path} as {}: error code {code:?} is not in the catalogue: {}",
                    CALLERS[caller],
                    reply.body
                );
            }
            if reply.status.is_success() {
                let text = reply.body.to_string();
                let (private, own) = match caller {
                    MANAGER | OWNER => (&fx.team2, &fx.team1),
                    OTHER => (&fx.team1, &fx.team2),
                    _ => continue,
                };
                for marker in private.iter().filter(|m| holds(&text, m)) {
                    leaks.push(format!("{method} {path} as {}: {marker}", CALLERS[caller]));
                }
                // The same markers are found where they belong: the check can see a leak.
                own_seen[usize::from(caller == OTHER)] += usize::from(own.iter().any(|m| holds(&text, m)));
            }
        }
        if path == "/logout" {
            // Logging out ended the tokens: sign the live callers in again.
            for (i, email) in ["admin@demo.test", "am@demo.test", "agent1@demo.test", "agent5@demo.test"].iter().enumerate() {
                tokens[i] = Some(app.token(email).await);
            }
        }
        if got != expected {
            wrong.push(format!("{method} {path}: expected {expected:?}, got {got:?}"));
        }
        actual_table.push_str(&format!("    (\"{method}\", ..{path}.., {got:?}),\n"));
    }
    if !wrong.is_empty() {
        eprintln!("actual statuses:\n{actual_table}");
    }
    println!("matrix: {cells} cells checked, {} leaks ({} ms)", leaks.len(), started.elapsed().as_millis());
    assert!(wrong.is_empty(), "cells with another status than the table's:\n{}", wrong.join("\n"));
    assert!(leaks.is_empty(), "private data in answers:\n{}", leaks.join("\n"));
    assert!(own_seen[0] > 10 && own_seen[1] > 0, "answers holding the caller's own team's markers: {own_seen:?}");
}
