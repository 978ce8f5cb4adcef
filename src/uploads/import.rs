//! The one import pipeline, used by every upload endpoint and by `fieldsales import`: header check,
//! row-by-row cell checks, the kind's apply in one transaction, and a result workbook with every
//! input row plus Status and Reason (fix it and upload it again).

use std::path::Path;

use rusqlite::{named_params, Connection, TransactionBehavior};
use rust_xlsxwriter::Workbook;
use serde::Serialize;

use super::kinds::{Check, Context, Kind};
use super::messages::{
    BAD_HEADER, CELL_REQUIRED, CUSTOMER_NAME_AMBIGUOUS, CUSTOMER_NAME_NOT_FOUND, NOT_AN_EMAIL, NOT_A_MOBILE, NO_ROWS, ROW_REJECTED, SHEET_EMPTY, TOO_MANY_ROWS,
};
use super::mapping::{header_key, Mapping};
use super::{cells, sheet};
use crate::error::{AppError, AppResult, Problem};
use crate::workbook::{Column as WorkbookColumn, Kind as WorkbookKind, SheetWriter};

/// Data rows one upload may carry.
pub const MAX_ROWS: usize = 200_000;
/// Rows above the header that an export's title may take.
const TITLE_ROWS: u32 = 20;
/// Rejected rows listed in the response (the result workbook has them all).
const LISTED_REJECTIONS: usize = 1_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rejected {
    pub row_number: u32,
    /// The reason in English (the result workbook's Reason).
    pub reason: String,
    /// The reason's code in the catalogue, and its parameters: the screen words it in the user's
    /// language.
    pub code: &'static str,
    #[schema(value_type = Option<Object>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Rejected {
    fn new(row_number: u32, problem: Problem) -> Self {
        Rejected { row_number, reason: problem.message.into_owned(), code: problem.code, params: problem.params }
    }
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

/// Where each of the kind's columns is in the file's header, found by name whatever its case,
/// spacing and place; a column that is not required may be absent (`None`: its cells are empty,
/// which keeps what is stored). Other columns (a result workbook's Status and Reason) are ignored.
fn check_header(kind: &Kind, mapping: &Mapping, cells: &[String]) -> AppResult<Vec<Option<usize>>> {
    let keys: Vec<String> = cells.iter().map(|cell| mapping.key_of(cell)).collect();
    let found: Vec<Option<usize>> = kind
        .columns
        .iter()
        .map(|column| {
            let key = header_key(column.header);
            keys.iter().position(|cell| *cell == key)
        })
        .collect();
    if kind.columns.iter().zip(&found).any(|(column, at)| column.required && at.is_none()) {
        let expected: Vec<&str> = kind.columns.iter().map(|c| c.header).collect();
        return Err(AppError::bad_request(BAD_HEADER.with([("columns", serde_json::json!(expected.join(", ")))])));
    }
    Ok(found)
}

/// The generic checks of the kind's column definitions; number, money and date cells are
/// rewritten in the one form the kinds read (`cells`), a refused cell is left as it was typed and
/// its place given with the reason.
fn check_cells(kind: &Kind, cells: &mut [String]) -> Result<(), (usize, Problem)> {
    for (at, (column, value)) in kind.columns.iter().zip(cells).enumerate() {
        check_cell(column, value).map_err(|problem| (at, problem))?;
    }
    Ok(())
}

fn check_cell(column: &super::kinds::Column, value: &mut String) -> Result<(), Problem> {
    let named = |msg: crate::error::Msg| msg.with([("column", serde_json::json!(column.header))]);
    if value.is_empty() {
        return if column.required { Err(named(CELL_REQUIRED)) } else { Ok(()) };
    }
    match column.check {
        Check::Text => {}
        Check::Number => *value = cells::number(column.header, value, false)?,
        Check::Money => *value = cells::number(column.header, value, true)?,
        Check::Date => *value = cells::date(column.header, value)?.format("%Y-%m-%d").to_string(),
        Check::Mobile if value.chars().all(|c| c.is_ascii_digit()) && (10..=11).contains(&value.len()) => {}
        Check::Mobile => return Err(named(NOT_A_MOBILE)),
        Check::Email if value.split_once('@').is_some_and(|(a, b)| !a.is_empty() && b.contains('.')) => {}
        Check::Email => return Err(named(NOT_AN_EMAIL)),
    }
    // After the column's own check, whose message says more (a mobile's digits).
    match column.limit.and_then(|field| field.problem_as(column.header, value)) {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// The Buyer ID a cell of a column mapped onto Buyer ID stands for: the cell itself where it is a
/// Buyer ID the uploader sees, else the one customer of theirs with that exact name (case aside).
fn buyer_id_of(conn: &Connection, ctx: &Context, cell: &str) -> Result<Option<String>, Problem> {
    let scope = ctx.scope();
    let internal = |_| Problem::from(crate::error::INTERNAL);
    if crate::customers::api::visible_customer(conn, scope, cell).is_ok() {
        return Ok(None);
    }
    let mut found = crate::customers::api::buyer_ids_named(conn, scope, cell).map_err(internal)?;
    match found.len() {
        1 => Ok(found.pop()),
        0 => Err(CUSTOMER_NAME_NOT_FOUND.with([("name", serde_json::json!(cell))])),
        _ => Err(CUSTOMER_NAME_AMBIGUOUS.with([("name", serde_json::json!(cell))])),
    }
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
    // Dates, numbers and money as the reports have them: Excel dates, numbers and money in the
    // company's currency format (a cell refused as typed stays the text it was).
    let typed = |c: &super::kinds::Column| match c.check {
        Check::Date => WorkbookKind::Date,
        Check::Number => WorkbookKind::Number,
        Check::Money => WorkbookKind::Money,
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
    // Why the first row was not the header, answered if no row is.
    let mut first_refusal: Option<AppError> = None;
    // Where each of the kind's columns is in the file; the row's cells in the kind's order, one
    // kept vector refilled for every row.
    let mut places: Vec<Option<usize>> = Vec::new();
    let mut row: Vec<String> = vec![String::new(); width];
    let mut rows = 0usize;
    // A column mapped onto Buyer ID may name the customer (CONTRACT "Uploads of real files").
    let buyer_by_name =
        kind.columns.iter().position(|c| c.header == "Buyer ID").filter(|_| ctx.mapping.maps_onto("Buyer ID"));
    sheet::for_each_row_read_ahead(&mut workbook, |row_number, file_cells| {
        if !header_seen {
            // An export's title rows (a company name, the report's name and period) may stand
            // above its header: the first row that is the header is taken.
            match check_header(kind, &ctx.mapping, file_cells) {
                Ok(found) => {
                    places = found;
                    header_seen = true;
                }
                Err(err) if row_number >= TITLE_ROWS => return Err(first_refusal.take().unwrap_or(err)),
                Err(err) => first_refusal = first_refusal.take().or(Some(err)),
            }
            return Ok(());
        }
        for (cell, place) in row.iter_mut().zip(&places) {
            match place.and_then(|at| file_cells.get_mut(at)) {
                Some(value) => std::mem::swap(cell, value),
                None => cell.clear(),
            }
        }
        let cells = &mut row;
        if cells.iter().all(String::is_empty) {
            return Ok(());
        }
        rows += 1;
        if rows > MAX_ROWS {
            return Err(AppError::bad_request(TOO_MANY_ROWS.with([("max", serde_json::json!(MAX_ROWS))])));
        }
        let mut refused_at = None;
        let verdict = check_cells(kind, cells)
            .map_err(|(at, problem)| {
                refused_at = Some(at);
                problem
            })
            .and_then(|_| match buyer_by_name.filter(|at| !cells[*at].is_empty()) {
                Some(at) => buyer_id_of(&tx, ctx, &cells[at]).map(|found| {
                    if let Some(buyer_id) = found {
                        cells[at] = buyer_id;
                    }
                }),
                None => Ok(()),
            })
            .and_then(|_| (kind.apply)(&tx, cells, ctx).map_err(|reason| ROW_REJECTED.with([("reason", serde_json::json!(reason))])));
        // Text stays text (a cell starting with '=' stays a value, never a formula); a date or a
        // price of its column becomes a date or a number.
        for (at, value) in cells.iter().enumerate() {
            if refused_at == Some(at) {
                result.text(value);
            } else {
                result.value(value);
            }
        }
        match verdict {
            Ok(()) => {
                outcome.applied += 1;
                result.text("Uploaded");
            }
            Err(problem) => {
                outcome.rejected_count += 1;
                result.text("Rejected");
                result.text(&problem.message);
                if outcome.rejected.len() < LISTED_REJECTIONS {
                    outcome.rejected.push(Rejected::new(row_number, problem));
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
        return Err(first_refusal.unwrap_or_else(|| AppError::bad_request(SHEET_EMPTY)));
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
