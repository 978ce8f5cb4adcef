//! Spreadsheet uploads and downloads: every kind through one pipeline (`import`), kinds defined
//! once (`kinds`), safe workbook reading (`sheet`), sample files and the customer master export.

mod cells;
pub mod import;
pub mod kinds;
pub mod mapping;
pub mod messages;
pub mod queries;
pub mod sheet;
pub mod types;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa_axum::routes;

use self::import::Rejected;
use self::kinds::{Context, Kind};
use self::messages::{CUSTOMERS_DOWNLOADED, FILE_REQUIRED, INFO_TYPE_REQUIRED, NO_SUCH_KIND, SAMPLE_NOT_FOUND, XLSX_ONLY};
pub use self::types::UploadProgress;
use crate::auth::session::CurrentUser;
use crate::downloads::DownloadLink;
use crate::platform::api::with_body_limit;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Path, Query};
use crate::platform::files::multipart_error;
use crate::platform::state::AppState;

/// Largest upload accepted.
pub const MAX_UPLOAD_BYTES: usize = 50 * 1024 * 1024;

crate::platform::api::area_router! {
    with_body_limit(routes!(upload_customers), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_products), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_distributors), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_scorecards), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_deliveries), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_orders), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_sub_info), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_beats), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_invoices), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_schemes), MAX_UPLOAD_BYTES),
    with_body_limit(routes!(upload_targets), MAX_UPLOAD_BYTES),
    routes!(download_customers),
    routes!(latest_upload),
}

/// One upload route: its handler (the shared `upload` for one kind) and, for the OpenAPI document,
/// its multipart form (the kind's file field plus any extra fields).
macro_rules! upload_route {
    ($handler:ident, $form:ident, $path:tt, $kind:expr, $summary:tt, $file:ident { $($extra:tt)* }) => {
        #[derive(utoipa::ToSchema)]
        #[allow(dead_code, non_snake_case)]
        struct $form {
            /// The .xlsx workbook.
            #[schema(format = Binary)]
            $file: String,
            /// Optional: JSON `{"their header": "our header"}` for a file whose header differs.
            mapping: Option<String>,
            $($extra)*
        }

        #[utoipa::path(post, path = $path, tag = "uploads", summary = $summary,
            request_body(content = inline($form), content_type = "multipart/form-data"),
            responses(
                (status = 200, description = "OK", body = UploadResult)
            ))]
        async fn $handler(state: State<AppState>, user: CurrentUser, MultipartForm(form): MultipartForm) -> AppResult<Json<UploadResult>> {
            upload(state, user, form, &$kind).await
        }
    };
}

upload_route!(upload_customers, CustomerUploadForm, "/users/customer/upload", kinds::CUSTOMER,
    "Upload customers (isDelete=true: delete the listed buyer ids)", customerdata { isDelete: Option<bool> });
upload_route!(upload_products, ProductUploadForm, "/users/product/upload", kinds::PRODUCT, "Upload products", productdata {});
upload_route!(
    upload_distributors,
    DistributorUploadForm,
    "/users/distributor/upload",
    kinds::DISTRIBUTOR,
    "Upload distributors",
    distributordata {}
);
upload_route!(upload_scorecards, ScorecardUploadForm, "/users/scoreCard/upload", kinds::SCORECARD, "Upload scorecards", scorecarddata {});
upload_route!(upload_deliveries, DeliveryUploadForm, "/users/delivery/upload", kinds::DELIVERY, "Upload deliveries", deliverydata {});
upload_route!(upload_orders, OrderUploadForm, "/users/order/upload", kinds::ORDER, "Upload orders", orderdata {});
upload_route!(
    upload_beats,
    BeatUploadForm,
    "/users/beat/upload",
    kinds::BEAT,
    "Upload beats (each beat named gets exactly its rows)",
    beatdata {}
);
upload_route!(
    upload_invoices,
    InvoiceUploadForm,
    "/users/invoice/upload",
    kinds::INVOICE,
    "Upload invoices (an Invoice No uploaded again is updated)",
    invoicedata {}
);
upload_route!(
    upload_schemes,
    SchemeUploadForm,
    "/users/scheme/upload",
    kinds::SCHEME,
    "Upload schemes (one row per slab; a scheme's rows together; a name in force gets a new version)",
    schemedata {}
);
upload_route!(
    upload_targets,
    TargetUploadForm,
    "/users/target/upload",
    kinds::TARGET,
    "Upload targets (an agent, month and measure uploaded again is replaced)",
    targetdata {}
);
upload_route!(
    upload_sub_info,
    SubInfoUploadForm,
    "/master/info-type-subtype/upload",
    kinds::SUBINFO,
    "Upload info sub types of one info type",
    data { infoId: i64 }
);

/// The result of an upload: the first rejected rows, and the result workbook when rows applied.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadResult {
    pub data: Vec<Rejected>,
    pub excel_link: Option<String>,
    pub message: String,
}

/// `POST /users/<kind>/upload` (the kind's right): multipart with the kind's file field; the
/// customer upload takes `isDelete` (true: delete the listed buyer ids), the sub-info upload `infoId`.
async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    mut form: Multipart,
    kind: &'static Kind,
) -> AppResult<Json<UploadResult>> {
    user.require(kind.right)?;
    let mut file = None;
    let mut is_delete = false;
    let mut info_id = None;
    let mut mapping = None;
    while let Some(field) = form.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == kind.field {
            let file_name = field.file_name().unwrap_or_default().to_string();
            file = Some((file_name, field.bytes().await.map_err(multipart_error)?));
        } else if name == "isDelete" {
            is_delete = field.text().await.map_err(multipart_error)?.trim().eq_ignore_ascii_case("true");
        } else if name == "infoId" {
            info_id = field.text().await.map_err(multipart_error)?.trim().parse::<i64>().ok();
        } else if name == "mapping" {
            mapping = Some(field.text().await.map_err(multipart_error)?);
        }
    }
    let kind = if is_delete && kind.name == kinds::CUSTOMER.name { &kinds::CUSTOMER_DELETE } else { kind };
    if kind.name == kinds::SUBINFO.name && info_id.is_none() {
        return Err(AppError::bad_request(INFO_TYPE_REQUIRED));
    }
    let (file_name, bytes) = file.ok_or_else(|| AppError::bad_request(FILE_REQUIRED))?;
    if !file_name.to_ascii_lowercase().ends_with(".xlsx") {
        return Err(AppError::bad_request(XLSX_ONLY));
    }
    let mapping = match mapping.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        Some(text) => mapping::Mapping::from_json(kind.columns, text)?,
        None => mapping::Mapping::default(),
    };
    let ctx = Context::new(user.uid, info_id)
        .within(user.scope())
        .in_formats(crate::platform::formats::Formats::of_config(&state.config))
        .in_language(state.config.language_of(user.locale.as_deref()))
        .mapped(mapping)
        .bounded(state.config.max_amount);
    let data_dir = state.config.data_dir.clone();
    let uid = user.uid;
    let writer = state.writer.clone();
    // Set when this request is dropped (the uploader closed the page or pressed Cancel): the
    // import stops before its next piece of rows.
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_when_gone = StopWhenDropped(stop.clone());
    crate::platform::state::in_background("import", move || {
        let (result_name, result_path) = crate::downloads::new_file(&data_dir)
            .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("creating the result workbook")))?;
        let outcome = match import::import(import::Import {
            writer: &writer,
            kind,
            bytes: &bytes,
            ctx,
            result_path: &result_path,
            stop: &stop,
            progress: &mut |_| {},
        }) {
            Ok(outcome) => outcome,
            Err(err) => {
                let _ = std::fs::remove_file(&result_path);
                return Err(err);
            }
        };
        let link = if outcome.applied > 0 {
            let label = format!("{}-result.xlsx", kind.name);
            Some(writer.write_blocking(move |conn| Ok(crate::downloads::issue(conn, &data_dir, uid, &result_name, &label)?))?)
        } else {
            let _ = std::fs::remove_file(&result_path);
            None
        };
        let message = outcome.message();
        Ok(UploadResult { data: outcome.rejected, excel_link: link, message })
    })
    .await
    .map(Json)
}

/// Sets its flag when dropped.
struct StopWhenDropped(Arc<AtomicBool>);

impl Drop for StopWhenDropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
struct LatestQuery {
    /// The upload kind (customer, product, ..., invoice).
    kind: String,
}

/// `GET /users/upload/latest?kind=` (the kind's right): the caller's latest upload of that kind,
/// for the upload screen's progress while its rows go in, and its notice when the last one stopped;
/// `null` before their first.
#[utoipa::path(get, path = "/users/upload/latest", tag = "uploads", summary = "The caller's latest upload of a kind and how far it got",
    params(LatestQuery),
    responses(
        (status = 200, description = "OK (null: no upload of this kind by the caller yet)", body = Option<UploadProgress>),
        (status = 404, description = "No such kind", body = crate::platform::api::ErrorBody)
    ))]
async fn latest_upload(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<LatestQuery>,
) -> AppResult<Json<Option<UploadProgress>>> {
    let kind = kinds::by_name(&q.kind).ok_or_else(|| AppError::not_found(NO_SUCH_KIND))?;
    user.require(kind.right)?;
    let uid = user.uid;
    state.db(move |conn| Ok(queries::latest_upload(conn, uid, kind.name)?)).await.map(Json)
}

/// `GET /webapi/excelupload/sample_<kind>upload.xlsx` and `sample_customerdelete.xlsx` (public):
/// the header row and an example row of a kind.
#[utoipa::path(get, path = "/webapi/excelupload/{file}", tag = "uploads", summary = "The sample workbook of an upload kind",
    params(("file" = String, Path, description = "sample_<kind>upload.xlsx (customer, product, distributor, scorecard, delivery, order, subinfo, beat, invoice, scheme) or sample_customerdelete.xlsx")),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        (status = 404, description = "No such sample file", body = crate::platform::api::ErrorBody)
    ))]
pub async fn sample(Path(file): Path<String>) -> AppResult<Response> {
    let name = file
        .strip_prefix("sample_")
        .and_then(|f| f.strip_suffix(".xlsx"))
        .map(|f| if f == "customerdelete" { f } else { f.strip_suffix("upload").unwrap_or("") })
        .unwrap_or("");
    let kind = kinds::by_name(name).ok_or_else(|| AppError::not_found(SAMPLE_NOT_FOUND))?;
    let bytes = crate::platform::state::blocking(move || import::sample(kind)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, crate::platform::files::content_type("x.xlsx")),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"sample.xlsx\""),
        ],
        bytes,
    )
        .into_response())
}

/// `GET /users/customer/download` (customer_master): the customers the caller may see, in the
/// customer upload's columns (so the file can be edited and uploaded back), as a download link.
#[utoipa::path(get, path = "/users/customer/download", tag = "uploads", summary = "Export the caller's customers as an uploadable workbook",
    responses(
        (status = 200, description = "OK", body = DownloadLink)
    ))]
async fn download_customers(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<DownloadLink>> {
    user.require(kinds::CUSTOMER.right)?;
    let scope = user.scope();
    let (uid, data_dir) = (user.uid, state.config.data_dir.clone());
    state
        .db(move |conn| {
            let (name, path) = crate::downloads::new_file(&data_dir)
                .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("creating the export")))?;
            if let Err(err) = queries::write_customers(conn, scope, kinds::CUSTOMER.columns, &path) {
                let _ = std::fs::remove_file(&path);
                return Err(err);
            }
            let link = crate::downloads::issue(conn, &data_dir, uid, &name, "customer.xlsx")?;
            Ok(DownloadLink { excel_path: link, message: CUSTOMERS_DOWNLOADED.text.into() })
        })
        .await
        .map(Json)
}
