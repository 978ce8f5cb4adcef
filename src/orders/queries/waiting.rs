//! Orders taken for a new shop still awaiting a manager's approval (issue #54, decision 41): the
//! booking's body is kept as sent and booked under the shop's new Buyer ID when it is approved,
//! in the approval's transaction, as if the agent had sent it then; a rejected shop refuses them.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::super::messages::*;
use super::super::types::{BookOrder, OrderWaiting};
use super::{book, price, Booker, CheckedOrder};
use crate::customers::api::proposed_shop;
pub use crate::customers::api::Shop;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::scope::Scope;

/// The state of proposal `id` of the caller's scope (else 404).
pub fn shop(conn: &Connection, scope: Scope, id: i64) -> AppResult<Shop> {
    proposed_shop(conn, scope, id, ORDER_SHOP_NOT_FOUND)
}

fn waiting_answer(wait_id: i64, proposal_id: i64, duplicate: bool) -> OrderWaiting {
    OrderWaiting {
        message: ORDER_WAITS_FOR_SHOP.text.into(),
        code: ORDER_WAITS_FOR_SHOP.code.into(),
        wait_id,
        proposal_id,
        duplicate,
        status: "Awaiting shop approval".into(),
    }
}

/// Keeps `req` (checked by the caller) by `me` for pending shop `proposal_id` in the open
/// transaction; a repeat of its clientId answers the first.
pub fn wait_for_shop(
    tx: &Connection,
    me: UserId,
    scope: Scope,
    proposal_id: i64,
    client_id: &str,
    req: &BookOrder,
    now: i64,
) -> AppResult<OrderWaiting> {
    let before: Option<(i64, i64)> = tx
        .prepare_cached("SELECT wait_id, proposal_id FROM proposal_orders WHERE booked_by = :me AND client_id = :c")?
        .query_row(named_params! { ":me": me, ":c": client_id }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    if let Some((wait_id, proposal)) = before {
        return Ok(waiting_answer(wait_id, proposal, true));
    }
    shop(tx, scope, proposal_id)?.still_pending(ORDER_SHOP_REJECTED)?;
    let body = serde_json::to_string(req).map_err(|e| AppError::Internal(e.into()))?;
    tx.prepare_cached(
        "INSERT INTO proposal_orders (proposal_id, booked_by, client_id, body, created_at) VALUES (:p, :me, :c, :body, :now)",
    )?
    .execute(named_params! { ":p": proposal_id, ":me": me, ":c": client_id, ":body": body, ":now": now })?;
    Ok(waiting_answer(tx.last_insert_rowid(), proposal_id, false))
}

/// Books the orders that waited for proposal `proposal_id`, now customer `buyer_id`, in the open
/// transaction (each in a savepoint: one refused, for a retired product say, keeps its code and
/// leaves the others booked). Answers the booked order ids and the refused `clientId: code`s.
pub fn release_waiting(
    tx: &Connection,
    proposal_id: i64,
    buyer_id: &str,
    radius_m: f64,
    now: i64,
    today: &str,
) -> AppResult<(Vec<i64>, Vec<String>)> {
    let waiting: Vec<(i64, UserId, String, String, i64)> = {
        let mut stmt = tx.prepare_cached(
            "SELECT wait_id, booked_by, client_id, body, created_at FROM proposal_orders
             WHERE proposal_id = :p AND order_id IS NULL AND refused_code IS NULL ORDER BY wait_id",
        )?;
        let rows = stmt.query_map(named_params! { ":p": proposal_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let (mut booked, mut refused) = (Vec::new(), Vec::new());
    for (wait_id, by, client_id, body, created_at) in waiting {
        let mut req: BookOrder = serde_json::from_str(&body).map_err(|e| AppError::Internal(e.into()))?;
        req.buyer_id = lenient::Text(Some(buyer_id.to_string()));
        req.proposal_id = lenient::Int(None);
        tx.execute_batch("SAVEPOINT waiting_order")?;
        let who = Booker { uid: by, scope: Scope::Own { uid: by }, radius_m };
        let result = CheckedOrder::check(req, created_at).and_then(|order| {
            let priced = price(tx, who, &order, today)?;
            book(tx, who, order, priced, now, today)
        });
        match result {
            Ok(order) => {
                tx.execute_batch("RELEASE waiting_order")?;
                tx.prepare_cached("UPDATE proposal_orders SET order_id = :o WHERE wait_id = :w")?
                    .execute(named_params! { ":o": order.order_id, ":w": wait_id })?;
                booked.push(order.order_id.0);
            }
            Err(e) if e.status().is_client_error() => {
                tx.execute_batch("ROLLBACK TO waiting_order; RELEASE waiting_order")?;
                tx.prepare_cached("UPDATE proposal_orders SET refused_code = :code WHERE wait_id = :w")?
                    .execute(named_params! { ":code": e.code(), ":w": wait_id })?;
                refused.push(format!("{client_id}: {}", e.code()));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((booked, refused))
}

/// Refuses the orders that waited for proposal `proposal_id` (rejected) with `code`.
pub fn refuse_waiting(tx: &Connection, proposal_id: i64, code: &str) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE proposal_orders SET refused_code = :code WHERE proposal_id = :p AND order_id IS NULL AND refused_code IS NULL",
    )?
    .execute(named_params! { ":code": code, ":p": proposal_id })?;
    Ok(())
}
