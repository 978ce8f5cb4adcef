//! The HTTP side of the outcome master.

use std::sync::Arc;

use axum::extract::State;

use super::queries;
use super::types::{Cache, Outcome, OutcomeSaved, SaveOutcome};
use crate::auth::session::CurrentUser;
use crate::masters::messages::OUTCOME_REQUIRED;
use crate::masters::queries::{RetireAnswers, SaveRefusals};
use crate::platform::api::MessageBody;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Path};
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::required;

/// `GET /master/outcome` (signed in).
#[utoipa::path(get, path = "/master/outcome", tag = "masters", summary = "Live outcomes",
    responses(
        (status = 200, description = "OK", body = Vec<Outcome>)
    ))]
pub async fn list(
    State(state): State<AppState>,
    State(cache): State<Arc<Cache>>,
    _user: CurrentUser,
) -> AppResult<Json<Arc<Vec<Outcome>>>> {
    if let Some(cached) = cache.get() {
        return Ok(Json(cached));
    }
    let list = Arc::new(state.db(|conn| Ok(queries::live(conn)?)).await?);
    cache.put(list.clone());
    Ok(Json(list))
}

/// `GET /master/outcome/{id}` (signed in).
#[utoipa::path(get, path = "/master/outcome/{id}", tag = "masters", summary = "One outcome",
    responses(
        (status = 200, description = "OK", body = Outcome),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<Outcome>> {
    state.db(move |conn| Ok(queries::one(conn, id)?)).await.map(Json)
}

/// `POST /master/outcome` (outcome_master): creates when `outComeId` is 0, else renames.
#[utoipa::path(post, path = "/master/outcome", tag = "masters", summary = "Create or update an outcome",
    responses((status = 200, description = "Saved", body = OutcomeSaved), SaveRefusals))]
pub async fn save(
    State(state): State<AppState>,
    State(cache): State<Arc<Cache>>,
    user: CurrentUser,
    Json(req): Json<SaveOutcome>,
) -> AppResult<Json<OutcomeSaved>> {
    user.require(rights::OUTCOME_MASTER)?;
    let name = required(&req.out_come, OUTCOME_REQUIRED.on("outCome"))?;
    let id = req.out_come_id.unwrap_or(0);
    let saved = state.db(move |conn| queries::save(conn, id, &name)).await?;
    cache.clear();
    Ok(Json(OutcomeSaved { message: "Outcome saved successfully.".into(), out_come_id: saved }))
}

/// `POST /master/outcome/delete/{id}` (outcome_master): retires the outcome; visits keep it.
#[utoipa::path(post, path = "/master/outcome/delete/{id}", tag = "masters", summary = "Retire an outcome", responses(RetireAnswers))]
pub async fn delete(
    State(state): State<AppState>,
    State(cache): State<Arc<Cache>>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::OUTCOME_MASTER)?;
    state.db(move |conn| queries::retire(conn, id)).await?;
    cache.clear();
    Ok(Json(MessageBody::from(crate::masters::messages::OUTCOME_DELETED)))
}
