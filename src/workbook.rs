//! Big workbooks written on a thread of their own: the caller reads its rows (a report's SQL, an
//! upload's checks and writes) and hands them over in batches through a bounded channel, while the
//! writer turns them into the sheet's XML, so the two overlap on two cores and memory stays flat
//! (the caller waits while the writer is behind). The workbook is saved only when the caller says
//! every row was given (`finish`); dropped before that, nothing is written.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::thread::JoinHandle;

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use crate::error::{AppError, AppResult};

/// Data rows per sheet: Excel's limit less the header; past it a new sheet starts.
const ROWS_PER_SHEET: u64 = 1_048_575;
/// Rows per message to the writer.
const BATCH_ROWS: usize = 1_000;
/// Batches in flight: the memory bound.
const BATCHES_IN_FLIGHT: usize = 4;

/// One cell: text is a range of its batch's text, so a batch costs two allocations, not one a cell.
enum Cell {
    Blank,
    Number(f64),
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
        let width = header.len().max(1);
        let (sender, received) = sync_channel(BATCHES_IN_FLIGHT);
        let writer = std::thread::Builder::new()
            .name("workbook-writer".into())
            .spawn(move || write(&header, received, &path))
            .map_err(|e| AppError::Internal(anyhow::anyhow!("starting the workbook writer: {e}")))?;
        Ok(SheetWriter { width, batch: Batch::with_capacity(width), rows_in_batch: 0, rows: 0, sender: Some(sender), writer: Some(writer) })
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

fn xlsx(err: XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("writing a workbook: {err}"))
}

/// The writer thread: writes every batch, and saves on `Done`; a channel closed before that
/// (the caller failed or gave up) leaves no file.
fn write(header: &[String], batches: Receiver<Message>, path: &std::path::Path) -> AppResult<u64> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let write_header = |sheet: &mut Worksheet| -> AppResult<()> {
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
                        sheet.write_number(r, c, *x).map_err(xlsx)?;
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
