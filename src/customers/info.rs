//! Customer info: an agent's submission (type, sub types, remark, up to three files), its history,
//! the administrator's review list and status update, and the files themselves.

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::access::{visible_customer, CUSTOMER_IN_SCOPE};
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::clock;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, MultipartForm, Path, Query};
use crate::files;
use crate::lenient;
use crate::rights;
use crate::scope::ScopeParams;
use crate::state::{blocking, AppState};
use crate::validate::{limits, max_len};

const REVIEW_RIGHTS: &[crate::rights::Right] = &[rights::INFOTYPE_MASTER, rights::INFOSTATUS_UPDATE];
const AREA: &str = "info";
const MAX_PAGE: i64 = 100;

fn media_url(name: &str) -> String {
    crate::api::url(format_args!("/users/media?fileName={name}"))
}

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
                    out.sub_types.push(part.parse().map_err(|_| AppError::bad_request("Info Sub Type is not valid."))?);
                }
            }
            "latitude" => out.latitude = number(),
            "longitude" => out.longitude = number(),
            _ if name.starts_with("img") => return Err(AppError::bad_request("Up to three files can be attached.")),
            _ => {}
        }
    }
    Ok(out)
}

/// Checks the chosen sub types against the info type: required when the type has any.
fn check_sub_types(conn: &Connection, info_type: i64, chosen: &[i64]) -> AppResult<()> {
    let live: Vec<i64> = conn
        .prepare_cached("SELECT info_sub_id FROM info_sub_types WHERE info_id = :t AND is_retired = 0")?
        .query_map(named_params! { ":t": info_type }, |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if !live.is_empty() && chosen.is_empty() {
        return Err(AppError::bad_request("Info Sub Type is required."));
    }
    if chosen.iter().any(|s| !live.contains(s)) {
        return Err(AppError::bad_request("Info Sub Type is not valid for this Info Type."));
    }
    Ok(())
}

/// `POST /users/customer/info/{buyerId}` (info_add): multipart `img1`..`img3` (images or pdf,
/// checked by content, 5 MB each), `remark`, `infoTypeId`, repeated `infoSubTypeId`, coordinates.
#[utoipa::path(post, path = "/users/customer/info/{id}", tag = "customers", summary = "Add customer info with up to three files", params(("id" = String, Path, description = "The buyer id")), request_body(content = inline(InfoUploadForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved", body = MessageBody),
        (status = 404, description = "No such customer among the caller's, or no such info type", body = crate::api::ErrorBody)
    ))]
pub async fn add(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
    MultipartForm(form): MultipartForm,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::INFO_ADD)?;
    let form = read_form(form).await?;
    let info_type = form.info_type.filter(|t| *t > 0).ok_or_else(|| AppError::bad_request("Info Type is required."))?;
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
            let (customer, _) = visible_customer(&tx, scope, &buyer_id)?;
            tx.query_row("SELECT 1 FROM info_types WHERE info_id = :t AND is_retired = 0", named_params! { ":t": info_type }, |_| Ok(()))
                .optional()?
                .ok_or_else(|| AppError::bad_request("Info Type is required."))?;
            check_sub_types(&tx, info_type, &form.sub_types)?;
            tx.execute(
                "INSERT INTO customer_info (customer_id, entered_by, info_type_id, remark, latitude, longitude, created_at)
                 VALUES (:c, :me, :t, :remark, :lat, :lng, :now)",
                named_params! {
                    ":c": customer, ":me": me, ":t": info_type, ":remark": Some(form.remark.clone()).filter(|r| !r.is_empty()),
                    ":lat": form.latitude, ":lng": form.longitude, ":now": crate::now(),
                },
            )?;
            let id = tx.last_insert_rowid();
            for sub in &form.sub_types {
                tx.execute(
                    "INSERT OR IGNORE INTO customer_info_sub_types (info_id, info_sub_id) VALUES (:i, :s)",
                    named_params! { ":i": id, ":s": sub },
                )?;
            }
            // Files are written before the commit; if anything fails they are removed again.
            let mut stored = Vec::new();
            let result = (|| -> AppResult<()> {
                for ((slot, original, ext), (_, _, bytes)) in checked.iter().zip(&form.files) {
                    let name = files::store(&data_dir, AREA, ext, bytes)?;
                    stored.push(name.clone());
                    tx.execute(
                        "INSERT INTO customer_info_files (info_id, slot, file_name, original_name) VALUES (:i, :slot, :name, :orig)",
                        named_params! { ":i": id, ":slot": slot, ":name": name, ":orig": original },
                    )
                    .map_err(|_| AppError::bad_request("Each of img1, img2 and img3 can be sent once."))?;
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
    Ok(Json(MessageBody::text("Customer info saved successfully.")))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    pub date: String,
    pub info_type: String,
    pub remark: Option<String>,
    pub super_admin_status: String,
}

/// `GET /users/customer/infohistory/{buyerId}` (info_add): the last 3 submissions.
#[utoipa::path(get, path = "/users/customer/infohistory/{id}", tag = "customers", summary = "The last 3 info submissions of a customer", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = Vec<HistoryRow>),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn history(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<Vec<HistoryRow>>> {
    user.require(rights::INFO_ADD)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let (customer, _) = visible_customer(conn, scope, &buyer_id)?;
            let mut stmt = conn.prepare_cached(
                "SELECT i.created_at, t.name, i.remark, i.admin_status FROM customer_info i
                 JOIN info_types t ON t.info_id = i.info_type_id
                 WHERE i.customer_id = :c ORDER BY i.created_at DESC, i.id DESC LIMIT 3",
            )?;
            let rows = stmt.query_map(named_params! { ":c": customer }, |r| {
                Ok(HistoryRow {
                    date: clock::date_and_time(r.get(0)?).0,
                    info_type: r.get(1)?,
                    remark: r.get(2)?,
                    super_admin_status: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRow {
    pub id: i64,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    pub address: String,
    pub mobile: Option<String>,
    pub info_type: String,
    pub sub_types: String,
    pub remark: Option<String>,
    pub image1: Option<String>,
    pub image2: Option<String>,
    pub image3: Option<String>,
    pub customer_info_date: String,
    pub super_admin_status: String,
}

fn review_rows(conn: &Connection, offset: i64, limit: i64) -> rusqlite::Result<Vec<ReviewRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT i.id, c.buyer_id, c.name, TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.city, '')), c.mobile, t.name,
                (SELECT GROUP_CONCAT(s.name, ', ') FROM customer_info_sub_types x
                 JOIN info_sub_types s ON s.info_sub_id = x.info_sub_id WHERE x.info_id = i.id),
                i.remark,
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 1),
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 2),
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 3),
                i.created_at, i.admin_status
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id
         JOIN info_types t ON t.info_id = i.info_type_id
         ORDER BY i.created_at DESC, i.id DESC LIMIT :limit OFFSET :offset",
    )?;
    let rows = stmt.query_map(named_params! { ":limit": limit, ":offset": offset }, |r| {
        let file = |n: usize| -> rusqlite::Result<Option<String>> { Ok(r.get::<_, Option<String>>(n)?.as_deref().map(media_url)) };
        Ok(ReviewRow {
            id: r.get(0)?,
            buyer_id: r.get(1)?,
            buyer_name: r.get(2)?,
            address: r.get(3)?,
            mobile: r.get(4)?,
            info_type: r.get(5)?,
            sub_types: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
            remark: r.get(7)?,
            image1: file(8)?,
            image2: file(9)?,
            image3: file(10)?,
            customer_info_date: clock::date_and_time(r.get(11)?).0,
            super_admin_status: r.get(12)?,
        })
    })?;
    rows.collect()
}

/// `GET /users/infoUpdate` (infotype_master or infostatus_update): the newest 500 submissions.
#[utoipa::path(get, path = "/users/infoUpdate", tag = "customers", summary = "The newest 500 info submissions, for review",
    responses(
        (status = 200, description = "OK", body = Vec<ReviewRow>)
    ))]
pub async fn review_list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<ReviewRow>>> {
    user.require_any(REVIEW_RIGHTS)?;
    state.db(|conn| Ok(review_rows(conn, 0, 500)?)).await.map(Json)
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
            let total: i64 = conn.query_row("SELECT COUNT(*) FROM customer_info", [], |r| r.get(0))?;
            let data = review_rows(conn, (page - 1) * size, size)?;
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
        (status = 404, description = "No such submission", body = crate::api::ErrorBody)
    ))]
pub async fn set_status(State(state): State<AppState>, user: CurrentUser, Json(req): Json<StatusUpdate>) -> AppResult<Json<MessageBody>> {
    user.require_any(REVIEW_RIGHTS)?;
    let id = req.id.filter(|i| *i > 0).ok_or_else(|| AppError::bad_request("The submission id is required."))?;
    let remark = crate::validate::required(&req.admin_status, "Please Enter Remark")?;
    max_len(&remark, 200, "The remark is limited to a maximum of 200 characters.")?;
    let me = user.uid;
    state
        .db(move |conn| {
            let n = conn.execute(
                "UPDATE customer_info SET admin_status = :s, status_by = :me, status_at = :now WHERE id = :id",
                named_params! { ":s": remark, ":me": me, ":now": crate::now(), ":id": id },
            )?;
            crate::db::updated(n)
        })
        .await?;
    Ok(Json(MessageBody::text("Status updated successfully.")))
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
        (status = 404, description = "No such file, or not the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn media(State(state): State<AppState>, user: CurrentUser, Query(q): Query<MediaQuery>) -> AppResult<Response> {
    let name = q.file_name.trim().to_string();
    if !files::is_stored_name(&name) {
        return Err(AppError::bad_request("Invalid file name."));
    }
    let reviewer = REVIEW_RIGHTS.iter().any(|r| user.has_right(*r));
    let p = ScopeParams::from(user.scope());
    let lookup = name.clone();
    let (area, original): (String, String) = state
        .db(move |conn| {
            conn.query_row(
                &format!(
                    "SELECT 'info', f.original_name FROM customer_info_files f JOIN customer_info i ON i.id = f.info_id
                     JOIN customers c ON c.customer_id = i.customer_id
                     WHERE f.file_name = :name AND (:reviewer OR {CUSTOMER_IN_SCOPE})
                     UNION ALL
                     SELECT 'delivery', d.order_id || '.' || substr(d.image_name, 34) FROM deliveries d
                     JOIN customers c ON c.customer_id = d.customer_id
                     WHERE d.image_name = :name AND {CUSTOMER_IN_SCOPE}
                     LIMIT 1"
                ),
                named_params! {
                    ":name": lookup, ":reviewer": reviewer, ":scope_all": p.all, ":scope_own": p.own,
                    ":scope_manager": p.manager,
                },
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .ok_or_else(|| AppError::not_found("The file was not found."))
        })
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
