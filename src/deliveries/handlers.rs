//! Delivery endpoints (spec 2 §7 "Delivery"). Rules: a reason is required when the chosen status
//! has reasons and must belong to it; reason 0 is 'Other' and needs the text; an approved delivery
//! or one whose status locks the record cannot be changed (a rejection reopens it); approval works
//! on pending entries only, all of a batch or none.

use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};

use super::messages::*;
use super::queries::{self, Decision, Delivery, StatusUpdate, Suggestion};
use crate::auth::session::CurrentUser;
use crate::platform::api::{agent_filter, MessageBody};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Path, Query};
use crate::platform::files;
use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;
use crate::platform::validate::{max_len, required};

const AREA: &str = "delivery";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDelivered {
    pub ftd: i64,
    pub ftm: i64,
    pub ftd_percentage: f64,
    pub ftm_percentage: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryScreen {
    /// Whether this caller changes deliveries at all (agents and managers do; administrators approve).
    pub can_modify: bool,
    pub delivery_details: Vec<Delivery>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_delivered: Option<OrderDelivered>,
}

fn percent(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        (part as f64 * 10_000.0 / whole as f64).round() / 100.0
    }
}

async fn init_screen(state: &AppState, user: &CurrentUser, agent: Option<UserId>) -> AppResult<Json<DeliveryScreen>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let narrowed = scope.narrowed(conn, agent)?;
            let counts = queries::delivered_counts(conn, narrowed)?;
            Ok(DeliveryScreen {
                can_modify: scope != Scope::All,
                delivery_details: queries::default_list(conn, narrowed)?,
                order_delivered: Some(OrderDelivered {
                    ftd: counts.delivered_today,
                    ftm: counts.delivered_month,
                    ftd_percentage: percent(counts.planned_today_delivered, counts.planned_today),
                    ftm_percentage: percent(counts.planned_month_delivered, counts.planned_month),
                }),
            })
        })
        .await
        .map(Json)
}

/// `GET /users/delivery/init` (delivery_search): the caller's working list and delivered tiles.
#[utoipa::path(get, path = "/users/delivery/init", tag = "deliveries", summary = "The caller's working list and delivered tiles",
    responses(
        (status = 200, description = "OK", body = DeliveryScreen)
    ))]
pub async fn init(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<DeliveryScreen>> {
    init_screen(&state, &user, None).await
}

/// `GET /users/delivery/initAM/{agentId}` (delivery_search): the same for one of the caller's agents.
#[utoipa::path(get, path = "/users/delivery/initAM/{agent}", tag = "deliveries", summary = "The working list of one of the caller's agents",
    responses(
        (status = 200, description = "OK", body = DeliveryScreen),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn init_for_agent(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<DeliveryScreen>> {
    // The screens send 0 for "all of mine".
    init_screen(&state, &user, agent_filter(Some(agent))).await
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct SearchQuery {
    pub query: String,
}

/// `GET /users/delivery/search?query=` (delivery_search): suggestions by order id, buyer id, buyer
/// name or distributor; nothing for an empty query.
#[utoipa::path(get, path = "/users/delivery/search", tag = "deliveries", summary = "Suggestions by order id, buyer id, buyer name or distributor", params(SearchQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Suggestion>)
    ))]
pub async fn search(State(state): State<AppState>, user: CurrentUser, Query(q): Query<SearchQuery>) -> AppResult<Json<Vec<Suggestion>>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let text = q.query.trim().to_string();
    if text.is_empty() {
        return Ok(Json(Vec::new()));
    }
    let scope = user.scope();
    state.db(move |conn| Ok(queries::suggestions(conn, scope, &text)?)).await.map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DetailsRequest {
    pub query: Option<String>,
    pub matched_column: Option<String>,
}

/// `POST /users/delivery/details` (delivery_search): the deliveries whose `matchedColumn` equals `query`.
#[utoipa::path(post, path = "/users/delivery/details", tag = "deliveries", summary = "The deliveries whose matchedColumn equals query",
    responses(
        (status = 200, description = "OK", body = DeliveryScreen)
    ))]
pub async fn details(State(state): State<AppState>, user: CurrentUser, Json(req): Json<DetailsRequest>) -> AppResult<Json<DeliveryScreen>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let value = required(&req.query, SEARCH_REQUIRED)?;
    let name = req.matched_column.unwrap_or_else(|| "orderID".into());
    let column = queries::SEARCH_COLUMNS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .ok_or_else(|| AppError::bad_request(MATCHED_COLUMN_INVALID))?;
    let scope = user.scope();
    state
        .db(move |conn| {
            Ok(DeliveryScreen {
                can_modify: scope != Scope::All,
                delivery_details: queries::matching(conn, scope, column, &value)?,
                order_delivered: None,
            })
        })
        .await
        .map(Json)
}

/// The update form as the OpenAPI document describes it (read field by field in `read_update`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
struct DeliveryUpdateForm {
    deliveryId: i64,
    deliveryStatusID: i64,
    /// 0 = Other (then `otherReason` is required).
    reasonCodeID: Option<i64>,
    otherReason: Option<String>,
    /// jpeg, jpg, bmp or png, at most 5 MB.
    #[schema(format = Binary)]
    imagedata: Option<String>,
}

/// The fields of the update form.
#[derive(Default)]
struct UpdateForm {
    delivery_id: Option<i64>,
    status: Option<i64>,
    reason: Option<i64>,
    other: String,
    image: Option<(String, axum::body::Bytes)>,
}

async fn read_update(mut form: Multipart) -> AppResult<UpdateForm> {
    let mut out = UpdateForm::default();
    while let Some(field) = form.next_field().await.map_err(files::multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "imagedata" {
            let file_name = field.file_name().unwrap_or_default().to_string();
            let bytes = field.bytes().await.map_err(files::multipart_error)?;
            if !bytes.is_empty() {
                out.image = Some((file_name, bytes));
            }
            continue;
        }
        let text = field.text().await.map_err(files::multipart_error)?;
        let text = text.trim();
        let number = || text.parse::<i64>().ok();
        match name.as_str() {
            "deliveryId" => out.delivery_id = number(),
            "deliveryStatusID" => out.status = number(),
            "reasonCodeID" => {
                out.reason = if text.is_empty() { None } else { Some(number().ok_or_else(|| AppError::bad_request(REASON_INVALID))?) }
            }
            "otherReason" => out.other = text.to_string(),
            _ => {}
        }
    }
    Ok(out)
}

/// `POST /users/delivery/update` (delivery_search): multipart `deliveryId`, `deliveryStatusID`,
/// `reasonCodeID` (0 = Other), `otherReason`, optional `imagedata` (jpeg, jpg, bmp or png). The
/// update waits for approval.
#[utoipa::path(post, path = "/users/delivery/update", tag = "deliveries", summary = "Update a delivery's status (waits for approval)", request_body(content = inline(DeliveryUpdateForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Updated", body = MessageBody),
        (status = 404, description = "No such delivery among the caller's, or no such status or reason", body = crate::platform::api::ErrorBody),
        (status = 409, description = "The delivery cannot be changed now", body = crate::platform::api::ErrorBody)
    ))]
pub async fn update(State(state): State<AppState>, user: CurrentUser, MultipartForm(form): MultipartForm) -> AppResult<Json<MessageBody>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let form = read_update(form).await?;
    let delivery = form.delivery_id.filter(|d| *d > 0).ok_or_else(|| AppError::bad_request(ID_REQUIRED))?;
    let status = form.status.filter(|s| *s > 0).ok_or_else(|| AppError::bad_request(STATUS_REQUIRED))?;
    max_len(&form.other, 200, OTHER_REASON_TOO_LONG)?;
    let image_ext = match &form.image {
        Some((name, bytes)) => Some(files::check_image(name, bytes)?),
        None => None,
    };
    let (scope, me) = (user.scope(), user.uid);
    if scope == Scope::All {
        return Err(AppError::forbidden(ADMIN_CANNOT_UPDATE));
    }
    // The picture is written and fsynced (to a temporary name, renamed into place) before the write
    // transaction opens, so the database's write lock is held for the rows alone; a refused or
    // failed update removes it again.
    let data_dir = state.config.data_dir.clone();
    let image = match (form.image, image_ext) {
        (Some((_, bytes)), Some(ext)) => {
            let dir = data_dir.clone();
            Some(crate::platform::state::blocking(move || files::store(&dir, AREA, ext, &bytes)).await?)
        }
        _ => None,
    };
    let update = StatusUpdate { delivery, status, reason: form.reason, other: form.other, image: image.clone() };
    let result = state.db(move |conn| queries::update_status(conn, scope, me, &update)).await;
    if result.is_err() {
        let dir = data_dir.clone();
        let _ = crate::platform::state::blocking(move || {
            files::remove(&dir, AREA, image.as_slice());
            Ok(())
        })
        .await;
    }
    result?;
    Ok(Json(MessageBody::from(UPDATED)))
}

/// `GET /users/delivery/approval` (delivery_approve): the deliveries waiting for approval.
#[utoipa::path(get, path = "/users/delivery/approval", tag = "deliveries", summary = "Deliveries waiting for approval",
    responses(
        (status = 200, description = "OK", body = Vec<Delivery>)
    ))]
pub async fn approval_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Delivery>>> {
    user.require(rights::DELIVERY_APPROVE)?;
    let scope = user.scope();
    state.db(move |conn| Ok(queries::pending(conn, scope)?)).await.map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApprovalRecord {
    pub delivery_id: lenient::Int,
    pub rejected_reason: Option<String>,
    pub approve_status: Option<String>,
}

/// `POST /users/delivery/approval/update` (delivery_approve): a list of decisions, applied all
/// together or not at all. 'Approve' is final; 'Reject' (with a remark of 1-200 characters) sends
/// the delivery back to the agent.
#[utoipa::path(post, path = "/users/delivery/approval/update", tag = "deliveries", summary = "Approve or reject deliveries, all or none",
    responses(
        (status = 200, description = "How many were saved", body = MessageBody),
        (status = 404, description = "No such delivery", body = crate::platform::api::ErrorBody),
        (status = 409, description = "A delivery is not waiting for approval", body = crate::platform::api::ErrorBody)
    ))]
pub async fn approval_update(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(records): Json<Vec<ApprovalRecord>>,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::DELIVERY_APPROVE)?;
    if records.is_empty() {
        return Err(AppError::bad_request(SELECT_ONE));
    }
    let mut decisions = Vec::new();
    for r in records {
        let delivery = r.delivery_id.filter(|d| *d > 0).ok_or_else(|| AppError::bad_request(ID_REQUIRED))?;
        let (status, remark) = match r.approve_status.as_deref().map(str::trim) {
            Some("Approve") => ("Approve", None),
            Some("Reject") => {
                let remark = required(&r.rejected_reason, REMARK_REQUIRED)?;
                max_len(&remark, 200, REMARK_TOO_LONG)?;
                ("Reject", Some(remark))
            }
            _ => return Err(AppError::bad_request(APPROVE_STATUS_REQUIRED)),
        };
        decisions.push(Decision { delivery, status, remark });
    }
    let (scope, me) = (user.scope(), user.uid);
    let count = decisions.len();
    state.db(move |conn| queries::decide(conn, scope, me, &decisions)).await?;
    Ok(Json(MessageBody::of(
        super::messages::APPROVALS_SAVED
            .with([("what", serde_json::json!(crate::plural(count as u64, "delivery approval"))), ("count", serde_json::json!(count))]),
    )))
}
