//! The monthly scorecard: an agent's own, a manager's view of each of their agents.

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension};
use serde::Serialize;

use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path};
use crate::rights;
use crate::rights::AGENT;
use crate::scope::Scope;
use crate::state::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scorecard {
    pub updated_upto: String,
    #[serde(rename = "agentID")]
    pub agent_id: String,
    pub ttv_target: f64,
    pub ttv_achieved: f64,
    pub ttv_achieved_percentage: f64,
    #[serde(rename = "lastMonthTTV")]
    pub last_month_ttv: f64,
    pub retailer_target: i64,
    pub retailers_achieved: i64,
    pub retailers_achieved_percentage: f64,
    pub last_month_active_retailers: i64,
    pub ttv_projection: f64,
    #[serde(rename = "proposedIncentiveBasedOnProjectedTTV")]
    pub proposed_incentive: f64,
    pub qualification_status: String,
}

fn percent(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        (part * 10_000.0 / whole).round() / 100.0
    } else {
        0.0
    }
}

fn card(conn: &Connection, agent: i64) -> rusqlite::Result<Option<Scorecard>> {
    conn.query_row(
        "SELECT s.updated_upto, u.email, s.ttv_target, s.ttv_achieved, s.last_month_ttv, s.retailer_target,
                s.retailers_achieved, s.last_month_active_retailers, s.ttv_projection, s.proposed_incentive,
                s.qualification_status
         FROM scorecards s JOIN users u ON u.uid = s.agent_id WHERE s.agent_id = :a",
        named_params! { ":a": agent },
        |r| {
            let (target, achieved): (f64, f64) = (r.get(2)?, r.get(3)?);
            let (retailers, done): (i64, i64) = (r.get(5)?, r.get(6)?);
            Ok(Scorecard {
                updated_upto: r.get(0)?,
                agent_id: r.get(1)?,
                ttv_target: target,
                ttv_achieved: achieved,
                ttv_achieved_percentage: percent(achieved, target),
                last_month_ttv: r.get(4)?,
                retailer_target: retailers,
                retailers_achieved: done,
                retailers_achieved_percentage: percent(done as f64, retailers as f64),
                last_month_active_retailers: r.get(7)?,
                ttv_projection: r.get(8)?,
                proposed_incentive: r.get(9)?,
                qualification_status: r.get(10)?,
            })
        },
    )
    .optional()
}

/// `GET /users/scorecard` (score_card): the caller's own card, or `null` when there is none
/// (the screen shows 'No Data Available').
#[utoipa::path(get, path = "/users/scorecard", tag = "customers", summary = "The caller's own scorecard (null when none)",
    responses(
        (status = 200, description = "OK", body = Option<Scorecard>)
    ))]
pub async fn mine(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Option<Scorecard>>> {
    user.require(rights::SCORE_CARD)?;
    let me = user.uid;
    state.db(move |conn| Ok(card(conn, me)?)).await.map(Json)
}

/// `GET /users/scorecardAM/{agentId}` (score_card): an agent's card for their manager (or an
/// administrator); another manager's agent is a 404.
#[utoipa::path(get, path = "/users/scorecardAM/{id}", tag = "customers", summary = "An agent's scorecard for their manager (null when none)",
    responses(
        (status = 200, description = "OK", body = Option<Scorecard>),
        (status = 404, description = "No such agent among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn of_agent(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<Option<Scorecard>>> {
    user.require(rights::SCORE_CARD)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let manager: Option<i64> = conn
                .query_row(
                    "SELECT manager_id FROM users WHERE uid = :a AND user_type_id = :agent AND is_deleted = 0",
                    named_params! { ":a": agent, ":agent": AGENT },
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| AppError::not_found("The agent was not found."))?;
            let allowed = match scope {
                Scope::All => true,
                Scope::Team { manager: me } => manager == Some(me.0),
                Scope::Own { uid } => uid.0 == agent,
            };
            if !allowed {
                return Err(AppError::not_found("The agent was not found."));
            }
            Ok(card(conn, agent)?)
        })
        .await
        .map(Json)
}
