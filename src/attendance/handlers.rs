//! The working day's endpoints (issue #37). Thin: the rules are in `days`, the SQL in `queries`.

use axum::extract::State;
use axum::response::Response;

use super::days::{self, CheckedCorrection, CheckedMark};
use super::messages::*;
use super::types::{AttendancePage, AttendanceQuery, CorrectDay, DayMark, DayMarked, Today};
use crate::auth::session::CurrentUser;
use crate::platform::answers;
use crate::platform::api::{agent_filter, filter_value, MessageBody};
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Query};
use crate::platform::rights;
use crate::platform::state::AppState;

/// A tap of the caller's own day (`days::start` or `days::end`), checked and written.
async fn mark_day(
    state: &AppState,
    user: &CurrentUser,
    req: DayMark,
    tap: fn(&rusqlite::Connection, i64, CheckedMark) -> AppResult<DayMarked>,
) -> AppResult<Json<DayMarked>> {
    user.require(rights::ATTENDANCE)?;
    let mark = CheckedMark::check(req, crate::now())?;
    let me = user.uid;
    state.writer.write(move |tx| tap(tx, me, mark)).await.map(Json)
}

/// `POST /users/day/start` (attendance): the agent's "Start day", with the phone's time and
/// position as sent. A repeat of a `clientId` answers the first with `duplicate: true`.
#[utoipa::path(post, path = "/users/day/start", tag = "attendance", summary = "Start the caller's working day",
    responses(
        (status = 200, description = "Started, started before under this clientId, or started already by the first work (code day_started_at_first_work)", body = DayMarked),
        crate::platform::api::InvalidField,
        (status = 409, description = "The day was started by a tap already, or corrected by a manager", body = crate::platform::api::ErrorBody)
    ))]
pub async fn start(State(state): State<AppState>, user: CurrentUser, Json(req): Json<DayMark>) -> AppResult<Json<DayMarked>> {
    mark_day(&state, &user, req, days::start).await
}

/// `POST /users/day/end` (attendance): the agent's "End day".
#[utoipa::path(post, path = "/users/day/end", tag = "attendance", summary = "End the caller's working day",
    responses(
        (status = 200, description = "Ended, or ended before under this clientId", body = DayMarked),
        (status = 400, description = "A field is not valid, or the end is before the start", body = crate::platform::api::ErrorBody),
        (status = 409, description = "The day has not started, was ended by a tap already, or corrected by a manager", body = crate::platform::api::ErrorBody)
    ))]
pub async fn end(State(state): State<AppState>, user: CurrentUser, Json(req): Json<DayMark>) -> AppResult<Json<DayMarked>> {
    mark_day(&state, &user, req, days::end).await
}

/// `GET /users/day/today` (attendance): the caller's own day so far.
#[utoipa::path(get, path = "/users/day/today", tag = "attendance", summary = "The caller's working day today",
    responses((status = 200, description = "OK", body = Today)))]
pub async fn today(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Today>> {
    user.require(rights::ATTENDANCE)?;
    let me = user.uid;
    state.db(move |conn| days::today(conn, me, crate::now())).await.map(Json)
}

/// `GET /users/attendance?date=&agentId=` (attendance_review): every agent of the caller's on a
/// day (today by default), started or not.
#[utoipa::path(get, path = "/users/attendance", tag = "attendance", summary = "The working day of the caller's agents", params(AttendanceQuery),
    responses(
        (status = 200, description = "OK", body = AttendancePage),
        (status = 400, description = "The date is not valid", body = crate::platform::api::ErrorBody),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<AttendanceQuery>) -> AppResult<Response> {
    user.require(rights::ATTENDANCE_REVIEW)?;
    let date = filter_value(q.date.as_deref(), crate::clock::parse_date, DATE_NOT_VALID.on("date"))?
        .unwrap_or_else(crate::clock::today)
        .format("%Y-%m-%d")
        .to_string();
    let (scope, agent) = (user.scope(), agent_filter(q.agent_id.0));
    let request = format!("{date} {agent:?}");
    let body = state
        .db(move |conn| {
            answers::kept(conn, &ATTENDANCE_LIST, scope, request, || {
                let data = days::list(conn, scope.narrowed(conn, agent)?, &date, crate::now())?;
                Ok(AttendancePage { date, data })
            })
        })
        .await?;
    Ok(answers::response(body))
}

/// The Attendance list, kept (see `platform::answers`): every agent's day and activity.
pub const ATTENDANCE_LIST: answers::Kind =
    answers::Kind { name: "attendance-list", tables: &["work_days", "users", "visits", "orders", "payments", "visit_photos"] };

/// `POST /users/attendance/correct` (attendance_review): a manager sets a day's start and/or end,
/// with a reason; the day shows `corrected` and the change is in the audit log.
#[utoipa::path(post, path = "/users/attendance/correct", tag = "attendance", summary = "Correct an agent's working day",
    responses(
        (status = 200, description = "Corrected", body = MessageBody),
        crate::platform::api::MissingField,
        (status = 404, description = "No such day among the caller's agents", body = crate::platform::api::ErrorBody)
    ))]
pub async fn correct(State(state): State<AppState>, user: CurrentUser, Json(req): Json<CorrectDay>) -> AppResult<Json<MessageBody>> {
    user.require(rights::ATTENDANCE_REVIEW)?;
    let correction = CheckedCorrection::check(req)?;
    let (scope, by, as_uid) = (user.scope(), user.impersonator.unwrap_or(user.uid), user.uid);
    state
        .db(move |conn| {
            let tx = conn.unchecked_transaction()?;
            days::correct(&tx, scope, by, as_uid, correction, crate::now())?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::from(DAY_CORRECTED)))
}
