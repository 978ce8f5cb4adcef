//! Delivery statuses and the additional reasons a status may require
//! (`/master/deliveryStatus`, `/master/additionalReason`).

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

const STATUS_REQUIRED: &str = "Delivery Status is Required";
const STATUS_NOT_FOUND: &str = "The delivery status was not found.";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryStatus {
    #[serde(rename = "deliveryStatusID")]
    pub delivery_status_id: i64,
    pub delivery_status: String,
    pub record_lock: bool,
    /// True when a reason must be chosen for this status.
    pub additional_reason_code: bool,
}

fn statuses(conn: &Connection, only: Option<i64>, with_reasons_only: bool) -> rusqlite::Result<Vec<DeliveryStatus>> {
    let mut stmt = conn.prepare_cached(
        "SELECT delivery_status_id, name, record_lock, additional_reason_code FROM delivery_statuses
         WHERE is_retired = 0 AND (:only IS NULL OR delivery_status_id = :only)
           AND (NOT :reasons OR additional_reason_code = 1)
         ORDER BY delivery_status_id",
    )?;
    let rows = stmt.query_map(named_params! { ":only": only, ":reasons": with_reasons_only }, |r| {
        Ok(DeliveryStatus {
            delivery_status_id: r.get(0)?,
            delivery_status: r.get(1)?,
            record_lock: r.get(2)?,
            additional_reason_code: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// `GET /master/deliveryStatus` (signed in).
#[utoipa::path(get, path = "/master/deliveryStatus", tag = "masters", summary = "Live delivery statuss",
    responses(
        (status = 200, description = "OK", body = Vec<DeliveryStatus>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<DeliveryStatus>>> {
    state.db(|conn| Ok(statuses(conn, None, false)?)).await.map(Json)
}

/// `GET /master/deliveryStatus/withReasons` (signed in): the statuses that require a reason.
#[utoipa::path(get, path = "/master/deliveryStatus/withReasons", tag = "masters", summary = "Live delivery statuses with their additional reasons",
    responses(
        (status = 200, description = "OK", body = Vec<DeliveryStatus>)
    ))]
pub async fn list_with_reasons(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<DeliveryStatus>>> {
    state.db(|conn| Ok(statuses(conn, None, true)?)).await.map(Json)
}

/// `GET /master/deliveryStatus/{id}` (signed in).
#[utoipa::path(get, path = "/master/deliveryStatus/{id}", tag = "masters", summary = "One delivery status",
    responses(
        (status = 200, description = "OK", body = DeliveryStatus),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<DeliveryStatus>> {
    state.db(move |conn| statuses(conn, Some(id), false)?.pop().ok_or_else(|| AppError::not_found(STATUS_NOT_FOUND))).await.map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveStatus {
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
    pub delivery_status: Option<String>,
    pub record_lock: Option<bool>,
    pub additional_reason_code: Option<bool>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated status.
    DeliveryStatusSaved,
    #[serde(rename = "deliveryStatusID")] delivery_status_id
);

/// `POST /master/deliveryStatus` (delivery_status_master): id 0 creates. Yes/No flags default to No.
#[utoipa::path(post, path = "/master/deliveryStatus", tag = "masters", summary = "Create or update a delivery status",
    responses((status = 200, description = "Saved", body = DeliveryStatusSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveStatus>) -> AppResult<Json<DeliveryStatusSaved>> {
    user.require(rights::DELIVERY_STATUS_MASTER)?;
    let name = required(&req.delivery_status, STATUS_REQUIRED)?;
    let id = req.delivery_status_id.unwrap_or(0);
    let lock = req.record_lock.unwrap_or(false);
    let reasons = req.additional_reason_code.unwrap_or(false);
    let dup = format!("The delivery status {name} already exists.");
    let sql = Upsert {
        insert: "INSERT INTO delivery_statuses (name, record_lock, additional_reason_code) VALUES (:name, :lock, :reasons)",
        update: "UPDATE delivery_statuses SET name = :name, record_lock = :lock, additional_reason_code = :reasons
                 WHERE delivery_status_id = :id AND is_retired = 0",
    };
    let saved =
        state.db(move |conn| table::save(conn, id, sql, named_params! { ":name": name, ":lock": lock, ":reasons": reasons }, dup)).await?;
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
    user.require(rights::DELIVERY_STATUS_MASTER)?;
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            retire(&tx, "delivery_statuses", "delivery_status_id", id)?;
            tx.execute("UPDATE additional_reasons SET is_retired = 1 WHERE delivery_status_id = :id", named_params! { ":id": id })?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::text("Delivery status deleted successfully.")))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalReason {
    #[serde(rename = "reasonCodeID")]
    pub reason_code_id: i64,
    #[serde(rename = "deliveryStatusID")]
    pub delivery_status_id: i64,
    pub additional_reason_code: String,
    pub delivery_status: String,
}

fn reasons(conn: &Connection, only: Option<i64>, status: Option<i64>) -> rusqlite::Result<Vec<AdditionalReason>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.reason_code_id, r.delivery_status_id, r.code, s.name FROM additional_reasons r
         JOIN delivery_statuses s ON s.delivery_status_id = r.delivery_status_id AND s.is_retired = 0
         WHERE r.is_retired = 0 AND (:only IS NULL OR r.reason_code_id = :only)
           AND (:status IS NULL OR r.delivery_status_id = :status)
         ORDER BY s.delivery_status_id, r.code",
    )?;
    let rows = stmt.query_map(named_params! { ":only": only, ":status": status }, |r| {
        Ok(AdditionalReason {
            reason_code_id: r.get(0)?,
            delivery_status_id: r.get(1)?,
            additional_reason_code: r.get(2)?,
            delivery_status: r.get(3)?,
        })
    })?;
    rows.collect()
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct ReasonFilter {
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
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
    state.db(move |conn| Ok(reasons(conn, None, filter.delivery_status_id.0)?)).await.map(Json)
}

/// `GET /master/additionalReason/{id}` (signed in).
#[utoipa::path(get, path = "/master/additionalReason/{id}", tag = "masters", summary = "One additional reason",
    responses(
        (status = 200, description = "OK", body = AdditionalReason),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get_reason(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<AdditionalReason>> {
    state
        .db(move |conn| reasons(conn, Some(id), None)?.pop().ok_or_else(|| AppError::not_found("The additional reason was not found.")))
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveReason {
    #[serde(rename = "reasonCodeID", alias = "reasonCodeId")]
    pub reason_code_id: lenient::Int,
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
    pub additional_reason_code: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated reason.
    AdditionalReasonSaved,
    #[serde(rename = "reasonCodeID")] reason_code_id
);

/// `POST /master/additionalReason` (additional_reason_master): id 0 creates.
#[utoipa::path(post, path = "/master/additionalReason", tag = "masters", summary = "Create or update an additional reason",
    responses((status = 200, description = "Saved", body = AdditionalReasonSaved), SaveRefusals))]
pub async fn save_reason(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<SaveReason>,
) -> AppResult<Json<AdditionalReasonSaved>> {
    user.require(rights::ADDITIONAL_REASON_MASTER)?;
    let status = required_id(req.delivery_status_id.0, STATUS_REQUIRED)?;
    let code = required(&req.additional_reason_code, "Additional Reason Code is Required")?;
    let id = req.reason_code_id.unwrap_or(0);
    let dup = format!("The reason {code} already exists for this status.");
    let sql = Upsert {
        insert: "INSERT INTO additional_reasons (delivery_status_id, code) VALUES (:s, :code)",
        update: "UPDATE additional_reasons SET delivery_status_id = :s, code = :code WHERE reason_code_id = :id AND is_retired = 0",
    };
    let parent = Parent { table: "delivery_statuses", id_column: "delivery_status_id", id: status, not_found: STATUS_NOT_FOUND };
    let saved = state.db(move |conn| table::save_under(conn, parent, id, sql, named_params! { ":s": status, ":code": code }, dup)).await?;
    Ok(Json(AdditionalReasonSaved { message: "Additional reason saved successfully.".into(), reason_code_id: saved }))
}

/// `POST /master/additionalReason/delete/{id}` (additional_reason_master).
#[utoipa::path(post, path = "/master/additionalReason/delete/{id}", tag = "masters", summary = "Retire a reason", responses(RetireAnswers))]
pub async fn delete_reason(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::ADDITIONAL_REASON_MASTER)?;
    state.db(move |conn| retire(conn, "additional_reasons", "reason_code_id", id)).await?;
    Ok(Json(MessageBody::text("Additional reason deleted successfully.")))
}
