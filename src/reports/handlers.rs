//! Report endpoints (spec 1 §7 "Reports"): each answers `{excelPath}`, a single-use link.

use axum::extract::State;
use serde::Deserialize;

use super::defs::{self, Filter, Report};
use super::messages::*;
use crate::auth::session::CurrentUser;
use crate::downloads::DownloadLink;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::lenient;
use crate::platform::state::AppState;

/// The answer of every report call: the link of the generated workbook.
#[derive(utoipa::IntoResponses)]
#[response(status = 200, description = "OK")]
pub struct ReportReady(pub DownloadLink);

/// Generates `report` for the caller and returns its download link.
async fn run(state: &AppState, user: &CurrentUser, report: &'static Report, filter: Filter) -> AppResult<Json<DownloadLink>> {
    user.require(report.right)?;
    if report.dated() {
        super::window(&filter)?;
    }
    let scope = user.scope();
    let (uid, data_dir) = (user.uid, state.config.data_dir.clone());
    let formats = crate::platform::formats::Formats::of_config(&state.config);
    state
        .db(move |conn| {
            let (name, path) = crate::downloads::new_file(&data_dir)
                .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("creating a report file")))?;
            let rows = match super::export(conn, &formats, report, &filter, scope, &path, &mut |_| {}) {
                Ok(rows) => rows,
                Err(err) => {
                    let _ = std::fs::remove_file(&path);
                    return Err(err);
                }
            };
            let link = crate::downloads::issue(conn, &data_dir, uid, &name, "report.xlsx")?;
            Ok(DownloadLink { excel_path: link, message: format!("{} report: {}.", report.title, crate::plural(rows, "row")) })
        })
        .await
        .map(Json)
}

fn required(value: &Option<String>, message: crate::platform::error::Msg) -> AppResult<()> {
    if value.as_deref().is_none_or(|v| v.trim().is_empty()) {
        Err(AppError::bad_request(message))
    } else {
        Ok(())
    }
}

/// The countries a report body asks for: one at least.
fn countries(country: lenient::Texts) -> AppResult<Vec<String>> {
    if country.is_empty() {
        return Err(AppError::bad_request(COUNTRY_REQUIRED));
    }
    Ok(country.0)
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ReportQuery {
    /// YYYY-MM-DD; required by dated reports.
    #[param(format = Date)]
    pub from_date: Option<String>,
    /// YYYY-MM-DD; required by dated reports.
    #[param(format = Date)]
    pub to_date: Option<String>,
    pub search: Option<String>,
    pub user_type: lenient::Int,
    /// One country name, or several separated by commas.
    pub country: lenient::Texts,
    /// YYYY-MM: the whole month, in place of fromDate and toDate (the targets report's month).
    pub month_year: Option<String>,
}

/// `GET /report/{name}?fromDate&toDate&search&userType&country` (the report's right).
#[utoipa::path(get, path = "/report/{name}", tag = "reports", summary = "Generate a report by name", params(ReportQuery, ("name" = String, Path, description = "customer-visit, customer-add, profile-update, info-add, login-history, audit, productivity, productivitysummary, monthly-summary, monthly-summary-am, delivery, orders, mycustomer, buyer-details")),
    responses(ReportReady, (status = 404, description = "No report by that name", body = crate::platform::api::ErrorBody)))]
pub async fn by_name(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(name): Path<String>,
    Query(q): Query<ReportQuery>,
) -> AppResult<Json<DownloadLink>> {
    let report = defs::by_name(&name).ok_or_else(|| AppError::not_found(REPORT_NOT_FOUND.with([("name", serde_json::json!(name))])))?;
    // Rights before validation: a caller without the right learns nothing about the fields.
    user.require(report.right)?;
    let by_month = q.month_year.as_deref().is_some_and(|m| !m.trim().is_empty()) && q.from_date.is_none() && q.to_date.is_none();
    if report.dated() && !by_month {
        required(&q.from_date, FROM_DATE_REQUIRED)?;
        required(&q.to_date, TO_DATE_REQUIRED)?;
    }
    let filter = Filter {
        from_date: q.from_date,
        to_date: q.to_date,
        search: q.search,
        user_type: q.user_type.0,
        countries: q.country.0,
        month_year: q.month_year,
        ..Filter::default()
    };
    run(&state, &user, report, filter).await
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MonthlyBody {
    pub country: lenient::Texts,
    pub user_type: lenient::Ints,
    pub report_name: Option<String>,
    /// YYYY-MM: the whole month when no dates are given.
    pub month_year: Option<String>,
    #[schema(format = Date)]
    pub from_date: Option<String>,
    #[schema(format = Date)]
    pub to_date: Option<String>,
}

/// `POST /report/monthlyReport` (rpt_productivity): monthly-summary or monthly-summary-am.
#[utoipa::path(
    post,
    path = "/report/monthlyReport",
    tag = "reports",
    summary = "Generate the monthly summary (or its manager variant)",
    responses(ReportReady)
)]
pub async fn monthly(State(state): State<AppState>, user: CurrentUser, Json(b): Json<MonthlyBody>) -> AppResult<Json<DownloadLink>> {
    let report = match b.report_name.as_deref() {
        Some("monthly-summary-am") => &defs::MONTHLY_SUMMARY_AM,
        _ => &defs::MONTHLY_SUMMARY,
    };
    user.require(report.right)?;
    if b.user_type.is_empty() {
        return Err(AppError::bad_request(USER_TYPE_REQUIRED));
    }
    let countries = countries(b.country)?;
    let filter = Filter {
        from_date: b.from_date,
        to_date: b.to_date,
        month_year: b.month_year,
        // 0 means all types.
        user_types: if b.user_type.contains(&0) { Vec::new() } else { b.user_type.0 },
        countries,
        ..Filter::default()
    };
    run(&state, &user, report, filter).await
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeliveryBody {
    pub report_name: Option<String>,
    /// YYYY-MM: the whole month when no dates are given.
    pub month_year: Option<String>,
    #[schema(format = Date)]
    pub from_date: Option<String>,
    #[schema(format = Date)]
    pub to_date: Option<String>,
    pub country: lenient::Texts,
}

/// `POST /report/deliveryReport` (rpt_productivity): by Order Date or Updated Date.
#[utoipa::path(post, path = "/report/deliveryReport", tag = "reports", summary = "Generate the delivery report", responses(ReportReady))]
pub async fn delivery(State(state): State<AppState>, user: CurrentUser, Json(b): Json<DeliveryBody>) -> AppResult<Json<DownloadLink>> {
    user.require(defs::DELIVERY.right)?;
    required(&b.from_date, ENTER_FROM_DATE)?;
    required(&b.to_date, ENTER_TO_DATE)?;
    let countries = countries(b.country)?;
    let filter = Filter {
        from_date: b.from_date,
        to_date: b.to_date,
        month_year: b.month_year,
        countries,
        radio_button: b.report_name,
        ..Filter::default()
    };
    run(&state, &user, &defs::DELIVERY, filter).await
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CountryBody {
    pub country: lenient::Texts,
}

/// `POST /report/buyerImagesReport` (rpt_buyer_images): customer info with files, by country.
#[utoipa::path(
    post,
    path = "/report/buyerImagesReport",
    tag = "reports",
    summary = "Generate the buyer images report",
    responses(ReportReady)
)]
pub async fn buyer_images(State(state): State<AppState>, user: CurrentUser, Json(b): Json<CountryBody>) -> AppResult<Json<DownloadLink>> {
    user.require(defs::BUYER_DETAILS.right)?;
    let countries = countries(b.country)?;
    run(&state, &user, &defs::BUYER_DETAILS, Filter { countries, ..Filter::default() }).await
}

/// `GET /report/mycustomerReport` (rpt_my_customer): every customer of the caller's scope.
#[utoipa::path(
    get,
    path = "/report/mycustomerReport",
    tag = "reports",
    summary = "Generate the report of every customer of the caller's scope",
    responses(ReportReady)
)]
pub async fn my_customers(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<DownloadLink>> {
    run(&state, &user, &defs::MY_CUSTOMER, Filter::default()).await
}
