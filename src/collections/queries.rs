//! SQL of collections: a customer's open invoices and ageing, recording a payment (inside the
//! group-commit writer's transaction: payment, allocations and invoices' paid amounts together),
//! the receipt, the list, deposit and reversal, and the invoice upload's row. Every read and change
//! starts from the caller's scope: a payment is visible when its agent is.

use rusqlite::{named_params, Connection, OptionalExtension};
use serde_json::json;

use super::alloc::{self, Open};
use super::messages::*;
use super::types::*;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::money::{Least, Money};
use crate::platform::scope::Scope;
use crate::platform::validate::{limits, required};

/// The customer `buyer_id` if the caller (`scope`) may see it; else a 404 ([`Scope::customer`]).
fn visible_customer(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<CustomerId> {
    Ok(scope.customer(conn, buyer_id)?.0)
}

/// A phone's id of a payment: 1-64 of `A-Za-z0-9_-` (as visits' and orders').
fn client_id_ok(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Payments a page of the list shows.
pub const PAGE_SIZE: i64 = 30;
/// Invoices one payment may name.
pub const MAX_PICKED: usize = 200;
/// How far ahead of the server's clock a phone's collectedAt may be (as a visit's visitedAt).
const AHEAD_LIMIT_S: i64 = 5 * 60;
/// How old a new payment's collectedAt may be (as a visit's visitedAt).
const AGE_LIMIT_S: i64 = 7 * 24 * 3600;

fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}

/// The open invoices of `customer` (balance above zero), oldest first (invoice date, then number),
/// as of `today`.
pub fn open_invoices(conn: &Connection, customer: CustomerId, today: chrono::NaiveDate) -> rusqlite::Result<Vec<OpenInvoice>> {
    let mut stmt = conn.prepare_cached(
        "SELECT invoice_no, invoice_date, due_date, amount_paise, paid_paise FROM invoices
         WHERE customer_id = :c AND paid_paise < amount_paise ORDER BY invoice_date, invoice_no",
    )?;
    let rows = stmt.query_map(named_params! { ":c": customer }, |r| {
        let (amount, paid): (Money, Money) = (r.get(3)?, r.get(4)?);
        let due_date: String = r.get(2)?;
        Ok(OpenInvoice {
            invoice_no: r.get(0)?,
            invoice_date: r.get(1)?,
            days_overdue: alloc::days_overdue(&due_date, today),
            due_date,
            amount,
            paid,
            balance: Money::from_paise(amount.paise() - paid.paise()),
        })
    })?;
    rows.collect()
}

/// What `customer` (`buyer_id`) owes: their open invoices, the total and the ageing.
pub fn outstanding_of(conn: &Connection, customer: CustomerId, buyer_id: &str, today: chrono::NaiveDate) -> rusqlite::Result<Outstanding> {
    let invoices = open_invoices(conn, customer, today)?;
    let mut buckets = [0i64; 4];
    for invoice in &invoices {
        buckets[alloc::bucket(invoice.days_overdue)] += invoice.balance.paise();
    }
    let [b0, b1, b2, b3] = buckets.map(Money::from_paise);
    Ok(Outstanding {
        buyer_id: buyer_id.to_string(),
        total: invoices.iter().map(|i| i.balance).sum(),
        credit_limit: credit_limit(conn, customer)?,
        ageing: Ageing { days0to30: b0, days31to60: b1, days61to90: b2, days90plus: b3 },
        invoices,
        credits: credits(conn, customer)?,
    })
}

/// The approved returns of `customer` (src/returns), newest first: credits on their account.
pub fn credits(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Vec<Credit>> {
    let mut stmt = conn.prepare_cached(
        "SELECT return_id, decided_at, value_paise, unallocated_paise FROM returns
         WHERE customer_id = :c AND status = 'Approved' ORDER BY decided_at DESC, return_id DESC LIMIT 50",
    )?;
    let rows = stmt.query_map(named_params! { ":c": customer }, |r| {
        let (amount, unallocated): (i64, i64) = (r.get(2)?, r.get(3)?);
        Ok(Credit {
            return_id: r.get(0)?,
            approved_at: iso(r.get::<_, Option<i64>>(1)?.unwrap_or_default()),
            amount: Money::from_paise(amount),
            allocated: Money::from_paise(amount - unallocated),
            unallocated: Money::from_paise(unallocated),
        })
    })?;
    rows.collect()
}

/// `GET /users/customer/outstanding/{buyerId}`: a customer of the caller's scope (else 404).
pub fn outstanding(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<Outstanding> {
    let customer = visible_customer(conn, scope, buyer_id)?;
    let buyer: String =
        conn.query_row("SELECT buyer_id FROM customers WHERE customer_id = :c", named_params! { ":c": customer }, |r| r.get(0))?;
    Ok(outstanding_of(conn, customer, &buyer, crate::clock::today())?)
}

/// A payment mode.
pub fn mode(text: &str) -> Option<&'static str> {
    ["cash", "cheque", "upi", "bank"].into_iter().find(|m| m.eq_ignore_ascii_case(text.trim()))
}

/// An amount as sent (a JSON number or numeric text), by the one rule (`money::checked`): more
/// than zero, at most two places, at most the company's `max`.
fn amount(value: &Option<serde_json::Value>, max: Money) -> AppResult<Money> {
    match crate::platform::money::from_json(value.as_ref(), Least::Paisa, max) {
        Ok(Some(amount)) => Ok(amount),
        Ok(None) => Err(AppError::bad_request(PAYMENT_AMOUNT_REQUIRED.on("amount"))),
        Err(refusal) => Err(AppError::bad_request(refusal.problem("The amount", PAYMENT_AMOUNT_NOT_VALID).on("amount"))),
    }
}

/// An optional one-line text of at most 100 characters, trimmed; empty is `None`.
fn short_text(value: &Option<String>, label: &str, field: &'static str) -> AppResult<Option<String>> {
    let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty());
    match value {
        Some(v) => match limits::SHORT_TEXT.problem_as(label, v) {
            Some(problem) => Err(AppError::bad_request(problem.on(field))),
            None => Ok(Some(v.to_string())),
        },
        None => Ok(None),
    }
}

/// A payment whose fields passed every check that needs no database.
#[derive(Debug, Clone)]
pub struct CheckedPayment {
    pub client_id: String,
    pub buyer_id: String,
    pub amount: Money,
    pub mode: &'static str,
    pub reference: Option<String>,
    pub cheque_no: Option<String>,
    pub bank: Option<String>,
    pub collected_at: i64,
    /// Invoice numbers to pay first, in order.
    pub picked: Vec<String>,
}

impl CheckedPayment {
    /// Checks a payment (`max_amount`: the company's); a 400 names the first problem. The time window is checked only for a
    /// payment that is not a repeat (see `record`).
    pub fn check(req: RecordPayment, max_amount: Money) -> AppResult<Self> {
        let client_id = match req.client_id.as_deref().map(str::trim) {
            None | Some("") => return Err(AppError::bad_request(PAYMENT_CLIENT_ID_REQUIRED.on("clientId"))),
            Some(id) if client_id_ok(id) => id.to_string(),
            Some(_) => return Err(AppError::bad_request(PAYMENT_CLIENT_ID_NOT_VALID.on("clientId"))),
        };
        let buyer_id = required(&req.buyer_id, PAYMENT_BUYER_REQUIRED.on("buyerId"))?;
        let amount = amount(&req.amount, max_amount)?;
        let mode = req.mode.as_deref().and_then(mode).ok_or_else(|| AppError::bad_request(PAYMENT_MODE_NOT_VALID.on("mode")))?;
        let reference = short_text(&req.reference, "Reference", "reference")?;
        let cheque_no = short_text(&req.cheque_no, "Cheque No", "chequeNo")?;
        let bank = short_text(&req.bank, "Bank", "bank")?;
        match mode {
            "cheque" if cheque_no.is_none() => return Err(AppError::bad_request(PAYMENT_CHEQUE_NO_REQUIRED.on("chequeNo"))),
            "cheque" if bank.is_none() => return Err(AppError::bad_request(PAYMENT_BANK_REQUIRED.on("bank"))),
            "upi" | "bank" if reference.is_none() => return Err(AppError::bad_request(PAYMENT_REFERENCE_REQUIRED.on("reference"))),
            _ => {}
        }
        let collected_at = match req.collected_at.as_deref().map(str::trim) {
            None | Some("") => return Err(AppError::bad_request(PAYMENT_TIME_REQUIRED.on("collectedAt"))),
            Some(text) => chrono::DateTime::parse_from_rfc3339(text)
                .map(|at| at.timestamp())
                .map_err(|_| AppError::bad_request(PAYMENT_TIME_NOT_VALID.on("collectedAt")))?,
        };
        let picked: Vec<String> = req.invoices.unwrap_or_default().iter().map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect();
        if picked.len() > MAX_PICKED {
            return Err(AppError::bad_request(PAYMENT_TOO_MANY_INVOICES.with([("max", json!(MAX_PICKED))]).on("invoices")));
        }
        for (i, no) in picked.iter().enumerate() {
            if picked[..i].iter().any(|p| p.eq_ignore_ascii_case(no)) {
                return Err(AppError::bad_request(PAYMENT_INVOICE_REPEATED.with([("invoiceNo", json!(no))]).on("invoices")));
            }
        }
        Ok(CheckedPayment { client_id, buyer_id, amount, mode, reference, cheque_no, bank, collected_at, picked })
    }
}

/// The allocations of a payment, by invoice date and number (the first answer and every repeat
/// list them alike).
fn allocations(conn: &Connection, payment_id: i64) -> rusqlite::Result<Vec<Allocation>> {
    let mut stmt = conn.prepare_cached(
        "SELECT i.invoice_no, a.amount_paise FROM payment_allocations a JOIN invoices i ON i.invoice_id = a.invoice_id
         WHERE a.payment_id = :p ORDER BY i.invoice_date, i.invoice_no",
    )?;
    let rows = stmt.query_map(named_params! { ":p": payment_id }, |r| Ok(Allocation { invoice_no: r.get(0)?, amount: r.get(1)? }))?;
    rows.collect()
}

/// The company's rules a new payment is judged by (`Config`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// Cash from one customer in one day (the server's calendar day of `collectedAt`) must stay
    /// below this; `None`: no limit.
    pub cash_limit_per_day: Option<Money>,
    /// A payment that leaves more than `max(what was owed, this)` unallocated waits for a
    /// manager's approval (`far_above_owed`).
    pub approval_above: Money,
}

/// Whether a payment of `amount` against `owed` (the customer's open balances) is so far above it
/// that a manager must approve it first: what no invoice would take is more than what was owed and
/// more than `approval_above`. An over-payment of a few rupees passes; ₹50,000 against ₹6,000.50
/// owed does not (a typo, or cash parked against the wrong customer).
pub fn far_above_owed(amount: Money, owed: Money, approval_above: Money) -> bool {
    amount.paise().saturating_sub(owed.paise()) > owed.max(approval_above).paise()
}

/// Cash from `customer` on the day of `at` must stay below `limit` with `amount` added: payments
/// not reversed count, whoever collected them. Inside the writer's transaction, so two payments
/// sent at once cannot both slip under it.
fn check_cash_limit(tx: &Connection, customer: CustomerId, at: i64, amount: Money, limit: Money) -> AppResult<()> {
    let day = chrono::DateTime::from_timestamp(at, 0).map(|t| t.with_timezone(&chrono::Local).date_naive()).unwrap_or_default();
    let (from, to) = (crate::clock::start_of(day), day.succ_opt().map_or(i64::MAX, crate::clock::start_of));
    let taken: Money = tx
        .prepare_cached(
            "SELECT COALESCE(SUM(amount_paise), 0) FROM payments
             WHERE customer_id = :c AND mode = 'cash' AND status <> 'reversed' AND collected_at >= :from AND collected_at < :to",
        )?
        .query_row(named_params! { ":c": customer, ":from": from, ":to": to }, |r| r.get(0))?;
    if taken.checked_add(amount).is_none_or(|total| total >= limit) {
        let params =
            [("limit", json!(limit.to_string())), ("taken", json!(taken.to_string())), ("day", json!(day.format("%Y-%m-%d").to_string()))];
        return Err(AppError::bad_request(PAYMENT_CASH_OVER_LIMIT.with(params).on("amount")));
    }
    Ok(())
}

/// Records `payment` by `me` (seeing customers as `scope`) received at `now`, in the open
/// transaction `tx`, under the company's `rules` (cash per day): the payment, its allocations (the picked invoices first, in their order, then
/// the oldest open ones; none past its balance) and the invoices' paid amounts. A repeat of the
/// `clientId` by `me` answers the first payment (`duplicate: true`) and writes nothing; a repeat
/// that names another customer or amount is a 409.
pub fn record(tx: &Connection, me: UserId, scope: Scope, rules: Rules, payment: CheckedPayment, now: i64) -> AppResult<PaymentRecorded> {
    let before: Option<(i64, String, Money, String, Money, PaymentStatus)> = tx
        .prepare_cached(
            "SELECT p.payment_id, c.buyer_id, p.amount_paise, p.receipt_no, p.unallocated_paise, p.status
             FROM payments p JOIN customers c ON c.customer_id = p.customer_id WHERE p.entered_by = :me AND p.client_id = :client",
        )?
        .query_row(named_params! { ":me": me, ":client": payment.client_id }, |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .optional()?;
    if let Some((payment_id, buyer, amount, receipt_no, unallocated, status)) = before {
        if !buyer.eq_ignore_ascii_case(&payment.buyer_id) || amount != payment.amount {
            return Err(AppError::conflict(PAYMENT_CLIENT_ID_CLASH.on("clientId")));
        }
        return recorded(tx, payment_id, receipt_no, true, unallocated, status);
    }
    if payment.collected_at > now + AHEAD_LIMIT_S {
        return Err(AppError::bad_request(PAYMENT_TIME_AHEAD.on("collectedAt")));
    }
    if payment.collected_at < now - AGE_LIMIT_S {
        return Err(AppError::bad_request(PAYMENT_TIME_TOO_OLD.on("collectedAt")));
    }
    let customer = visible_customer(tx, scope, &payment.buyer_id)?;
    if let (Some(limit), "cash") = (rules.cash_limit_per_day, payment.mode) {
        check_cash_limit(tx, customer, payment.collected_at, payment.amount, limit)?;
    }
    // The picked invoices first (each must be the customer's; one paid meanwhile takes nothing),
    // then every other open one, oldest first.
    let mut order: Vec<Open> = Vec::new();
    {
        let mut find =
            tx.prepare_cached("SELECT invoice_id, amount_paise - paid_paise FROM invoices WHERE invoice_no = :no AND customer_id = :c")?;
        for no in &payment.picked {
            let (invoice_id, balance): (i64, i64) = find
                .query_row(named_params! { ":no": no, ":c": customer }, |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
                .ok_or_else(|| AppError::bad_request(PAYMENT_INVOICE_UNKNOWN.with([("invoiceNo", json!(no))]).on("invoices")))?;
            order.push(Open { invoice_id, balance });
        }
        let mut rest = tx.prepare_cached(
            "SELECT invoice_id, amount_paise - paid_paise FROM invoices
             WHERE customer_id = :c AND paid_paise < amount_paise ORDER BY invoice_date, invoice_no",
        )?;
        let open = rest.query_map(named_params! { ":c": customer }, |r| Ok(Open { invoice_id: r.get(0)?, balance: r.get(1)? }))?;
        for invoice in open {
            let invoice = invoice?;
            if !order.iter().any(|o| o.invoice_id == invoice.invoice_id) {
                order.push(invoice);
            }
        }
    }
    let owed = Money::from_paise(order.iter().map(|o| o.balance.max(0)).sum());
    let status = if far_above_owed(payment.amount, owed, rules.approval_above) { PaymentStatus::Pending } else { PaymentStatus::Collected };
    let receipt_no = alloc::receipt_no(me.0, &payment.client_id);
    tx.prepare_cached(
        "INSERT INTO payments (receipt_no, customer_id, agent_id, entered_by, client_id, amount_paise, unallocated_paise, mode,
                               reference, cheque_no, bank, collected_at, received_at, status)
         VALUES (:receipt, :c, :me, :me, :client, :amount, :amount, :mode, :reference, :cheque, :bank, :at, :now, :status)",
    )?
    .execute(named_params! {
        ":receipt": receipt_no, ":c": customer, ":me": me, ":client": payment.client_id, ":amount": payment.amount,
        ":mode": payment.mode, ":reference": payment.reference, ":cheque": payment.cheque_no,
        ":bank": payment.bank, ":at": payment.collected_at, ":now": now, ":status": status.as_str(),
    })?;
    let payment_id = tx.last_insert_rowid();
    // A payment awaiting approval takes nothing from the invoices until it is approved.
    let unallocated = match status {
        PaymentStatus::Pending => payment.amount,
        _ => spread(tx, payment_id, payment.amount, &order, now)?,
    };
    recorded(tx, payment_id, receipt_no, false, unallocated, status)
}

/// Spreads the payment `payment_id` of `amount` over `order` (see `alloc::allocate`): its
/// allocations, the invoices' paid amounts and its unallocated rest, which it returns.
fn spread(tx: &Connection, payment_id: i64, amount: Money, order: &[Open], now: i64) -> AppResult<Money> {
    let spread = alloc::allocate(amount.paise(), order);
    for &(invoice_id, paise) in &spread.allocations {
        tx.prepare_cached("INSERT INTO payment_allocations (payment_id, invoice_id, amount_paise) VALUES (:p, :i, :a)")?
            .execute(named_params! { ":p": payment_id, ":i": invoice_id, ":a": paise })?;
        let changed = pay_invoice(tx, invoice_id, paise, now)?;
        if changed != 1 {
            return Err(AppError::Internal(anyhow::anyhow!("invoice {invoice_id} would be paid past its amount")));
        }
    }
    tx.prepare_cached("UPDATE payments SET unallocated_paise = :u WHERE payment_id = :p")?
        .execute(named_params! { ":u": spread.unallocated, ":p": payment_id })?;
    Ok(Money::from_paise(spread.unallocated))
}

/// The answer of a recorded payment (and of a repeat of its clientId).
fn recorded(
    tx: &Connection,
    payment_id: i64,
    receipt_no: String,
    duplicate: bool,
    unallocated: Money,
    status: PaymentStatus,
) -> AppResult<PaymentRecorded> {
    let said = if status == PaymentStatus::Pending { PAYMENT_AWAITING_APPROVAL } else { PAYMENT_RECORDED };
    Ok(PaymentRecorded {
        message: said.text.into(),
        code: said.code.into(),
        payment_id,
        receipt_no,
        duplicate,
        allocations: allocations(tx, payment_id)?,
        unallocated,
        status,
    })
}

/// The columns of a [`PaymentRow`], read by [`row`].
const ROW_COLUMNS: &str = "p.payment_id, p.receipt_no, p.client_id, c.buyer_id, c.name, p.agent_id, a.name, p.amount_paise, p.mode,
    p.reference, p.cheque_no, p.bank, p.collected_at, p.received_at, p.unallocated_paise, p.status, p.deposited_at, d.name,
    p.reversed_at, x.name, p.reversal_reason";
const ROW_JOINS: &str = "FROM payments p JOIN customers c ON c.customer_id = p.customer_id JOIN users a ON a.uid = p.agent_id
    LEFT JOIN users d ON d.uid = p.deposited_by LEFT JOIN users x ON x.uid = p.reversed_by";

fn row(r: &rusqlite::Row) -> rusqlite::Result<PaymentRow> {
    let amount: Money = r.get(7)?;
    let unallocated: Money = r.get(14)?;
    Ok(PaymentRow {
        payment_id: r.get(0)?,
        receipt_no: r.get(1)?,
        client_id: r.get(2)?,
        buyer_id: r.get(3)?,
        customer_name: r.get(4)?,
        agent_id: r.get(5)?,
        agent_name: r.get(6)?,
        amount,
        mode: r.get(8)?,
        reference: r.get(9)?,
        cheque_no: r.get(10)?,
        bank: r.get(11)?,
        collected_at: iso(r.get(12)?),
        received_at: iso(r.get(13)?),
        allocated: Money::from_paise(amount.paise() - unallocated.paise()),
        unallocated,
        status: r.get(15)?,
        deposited_at: r.get::<_, Option<i64>>(16)?.map(iso),
        deposited_by_name: r.get(17)?,
        reversed_at: r.get::<_, Option<i64>>(18)?.map(iso),
        reversed_by_name: r.get(19)?,
        reversal_reason: r.get(20)?,
    })
}

/// The payment `payment_id` if the caller's scope covers its agent.
fn visible_payment(conn: &Connection, scope: Scope, payment_id: i64) -> AppResult<PaymentRow> {
    let sql = format!("SELECT {ROW_COLUMNS} {ROW_JOINS} WHERE p.payment_id = :id AND {}", scope.condition("p.agent_id"));
    conn.prepare_cached(&sql)?
        .query_row(&*scope.with(named_params! { ":id": payment_id }), row)
        .optional()?
        .ok_or_else(|| AppError::not_found(PAYMENT_NOT_FOUND))
}

/// `GET /users/payment/{paymentId}`: the receipt of a payment in the caller's scope.
pub fn detail(conn: &Connection, scope: Scope, payment_id: i64) -> AppResult<PaymentDetail> {
    let head = visible_payment(conn, scope, payment_id)?;
    Ok(PaymentDetail { allocations: allocations(conn, head.payment_id)?, head })
}

/// The list's filter, checked.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub agent: Option<UserId>,
    pub buyer_id: Option<String>,
    /// Timestamps: from the local midnight of `from`, before the one after `to`.
    pub from_ts: Option<i64>,
    pub to_ts: Option<i64>,
    pub mode: Option<&'static str>,
    pub status: Option<PaymentStatus>,
    pub page: i64,
}

/// `GET /users/payments`: a page of 30 of the caller's scope's payments, newest first, with the
/// totals of the whole filter.
pub fn page(conn: &Connection, scope: Scope, filter: &ListFilter) -> AppResult<PaymentPage> {
    let scope = scope.narrowed(conn, filter.agent)?;
    let condition = format!(
        "{} AND (:buyer IS NULL OR c.buyer_id = :buyer) AND (:from IS NULL OR p.collected_at >= :from)
         AND (:to IS NULL OR p.collected_at < :to) AND (:mode IS NULL OR p.mode = :mode) AND (:status IS NULL OR p.status = :status)",
        scope.condition("p.agent_id")
    );
    let status = filter.status.map(PaymentStatus::as_str);
    let offset = (filter.page.max(1) - 1).saturating_mul(PAGE_SIZE);
    let params = &*scope.with(named_params! { ":buyer": filter.buyer_id, ":from": filter.from_ts, ":to": filter.to_ts,
    ":mode": filter.mode, ":status": status, });
    let data = {
        let sql = format!(
            "SELECT {ROW_COLUMNS} {ROW_JOINS} WHERE {condition} ORDER BY p.collected_at DESC, p.payment_id DESC LIMIT {PAGE_SIZE} OFFSET {offset}"
        );
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt.query_map(params, row)?;
        rows.collect::<rusqlite::Result<Vec<_>>>()?
    };
    let mut stmt = conn.prepare(&format!(
        "SELECT p.mode, p.status = 'reversed', p.status = 'pending', COUNT(*), SUM(p.amount_paise), SUM(p.unallocated_paise) {ROW_JOINS}
         WHERE {condition} GROUP BY 1, 2, 3 ORDER BY 1"
    ))?;
    let groups = stmt.query_map(params, |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, bool>(1)?,
            r.get::<_, bool>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, Money>(4)?,
            r.get::<_, Money>(5)?,
        ))
    })?;
    let mut totals = PaymentTotals {
        count: 0,
        amount: Money::ZERO,
        allocated: Money::ZERO,
        unallocated: Money::ZERO,
        reversed_count: 0,
        pending_count: 0,
        by_mode: Vec::new(),
    };
    for group in groups {
        let (mode, reversed, pending, count, amount, unallocated) = group?;
        // Neither a reversed payment nor one awaiting approval counts in the sums.
        if reversed {
            totals.reversed_count += count;
            continue;
        }
        if pending {
            totals.pending_count += count;
            continue;
        }
        totals.count += count;
        totals.amount = Money::from_paise(totals.amount.paise() + amount.paise());
        totals.unallocated = Money::from_paise(totals.unallocated.paise() + unallocated.paise());
        totals.by_mode.push(ModeTotal { mode, count, amount });
    }
    totals.allocated = Money::from_paise(totals.amount.paise() - totals.unallocated.paise());
    Ok(PaymentPage { data, total_records: totals.count + totals.reversed_count + totals.pending_count, totals })
}

/// `POST /users/payment/{id}/deposit`: collected -> deposited by `by`; again is a 409.
pub fn deposit(tx: &Connection, scope: Scope, payment_id: i64, by: UserId, now: i64) -> AppResult<PaymentChanged> {
    let payment = visible_payment(tx, scope, payment_id)?;
    match payment.status {
        PaymentStatus::Deposited => return Err(AppError::conflict(PAYMENT_ALREADY_DEPOSITED)),
        PaymentStatus::Reversed => return Err(AppError::conflict(PAYMENT_IS_REVERSED)),
        PaymentStatus::Pending => return Err(AppError::conflict(PAYMENT_IS_PENDING)),
        PaymentStatus::Collected => {}
    }
    tx.execute(
        "UPDATE payments SET status = 'deposited', deposited_at = :now, deposited_by = :by WHERE payment_id = :id AND status = 'collected'",
        named_params! { ":now": now, ":by": by, ":id": payment_id },
    )?;
    Ok(PaymentChanged {
        message: PAYMENT_DEPOSITED.text.into(),
        code: PAYMENT_DEPOSITED.code.into(),
        payment_id,
        status: PaymentStatus::Deposited,
    })
}

/// `POST /users/payment/{id}/approve`: a payment awaiting approval (`far_above_owed`) becomes
/// collected and is spread over the customer's invoices open now, oldest first; the audit log
/// keeps who approved it. Its collector cannot approve it (403); another status is a 409.
pub fn approve(tx: &Connection, scope: Scope, payment_id: i64, by: UserId, now: i64) -> AppResult<PaymentChanged> {
    let payment = visible_payment(tx, scope, payment_id)?;
    if payment.status != PaymentStatus::Pending {
        return Err(AppError::conflict(PAYMENT_NOT_PENDING));
    }
    if payment.agent_id == by {
        return Err(AppError::forbidden(PAYMENT_APPROVE_OWN));
    }
    let order: Vec<Open> = tx
        .prepare_cached(
            "SELECT i.invoice_id, i.amount_paise - i.paid_paise FROM invoices i JOIN payments p ON p.customer_id = i.customer_id
             WHERE p.payment_id = :p AND i.paid_paise < i.amount_paise ORDER BY i.invoice_date, i.invoice_no",
        )?
        .query_map(named_params! { ":p": payment_id }, |r| Ok(Open { invoice_id: r.get(0)?, balance: r.get(1)? }))?
        .collect::<rusqlite::Result<_>>()?;
    tx.prepare_cached("UPDATE payments SET status = 'collected' WHERE payment_id = :p AND status = 'pending'")?
        .execute(named_params! { ":p": payment_id })?;
    spread(tx, payment_id, payment.amount, &order, now)?;
    let action = format!("approve payment {} ({}) far above what was owed", payment.receipt_no, payment.amount);
    crate::auth::queries::audit(tx, by.0, by.0, &action, Some(200))?;
    Ok(PaymentChanged {
        message: PAYMENT_APPROVED.text.into(),
        code: PAYMENT_APPROVED.code.into(),
        payment_id,
        status: PaymentStatus::Collected,
    })
}

/// `POST /users/payment/{id}/reverse` (administrators): the payment is reversed with `reason`, its
/// allocations leave its invoices' paid amounts (the rows stay, as history), and the audit log
/// says who did it and why; a reversed payment again is a 409.
pub fn reverse(tx: &Connection, scope: Scope, payment_id: i64, by: UserId, reason: &str, now: i64) -> AppResult<PaymentChanged> {
    let payment = visible_payment(tx, scope, payment_id)?;
    if payment.status == PaymentStatus::Reversed {
        return Err(AppError::conflict(PAYMENT_ALREADY_REVERSED));
    }
    tx.execute(
        "UPDATE invoices SET paid_paise = paid_paise - (SELECT a.amount_paise FROM payment_allocations a
                                                        WHERE a.payment_id = :id AND a.invoice_id = invoices.invoice_id),
                             updated_at = :now
         WHERE invoice_id IN (SELECT invoice_id FROM payment_allocations WHERE payment_id = :id)",
        named_params! { ":id": payment_id, ":now": now },
    )?;
    tx.execute(
        "UPDATE payments SET status = 'reversed', reversed_at = :now, reversed_by = :by, reversal_reason = :reason WHERE payment_id = :id",
        named_params! { ":now": now, ":by": by, ":reason": reason, ":id": payment_id },
    )?;
    let action = format!("reverse payment {} ({}): {}", payment.receipt_no, payment.amount, crate::platform::validate::one_line(reason));
    crate::auth::queries::audit(tx, by.0, by.0, &action, Some(200))?;
    Ok(PaymentChanged {
        message: PAYMENT_REVERSED.text.into(),
        code: PAYMENT_REVERSED.code.into(),
        payment_id,
        status: PaymentStatus::Reversed,
    })
}

/// One row of the invoice upload, cells already checked (`uploads::kinds::INVOICE`): inserts the
/// invoice, or updates the one of the same number (amount, dates, customer, distributor). The inner `Err` is
/// the row's reason: an amount below what was paid on it, or another customer for an invoice with
/// payments. The upload has checked that the invoice and the customer are in its scope (the
/// reasons tell what was paid).
#[allow(clippy::too_many_arguments)]
pub fn upsert_invoice(
    conn: &Connection,
    invoice_no: &str,
    customer: i64,
    distributor: Option<i64>,
    invoice_date: &str,
    due_date: &str,
    amount: Money,
    now: i64,
) -> rusqlite::Result<Result<(), crate::platform::error::Problem>> {
    conn.prepare_cached(
        "INSERT INTO invoices (invoice_no, customer_id, distributor_id, invoice_date, due_date, amount_paise, uploaded_at, updated_at)
         VALUES (:no, :c, :d, :date, :due, :amount, :now, :now)
         ON CONFLICT (invoice_no) DO UPDATE SET customer_id = excluded.customer_id, distributor_id = excluded.distributor_id,
             invoice_date = excluded.invoice_date, due_date = excluded.due_date, amount_paise = excluded.amount_paise,
             updated_at = excluded.updated_at
         WHERE invoices.paid_paise <= excluded.amount_paise
           AND (invoices.customer_id = excluded.customer_id
                OR (NOT EXISTS (SELECT 1 FROM payment_allocations a WHERE a.invoice_id = invoices.invoice_id)
                    AND NOT EXISTS (SELECT 1 FROM return_allocations r WHERE r.invoice_id = invoices.invoice_id)))",
    )
    .and_then(|mut stmt| {
        stmt.execute(named_params! {
            ":no": invoice_no, ":c": customer, ":d": distributor, ":date": invoice_date, ":due": due_date, ":amount": amount, ":now": now,
        })
    })?;
    if conn.changes() > 0 {
        return Ok(Ok(()));
    }
    let (paid, owner): (Money, i64) = conn
        .prepare_cached("SELECT paid_paise, customer_id FROM invoices WHERE invoice_no = :no")
        .and_then(|mut stmt| stmt.query_row(named_params! { ":no": invoice_no }, |r| Ok((r.get(0)?, r.get(1)?))))?;
    let invoice = ("invoice", json!(invoice_no));
    Ok(Err(if paid > amount {
        INVOICE_PAID_MORE.with([invoice, ("paid", json!(paid.to_string()))])
    } else if owner != customer {
        INVOICE_OTHER_CUSTOMER.with([invoice])
    } else {
        INVOICE_NOT_UPDATED.with([invoice])
    }))
}

/// What a customer owes now: the balance of their invoices (amount less the payments allocated to
/// them that were not reversed).
pub fn owed(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Money> {
    conn.prepare_cached(
        "SELECT COALESCE(SUM(amount_paise - paid_paise), 0) FROM invoices
          WHERE customer_id = :customer AND paid_paise < amount_paise",
    )?
    .query_row(named_params! { ":customer": customer }, |r| r.get(0))
}

/// The customer's credit limit, if they have one.
pub fn credit_limit(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Option<Money>> {
    conn.prepare_cached("SELECT credit_limit_paise FROM customers WHERE customer_id = :customer")?
        .query_row(named_params! { ":customer": customer }, |r| r.get(0))
        .optional()
        .map(Option::flatten)
}

/// Adds `paise` to what is paid on an invoice (a payment's or a return's credit), never past its
/// amount; the rows changed (0: it would have gone past).
pub fn pay_invoice(conn: &Connection, invoice_id: i64, paise: i64, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE invoices SET paid_paise = paid_paise + :a, updated_at = :now
         WHERE invoice_id = :i AND paid_paise + :a <= amount_paise",
    )?
    .execute(named_params! { ":i": invoice_id, ":a": paise, ":now": now })
}
