//! Targets endpoints (issue #53): an agent's month, the team view, setting targets, holidays and
//! incentive slabs. Thin: the checks and SQL are in `queries`.

use axum::extract::State;
use axum::response::Response;

use super::messages::*;
use super::queries::{self, Measure};
use super::types::*;
use crate::auth::session::CurrentUser;
use crate::platform::answers;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights::{self, UserType};
use crate::platform::state::AppState;

/// `GET /users/targets?agentId=&month=` (any signed-in user, in their scope): an agent's month,
/// each measure achieved of target with the projection and what is needed per day, and the
/// incentive earned and the next slab. Agents read their own; managers their agents;
/// administrators anyone's.
#[utoipa::path(get, path = "/users/targets", tag = "targets", summary = "An agent's targets of a month: achieved, projected, needed, incentive",
    params(TargetsQuery),
    responses(
        (status = 200, description = "OK", body = Targets),
        (status = 400, description = "The month is not valid, or agentId is missing for a manager", body = crate::platform::api::ErrorBody),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn agent(State(state): State<AppState>, user: CurrentUser, Query(q): Query<TargetsQuery>) -> AppResult<Response> {
    let agent = match (q.agent_id.0, user.user_type) {
        (Some(a), _) => UserId(a),
        (None, UserType::Agent) => UserId(user.uid),
        (None, _) => return Err(AppError::bad_request(TARGET_AGENT_REQUIRED.on("agentId"))),
    };
    let (scope, today) = (user.scope(), crate::clock::today());
    let request = format!("{} {:?} {today}", agent.0, q.month);
    let body = state
        .db(move |conn| {
            answers::kept(conn, &AGENT_TARGETS, scope, request, || queries::agent_targets(conn, scope, agent, q.month.as_deref(), today))
        })
        .await?;
    Ok(answers::response(body))
}

/// What was achieved of a target is read from these (the team view's too).
const FIGURES_TABLES: &[&str] =
    &["orders", "visits", "payments", "targets", "holidays", "incentive_slabs", "users", "returns", "outlet_proposals"];
/// An agent's month, kept (see `platform::answers`).
pub const AGENT_TARGETS: answers::Kind = answers::Kind { name: "agent-targets", tables: FIGURES_TABLES };
/// The team view, kept: 200 agents' six measures are read once a second at most.
pub const TEAM_TARGETS: answers::Kind = answers::Kind { name: "team-targets", tables: FIGURES_TABLES };

/// `GET /users/targets/team?month=` (target_master): every agent of the caller's (an
/// administrator's: every agent) by measure, by name.
#[utoipa::path(get, path = "/users/targets/team", tag = "targets", summary = "The team view: the caller's agents by measure",
    params(TeamQuery),
    responses(
        (status = 200, description = "OK", body = Team),
        (status = 400, description = "The month is not valid", body = crate::platform::api::ErrorBody)
    ))]
pub async fn team(State(state): State<AppState>, user: CurrentUser, Query(q): Query<TeamQuery>) -> AppResult<Response> {
    user.require(rights::TARGET_MASTER)?;
    let (scope, today) = (user.scope(), crate::clock::today());
    let (month, _, _) = queries::month_of(q.month.as_deref(), today)?;
    let body = state
        .db(move |conn| {
            let request = format!("{month} {today}");
            answers::kept(conn, &TEAM_TARGETS, scope, request, || queries::team(conn, scope, Some(&month), today))
        })
        .await?;
    Ok(answers::response(body))
}

/// `POST /master/target` with `{agentId, month, measure, target}` (target_master: administrators
/// anyone's, area managers their own agents'): sets the target; a null or empty target removes it.
#[utoipa::path(post, path = "/master/target", tag = "targets", summary = "Set or remove an agent's target of a month",
    request_body = SetTarget,
    responses(
        (status = 200, description = "Saved or removed", body = TargetSaved),
        crate::platform::api::InvalidField,
        crate::platform::api::NoSuchAgent
    ))]
pub async fn set_target(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SetTarget>) -> AppResult<Json<TargetSaved>> {
    user.require(rights::TARGET_MASTER)?;
    let agent = req.agent_id.0.map(UserId).ok_or_else(|| AppError::bad_request(TARGET_AGENT_REQUIRED.on("agentId")))?;
    let month = req.month.as_deref().map(str::trim).unwrap_or_default().to_string();
    queries::month(&month).ok_or_else(|| AppError::bad_request(TARGET_MONTH_NOT_VALID.on("month")))?;
    let measure =
        req.measure.as_deref().and_then(Measure::parse).ok_or_else(|| AppError::bad_request(TARGET_MEASURE_NOT_VALID.on("measure")))?;
    let text = match &req.target {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => None,
        Some(serde_json::Value::String(s)) => Some(s.trim().to_string()),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(_) => return Err(AppError::bad_request(TARGET_VALUE_NOT_VALID.on("target"))),
    };
    let target = match text {
        None => None,
        Some(t) => Some(
            measure.parse_target(&t, state.config.max_amount).ok_or_else(|| AppError::bad_request(TARGET_VALUE_NOT_VALID.on("target")))?,
        ),
    };
    let (scope, by, now) = (user.scope(), UserId(user.uid), crate::now());
    let m = month.clone();
    state.writer.write(move |tx| queries::set_target(tx, scope, agent, &m, measure, target, (by, now))).await?;
    let said = if target.is_some() { TARGET_SAVED } else { TARGET_REMOVED };
    Ok(Json(TargetSaved {
        message: said.text.into(),
        code: said.code.into(),
        agent_id: agent.0,
        month,
        measure: measure.code().into(),
        target: target.map(|t| measure.shown(t)),
    }))
}

fn administrators_only(user: &CurrentUser) -> AppResult<()> {
    user.require(rights::TARGET_MASTER)?;
    if user.user_type != UserType::Administrator {
        return Err(AppError::forbidden(TARGETS_ADMINISTRATORS_ONLY));
    }
    Ok(())
}

/// `GET /master/holiday?year=` (target_master): the holidays, by date.
#[utoipa::path(get, path = "/master/holiday", tag = "targets", summary = "The holidays", params(HolidayQuery),
    responses((status = 200, description = "OK", body = [Holiday])))]
pub async fn holidays(State(state): State<AppState>, user: CurrentUser, Query(q): Query<HolidayQuery>) -> AppResult<Json<Vec<Holiday>>> {
    user.require(rights::TARGET_MASTER)?;
    state.db(move |conn| queries::holidays(conn, q.year.0)).await.map(Json)
}

/// `POST /master/holiday` with `{date, name}` (administrators): a day off for everyone, taken out
/// of every month's working days; the same date again renames it.
#[utoipa::path(post, path = "/master/holiday", tag = "targets", summary = "Add or rename a holiday (administrators)",
    request_body = SetHoliday,
    responses(
        (status = 200, description = "Saved", body = Saved),
        crate::platform::api::InvalidField,
        crate::platform::api::NotAdministrator
    ))]
pub async fn set_holiday(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SetHoliday>) -> AppResult<Json<Saved>> {
    administrators_only(&user)?;
    let date = req.date.as_deref().map(str::trim).unwrap_or_default().to_string();
    crate::clock::parse_date(&date).ok_or_else(|| AppError::bad_request(HOLIDAY_DATE_NOT_VALID.on("date")))?;
    let name = crate::platform::validate::required(&req.name, HOLIDAY_NAME_REQUIRED.on("name"))?;
    crate::platform::validate::limits::NAME.check(&name)?;
    let (by, now) = (UserId(user.uid), crate::now());
    state.writer.write(move |tx| queries::set_holiday(tx, &date, &name, by, now)).await?;
    Ok(Json(Saved::from(HOLIDAY_SAVED)))
}

/// `POST /master/holiday/delete/{date}` (administrators): the day is a working day again.
#[utoipa::path(post, path = "/master/holiday/delete/{date}", tag = "targets", summary = "Remove a holiday (administrators)",
    params(("date" = String, Path, description = "YYYY-MM-DD")),
    responses(
        (status = 200, description = "Removed", body = Saved),
        crate::platform::api::NotAdministrator,
        (status = 404, description = "No such holiday", body = crate::platform::api::ErrorBody)
    ))]
pub async fn remove_holiday(State(state): State<AppState>, user: CurrentUser, Path(date): Path<String>) -> AppResult<Json<Saved>> {
    administrators_only(&user)?;
    let date = date.trim().to_string();
    state.writer.write(move |tx| queries::remove_holiday(tx, &date)).await?;
    Ok(Json(Saved::from(HOLIDAY_REMOVED)))
}

/// `GET /master/incentive` (target_master): every measure's slabs, lowest first.
#[utoipa::path(get, path = "/master/incentive", tag = "targets", summary = "The incentive slabs",
    responses((status = 200, description = "OK", body = [MeasureSlabs])))]
pub async fn incentives(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<MeasureSlabs>>> {
    user.require(rights::TARGET_MASTER)?;
    state.db(|conn| queries::all_slabs(conn)).await.map(Json)
}

/// `POST /master/incentive` with `{measure, slabs: [{fromPercent, payout}]}` (administrators): the
/// measure's slabs, replacing those before; the highest slab reached pays, below the first nothing.
#[utoipa::path(post, path = "/master/incentive", tag = "targets", summary = "Set a measure's incentive slabs (administrators)",
    request_body = SetIncentive,
    responses(
        (status = 200, description = "Saved", body = Saved),
        crate::platform::api::InvalidField,
        crate::platform::api::NotAdministrator
    ))]
pub async fn set_incentive(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SetIncentive>) -> AppResult<Json<Saved>> {
    administrators_only(&user)?;
    let measure =
        req.measure.as_deref().and_then(Measure::parse).ok_or_else(|| AppError::bad_request(TARGET_MEASURE_NOT_VALID.on("measure")))?;
    let mut slabs = req.slabs;
    slabs.sort_by_key(|s| s.from_percent);
    let valid = slabs.len() <= 20
        && slabs.iter().all(|s| (1..=1000).contains(&s.from_percent) && s.payout.paise() >= 0 && s.payout <= state.config.max_amount)
        && slabs.windows(2).all(|w| w[0].from_percent < w[1].from_percent);
    if !valid {
        return Err(AppError::bad_request(INCENTIVE_SLABS_NOT_VALID.on("slabs")));
    }
    state.writer.write(move |tx| queries::set_slabs(tx, measure, &slabs)).await?;
    Ok(Json(Saved::from(INCENTIVE_SAVED)))
}
