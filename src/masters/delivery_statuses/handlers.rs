//! The HTTP side of the delivery status master.

use axum::extract::State;

use super::queries;
use super::types::{AdditionalReason, AdditionalReasonSaved, DeliveryStatus, DeliveryStatusSaved, ReasonFilter, SaveReason, SaveStatus};
use crate::auth::session::CurrentUser;
use crate::masters::handlers::retire;
use crate::masters::messages::{
    ADDITIONAL_REASON_DELETED, DELIVERY_STATUS_DELETED, DELIVERY_STATUS_NOT_FOUND, DELIVERY_STATUS_REQUIRED, REASON_NOT_FOUND,
    REASON_REQUIRED,
};
use crate::masters::queries::{RetireAnswers, SaveRefusals};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::{required, required_id};

/// `GET /master/deliveryStatus` (signed in).
#[utoipa::path(get, path = "/master/deliveryStatus", tag = "masters", summary = "Live delivery statuses",
    responses(
        (status = 200, description = "OK", body = Vec<DeliveryStatus>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<DeliveryStatus>>> {
    state.db(|conn| Ok(queries::statuses(conn, None, false)?)).await.map(Json)
}

/// `GET /master/deliveryStatus/withReasons` (signed in): the statuses that require a reason.
#[utoipa::path(get, path = "/master/deliveryStatus/withReasons", tag = "masters", summary = "Live delivery statuses with their additional reasons",
    responses(
        (status = 200, description = "OK", body = Vec<DeliveryStatus>)
    ))]
pub async fn list_with_reasons(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<DeliveryStatus>>> {
    state.db(|conn| Ok(queries::statuses(conn, None, true)?)).await.map(Json)
}

/// `GET /master/deliveryStatus/{id}` (signed in).
#[utoipa::path(get, path = "/master/deliveryStatus/{id}", tag = "masters", summary = "One delivery status",
    responses(
        (status = 200, description = "OK", body = DeliveryStatus),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<DeliveryStatus>> {
    state
        .db(move |conn| queries::statuses(conn, Some(id), false)?.pop().ok_or_else(|| AppError::not_found(DELIVERY_STATUS_NOT_FOUND)))
        .await
        .map(Json)
}

/// `POST /master/deliveryStatus` (delivery_status_master): id 0 creates. Yes/No flags default to No.
#[utoipa::path(post, path = "/master/deliveryStatus", tag = "masters", summary = "Create or update a delivery status",
    responses((status = 200, description = "Saved", body = DeliveryStatusSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveStatus>) -> AppResult<Json<DeliveryStatusSaved>> {
    user.require(rights::DELIVERY_STATUS_MASTER)?;
    let name = required(&req.delivery_status, DELIVERY_STATUS_REQUIRED.on("deliveryStatus"))?;
    let id = req.delivery_status_id.unwrap_or(0);
    let lock = req.record_lock.unwrap_or(false);
    let reasons = req.additional_reason_code.unwrap_or(false);
    let saved = state.db(move |conn| queries::save(conn, id, &name, lock, reasons)).await?;
    Ok(Json(DeliveryStatusSaved { message: "Delivery status saved successfully.".into(), delivery_status_id: saved }))
}

/// `POST /master/deliveryStatus/delete/{id}` (delivery_status_master): retires it and its reasons.
#[utoipa::path(
    post,
    path = "/master/deliveryStatus/delete/{id}",
    tag = "masters",
    summary = "Retire a delivery status",
    responses(RetireAnswers)
)]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    retire(&state, &user, rights::DELIVERY_STATUS_MASTER, move |conn| queries::retire(conn, id), DELIVERY_STATUS_DELETED).await
}

/// `GET /master/additionalReason[?deliveryStatusID=]` (signed in).
#[utoipa::path(get, path = "/master/additionalReason", tag = "masters", summary = "Live additional reasons", params(ReasonFilter),
    responses(
        (status = 200, description = "OK", body = Vec<AdditionalReason>)
    ))]
pub async fn list_reasons(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(filter): Query<ReasonFilter>,
) -> AppResult<Json<Vec<AdditionalReason>>> {
    state.db(move |conn| Ok(queries::reasons(conn, None, filter.delivery_status_id.0)?)).await.map(Json)
}

/// `GET /master/additionalReason/{id}` (signed in).
#[utoipa::path(get, path = "/master/additionalReason/{id}", tag = "masters", summary = "One additional reason",
    responses(
        (status = 200, description = "OK", body = AdditionalReason),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get_reason(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<AdditionalReason>> {
    state.db(move |conn| queries::reasons(conn, Some(id), None)?.pop().ok_or_else(|| AppError::not_found(REASON_NOT_FOUND))).await.map(Json)
}

/// `POST /master/additionalReason` (additional_reason_master): id 0 creates.
#[utoipa::path(post, path = "/master/additionalReason", tag = "masters", summary = "Create or update an additional reason",
    responses((status = 200, description = "Saved", body = AdditionalReasonSaved), SaveRefusals))]
pub async fn save_reason(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<SaveReason>,
) -> AppResult<Json<AdditionalReasonSaved>> {
    user.require(rights::ADDITIONAL_REASON_MASTER)?;
    let status = required_id(req.delivery_status_id.0, DELIVERY_STATUS_REQUIRED.on("deliveryStatusID"))?;
    let code = required(&req.additional_reason_code, REASON_REQUIRED.on("additionalReasonCode"))?;
    let id = req.reason_code_id.unwrap_or(0);
    let saved = state.db(move |conn| queries::save_reason(conn, id, status, &code)).await?;
    Ok(Json(AdditionalReasonSaved { message: "Additional reason saved successfully.".into(), reason_code_id: saved }))
}

/// `POST /master/additionalReason/delete/{id}` (additional_reason_master).
#[utoipa::path(post, path = "/master/additionalReason/delete/{id}", tag = "masters", summary = "Retire a reason", responses(RetireAnswers))]
pub async fn delete_reason(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    retire(&state, &user, rights::ADDITIONAL_REASON_MASTER, move |conn| queries::retire_reason(conn, id), ADDITIONAL_REASON_DELETED).await
}
