//! Credit limits (issue #38): a booking that would take a customer's outstanding invoices plus
//! their open orders over their credit limit is held "Awaiting approval" (not mailed) with the
//! reason shown to the agent; a manager of the customer's agent (or an administrator) approves it
//! (mailed on the next run) or rejects it (never mailed; its lines leave the figures as a
//! cancelled order's do). The judgement (`queries::judge_credit`, beside the booking it is part
//! of) runs in the booking's own transaction on the single writer thread, so two orders never both
//! slip under the limit.
//!
//! "Open orders" are the customer's orders still Submitted (not yet mailed; once Sent, billing owns
//! them and they come back as invoices), held ones included, rejected and cancelled ones not.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::super::messages::*;
use super::super::types::{HeldOrder, HeldPage, OrderDecided, OrderStatus};
use super::{open_orders, Booker, HEAD_COLUMNS, HEAD_TABLES, PAGE_SIZE};
use crate::collections::queries::owed;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, OrderId, UserId};
use crate::platform::money::Money;
use crate::platform::scope::Scope;

/// A manager's decision on a held order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Reject,
}

/// Approves or rejects the held order `order_id` of the caller's customers (`who.scope`) in the
/// open transaction `tx`. Only an order awaiting approval (still Submitted) is decided; another
/// (never held, decided before, cancelled) is a 409. A rejection moves the order's lines out of
/// the figures as a cancel does and leaves the order Cancelled, shown as Rejected.
pub fn decide(
    tx: &Connection,
    who: Booker,
    order_id: OrderId,
    decision: Decision,
    reason: Option<String>,
    now: i64,
) -> AppResult<OrderDecided> {
    let sql = format!(
        "SELECT o.status, o.credit_hold, o.booked_by FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.order_id = :o AND {}",
        who.scope.condition("c.agent_id")
    );
    let (status, hold, booked_by): (OrderStatus, Option<String>, UserId) = tx
        .prepare_cached(&sql)?
        .query_row(&*who.scope.with(named_params! { ":o": order_id }), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?
        .ok_or_else(|| AppError::not_found(ORDER_NOT_FOUND))?;
    match hold.as_deref() {
        Some("awaiting") if status == OrderStatus::Submitted => {}
        Some("approved") => return Err(AppError::conflict(ORDER_ALREADY_APPROVED)),
        Some("rejected") => return Err(AppError::conflict(ORDER_ALREADY_REJECTED)),
        _ => return Err(AppError::conflict(ORDER_NOT_HELD)),
    }
    // A second pair of eyes: whoever booked an order over the limit (an administrator too) cannot
    // also wave it through. Rejecting one's own order takes no second opinion.
    if decision == Decision::Approve && booked_by == who.uid {
        return Err(AppError::forbidden(ORDER_APPROVE_OWN));
    }
    let (hold, said, shown) = match decision {
        Decision::Approve => ("approved", ORDER_APPROVED, OrderStatus::Submitted),
        Decision::Reject => ("rejected", ORDER_REJECTED, OrderStatus::Rejected),
    };
    if decision == Decision::Reject {
        super::move_to_cancelled(tx, order_id)?;
        tx.prepare_cached(
            "UPDATE orders SET status = 'Cancelled', cancelled_at = :now, cancelled_by = :me, mailing_at = NULL WHERE order_id = :o",
        )?
        .execute(named_params! { ":now": now, ":me": who.uid, ":o": order_id })?;
    }
    tx.prepare_cached(
        "UPDATE orders SET credit_hold = :hold, credit_decided_by = :me, credit_decided_at = :now, credit_decision_reason = :reason
         WHERE order_id = :o",
    )?
    .execute(named_params! { ":hold": hold, ":me": who.uid, ":now": now, ":reason": reason, ":o": order_id })?;
    Ok(OrderDecided { message: said.text.into(), code: said.code.into(), order_id, status: shown, credit_hold: hold.into() })
}

/// One page (oldest first: the longest waiting on top) of the orders awaiting approval of the
/// caller's customers (`scope`), each with the customer's outstanding and limit now.
pub fn held(conn: &Connection, scope: Scope, page: i64) -> AppResult<HeldPage> {
    let condition = format!("o.credit_hold = 'awaiting' AND o.status = 'Submitted' AND {}", scope.condition("c.agent_id"));
    let total_records: i64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id WHERE {condition}"))?
        .query_row(&*scope.with(named_params! {}), |r| r.get(0))?;
    let offset = (page.max(1) - 1) * PAGE_SIZE;
    let sql = format!(
        "SELECT {HEAD_COLUMNS}, o.customer_id, c.credit_limit_paise, a.name
         FROM {HEAD_TABLES} LEFT JOIN users a ON a.uid = c.agent_id
         WHERE {condition} ORDER BY o.created_at, o.order_id LIMIT :limit OFFSET :offset"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows: Vec<(HeldOrder, CustomerId)> = stmt
        .query_map(&*scope.with(named_params! { ":admin": false, ":no_email": "", ":limit": PAGE_SIZE, ":offset": offset }), |r| {
            let w = super::HEAD_WIDTH;
            Ok((
                HeldOrder {
                    order: super::head(r)?,
                    outstanding: Money::ZERO,
                    open_orders: Money::ZERO,
                    credit_limit: r.get(w + 1)?,
                    agent_name: r.get(w + 2)?,
                },
                r.get(w)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    let mut data = Vec::with_capacity(rows.len());
    for (mut row, customer) in rows {
        row.outstanding = owed(conn, customer)?;
        row.open_orders = open_orders(conn, customer)?;
        data.push(row);
    }
    Ok(HeldPage { data, total_records })
}

/// Sets (or with `None` clears) the credit limit of a customer of the caller's (`scope`).
pub fn set_limit(conn: &Connection, scope: Scope, buyer_id: &str, limit: Option<Money>, now: i64) -> AppResult<CustomerId> {
    let (customer, _) = crate::customers::api::visible_customer(conn, scope, buyer_id)?;
    crate::customers::queries::set_credit_limit(conn, customer, limit, now)?;
    Ok(customer)
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::platform::formats::Formats;

    #[test]
    fn the_reason_is_worded_in_the_company_currency() {
        let held = Held::OverLimit {
            outstanding: Money::from_paise(4_000_000),
            open: Money::from_paise(500_000),
            order: Money::from_paise(800_000),
            limit: Money::from_paise(5_000_000),
        };
        let (text, code, params) = held.worded(&Formats::of("en-IN", "INR"));
        assert_eq!(text, "Outstanding ₹40,000.00 + open orders ₹5,000.00 + this order ₹8,000.00 exceeds the credit limit ₹50,000.00.");
        assert_eq!(code.as_deref(), Some("order_held_over_limit"));
        assert_eq!(params.unwrap()["limit"], "₹50,000.00");
        let (text, _, _) = held.worded(&Formats::of("en-US", "USD"));
        assert_eq!(text, "Outstanding $40,000.00 + open orders $5,000.00 + this order $8,000.00 exceeds the credit limit $50,000.00.");
        assert_eq!(Held::of(Some("old words".into()), [None; 4]).unwrap().worded(&Formats::default()), ("old words".into(), None, None));
        let (code, amounts) = held.stored();
        assert_eq!(Held::of(Some(code.into()), amounts), Some(held));
    }
}
