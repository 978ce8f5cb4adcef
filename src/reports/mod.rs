//! Excel reports: every report of the spec (`defs`), written straight from the database into a
//! constant-memory workbook on its own thread (`crate::workbook`; a new sheet past Excel's row
//! limit), behind a single-use download link.
//! The API and `fieldsales report export` share `export`.

pub mod defs;
pub mod handlers;
pub mod messages;

use std::path::Path;

use axum::extract::FromRef;
use rusqlite::types::ValueRef;
use rusqlite::Connection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::defs::{Filter, Report};
use crate::error::{AppError, AppResult};
use crate::scope::ScopeParams;
use crate::state::AppState;
use crate::workbook::SheetWriter;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::monthly))
        .routes(routes!(handlers::delivery))
        .routes(routes!(handlers::buyer_images))
        .routes(routes!(handlers::my_customers))
        .routes(routes!(handlers::by_name))
}

/// The date window of a filter: `[from, to)` as dates and local timestamps. A `monthYear`
/// (YYYY-MM) gives its whole month when no dates are set.
pub fn window(filter: &Filter) -> AppResult<(String, String, i64, i64)> {
    let parse = |v: &str, what: &str| {
        crate::clock::parse_date(v.trim()).ok_or_else(|| AppError::bad_request(format!("{what} must be a date (YYYY-MM-DD).")))
    };
    let (from, to) =
        match (filter.from_date.as_deref().filter(|s| !s.trim().is_empty()), filter.to_date.as_deref().filter(|s| !s.trim().is_empty())) {
            (Some(f), Some(t)) => (parse(f, "From Date")?, parse(t, "To Date")?),
            _ => {
                let month = filter.month_year.as_deref().unwrap_or_default();
                let first = crate::clock::parse_date(&format!("{}-01", month.trim()))
                    .ok_or_else(|| AppError::bad_request("From Date is required"))?;
                (first, first + chrono::Months::new(1) - chrono::Days::new(1))
            }
        };
    if to < from {
        return Err(AppError::bad_request("To Date must not be before From Date."));
    }
    let end = to + chrono::Days::new(1);
    Ok((from.format("%Y-%m-%d").to_string(), end.format("%Y-%m-%d").to_string(), crate::clock::start_of(from), crate::clock::start_of(end)))
}

/// Writes `report` for `filter` in `scope` to `path`; returns the rows written. `progress` hears
/// every 10,000 rows.
pub fn export(
    conn: &Connection,
    report: &Report,
    filter: &Filter,
    scope: ScopeParams,
    path: &Path,
    progress: &mut dyn FnMut(u64),
) -> AppResult<u64> {
    let (from, to, from_ts, to_ts) = if report.dated() { window(filter)? } else { (String::new(), String::new(), 0, 0) };
    let search = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let mut types: Vec<i64> = filter.user_types.iter().copied().filter(|t| *t > 0).collect();
    if let Some(t) = filter.user_type.filter(|t| *t > 0) {
        types.push(t);
    }
    let user_types = serde_json::to_string(&types).unwrap_or_else(|_| "[]".into());
    let countries: Vec<&str> = filter.countries.iter().map(|c| c.trim()).filter(|c| !c.is_empty()).collect();
    let countries = serde_json::to_string(&countries).unwrap_or_else(|_| "[]".into());
    let by_updated = filter.radio_button.as_deref().is_some_and(|r| r.eq_ignore_ascii_case("UpdatedDate"));
    let params: Vec<(&'static str, &dyn rusqlite::ToSql)> = vec![
        (":from", &from),
        (":to", &to),
        (":from_ts", &from_ts),
        (":to_ts", &to_ts),
        (":search", &search),
        (":user_types", &user_types),
        (":countries", &countries),
        (":by_updated", &by_updated),
        (":scope_all", &scope.all),
        (":scope_own", &scope.own),
        (":scope_manager", &scope.manager),
    ];
    let mut stmt = conn.prepare(report.sql)?;
    let used = crate::db::only_used(&stmt, params)?;
    let header: Vec<String> = stmt.column_names().into_iter().map(str::to_string).collect();
    let width = header.len();
    let mut rows = stmt.query(&used[..])?;
    // The workbook is written on its own thread while the rows are read here.
    let mut sheet = SheetWriter::start(header, path.to_path_buf())?;
    while let Some(row) = rows.next()? {
        for i in 0..width {
            match row.get_ref(i)? {
                ValueRef::Null | ValueRef::Blob(_) => sheet.blank(),
                ValueRef::Integer(n) => sheet.number(n as f64),
                ValueRef::Real(x) => sheet.number(x),
                ValueRef::Text(t) => sheet.text(&String::from_utf8_lossy(t)),
            }
        }
        sheet.end_row()?;
        if sheet.rows().is_multiple_of(10_000) {
            progress(sheet.rows());
        }
    }
    progress(sheet.rows());
    sheet.finish()
}
