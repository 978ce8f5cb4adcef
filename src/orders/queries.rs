//! SQL of order booking: booking (inside the group-commit writer's transaction, with the visit
//! saved alongside), the order and its lines, the list, and cancelling. Every read and change
//! starts from the caller's scope: an order is visible when its customer is.

pub mod credit;
pub mod mailing;
pub mod waiting;

use rusqlite::{named_params, Connection, OptionalExtension, ToSql};

use serde_json::json;

use std::collections::HashMap;

use super::messages::*;
use super::pricing::{self, Figures, ProductFacts};
use super::types::{
    BookOrder, FreeItem, Held, HeldReason, LineScheme, OrderBooked, OrderCancelled, OrderDetail, OrderLine, OrderPage, OrderQuote,
    OrderRow, OrderStatus, OrderTotals,
};
use crate::collections::queries::{credit_limit, owed};
use crate::customers::api::visible_customer;
use crate::customers::api::{check_client_id, record_visit, CheckedVisit, LocationStatus, VisitSaved};
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, OrderId, UserId};
use crate::platform::money::Money;
use crate::platform::rows::{FromRow, ManyRows};
use crate::platform::scope::Scope;
use crate::platform::validate::{limits, required};

/// The SQL of an order's status as the API shows it (`o` the order): `Awaiting approval` for a
/// Submitted order held over the credit limit, `Rejected` for one a manager rejected (stored as
/// Cancelled), else the stored status.
macro_rules! shown_status {
    () => {
        "CASE WHEN o.credit_hold = 'rejected' THEN 'Rejected' \
         WHEN o.credit_hold = 'awaiting' AND o.status = 'Submitted' THEN 'Awaiting approval' ELSE o.status END"
    };
}

/// Orders a page of the list shows.
pub const PAGE_SIZE: i64 = 30;
/// Lines one order may have.
pub const MAX_LINES: usize = 200;
/// The largest quantity of one line.
pub const MAX_QUANTITY: i64 = 100_000;
/// How long a send holds the orders it is mailing (a crashed send's hold ends after this).
pub const MAILING_HOLD_S: i64 = 600;

/// The order's id in the order lines and the distributor's mail: `APP000123`.
pub fn order_number(order_id: OrderId) -> String {
    format!("APP{:06}", order_id.0)
}

/// One line of a booking, as checked: the product, how many, and the unit price the screen showed
/// (`None`: not sent, or not a number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WantedLine {
    pub product_id: i64,
    pub quantity: i64,
    pub shown_price: Option<Money>,
}

/// A booking whose fields passed every check that needs no database.
#[derive(Debug, Clone)]
pub struct CheckedOrder {
    pub client_id: Option<String>,
    pub buyer_id: String,
    pub distributor_id: Option<i64>,
    pub remark: Option<String>,
    /// In the order sent.
    pub lines: Vec<WantedLine>,
    /// The total the screen showed.
    pub expected_total: Option<Money>,
    pub visit: Option<CheckedVisit>,
}

impl CheckedOrder {
    /// Checks a booking received at `received_at`; a 400 names the first problem.
    pub fn check(req: BookOrder, received_at: i64) -> AppResult<Self> {
        let buyer_id = required(&req.buyer_id, ORDER_BUYER_REQUIRED.on("buyerId"))?;
        let client_id = check_client_id(req.client_id)?;
        // The order's remark is its visit's remark: the same limit.
        let remark = limits::VISIT_REMARK.optional(req.remark)?;
        if let Some(d) = req.distributor_id.0 {
            if d <= 0 {
                return Err(AppError::bad_request(ORDER_DISTRIBUTOR_NOT_FOUND.on("distributorId")));
            }
        }
        if req.lines.is_empty() {
            return Err(AppError::bad_request(ORDER_NO_LINES.on("lines")));
        }
        if req.lines.len() > MAX_LINES {
            return Err(AppError::bad_request(ORDER_TOO_MANY_LINES.with([("max", json!(MAX_LINES))]).on("lines")));
        }
        let mut lines: Vec<WantedLine> = Vec::with_capacity(req.lines.len());
        for (i, line) in req.lines.iter().enumerate() {
            let n = json!(i + 1);
            let product_id = line
                .product_id
                .filter(|p| *p > 0)
                .ok_or_else(|| AppError::bad_request(ORDER_LINE_NO_PRODUCT.with([("line", n.clone())]).on("lines")))?;
            let quantity = match line.quantity.0 {
                None => return Err(AppError::bad_request(ORDER_LINE_NO_QUANTITY.with([("line", n)]).on("lines"))),
                Some(q) if q.fract() == 0.0 && (1.0..=MAX_QUANTITY as f64).contains(&q) => q as i64,
                Some(_) => return Err(AppError::bad_request(ORDER_LINE_BAD_QUANTITY.with([("line", n)]).on("lines"))),
            };
            if let Some(first) = lines.iter().position(|l| l.product_id == product_id) {
                return Err(AppError::bad_request(ORDER_LINE_REPEATED.with([("line", n), ("first", json!(first + 1))]).on("lines")));
            }
            lines.push(WantedLine { product_id, quantity, shown_price: line.unit_price.and_then(Money::from_f64) });
        }
        let visit = req.visit.as_ref().map(|v| CheckedVisit::check(v.to_save(&buyer_id), received_at)).transpose()?;
        Ok(CheckedOrder {
            client_id,
            buyer_id,
            distributor_id: req.distributor_id.0,
            remark,
            lines,
            expected_total: req.expected_total.and_then(Money::from_f64),
            visit,
        })
    }

    /// Whether the screen's figures (a line's unit price, the total with tax), to the paisa, differ
    /// from the server's.
    fn price_changed(&self, total: Money, lines: &[OrderLine]) -> bool {
        let shown: Vec<(i64, Option<Money>)> = self.lines.iter().map(|l| (l.product_id, l.shown_price)).collect();
        pricing::changed(self.expected_total, &shown, total, lines)
    }
}

/// Who books: the signed-in user, the customers they see, the check-in radius of the visit.
#[derive(Debug, Clone, Copy)]
pub struct Booker {
    pub uid: UserId,
    pub scope: Scope,
    pub radius_m: f64,
}

/// The order `me` booked under `client_id`, if any.
fn booked_before(tx: &Connection, me: UserId, client_id: &str) -> rusqlite::Result<Option<OrderId>> {
    tx.prepare_cached("SELECT order_id FROM orders WHERE booked_by = :me AND client_id = :client")?
        .query_row(named_params! { ":me": me, ":client": client_id }, |r| r.get(0))
        .optional()
}

/// The distributor a new order of `customer` goes to: the one of their most recent order line
/// whose seller is a known distributor. Usually that is their latest line, which their summary
/// names (`customer_stats.last_line_id`, kept by triggers); the walk back in date and line order
/// (whose tie-break reads every line of the latest day from the table) runs only when the latest
/// line's seller is unknown.
fn usual_distributor(tx: &Connection, customer: CustomerId) -> rusqlite::Result<Option<(i64, String)>> {
    let row = |r: &rusqlite::Row| Ok((r.get(0)?, r.get(1)?));
    let latest = tx
        .prepare_cached(
            "SELECT d.distributor_id, d.name FROM customer_stats s
             JOIN order_lines o ON o.line_id = s.last_line_id JOIN distributors d ON d.name = o.seller_name
             WHERE s.customer_id = :c",
        )?
        .query_row(named_params! { ":c": customer }, row)
        .optional()?;
    if latest.is_some() {
        return Ok(latest);
    }
    tx.prepare_cached(
        "SELECT d.distributor_id, d.name FROM order_lines o JOIN distributors d ON d.name = o.seller_name
         WHERE o.customer_id = :c ORDER BY o.order_date DESC, o.line_id DESC LIMIT 1",
    )?
    .query_row(named_params! { ":c": customer }, row)
    .optional()
}

/// What a booking reads before it writes: the customer and their agent, the distributor, and the
/// order priced by the engine at the server's current prices and schemes.
#[derive(Debug)]
pub struct Priced {
    customer: CustomerId,
    owner: Option<UserId>,
    distributor: i64,
    seller: String,
    /// The day it was priced for (the company's time zone).
    booking_date: String,
    scheme_version: i64,
    figures: Figures,
}

/// Reads what `order` needs (see [`Priced`]) and checks it: the customer among the caller's, the
/// distributor (or the customer's usual one), every product sold and priced; then prices it with
/// the schemes in force on `today`. `None` when the caller booked its `clientId` before: the
/// writer answers that booking.
///
/// The handler runs this on a pooled connection before it queues the write, so the group-commit
/// writer, which runs one booking after another, only writes; what changes in the milliseconds
/// between (a price, a product retired, a scheme) is as if the order had been booked a moment
/// earlier.
pub fn price(conn: &Connection, who: Booker, order: &CheckedOrder, today: &str) -> AppResult<Option<Priced>> {
    if order.client_id.as_deref().map(|id| booked_before(conn, who.uid, id)).transpose()?.flatten().is_some() {
        return Ok(None);
    }
    price_now(conn, who, order, today).map(Some)
}

/// The order's inputs read and priced (see [`price`]), whether or not its `clientId` was booked.
fn price_now(conn: &Connection, who: Booker, order: &CheckedOrder, today: &str) -> AppResult<Priced> {
    let (customer, owner) = visible_customer(conn, who.scope, &order.buyer_id)?;
    let party: crate::pricing::CustomerParty = conn
        .prepare_cached("SELECT buyer_id, NULLIF(TRIM(state), ''), retailer_type FROM customers WHERE customer_id = :c")?
        .query_row(named_params! { ":c": customer }, |r| {
            Ok(crate::pricing::CustomerParty { buyer_id: r.get(0)?, state: r.get(1)?, retailer_type: r.get(2)? })
        })?;
    let distributor_row = |r: &rusqlite::Row| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?));
    let (distributor, seller) = match order.distributor_id {
        Some(id) => conn
            .prepare_cached("SELECT distributor_id, name FROM distributors WHERE distributor_id = :d")?
            .query_row(named_params! { ":d": id }, distributor_row)
            .optional()?
            .ok_or_else(|| AppError::bad_request(ORDER_DISTRIBUTOR_NOT_FOUND.on("distributorId")))?,
        None => usual_distributor(conn, customer)?.ok_or_else(|| AppError::bad_request(ORDER_NO_USUAL_DISTRIBUTOR.on("distributorId")))?,
    };
    let distributor_state: Option<String> = conn
        .prepare_cached("SELECT NULLIF(TRIM(state), '') FROM distributors WHERE distributor_id = :d")?
        .query_row(named_params! { ":d": distributor }, |r| r.get(0))?;
    let mut basket = Vec::with_capacity(order.lines.len());
    let mut facts = HashMap::with_capacity(order.lines.len());
    let mut product = conn.prepare_cached("SELECT name, sku, price_paise, active, gst_rate_bp FROM products WHERE product_id = :p")?;
    for (i, wanted) in order.lines.iter().enumerate() {
        let WantedLine { product_id, quantity, .. } = *wanted;
        let (name, sku, price, active, gst_rate_bp): (String, Option<String>, Option<Money>, bool, i64) = product
            .query_row(named_params! { ":p": product_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
            .optional()?
            .ok_or_else(|| {
                AppError::bad_request(ORDER_LINE_UNKNOWN_PRODUCT.with([("line", json!(i + 1)), ("product", json!(product_id))]).on("lines"))
            })?;
        if !active {
            return Err(AppError::bad_request(ORDER_PRODUCT_RETIRED.with([("name", json!(name))]).on("lines")));
        }
        let unit_price = price.ok_or_else(|| AppError::bad_request(ORDER_PRODUCT_UNPRICED.with([("name", json!(name))]).on("lines")))?;
        unit_price.times(quantity).ok_or_else(|| AppError::bad_request(ORDER_AMOUNT_TOO_LARGE))?;
        basket.push(crate::pricing::BasketLine { product_id, quantity, unit_price: unit_price.paise(), gst_rate_bp });
        facts.insert(product_id, ProductFacts { name, sku });
    }
    drop(product);
    let (scheme_version, schemes) = crate::schemes::queries::in_force(conn, today).map_err(AppError::Internal)?;
    let input = crate::pricing::PricingInput {
        booking_date: today.to_string(),
        customer: party,
        distributor: crate::pricing::DistributorParty { distributor_id: Some(distributor), state: distributor_state },
        lines: basket,
        schemes,
    };
    let figures = pricing::figures(&input, &facts, |id| {
        Ok(conn
            .prepare_cached("SELECT name FROM products WHERE product_id = :p")?
            .query_row(named_params! { ":p": id }, |r| r.get(0))
            .optional()?
            .unwrap_or_default())
    })?;
    Ok(Priced { customer, owner, distributor, seller, booking_date: today.to_string(), scheme_version, figures })
}

/// `POST /users/order/quote`: `order` priced as its booking would be on `today`, written nowhere.
pub fn quote(conn: &Connection, who: Booker, order: &CheckedOrder, today: &str) -> AppResult<OrderQuote> {
    let priced = price_now(conn, who, order, today)?;
    let Figures { lines, free, totals, near_miss } = priced.figures;
    let price_changed = order.price_changed(totals.total, &lines);
    Ok(OrderQuote {
        buyer_id: order.buyer_id.clone(),
        distributor_id: priced.distributor,
        distributor_name: priced.seller,
        booking_date: priced.booking_date,
        total: totals.total,
        lines,
        free,
        totals,
        scheme_version: priced.scheme_version,
        near_miss,
        price_changed,
    })
}

/// What the customer's open orders add up to: those still Submitted (not yet mailed; once Sent,
/// billing owns them and they come back as invoices), held ones included, rejected and cancelled
/// ones not (`credit`).
fn open_orders(tx: &Connection, customer: CustomerId) -> rusqlite::Result<Money> {
    tx.prepare_cached(
        "SELECT COALESCE(SUM(total_paise), 0) FROM orders
         WHERE customer_id = :c AND status = 'Submitted' AND COALESCE(credit_hold, '') <> 'rejected'",
    )?
    .query_row(named_params! { ":c": customer }, |r| r.get(0))
}

/// The credit judgement of a new order of `total` for `customer` (`credit`), in the booking's
/// transaction: why it is held, or `None` when the customer has no limit or stays within it.
fn judge_credit(tx: &Connection, customer: CustomerId, total: Money) -> AppResult<Option<Held>> {
    let Some(limit) = credit_limit(tx, customer)? else {
        return Ok(None);
    };
    let owed = owed(tx, customer)?;
    let open = open_orders(tx, customer)?;
    let after = Money::checked_sum([owed, open, total]).ok_or_else(|| AppError::bad_request(ORDER_AMOUNT_TOO_LARGE))?;
    if after <= limit {
        return Ok(None);
    }
    Ok(Some(Held::OverLimit { outstanding: owed, open, order: total, limit }))
}

/// Books `order`, as `price` read it (`None`: a repeat), in the open transaction `tx` (the
/// group-commit writer's), dated by its visit's day or else `today`: the order, its lines (in
/// `order_lines`, where every figure counts them) and the visit with it. A repeat of a `clientId`
/// answers the first booking with `duplicate: true` and writes nothing.
pub fn book(tx: &Connection, who: Booker, order: CheckedOrder, priced: Option<Priced>, now: i64, today: &str) -> AppResult<OrderBooked> {
    let me = who.uid;
    let repeat = |tx: &Connection, order_id: OrderId| -> AppResult<OrderBooked> {
        let mut first = booked(tx, order_id)?;
        first.duplicate = true;
        first.price_changed = order.price_changed(first.total, &first.lines);
        Ok(first)
    };
    // A repeat answers even if the customer has left the caller since: it was booked.
    if let Some(first) = order.client_id.as_deref().map(|id| booked_before(tx, me, id)).transpose()?.flatten() {
        return repeat(tx, first);
    }
    // `None`: `price` found this repeat, and orders are never deleted.
    let Priced { customer, owner, distributor, seller, scheme_version, figures, .. } =
        priced.ok_or_else(|| AppError::Internal(anyhow::anyhow!("a repeated booking is no longer there")))?;
    let Figures { lines, free, totals, near_miss } = figures;
    // What the retailer pays, tax included: what the credit limit weighs (decision 36).
    let total = totals.total;
    // The visit first: an order taken at a visit is of the visit's day as saved (the phone's
    // `visitedAt`, judged when the visit was first saved): one queued offline on Monday and sent on
    // Tuesday is Monday's, as its visit is, so the day's figures count the visit as productive.
    // Without a visit it is of the day it arrives.
    let visit = order.visit.clone().map(|v| record_visit(tx, who.scope, me, who.radius_m, v)).transpose()?;
    let day = match &visit {
        Some(saved) => visit_day(tx, saved.visit_id, customer)?,
        None => today.to_string(),
    };
    // Over the customer's credit limit, the order waits for a manager (`credit`): judged here, in
    // the writer's transaction, so the next booking of the customer already counts this one.
    let held = judge_credit(tx, customer, total)?;
    let hold = held.as_ref().map(|_| "awaiting");
    let (held_reason, [held_outstanding, held_open, held_order, held_limit]) = match &held {
        Some(h) => {
            let (code, amounts) = h.stored();
            (Some(code.to_string()), amounts)
        }
        None => (None, [None; 4]),
    };
    // The unique index (booked_by, client_id) is what keeps a clientId to one order.
    let inserted = tx
        .prepare_cached(
            "INSERT INTO orders (customer_id, agent_id, booked_by, distributor_id, client_id, remark, order_date, total_paise, created_at,
                                 line_count, credit_hold, held_reason, gross_paise, discount_paise, taxable_paise, cgst_paise,
                                 sgst_paise, igst_paise, scheme_version, held_outstanding_paise, held_open_paise, held_order_paise,
                                 held_limit_paise)
             VALUES (:c, :agent, :me, :d, :client, :remark, :date, :total, :now, :lines, :hold, :reason, :gross, :discount,
                     :taxable, :cgst, :sgst, :igst, :set, :h_outstanding, :h_open, :h_order, :h_limit)
             ON CONFLICT (booked_by, client_id) WHERE client_id IS NOT NULL DO NOTHING",
        )?
        .execute(named_params! {
            ":c": customer, ":agent": owner, ":me": me, ":d": distributor, ":client": order.client_id,
            ":remark": order.remark, ":date": day, ":total": total, ":now": now, ":lines": lines.len(),
            ":hold": hold, ":reason": held_reason, ":gross": totals.gross, ":discount": totals.discount,
            ":taxable": totals.taxable, ":cgst": totals.cgst, ":sgst": totals.sgst, ":igst": totals.igst, ":set": scheme_version,
            ":h_outstanding": held_outstanding, ":h_open": held_open, ":h_order": held_order, ":h_limit": held_limit,
        })?;
    if inserted == 0 {
        if let Some(first) = order.client_id.as_deref().map(|id| booked_before(tx, me, id)).transpose()?.flatten() {
            return repeat(tx, first);
        }
    }
    let order_id = OrderId(tx.last_insert_rowid());
    let number = order_number(order_id);
    if let Some(saved) = &visit {
        let linked = tx
            .prepare_cached(
                "UPDATE orders SET visit_id = :v WHERE order_id = :o AND NOT EXISTS (SELECT 1 FROM orders WHERE visit_id = :v)",
            )?
            .execute(named_params! { ":v": saved.visit_id, ":o": order_id })?;
        if linked == 0 {
            return Err(AppError::conflict(ORDER_VISIT_TAKEN));
        }
    }
    insert_lines(tx, &number, &day, customer, &seller, &lines)?;
    // Free pieces and what each scheme gave each line: only when schemes gave something.
    let free_rows: Vec<[&dyn ToSql; 5]> =
        free.iter().map(|f| [&f.product_id as &dyn ToSql, &f.product_name, &f.quantity, &f.scheme_id, &f.version]).collect();
    FREE_LINES.insert(tx, &[&order_id], &free_rows)?;
    let given: Vec<[&dyn ToSql; 4]> = lines
        .iter()
        .flat_map(|l| l.schemes.iter().map(move |s| [&l.product_id as &dyn ToSql, &s.scheme_id, &s.version, &s.amount]))
        .collect();
    LINE_SCHEMES.insert(tx, &[&order_id], &given)?;
    let mut answer = OrderBooked {
        message: ORDER_BOOKED.text.into(),
        code: ORDER_BOOKED.code.into(),
        order_id,
        order_number: number,
        duplicate: false,
        status: if held.is_some() { OrderStatus::AwaitingApproval } else { OrderStatus::Submitted },
        distributor_id: distributor,
        distributor_name: seller,
        total,
        lines,
        free,
        totals,
        scheme_version,
        near_miss,
        price_changed: false,
        visit,
        hold: HeldReason::of(held),
    };
    answer.price_changed = order.price_changed(answer.total, &answer.lines);
    Ok(answer)
}

/// A booking's lines, each with its figures, which every report reads (decision 36).
static LINES: ManyRows = ManyRows::new(
    "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_id, product_name, sku, qty_shipped,
                              unit_price_paise, source, gross_paise, discount_paise, taxable_paise, gst_rate_bp, cgst_paise,
                              sgst_paise, igst_paise, line_total_paise) VALUES",
    "(?1, ?2, ?3, ?4, #, #, #, #, #, 'app', #, #, #, #, #, #, #, #)",
    4,
);

/// The pieces a booking's schemes give free.
static FREE_LINES: ManyRows = ManyRows::new(
    "INSERT INTO order_free_lines (order_id, product_id, product_name, quantity, scheme_id, version) VALUES",
    "(?1, #, #, #, #, #)",
    1,
);

/// What each scheme took off each line of a booking.
static LINE_SCHEMES: ManyRows =
    ManyRows::new("INSERT INTO order_line_schemes (order_id, product_id, scheme_id, version, amount_paise) VALUES", "(?1, #, #, #, #)", 1);

/// Inserts the booked `lines` of order `number` (in their order) in `order_lines`, where every
/// figure counts them. (The order row applied the customer's summary, once for all its lines:
/// customer_stats_booking_insert.)
pub fn insert_lines(
    tx: &Connection,
    number: &str,
    day: &str,
    customer: CustomerId,
    seller: &str,
    lines: &[OrderLine],
) -> rusqlite::Result<()> {
    let rows: Vec<[&dyn ToSql; 13]> = lines
        .iter()
        .map(|l| {
            [
                &l.product_id as &dyn ToSql,
                &l.product_name,
                &l.sku,
                &l.quantity,
                &l.unit_price,
                &l.gross,
                &l.discount,
                &l.taxable,
                &l.gst_rate_bp,
                &l.cgst,
                &l.sgst,
                &l.igst,
                &l.line_total,
            ]
        })
        .collect();
    LINES.insert(tx, &[&number, &day, &customer, &seller], &rows)
}

/// The day of the visit `visit_id` as saved, which the order of `customer` taken at it is dated by.
/// A visit saved before under the clientId sent (a repeat) must be of that customer.
fn visit_day(tx: &Connection, visit_id: i64, customer: CustomerId) -> AppResult<String> {
    let (of, at): (CustomerId, i64) = tx
        .prepare_cached("SELECT customer_id, visited_at FROM visits WHERE visit_id = :v")?
        .query_row(named_params! { ":v": visit_id }, |r| Ok((r.get(0)?, r.get(1)?)))?;
    if of != customer {
        return Err(AppError::conflict(ORDER_VISIT_OTHER_CUSTOMER));
    }
    Ok(crate::clock::date_and_time(at).0)
}

/// The columns of a stored line's figures, in `order_lines` and `cancelled_lines` alike.
const FIGURES: &str = "gross_paise, discount_paise, taxable_paise, gst_rate_bp, cgst_paise, sgst_paise, igst_paise, line_total_paise";

/// The lines of an order with their stored figures and what each scheme took off them, in the
/// order they were booked: in `order_lines`, or in `cancelled_lines` once it is cancelled.
fn lines_of(conn: &Connection, order_id: OrderId) -> rusqlite::Result<Vec<OrderLine>> {
    let params = named_params! { ":o": order_id, ":number": order_number(order_id) };
    let mut given: HashMap<i64, Vec<LineScheme>> = HashMap::new();
    let mut stmt = conn.prepare_cached(
        "SELECT g.product_id, g.scheme_id, g.version, COALESCE(s.name, ''), g.amount_paise
         FROM order_line_schemes g LEFT JOIN schemes s ON s.scheme_id = g.scheme_id AND s.version = g.version
         WHERE g.order_id = :o ORDER BY g.product_id, g.scheme_id",
    )?;
    let rows = stmt.query_map(named_params! { ":o": order_id }, |r| {
        Ok((r.get::<_, i64>(0)?, LineScheme { scheme_id: r.get(1)?, version: r.get(2)?, name: r.get(3)?, amount: r.get(4)? }))
    })?;
    for row in rows {
        let (product, scheme) = row?;
        given.entry(product).or_default().push(scheme);
    }
    let sql = format!(
        "SELECT product_id, product_name, sku, quantity, unit_price_paise, {FIGURES} FROM (
             SELECT line_id, product_id, product_name, sku, CAST(qty_shipped AS INTEGER) AS quantity, unit_price_paise, {FIGURES}
             FROM order_lines WHERE order_id = :number AND source = 'app'
             UNION ALL
             SELECT line_id, product_id, product_name, sku, quantity, unit_price_paise, {FIGURES} FROM cancelled_lines WHERE order_id = :o)
         ORDER BY line_id"
    );
    let lines = conn
        .prepare_cached(&sql)?
        .query_map(params, |r| {
            let product_id: i64 = r.get(0)?;
            Ok(OrderLine {
                product_id,
                product_name: r.get(1)?,
                sku: r.get(2)?,
                quantity: r.get(3)?,
                unit_price: r.get(4)?,
                gross: r.get(5)?,
                discount: r.get(6)?,
                taxable: r.get(7)?,
                gst_rate_bp: r.get(8)?,
                cgst: r.get(9)?,
                sgst: r.get(10)?,
                igst: r.get(11)?,
                line_total: r.get(12)?,
                schemes: given.remove(&product_id).unwrap_or_default(),
            })
        })?
        .collect();
    lines
}

/// An order's free pieces, as stored.
fn free_of(conn: &Connection, order_id: OrderId) -> rusqlite::Result<Vec<FreeItem>> {
    let mut free = conn
        .prepare_cached("SELECT product_id, product_name, quantity, scheme_id, version FROM order_free_lines WHERE order_id = :o")?
        .query_map(named_params! { ":o": order_id }, FreeItem::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    pricing::sort_free(&mut free);
    Ok(free)
}

/// An order's stored totals and the scheme set it was priced with.
fn totals_of(conn: &Connection, order_id: OrderId) -> rusqlite::Result<(OrderTotals, i64)> {
    conn.prepare_cached(
        "SELECT gross_paise, discount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, scheme_version
         FROM orders WHERE order_id = :o",
    )?
    .query_row(named_params! { ":o": order_id }, |r| Ok((OrderTotals::from_row(r)?, r.get(7)?)))
}

/// The answer of a booking, rebuilt from what was stored (a repeat of its `clientId`).
fn booked(tx: &Connection, order_id: OrderId) -> AppResult<OrderBooked> {
    let (status, distributor_id, distributor_name, total, visit, held) = tx
        .prepare_cached(concat!(
            "SELECT ",
            shown_status!(),
            ", o.distributor_id, d.name, o.total_paise, v.visit_id, v.location_status, v.distance_m, o.held_reason,
                o.held_outstanding_paise, o.held_open_paise, o.held_order_paise, o.held_limit_paise
             FROM orders o JOIN distributors d ON d.distributor_id = o.distributor_id
             LEFT JOIN visits v ON v.visit_id = o.visit_id WHERE o.order_id = :o"
        ))?
        .query_row(named_params! { ":o": order_id }, |r| {
            let visit = match (r.get::<_, Option<i64>>(4)?, r.get::<_, Option<LocationStatus>>(5)?) {
                (Some(visit_id), Some(location_status)) => Some(VisitSaved {
                    message: "Visit saved successfully.".into(),
                    visit_id,
                    duplicate: true,
                    location_status,
                    distance_m: r.get(6)?,
                }),
                _ => None,
            };
            let held = Held::of(r.get(7)?, [r.get(8)?, r.get(9)?, r.get(10)?, r.get(11)?]);
            Ok((r.get::<_, OrderStatus>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, visit, held))
        })?;
    let (totals, scheme_version) = totals_of(tx, order_id)?;
    Ok(OrderBooked {
        message: ORDER_BOOKED.text.into(),
        code: ORDER_BOOKED.code.into(),
        order_id,
        order_number: order_number(order_id),
        duplicate: false,
        status,
        distributor_id,
        distributor_name,
        total,
        lines: lines_of(tx, order_id)?,
        free: free_of(tx, order_id)?,
        totals,
        scheme_version,
        near_miss: Vec::new(),
        price_changed: false,
        visit,
        hold: HeldReason::of(held),
    })
}

fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}

/// The columns of an [`OrderRow`], first in every order query (read by [`head`]); `:admin`
/// tells whether to explain a Submitted order that has not gone out (`:no_email`, bound to
/// [`ORDER_DISTRIBUTOR_NO_EMAIL`]).
pub const HEAD_COLUMNS: &str = concat!(
    "o.order_id, ",
    shown_status!(),
    ", o.order_date, o.created_at, c.buyer_id, c.name, o.distributor_id, d.name,
    o.booked_by, b.name, o.total_paise, o.visit_id,
    CASE WHEN :admin AND o.status = 'Submitted' AND COALESCE(TRIM(d.email), '') = '' THEN :no_email END,
    o.line_count, o.credit_hold, o.held_reason, k.name, o.credit_decided_at, o.credit_decision_reason,
    o.held_outstanding_paise, o.held_open_paise, o.held_order_paise, o.held_limit_paise"
);
/// What [`HEAD_COLUMNS`] read from.
pub const HEAD_TABLES: &str = "orders o JOIN customers c ON c.customer_id = o.customer_id
    JOIN distributors d ON d.distributor_id = o.distributor_id JOIN users b ON b.uid = o.booked_by
    LEFT JOIN users k ON k.uid = o.credit_decided_by";
/// How many columns [`HEAD_COLUMNS`] has; a query's own columns follow.
pub const HEAD_WIDTH: usize = 23;

pub fn head(r: &rusqlite::Row) -> rusqlite::Result<OrderRow> {
    let held = Held::of(r.get(15)?, [r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?]);
    let waiting_reason: Option<String> = r.get(12)?;
    // The one reason the column gives (see HEAD_COLUMNS).
    let waiting_reason_code = waiting_reason.as_ref().map(|_| ORDER_DISTRIBUTOR_NO_EMAIL.code.to_string());
    Ok(OrderRow {
        order_id: r.get(0)?,
        order_number: order_number(OrderId(r.get(0)?)),
        status: r.get(1)?,
        order_date: r.get(2)?,
        created_at: iso(r.get(3)?),
        buyer_id: r.get(4)?,
        buyer_name: r.get(5)?,
        distributor_id: r.get(6)?,
        distributor_name: r.get(7)?,
        booked_by: r.get(8)?,
        booked_by_name: r.get(9)?,
        total: r.get(10)?,
        visit_id: r.get(11)?,
        waiting_reason,
        waiting_reason_code,
        line_count: r.get(13)?,
        credit_hold: r.get(14)?,
        hold: HeldReason::of(held),
        credit_decided_by_name: r.get(16)?,
        credit_decided_at: r.get::<_, Option<i64>>(17)?.map(iso),
        credit_decision_reason: r.get(18)?,
    })
}

/// One order with its lines, if the caller (`scope`; `admin` sees waiting reasons) may see it.
pub fn detail(conn: &Connection, scope: Scope, admin: bool, order_id: OrderId) -> AppResult<OrderDetail> {
    let in_scope = scope.condition("c.agent_id");
    let sql = format!(
        "SELECT {HEAD_COLUMNS},
                NULLIF(TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.address2, '') || ' ' || COALESCE(c.city, '')
                            || ' ' || COALESCE(c.postal_code, '')), ''),
                o.remark, o.sent_at, o.cancelled_at
         FROM {HEAD_TABLES}
         WHERE o.order_id = :o AND {in_scope}"
    );
    let mut order = conn
        .prepare_cached(&sql)?
        .query_row(&*scope.with(named_params! { ":o": order_id, ":admin": admin, ":no_email": ORDER_DISTRIBUTOR_NO_EMAIL.text }), |r| {
            Ok(OrderDetail {
                head: head(r)?,
                address: r.get(HEAD_WIDTH)?,
                remark: r.get(HEAD_WIDTH + 1)?,
                sent_at: r.get::<_, Option<i64>>(HEAD_WIDTH + 2)?.map(iso),
                cancelled_at: r.get::<_, Option<i64>>(HEAD_WIDTH + 3)?.map(iso),
                lines: Vec::new(),
                free: Vec::new(),
                totals: OrderTotals::default(),
                scheme_version: 0,
                near_miss: Vec::new(),
            })
        })
        .optional()?
        .ok_or_else(|| AppError::not_found(ORDER_NOT_FOUND))?;
    order.lines = lines_of(conn, order_id)?;
    order.free = free_of(conn, order_id)?;
    (order.totals, order.scheme_version) = totals_of(conn, order_id)?;
    Ok(order)
}

/// What a list of orders is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub buyer_id: Option<String>,
    /// Order dates, inclusive, YYYY-MM-DD.
    pub from: Option<String>,
    pub to: Option<String>,
    pub page: i64,
}

/// One page (newest first) of the orders of the caller's customers (`scope`, the one rule); a
/// `buyer_id` must be a customer the caller sees (else 404).
pub fn page(conn: &Connection, scope: Scope, admin: bool, f: &ListFilter) -> AppResult<OrderPage> {
    let customer = f.buyer_id.as_deref().map(|b| visible_customer(conn, scope, b).map(|(c, _)| c)).transpose()?;
    // One statement per case: a customer's orders by its index, or the orders of the customers in
    // the caller's scope.
    let condition = if customer.is_some() { "o.customer_id = :customer".to_string() } else { scope.condition("c.agent_id") };
    let condition = format!("{condition} AND (:from IS NULL OR o.order_date >= :from) AND (:to IS NULL OR o.order_date <= :to)");
    let offset = (f.page.max(1) - 1) * PAGE_SIZE;
    let params: Vec<(&'static str, &dyn rusqlite::ToSql)> = vec![
        (":customer", &customer),
        scope.param(),
        (":no_email", &ORDER_DISTRIBUTOR_NO_EMAIL.text),
        (":from", &f.from),
        (":to", &f.to),
        (":admin", &admin),
        (":limit", &PAGE_SIZE),
        (":offset", &offset),
    ];
    let count_sql = format!("SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE {condition}");
    let mut count = conn.prepare_cached(&count_sql)?;
    let used = crate::platform::db::only_used(&count, params.clone())?;
    let total_records: i64 = count.query_row(&used[..], |r| r.get(0))?;
    let sql = format!(
        "SELECT {HEAD_COLUMNS}
         FROM {HEAD_TABLES}
         WHERE {condition} ORDER BY o.order_id DESC LIMIT :limit OFFSET :offset"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let used = crate::platform::db::only_used(&stmt, params)?;
    let data = stmt.query_map(&used[..], head)?.collect::<Result<_, _>>()?;
    Ok(OrderPage { data, total_records })
}

/// Moves an order's lines, with their figures, from `order_lines` (where every figure counts
/// them) to `cancelled_lines`: a cancel, a manager's rejection.
pub fn move_to_cancelled(tx: &Connection, order_id: OrderId) -> rusqlite::Result<()> {
    let number = order_number(order_id);
    tx.prepare_cached(&format!(
        "INSERT INTO cancelled_lines (order_id, product_id, product_name, sku, quantity, unit_price_paise, {FIGURES})
         SELECT :o, product_id, product_name, sku, CAST(qty_shipped AS INTEGER), unit_price_paise, {FIGURES}
         FROM order_lines WHERE order_id = :number AND source = 'app' ORDER BY line_id"
    ))?
    .execute(named_params! { ":o": order_id, ":number": number })?;
    tx.prepare_cached("DELETE FROM order_lines WHERE order_id = :number AND source = 'app'")?
        .execute(named_params! { ":number": number })?;
    Ok(())
}

/// Cancels an order in the open transaction `tx`: only the user who booked it or an
/// administrator, only while it is Submitted and not being mailed. Its lines move from
/// `order_lines` to `cancelled_lines` (the summary's delete trigger recomputes the customer's
/// figures).
pub fn cancel(tx: &Connection, who: Booker, admin: bool, order_id: OrderId, now: i64) -> AppResult<OrderCancelled> {
    let sql = format!(
        "SELECT o.booked_by, {}, o.mailing_at FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.order_id = :o AND {}",
        shown_status!(),
        who.scope.condition("c.agent_id")
    );
    let (booked_by, status, mailing_at): (UserId, OrderStatus, Option<i64>) = tx
        .prepare_cached(&sql)?
        .query_row(&*who.scope.with(named_params! { ":o": order_id }), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?
        .ok_or_else(|| AppError::not_found(ORDER_NOT_FOUND))?;
    if booked_by != who.uid && !admin {
        return Err(AppError::forbidden(ORDER_CANCEL_NOT_YOURS));
    }
    match status {
        OrderStatus::Sent => return Err(AppError::conflict(ORDER_ALREADY_SENT)),
        OrderStatus::Cancelled => return Err(AppError::conflict(ORDER_ALREADY_CANCELLED)),
        OrderStatus::Rejected => return Err(AppError::conflict(ORDER_ALREADY_REJECTED)),
        OrderStatus::Submitted | OrderStatus::AwaitingApproval => {}
    }
    if mailing_at.is_some_and(|at| at > now - MAILING_HOLD_S) {
        return Err(AppError::conflict(ORDER_BEING_SENT));
    }
    move_to_cancelled(tx, order_id)?;
    tx.prepare_cached(
        "UPDATE orders SET status = 'Cancelled', cancelled_at = :now, cancelled_by = :me, mailing_at = NULL WHERE order_id = :o",
    )?
    .execute(named_params! { ":now": now, ":me": who.uid, ":o": order_id })?;
    Ok(OrderCancelled { message: ORDER_CANCELLED.text.into(), code: ORDER_CANCELLED.code.into(), order_id, status: OrderStatus::Cancelled })
}

/// A row of the Order Lines upload (`uploads::kinds::ORDER` names the parameters): inserts the
/// line or replaces an uploaded line of the same order and product; 0 when the line there was
/// booked in the app (neither inserted nor updated: the statement's own changes, triggers' are not
/// counted).
pub fn upsert_uploaded_line(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO order_lines (order_id, order_date, customer_id, seller_name, product_name, sku, qty_shipped,
                                  unit_price_paise, ds_name, fao_name, gross_paise, taxable_paise, line_total_paise)
         VALUES (:o, :d, :c, :s, :p, :sku, :q, :u, :ds, :fao, CAST(ROUND(:q * :u) AS INTEGER), CAST(ROUND(:q * :u) AS INTEGER),
                 CAST(ROUND(:q * :u) AS INTEGER))
         ON CONFLICT (order_id, product_name) DO UPDATE SET order_date = excluded.order_date,
             customer_id = excluded.customer_id, seller_name = excluded.seller_name, sku = excluded.sku,
             qty_shipped = excluded.qty_shipped, unit_price_paise = excluded.unit_price_paise, ds_name = excluded.ds_name,
             fao_name = excluded.fao_name, gross_paise = excluded.gross_paise, taxable_paise = excluded.taxable_paise,
             line_total_paise = excluded.line_total_paise
         WHERE order_lines.source = 'upload'",
    )?
    .execute(params)?;
    Ok(conn.changes() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::types::LineRequest;
    use crate::platform::lenient;

    fn line(product: i64, quantity: f64) -> LineRequest {
        LineRequest {
            product_id: lenient::Int(Some(product)),
            quantity: lenient::Number(Some(quantity)),
            unit_price: lenient::Number(None),
        }
    }

    fn order(lines: Vec<LineRequest>) -> BookOrder {
        BookOrder { buyer_id: lenient::Text(Some("B1".into())), lines, ..BookOrder::default() }
    }

    #[test]
    fn bookings_are_checked_before_the_database() {
        let message = |req: BookOrder| CheckedOrder::check(req, 0).unwrap_err().to_string();
        assert_eq!(message(order(vec![])), "Add at least one product to the order.");
        assert_eq!(message(order(vec![line(1, 0.0)])), "Line 1: the quantity must be a whole number from 1 to 100,000.");
        assert_eq!(message(order(vec![line(1, 100_001.0)])), "Line 1: the quantity must be a whole number from 1 to 100,000.");
        assert_eq!(message(order(vec![line(1, 1.5)])), "Line 1: the quantity must be a whole number from 1 to 100,000.");
        assert_eq!(
            message(order(vec![line(1, 2.0), line(1, 3.0)])),
            "Line 2: this product is already on line 1; change the quantity there instead."
        );
        assert_eq!(message(order((1..=201).map(|p| line(p, 1.0)).collect())), "An order may have at most 200 lines.");
        assert_eq!(message(BookOrder { lines: vec![line(1, 1.0)], ..BookOrder::default() }), "Buyer ID is required");
        assert!(CheckedOrder::check(order((1..=200).map(|p| line(p, 100_000.0)).collect()), 0).is_ok());
        assert_eq!(order_number(OrderId(123)), "APP000123");
        assert_eq!(order_number(OrderId(1_234_567)), "APP1234567");
    }
}
