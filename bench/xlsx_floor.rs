//! The floor under the report export: a bare rust_xlsxwriter loop (constant memory) writing N rows
//! of 13 cells shaped like the customer-visit report's. `cargo run --release --example xlsx_floor -- N out.xlsx`

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rows: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let out = args.next().unwrap_or_else(|| "floor.xlsx".into());
    let started = Instant::now();
    let mut book = rust_xlsxwriter::Workbook::new();
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
    book.save(&out)?;
    let secs = started.elapsed().as_secs_f64();
    println!("floor_rows={rows} floor_secs={secs:.2} floor_rows_per_s={:.0}", f64::from(rows) / secs);
    Ok(())
}
