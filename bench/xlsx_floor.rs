//! The floor under the report export: a bare rust_xlsxwriter loop (constant memory), no SQL.
//! `cargo run --release --example xlsx_floor -- N out.xlsx`: N rows of 13 cells shaped like the
//! customer-visit report's (the same few values in every row).
//! `... -- --cells-of export.xlsx out.xlsx`: the very cells of a workbook the export wrote, read
//! into memory first (not timed), then written again: the writer's cost on the report's own data,
//! whose variety deflate pays for (the repeated values above compress far more cheaply).

use std::time::Instant;

use calamine::{open_workbook, Data, Reader, Xlsx};
use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, source, out] if flag == "--cells-of" => same_cells(source, out),
        _ => {
            let rows: u32 = args.first().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
            let out = args.get(1).cloned().unwrap_or_else(|| "floor.xlsx".into());
            shaped_rows(rows, &out)
        }
    }
}

fn shaped_rows(rows: u32, out: &str) -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut book = Workbook::new();
    let sheet = book.add_worksheet_with_constant_memory();
    for r in 1..=rows {
        sheet.write_string(r, 0, "2026-11-22")?;
        sheet.write_string(r, 1, "10:15")?;
        sheet.write_string(r, 2, format!("S{r:08}"))?;
        sheet.write_string(r, 3, "Sri Lakshmi Stores")?;
        sheet.write_string(r, 4, "Bengaluru")?;
        sheet.write_string(r, 5, "India")?;
        sheet.write_string(r, 6, "agent1@scale.test")?;
        sheet.write_string(r, 7, "Scale Agent 1")?;
        sheet.write_string(r, 8, "Order placed")?;
        sheet.write_string(r, 9, "Scale visit")?;
        sheet.write_number(r, 10, 12.97)?;
        sheet.write_number(r, 11, 77.59)?;
        sheet.write_string(r, 12, "Scale Agent 1")?;
    }
    book.save(out)?;
    report(u64::from(rows), started.elapsed().as_secs_f64());
    Ok(())
}

fn same_cells(source: &str, out: &str) -> Result<(), Box<dyn std::error::Error>> {
    let mut workbook: Xlsx<_> = open_workbook(source)?;
    let sheets: Vec<_> = workbook.worksheets().into_iter().map(|(_, range)| range).collect();
    let started = Instant::now();
    let mut book = Workbook::new();
    let mut rows = 0u64;
    for range in &sheets {
        let sheet = book.add_worksheet_with_constant_memory();
        for (r, row) in range.rows().enumerate() {
            write_row(sheet, r as u32, row)?;
        }
        rows += range.height().saturating_sub(1) as u64;
    }
    book.save(out)?;
    report(rows, started.elapsed().as_secs_f64());
    Ok(())
}

/// Writes the cells as the export does: text as text, numbers as numbers, nothing for blanks.
fn write_row(sheet: &mut Worksheet, r: u32, row: &[Data]) -> Result<(), XlsxError> {
    for (c, cell) in row.iter().enumerate() {
        match cell {
            Data::String(s) => {
                sheet.write_string(r, c as u16, s)?;
            }
            Data::Float(x) => {
                sheet.write_number(r, c as u16, *x)?;
            }
            Data::Int(n) => {
                sheet.write_number(r, c as u16, *n as f64)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn report(rows: u64, secs: f64) {
    println!("floor_rows={rows} floor_secs={secs:.2} floor_rows_per_s={:.0}", rows as f64 / secs);
}
