//! Beat endpoints (issue #19): the list, one beat, save, delete; the agent's day; the map's tile
//! settings. Thin: the checks and SQL are in `queries` and `plan`.

use axum::extract::State;

use super::queries::plan;
use super::queries::{self, CheckedBeat};
use super::types::{BeatDetail, BeatPage, BeatQuery, BeatSaved, DayPlan, MapSettings, PlanQuery, SaveBeat};
use crate::auth::session::CurrentUser;
use crate::platform::api::{agent_filter, MessageBody};
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::nonblank;

crate::platform::api::refusals! {
    /// The beat named is not one the caller may see (or does not exist: the same answer).
    NoSuchBeat = 404, "No such beat among the caller's";
}

/// Planners (beat_master: administrators, area managers) and agents, who read their own beats and day with the visit right.
const READ_RIGHTS: &[crate::platform::rights::Right] = &[rights::BEAT_MASTER, rights::CUSTOMER_VISIT];

/// `GET /master/beat?agentId=&search=&pageNumber=` (beat_master, or an agent's own with
/// customer_visit): 30 live beats a page, by agent and beat name.
#[utoipa::path(get, path = "/master/beat", tag = "beats", summary = "A page of 30 beats of the caller's agents", params(BeatQuery),
    responses(
        (status = 200, description = "OK", body = BeatPage),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<BeatQuery>) -> AppResult<Json<BeatPage>> {
    user.require_any(READ_RIGHTS)?;
    let scope = user.scope();
    let search = nonblank(q.search);
    state
        .db(move |conn| {
            // The screens send 0 for "all of mine".
            let narrowed = scope.narrowed(conn, agent_filter(q.agent_id.0))?;
            queries::page(conn, narrowed, search.as_deref(), q.page_number.unwrap_or(1))
        })
        .await
        .map(Json)
}

/// `GET /master/beat/{id}` (beat_master, or an agent's own with customer_visit): a live beat with
/// its customers in order.
#[utoipa::path(get, path = "/master/beat/{id}", tag = "beats", summary = "One beat with its customers in visiting order",
    params(("id" = i64, Path, description = "The beat's id")),
    responses(
        (status = 200, description = "OK", body = BeatDetail),
        NoSuchBeat
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<BeatDetail>> {
    user.require_any(READ_RIGHTS)?;
    let scope = user.scope();
    state.db(move |conn| queries::detail(conn, scope, id)).await.map(Json)
}

/// `POST /master/beat` (beat_master): creates a beat of one of the caller's agents, or updates
/// `beatId`; its weekdays and customers (the agent's own, in visiting order) hold from today.
#[utoipa::path(post, path = "/master/beat", tag = "beats", summary = "Create or update a beat",
    responses(
        (status = 200, description = "Saved", body = BeatSaved),
        (status = 400, description = "A field or customer is not valid", body = crate::platform::api::ErrorBody),
        (status = 404, description = "No such agent or beat among the caller's", body = crate::platform::api::ErrorBody),
        (status = 409, description = "The agent has a beat of this name", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveBeat>) -> AppResult<Json<BeatSaved>> {
    user.require(rights::BEAT_MASTER)?;
    let beat = CheckedBeat::check(req)?;
    let scope = user.scope();
    let now = crate::now();
    let beat_id = state
        .db(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let id = queries::save(&tx, scope, beat, &crate::clock::today_text(), now)?;
            tx.commit()?;
            Ok(id)
        })
        .await?;
    Ok(Json(BeatSaved { message: super::messages::SAVED.text.into(), beat_id }))
}

/// `POST /master/beat/delete/{id}` (beat_master): the beat stops running today; the report keeps
/// its past days.
#[utoipa::path(post, path = "/master/beat/delete/{id}", tag = "beats", summary = "Delete a beat (past days keep it)",
    params(("id" = i64, Path, description = "The beat's id")),
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        NoSuchBeat
    ))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::BEAT_MASTER)?;
    let scope = user.scope();
    let now = crate::now();
    state.db(move |conn| queries::delete(conn, scope, id, &crate::clock::today_text(), now)).await?;
    Ok(Json(MessageBody::from(super::messages::DELETED)))
}

/// `GET /users/plan/today?agentId=` (customer_visit for an agent's own day; beat_master for one of
/// the caller's agents): today's beats, planned customers in order with what was done, unplanned
/// visits and the figures.
#[utoipa::path(get, path = "/users/plan/today", tag = "beats", summary = "An agent's plan of today and what was done of it", params(PlanQuery),
    responses(
        (status = 200, description = "OK", body = DayPlan),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn today_plan(State(state): State<AppState>, user: CurrentUser, Query(q): Query<PlanQuery>) -> AppResult<Json<DayPlan>> {
    user.require_any(READ_RIGHTS)?;
    let scope = user.scope();
    let agent = UserId(q.agent_id.filter(|a| *a > 0).unwrap_or(user.uid));
    state
        .db(move |conn| {
            let name = queries::agent_name(conn, scope, agent)?;
            Ok(plan::day_plan(conn, agent, name, crate::clock::today())?)
        })
        .await
        .map(Json)
}

/// `GET /users/map/settings` (any signed-in user): the map's tile server and its credit.
#[utoipa::path(get, path = "/users/map/settings", tag = "beats", summary = "Where the map's tiles come from",
    responses(
        (status = 200, description = "OK", body = MapSettings)
    ))]
pub async fn map_settings(State(state): State<AppState>) -> Json<MapSettings> {
    Json(MapSettings { tile_url: state.config.tile_url.clone(), attribution: state.config.tile_attribution.clone() })
}
