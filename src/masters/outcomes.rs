//! Visit outcomes (`/master/outcome`). The list is read on every visit screen, so it is cached in
//! memory and dropped whenever an outcome changes.

use std::sync::{Arc, RwLock};

use axum::extract::State;
use rusqlite::{named_params, Connection};
use serde::{Deserialize, Serialize};

use super::table::{self, retire, saved_answer, RetireAnswers, SaveRefusals, Upsert};
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::error::AppResult;
use crate::extract::{Json, Path};
use crate::lenient;
use crate::rights;
use crate::state::AppState;
use crate::validate::required;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub out_come_id: i64,
    pub out_come: String,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveOutcome {
    pub out_come_id: lenient::Int,
    pub out_come: Option<String>,
}

/// The cached live outcomes.
#[derive(Default)]
pub struct Cache(RwLock<Option<Arc<Vec<Outcome>>>>);

impl Cache {
    fn get(&self) -> Option<Arc<Vec<Outcome>>> {
        self.0.read().ok()?.clone()
    }
    fn put(&self, list: Arc<Vec<Outcome>>) {
        if let Ok(mut slot) = self.0.write() {
            *slot = Some(list);
        }
    }
    fn clear(&self) {
        if let Ok(mut slot) = self.0.write() {
            *slot = None;
        }
    }
}

fn live(conn: &Connection) -> rusqlite::Result<Vec<Outcome>> {
    let mut stmt = conn.prepare_cached("SELECT outcome_id, name FROM outcomes WHERE is_retired = 0 ORDER BY name")?;
    let rows = stmt.query_map([], |r| Ok(Outcome { out_come_id: r.get(0)?, out_come: r.get(1)? }))?;
    rows.collect()
}

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
    let list = Arc::new(state.db(|conn| Ok(live(conn)?)).await?);
    cache.put(list.clone());
    Ok(Json(list))
}

/// `GET /master/outcome/{id}` (signed in).
#[utoipa::path(get, path = "/master/outcome/{id}", tag = "masters", summary = "One outcome",
    responses(
        (status = 200, description = "OK", body = Outcome),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<Outcome>> {
    state
        .db(move |conn| {
            Ok(conn.query_row(
                "SELECT outcome_id, name FROM outcomes WHERE outcome_id = :id AND is_retired = 0",
                named_params! { ":id": id },
                |r| Ok(Outcome { out_come_id: r.get(0)?, out_come: r.get(1)? }),
            )?)
        })
        .await
        .map(Json)
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated outcome.
    OutcomeSaved,
    out_come_id
);

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
    let name = required(&req.out_come, "Outcome is required")?;
    let id = req.out_come_id.unwrap_or(0);
    let dup = format!("The outcome {name} already exists.");
    let sql = Upsert {
        insert: "INSERT INTO outcomes (name) VALUES (:name)",
        update: "UPDATE outcomes SET name = :name WHERE outcome_id = :id AND is_retired = 0",
    };
    let saved = state.db(move |conn| table::save(conn, id, sql, named_params! { ":name": name }, dup)).await?;
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
    state.db(move |conn| retire(conn, "outcomes", "outcome_id", id)).await?;
    cache.clear();
    Ok(Json(MessageBody::text("Outcome deleted successfully.")))
}
