//! The one import pipeline, used by every upload endpoint and by `fieldsales import`: header check,
//! row-by-row cell checks, the kind's apply in short pieces through the group-commit writer (the
//! field's writes go in between), and a result workbook with every input row plus Status and
//! Reason (fix it and upload it again).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rusqlite::Connection;
use rust_xlsxwriter::Workbook;
use serde::Serialize;

use super::kinds::{Context, Grouped, Kind};
use super::mapping::{header_key, Mapping};
use super::messages::{
    BAD_HEADER, CELL_REQUIRED, CUSTOMER_NAME_AMBIGUOUS, CUSTOMER_NAME_NOT_FOUND, GROUP_REJECTED, GROUP_ROWS_APART, NOT_AN_EMAIL,
    NOT_A_MOBILE, NO_ROWS, SHEET_EMPTY, TOO_MANY_ROWS, UPLOAD_CANCELLED as CANCELLED, UPLOAD_STOPPED as STOPPED,
};
use super::sheet::MAX_ROWS;
use super::types::{Check, Column};
use super::{cells, queries, sheet};
use crate::platform::error::{AppError, AppResult, Problem};
use crate::platform::workbook::{Column as WorkbookColumn, Kind as WorkbookKind, SheetWriter};
use crate::platform::writer::{Queued, Writer};

/// Headers of a refused file's likeliest header row sent back to be matched with ours.
const MAX_THEIR_COLUMNS: usize = 64;
/// Rows above the header that an export's title may take.
const TITLE_ROWS: u32 = 20;
/// Rejected rows listed in the response (the result workbook has them all).
const LISTED_REJECTIONS: usize = 1_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rejected {
    pub row_number: u32,
    /// The reason in the uploader's language (the result workbook's Reason).
    pub reason: String,
    /// The reason's code in the catalogue, and its parameters: the screen words it in the user's
    /// language.
    pub code: &'static str,
    #[schema(value_type = Option<Object>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Rejected {
    fn new(row_number: u32, reason: String, problem: Problem) -> Self {
        Rejected { row_number, reason, code: problem.code, params: problem.params }
    }
}

#[derive(Debug)]
pub struct Outcome {
    /// The upload's row (`None` until a piece of rows is applied).
    pub upload: Option<i64>,
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
        // With the columns ours and theirs, the upload screen offers to match them (a mapping).
        let expected: Vec<&str> = kind.columns.iter().map(|c| c.header).collect();
        let ours: Vec<serde_json::Value> =
            kind.columns.iter().map(|c| serde_json::json!({"header": c.header, "required": c.required})).collect();
        let theirs: Vec<String> = cells
            .iter()
            .map(|c| c.trim())
            .filter(|c| !c.is_empty())
            .take(MAX_THEIR_COLUMNS)
            .map(|c| c.chars().take(200).collect())
            .collect();
        return Err(AppError::bad_request(BAD_HEADER.with([
            ("columns", serde_json::json!(expected.join(", "))),
            ("ours", serde_json::json!(ours)),
            ("theirs", serde_json::json!(theirs)),
        ])));
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

fn check_cell(column: &Column, value: &mut String) -> Result<(), Problem> {
    let named = |msg: crate::platform::error::Msg| msg.with([("column", serde_json::json!(column.header))]);
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
    let internal = |_| Problem::from(crate::platform::error::INTERNAL);
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

/// The time one piece of rows may take in the writer. Each piece is one job of the writer,
/// committed on its own, so the field's writes queued meanwhile go in between and wait at most
/// about this long (issue #50: the whole file in one transaction held every agent's saves for its
/// length, 4.3 s for 100,000 customers). A fixed count of rows did not bound it: 250 customers
/// took 8 ms to insert on a quiet machine and over 100 ms to update (their search index rewritten)
/// on a busy one. So each piece is sized from the time the one before took.
const PIECE_BUDGET: Duration = Duration::from_millis(20);
/// The first piece's rows, before any is timed, and the bounds of every piece. The floor is not
/// lower because a piece's own cost (two statements of bookkeeping, its commit, the writer's round
/// trip) does not shrink with its rows: on a 2-core machine busy with builds, pieces timed down
/// to 8 rows imported about 100 customers a second, while 64 rows take 3-4 ms of SQL.
const FIRST_PIECE_ROWS: usize = 64;
const MIN_PIECE_ROWS: usize = 64;
const MAX_PIECE_ROWS: usize = 2000;
/// A grouped kind's pieces (schemes: a few hundred rows a file) end at a group's end after this
/// many rows, not by time: a group must not be cut by a piece that shrank.
const GROUPED_PIECE_ROWS: usize = 250;
/// Rows indexed between two merge steps of the search index: a merge step's cost is its pages,
/// not the piece's rows, so small pieces share one.
const MERGE_EVERY_ROWS: usize = 256;

/// The rows of the next piece after one of `rows` took `took`: halfway from `rows` to what the
/// budget holds at that rate (one slow piece, beside a checkpoint, does not shrink the next to
/// nothing; a fast one grows it gradually), within the bounds.
fn next_piece_rows(rows: usize, took: Duration) -> usize {
    let took_us = took.as_micros().max(1);
    let fits = (rows as u128 * PIECE_BUDGET.as_micros() / took_us).min(MAX_PIECE_ROWS as u128) as usize;
    ((rows + fits) / 2).clamp(MIN_PIECE_ROWS, MAX_PIECE_ROWS)
}

/// A row read and checked, waiting for its piece to be applied.
struct Pending {
    number: u32,
    cells: Vec<String>,
    /// The cell checks' verdict, then the kind's.
    verdict: Result<(), Problem>,
    /// The cell a check refused, written back as it was typed.
    refused_at: Option<usize>,
}

/// Rows applied together in one job of the writer, and what applying them needs; it goes to the
/// writer's thread and comes back with its verdicts.
struct Piece {
    kind: &'static Kind,
    ctx: Context,
    /// The upload's row, made by its first piece (a file refused before any row is applied leaves
    /// none).
    upload: Option<i64>,
    /// The column mapped onto Buyer ID, which may name the customer.
    buyer_by_name: Option<usize>,
    rows: Vec<Pending>,
    /// How long its last apply took in the writer.
    took: Duration,
    /// Whether its last apply changed the customer search index (whose segments are then merged
    /// a step at a time).
    indexed: bool,
    /// Whether it takes a merge step of the search index before its rows (one step per
    /// `MERGE_EVERY_ROWS` rows indexed; in the piece, its time counts in the piece's budget).
    merge_first: bool,
}

impl Piece {
    /// Applies the rows that passed their cell checks and records how far the upload got, in the
    /// writer's open transaction: the piece is committed whole or not at all.
    fn apply(mut self, conn: &Connection) -> AppResult<Piece> {
        let began = Instant::now();
        if self.merge_first {
            crate::customers::api::merge_search_index(conn)?;
        }
        crate::customers::api::defer_search_index(conn)?;
        crate::buckets::defer_added(conn)?;
        let upload = match self.upload {
            Some(id) => id,
            None => queries::start_upload(conn, self.kind.name, self.ctx.uploader)?,
        };
        self.upload = Some(upload);
        let (kind, ctx, by_name) = (self.kind, &self.ctx, self.buyer_by_name);
        match super::kinds::grouped(kind) {
            Some(group) => apply_groups(conn, &group, ctx, &mut self.rows)?,
            None => {
                for row in self.rows.iter_mut().filter(|r| r.verdict.is_ok()) {
                    row.verdict = apply_row(conn, kind, ctx, by_name, &mut row.cells);
                }
            }
        }
        self.indexed = crate::customers::api::flush_search_index(conn)?;
        crate::buckets::summarize_added(conn)?;
        let applied = self.rows.iter().filter(|r| r.verdict.is_ok()).count();
        let last = self.rows.last().map_or(0, |r| r.number);
        queries::advance_upload(conn, upload, applied, self.rows.len() - applied, last)?;
        self.took = began.elapsed();
        Ok(self)
    }
}

/// A grouped kind's group key of a row.
fn group_key(group: &Grouped, cells: &[String]) -> String {
    cells.get(group.key).map_or(String::new(), |c| c.trim().to_lowercase())
}

/// Applies a grouped kind's rows, each run of rows with the same key as one record, in a
/// savepoint: a row refused (by its cell checks or the kind) rejects its whole group, the others
/// with the reason of the row at fault; a key met again after other rows is refused.
fn apply_groups(conn: &Connection, group: &Grouped, ctx: &Context, rows: &mut [Pending]) -> AppResult<()> {
    let mut start = 0;
    while start < rows.len() {
        let key = group_key(group, &rows[start].cells);
        let end = start + rows[start..].iter().take_while(|r| group_key(group, &r.cells) == key).count();
        let members = &mut rows[start..end];
        let verdict = match members.iter().position(|r| r.verdict.is_err()) {
            Some(at) => Err((at, None)),
            None if !ctx.first_of_group(&key) => {
                let name = members[0].cells.get(group.key).cloned().unwrap_or_default();
                Err((0, Some(GROUP_ROWS_APART.with([("name", serde_json::json!(name))]))))
            }
            None => {
                conn.execute_batch("SAVEPOINT upload_group")?;
                let cells: Vec<&[String]> = members.iter().map(|r| r.cells.as_slice()).collect();
                let outcome = (group.apply)(conn, &cells, ctx);
                if outcome.is_err() {
                    conn.execute_batch("ROLLBACK TO upload_group")?;
                }
                conn.execute_batch("RELEASE upload_group")?;
                outcome.map_err(|(at, problem)| (at.min(members.len() - 1), Some(problem)))
            }
        };
        if let Err((at, problem)) = verdict {
            if let Some(problem) = problem {
                members[at].verdict = Err(problem);
            }
            let reason = members[at].verdict.as_ref().err().map(|p| p.message.to_string()).unwrap_or_default();
            let row = members[at].number;
            for (i, member) in members.iter_mut().enumerate() {
                if i != at && member.verdict.is_ok() {
                    member.verdict =
                        Err(GROUP_REJECTED.with([("row", serde_json::json!(row)), ("reason", serde_json::json!(reason.clone()))]));
                }
            }
        }
        start = end;
    }
    Ok(())
}

/// One row's Buyer ID by name (where mapped) and the kind's own apply.
fn apply_row(conn: &Connection, kind: &Kind, ctx: &Context, buyer_by_name: Option<usize>, cells: &mut [String]) -> Result<(), Problem> {
    if let Some(at) = buyer_by_name.filter(|at| !cells[*at].is_empty()) {
        if let Some(buyer_id) = buyer_id_of(conn, ctx, &cells[at])? {
            cells[at] = buyer_id;
        }
    }
    (kind.apply)(conn, cells, ctx)
}

/// What one import reads, where it writes and what it answers to: see `import`.
pub struct Import<'a> {
    pub writer: &'a Writer,
    pub kind: &'static Kind,
    pub bytes: &'a [u8],
    pub ctx: Context,
    pub result_path: &'a Path,
    pub stop: &'a AtomicBool,
    pub progress: &'a mut dyn FnMut(u64),
}

/// Imports `bytes` as `kind` through `writer`, a piece of rows at a time; writes the result
/// workbook to `result_path`. A structural problem found before any row is applied (not an xlsx,
/// corrupt, wrong header, no rows) is a 400 and nothing is written. One found later (a hostile
/// row, too many rows), or `stop` set (the uploader gone), stops the import where it is: the upload
/// is recorded as stopped at its last row applied, and the answer says so; the file can be
/// uploaded again, every kind updating the rows already in rather than repeating them.
pub fn import(job: Import) -> AppResult<Outcome> {
    let writer = job.writer;
    let mut outcome = Outcome { upload: None, applied: 0, rejected_count: 0, rejected: Vec::new() };
    let mut last_row = 0u32;
    let imported = import_pieces(job, &mut outcome, &mut last_row);
    match (imported, outcome.upload) {
        (Ok(()), _) => Ok(outcome),
        (Err(err), None) => Err(err),
        (Err(err), Some(upload)) => {
            let (code, reason) = (err.code(), err.problem().message.to_string());
            let why = reason.clone();
            writer.write_blocking(move |conn| Ok(queries::stop_upload(conn, upload, code, &why)?))?;
            Err(AppError::bad_request(STOPPED.with([
                ("row", serde_json::json!(last_row)),
                ("applied", serde_json::json!(outcome.applied)),
                ("reason", serde_json::json!(reason)),
            ])))
        }
    }
}

/// A piece goes to the writer and comes back before the next row is read; a bug that broke that is
/// answered as one (500), never a panic of the import's thread.
fn no_piece() -> AppError {
    AppError::Internal(anyhow::anyhow!("the import's piece of rows was not handed back"))
}

/// The pieces of one import on their way through the writer. One piece is in the writer while the
/// rows of the next are read and checked on the import's thread: reading the file and writing its
/// rows overlap, and the writer still holds its lock for one piece at a time.
struct Pieces<'a> {
    writer: &'a Writer,
    stop: &'a AtomicBool,
    result: SheetWriter,
    /// The piece out of the writer, carrying the upload's context; `None` while it is in it.
    idle: Option<Piece>,
    in_writer: Option<Queued<Piece>>,
    /// The rows of the next piece, read and checked.
    next: Vec<Pending>,
    /// How many rows the next piece takes, sized from the last piece back from the writer.
    piece_rows: usize,
    /// Rows indexed since the last merge step of the search index, and whether the pieces left
    /// segments to merge once the rows are in.
    indexed_since_merge: usize,
    merge_left: bool,
    /// The rows' cell vectors, refilled piece after piece rather than made anew for every row.
    spare: Vec<Vec<String>>,
    /// Rows back from the writer, applied or refused.
    landed: u64,
}

impl Pieces<'_> {
    /// The upload's context, while no piece is in the writer.
    fn context(&self) -> AppResult<&Context> {
        self.idle.as_ref().map(|piece| &piece.ctx).ok_or_else(no_piece)
    }

    /// Sends the rows read as the next piece, once the piece in the writer is back.
    fn send(&mut self, outcome: &mut Outcome, last_row: &mut u32) -> AppResult<()> {
        self.land(outcome, last_row)?;
        if self.stop.load(Ordering::Relaxed) {
            return Err(AppError::bad_request(CANCELLED));
        }
        let mut piece = self.idle.take().ok_or_else(no_piece)?;
        std::mem::swap(&mut piece.rows, &mut self.next);
        piece.merge_first = self.indexed_since_merge >= MERGE_EVERY_ROWS;
        if piece.merge_first {
            self.indexed_since_merge = 0;
        }
        self.in_writer = Some(self.writer.write_queued(move |conn| piece.apply(conn))?);
        Ok(())
    }

    /// Waits for the piece in the writer, if any, and writes its rows into the result workbook.
    fn land(&mut self, outcome: &mut Outcome, last_row: &mut u32) -> AppResult<()> {
        let Some(queued) = self.in_writer.take() else { return Ok(()) };
        let mut done = queued.wait()?;
        self.piece_rows = next_piece_rows(done.rows.len(), done.took);
        if done.indexed {
            self.merge_left = true;
            self.indexed_since_merge += done.rows.len();
        }
        outcome.upload = done.upload;
        self.landed += done.rows.len() as u64;
        for row in done.rows.drain(..) {
            // Text stays text (a cell starting with '=' stays a value, never a formula); a date
            // or a figure of its column becomes a date or a number.
            for (at, value) in row.cells.iter().enumerate() {
                if row.refused_at == Some(at) {
                    self.result.text(value);
                } else {
                    self.result.value(value);
                }
            }
            match row.verdict {
                Ok(()) => {
                    outcome.applied += 1;
                    self.result.text("Uploaded");
                }
                Err(problem) => {
                    outcome.rejected_count += 1;
                    self.result.text("Rejected");
                    let reason = problem.worded(&done.ctx.language).into_owned();
                    self.result.text(&reason);
                    if outcome.rejected.len() < LISTED_REJECTIONS {
                        outcome.rejected.push(Rejected::new(row.number, reason, problem));
                    }
                }
            }
            self.result.end_row()?;
            *last_row = row.number;
            self.spare.push(row.cells);
        }
        self.idle = Some(done);
        Ok(())
    }
}

fn import_pieces(job: Import, outcome: &mut Outcome, last_row: &mut u32) -> AppResult<()> {
    let Import { writer, kind, bytes, ctx, result_path, stop, progress } = job;
    let mut workbook = sheet::open(bytes)?;
    let width = kind.columns.len();
    // Dates, numbers and money as the reports have them: Excel dates, numbers and money in the
    // company's currency format (a cell refused as typed stays the text it was).
    let typed = |c: &Column| match c.check {
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
    // A column mapped onto Buyer ID may name the customer (CONTRACT "Uploads of real files").
    let buyer_by_name = kind.columns.iter().position(|c| c.header == "Buyer ID").filter(|_| ctx.mapping.maps_onto("Buyer ID"));
    let mut pieces = Pieces {
        writer,
        stop,
        // Written on its own thread while the rows are checked and applied; saved only at the end.
        result: SheetWriter::start_typed(header, &ctx.formats, result_path.to_path_buf())?,
        idle: Some(Piece {
            kind,
            ctx,
            upload: None,
            buyer_by_name,
            rows: Vec::new(),
            took: Duration::ZERO,
            indexed: false,
            merge_first: false,
        }),
        in_writer: None,
        next: Vec::new(),
        piece_rows: FIRST_PIECE_ROWS,
        indexed_since_merge: 0,
        merge_left: false,
        spare: Vec::new(),
        landed: 0,
    };
    let mut header_seen = false;
    // Why the widest row so far was not the header (the likeliest to be someone else's header),
    // answered if no row is.
    let mut widest_refusal: Option<(usize, AppError)> = None;
    // Where each of the kind's columns is in the file.
    let mut places: Vec<Option<usize>> = Vec::new();
    let mut rows = 0usize;
    let grouped = super::kinds::grouped(kind);
    sheet::for_each_row_read_ahead(&mut workbook, |row_number, file_cells| {
        if !header_seen {
            // An export's title rows (a company name, the report's name and period) may stand
            // above its header: the first row that is the header is taken.
            match check_header(kind, &pieces.context()?.mapping, file_cells) {
                Ok(found) => {
                    places = found;
                    header_seen = true;
                }
                Err(err) if row_number >= TITLE_ROWS => return Err(widest_refusal.take().map_or(err, |(_, widest)| widest)),
                Err(err) => {
                    let width = file_cells.iter().filter(|c| !c.trim().is_empty()).count();
                    if widest_refusal.as_ref().is_none_or(|(widest, _)| width > *widest) {
                        widest_refusal = Some((width, err));
                    }
                }
            }
            return Ok(());
        }
        let mut cells = pieces.spare.pop().unwrap_or_else(|| vec![String::new(); width]);
        for (cell, place) in cells.iter_mut().zip(&places) {
            match place.and_then(|at| file_cells.get_mut(at)) {
                Some(value) => std::mem::swap(cell, value),
                None => cell.clear(),
            }
        }
        if cells.iter().all(String::is_empty) {
            pieces.spare.push(cells);
            return Ok(());
        }
        rows += 1;
        if rows > MAX_ROWS {
            return Err(AppError::bad_request(TOO_MANY_ROWS.with([("max", serde_json::json!(MAX_ROWS))])));
        }
        let mut refused_at = None;
        let verdict = check_cells(kind, &mut cells).map_err(|(at, problem)| {
            refused_at = Some(at);
            problem
        });
        // A grouped kind's piece ends where a group does (or, for a group of more rows than a
        // piece takes twice, within it: its second part is then refused as given apart).
        if let Some(group) = &grouped {
            let next = &pieces.next;
            let ends = next.last().is_some_and(|last| group_key(group, &last.cells) != group_key(group, &cells));
            if next.len() >= GROUPED_PIECE_ROWS && (ends || next.len() >= 2 * GROUPED_PIECE_ROWS) {
                pieces.send(outcome, last_row)?;
                progress(pieces.landed);
            }
        }
        pieces.next.push(Pending { number: row_number, cells, verdict, refused_at });
        if grouped.is_none() && pieces.next.len() >= pieces.piece_rows {
            pieces.send(outcome, last_row)?;
            progress(pieces.landed);
        }
        Ok(())
    })?;
    if !header_seen {
        return Err(widest_refusal.map_or_else(|| AppError::bad_request(SHEET_EMPTY), |(_, widest)| widest));
    }
    if rows == 0 {
        return Err(AppError::bad_request(NO_ROWS));
    }
    if !pieces.next.is_empty() {
        pieces.send(outcome, last_row)?;
    }
    pieces.land(outcome, last_row)?;
    progress(pieces.landed);
    let Pieces { result, merge_left, .. } = pieces;
    result.finish_with(|| Ok(()))?;
    let upload = outcome.upload.ok_or_else(no_piece)?;
    writer.write_blocking(move |conn| Ok(queries::finish_upload(conn, upload)?))?;
    // The search index's segments the pieces left, merged a short step at a time.
    while merge_left && writer.write_blocking(|conn| Ok(crate::customers::api::merge_search_index(conn)?))? {}
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_sized_to_the_budget() {
        // At 1 ms a row the budget holds 20 rows: the next piece goes halfway there, not below
        // its floor.
        assert_eq!(next_piece_rows(400, Duration::from_millis(400)), 210);
        assert_eq!(next_piece_rows(210, Duration::from_millis(210)), 115);
        assert_eq!(next_piece_rows(100, Duration::from_millis(100)), MIN_PIECE_ROWS);
        // A fast piece grows the next, up to the bound; a very slow one shrinks it, down to its bound.
        assert_eq!(next_piece_rows(64, Duration::from_millis(1)), (64 + 1280) / 2);
        assert_eq!(next_piece_rows(MAX_PIECE_ROWS, Duration::from_micros(10)), MAX_PIECE_ROWS);
        assert_eq!(next_piece_rows(8, Duration::from_secs(5)), MIN_PIECE_ROWS);
        // A piece timed as no time at all is a fast one, never a division by zero.
        assert_eq!(next_piece_rows(100, Duration::ZERO), (100 + MAX_PIECE_ROWS) / 2);
    }
}
