//! Big workbooks written on a thread of their own: the caller reads its rows (a report's SQL, an
//! upload's checks and writes) and hands them over in batches through a bounded channel, while the
//! writer turns them into the sheet's XML, so the two overlap on two cores and memory stays flat
//! (the caller waits while the writer is behind). The workbook is saved only when the caller says
//! every row was given (`finish`); dropped before that, nothing is written.
//!
//! Columns have kinds (`Kind`): a date, date-time or time column turns its ISO text ('2026-11-27',
//! '2026-11-27 14:05:09', '14:05') into an Excel date or time with the company's format
//! (dd-mmm-yyyy), a money column's numbers get the company's currency format (₹1,00,000.00), a
//! percent column's figures (50 for 50%) show as 50.0%; the cells stay numbers Excel can sum, sort
//! and filter. A report declares a column's kind by a suffix of its name (`AS "Order Date:date"`,
//! `Kind::of_header`), which the header does not show.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::thread::JoinHandle;

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use crate::platform::error::{AppError, AppResult};
use crate::platform::formats::{excel_day, excel_time, parse_date, parse_datetime, parse_time, Formats};

/// Data rows per sheet: Excel's limit less the header; past it a new sheet starts.
const ROWS_PER_SHEET: u64 = 1_048_575;
/// Rows per message to the writer.
const BATCH_ROWS: usize = 1_000;
/// Batches in flight: the memory bound.
const BATCHES_IN_FLIGHT: usize = 4;

/// How a column's cells are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    /// Text as text, numbers as numbers, as given.
    #[default]
    General,
    /// 'YYYY-MM-DD' text becomes an Excel date shown dd-mmm-yyyy.
    Date,
    /// 'YYYY-MM-DD HH:MM[:SS]' text becomes an Excel date-time shown dd-mmm-yyyy hh:mm:ss.
    DateTime,
    /// 'HH:MM[:SS]' text becomes an Excel time shown hh:mm.
    Time,
    /// 'HH:MM[:SS]' text becomes an Excel time shown hh:mm:ss.
    TimeSeconds,
    /// Numbers given as text (an upload's cells) written as numbers, in Excel's general format.
    Number,
    /// Numbers in the currency's unit, shown with the company's currency format.
    Money,
    /// Numbers in percent (50 for 50%), written as the fraction and shown 50.0%.
    Percent,
}

impl Kind {
    /// The suffixes a column name may end with, and their kinds.
    pub const SUFFIXES: &[(&str, Kind)] = &[
        (":date", Kind::Date),
        (":datetime", Kind::DateTime),
        (":time", Kind::Time),
        (":hms", Kind::TimeSeconds),
        (":money", Kind::Money),
        (":percent", Kind::Percent),
    ];

    /// A column name's header and kind: "Order Date:date" is ("Order Date", Date); a name without
    /// a known suffix is itself, General.
    pub fn of_header(name: &str) -> (&str, Kind) {
        Kind::SUFFIXES
            .iter()
            .find_map(|(suffix, kind)| name.strip_suffix(suffix).map(|header| (header, *kind)))
            .unwrap_or((name, Kind::General))
    }

    /// The column's width in characters (so a date never shows as ####), `None` for Excel's own.
    fn width(self) -> Option<f64> {
        match self {
            Kind::General | Kind::Number => None,
            Kind::Date => Some(12.0),
            Kind::DateTime => Some(20.0),
            Kind::Time | Kind::TimeSeconds => Some(9.0),
            Kind::Money => Some(16.0),
            Kind::Percent => Some(9.0),
        }
    }
}

/// A column of a sheet: its header and kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub header: String,
    pub kind: Kind,
}

impl Column {
    /// A column from a name that may carry a kind's suffix (`Kind::of_header`).
    pub fn declared(name: &str) -> Self {
        let (header, kind) = Kind::of_header(name);
        Column { header: header.to_string(), kind }
    }
}

/// One cell: text is a range of its batch's text, so a batch costs two allocations, not one a cell.
enum Cell {
    Blank,
    Number(f64),
    /// An Excel date or time serial, written with the column's format whatever its kind.
    Serial(f64),
    Text(Range<usize>),
}

/// Whole rows' cells, row after row.
struct Batch {
    cells: Vec<Cell>,
    text: String,
}

impl Batch {
    fn with_capacity(width: usize) -> Self {
        Batch { cells: Vec::with_capacity(BATCH_ROWS * width), text: String::with_capacity(BATCH_ROWS * width * 16) }
    }
}

enum Message {
    Rows(Batch),
    /// Every row was given: save.
    Done,
}

/// The writing end: cells go in row by row (`text`, `number`, `blank`, then `end_row`).
pub struct SheetWriter {
    width: usize,
    kinds: Vec<Kind>,
    batch: Batch,
    rows_in_batch: usize,
    rows: u64,
    sender: Option<SyncSender<Message>>,
    writer: Option<JoinHandle<AppResult<u64>>>,
}

impl SheetWriter {
    /// Starts the writer of a workbook at `path` whose sheets open with `header` (bold). Every
    /// row must have the header's width.
    pub fn start(header: Vec<String>, path: PathBuf) -> AppResult<Self> {
        let columns = header.into_iter().map(|header| Column { header, kind: Kind::General }).collect();
        Self::start_typed(columns, &Formats::default(), path)
    }

    /// As `start`, with each column's kind, in the company's `formats`.
    pub fn start_typed(columns: Vec<Column>, formats: &Formats, path: PathBuf) -> AppResult<Self> {
        let width = columns.len().max(1);
        let kinds: Vec<Kind> = columns.iter().map(|c| c.kind).collect();
        let styles = Styles::new(&columns, formats);
        let header: Vec<String> = columns.into_iter().map(|c| c.header).collect();
        let (sender, received) = sync_channel(BATCHES_IN_FLIGHT);
        let writer = std::thread::Builder::new()
            .name("workbook-writer".into())
            .spawn(move || write(&header, &styles, received, &path))
            .map_err(|e| AppError::Internal(anyhow::anyhow!("starting the workbook writer: {e}")))?;
        Ok(SheetWriter {
            width,
            kinds,
            batch: Batch::with_capacity(width),
            rows_in_batch: 0,
            rows: 0,
            sender: Some(sender),
            writer: Some(writer),
        })
    }

    /// Text under its column's kind: a date, date-time or time column's ISO text becomes a date
    /// or time cell; any other text (and a value that is none of those) stays text.
    pub fn value(&mut self, value: &str) {
        let column = self.batch.cells.len() % self.width;
        let serial = match self.kinds.get(column).copied().unwrap_or_default() {
            Kind::Date => parse_date(value).map(excel_day),
            Kind::DateTime => parse_datetime(value).map(|t| excel_day(t.date()) + excel_time(t.time())),
            Kind::Time | Kind::TimeSeconds => parse_time(value).map(excel_time),
            Kind::Number | Kind::Money | Kind::Percent => {
                // A figure given as text (an upload's cell) is written as the number it is.
                match value.trim().parse::<f64>() {
                    Ok(x) if x.is_finite() && !value.trim().is_empty() => return self.number(x),
                    _ => None,
                }
            }
            Kind::General => None,
        };
        match serial {
            Some(serial) => self.batch.cells.push(Cell::Serial(serial)),
            None => self.text(value),
        }
    }

    pub fn text(&mut self, value: &str) {
        let start = self.batch.text.len();
        self.batch.text.push_str(value);
        self.batch.cells.push(Cell::Text(start..self.batch.text.len()));
    }

    pub fn number(&mut self, value: f64) {
        self.batch.cells.push(Cell::Number(value));
    }

    pub fn blank(&mut self) {
        self.batch.cells.push(Cell::Blank);
    }

    /// Ends the row (padded with blanks to the header's width, cut to it). Fails when the writer
    /// has failed, with the writer's error.
    pub fn end_row(&mut self) -> AppResult<()> {
        let end = (self.rows_in_batch + 1) * self.width;
        self.batch.cells.resize_with(end, || Cell::Blank);
        self.rows_in_batch += 1;
        self.rows += 1;
        if self.rows_in_batch == BATCH_ROWS {
            let full = std::mem::replace(&mut self.batch, Batch::with_capacity(self.width));
            self.rows_in_batch = 0;
            self.send(Message::Rows(full))?;
        }
        Ok(())
    }

    /// The rows given so far.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Hands over the last rows, has the workbook saved and returns the rows written.
    pub fn finish(self) -> AppResult<u64> {
        self.finish_with(|| Ok(())).map(|(rows, ())| rows)
    }

    /// As `finish`, running `meanwhile` on the caller's thread while the workbook is compressed and
    /// saved on its own; fails with the workbook's error if it failed, else with `meanwhile`'s.
    pub fn finish_with<T>(mut self, meanwhile: impl FnOnce() -> AppResult<T>) -> AppResult<(u64, T)> {
        let last = std::mem::replace(&mut self.batch, Batch::with_capacity(0));
        self.send(Message::Rows(last))?;
        self.send(Message::Done)?;
        self.sender = None;
        let done = meanwhile();
        let rows = self.join()?;
        Ok((rows, done?))
    }

    fn send(&mut self, message: Message) -> AppResult<()> {
        let sent = self.sender.as_ref().is_some_and(|s| s.send(message).is_ok());
        if sent {
            return Ok(());
        }
        // The writer stopped: its error is the one to report.
        self.sender = None;
        match self.join() {
            Err(err) => Err(err),
            Ok(_) => Err(AppError::Internal(anyhow::anyhow!("the workbook writer stopped"))),
        }
    }

    fn join(&mut self) -> AppResult<u64> {
        match self.writer.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            _ => Err(AppError::Internal(anyhow::anyhow!("the workbook writer stopped"))),
        }
    }
}

/// Each column's number format (none for General) and width.
struct Styles {
    formats: Vec<Option<Format>>,
    widths: Vec<Option<f64>>,
    percent: Vec<bool>,
}

impl Styles {
    fn new(columns: &[Column], formats: &Formats) -> Self {
        let format = |column: &Column| {
            let code = match column.kind {
                Kind::General | Kind::Number => return None,
                Kind::Date => formats.excel_date().to_string(),
                Kind::DateTime => formats.excel_datetime().to_string(),
                Kind::Time => "hh:mm".to_string(),
                Kind::TimeSeconds => "hh:mm:ss".to_string(),
                Kind::Money => formats.excel_money(),
                Kind::Percent => "0.0%".to_string(),
            };
            Some(Format::new().set_num_format(code))
        };
        Styles {
            formats: columns.iter().map(format).collect(),
            widths: columns.iter().map(|c| c.kind.width()).collect(),
            percent: columns.iter().map(|c| c.kind == Kind::Percent).collect(),
        }
    }
}

fn xlsx(err: XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("writing a workbook: {err}"))
}

/// The writer thread: writes every batch, and saves on `Done`; a channel closed before that
/// (the caller failed or gave up) leaves no file.
fn write(header: &[String], styles: &Styles, batches: Receiver<Message>, path: &std::path::Path) -> AppResult<u64> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    // Widths first: a sheet of constant memory writes its columns' settings before its rows.
    let write_header = |sheet: &mut Worksheet| -> AppResult<()> {
        for (i, width) in styles.widths.iter().enumerate() {
            if let Some(width) = width {
                sheet.set_column_width(i as u16, *width).map_err(xlsx)?;
            }
        }
        for (i, name) in header.iter().enumerate() {
            sheet.write_string_with_format(0, i as u16, name, &bold).map_err(xlsx)?;
        }
        Ok(())
    };
    let width = header.len().max(1);
    let mut sheet = book.add_worksheet_with_constant_memory();
    write_header(sheet)?;
    let mut written: u64 = 0;
    for message in batches {
        let batch = match message {
            Message::Rows(batch) => batch,
            Message::Done => {
                book.save(path).map_err(xlsx)?;
                return Ok(written);
            }
        };
        for row in batch.cells.chunks(width) {
            if written > 0 && written.is_multiple_of(ROWS_PER_SHEET) {
                sheet = book.add_worksheet_with_constant_memory();
                write_header(sheet)?;
            }
            let r = (written % ROWS_PER_SHEET) as u32 + 1;
            for (i, cell) in row.iter().enumerate() {
                let c = i as u16;
                // Text is always written as text: a value starting with '=' never becomes a formula.
                match cell {
                    Cell::Blank => {}
                    Cell::Number(x) => {
                        let x = if styles.percent[i] { *x / 100.0 } else { *x };
                        match &styles.formats[i] {
                            Some(format) => sheet.write_number_with_format(r, c, x, format),
                            None => sheet.write_number(r, c, x),
                        }
                        .map_err(xlsx)?;
                    }
                    Cell::Serial(x) => {
                        match &styles.formats[i] {
                            Some(format) => sheet.write_number_with_format(r, c, *x, format),
                            None => sheet.write_number(r, c, *x),
                        }
                        .map_err(xlsx)?;
                    }
                    Cell::Text(range) => {
                        sheet.write_string(r, c, &batch.text[range.clone()]).map_err(xlsx)?;
                    }
                }
            }
            written += 1;
        }
    }
    Err(AppError::Internal(anyhow::anyhow!("the workbook's rows stopped before the end")))
}

#[cfg(test)]
mod tests {
    use calamine::{open_workbook, Data, Reader, Xlsx};

    use super::SheetWriter;

    fn cells(path: &std::path::Path) -> Vec<Vec<Data>> {
        let mut book: Xlsx<_> = open_workbook(path).unwrap();
        let range = book.worksheet_range_at(0).unwrap().unwrap();
        range.rows().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn rows_given_in_batches_come_out_in_order_with_text_kept_as_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.xlsx");
        let mut writer = SheetWriter::start(vec!["Name".into(), "Value".into(), "Note".into()], path.clone()).unwrap();
        for n in 0..2_500 {
            writer.text(&format!("row {n}"));
            writer.number(n as f64);
            if n == 7 {
                writer.text("=1+1");
            }
            writer.end_row().unwrap();
        }
        assert_eq!(writer.finish().unwrap(), 2_500);
        let rows = cells(&path);
        assert_eq!(rows.len(), 2_501);
        assert_eq!(rows[0], vec![Data::String("Name".into()), Data::String("Value".into()), Data::String("Note".into())]);
        assert_eq!(rows[2_500][0], Data::String("row 2499".into()));
        assert_eq!(rows[2_500][1], Data::Float(2499.0));
        assert_eq!(rows[8][2], Data::String("=1+1".into()));
        assert_eq!(rows[9][2], Data::Empty);
    }

    #[test]
    fn columns_of_a_kind_write_dates_times_and_numbers_and_keep_other_text() {
        use super::{Column, Kind};
        assert_eq!(Kind::of_header("Order Date:date"), ("Order Date", Kind::Date));
        assert_eq!(Kind::of_header("Time:hms"), ("Time", Kind::TimeSeconds));
        assert_eq!(Kind::of_header("Note: kept"), ("Note: kept", Kind::General));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.xlsx");
        let columns = ["Day:date", "At:datetime", "Time:time", "Amount:money", "Share:percent", "Note"].map(Column::declared).to_vec();
        let mut writer = SheetWriter::start_typed(columns, &crate::platform::formats::Formats::default(), path.clone()).unwrap();
        for (day, at, time, amount, note) in
            [("2026-11-27", "2026-11-27 06:30:00", "14:05", "1250.5", "2026-11-27"), ("soon", "later", "noon", "n/a", "x")]
        {
            writer.value(day);
            writer.value(at);
            writer.value(time);
            writer.value(amount);
            writer.number(47.5);
            writer.value(note);
            writer.end_row().unwrap();
        }
        writer.finish().unwrap();
        let rows = cells(&path);
        assert_eq!(rows[0][0], Data::String("Day".into()), "the header leaves out the kind");
        let serial = |d: &Data| match d {
            Data::DateTime(x) => x.as_f64(),
            other => panic!("{other:?} is no date"),
        };
        assert_eq!(serial(&rows[1][0]), 46353.0);
        assert_eq!(serial(&rows[1][1]), 46353.0 + 6.5 / 24.0);
        assert!((serial(&rows[1][2]) - (14.0 + 5.0 / 60.0) / 24.0).abs() < 1e-9);
        assert_eq!(rows[1][3], Data::Float(1250.5));
        assert_eq!(rows[1][4], Data::Float(0.475), "a percentage is the fraction");
        assert_eq!(rows[1][5], Data::String("2026-11-27".into()), "a General column keeps its text");
        let kept: Vec<Data> = rows[2][..4].to_vec();
        assert_eq!(kept, ["soon", "later", "noon", "n/a"].map(|s| Data::String(s.into())).to_vec(), "text that is none stays");
    }

    #[test]
    fn a_writer_dropped_before_finish_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.xlsx");
        let mut writer = SheetWriter::start(vec!["Name".into()], path.clone()).unwrap();
        for n in 0..1_500 {
            writer.text(&n.to_string());
            writer.end_row().unwrap();
        }
        drop(writer);
        // The writer thread ends on the closed channel; give it a moment, then look.
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(!path.exists());
    }
}
