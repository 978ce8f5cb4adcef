//! SQL of shelf counts, the suggested order, returns (valued at the customer's last order,
//! credited to the oldest invoices when approved) and new shops (proposed, flagged when likely a
//! repeat, approved into a customer with the orders that waited for it). Every read and change
//! starts from the caller's scope.

use rusqlite::{named_params, Connection, OptionalExtension};
use serde_json::json;

use super::messages::*;
use super::types::*;
use crate::collections::alloc::{self, Open};
use crate::collections::types::Allocation;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::money::Money;
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;

/// Lines one count or return may carry.
pub const MAX_LINES: usize = 200;
/// The largest quantity of one line.
pub const MAX_QUANTITY: i64 = 100_000;
/// Rows a page of the lists shows.
pub const PAGE_SIZE: i64 = 30;
/// The window of the suggested order's average: 8 weeks.
pub const AVERAGE_WEEKS: i64 = 8;
/// How near another shop must be to count as the same place (metres).
pub const NEARBY_M: f64 = 30.0;

fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}

/// A phone's id: 1-64 of `A-Za-z0-9_-` (as visits', orders' and payments').
pub fn client_id(value: Option<&str>) -> AppResult<String> {
    match value.map(str::trim) {
        None | Some("") => Err(AppError::bad_request(CLIENT_ID_REQUIRED.on("clientId"))),
        Some(id) if (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => {
            Ok(id.to_string())
        }
        Some(_) => Err(AppError::bad_request(CLIENT_ID_NOT_VALID.on("clientId"))),
    }
}

/// A line's whole quantity from `min` to 100,000 (line `n`, counted from 1).
pub fn quantity(value: Option<f64>, n: usize, min: i64) -> AppResult<i64> {
    match value {
        Some(q) if q.fract() == 0.0 && (min as f64..=MAX_QUANTITY as f64).contains(&q) => Ok(q as i64),
        _ => Err(AppError::bad_request(QUANTITY_NOT_VALID.with([("line", json!(n)), ("min", json!(min))]).on("lines"))),
    }
}

/// The product ids of `lines` (each above 0, none twice), in order.
pub fn product_ids(lines: &[LineIn]) -> AppResult<Vec<i64>> {
    if lines.is_empty() {
        return Err(AppError::bad_request(RETURN_NO_LINES.on("lines")));
    }
    if lines.len() > MAX_LINES {
        return Err(AppError::bad_request(RETURN_TOO_MANY_LINES.with([("max", json!(MAX_LINES))]).on("lines")));
    }
    let mut ids: Vec<i64> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let id = line
            .product_id
            .0
            .filter(|p| *p > 0)
            .ok_or_else(|| AppError::bad_request(RETURN_LINE_NO_PRODUCT.with([("line", json!(i + 1))]).on("lines")))?;
        if let Some(first) = ids.iter().position(|p| *p == id) {
            return Err(AppError::bad_request(
                RETURN_LINE_REPEATED.with([("line", json!(i + 1)), ("first", json!(first + 1))]).on("lines"),
            ));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// Every product of `ids` exists (line numbers from 1): its name, pack size, list price and GST rate.
/// A product's name, pack size, list price and GST rate (basis points).
type ProductFacts = (String, i64, Option<Money>, i64);

fn products(conn: &Connection, ids: &[i64]) -> AppResult<Vec<ProductFacts>> {
    let mut stmt =
        conn.prepare_cached("SELECT name, COALESCE(pack_size, 1), price_paise, gst_rate_bp FROM products WHERE product_id = :p")?;
    let mut found = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let row = stmt.query_row(named_params! { ":p": id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))).optional()?;
        found.push(row.ok_or_else(|| {
            AppError::bad_request(RETURN_LINE_UNKNOWN_PRODUCT.with([("line", json!(i + 1)), ("product", json!(id))]).on("lines"))
        })?);
    }
    Ok(found)
}

fn visible(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<(CustomerId, Option<UserId>)> {
    crate::customers::api::visible_customer(conn, scope, buyer_id)
}

// ---- Shelf counts and the suggested order ----

/// A shelf count whose fields passed the checks that need no database.
pub struct CheckedStock {
    pub client_id: String,
    pub buyer_id: String,
    pub lines: Vec<(i64, i64)>,
}

/// Checks `POST /users/stock`.
pub fn check_stock(req: RecordStock) -> AppResult<CheckedStock> {
    let client_id = client_id(req.client_id.as_deref())?;
    let buyer_id = crate::platform::validate::required(&req.buyer_id.0, crate::customers::messages::BUYER_ID_REQUIRED.on("buyerId"))?;
    let ids = product_ids(&req.lines)?;
    let mut lines = Vec::with_capacity(ids.len());
    for (i, (id, line)) in ids.into_iter().zip(&req.lines).enumerate() {
        lines.push((id, quantity(line.quantity.0, i + 1, 0)?));
    }
    Ok(CheckedStock { client_id, buyer_id, lines })
}

/// Records a shelf count by `me` in the open transaction; a repeat of its clientId answers the first.
pub fn record_stock(tx: &Connection, me: UserId, scope: Scope, count: CheckedStock, now: i64) -> AppResult<StockRecorded> {
    let before: Option<i64> = tx
        .prepare_cached("SELECT count_id FROM shelf_counts WHERE entered_by = :me AND client_id = :c")?
        .query_row(named_params! { ":me": me, ":c": count.client_id }, |r| r.get(0))
        .optional()?;
    let answer =
        |count_id, duplicate| StockRecorded { message: STOCK_RECORDED.text.into(), code: STOCK_RECORDED.code.into(), count_id, duplicate };
    if let Some(id) = before {
        return Ok(answer(id, true));
    }
    let (customer, agent) = visible(tx, scope, &count.buyer_id)?;
    let ids: Vec<i64> = count.lines.iter().map(|l| l.0).collect();
    products(tx, &ids)?;
    tx.prepare_cached(
        "INSERT INTO shelf_counts (customer_id, agent_id, entered_by, client_id, counted_at) VALUES (:c, :agent, :me, :client, :now)",
    )?
    .execute(named_params! { ":c": customer, ":agent": agent, ":me": me, ":client": count.client_id, ":now": now })?;
    let id = tx.last_insert_rowid();
    let mut line = tx.prepare_cached("INSERT INTO shelf_count_lines (count_id, product_id, quantity) VALUES (:id, :p, :q)")?;
    for (product, quantity) in &count.lines {
        line.execute(named_params! { ":id": id, ":p": product, ":q": quantity })?;
    }
    Ok(answer(id, false))
}

/// The suggested quantity: two weeks of `ordered_8_weeks / 8` less `on_shelf`, rounded up to
/// whole packs of `pack`, never below 0. In quarter pieces, so no fraction is lost:
/// `2 * ordered / 8 = ordered / 4`.
pub fn suggested(ordered_8_weeks: f64, on_shelf: i64, pack: i64) -> i64 {
    // Two weeks' need, ordered / 4 pieces, is `ordered` quarter pieces; the shelf 4 * on_shelf.
    let need_quarters = ordered_8_weeks.round() as i64 - 4 * on_shelf;
    if need_quarters <= 0 {
        return 0;
    }
    let pack = pack.max(1);
    let packs = (need_quarters + 4 * pack - 1) / (4 * pack);
    packs * pack
}

/// `GET /users/customer/suggested-order/{buyerId}`.
pub fn suggested_order(conn: &Connection, scope: Scope, buyer_id: &str, today: chrono::NaiveDate) -> AppResult<SuggestedOrder> {
    let (customer, _) = visible(conn, scope, buyer_id)?;
    let buyer: String =
        conn.query_row("SELECT buyer_id FROM customers WHERE customer_id = :c", named_params! { ":c": customer }, |r| r.get(0))?;
    let since = (today - chrono::Days::new(7 * AVERAGE_WEEKS as u64)).format("%Y-%m-%d").to_string();
    let last: Option<(i64, i64)> = conn
        .prepare_cached(
            "SELECT count_id, counted_at FROM shelf_counts WHERE customer_id = :c ORDER BY counted_at DESC, count_id DESC LIMIT 1",
        )?
        .query_row(named_params! { ":c": customer }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let mut stmt = conn.prepare_cached(
        "WITH ordered AS (
             SELECT p.product_id, SUM(CASE WHEN o.order_date >= :since THEN o.qty_shipped ELSE 0 END) AS qty, MAX(o.order_date) AS last
             FROM order_lines o JOIN products p ON p.product_id = o.product_id OR (o.product_id IS NULL AND p.name = o.product_name)
             WHERE o.customer_id = :c AND o.order_date >= :since GROUP BY p.product_id),
         counted AS (SELECT product_id, quantity FROM shelf_count_lines WHERE count_id = :count)
         SELECT p.product_id, p.name, COALESCE(p.pack_size, 1), COALESCE(o.qty, 0), COALESCE(k.quantity, 0), o.last
         FROM products p LEFT JOIN ordered o ON o.product_id = p.product_id LEFT JOIN counted k ON k.product_id = p.product_id
         WHERE p.product_id IN (SELECT product_id FROM ordered UNION SELECT product_id FROM counted)
         ORDER BY o.last DESC NULLS LAST, p.name",
    )?;
    let rows = stmt.query_map(named_params! { ":c": customer, ":since": since, ":count": last.map(|l| l.0) }, |r| {
        let (ordered, on_shelf, pack): (f64, i64, i64) = (r.get(3)?, r.get(4)?, r.get(2)?);
        Ok(SuggestedLine {
            product_id: r.get(0)?,
            product_name: r.get(1)?,
            pack_size: pack,
            on_shelf,
            average_weekly: (ordered / AVERAGE_WEEKS as f64 * 100.0).round() / 100.0,
            suggested: suggested(ordered, on_shelf, pack),
            last_ordered: r.get(5)?,
        })
    })?;
    Ok(SuggestedOrder { buyer_id: buyer, counted_at: last.map(|l| iso(l.1)), lines: rows.collect::<rusqlite::Result<_>>()? })
}

// ---- Returns ----

const REASONS: [&str; 5] = ["damaged", "expired", "near_expiry", "wrong_item", "other"];

/// A return line as checked.
pub struct CheckedReturnLine {
    pub product_id: i64,
    pub quantity: i64,
    pub batch: Option<String>,
    pub expiry: Option<String>,
}

/// A return whose fields passed the checks that need no database.
pub struct CheckedReturn {
    pub client_id: String,
    pub buyer_id: String,
    pub distributor_id: Option<i64>,
    pub reason: &'static str,
    pub lines: Vec<CheckedReturnLine>,
    pub remark: Option<String>,
    pub photo_client_id: Option<String>,
}

/// Checks `POST /users/return` as of `today`: quantities from 1; a batch for damaged, expired and
/// near-expiry goods; an expiry date for expired (today or before) and near-expiry (after today).
pub fn check_return(req: RecordReturn, today: chrono::NaiveDate) -> AppResult<CheckedReturn> {
    let client_id = client_id(req.client_id.as_deref())?;
    let buyer_id = crate::platform::validate::required(&req.buyer_id.0, crate::customers::messages::BUYER_ID_REQUIRED.on("buyerId"))?;
    let reason = req
        .reason
        .as_deref()
        .map(str::trim)
        .and_then(|r| REASONS.into_iter().find(|x| x.eq_ignore_ascii_case(r)))
        .ok_or_else(|| AppError::bad_request(RETURN_REASON_NOT_VALID.on("reason")))?;
    let ids = product_ids(&req.lines)?;
    let mut lines = Vec::with_capacity(ids.len());
    for (i, (product_id, line)) in ids.into_iter().zip(&req.lines).enumerate() {
        let n = i + 1;
        let quantity = quantity(line.quantity.0, n, 1)?;
        let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        let batch = text(&line.batch);
        if let Some(b) = &batch {
            if let Some(problem) = crate::platform::validate::limits::SHORT_TEXT.problem_as("Batch", b) {
                return Err(AppError::bad_request(problem.on("lines")));
            }
        }
        let expiry = match text(&line.expiry) {
            None => None,
            Some(e) => Some(
                crate::clock::parse_date(&e)
                    .ok_or_else(|| AppError::bad_request(RETURN_EXPIRY_NOT_A_DATE.with([("line", json!(n))]).on("lines")))?,
            ),
        };
        if matches!(reason, "damaged" | "expired" | "near_expiry") && batch.is_none() {
            return Err(AppError::bad_request(RETURN_BATCH_REQUIRED.with([("line", json!(n))]).on("lines")));
        }
        match (reason, expiry) {
            ("expired" | "near_expiry", None) => {
                return Err(AppError::bad_request(RETURN_EXPIRY_REQUIRED.with([("line", json!(n))]).on("lines")))
            }
            ("expired", Some(e)) if e > today => {
                return Err(AppError::bad_request(RETURN_EXPIRY_IN_FUTURE.with([("line", json!(n))]).on("lines")))
            }
            ("near_expiry", Some(e)) if e < today => {
                return Err(AppError::bad_request(RETURN_EXPIRY_PASSED.with([("line", json!(n))]).on("lines")))
            }
            _ => {}
        }
        lines.push(CheckedReturnLine { product_id, quantity, batch, expiry: expiry.map(|e| e.format("%Y-%m-%d").to_string()) });
    }
    if let Some(d) = req.distributor_id.0 {
        if d <= 0 {
            return Err(AppError::bad_request(RETURN_DISTRIBUTOR_NOT_FOUND.on("distributorId")));
        }
    }
    let remark = crate::platform::validate::limits::VISIT_REMARK.optional(req.remark)?;
    let photo_client_id = match req.photo_client_id.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        None => None,
        Some(p) => Some(self::client_id(Some(p)).map_err(|_| AppError::bad_request(CLIENT_ID_NOT_VALID.on("photoClientId")))?),
    };
    Ok(CheckedReturn { client_id, buyer_id, distributor_id: req.distributor_id.0, reason, lines, remark, photo_client_id })
}

/// `numerator * quantity / of`, rounded half up, in whole paise.
fn share(amount: i64, quantity: i64, of: f64) -> i64 {
    if of <= 0.0 {
        return 0;
    }
    ((amount as f64) * (quantity as f64) / of).round() as i64
}

/// The value of `quantity` of `product` given back by `customer` (decision 40): at the customer's
/// last priced order line of it, its taxable value and tax per piece; never ordered (or only in
/// uploaded lines, which carry no tax), the list price and the product's GST rate.
/// `(valued_from, taxable, tax)` in paise.
pub fn value_line(
    conn: &Connection,
    customer: CustomerId,
    product: i64,
    quantity: i64,
    list: Option<Money>,
    gst_bp: i64,
) -> rusqlite::Result<(&'static str, i64, i64)> {
    let last: Option<(f64, i64, i64)> = conn
        .prepare_cached(
            "SELECT qty_shipped, taxable_paise, cgst_paise + sgst_paise + igst_paise FROM order_lines
             WHERE customer_id = :c AND product_id = :p AND source = 'app' AND qty_shipped > 0 AND taxable_paise > 0
             ORDER BY order_date DESC, line_id DESC LIMIT 1",
        )?
        .query_row(named_params! { ":c": customer, ":p": product }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    Ok(match last {
        Some((qty, taxable, tax)) => ("order", share(taxable, quantity, qty), share(tax, quantity, qty)),
        None => {
            let taxable = list.map_or(0, |p| p.paise()).saturating_mul(quantity);
            ("list", taxable, (taxable * gst_bp + 5000).div_euclid(10000))
        }
    })
}

/// Records a return by `me` in the open transaction; a repeat of its clientId answers the first
/// (another customer under the same clientId is a 409).
pub fn record_return(tx: &Connection, me: UserId, scope: Scope, ret: CheckedReturn, now: i64) -> AppResult<ReturnRecorded> {
    let before: Option<(i64, String, Money, ReturnStatus)> = tx
        .prepare_cached(
            "SELECT r.return_id, c.buyer_id, r.value_paise, r.status FROM returns r JOIN customers c ON c.customer_id = r.customer_id
             WHERE r.entered_by = :me AND r.client_id = :client",
        )?
        .query_row(named_params! { ":me": me, ":client": ret.client_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .optional()?;
    let answer = |return_id, duplicate, value, status| ReturnRecorded {
        message: RETURN_RECORDED.text.into(),
        code: RETURN_RECORDED.code.into(),
        return_id,
        duplicate,
        value,
        status,
    };
    if let Some((id, buyer, value, status)) = before {
        if !buyer.eq_ignore_ascii_case(&ret.buyer_id) {
            return Err(AppError::conflict(RETURN_CLIENT_ID_CLASH.on("clientId")));
        }
        return Ok(answer(id, true, value, status));
    }
    let (customer, agent) = visible(tx, scope, &ret.buyer_id)?;
    if let Some(d) = ret.distributor_id {
        let found: Option<i64> = tx
            .prepare_cached("SELECT 1 FROM distributors WHERE distributor_id = :d")?
            .query_row(named_params! { ":d": d }, |r| r.get(0))
            .optional()?;
        if found.is_none() {
            return Err(AppError::bad_request(RETURN_DISTRIBUTOR_NOT_FOUND.on("distributorId")));
        }
    }
    let ids: Vec<i64> = ret.lines.iter().map(|l| l.product_id).collect();
    let facts = products(tx, &ids)?;
    let mut valued = Vec::with_capacity(ret.lines.len());
    for (line, (_, _, list, gst)) in ret.lines.iter().zip(&facts) {
        valued.push(value_line(tx, customer, line.product_id, line.quantity, *list, *gst)?);
    }
    let taxable: i64 = valued.iter().map(|v| v.1).sum();
    let tax: i64 = valued.iter().map(|v| v.2).sum();
    tx.prepare_cached(
        "INSERT INTO returns (customer_id, agent_id, entered_by, client_id, distributor_id, reason, remark, photo_client_id,
                              taxable_paise, tax_paise, value_paise, created_at)
         VALUES (:c, :agent, :me, :client, :d, :reason, :remark, :photo, :taxable, :tax, :value, :now)",
    )?
    .execute(named_params! {
        ":c": customer, ":agent": agent, ":me": me, ":client": ret.client_id, ":d": ret.distributor_id, ":reason": ret.reason,
        ":remark": ret.remark, ":photo": ret.photo_client_id, ":taxable": taxable, ":tax": tax, ":value": taxable + tax, ":now": now,
    })?;
    let id = tx.last_insert_rowid();
    let mut insert = tx.prepare_cached(
        "INSERT INTO return_lines (return_id, line_no, product_id, quantity, batch, expiry, valued_from, taxable_paise, tax_paise)
         VALUES (:id, :n, :p, :q, :batch, :expiry, :from, :taxable, :tax)",
    )?;
    for (i, (line, (from, taxable, tax))) in ret.lines.iter().zip(&valued).enumerate() {
        insert.execute(named_params! {
            ":id": id, ":n": i as i64 + 1, ":p": line.product_id, ":q": line.quantity, ":batch": line.batch, ":expiry": line.expiry,
            ":from": from, ":taxable": taxable, ":tax": tax,
        })?;
    }
    Ok(answer(id, false, Money::from_paise(taxable + tax), ReturnStatus::Submitted))
}

/// The filters of the returns list, checked.
#[derive(Debug)]
pub struct ReturnFilter {
    pub agent: Option<UserId>,
    pub buyer_id: Option<String>,
    pub status: Option<ReturnStatus>,
    pub from_ts: Option<i64>,
    pub to_ts: Option<i64>,
    pub page: i64,
}

fn return_lines(conn: &Connection, return_id: i64) -> rusqlite::Result<Vec<ReturnLine>> {
    let mut stmt = conn.prepare_cached(
        "SELECT l.product_id, p.name, l.quantity, l.batch, l.expiry, l.valued_from, l.taxable_paise, l.tax_paise
         FROM return_lines l JOIN products p ON p.product_id = l.product_id WHERE l.return_id = :id ORDER BY l.line_no",
    )?;
    let rows = stmt.query_map(named_params! { ":id": return_id }, ReturnLine::from_row)?;
    rows.collect()
}

/// `GET /users/returns`: a page of the scope's returns, newest first.
pub fn return_page(conn: &Connection, scope: Scope, f: &ReturnFilter) -> AppResult<ReturnPage> {
    let scope = scope.narrowed(conn, f.agent)?;
    let filter = format!(
        "FROM returns r JOIN customers c ON c.customer_id = r.customer_id LEFT JOIN users u ON u.uid = r.agent_id
         WHERE {} AND (:buyer IS NULL OR c.buyer_id = :buyer) AND (:status IS NULL OR r.status = :status)
           AND (:from IS NULL OR r.created_at >= :from) AND (:to IS NULL OR r.created_at < :to)",
        scope.condition("r.agent_id")
    );
    let status = f.status.map(ReturnStatus::as_str);
    let total: i64 = conn
        .prepare(&format!("SELECT COUNT(*) {filter}"))?
        .query_row(&*scope.with(named_params! { ":buyer": f.buyer_id, ":status": status, ":from": f.from_ts, ":to": f.to_ts }), |r| {
            r.get(0)
        })?;
    let sql = format!(
        "SELECT r.return_id, c.buyer_id, c.name, r.agent_id, u.name, r.reason, r.remark, r.status, r.value_paise, r.taxable_paise,
                r.tax_paise, r.created_at, r.decided_at, r.decision_reason,
                (SELECT ph.photo_id FROM visit_photos ph WHERE ph.entered_by = r.entered_by AND ph.client_id = r.photo_client_id)
         {filter} ORDER BY r.created_at DESC, r.return_id DESC LIMIT :limit OFFSET :offset"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(
        &*scope.with(named_params! { ":buyer": f.buyer_id, ":status": status, ":from": f.from_ts, ":to": f.to_ts,
        ":limit": PAGE_SIZE, ":offset": (f.page.max(1) - 1) * PAGE_SIZE, }),
        |r| {
            Ok(ReturnRow {
                return_id: r.get(0)?,
                buyer_id: r.get(1)?,
                buyer_name: r.get(2)?,
                agent_id: r.get(3)?,
                agent_name: r.get(4)?,
                reason: r.get(5)?,
                remark: r.get(6)?,
                status: r.get(7)?,
                value: r.get(8)?,
                taxable: r.get(9)?,
                tax: r.get(10)?,
                created_at: iso(r.get(11)?),
                decided_at: r.get::<_, Option<i64>>(12)?.map(iso),
                decision_reason: r.get(13)?,
                photo_id: r.get(14)?,
                lines: Vec::new(),
            })
        },
    )?;
    let mut data: Vec<ReturnRow> = rows.collect::<rusqlite::Result<_>>()?;
    for row in &mut data {
        row.lines = return_lines(conn, row.return_id)?;
    }
    Ok(ReturnPage { data, total_records: total })
}

/// Spreads what the approved returns of `customer` left unallocated (no open invoice took it when
/// they were approved) over the customer's open invoices, oldest credit first, each over the
/// oldest invoices first (decision 46): added to the invoices' paid amounts and to
/// `return_allocations`, taken off the returns' `unallocated_paise`. Called after each invoice row an
/// upload applies (`uploads::kinds::INVOICE`); nothing to do costs one indexed read.
pub fn apply_credits(conn: &Connection, customer: CustomerId, now: i64) -> rusqlite::Result<()> {
    let credits: Vec<(i64, i64)> = {
        let mut stmt = conn.prepare_cached(
            "SELECT return_id, unallocated_paise FROM returns
             WHERE customer_id = :c AND status = 'Approved' AND unallocated_paise > 0 ORDER BY decided_at, return_id",
        )?;
        let rows = stmt.query_map(named_params! { ":c": customer }, |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    if credits.is_empty() {
        return Ok(());
    }
    let mut open: Vec<Open> = {
        let mut stmt = conn.prepare_cached(
            "SELECT invoice_id, amount_paise - paid_paise FROM invoices
             WHERE customer_id = :c AND paid_paise < amount_paise ORDER BY invoice_date, invoice_no",
        )?;
        let rows = stmt.query_map(named_params! { ":c": customer }, |r| Ok(Open { invoice_id: r.get(0)?, balance: r.get(1)? }))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for (return_id, unallocated) in credits {
        if open.is_empty() {
            break;
        }
        let spread = alloc::allocate(unallocated, &open);
        for (invoice, amount) in &spread.allocations {
            conn.prepare_cached(
                "INSERT INTO return_allocations (return_id, invoice_id, amount_paise) VALUES (:r, :i, :a)
                 ON CONFLICT (return_id, invoice_id) DO UPDATE SET amount_paise = amount_paise + excluded.amount_paise",
            )?
            .execute(named_params! { ":r": return_id, ":i": invoice, ":a": amount })?;
            crate::collections::queries::pay_invoice(conn, *invoice, *amount, now)?;
            if let Some(o) = open.iter_mut().find(|o| o.invoice_id == *invoice) {
                o.balance -= amount;
            }
        }
        open.retain(|o| o.balance > 0);
        conn.prepare_cached("UPDATE returns SET unallocated_paise = :u WHERE return_id = :r")?
            .execute(named_params! { ":u": spread.unallocated, ":r": return_id })?;
    }
    Ok(())
}

/// Approves (`reason` optional) or rejects a Submitted return of the caller's scope. Approved: its
/// value is spread over the customer's oldest open invoices (added to their paid amounts, kept in
/// `return_allocations`), what none takes stays unallocated on the return.
pub fn decide_return(
    tx: &Connection,
    scope: Scope,
    return_id: i64,
    approve: bool,
    (by, now): (UserId, i64),
    reason: Option<String>,
    formats: &crate::platform::formats::Formats,
) -> AppResult<ReturnDecided> {
    let sql = format!(
        "SELECT r.customer_id, r.value_paise, r.status FROM returns r WHERE r.return_id = :id AND {}",
        scope.condition("r.agent_id")
    );
    let (customer, value, status): (CustomerId, i64, ReturnStatus) = tx
        .prepare_cached(&sql)?
        .query_row(&*scope.with(named_params! { ":id": return_id }), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?
        .ok_or_else(|| AppError::not_found(RETURN_NOT_FOUND))?;
    if status != ReturnStatus::Submitted {
        return Err(AppError::conflict(RETURN_DECIDED));
    }
    let new_status = if approve { ReturnStatus::Approved } else { ReturnStatus::Rejected };
    let mut allocations = Vec::new();
    let mut unallocated = 0;
    if approve {
        let open: Vec<(i64, String, i64)> = {
            let mut stmt = tx.prepare_cached(
                "SELECT invoice_id, invoice_no, amount_paise - paid_paise FROM invoices
                 WHERE customer_id = :c AND paid_paise < amount_paise ORDER BY invoice_date, invoice_no",
            )?;
            let rows = stmt.query_map(named_params! { ":c": customer }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        let spread = alloc::allocate(value, &open.iter().map(|o| Open { invoice_id: o.0, balance: o.2 }).collect::<Vec<_>>());
        for (invoice, amount) in &spread.allocations {
            tx.prepare_cached("INSERT INTO return_allocations (return_id, invoice_id, amount_paise) VALUES (:r, :i, :a)")?
                .execute(named_params! { ":r": return_id, ":i": invoice, ":a": amount })?;
            if crate::collections::queries::pay_invoice(tx, *invoice, *amount, now)? != 1 {
                return Err(AppError::Internal(anyhow::anyhow!("invoice {invoice} would be paid past its amount")));
            }
            let no = open.iter().find(|o| o.0 == *invoice).map(|o| o.1.clone()).unwrap_or_default();
            allocations.push(Allocation { invoice_no: no, amount: Money::from_paise(*amount) });
        }
        unallocated = spread.unallocated;
    }
    tx.prepare_cached(
        "UPDATE returns SET status = :s, decided_by = :by, decided_at = :now, decision_reason = :reason, unallocated_paise = :u WHERE return_id = :id",
    )?
    .execute(named_params! { ":s": new_status.as_str(), ":by": by, ":now": now, ":reason": reason, ":u": unallocated, ":id": return_id })?;
    let said =
        if approve { RETURN_APPROVED.with([("value", json!(formats.money(Money::from_paise(value))))]) } else { RETURN_REJECTED.with([]) };
    Ok(ReturnDecided {
        message: said.message.into_owned(),
        code: said.code.into(),
        return_id,
        status: new_status,
        allocations,
        unallocated: Money::from_paise(unallocated),
    })
}

// ---- New shops ----

/// A proposal whose fields passed every check that needs no database.
pub struct CheckedProposal {
    pub client_id: String,
    pub buyer_name: String,
    pub mobile: String,
    pub address1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub position: (f64, f64),
    pub retailer_type: &'static str,
    pub gstin: Option<String>,
    pub pan: Option<String>,
    pub fssai: Option<String>,
}

fn required_field(value: Option<&str>, label: &str, field: &'static str, limit: &crate::platform::validate::Field) -> AppResult<String> {
    let value = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| AppError::bad_request(OUTLET_FIELD_REQUIRED.with([("label", json!(label))]).on(field)))?;
    if let Some(problem) = limit.problem(value) {
        return Err(AppError::bad_request(problem.on(field)));
    }
    Ok(value.to_string())
}

/// Checks `POST /users/outlet/propose`: the fields, the position, GSTIN (checksum and the state's
/// code), PAN and FSSAI by the rules the phone runs too (`crate::platform::taxids`).
pub fn check_proposal(req: ProposeOutlet) -> AppResult<CheckedProposal> {
    use crate::platform::validate::limits;
    let client_id = client_id(req.client_id.as_deref())?;
    let buyer_name = required_field(req.buyer_name.as_deref(), "Shop name", "buyerName", &limits::BUYER_NAME)?;
    let mobile = required_field(req.mobile.0.as_deref(), "Mobile", "mobile", &limits::MOBILE)?;
    if !(10..=11).contains(&mobile.len()) || !mobile.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::bad_request(OUTLET_MOBILE_NOT_VALID.on("mobile")));
    }
    let address1 = required_field(req.address1.as_deref(), "Address", "address1", &limits::ADDRESS1)?;
    let city = required_field(req.city.as_deref(), "City", "city", &limits::CITY)?;
    let state = required_field(req.state.as_deref(), "State", "state", &limits::STATE)?;
    let postal_code = required_field(req.postal_code.0.as_deref(), "PIN code", "postalCode", &limits::POSTAL_CODE)?;
    if postal_code.len() != 6 || !postal_code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::bad_request(OUTLET_POSTAL_CODE_NOT_VALID.on("postalCode")));
    }
    let position = match crate::platform::geo::coordinates(req.latitude.0, req.longitude.0)? {
        (Some(lat), Some(lng)) => (lat, lng),
        _ => return Err(AppError::bad_request(OUTLET_POSITION_REQUIRED.on("latitude"))),
    };
    let retailer_type = match req.retailer_type.as_deref().map(str::trim) {
        None | Some("") => "Retailer",
        Some(t) if t.eq_ignore_ascii_case("Retailer") => "Retailer",
        Some(t) if t.eq_ignore_ascii_case("Wholesaler") => "Wholesaler",
        Some(_) => return Err(AppError::bad_request(OUTLET_RETAILER_TYPE_NOT_VALID.on("retailerType"))),
    };
    let gstin = crate::platform::taxids::optional_gstin(req.gstin.as_deref(), Some(&state), "gstin")?;
    let pan = crate::platform::taxids::optional_pan(req.pan.as_deref(), "pan")?;
    let fssai = crate::platform::taxids::optional_fssai(req.fssai.0.as_deref(), "fssai")?;
    Ok(CheckedProposal { client_id, buyer_name, mobile, address1, city, state, postal_code, position, retailer_type, gstin, pan, fssai })
}

/// A name's words, lower case, letters and digits only.
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Whether two shop names are alike: one's words hold the other's, or half of their distinct
/// words are shared (decision 41).
pub fn similar_names(a: &str, b: &str) -> bool {
    let (wa, wb) = (words(a), words(b));
    if wa.is_empty() || wb.is_empty() {
        return false;
    }
    let (ja, jb) = (wa.join(""), wb.join(""));
    if ja.contains(&jb) || jb.contains(&ja) {
        return true;
    }
    let shared = wa.iter().filter(|w| wb.contains(w)).count();
    let all = wa.len() + wb.len() - shared;
    shared * 2 >= all
}

/// What `p` may repeat: a customer or a pending proposal with the same mobile, else one within
/// 30 m with a similar name. `Err` when a pending proposal has the same mobile and a similar name:
/// that is the same shop proposed twice.
fn likely_duplicate(tx: &Connection, p: &CheckedProposal) -> AppResult<Option<LikelyDuplicate>> {
    let twice: Option<(i64, String)> = {
        let mut stmt =
            tx.prepare_cached("SELECT proposal_id, buyer_name FROM outlet_proposals WHERE mobile = :m AND status = 'Pending'")?;
        let rows = stmt.query_map(named_params! { ":m": p.mobile }, |r| Ok((r.get(0)?, r.get(1)?)))?;
        let all: Vec<(i64, String)> = rows.collect::<rusqlite::Result<_>>()?;
        all.into_iter().find(|(_, name)| similar_names(name, &p.buyer_name))
    };
    if let Some((id, _)) = twice {
        return Err(AppError::bad_request(OUTLET_ALREADY_PROPOSED.with([("proposalId", json!(id))]).on("mobile")));
    }
    let same_mobile: Option<(String, String)> = tx
        .prepare_cached("SELECT buyer_id, name FROM customers WHERE mobile = :m LIMIT 1")?
        .query_row(named_params! { ":m": p.mobile }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    if let Some((buyer, name)) = same_mobile {
        return Ok(Some(LikelyDuplicate { reason: "mobile".into(), buyer_id: Some(buyer), proposal_id: None, name }));
    }
    let pending_mobile: Option<(i64, String)> = tx
        .prepare_cached("SELECT proposal_id, buyer_name FROM outlet_proposals WHERE mobile = :m AND status = 'Pending' LIMIT 1")?
        .query_row(named_params! { ":m": p.mobile }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    if let Some((id, name)) = pending_mobile {
        return Ok(Some(LikelyDuplicate { reason: "mobile".into(), buyer_id: None, proposal_id: Some(id), name }));
    }
    // A box of about 35 m around the position, then the exact distance.
    let (lat, lng) = p.position;
    let dlat = 0.000_32;
    let dlng = dlat / lat.to_radians().cos().abs().max(0.01);
    // (buyer id, proposal id, name, latitude, longitude) of a shop near the position.
    type Near = (Option<String>, Option<i64>, String, f64, f64);
    let near = |sql: &str| -> AppResult<Vec<Near>> {
        let mut stmt = tx.prepare_cached(sql)?;
        let rows = stmt
            .query_map(named_params! { ":lat0": lat - dlat, ":lat1": lat + dlat, ":lng0": lng - dlng, ":lng1": lng + dlng }, |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    };
    let mut candidates = near(
        "SELECT buyer_id, NULL, name, latitude, longitude FROM customers
         WHERE latitude BETWEEN :lat0 AND :lat1 AND longitude BETWEEN :lng0 AND :lng1",
    )?;
    candidates.extend(near(
        "SELECT NULL, proposal_id, buyer_name, latitude, longitude FROM outlet_proposals
         WHERE status = 'Pending' AND latitude BETWEEN :lat0 AND :lat1 AND longitude BETWEEN :lng0 AND :lng1",
    )?);
    Ok(candidates
        .into_iter()
        .find(|c| crate::platform::geo::distance_m((c.3, c.4), p.position) <= NEARBY_M && similar_names(&c.2, &p.buyer_name))
        .map(|c| LikelyDuplicate { reason: "nearby".into(), buyer_id: c.0, proposal_id: c.1, name: c.2 }))
}

fn duplicate_of(buyer: Option<String>, proposal: Option<i64>, reason: Option<String>, name: Option<String>) -> Option<LikelyDuplicate> {
    reason.map(|reason| LikelyDuplicate { reason, buyer_id: buyer, proposal_id: proposal, name: name.unwrap_or_default() })
}

/// Reads a stored `likely_duplicate` (`B:<buyer id>` or `P:<proposal id>`, a tab, the name).
fn stored_duplicate(text: Option<String>, reason: Option<String>) -> Option<LikelyDuplicate> {
    let text = text?;
    let (what, name) = text.split_once('\t').unwrap_or((&text, ""));
    let (buyer, proposal) = match what.split_once(':') {
        Some(("B", b)) => (Some(b.to_string()), None),
        Some(("P", p)) => (None, p.parse().ok()),
        _ => (None, None),
    };
    duplicate_of(buyer, proposal, reason, Some(name.to_string()))
}

fn proposed_answer(id: i64, duplicate: bool, likely: Option<LikelyDuplicate>, status: String, buyer_id: Option<String>) -> OutletProposed {
    let said = match &likely {
        Some(d) => OUTLET_PROPOSED_DUPLICATE.with([("match", json!(d.buyer_id.clone().unwrap_or_else(|| d.name.clone())))]),
        None => OUTLET_PROPOSED.with([]),
    };
    OutletProposed {
        message: said.message.into_owned(),
        code: said.code.into(),
        proposal_id: id,
        duplicate,
        likely_duplicate: likely,
        status,
        buyer_id,
    }
}

/// Records a proposal by agent `me` in the open transaction; a repeat of its clientId answers the
/// first (another mobile under the same clientId is a 409).
pub fn propose(tx: &Connection, me: UserId, p: CheckedProposal, now: i64) -> AppResult<OutletProposed> {
    // (id, mobile, likely duplicate, its reason, status, buyer id once approved)
    type Before = (i64, String, Option<String>, Option<String>, String, Option<String>);
    let before: Option<Before> = tx
        .prepare_cached(
            "SELECT o.proposal_id, o.mobile, o.likely_duplicate, o.duplicate_reason, o.status, c.buyer_id
             FROM outlet_proposals o LEFT JOIN customers c ON c.customer_id = o.customer_id WHERE o.agent_id = :me AND o.client_id = :client",
        )?
        .query_row(named_params! { ":me": me, ":client": p.client_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))
        .optional()?;
    if let Some((id, mobile, likely, reason, status, buyer)) = before {
        if mobile != p.mobile {
            return Err(AppError::conflict(OUTLET_CLIENT_ID_CLASH.on("clientId")));
        }
        return Ok(proposed_answer(id, true, stored_duplicate(likely, reason), status, buyer));
    }
    let likely = likely_duplicate(tx, &p)?;
    let stored = likely.as_ref().map(|d| match (&d.buyer_id, d.proposal_id) {
        (Some(b), _) => format!("B:{b}\t{}", d.name),
        (None, Some(id)) => format!("P:{id}\t{}", d.name),
        _ => format!("-\t{}", d.name),
    });
    tx.prepare_cached(
        "INSERT INTO outlet_proposals (agent_id, client_id, buyer_name, mobile, address1, city, state, postal_code, latitude, longitude,
                                       retailer_type, gstin, pan, fssai, likely_duplicate, duplicate_reason, created_at)
         VALUES (:me, :client, :name, :mobile, :address1, :city, :state, :postal, :lat, :lng, :type, :gstin, :pan, :fssai, :dup, :why, :now)",
    )?
    .execute(named_params! {
        ":me": me, ":client": p.client_id, ":name": p.buyer_name, ":mobile": p.mobile, ":address1": p.address1, ":city": p.city,
        ":state": p.state, ":postal": p.postal_code, ":lat": p.position.0, ":lng": p.position.1, ":type": p.retailer_type,
        ":gstin": p.gstin, ":pan": p.pan, ":fssai": p.fssai, ":dup": stored, ":why": likely.as_ref().map(|d| d.reason.clone()), ":now": now,
    })?;
    Ok(proposed_answer(tx.last_insert_rowid(), false, likely, "Pending".into(), None))
}

/// `GET /users/outlet/proposals?status=`: the scope's proposals, newest first.
pub fn proposal_page(conn: &Connection, scope: Scope, status: Option<&str>, page: i64) -> AppResult<ProposalPage> {
    let filter = format!(
        "FROM outlet_proposals o JOIN users u ON u.uid = o.agent_id LEFT JOIN customers c ON c.customer_id = o.customer_id
         WHERE {} AND (:status IS NULL OR o.status = :status)",
        scope.condition("o.agent_id")
    );
    let total: i64 =
        conn.prepare(&format!("SELECT COUNT(*) {filter}"))?.query_row(&*scope.with(named_params! { ":status": status }), |r| r.get(0))?;
    let sql = format!(
        "SELECT o.proposal_id, o.agent_id, u.name, o.buyer_name, o.mobile, o.address1, o.city, o.state, o.postal_code, o.latitude,
                o.longitude, o.retailer_type, o.gstin, o.pan, o.fssai, o.likely_duplicate, o.duplicate_reason, o.status, c.buyer_id,
                o.created_at, o.decision_reason,
                (SELECT COUNT(*) FROM proposal_orders w WHERE w.proposal_id = o.proposal_id AND w.order_id IS NULL AND w.refused_code IS NULL),
                (SELECT COUNT(*) FROM proposal_visits w WHERE w.proposal_id = o.proposal_id AND w.visit_id IS NULL AND w.refused_code IS NULL),
                (SELECT ph.photo_id FROM proposal_photos ph WHERE ph.proposal_id = o.proposal_id)
         {filter} ORDER BY o.created_at DESC, o.proposal_id DESC LIMIT :limit OFFSET :offset"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(
        &*scope.with(named_params! { ":status": status, ":limit": PAGE_SIZE, ":offset": (page.max(1) - 1) * PAGE_SIZE }),
        |r| {
            Ok(ProposalRow {
                proposal_id: r.get(0)?,
                agent_id: r.get(1)?,
                agent_name: r.get(2)?,
                buyer_name: r.get(3)?,
                mobile: r.get(4)?,
                address1: r.get(5)?,
                city: r.get(6)?,
                state: r.get(7)?,
                postal_code: r.get(8)?,
                latitude: r.get(9)?,
                longitude: r.get(10)?,
                retailer_type: r.get(11)?,
                gstin: r.get(12)?,
                pan: r.get(13)?,
                fssai: r.get(14)?,
                likely_duplicate: stored_duplicate(r.get(15)?, r.get(16)?),
                status: r.get(17)?,
                buyer_id: r.get(18)?,
                created_at: iso(r.get(19)?),
                decision_reason: r.get(20)?,
                waiting_orders: r.get(21)?,
                waiting_visits: r.get(22)?,
                photo_id: r.get(23)?,
                photo_url: None,
                photo_thumb_url: None,
            })
        },
    )?;
    let mut data: Vec<ProposalRow> = rows.collect::<rusqlite::Result<_>>()?;
    for row in data.iter_mut().filter(|r| r.photo_id.is_some()) {
        row.photo_url = Some(proposal_photo_url(row.proposal_id, "file"));
        row.photo_thumb_url = Some(proposal_photo_url(row.proposal_id, "thumb"));
    }
    Ok(ProposalPage { data, total_records: total })
}

/// A Pending proposal of the scope: its row for the approval.
struct Pending {
    agent: UserId,
    p: CheckedProposal,
    country: Option<i64>,
}

fn pending(tx: &Connection, scope: Scope, id: i64) -> AppResult<Pending> {
    let sql = format!(
        "SELECT o.agent_id, o.client_id, o.buyer_name, o.mobile, o.address1, o.city, o.state, o.postal_code, o.latitude, o.longitude,
                o.retailer_type, o.gstin, o.pan, o.fssai, o.status, u.country_id
         FROM outlet_proposals o JOIN users u ON u.uid = o.agent_id WHERE o.proposal_id = :id AND {}",
        scope.condition("o.agent_id")
    );
    let row = tx
        .prepare_cached(&sql)?
        .query_row(&*scope.with(named_params! { ":id": id }), |r| {
            let kind: String = r.get(10)?;
            Ok((
                r.get::<_, String>(14)?,
                Pending {
                    agent: r.get(0)?,
                    p: CheckedProposal {
                        client_id: r.get(1)?,
                        buyer_name: r.get(2)?,
                        mobile: r.get(3)?,
                        address1: r.get(4)?,
                        city: r.get(5)?,
                        state: r.get(6)?,
                        postal_code: r.get(7)?,
                        position: (r.get::<_, Option<f64>>(8)?.unwrap_or_default(), r.get::<_, Option<f64>>(9)?.unwrap_or_default()),
                        retailer_type: if kind == "Wholesaler" { "Wholesaler" } else { "Retailer" },
                        gstin: r.get(11)?,
                        pan: r.get(12)?,
                        fssai: r.get(13)?,
                    },
                    country: r.get(15)?,
                },
            ))
        })
        .optional()?
        .ok_or_else(|| AppError::not_found(OUTLET_NOT_FOUND))?;
    if row.0 != "Pending" {
        return Err(AppError::conflict(OUTLET_DECIDED));
    }
    Ok(row.1)
}

/// Approves a Pending proposal of the scope: the customer is made for the proposing agent (a new
/// Buyer ID, the shop's position stored), then the orders taken for the pending shop are booked
/// under it (`crate::orders::api::release_waiting`), all in the open transaction.
pub fn approve_proposal(
    tx: &Connection,
    scope: Scope,
    id: i64,
    by: UserId,
    radius_m: f64,
    now: i64,
    today: &str,
) -> AppResult<OutletDecided> {
    let Pending { agent, p, country } = pending(tx, scope, id)?;
    let row = crate::customers::api::NewCustomerRow {
        name: p.buyer_name,
        mobile: p.mobile,
        email: None,
        address1: Some(p.address1),
        city: Some(p.city),
        state: Some(p.state),
        postal_code: Some(p.postal_code),
        country,
        position: Some(p.position),
        retailer_type: p.retailer_type,
        owner: agent.0,
    };
    let (customer, buyer_id) = crate::customers::api::insert_customer(tx, &row)?;
    if let Some(g) = &p.gstin {
        crate::customers::api::set_gstin(tx, customer, g)?;
    }
    tx.prepare_cached(
        "UPDATE outlet_proposals SET status = 'Approved', customer_id = :c, decided_by = :by, decided_at = :now WHERE proposal_id = :id",
    )?
    .execute(named_params! { ":c": customer, ":by": by, ":now": now, ":id": id })?;
    let (visits, mut refused) = crate::customers::api::release_waiting_visits(tx, id, &buyer_id, radius_m)?;
    let (orders, refused_orders) = crate::orders::api::release_waiting(tx, id, &buyer_id, radius_m, now, today)?;
    refused.extend(refused_orders);
    let said = OUTLET_APPROVED.with([("buyerId", json!(buyer_id))]);
    Ok(OutletDecided {
        message: said.message.into_owned(),
        code: said.code.into(),
        proposal_id: id,
        status: "Approved".into(),
        buyer_id: Some(buyer_id),
        orders,
        visits,
        refused,
    })
}

/// Rejects a Pending proposal of the scope with `reason`; the orders that waited for it are
/// refused with it.
pub fn reject_proposal(tx: &Connection, scope: Scope, id: i64, by: UserId, reason: &str, now: i64) -> AppResult<OutletDecided> {
    pending(tx, scope, id)?;
    tx.prepare_cached("UPDATE outlet_proposals SET status = 'Rejected', decided_by = :by, decided_at = :now, decision_reason = :r WHERE proposal_id = :id")?
        .execute(named_params! { ":by": by, ":now": now, ":r": reason, ":id": id })?;
    crate::orders::api::refuse_waiting(tx, id, OUTLET_REJECTED.code)?;
    crate::customers::api::refuse_waiting_visits(tx, id, OUTLET_REJECTED.code)?;
    let said = OUTLET_REJECTED.with([]);
    Ok(OutletDecided {
        message: said.message.into_owned(),
        code: said.code.into(),
        proposal_id: id,
        status: "Rejected".into(),
        buyer_id: None,
        orders: Vec::new(),
        visits: Vec::new(),
        refused: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_weeks_of_the_average_less_the_shelf_in_whole_packs() {
        // 40 pieces in 8 weeks: 5 a week, 10 for two weeks; 3 on the shelf: 7, in packs of 6: 12.
        assert_eq!(suggested(40.0, 3, 6), 12);
        assert_eq!(suggested(40.0, 3, 1), 7);
        assert_eq!(suggested(40.0, 10, 6), 0);
        assert_eq!(suggested(40.0, 50, 6), 0);
        assert_eq!(suggested(0.0, 0, 6), 0);
        // 9 pieces: 2.25 for two weeks, less 2: 0.25, one pack.
        assert_eq!(suggested(9.0, 2, 12), 12);
        assert_eq!(suggested(9.0, 0, 1), 3);
    }

    #[test]
    fn names_alike() {
        assert!(similar_names("Sharma General Store", "sharma general stores"));
        assert!(similar_names("Sharma Store", "SHARMA GENERAL STORE"));
        assert!(similar_names("Gupta Kirana", "Gupta Kirana & Sons"));
        assert!(!similar_names("Gupta Kirana", "Mehta Medicals"));
        assert!(!similar_names("", "Mehta"));
    }
}
