//! SQL of the delivery area. Every query takes the caller's `Scope` (the one rule,
//! `Scope::condition` on the customer's agent), so nobody reads or changes a delivery of a customer
//! outside it.

use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::Serialize;

use super::messages::{
    DELIVERY_NOT_FOUND, LOCKED, NOT_PENDING, OTHER_REASON_REQUIRED, REASON_NOT_OF_STATUS, REASON_REQUIRED, STATUS_REQUIRED,
};
use crate::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::rows::{row_struct, FromRow};
use crate::platform::scope::Scope;

/// A delivery as the screens show it (spec 2 §3; the misspellings are the spec's).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub delivery_id: i64,
    #[serde(rename = "orderID")]
    pub order_id: String,
    pub order_date: String,
    pub planned_delivery_date: String,
    pub seller_name: String,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    pub address: String,
    #[serde(rename = "afilliateID")]
    pub affiliate_id: Option<String>,
    #[serde(rename = "affilitateName")]
    pub affiliate_name: Option<String>,
    pub can_modify: bool,
    pub logistics_charges: f64,
    #[serde(rename = "deliveryStatusID")]
    pub delivery_status_id: Option<i64>,
    pub delivery_status: Option<String>,
    /// The approval state in words: Open, Pending approval, Approved, Rejected.
    pub status: String,
    #[serde(rename = "reasonCodeID")]
    pub reason_code_id: Option<i64>,
    pub reason_description: Option<String>,
    pub other_reason: Option<String>,
    #[serde(rename = "agentID")]
    pub agent_id: Option<String>,
    pub image_url: Option<String>,
    pub approve_status: Option<String>,
    pub rejected_reason: Option<String>,
}

const SELECT: &str = "SELECT d.delivery_id, d.order_id, d.order_date, d.planned_delivery_date, d.seller_name,
        c.buyer_id, c.name, TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.city, '')),
        d.affiliate_id, d.affiliate_name, d.logistics_charges, d.delivery_status_id, s.name, s.record_lock,
        d.reason_code_id, r.code, d.other_reason, a.email, d.image_name, d.approve_status, d.rejected_reason
    FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
    LEFT JOIN delivery_statuses s ON s.delivery_status_id = d.delivery_status_id
    LEFT JOIN additional_reasons r ON r.reason_code_id = d.reason_code_id
    LEFT JOIN users a ON a.uid = c.agent_id";

/// Whether a delivery in this state may still be changed by the agent: never once approved; after
/// a rejection always; otherwise unless its status locks the record.
pub fn modifiable(approve: Option<&str>, record_lock: bool) -> bool {
    match approve {
        Some("Approve") => false,
        Some("Reject") => true,
        _ => !record_lock,
    }
}

fn row(r: &rusqlite::Row) -> rusqlite::Result<Delivery> {
    let approve: Option<String> = r.get(19)?;
    let lock: Option<bool> = r.get(13)?;
    let image: Option<String> = r.get(18)?;
    Ok(Delivery {
        delivery_id: r.get(0)?,
        order_id: r.get(1)?,
        order_date: r.get(2)?,
        planned_delivery_date: r.get(3)?,
        seller_name: r.get(4)?,
        buyer_id: r.get(5)?,
        buyer_name: r.get(6)?,
        address: r.get(7)?,
        affiliate_id: r.get(8)?,
        affiliate_name: r.get(9)?,
        logistics_charges: r.get(10)?,
        delivery_status_id: r.get(11)?,
        delivery_status: r.get(12)?,
        can_modify: modifiable(approve.as_deref(), lock.unwrap_or(false)),
        status: match approve.as_deref() {
            None => "Open",
            Some("Pending") => "Pending approval",
            Some("Approve") => "Approved",
            _ => "Rejected",
        }
        .into(),
        reason_code_id: r.get(14)?,
        reason_description: r.get(15)?,
        other_reason: r.get(16)?,
        agent_id: r.get(17)?,
        image_url: image.map(|n| crate::platform::api::url(format_args!("/users/media?fileName={n}"))),
        approve_status: approve,
        rejected_reason: r.get(20)?,
    })
}

/// The working list: deliveries planned from 30 days ago to 7 days ahead that are not approved,
/// earliest first (at most 200).
pub fn default_list(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<Delivery>> {
    let filter = scope.condition("c.agent_id");
    let today = clock::today();
    let from = (today - chrono::Days::new(30)).format("%Y-%m-%d").to_string();
    let to = (today + chrono::Days::new(7)).format("%Y-%m-%d").to_string();
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE {filter} AND d.planned_delivery_date BETWEEN :from AND :to
           AND d.approve_status IS NOT 'Approve'
         ORDER BY d.planned_delivery_date, d.delivery_id LIMIT 200"
    ))?;
    let rows = stmt.query_map(&*scope.with(named_params! { ":from": from, ":to": to }), row)?;
    rows.collect()
}

row_struct! {
    /// The delivered tiles (decisions.md "Delivered tiles"): deliveries marked delivered (a status that
    /// locks the record) today and this month, whatever their planned date; and, for each percentage,
    /// one set counted twice: deliveries planned for today (for the month: planned from the 1st up to
    /// today) and how many of those are delivered. A share of one set stays within 0-100.
    #[derive(Debug, Default, PartialEq)]
    pub struct DeliveredCounts {
        pub delivered_today: i64,
        pub delivered_month: i64,
        pub planned_today: i64,
        pub planned_today_delivered: i64,
        pub planned_month: i64,
        pub planned_month_delivered: i64,
    }
}

pub fn delivered_counts(conn: &Connection, scope: Scope) -> rusqlite::Result<DeliveredCounts> {
    let filter = scope.condition("c.agent_id");
    let today = clock::today();
    let month = clock::month_start(today);
    conn.query_row(
        &format!(
            "SELECT COALESCE(SUM(s.record_lock = 1 AND d.updated_at >= :today_ts), 0),
                    COALESCE(SUM(s.record_lock = 1 AND d.updated_at >= :month_ts), 0),
                    COALESCE(SUM(d.planned_delivery_date = :today), 0),
                    COALESCE(SUM(d.planned_delivery_date = :today AND s.record_lock = 1), 0),
                    COALESCE(SUM(d.planned_delivery_date BETWEEN :month AND :today), 0),
                    COALESCE(SUM(d.planned_delivery_date BETWEEN :month AND :today AND s.record_lock = 1), 0)
             FROM customers c JOIN deliveries d ON d.customer_id = c.customer_id
             LEFT JOIN delivery_statuses s ON s.delivery_status_id = d.delivery_status_id
             WHERE {filter} AND (d.planned_delivery_date >= :month OR d.updated_at >= :month_ts)"
        ),
        &*scope.with(named_params! { ":today_ts": clock::start_of(today), ":month_ts": clock::start_of(month),
        ":today": today.format("%Y-%m-%d").to_string(), ":month": month.format("%Y-%m-%d").to_string(), }),
        DeliveredCounts::from_row,
    )
}

/// The column a search suggestion matched, as the details call names it.
pub const SEARCH_COLUMNS: &[(&str, &str)] =
    &[("orderID", "d.order_id"), ("buyerID", "c.buyer_id"), ("buyerName", "c.name"), ("sellerName", "d.seller_name")];

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeliverySuggestion)]
pub struct Suggestion {
    pub display: String,
    pub matched_column: String,
}

/// Up to 10 distinct values of order id, buyer id, buyer name or distributor starting with `text`
/// (without case, as LIKE), from the search index `delivery_terms`: per column one index range.
pub fn suggestions(conn: &Connection, scope: Scope, text: &str) -> rusqlite::Result<Vec<Suggestion>> {
    let from = text.to_ascii_lowercase();
    let below = prefix_end(&from);
    let pattern = format!("{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let mut stmt = conn.prepare_cached(&suggestions_sql(scope))?;
    let mut out = Vec::new();
    for (kind, (name, _)) in SEARCH_COLUMNS.iter().enumerate() {
        let limit = 10 - out.len();
        let values = stmt.query_map(
            &*scope.with(named_params! { ":kind": kind, ":from": from, ":below": below, ":pattern": pattern, ":limit": limit }),
            |r| r.get::<_, String>(0),
        )?;
        for value in values {
            out.push(Suggestion { display: value?, matched_column: (*name).into() });
        }
        if out.len() == 10 {
            break;
        }
    }
    Ok(out)
}

fn suggestions_sql(scope: Scope) -> String {
    // An administrator's search is one range of the all-agents index. Anyone else's agents (the
    // scope's condition on `users`) drive the loop, CROSS JOIN keeping that order, each one range
    // of the index's first column: without table statistics the planner would otherwise take one
    // range of every agent's values and filter it.
    let rows = if scope == Scope::All {
        format!("delivery_terms t WHERE {}", scope.condition("t.agent_id"))
    } else {
        format!("users a CROSS JOIN delivery_terms t WHERE {} AND t.agent_id = a.uid", scope.condition("a.uid"))
    };
    format!(
        "SELECT DISTINCT t.term FROM {rows}
           AND t.kind = :kind AND t.term >= :from AND t.term < :below AND t.term LIKE :pattern ESCAPE '\\'
         ORDER BY t.term LIMIT :limit"
    )
}

/// A string above every string that starts with `prefix` (in lower case, as NOCASE compares ASCII
/// letters), and below the next prefix: its last character raised by one.
fn prefix_end(prefix: &str) -> String {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        if let Some(next) = (last as u32 + 1..=char::MAX as u32).find_map(char::from_u32) {
            chars.push(next);
            return chars.into_iter().collect();
        }
    }
    format!("{prefix}{}", char::MAX)
}

/// Deliveries whose `column` (one of `SEARCH_COLUMNS`) equals `value`, newest plan first.
pub fn matching(conn: &Connection, scope: Scope, column: &str, value: &str) -> rusqlite::Result<Vec<Delivery>> {
    let filter = scope.condition("c.agent_id");
    let mut stmt =
        conn.prepare_cached(&format!("{SELECT} WHERE {filter} AND {column} = :v ORDER BY d.planned_delivery_date DESC LIMIT 200"))?;
    let rows = stmt.query_map(&*scope.with(named_params! { ":v": value }), row)?;
    rows.collect()
}

/// One delivery in scope, if any.
pub fn one(conn: &Connection, scope: Scope, id: i64) -> rusqlite::Result<Option<Delivery>> {
    let filter = scope.condition("c.agent_id");
    conn.prepare_cached(&format!("{SELECT} WHERE {filter} AND d.delivery_id = :id"))?
        .query_row(&*scope.with(named_params! { ":id": id }), row)
        .optional()
}

/// Deliveries waiting for approval, oldest plan first.
pub fn pending(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<Delivery>> {
    let filter = scope.condition("c.agent_id");
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE {filter} AND d.approve_status = 'Pending' ORDER BY d.planned_delivery_date, d.delivery_id LIMIT 5000"
    ))?;
    let rows = stmt.query_map(&*scope.with(named_params! {}), row)?;
    rows.collect()
}

/// One change of a delivery, for the history.
pub struct Change<'a> {
    pub delivery: i64,
    pub by: i64,
    pub from_status: Option<i64>,
    pub to_status: Option<i64>,
    pub from_approve: Option<&'a str>,
    pub to_approve: Option<&'a str>,
    pub note: Option<&'a str>,
}

/// Records a change in the delivery history.
pub fn record_change(conn: &Connection, c: &Change) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO delivery_history (delivery_id, changed_by, changed_at, from_status_id, to_status_id, from_approve, to_approve, note)
         VALUES (:d, :by, :at, :fs, :ts, :fa, :ta, :note)",
        named_params! {
            ":d": c.delivery, ":by": c.by, ":at": crate::now(), ":fs": c.from_status, ":ts": c.to_status,
            ":fa": c.from_approve, ":ta": c.to_approve, ":note": c.note,
        },
    )?;
    Ok(())
}

/// The additional-reason value that means 'Other' (spec 2 §9).
pub const OTHER: i64 = 0;

/// The agent's status update of one delivery (the picture, if any, already stored under `image`).
pub struct StatusUpdate {
    pub delivery: i64,
    pub status: i64,
    pub reason: Option<i64>,
    pub other: String,
    pub image: Option<String>,
}

/// Applies a status update in one write transaction: the delivery must be in `scope` and still
/// modifiable, the status live, its reason given and its own. The update then waits for approval.
/// Only rows are written here: the picture was written and fsynced before (the write lock is held
/// for the rows alone).
pub fn update_status(conn: &mut Connection, scope: Scope, me: i64, u: &StatusUpdate) -> AppResult<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let current = one(&tx, scope, u.delivery)?.ok_or_else(|| AppError::not_found(DELIVERY_NOT_FOUND))?;
    if !current.can_modify {
        return Err(AppError::forbidden(LOCKED));
    }
    let needs_reason: bool = tx
        .prepare_cached("SELECT additional_reason_code FROM delivery_statuses WHERE delivery_status_id = :s AND is_retired = 0")?
        .query_row(named_params! { ":s": u.status }, |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::bad_request(STATUS_REQUIRED))?;
    let (reason, other) = match (needs_reason, u.reason) {
        (false, _) => (None, None),
        (true, None) => return Err(AppError::bad_request(REASON_REQUIRED)),
        (true, Some(OTHER)) if u.other.is_empty() => return Err(AppError::bad_request(OTHER_REASON_REQUIRED)),
        (true, Some(OTHER)) => (None, Some(u.other.as_str())),
        (true, Some(code)) => {
            tx.prepare_cached("SELECT 1 FROM additional_reasons WHERE reason_code_id = :r AND delivery_status_id = :s AND is_retired = 0")?
                .query_row(named_params! { ":r": code, ":s": u.status }, |_| Ok(()))
                .optional()?
                .ok_or_else(|| AppError::bad_request(REASON_NOT_OF_STATUS))?;
            (Some(code), None)
        }
    };
    tx.prepare_cached(
        "UPDATE deliveries SET delivery_status_id = :s, reason_code_id = :r, other_reason = :o,
                image_name = COALESCE(:img, image_name), approve_status = 'Pending', rejected_reason = NULL,
                updated_by = :me, updated_at = :now
         WHERE delivery_id = :id",
    )?
    .execute(
        named_params! { ":s": u.status, ":r": reason, ":o": other, ":img": u.image, ":me": me, ":now": crate::now(), ":id": u.delivery },
    )?;
    record_change(
        &tx,
        &Change {
            delivery: u.delivery,
            by: me,
            from_status: current.delivery_status_id,
            to_status: Some(u.status),
            from_approve: current.approve_status.as_deref(),
            to_approve: Some("Pending"),
            note: None,
        },
    )?;
    tx.commit()?;
    Ok(())
}

/// One approval decision: the delivery, 'Approve' or 'Reject', and the rejection's remark.
pub struct Decision {
    pub delivery: i64,
    pub status: &'static str,
    pub remark: Option<String>,
}

/// Applies approval decisions all together or not at all: each delivery must be in `scope` and
/// waiting for approval.
pub fn decide(conn: &mut Connection, scope: Scope, me: i64, decisions: &[Decision]) -> AppResult<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    for d in decisions {
        let current = one(&tx, scope, d.delivery)?.ok_or_else(|| AppError::not_found(DELIVERY_NOT_FOUND))?;
        if current.approve_status.as_deref() != Some("Pending") {
            return Err(AppError::conflict(NOT_PENDING.with([("orderId", serde_json::json!(current.order_id))])));
        }
        tx.prepare_cached(
            "UPDATE deliveries SET approve_status = :s, rejected_reason = :r, updated_by = :me, updated_at = :now
             WHERE delivery_id = :id",
        )?
        .execute(named_params! { ":s": d.status, ":r": d.remark, ":me": me, ":now": crate::now(), ":id": d.delivery })?;
        record_change(
            &tx,
            &Change {
                delivery: d.delivery,
                by: me,
                from_status: current.delivery_status_id,
                to_status: current.delivery_status_id,
                from_approve: Some("Pending"),
                to_approve: Some(d.status),
                note: d.remark.as_deref(),
            },
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// A row of the Delivery upload (`uploads::kinds::DELIVERY` names the parameters).
pub fn upsert_uploaded(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO deliveries (order_id, order_date, planned_delivery_date, customer_id, seller_name, affiliate_id,
                                 affiliate_name, logistics_charges, created_at)
         VALUES (:o, :od, :pd, :c, :s, :ai, :an, :lc, :now)
         ON CONFLICT (order_id) DO UPDATE SET order_date = excluded.order_date,
             planned_delivery_date = excluded.planned_delivery_date, customer_id = excluded.customer_id,
             seller_name = excluded.seller_name, affiliate_id = excluded.affiliate_id,
             affiliate_name = excluded.affiliate_name, logistics_charges = excluded.logistics_charges",
    )?
    .execute(params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::ids::UserId;

    /// An agent's or manager's search is one range of the search index per agent, never a scan.
    #[test]
    fn a_team_search_is_a_range_of_the_search_index() {
        let cases = [
            (Scope::Team { manager: UserId(7) }, "PRIMARY KEY"),
            (Scope::Own { uid: UserId(8) }, "PRIMARY KEY"),
            (Scope::All, "INDEX delivery_terms_all"),
        ];
        for (scope, index) in cases {
            let params = scope.with(named_params! { ":kind": 0, ":from": "s", ":below": "t", ":pattern": "s%", ":limit": 10 });
            let plan = crate::platform::db::query_plan(&suggestions_sql(scope), &*params);
            assert!(plan.iter().any(|step| step.starts_with("SEARCH t USING") && step.contains(index)), "{plan:?}");
            assert!(!plan.iter().any(|step| step.starts_with("SCAN t")), "{plan:?}");
        }
    }

    #[test]
    fn a_prefix_ends_below_the_next_one() {
        assert_eq!(prefix_end("ab"), "ac");
        assert_eq!(prefix_end("z"), "{");
        assert_eq!(prefix_end("a\u{10FFFF}"), "b");
        assert_eq!(prefix_end("\u{D7FF}"), "\u{E000}");
    }
}
