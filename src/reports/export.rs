//! Writing a report (`defs`) for a filter into a workbook: the date window, the scope's
//! condition in the report's SQL, the rows streamed into the sheet. The API and
//! `fieldsales report export` share `export`.

use std::path::Path;

use rusqlite::types::ValueRef;
use rusqlite::Connection;

use super::defs::{Filter, Report};
use super::messages::{FROM_DATE_INVALID, FROM_DATE_REQUIRED, TO_BEFORE_FROM, TO_DATE_INVALID};
use crate::platform::error::{AppError, AppResult};
use crate::platform::formats::Formats;
use crate::platform::rights::UserType;
use crate::platform::scope::Scope;
use crate::platform::workbook::{Column, SheetWriter};

/// The date window of a filter: `[from, to)` as dates and local timestamps. A `monthYear`
/// (YYYY-MM) gives its whole month when no dates are set.
pub fn window(filter: &Filter) -> AppResult<(String, String, i64, i64)> {
    let parse = |v: &str, invalid| crate::clock::parse_date(v.trim()).ok_or_else(|| AppError::bad_request(invalid));
    let (from, to) =
        match (filter.from_date.as_deref().filter(|s| !s.trim().is_empty()), filter.to_date.as_deref().filter(|s| !s.trim().is_empty())) {
            (Some(f), Some(t)) => (parse(f, FROM_DATE_INVALID)?, parse(t, TO_DATE_INVALID)?),
            _ => {
                let month = filter.month_year.as_deref().unwrap_or_default();
                let first =
                    crate::clock::parse_date(&format!("{}-01", month.trim())).ok_or_else(|| AppError::bad_request(FROM_DATE_REQUIRED))?;
                (first, first + chrono::Months::new(1) - chrono::Days::new(1))
            }
        };
    if to < from {
        return Err(AppError::bad_request(TO_BEFORE_FROM));
    }
    let end = to + chrono::Days::new(1);
    Ok((from.format("%Y-%m-%d").to_string(), end.format("%Y-%m-%d").to_string(), crate::clock::start_of(from), crate::clock::start_of(end)))
}

/// Writes `report` for `filter` in `scope` to `path`; returns the rows written. `progress` hears
/// every 10,000 rows.
pub fn export(
    conn: &Connection,
    formats: &Formats,
    report: &Report,
    filter: &Filter,
    scope: Scope,
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
    let administrator = scope == Scope::All;
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
        scope.param(),
        (":administrator", &administrator),
        (":administrator_type", &UserType::Administrator),
        (":area_manager_type", &UserType::AreaManager),
        (":agent_type", &UserType::Agent),
    ];
    let mut stmt = conn.prepare(&with_scope(report.sql, scope))?;
    let used = crate::platform::db::only_used(&stmt, params)?;
    let columns: Vec<Column> = stmt.column_names().into_iter().map(Column::declared).collect();
    let width = columns.len();
    let mut rows = stmt.query(&used[..])?;
    // The workbook is written on its own thread while the rows are read here.
    let mut sheet = SheetWriter::start_typed(columns, formats, path.to_path_buf())?;
    while let Some(row) = rows.next()? {
        for i in 0..width {
            match row.get_ref(i)? {
                ValueRef::Null | ValueRef::Blob(_) => sheet.blank(),
                ValueRef::Integer(n) => sheet.number(n as f64),
                ValueRef::Real(x) => sheet.number(x),
                ValueRef::Text(t) => sheet.value(&String::from_utf8_lossy(t)),
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

/// The workbook's header of `report`: its columns' names without their kinds' suffixes.
pub fn header(conn: &Connection, report: &Report) -> AppResult<Vec<String>> {
    let stmt = conn.prepare(&with_scope(report.sql, Scope::All))?;
    Ok(stmt.column_names().into_iter().map(|name| Column::declared(name).header).collect())
}

/// A report's SQL with each `{{scope:COLUMN}}` replaced by the scope's one condition on that
/// column (`Scope::condition`, binding `:scope_uid`).
pub fn with_scope(sql: &str, scope: Scope) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut rest = sql;
    while let Some(start) = rest.find("{{scope:") {
        let Some(len) = rest[start..].find("}}") else { break };
        out.push_str(&rest[..start]);
        out.push_str(&scope.condition(&rest[start + "{{scope:".len()..start + len]));
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::ids::UserId;

    #[test]
    fn every_scope_marker_becomes_the_scope_condition() {
        let sql = "SELECT 1 WHERE {{scope:c.agent_id}} AND x AND {{scope:u.uid}}";
        assert_eq!(with_scope(sql, Scope::Own { uid: UserId(4) }), "SELECT 1 WHERE c.agent_id = :scope_uid AND x AND u.uid = :scope_uid");
        for report in super::super::defs::ALL {
            for scope in [Scope::All, Scope::Team { manager: UserId(2) }, Scope::Own { uid: UserId(4) }] {
                let sql = with_scope(report.sql, scope);
                assert!(!sql.contains("{{") && !sql.contains(":scope_all"), "{}", report.name);
            }
        }
    }
}
