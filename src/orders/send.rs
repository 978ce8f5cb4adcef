//! The distributors' mail: every Submitted order of a distributor goes out as one mail with an
//! .xlsx of its lines, and becomes Sent once the mail was accepted. Run every 15 minutes by
//! `serve` and by `fieldsales orders send`.
//!
//! A run first holds a distributor's orders (`mailing_at`, in one short transaction), so a second
//! run (another process, the command line) does not mail them again and a cancel is refused
//! while the mail is on its way; a failed mail lets them go again for the next run. A hold older
//! than `MAILING_HOLD_S` (a run that crashed) is taken over. A run that crashed after the mail was
//! accepted but before marking the orders Sent mails them again: at least once, never lost.
//! Distributors without an email keep their orders Submitted (administrators see why). Orders held
//! over a credit limit wait until a manager approves them; rejected ones are never mailed
//! (`super::queries::credit`).
//!
//! Distributors are no users: the mail and its workbook follow the company's locale
//! (`FIELDSALES_LOCALE`, `crate::platform::formats`): Hindi texts and headers for a Hindi company, dates in
//! the spec's dd-MMM-yyyy and money in the company's currency (₹1,00,000.00); in the workbook the
//! order date is an Excel date and the amounts numbers, with those formats.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use rusqlite::Connection;
use rust_xlsxwriter::{Format, Workbook};

use super::queries::mailing::{self, Row};
use super::queries::order_number;
use crate::platform::config::Config;
use crate::platform::db::Pool;
use crate::platform::formats::Formats;
use crate::platform::ids::OrderId;
use crate::platform::mailer::Mailer;
use crate::platform::money::Money;
use crate::platform::validate::one_line;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// The columns of the workbook each distributor receives.
/// Each line's stored figures (issue #52): Discount, Taxable Value (before GST), the GST rate in
/// percent, each tax, and Total (what the retailer pays for the line, tax included). A scheme's
/// free pieces are lines of their own, priced 0, their product marked free.
pub const COLUMNS: &[&str] = &[
    "Order ID",
    "Order Date",
    "Buyer ID",
    "Buyer Name",
    "Address",
    "Product",
    "SKU",
    "Quantity",
    "Unit Price",
    "Discount",
    "Taxable Value",
    "GST %",
    "CGST",
    "SGST",
    "IGST",
    "Total",
];
/// `COLUMNS` for a Hindi company.
pub const COLUMNS_HI: &[&str] = &[
    "ऑर्डर ID",
    "ऑर्डर की तारीख",
    "Buyer ID",
    "Buyer का नाम",
    "पता",
    "उत्पाद",
    "SKU",
    "मात्रा",
    "इकाई मूल्य",
    "छूट",
    "कर योग्य मूल्य",
    "GST %",
    "CGST",
    "SGST",
    "IGST",
    "कुल",
];
/// Where `Total` is among `COLUMNS`.
pub const TOTAL_COLUMN: usize = 15;

/// What a run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SendSummary {
    /// Mails accepted (one per distributor).
    pub mails: usize,
    /// Orders in them, now Sent.
    pub orders: usize,
    /// Orders left Submitted because their distributor has no email address.
    pub waiting: usize,
    /// Orders whose mail failed (they go in the next run).
    pub failed: usize,
}

/// The databases (by file) with a run going on in this process; a second run on one meanwhile is
/// skipped. One database per server, but the API tests run many side by side in one process.
static RUNNING: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The run on a database, ended when dropped.
struct Running(String);

impl Running {
    /// The run on `db`, unless one is going on.
    fn start(db: String) -> Option<Running> {
        let mut running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if running.contains(&db) {
            return None;
        }
        running.push(db.clone());
        Some(Running(db))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retain(|db| *db != self.0);
    }
}

/// Mails the waiting orders every `order_mail_minutes` (from the configuration; 0: never) for
/// as long as the server runs. The first run is one interval after the start; a run that takes
/// longer than the interval makes the next tick wait (ticks are skipped, never queued).
pub fn schedule(state: &crate::platform::state::AppState) {
    let minutes = state.config.order_mail_minutes;
    if minutes == 0 {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        let period = Duration::from_secs(minutes * 60);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            ticks.tick().await;
            match send_submitted_for(&state.pool, &state.mailer, &state.config).await {
                Ok(Some(s)) if s.mails + s.waiting + s.failed > 0 => {
                    tracing::info!(mails = s.mails, orders = s.orders, waiting = s.waiting, failed = s.failed, "distributor order mails");
                }
                Ok(_) => {}
                Err(err) => tracing::error!(error = %err, "mailing the distributors' orders failed"),
            }
        }
    });
}

/// Runs `work` on a pooled connection on the blocking thread pool.
async fn with_conn<T: Send + 'static>(
    pool: &Pool,
    work: impl FnOnce(&mut Connection) -> anyhow::Result<T> + Send + 'static,
) -> anyhow::Result<T> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || work(&mut *pool.get()?)).await?
}

/// Mails every distributor's Submitted orders in the company's formats (`config`'s locale and
/// currency); `None` when a run of this process on the same database is going on.
pub async fn send_submitted_for(pool: &Pool, mailer: &Mailer, config: &Config) -> anyhow::Result<Option<SendSummary>> {
    send_in(pool, mailer, &config.data_dir, &Formats::of_config(config)).await
}

/// `send_submitted_for` in the default formats (en-IN, INR).
pub async fn send_submitted(pool: &Pool, mailer: &Mailer, data_dir: &Path) -> anyhow::Result<Option<SendSummary>> {
    send_in(pool, mailer, data_dir, &Formats::default()).await
}

async fn send_in(pool: &Pool, mailer: &Mailer, data_dir: &Path, formats: &Formats) -> anyhow::Result<Option<SendSummary>> {
    let db = with_conn(pool, |conn| Ok(conn.path().unwrap_or_default().to_string())).await?;
    let Some(_running) = Running::start(db) else {
        return Ok(None);
    };
    let mut summary = SendSummary::default();
    let waiting: Vec<(mailing::Waiting, i64)> = with_conn(pool, |conn| Ok(mailing::waiting_distributors(conn)?)).await?;
    for (distributor, count) in waiting {
        let Some(email) = distributor.email.clone() else {
            summary.waiting += count as usize;
            continue;
        };
        let now = crate::now();
        let id = distributor.id;
        let held: Vec<i64> = with_conn(pool, move |conn| mailing::hold(conn, id, now)).await?;
        if held.is_empty() {
            continue;
        }
        let dir = data_dir.join("files").join("orders");
        let (ids, name, f) = (held.clone(), distributor.name.clone(), formats.clone());
        let built = with_conn(pool, move |conn| {
            let rows = mailing::rows_of(conn, &ids)?;
            let path = write_workbook(&dir, id, now, &rows, &f)?;
            Ok((path, mail_body(&name, &rows, &f)))
        })
        .await;
        let sent = match built {
            Ok((path, body)) => {
                let subject = subject(&distributor.name, held.len(), formats);
                mailer.send_with_attachment(&email, &subject, &body, &path, XLSX).await.map_err(|e| anyhow::anyhow!("{e}"))
            }
            Err(err) => Err(err),
        };
        let ids = held.clone();
        match sent {
            Ok(()) => {
                with_conn(pool, move |conn| mailing::mark(conn, &ids, Some(crate::now()))).await?;
                summary.mails += 1;
                summary.orders += held.len();
            }
            Err(err) => {
                tracing::error!(error = %err, distributor = %distributor.name, orders = held.len(), "mailing a distributor's orders failed");
                with_conn(pool, move |conn| mailing::mark(conn, &ids, None)).await?;
                summary.failed += held.len();
            }
        }
    }
    Ok(Some(summary))
}

/// Writes the workbook `<dir>/orders-<distributor>-<time>-<first order>.xlsx` and returns its path.
fn write_workbook(dir: &Path, distributor: i64, now: i64, rows: &[Row], formats: &Formats) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let stamp = chrono::DateTime::from_timestamp(now, 0).unwrap_or_default().format("%Y%m%d-%H%M%S");
    let first = rows.first().map(|r| r.order_id.0).unwrap_or_default();
    let path = dir.join(format!("orders-{distributor}-{stamp}-{first}.xlsx"));
    let mut book = Workbook::new();
    let sheet = book.add_worksheet().set_name("Orders")?;
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format(formats.excel_money());
    let date = Format::new().set_num_format(formats.excel_date());
    let columns = if formats.hindi() { COLUMNS_HI } else { COLUMNS };
    for (i, name) in columns.iter().enumerate() {
        sheet.write_string_with_format(0, i as u16, *name, &bold)?;
    }
    for (n, row) in rows.iter().enumerate() {
        let r = n as u32 + 1;
        // Text is written as text: a name starting with '=' never becomes a formula.
        sheet.write_string(r, 0, order_number(row.order_id))?;
        // The order date is an Excel date (text if it ever is no date).
        match crate::platform::formats::parse_date(&row.order_date) {
            Some(day) => sheet.write_number_with_format(r, 1, crate::platform::formats::excel_day(day), &date)?,
            None => sheet.write_string(r, 1, &row.order_date)?,
        };
        sheet.write_string(r, 2, &row.buyer_id)?;
        sheet.write_string(r, 3, &row.buyer_name)?;
        sheet.write_string(r, 4, &row.address)?;
        let product = match (row.free, formats.hindi()) {
            (false, _) => row.product.clone(),
            (true, false) => format!("{} (free)", row.product),
            (true, true) => format!("{} (मुफ़्त)", row.product),
        };
        sheet.write_string(r, 5, &product)?;
        sheet.write_string(r, 6, row.sku.as_deref().unwrap_or_default())?;
        sheet.write_number(r, 7, row.quantity as f64)?;
        // Amounts are number cells, exact to the paisa (the nearest binary number to it).
        sheet.write_number_with_format(r, 8, row.unit_price.to_f64(), &money)?;
        sheet.write_number_with_format(r, 9, row.discount.to_f64(), &money)?;
        sheet.write_number_with_format(r, 10, row.taxable.to_f64(), &money)?;
        sheet.write_number(r, 11, row.gst_rate_bp as f64 / 100.0)?;
        sheet.write_number_with_format(r, 12, row.cgst.to_f64(), &money)?;
        sheet.write_number_with_format(r, 13, row.sgst.to_f64(), &money)?;
        sheet.write_number_with_format(r, 14, row.igst.to_f64(), &money)?;
        sheet.write_number_with_format(r, 15, row.amount.to_f64(), &money)?;
    }
    for (i, width) in [12.0, 14.0, 11.0, 28.0, 40.0, 28.0, 10.0, 9.0, 14.0, 12.0, 14.0, 7.0, 12.0, 12.0, 12.0, 16.0].iter().enumerate() {
        sheet.set_column_width(i as u16, *width)?;
    }
    book.save(&path).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// The mail's subject, in the company's language.
fn subject(distributor: &str, orders: usize, formats: &Formats) -> String {
    if formats.hindi() {
        format!("{} के लिए ऑर्डर: fieldsales से {orders} ऑर्डर", one_line(distributor))
    } else {
        format!("Orders for {}: {orders} order(s) from fieldsales", one_line(distributor))
    }
}

/// The mail's text: each order with its customer and total, in the company's language and
/// formats. Stored names go in as one line each (`one_line`): a line break in a name stored
/// before the checks must not write lines of its own.
fn mail_body(distributor: &str, rows: &[Row], formats: &Formats) -> String {
    // Each order's total: its lines' stored totals, tax included; free pieces count as lines.
    let mut orders: Vec<(OrderId, &Row, [Money; 3], usize)> = Vec::new();
    for row in rows {
        let tax: Money = [row.cgst, row.sgst, row.igst].into_iter().sum();
        let value = [row.taxable, tax, row.amount];
        match orders.last_mut() {
            Some((id, _, sums, lines)) if *id == row.order_id => {
                for (sum, v) in sums.iter_mut().zip(value) {
                    *sum = [*sum, v].into_iter().sum();
                }
                *lines += 1;
            }
            _ => orders.push((row.order_id, row, value, 1)),
        }
    }
    let hindi = formats.hindi();
    let mut body = if hindi {
        format!(
            "प्रिय {},\n\nहमारी फ़ील्ड टीम के बुक किए {} नए ऑर्डर संलग्न हैं। वर्कबुक की हर पंक्ति किसी ऑर्डर का एक उत्पाद है।\n\n",
            one_line(distributor),
            orders.len()
        )
    } else {
        format!(
            "Dear {},\n\nplease find attached {} new order(s) booked by our field team. Each line of the workbook is one \
             product of an order.\n\n",
            one_line(distributor),
            orders.len()
        )
    };
    for (id, row, [taxable, tax, total], lines) in &orders {
        let lines = match (hindi, *lines) {
            (true, 1) => "1 पंक्ति".to_string(),
            (true, n) => format!("{n} पंक्तियाँ"),
            (false, n) => format!("{n} line(s)"),
        };
        body.push_str(&format!(
            "{}  {}  {} {}  {lines}  {} {}  GST {}  {} {}\n",
            order_number(*id),
            formats.date_text(&row.order_date),
            one_line(&row.buyer_id),
            one_line(&row.buyer_name),
            if hindi { "कर योग्य" } else { "taxable" },
            formats.money(*taxable),
            formats.money(*tax),
            if hindi { "कुल" } else { "total" },
            formats.money(*total)
        ));
    }
    body.push_str(if hindi {
        "\nयह मेल fieldsales ने भेजा है।\n"
    } else {
        "\nThis mail was sent by fieldsales.\n"
    });
    body
}
