//! Info types and their sub types (`/master/info-type`, `/master/info-subtype`,
//! `/master/info-type-subtype`), including the spreadsheet upload of sub type names.

use axum::extract::State;
use rusqlite::{named_params, Connection};
use serde::{Deserialize, Serialize};

use super::table::{self, retire, saved_answer, Parent, RetireAnswers, SaveRefusals, Upsert};
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path, Query};
use crate::lenient;
use crate::rights;
use crate::state::AppState;
use crate::validate::{required, required_id};

const INFO_TYPE_REQUIRED: &str = "Info Type is required.";
const TYPE_NOT_FOUND: &str = "The info type was not found.";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubInfo {
    pub info_sub_id: i64,
    pub info_sub_type: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoType {
    pub info_id: i64,
    pub info_type: String,
    pub sub_info: Vec<SubInfo>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoSubType {
    pub info_sub_id: i64,
    pub info_id: i64,
    pub info_type: String,
    pub info_sub_type: String,
}

/// Live info types (all, or the one `only`), each with its live sub types.
fn info_types(conn: &Connection, only: Option<i64>) -> rusqlite::Result<Vec<InfoType>> {
    let mut stmt = conn.prepare_cached(
        "SELECT info_id, name FROM info_types
         WHERE is_retired = 0 AND (:only IS NULL OR info_id = :only) ORDER BY name",
    )?;
    let mut types: Vec<InfoType> = stmt
        .query_map(named_params! { ":only": only }, |r| Ok(InfoType { info_id: r.get(0)?, info_type: r.get(1)?, sub_info: Vec::new() }))?
        .collect::<Result<_, _>>()?;
    for sub in sub_types(conn, only)? {
        if let Some(parent) = types.iter_mut().find(|t| t.info_id == sub.info_id) {
            parent.sub_info.push(SubInfo { info_sub_id: sub.info_sub_id, info_sub_type: sub.info_sub_type });
        }
    }
    Ok(types)
}

/// Live sub types whose info type is live too (all, or those of `info_id`).
fn sub_types(conn: &Connection, info_id: Option<i64>) -> rusqlite::Result<Vec<InfoSubType>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.info_sub_id, s.info_id, t.name, s.name FROM info_sub_types s
         JOIN info_types t ON t.info_id = s.info_id AND t.is_retired = 0
         WHERE s.is_retired = 0 AND (:info IS NULL OR s.info_id = :info)
         ORDER BY t.name, s.name",
    )?;
    let rows = stmt.query_map(named_params! { ":info": info_id }, |r| {
        Ok(InfoSubType { info_sub_id: r.get(0)?, info_id: r.get(1)?, info_type: r.get(2)?, info_sub_type: r.get(3)? })
    })?;
    rows.collect()
}

/// `GET /master/info-type` and `GET /master/info-type-subtype` (signed in).
#[utoipa::path(get, path = "/master/info-type", tag = "masters", summary = "Live info types",
    responses(
        (status = 200, description = "OK", body = Vec<InfoType>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<InfoType>>> {
    state.db(|conn| Ok(info_types(conn, None)?)).await.map(Json)
}

/// `GET /master/info-type-subtype` (signed in): the same list under the name the sub info screens use.
#[utoipa::path(get, path = "/master/info-type-subtype", tag = "masters", summary = "Live info types with their sub types",
    responses(
        (status = 200, description = "OK", body = Vec<InfoType>)
    ))]
pub async fn list_with_sub_types(state: State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<InfoType>>> {
    list(state, user).await
}

/// `GET /master/info-type/{id}` (signed in).
#[utoipa::path(get, path = "/master/info-type/{id}", tag = "masters", summary = "One info type",
    responses(
        (status = 200, description = "OK", body = InfoType),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<InfoType>> {
    state.db(move |conn| info_types(conn, Some(id))?.pop().ok_or_else(|| AppError::not_found(TYPE_NOT_FOUND))).await.map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveInfoType {
    pub info_id: lenient::Int,
    pub info_type: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated info type.
    InfoTypeSaved,
    info_id
);

/// `POST /master/info-type` (infotype_master): creates when `infoId` is 0, else renames.
#[utoipa::path(post, path = "/master/info-type", tag = "masters", summary = "Create or update an info type",
    responses((status = 200, description = "Saved", body = InfoTypeSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveInfoType>) -> AppResult<Json<InfoTypeSaved>> {
    user.require(rights::INFOTYPE_MASTER)?;
    let name = required(&req.info_type, INFO_TYPE_REQUIRED)?;
    let id = req.info_id.unwrap_or(0);
    let dup = format!("The info type {name} already exists.");
    let sql = Upsert {
        insert: "INSERT INTO info_types (name) VALUES (:name)",
        update: "UPDATE info_types SET name = :name WHERE info_id = :id AND is_retired = 0",
    };
    let saved = state.db(move |conn| table::save(conn, id, sql, named_params! { ":name": name }, dup)).await?;
    Ok(Json(InfoTypeSaved { message: "Info type saved successfully.".into(), info_id: saved }))
}

/// `POST /master/info-type/delete/{id}` (infotype_master): retires it; submissions keep it.
#[utoipa::path(post, path = "/master/info-type/delete/{id}", tag = "masters", summary = "Retire an info type", responses(RetireAnswers))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::INFOTYPE_MASTER)?;
    state.db(move |conn| retire(conn, "info_types", "info_id", id)).await?;
    Ok(Json(MessageBody::text("Info type deleted successfully.")))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct SubTypeFilter {
    pub info_id: lenient::Int,
}

/// `GET /master/info-subtype[?infoId=]` (signed in).
#[utoipa::path(get, path = "/master/info-subtype", tag = "masters", summary = "Live info sub types", params(SubTypeFilter),
    responses(
        (status = 200, description = "OK", body = Vec<InfoSubType>)
    ))]
pub async fn list_sub(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(filter): Query<SubTypeFilter>,
) -> AppResult<Json<Vec<InfoSubType>>> {
    state.db(move |conn| Ok(sub_types(conn, filter.info_id.0)?)).await.map(Json)
}

/// `GET /master/info-subtype/{id}` (signed in).
#[utoipa::path(get, path = "/master/info-subtype/{id}", tag = "masters", summary = "One info sub type",
    responses(
        (status = 200, description = "OK", body = InfoSubType),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get_sub(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<InfoSubType>> {
    state
        .db(move |conn| {
            Ok(conn.query_row(
                "SELECT s.info_sub_id, s.info_id, t.name, s.name FROM info_sub_types s
                 JOIN info_types t ON t.info_id = s.info_id
                 WHERE s.info_sub_id = :id AND s.is_retired = 0 AND t.is_retired = 0",
                named_params! { ":id": id },
                |r| Ok(InfoSubType { info_sub_id: r.get(0)?, info_id: r.get(1)?, info_type: r.get(2)?, info_sub_type: r.get(3)? }),
            )?)
        })
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveSubType {
    pub info_sub_id: lenient::Int,
    pub info_id: lenient::Int,
    pub info_sub_type: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated sub type.
    InfoSubTypeSaved,
    info_sub_id
);

/// `POST /master/info-subtype` (infotype_master): creates when `infoSubId` is 0, else changes it.
#[utoipa::path(post, path = "/master/info-subtype", tag = "masters", summary = "Create or update an info sub type",
    responses((status = 200, description = "Saved", body = InfoSubTypeSaved), SaveRefusals))]
pub async fn save_sub(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveSubType>) -> AppResult<Json<InfoSubTypeSaved>> {
    user.require(rights::INFOTYPE_MASTER)?;
    let info_id = required_id(req.info_id.0, INFO_TYPE_REQUIRED)?;
    let id = req.info_sub_id.unwrap_or(0);
    let name = required(
        &req.info_sub_type,
        if id == 0 { "Please Enter SubInfo Name or upload excel of SubInfo Type" } else { "Please Enter SubInfo Name" },
    )?;
    let dup = format!("The sub info {name} already exists for this info type.");
    let sql = Upsert {
        insert: "INSERT INTO info_sub_types (info_id, name) VALUES (:info, :name)",
        update: "UPDATE info_sub_types SET info_id = :info, name = :name WHERE info_sub_id = :id AND is_retired = 0",
    };
    let parent = Parent { table: "info_types", id_column: "info_id", id: info_id, not_found: TYPE_NOT_FOUND };
    let saved =
        state.db(move |conn| table::save_under(conn, parent, id, sql, named_params! { ":info": info_id, ":name": name }, dup)).await?;
    Ok(Json(InfoSubTypeSaved { message: "Sub info saved successfully.".into(), info_sub_id: saved }))
}

/// `POST /master/info-subtype/delete/{id}` (infotype_master).
#[utoipa::path(post, path = "/master/info-subtype/delete/{id}", tag = "masters", summary = "Retire a sub type", responses(RetireAnswers))]
pub async fn delete_sub(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::INFOTYPE_MASTER)?;
    state.db(move |conn| retire(conn, "info_sub_types", "info_sub_id", id)).await?;
    Ok(Json(MessageBody::text("Sub info deleted successfully.")))
}
