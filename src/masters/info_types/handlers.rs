//! The HTTP side of the info type master.

use axum::extract::State;

use super::queries;
use super::types::{InfoSubType, InfoSubTypeSaved, InfoType, InfoTypeSaved, SaveInfoType, SaveSubType, SubTypeFilter};
use crate::auth::session::CurrentUser;
use crate::masters::handlers::retire;
use crate::masters::messages::{
    INFO_TYPE_DELETED, INFO_TYPE_NOT_FOUND, INFO_TYPE_REQUIRED, SUB_INFO_DELETED, SUB_INFO_REQUIRED, SUB_INFO_REQUIRED_OR_UPLOAD,
};
use crate::masters::queries::{RetireAnswers, SaveRefusals};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::{required, required_id};

/// `GET /master/info-type` and `GET /master/info-type-subtype` (signed in).
#[utoipa::path(get, path = "/master/info-type", tag = "masters", summary = "Live info types",
    responses(
        (status = 200, description = "OK", body = Vec<InfoType>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<InfoType>>> {
    state.db(|conn| Ok(queries::info_types(conn, None)?)).await.map(Json)
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
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<InfoType>> {
    state.db(move |conn| queries::info_types(conn, Some(id))?.pop().ok_or_else(|| AppError::not_found(INFO_TYPE_NOT_FOUND))).await.map(Json)
}

/// `POST /master/info-type` (infotype_master): creates when `infoId` is 0, else renames.
#[utoipa::path(post, path = "/master/info-type", tag = "masters", summary = "Create or update an info type",
    responses((status = 200, description = "Saved", body = InfoTypeSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveInfoType>) -> AppResult<Json<InfoTypeSaved>> {
    user.require(rights::INFOTYPE_MASTER)?;
    let name = required(&req.info_type, INFO_TYPE_REQUIRED.on("infoType"))?;
    let id = req.info_id.unwrap_or(0);
    let saved = state.db(move |conn| queries::save(conn, id, &name)).await?;
    Ok(Json(InfoTypeSaved { message: "Info type saved successfully.".into(), info_id: saved }))
}

/// `POST /master/info-type/delete/{id}` (infotype_master): retires it; submissions keep it.
#[utoipa::path(post, path = "/master/info-type/delete/{id}", tag = "masters", summary = "Retire an info type", responses(RetireAnswers))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    retire(&state, &user, rights::INFOTYPE_MASTER, move |conn| queries::retire(conn, id), INFO_TYPE_DELETED).await
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
    state.db(move |conn| Ok(queries::sub_types(conn, filter.info_id.0)?)).await.map(Json)
}

/// `GET /master/info-subtype/{id}` (signed in).
#[utoipa::path(get, path = "/master/info-subtype/{id}", tag = "masters", summary = "One info sub type",
    responses(
        (status = 200, description = "OK", body = InfoSubType),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get_sub(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<InfoSubType>> {
    state.db(move |conn| Ok(queries::sub_type_by_id(conn, id)?)).await.map(Json)
}

/// `POST /master/info-subtype` (infotype_master): creates when `infoSubId` is 0, else changes it.
#[utoipa::path(post, path = "/master/info-subtype", tag = "masters", summary = "Create or update an info sub type",
    responses((status = 200, description = "Saved", body = InfoSubTypeSaved), SaveRefusals))]
pub async fn save_sub(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveSubType>) -> AppResult<Json<InfoSubTypeSaved>> {
    user.require(rights::INFOTYPE_MASTER)?;
    let info_id = required_id(req.info_id.0, INFO_TYPE_REQUIRED.on("infoId"))?;
    let id = req.info_sub_id.unwrap_or(0);
    let name = required(&req.info_sub_type, if id == 0 { SUB_INFO_REQUIRED_OR_UPLOAD } else { SUB_INFO_REQUIRED }.on("infoSubType"))?;
    let saved = state.db(move |conn| queries::save_sub(conn, id, info_id, &name)).await?;
    Ok(Json(InfoSubTypeSaved { message: "Sub info saved successfully.".into(), info_sub_id: saved }))
}

/// `POST /master/info-subtype/delete/{id}` (infotype_master).
#[utoipa::path(post, path = "/master/info-subtype/delete/{id}", tag = "masters", summary = "Retire a sub type", responses(RetireAnswers))]
pub async fn delete_sub(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    retire(&state, &user, rights::INFOTYPE_MASTER, move |conn| queries::retire_sub(conn, id), SUB_INFO_DELETED).await
}
