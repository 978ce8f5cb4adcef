//! Customer info: an agent's submission (type, sub types, remark, up to three files), its history,
//! the administrator's review list and status update, and the files themselves.

mod queries;

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::{Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::access::customer_in_scope;
use super::messages::*;
use super::types::{HistoryRow, ReviewRow};
use crate::auth::session::CurrentUser;
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Path, Query};
use crate::platform::files;
use crate::platform::lenient;
use crate::platform::rights;
use crate::platform::state::{blocking, AppState};
use crate::platform::validate::{limits, max_len};

const REVIEW_RIGHTS: &[crate::platform::rights::Right] = &[rights::INFOTYPE_MASTER, rights::INFOSTATUS_UPDATE];
const AREA: &str = "info";
const MAX_PAGE: i64 = 100;

/// The info form as the OpenAPI document describes it (read field by field in `read_form`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
struct InfoUploadForm {
    remark: Option<String>,
    infoTypeId: i64,
    /// Repeated, or comma-separated ids; required when the info type has sub types.
    infoSubTypeId: Option<Vec<i64>>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    /// Images or pdf, 5 MB each.
    #[schema(format = Binary)]
    img1: Option<String>,
    #[schema(format = Binary)]
    img2: Option<String>,
    #[schema(format = Binary)]
    img3: Option<String>,
}

/// What the multipart form carried.
#[derive(Default)]
struct InfoForm {
    remark: String,
    info_type: Option<i64>,
    sub_types: Vec<i64>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    files: Vec<(i64, String, axum::body::Bytes)>,
}

async fn read_form(mut form: Multipart) -> AppResult<InfoForm> {
    let mut out = InfoForm::default();
    while let Some(field) = form.next_field().await.map_err(files::multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        if let Some(slot) = name.strip_prefix("img").and_then(|n| n.parse::<i64>().ok()).filter(|n| (1..=3).contains(n)) {
            let file_name = field.file_name().unwrap_or_default().to_string();
            let bytes = field.bytes().await.map_err(files::multipart_error)?;
            if !bytes.is_empty() {
                out.files.push((slot, file_name, bytes));
            }
            continue;
        }
        let text = field.text().await.map_err(files::multipart_error)?;
        let text = text.trim();
        let number = || text.parse::<f64>().ok();
        match name.as_str() {
            "remark" => out.remark = text.to_string(),
            "infoTypeId" => out.info_type = text.parse().ok(),
            "infoSubTypeId" => {
                for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    out.sub_types.push(part.parse().map_err(|_| AppError::bad_request(INFO_SUB_TYPE_NOT_VALID))?);
                }
            }
            "latitude" => out.latitude = number(),
            "longitude" => out.longitude = number(),
            _ if name.starts_with("img") => return Err(AppError::bad_request(INFO_TOO_MANY_FILES)),
            _ => {}
        }
    }
    Ok(out)
}

/// Checks the chosen sub types against the info type: required when the type has any.
fn check_sub_types(conn: &Connection, info_type: i64, chosen: &[i64]) -> AppResult<()> {
    let live = queries::live_sub_types(conn, info_type)?;
    if !live.is_empty() && chosen.is_empty() {
        return Err(AppError::bad_request(INFO_SUB_TYPE_REQUIRED));
    }
    if chosen.iter().any(|s| !live.contains(s)) {
        return Err(AppError::bad_request(INFO_SUB_TYPE_NOT_OF_TYPE));
    }
    Ok(())
}

/// `POST /users/customer/info/{buyerId}` (info_add): multipart `img1`..`img3` (images or pdf,
/// checked by content, 5 MB each), `remark`, `infoTypeId`, repeated `infoSubTypeId`, coordinates.
#[utoipa::path(post, path = "/users/customer/info/{id}", tag = "customers", summary = "Add customer info with up to three files", params(("id" = String, Path, description = "The buyer id")), request_body(content = inline(InfoUploadForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved", body = MessageBody),
        (status = 404, description = "No such customer among the caller's, or no such info type", body = crate::platform::api::ErrorBody)
    ))]
pub async fn add(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
    MultipartForm(form): MultipartForm,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::INFO_ADD)?;
    let form = read_form(form).await?;
    let info_type = form.info_type.filter(|t| *t > 0).ok_or_else(|| AppError::bad_request(INFO_TYPE_REQUIRED))?;
    limits::INFO_REMARK.check(&form.remark)?;
    let mut checked = Vec::new();
    for (slot, name, bytes) in &form.files {
        checked.push((*slot, name.clone(), files::check_attachment(name, bytes)?));
    }
    let (scope, me) = (user.scope(), user.uid);
    let data_dir = state.config.data_dir.clone();
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (customer, _) = customer_in_scope(&tx, scope, &buyer_id)?;
            if !queries::info_type_is_live(&tx, info_type)? {
                return Err(AppError::bad_request(INFO_TYPE_REQUIRED));
            }
            check_sub_types(&tx, info_type, &form.sub_types)?;
            let remark = Some(form.remark.clone()).filter(|r| !r.is_empty());
            let id = queries::insert_info(&tx, customer, me, info_type, remark, (form.latitude, form.longitude))?;
            for sub in &form.sub_types {
                queries::add_sub_type(&tx, id, *sub)?;
            }
            // Files are written before the commit; if anything fails they are removed again.
            let mut stored = Vec::new();
            let result = (|| -> AppResult<()> {
                for ((slot, original, ext), (_, _, bytes)) in checked.iter().zip(&form.files) {
                    let name = files::store(&data_dir, AREA, ext, bytes)?;
                    stored.push(name.clone());
                    queries::add_file(&tx, id, *slot, &name, original).map_err(|_| AppError::bad_request(INFO_FILE_SLOT_REPEATED))?;
                }
                Ok(())
            })();
            match result.and_then(|_| tx.commit().map_err(AppError::from)) {
                Ok(()) => Ok(()),
                Err(err) => {
                    files::remove(&data_dir, AREA, &stored);
                    Err(err)
                }
            }
        })
        .await?;
    Ok(Json(MessageBody::from(INFO_SAVED)))
}

/// `GET /users/customer/infohistory/{buyerId}` (info_add): the last 3 submissions.
#[utoipa::path(get, path = "/users/customer/infohistory/{id}", tag = "customers", summary = "The last 3 info submissions of a customer", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = Vec<HistoryRow>),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn history(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<Vec<HistoryRow>>> {
    user.require(rights::INFO_ADD)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let (customer, _) = customer_in_scope(conn, scope, &buyer_id)?;
            Ok(queries::history(conn, customer)?)
        })
        .await
        .map(Json)
}

/// `GET /users/infoUpdate` (infotype_master or infostatus_update): the newest 500 submissions.
#[utoipa::path(get, path = "/users/infoUpdate", tag = "customers", summary = "The newest 500 info submissions, for review",
    responses(
        (status = 200, description = "OK", body = Vec<ReviewRow>)
    ))]
pub async fn review_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<ReviewRow>>> {
    user.require_any(REVIEW_RIGHTS)?;
    state.db(|conn| Ok(queries::review_rows(conn, 0, 500)?)).await.map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct PageQuery {
    pub page_number: lenient::Int,
    pub page_size: lenient::Int,
}

/// A page of submissions, and how many there are in all.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewPage {
    pub data: Vec<ReviewRow>,
    pub total_records: i64,
}

/// `GET /users/infoUpdateWithPaging?pageNumber=&pageSize=` (reviewers): page 1 is the newest.
#[utoipa::path(get, path = "/users/infoUpdateWithPaging", tag = "customers", summary = "A page of info submissions, newest first", params(PageQuery),
    responses(
        (status = 200, description = "OK", body = ReviewPage)
    ))]
pub async fn review_page(State(state): State<AppState>, user: CurrentUser, Query(q): Query<PageQuery>) -> AppResult<Json<ReviewPage>> {
    user.require_any(REVIEW_RIGHTS)?;
    let size = q.page_size.unwrap_or(30).clamp(1, MAX_PAGE);
    let page = q.page_number.unwrap_or(1).max(1);
    state
        .db(move |conn| {
            let total = queries::submissions(conn)?;
            let data = queries::review_rows(conn, (page - 1) * size, size)?;
            Ok(ReviewPage { data, total_records: total })
        })
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StatusUpdate {
    pub id: lenient::Int,
    pub admin_status: Option<String>,
}

/// `POST /users/infoUpdate` (reviewers): sets the submission's status to the reviewer's remark.
#[utoipa::path(post, path = "/users/infoUpdate", tag = "customers", summary = "Set a submission's review status",
    responses(
        (status = 200, description = "Updated", body = MessageBody),
        (status = 404, description = "No such submission", body = crate::platform::api::ErrorBody)
    ))]
pub async fn set_status(State(state): State<AppState>, user: CurrentUser, Json(req): Json<StatusUpdate>) -> AppResult<Json<MessageBody>> {
    user.require_any(REVIEW_RIGHTS)?;
    let id = req.id.filter(|i| *i > 0).ok_or_else(|| AppError::bad_request(INFO_SUBMISSION_ID_REQUIRED))?;
    let remark = crate::platform::validate::required(&req.admin_status, INFO_REMARK_REQUIRED)?;
    max_len(&remark, 200, INFO_REMARK_TOO_LONG)?;
    let me = user.uid;
    state
        .db(move |conn| match queries::set_status(conn, id, &remark, me)? {
            0 => Err(AppError::not_found(INFO_SUBMISSION_NOT_FOUND)),
            _ => Ok(()),
        })
        .await?;
    Ok(Json(MessageBody::from(INFO_STATUS_UPDATED)))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct MediaQuery {
    pub file_name: String,
}

/// `GET /users/media?fileName=` (signed in): a customer-info file or a delivery picture, for callers
/// who may see that customer (info reviewers see every info file). Only server-chosen names are
/// accepted.
#[utoipa::path(get, path = "/users/media", tag = "customers", summary = "A customer-info file or delivery picture the caller may see", params(MediaQuery),
    responses(
        (status = 200, description = "The file", content((String = "image/png"), (String = "image/jpeg"), (String = "image/bmp"), (String = "application/pdf"))),
        crate::platform::api::NoSuchFile
    ))]
pub async fn media(State(state): State<AppState>, user: CurrentUser, Query(q): Query<MediaQuery>) -> AppResult<Response> {
    let name = q.file_name.trim().to_string();
    if !files::is_stored_name(&name) {
        return Err(AppError::bad_request(MEDIA_NAME_NOT_VALID));
    }
    let reviewer = REVIEW_RIGHTS.iter().any(|r| user.has_right(*r));
    let scope = user.scope();
    let lookup = name.clone();
    let (area, original) = state
        .db(move |conn| queries::media_file(conn, scope, reviewer, &lookup)?.ok_or_else(|| AppError::not_found(MEDIA_NOT_FOUND)))
        .await?;
    let data_dir = state.config.data_dir.clone();
    let read_name = name.clone();
    let bytes = blocking(move || files::read(&data_dir, &area, &read_name)).await?;
    let safe_original: String = original.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')).collect();
    Ok((
        [
            (header::CONTENT_TYPE, files::content_type(&name).to_string()),
            (header::CONTENT_DISPOSITION, format!("inline; filename=\"{safe_original}\"")),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
