//! Delivery endpoints (spec 2 §7 "Delivery"). Rules: a reason is required when the chosen status
//! has reasons and must belong to it; reason 0 is 'Other' and needs the text; an approved delivery
//! or one whose status locks the record cannot be changed (a rejection reopens it); approval works
//! on pending entries only, all of a batch or none.

use axum::extract::{Multipart, State};
use rusqlite::{named_params, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::queries::{self, Change, Delivery, Suggestion};
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, MultipartForm, Path, Query};
use crate::files;
use crate::lenient;
use crate::rights;
use crate::scope::Scope;
use crate::scope::{agents_for, Agents};
use crate::state::AppState;
use crate::validate::{max_len, required};

const AREA: &str = "delivery";
const NOT_FOUND: &str = "The delivery was not found.";
/// The additional-reason value that means 'Other' (spec 2 §9).
const OTHER: i64 = 0;

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

async fn init_screen(state: &AppState, user: &CurrentUser, agent: i64) -> AppResult<Json<DeliveryScreen>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let agents = agents_for(conn, scope, agent)?;
            let counts = queries::delivered_counts(conn, &agents)?;
            Ok(DeliveryScreen {
                can_modify: scope != Scope::All,
                delivery_details: queries::default_list(conn, &agents)?,
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
    init_screen(&state, &user, 0).await
}

/// `GET /users/delivery/initAM/{agentId}` (delivery_search): the same for one of the caller's agents.
#[utoipa::path(get, path = "/users/delivery/initAM/{agent}", tag = "deliveries", summary = "The working list of one of the caller's agents",
    responses(
        (status = 200, description = "OK", body = DeliveryScreen),
        (status = 404, description = "No such agent among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn init_for_agent(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<DeliveryScreen>> {
    init_screen(&state, &user, agent).await
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
    state
        .db(move |conn| {
            let agents = agents_for(conn, scope, 0)?;
            Ok(queries::suggestions(conn, &agents, &text)?)
        })
        .await
        .map(Json)
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
    let value = required(&req.query, "Please enter an order ID, buyer or distributor to search.")?;
    let name = req.matched_column.unwrap_or_else(|| "orderID".into());
    let column = queries::SEARCH_COLUMNS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| *c)
        .ok_or_else(|| AppError::bad_request("matchedColumn must be orderID, buyerID, buyerName or sellerName."))?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let agents = agents_for(conn, scope, 0)?;
            Ok(DeliveryScreen {
                can_modify: scope != Scope::All,
                delivery_details: queries::matching(conn, &agents, column, &value)?,
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
                out.reason = if text.is_empty() {
                    None
                } else {
                    Some(number().ok_or_else(|| AppError::bad_request("Additional Reason is not valid."))?)
                }
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
        (status = 404, description = "No such delivery among the caller's, or no such status or reason", body = crate::api::ErrorBody),
        (status = 409, description = "The delivery cannot be changed now", body = crate::api::ErrorBody)
    ))]
pub async fn update(State(state): State<AppState>, user: CurrentUser, MultipartForm(form): MultipartForm) -> AppResult<Json<MessageBody>> {
    user.require(rights::DELIVERY_SEARCH)?;
    let form = read_update(form).await?;
    let delivery_id = form.delivery_id.filter(|d| *d > 0).ok_or_else(|| AppError::bad_request("The delivery id is required."))?;
    let status = form.status.filter(|s| *s > 0).ok_or_else(|| AppError::bad_request("Delivery Status is Required"))?;
    max_len(&form.other, 200, "The other reason is limited to a maximum of 200 characters.")?;
    let image_ext = match &form.image {
        Some((name, bytes)) => Some(files::check_image(name, bytes)?),
        None => None,
    };
    let (scope, me) = (user.scope(), user.uid);
    if scope == Scope::All {
        return Err(AppError::forbidden("Administrators approve deliveries; the agent updates them."));
    }
    let data_dir = state.config.data_dir.clone();
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let agents: Agents = agents_for(&tx, scope, 0)?;
            let current = queries::one(&tx, &agents, delivery_id)?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
            if !current.can_modify {
                return Err(AppError::forbidden("This delivery can no longer be modified."));
            }
            let needs_reason: bool = tx
                .query_row(
                    "SELECT additional_reason_code FROM delivery_statuses WHERE delivery_status_id = :s AND is_retired = 0",
                    named_params! { ":s": status },
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| AppError::bad_request("Delivery Status is Required"))?;
            let (reason, other) = match (needs_reason, form.reason) {
                (false, _) => (None, None),
                (true, None) => return Err(AppError::bad_request("Additional Reason is Required")),
                (true, Some(OTHER)) if form.other.is_empty() => return Err(AppError::bad_request("Please enter the other reason.")),
                (true, Some(OTHER)) => (None, Some(form.other.clone())),
                (true, Some(code)) => {
                    tx.query_row(
                        "SELECT 1 FROM additional_reasons WHERE reason_code_id = :r AND delivery_status_id = :s AND is_retired = 0",
                        named_params! { ":r": code, ":s": status },
                        |_| Ok(()),
                    )
                    .optional()?
                    .ok_or_else(|| AppError::bad_request("The reason does not belong to the chosen status."))?;
                    (Some(code), None)
                }
            };
            let image_name = match (&form.image, image_ext) {
                (Some((_, bytes)), Some(ext)) => Some(files::store(&data_dir, AREA, ext, bytes)?),
                _ => None,
            };
            let result = (|| -> AppResult<()> {
                tx.execute(
                    "UPDATE deliveries SET delivery_status_id = :s, reason_code_id = :r, other_reason = :o,
                            image_name = COALESCE(:img, image_name), approve_status = 'Pending', rejected_reason = NULL,
                            updated_by = :me, updated_at = :now
                     WHERE delivery_id = :id",
                    named_params! { ":s": status, ":r": reason, ":o": other, ":img": image_name, ":me": me, ":now": crate::now(), ":id": delivery_id },
                )?;
                queries::record_change(
                    &tx,
                    &Change {
                        delivery: delivery_id,
                        by: me,
                        from_status: current.delivery_status_id,
                        to_status: Some(status),
                        from_approve: current.approve_status.as_deref(),
                        to_approve: Some("Pending"),
                        note: None,
                    },
                )?;
                Ok(())
            })();
            match result.and_then(|_| tx.commit().map_err(AppError::from)) {
                Ok(()) => Ok(()),
                Err(err) => {
                    files::remove(&data_dir, AREA, image_name.as_slice());
                    Err(err)
                }
            }
        })
        .await?;
    Ok(Json(MessageBody::text("Delivery updated successfully.")))
}

/// `GET /users/delivery/approval` (delivery_approve): the deliveries waiting for approval.
#[utoipa::path(get, path = "/users/delivery/approval", tag = "deliveries", summary = "Deliveries waiting for approval",
    responses(
        (status = 200, description = "OK", body = Vec<Delivery>)
    ))]
pub async fn approval_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Delivery>>> {
    user.require(rights::DELIVERY_APPROVE)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let agents = agents_for(conn, scope, 0)?;
            Ok(queries::pending(conn, &agents)?)
        })
        .await
        .map(Json)
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
        (status = 404, description = "No such delivery", body = crate::api::ErrorBody),
        (status = 409, description = "A delivery is not waiting for approval", body = crate::api::ErrorBody)
    ))]
pub async fn approval_update(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(records): Json<Vec<ApprovalRecord>>,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::DELIVERY_APPROVE)?;
    if records.is_empty() {
        return Err(AppError::bad_request("Please select at least one delivery."));
    }
    let mut decisions = Vec::new();
    for r in records {
        let id = r.delivery_id.filter(|d| *d > 0).ok_or_else(|| AppError::bad_request("The delivery id is required."))?;
        let decision = match r.approve_status.as_deref().map(str::trim) {
            Some("Approve") => ("Approve", None),
            Some("Reject") => {
                let remark = required(&r.rejected_reason, "Please Enter Remark")?;
                max_len(&remark, 200, "The remark is limited to a maximum of 200 characters.")?;
                ("Reject", Some(remark))
            }
            _ => return Err(AppError::bad_request("Please Select Approve Status")),
        };
        decisions.push((id, decision));
    }
    let (scope, me) = (user.scope(), user.uid);
    let count = decisions.len();
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let agents = agents_for(&tx, scope, 0)?;
            for (id, (status, remark)) in &decisions {
                let current = queries::one(&tx, &agents, *id)?.ok_or_else(|| AppError::not_found(NOT_FOUND))?;
                if current.approve_status.as_deref() != Some("Pending") {
                    return Err(AppError::Conflict(crate::error::Problem::from(format!(
                        "Delivery {} is not waiting for approval.",
                        current.order_id
                    ))));
                }
                tx.execute(
                    "UPDATE deliveries SET approve_status = :s, rejected_reason = :r, updated_by = :me, updated_at = :now
                     WHERE delivery_id = :id",
                    named_params! { ":s": status, ":r": remark, ":me": me, ":now": crate::now(), ":id": id },
                )?;
                queries::record_change(
                    &tx,
                    &Change {
                        delivery: *id,
                        by: me,
                        from_status: current.delivery_status_id,
                        to_status: current.delivery_status_id,
                        from_approve: Some("Pending"),
                        to_approve: Some(status),
                        note: remark.as_deref(),
                    },
                )?;
            }
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::text(format!("{} saved.", crate::plural(count as u64, "delivery approval")))))
}
