//! The monthly scorecard: an agent's own, a manager's view of each of their agents.

pub mod queries;

use axum::extract::State;

use self::queries::card;
use super::types::Scorecard;
use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Path};
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;

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
        crate::platform::api::NoSuchAgent
    ))]
pub async fn of_agent(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<Option<Scorecard>>> {
    user.require(rights::SCORE_CARD)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            // The one scope rule: a manager's agents (deleted ones too), an agent themselves.
            scope.narrowed(conn, Some(UserId(agent)))?;
            Ok(card(conn, agent)?)
        })
        .await
        .map(Json)
}
