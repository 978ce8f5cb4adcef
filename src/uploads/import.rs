//! The one import pipeline, used by every upload endpoint and by `fieldsales import`: header check,
//! row-by-row cell checks, the kind's apply in one transaction, and a result workbook with every
//! input row plus Status and Reason (fix it and upload it again).

use std::path::Path;

use rusqlite::{named_params, Connection, TransactionBehavior};
use rust_xlsxwriter::Workbook;
use serde::Serialize;

use super::kinds::{Check, Context, Kind};
use super::messages::{BAD_HEADER, NO_ROWS, SHEET_EMPTY, TOO_MANY_ROWS};
use super::sheet;
use crate::error::{AppError, AppResult};
use crate::workbook::{Column as WorkbookColumn, Kind as WorkbookKind, SheetWriter};

/// Data rows one upload may carry.
pub const MAX_ROWS: usize = 200_000;
/// Rejected rows listed in the response (the result workbook has them all).
const LISTED_REJECTIONS: usize = 1_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rejected {
    pub row_number: u32,
    pub reason: String,
}

#[derive(Debug)]
pub struct Outcome {
    pub applied: usize,
    pub rejected_count: usize,
    /// The first rejections, with their row numbers.
    pub rejected: Vec<Rejected>,
}

impl Outcome {
    pub fn message(&self) -> String {
        format!("{} uploaded, {} rejected.", crate::plural(self.applied as u64, "row"), self.rejected_count)
    }
}

/// The header must name the kind's columns in order. Columns added later may be left out, with
/// every column after them, so a file of an older format still imports; returns how many of the
/// kind's columns the file has (cells beyond them, such as a result workbook's Status and Reason,
/// are ignored). A column of the kind named out of its place is refused.
fn check_header(kind: &Kind, cells: &[String]) -> AppResult<usize> {
    let expected: Vec<&str> = kind.columns.iter().map(|c| c.header).collect();
    let present = kind.columns.iter().zip(cells).take_while(|(column, cell)| cell.trim().eq_ignore_ascii_case(column.header)).count();
    let rest_may_be_absent = kind.columns[present..].iter().all(|c| c.added_later);
    let misplaced = cells.iter().skip(present).any(|cell| is_header_of(kind, cell));
    if rest_may_be_absent && !misplaced {
        Ok(present)
    } else {
        Err(AppError::bad_request(BAD_HEADER.with([("columns", serde_json::json!(expected.join(", ")))])))
    }
}

fn is_header_of(kind: &Kind, cell: &str) -> bool {
    kind.columns.iter().any(|c| c.header.eq_ignore_ascii_case(cell.trim()))
}

/// A date cell as typed by hand (`2026-11-5` too) in the one form every date column keeps and
/// compares as text, the one `clock::parse_date` takes (so a year of other than four digits is
/// not a date here either).
fn date_cell(value: &str) -> Option<String> {
    let date = chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").ok()?.format("%Y-%m-%d").to_string();
    crate::clock::parse_date(&date).map(|_| date)
}

/// The generic checks of the kind's column definitions; date cells are rewritten as YYYY-MM-DD.
fn check_cells(kind: &Kind, cells: &mut [String]) -> Result<(), String> {
    for (column, value) in kind.columns.iter().zip(cells) {
        if value.is_empty() {
            if column.required {
                return Err(format!("{} is required", column.header));
            }
            continue;
        }
        let ok = match column.check {
            Check::Text => true,
            Check::Number => value.parse::<f64>().is_ok_and(f64::is_finite),
            Check::Date => date_cell(value).map(|date| *value = date).is_some(),
            Check::Mobile => value.chars().all(|c| c.is_ascii_digit()) && (10..=11).contains(&value.len()),
            Check::Email => value.split_once('@').is_some_and(|(a, b)| !a.is_empty() && b.contains('.')),
        };
        if !ok {
            return Err(match column.check {
                Check::Number => format!("{} must be a number", column.header),
                Check::Date => format!("{} must be a date (YYYY-MM-DD)", column.header),
                Check::Mobile => format!("{} must have 10 or 11 digits", column.header),
                _ => format!("{} is not a valid email", column.header),
            });
        }
        // After the column's own check, whose message says more (a mobile's digits).
        if let Some(problem) = column.limit.and_then(|field| field.problem_as(column.header, value)) {
            return Err(problem.message.into_owned());
        }
    }
    Ok(())
}

fn xlsx_error(err: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("writing the result workbook: {err}"))
}

/// Imports `bytes` as `kind`; writes the result workbook to `result_path`. A structural problem
/// (not an xlsx, corrupt, wrong header, no rows) is a 400 and nothing is written.
pub fn import(
    conn: &mut Connection,
    kind: &Kind,
    bytes: &[u8],
    ctx: &Context,
    result_path: &Path,
    progress: &mut dyn FnMut(u64),
) -> AppResult<Outcome> {
    let mut workbook = sheet::open(bytes)?;
    let width = kind.columns.len();
    // Dates and prices as the reports have them: Excel dates and money (text when a cell is none).
    let typed = |c: &super::kinds::Column| match c.check {
        Check::Date => WorkbookKind::Date,
        Check::Number if c.header.ends_with("Price") => WorkbookKind::Money,
        _ => WorkbookKind::General,
    };
    let header = kind
        .columns
        .iter()
        .map(|c| WorkbookColumn { header: c.header.to_string(), kind: typed(c) })
        .chain(["Status", "Reason"].map(|h| WorkbookColumn { header: h.to_string(), kind: WorkbookKind::General }))
        .collect();
    // Written on its own thread while the rows are checked and applied here; saved only at the end.
    let mut result = SheetWriter::start_typed(header, &ctx.formats, result_path.to_path_buf())?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    crate::customers::api::defer_search_index(&tx)?;
    crate::buckets::defer_added(&tx)?;
    let mut outcome = Outcome { applied: 0, rejected_count: 0, rejected: Vec::new() };
    let mut header_seen = false;
    // How many of the kind's columns the file has (older formats lack the columns added later).
    let mut present = 0usize;
    let mut rows = 0usize;
    sheet::for_each_row_read_ahead(&mut workbook, |row_number, cells| {
        if !header_seen {
            present = check_header(kind, cells)?;
            header_seen = true;
            return Ok(());
        }
        cells.truncate(present);
        cells.resize(width, String::new());
        if cells.iter().all(String::is_empty) {
            return Ok(());
        }
        rows += 1;
        if rows > MAX_ROWS {
            return Err(AppError::bad_request(TOO_MANY_ROWS.with([("max", serde_json::json!(MAX_ROWS))])));
        }
        let verdict = check_cells(kind, cells).and_then(|_| (kind.apply)(&tx, cells, ctx));
        // Text stays text (a cell starting with '=' stays a value, never a formula); a date or a
        // price of its column becomes a date or a number.
        for value in cells.iter() {
            result.value(value);
        }
        match verdict {
            Ok(()) => {
                outcome.applied += 1;
                result.text("Uploaded");
            }
            Err(reason) => {
                outcome.rejected_count += 1;
                result.text("Rejected");
                result.text(&reason);
                if outcome.rejected.len() < LISTED_REJECTIONS {
                    outcome.rejected.push(Rejected { row_number, reason });
                }
            }
        }
        result.end_row()?;
        if rows.is_multiple_of(1000) {
            progress(rows as u64);
        }
        Ok(())
    })?;
    if !header_seen {
        return Err(AppError::bad_request(SHEET_EMPTY));
    }
    if rows == 0 {
        return Err(AppError::bad_request(NO_ROWS));
    }
    progress(rows as u64);
    // The search index and the added customers' summary are written while the result workbook is
    // compressed and saved; the rows are committed only once both are done.
    result.finish_with(|| {
        crate::customers::api::flush_search_index(&tx)?;
        crate::buckets::summarize_added(&tx)?;
        Ok(record(&tx, kind, ctx, &outcome)?)
    })?;
    tx.commit()?;
    Ok(outcome)
}

/// Records the upload with its rows' transaction, so it is counted only if its rows are in.
fn record(conn: &Connection, kind: &Kind, ctx: &Context, outcome: &Outcome) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO uploads (kind, uploaded_by, uploaded_at, applied, rejected)
         VALUES (:kind, :by, :at, :applied, :rejected)",
        named_params! {
            ":kind": kind.name, ":by": ctx.uploader, ":at": crate::now(),
            ":applied": outcome.applied as i64, ":rejected": outcome.rejected_count as i64,
        },
    )?;
    Ok(())
}

/// Today's uploads with rejected rows, by `uploader` or by anyone (`None`), and the kind of the
/// latest of them (the screen to upload the fixed file on).
pub fn with_errors_since(conn: &Connection, since: i64, uploader: Option<i64>) -> rusqlite::Result<(i64, Option<String>)> {
    conn.query_row(
        "SELECT COUNT(*), (SELECT kind FROM uploads WHERE rejected > 0 AND uploaded_at >= :since
                              AND (:by IS NULL OR uploaded_by = :by) ORDER BY upload_id DESC LIMIT 1)
         FROM uploads WHERE rejected > 0 AND uploaded_at >= :since AND (:by IS NULL OR uploaded_by = :by)",
        named_params! { ":since": since, ":by": uploader },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// A sample workbook of a kind: its header row and an example row.
pub fn sample(kind: &Kind) -> AppResult<Vec<u8>> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let bold = rust_xlsxwriter::Format::new().set_bold();
    for (i, column) in kind.columns.iter().enumerate() {
        sheet.write_string_with_format(0, i as u16, column.header, &bold).map_err(xlsx_error)?;
        sheet.write_string(1, i as u16, column.example).map_err(xlsx_error)?;
        sheet.set_column_width(i as u16, (column.header.len().max(column.example.len()) + 2) as f64).map_err(xlsx_error)?;
    }
    book.save_to_buffer().map_err(xlsx_error)
}
