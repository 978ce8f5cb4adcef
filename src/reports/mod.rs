//! Excel reports: every report of the spec (`defs`), written straight from the database into a
//! constant-memory workbook (a new sheet past Excel's row limit), behind a single-use download link.
//! The API and `fieldsales report export` share `export`.

pub mod defs;
pub mod handlers;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

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

use std::path::Path;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

use rusqlite::types::ValueRef;
use rusqlite::Connection;
use rust_xlsxwriter::{Format, Workbook};

use self::defs::{Filter, Report};
use crate::error::{AppError, AppResult};
use crate::scope::ScopeParams;

/// Data rows per sheet: Excel's limit less the header.
const ROWS_PER_SHEET: u64 = 1_048_575;

/// The date window of a filter: `[from, to)` as dates and local timestamps. A `monthYear`
/// (YYYY-MM) gives its whole month when no dates are set.
pub fn window(filter: &Filter) -> AppResult<(String, String, i64, i64)> {
    let parse = |v: &str, what: &str| {
        chrono::NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d")
            .map_err(|_| AppError::bad_request(format!("{what} must be a date (YYYY-MM-DD).")))
    };
    let (from, to) =
        match (filter.from_date.as_deref().filter(|s| !s.trim().is_empty()), filter.to_date.as_deref().filter(|s| !s.trim().is_empty())) {
            (Some(f), Some(t)) => (parse(f, "From Date")?, parse(t, "To Date")?),
            _ => {
                let month = filter.month_year.as_deref().unwrap_or_default();
                let first = chrono::NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
                    .map_err(|_| AppError::bad_request("From Date is required"))?;
                (first, first + chrono::Months::new(1) - chrono::Days::new(1))
            }
        };
    if to < from {
        return Err(AppError::bad_request("To Date must not be before From Date."));
    }
    let end = to + chrono::Days::new(1);
    Ok((from.format("%Y-%m-%d").to_string(), end.format("%Y-%m-%d").to_string(), crate::clock::start_of(from), crate::clock::start_of(end)))
}

fn xlsx(err: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("writing a report: {err}"))
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
    let (from, to, from_ts, to_ts) = if report.dated { window(filter)? } else { (String::new(), String::new(), 0, 0) };
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
    let mut rows = stmt.query(&used[..])?;
    let width = report.columns.len();

    // The rows are read here and written to the workbook on a second thread, batch by batch, so
    // the database's work and the writer's (deflate, most of it) overlap. The bounded channel
    // keeps memory flat: the reader waits while the writer is behind.
    let (batches, received) = sync_channel::<Batch>(4);
    std::thread::scope(|scope| {
        let writer = scope.spawn(move || write_workbook(report.columns, received, path));
        let read = read_rows(&mut rows, width, &batches, progress);
        drop(batches);
        let written = writer.join().map_err(|_| AppError::Internal(anyhow::anyhow!("the report writer stopped")))?;
        // A failed read is the error to report; the writer then stopped without saving.
        read?;
        written
    })
}

/// Sends the rows to the writer in batches, then `Done`; returns the rows read. Stops early when
/// the writer has failed (its error is the one to report).
fn read_rows(rows: &mut rusqlite::Rows<'_>, width: usize, batches: &SyncSender<Batch>, progress: &mut dyn FnMut(u64)) -> AppResult<u64> {
    let mut read: u64 = 0;
    let mut batch = Chunk::with_capacity(width);
    while let Some(row) = rows.next()? {
        for i in 0..width {
            batch.push(row.get_ref(i)?);
        }
        read += 1;
        if read.is_multiple_of(BATCH_ROWS as u64) {
            let full = std::mem::replace(&mut batch, Chunk::with_capacity(width));
            if batches.send(Batch::Rows(full)).is_err() {
                return Ok(read);
            }
        }
        if read.is_multiple_of(10_000) {
            progress(read);
        }
    }
    progress(read);
    if batches.send(Batch::Rows(batch)).is_ok() {
        // Only a complete read is saved.
        let _ = batches.send(Batch::Done);
    }
    Ok(read)
}

/// Rows read per message to the writer.
const BATCH_ROWS: usize = 1_000;

/// One cell of a report row: text is a range of its batch's text, so a batch of rows costs two
/// allocations, not one a cell.
enum Cell {
    Blank,
    Number(f64),
    Text(std::ops::Range<usize>),
}

/// Whole rows' cells, row after row, owned so they can cross to the writer.
struct Chunk {
    cells: Vec<Cell>,
    text: String,
}

impl Chunk {
    fn with_capacity(width: usize) -> Self {
        Chunk { cells: Vec::with_capacity(BATCH_ROWS * width), text: String::with_capacity(BATCH_ROWS * width * 16) }
    }

    fn push(&mut self, value: ValueRef<'_>) {
        self.cells.push(match value {
            ValueRef::Null | ValueRef::Blob(_) => Cell::Blank,
            ValueRef::Integer(n) => Cell::Number(n as f64),
            ValueRef::Real(x) => Cell::Number(x),
            ValueRef::Text(t) => {
                let start = self.text.len();
                self.text.push_str(&String::from_utf8_lossy(t));
                Cell::Text(start..self.text.len())
            }
        });
    }
}

enum Batch {
    Rows(Chunk),
    /// Every row was read: the workbook may be saved.
    Done,
}

/// Writes the batches to a constant-memory workbook at `path` (a new sheet, with the header,
/// past Excel's row limit) and saves it once the reader says it is done; returns the rows.
fn write_workbook(columns: &[&str], batches: Receiver<Batch>, path: &Path) -> AppResult<u64> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let header = |sheet: &mut rust_xlsxwriter::Worksheet| -> AppResult<()> {
        for (i, name) in columns.iter().enumerate() {
            sheet.write_string_with_format(0, i as u16, *name, &bold).map_err(xlsx)?;
        }
        Ok(())
    };
    let mut sheet = book.add_worksheet_with_constant_memory();
    header(sheet)?;
    let mut written: u64 = 0;
    for batch in batches {
        let rows = match batch {
            Batch::Rows(rows) => rows,
            Batch::Done => {
                book.save(path).map_err(xlsx)?;
                return Ok(written);
            }
        };
        for row in rows.cells.chunks(columns.len().max(1)) {
            if written > 0 && written.is_multiple_of(ROWS_PER_SHEET) {
                sheet = book.add_worksheet_with_constant_memory();
                header(sheet)?;
            }
            let r = (written % ROWS_PER_SHEET) as u32 + 1;
            for (i, cell) in row.iter().enumerate() {
                let c = i as u16;
                // Text is always written as text: a value starting with '=' never becomes a formula.
                match cell {
                    Cell::Blank => {}
                    Cell::Number(x) => {
                        sheet.write_number(r, c, *x).map_err(xlsx)?;
                    }
                    Cell::Text(range) => {
                        sheet.write_string(r, c, &rows.text[range.clone()]).map_err(xlsx)?;
                    }
                }
            }
            written += 1;
        }
    }
    Err(AppError::Internal(anyhow::anyhow!("the report's rows stopped before the end")))
}
