//! Reading uploaded workbooks safely, cell by cell, and writing result workbooks.
//!
//! Guards before calamine sees a byte: the file must be a zip, and every part is
//! inflated once through a counting reader that stops one byte past the size the zip declares for
//! it. A part that inflates to more or less than it declares is refused, so the sizes the limits
//! below add up are the real ones (a zip's headers are the attacker's to write: a forged one
//! declared 1,000 bytes and inflated to 1 GB inside calamine). Cells are then streamed from the
//! sheet XML (`worksheet_cells_reader`), so a sheet that claims A1:XFD1048576 allocates nothing;
//! the parts calamine holds whole in memory (shared strings, styles, the workbook and its
//! relationships) have their own, smaller limit. While it is inflated, every XML part is also read
//! event by event (quick-xml, as calamine reads it) with no event and no string let past the
//! longest text a cell may hold: calamine holds a cell's string whole before the cell's length can
//! be checked, and one 250 MB cell took the server from 24 to 489 MB. A malformed sheet that makes
//! calamine panic (a shared string index past the table) is caught and answered as an unreadable
//! workbook.

use std::io::{BufRead, BufReader, Cursor, Read, Seek};
use std::panic::{catch_unwind, AssertUnwindSafe};

use calamine::{DataRef, Reader, Xlsx};
use quick_xml::events::Event;

use crate::platform::error::AppError;

/// Largest total the parts of an uploaded workbook may really inflate to.
const MAX_UNPACKED_BYTES: u64 = 256 * 1024 * 1024;
/// Largest inflated part that calamine reads whole into memory (everything but the worksheets,
/// which it streams): a 200,000-row upload's shared strings take about 60 MB.
const MAX_HELD_PART_BYTES: u64 = 64 * 1024 * 1024;
/// Largest expansion of one part.
const MAX_RATIO: u64 = 200;
/// Excel's own cell limit.
pub const MAX_CELL_CHARS: usize = 32_767;
/// Longest text the XML of a workbook may hold in one piece, in bytes as written: one event (a tag,
/// a text node, a comment...) or one string (the text of a shared or inline string, all its runs
/// together). A cell's 32,767 characters fit however they are written (`&#1114111;` is ten bytes).
const MAX_TEXT_BYTES: u64 = MAX_CELL_CHARS as u64 * 10;
/// Columns a sheet may use (more is refused before reading on).
pub const MAX_COLUMNS: u32 = 64;

pub use super::messages::UNREADABLE;
use super::messages::{
    CELL_TOO_LONG, COMPRESSED_SUSPICIOUSLY, PART_SIZE_MISMATCH, TEXT_TOO_LONG, TOO_LARGE, TOO_MANY_COLUMNS, TOO_MANY_ROWS,
};

/// Checks the container: a zip whose parts inflate to exactly their declared sizes, those sizes
/// within the limits, and XML parts without a text longer than a cell may be. Constant memory:
/// each part streams through a 64 KB buffer, and an XML event takes at most [`MAX_TEXT_BYTES`].
pub fn check_container(bytes: &[u8]) -> Result<(), AppError> {
    // The name said .xlsx (checked by the caller); the content did not.
    if !bytes.starts_with(b"PK\x03\x04") {
        return Err(AppError::bad_request(UNREADABLE));
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| AppError::bad_request(UNREADABLE))?;
    let mut declared_total: u64 = 0;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|_| AppError::bad_request(UNREADABLE))?;
        let (size, packed) = (entry.size(), entry.compressed_size().max(1));
        declared_total = declared_total.saturating_add(size);
        if size / packed > MAX_RATIO && size > 1024 * 1024 {
            return Err(AppError::bad_request(COMPRESSED_SUSPICIOUSLY));
        }
        if !is_streamed(entry.name()) && size > MAX_HELD_PART_BYTES {
            return Err(AppError::bad_request(TOO_LARGE));
        }
    }
    if declared_total > MAX_UNPACKED_BYTES {
        return Err(AppError::bad_request(TOO_LARGE));
    }
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).map_err(|_| AppError::bad_request(UNREADABLE))?;
        let declared = part.size();
        let xml = is_xml(part.name());
        // One byte past the declared size is enough to know it lied.
        let mut inflated = Inflated::new((&mut part).take(declared.saturating_add(1)));
        let scanned = if xml { scan_text(&mut inflated) } else { Scanned::Whole };
        if scanned == Scanned::TooLong {
            return Err(AppError::bad_request(TEXT_TOO_LONG.with([("max", serde_json::json!(MAX_CELL_CHARS))])));
        }
        inflated.cap = u64::MAX;
        std::io::copy(&mut inflated, &mut std::io::sink()).map_err(|_| AppError::bad_request(UNREADABLE))?;
        if inflated.total != declared {
            return Err(AppError::bad_request(PART_SIZE_MISMATCH));
        }
        if scanned == Scanned::Malformed {
            return Err(AppError::bad_request(UNREADABLE));
        }
    }
    Ok(())
}

/// Parts read as XML, by calamine or by what it follows.
fn is_xml(name: &str) -> bool {
    name.ends_with(".xml") || name.ends_with(".rels")
}

/// A part being inflated: counts the bytes handed on, and refuses to hand on more than `cap`
/// since the last XML event (quick-xml holds an event whole while it reads it).
struct Inflated<R> {
    inner: BufReader<R>,
    total: u64,
    since_event: u64,
    cap: u64,
    over: bool,
}

impl<R: Read> Inflated<R> {
    fn new(part: R) -> Self {
        Inflated { inner: BufReader::with_capacity(64 * 1024, part), total: 0, since_event: 0, cap: MAX_TEXT_BYTES, over: false }
    }
}

impl<R: Read> BufRead for Inflated<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.since_event > self.cap {
            self.over = true;
            return Err(std::io::Error::other("an XML event longer than a cell may be"));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.total += n as u64;
        self.since_event += n as u64;
        self.inner.consume(n);
    }
}

impl<R: Read> Read for Inflated<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// What reading a part's XML found.
#[derive(Debug, PartialEq, Eq)]
enum Scanned {
    Whole,
    TooLong,
    /// Not XML: the part's size is still checked, then the workbook is unreadable.
    Malformed,
}

/// Reads a part's XML to its end, refusing (before it is held) an event or a string longer than
/// [`MAX_TEXT_BYTES`]. A string is the text between two tags (entity references and CDATA
/// included), or all the text of a shared or inline string (`<si>`, `<is>`), whose rich-text runs
/// calamine joins into one.
fn scan_text<R: Read>(part: &mut Inflated<R>) -> Scanned {
    let mut reader = quick_xml::Reader::from_reader(part);
    let config = reader.config_mut();
    // Only the sizes matter here; whether the XML makes sense is calamine's to say.
    config.check_end_names = false;
    config.allow_unmatched_ends = true;
    config.allow_dangling_amp = true;
    let is_string = |name: quick_xml::name::LocalName| matches!(name.as_ref(), b"si" | b"is");
    let (mut buf, mut text, mut in_string) = (Vec::new(), 0u64, false);
    loop {
        buf.clear();
        let event = match reader.read_event_into(&mut buf) {
            Ok(event) => event,
            Err(_) if reader.get_ref().over => return Scanned::TooLong,
            Err(_) => return Scanned::Malformed,
        };
        match event {
            Event::Eof => return Scanned::Whole,
            Event::Start(tag) if is_string(tag.local_name()) => (in_string, text) = (true, 0),
            Event::End(tag) if is_string(tag.local_name()) => (in_string, text) = (false, 0),
            Event::Start(_) | Event::End(_) | Event::Empty(_) if !in_string => text = 0,
            Event::Text(t) => text += t.len() as u64,
            Event::CData(t) => text += t.len() as u64,
            Event::GeneralRef(r) => text += r.len() as u64 + 2,
            _ => {}
        }
        if text > MAX_TEXT_BYTES {
            return Scanned::TooLong;
        }
        reader.get_mut().since_event = 0;
    }
}

/// Parts calamine reads as a stream rather than whole: the worksheets.
fn is_streamed(name: &str) -> bool {
    name.starts_with("xl/worksheets/")
}

/// Runs one step of calamine's reading with its panics caught and kept out of the log: calamine
/// indexes the shared strings with the sheet's own numbers, and a sheet naming a missing one
/// panics inside it.
fn guarded<T>(step: impl FnOnce() -> Result<T, AppError>) -> Result<T, AppError> {
    QUIET_PANICS.with(|quiet| quiet.set(true));
    let result = catch_unwind(AssertUnwindSafe(step));
    QUIET_PANICS.with(|quiet| quiet.set(false));
    result.unwrap_or_else(|_| Err(AppError::bad_request(UNREADABLE)))
}

thread_local! {
    /// Set while [`guarded`] runs calamine on this thread: its panics are answered, not logged.
    static QUIET_PANICS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs (once) a panic hook that stays silent for the panics [`guarded`] catches and hands
/// every other panic to the hook that was there before.
fn quiet_guarded_panics() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Days since Excel's epoch to a date.
fn excel_date(serial: f64) -> Option<chrono::NaiveDate> {
    let base = chrono::NaiveDate::from_ymd_opt(1899, 12, 30)?;
    base.checked_add_days(chrono::Days::new(serial.floor().max(0.0) as u64))
}

/// A cell as the text the row checks read: numbers without a trailing `.0`, dates as YYYY-MM-DD.
pub fn cell_text(value: &DataRef) -> String {
    match value {
        DataRef::Empty | DataRef::Error(_) => String::new(),
        DataRef::String(s) => s.trim().to_string(),
        DataRef::SharedString(s) => s.trim().to_string(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        DataRef::Float(f) => f.to_string(),
        DataRef::Bool(b) => {
            if *b {
                "TRUE".into()
            } else {
                "FALSE".into()
            }
        }
        DataRef::DateTime(d) => excel_date(d.as_f64()).map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        DataRef::DateTimeIso(s) => s.chars().take(10).collect(),
        DataRef::DurationIso(s) => s.clone(),
    }
}

/// Streams the first sheet's rows (row number from 1, cells as text) to `each`.
/// Stops with the first error `each` returns.
pub fn for_each_row<R: Read + Seek>(
    workbook: &mut Xlsx<R>,
    mut each: impl FnMut(u32, Vec<String>) -> Result<(), AppError>,
) -> Result<(), AppError> {
    let sheet = workbook.sheet_names().into_iter().next().ok_or_else(|| AppError::bad_request(UNREADABLE))?;
    let mut cells = guarded(|| workbook.worksheet_cells_reader(&sheet).map_err(|_| AppError::bad_request(UNREADABLE)))?;
    let mut current: Option<(u32, Vec<String>)> = None;
    loop {
        let next = guarded(|| {
            let cell = cells.next_cell().map_err(|_| AppError::bad_request(UNREADABLE))?;
            Ok(cell.map(|c| (c.get_position(), cell_text(c.get_value()))))
        })?;
        let Some(((row, column), text)) = next else { break };
        if column >= MAX_COLUMNS {
            return Err(AppError::bad_request(TOO_MANY_COLUMNS.with([("max", serde_json::json!(MAX_COLUMNS))])));
        }
        if row as usize > MAX_ROWS + 1 {
            return Err(AppError::bad_request(TOO_MANY_ROWS.with([("max", serde_json::json!(MAX_ROWS))])));
        }
        if text.chars().count() > MAX_CELL_CHARS {
            return Err(AppError::bad_request(CELL_TOO_LONG.with([("row", serde_json::json!(row + 1))])));
        }
        if current.as_ref().is_some_and(|(r, _)| *r != row) {
            if let Some((r, cells)) = current.take() {
                each(r + 1, cells)?;
            }
        }
        let (_, values) = current.get_or_insert_with(|| (row, Vec::new()));
        let at = column as usize;
        if values.len() <= at {
            values.resize(at + 1, String::new());
        }
        values[at] = text;
    }
    if let Some((r, cells)) = current {
        each(r + 1, cells)?;
    }
    Ok(())
}

/// Rows handed over from the reading thread at a time.
const ROWS_PER_HANDOVER: usize = 256;

/// [`for_each_row`] with the reading on a thread of its own: unzipping and parsing the sheet is a
/// fifth of an import's time, and it now runs beside the checks and writes of the rows read
/// before, which `each` does on this thread. Rows arrive in order, a few batches ahead at most;
/// the first error of either side stops both, `each`'s first. `each` gets the row's cells in one
/// vector kept from row to row (it may change them): their strings are refilled, not made anew.
pub fn for_each_row_read_ahead<R: Read + Seek + Send>(
    workbook: &mut Xlsx<R>,
    mut each: impl FnMut(u32, &mut Vec<String>) -> Result<(), AppError>,
) -> Result<(), AppError> {
    std::thread::scope(|scope| {
        let (handover, batches) = std::sync::mpsc::sync_channel::<RowBatch>(4);
        let reader = scope.spawn(move || {
            let mut batch = RowBatch::default();
            for_each_row(workbook, |row_number, cells| {
                batch.push(row_number, &cells);
                if batch.rows.len() == ROWS_PER_HANDOVER {
                    // Refused only once `each` failed; its error is the one answered.
                    handover.send(std::mem::take(&mut batch)).map_err(|_| AppError::bad_request(UNREADABLE))?;
                }
                Ok(())
            })?;
            // As above: a refusal means `each` failed.
            let _ = handover.send(batch);
            Ok(())
        });
        let mut checked = Ok(());
        let mut row: Vec<String> = Vec::new();
        'batches: for batch in batches.iter() {
            let mut cells = batch.cells.iter();
            for &(row_number, width) in &batch.rows {
                row.resize_with(width, String::new);
                for (cell, range) in row.iter_mut().zip(cells.by_ref().take(width)) {
                    cell.clear();
                    cell.push_str(&batch.text[range.clone()]);
                }
                checked = each(row_number, &mut row);
                if checked.is_err() {
                    break 'batches;
                }
            }
        }
        drop(batches);
        let read = reader.join().unwrap_or_else(|_| Err(AppError::bad_request(UNREADABLE)));
        checked.and(read)
    })
}

/// Rows handed from the reader to the caller: every cell's text in one string. The rows' own
/// strings are made and freed on the reader's thread, the caller's on its own: glibc frees a block
/// made on another thread under the lock of that thread's arena, and an import whose cells crossed
/// threads spent 14% of its CPU in malloc, free and waits for those locks.
#[derive(Default)]
struct RowBatch {
    text: String,
    /// Where each cell's text is in `text`, row after row.
    cells: Vec<std::ops::Range<usize>>,
    /// Each row's number and how many cells it has.
    rows: Vec<(u32, usize)>,
}

impl RowBatch {
    fn push(&mut self, row_number: u32, cells: &[String]) {
        for cell in cells {
            let start = self.text.len();
            self.text.push_str(cell);
            self.cells.push(start..self.text.len());
        }
        self.rows.push((row_number, cells.len()));
    }
}

/// Opens a checked workbook.
pub fn open(bytes: &[u8]) -> Result<Xlsx<Cursor<&[u8]>>, AppError> {
    check_container(bytes)?;
    quiet_guarded_panics();
    guarded(|| Xlsx::new(Cursor::new(bytes)).map_err(|_| AppError::bad_request(UNREADABLE)))
}

/// Data rows one upload may carry. An import holds no long write lock (it goes in pieces) and
/// keeps constant memory (rows streamed; a part held whole is bounded by `sheet`), so a file of a
/// distributor's whole customer base goes in one upload (issue #50; 200,000 before).
pub const MAX_ROWS: usize = 1_000_000;
