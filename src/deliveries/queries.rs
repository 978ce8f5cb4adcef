//! SQL of the delivery area. Every query takes the caller's agents (`Agents`), so nobody reads or
//! changes a delivery of a customer outside their scope.

use rusqlite::{named_params, Connection, OptionalExtension};
use serde::Serialize;

use crate::clock;
use crate::scope::Agents;

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
        image_url: image.map(|n| crate::api::url(format_args!("/users/media?fileName={n}"))),
        approve_status: approve,
        rejected_reason: r.get(20)?,
    })
}

/// The working list: deliveries planned from 30 days ago to 7 days ahead that are not approved,
/// earliest first (at most 200).
pub fn default_list(conn: &Connection, agents: &Agents) -> rusqlite::Result<Vec<Delivery>> {
    let (filter, ids) = agents.params();
    let today = clock::today();
    let from = (today - chrono::Days::new(30)).format("%Y-%m-%d").to_string();
    let to = (today + chrono::Days::new(7)).format("%Y-%m-%d").to_string();
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE {filter} AND d.planned_delivery_date BETWEEN :from AND :to
           AND d.approve_status IS NOT 'Approve'
         ORDER BY d.planned_delivery_date, d.delivery_id LIMIT 200"
    ))?;
    let rows = stmt.query_map(named_params! { ":agents": ids, ":from": from, ":to": to }, row)?;
    rows.collect()
}

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

pub fn delivered_counts(conn: &Connection, agents: &Agents) -> rusqlite::Result<DeliveredCounts> {
    let (filter, ids) = agents.params();
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
        named_params! {
            ":agents": ids, ":today_ts": clock::start_of(today), ":month_ts": clock::start_of(month),
            ":today": today.format("%Y-%m-%d").to_string(), ":month": month.format("%Y-%m-%d").to_string(),
        },
        |r| {
            Ok(DeliveredCounts {
                delivered_today: r.get(0)?,
                delivered_month: r.get(1)?,
                planned_today: r.get(2)?,
                planned_today_delivered: r.get(3)?,
                planned_month: r.get(4)?,
                planned_month_delivered: r.get(5)?,
            })
        },
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
pub fn suggestions(conn: &Connection, agents: &Agents, text: &str) -> rusqlite::Result<Vec<Suggestion>> {
    let from = text.to_ascii_lowercase();
    let below = prefix_end(&from);
    let pattern = format!("{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let mut stmt = conn.prepare_cached(&suggestions_sql(agents))?;
    let ids = agents.ids();
    let mut out = Vec::new();
    for (kind, (name, _)) in SEARCH_COLUMNS.iter().enumerate() {
        let limit = 10 - out.len();
        let values = stmt.query_map(
            named_params! { ":agents": ids, ":kind": kind, ":from": from, ":below": below, ":pattern": pattern, ":limit": limit },
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

fn suggestions_sql(agents: &Agents) -> String {
    // A team's agents drive the loop (CROSS JOIN keeps that order): without table statistics the
    // planner would otherwise take one range of every agent's values and filter it.
    let rows = match agents {
        Agents::All => "delivery_terms t WHERE (:agents = '[]')",
        Agents::Only(_) => "json_each(:agents) a CROSS JOIN delivery_terms t WHERE t.agent_id = a.value",
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
pub fn matching(conn: &Connection, agents: &Agents, column: &str, value: &str) -> rusqlite::Result<Vec<Delivery>> {
    let (filter, ids) = agents.params();
    let mut stmt =
        conn.prepare_cached(&format!("{SELECT} WHERE {filter} AND {column} = :v ORDER BY d.planned_delivery_date DESC LIMIT 200"))?;
    let rows = stmt.query_map(named_params! { ":agents": ids, ":v": value }, row)?;
    rows.collect()
}

/// One delivery in scope, if any.
pub fn one(conn: &Connection, agents: &Agents, id: i64) -> rusqlite::Result<Option<Delivery>> {
    let (filter, ids) = agents.params();
    conn.query_row(&format!("{SELECT} WHERE {filter} AND d.delivery_id = :id"), named_params! { ":agents": ids, ":id": id }, row).optional()
}

/// Deliveries waiting for approval, oldest plan first.
pub fn pending(conn: &Connection, agents: &Agents) -> rusqlite::Result<Vec<Delivery>> {
    let (filter, ids) = agents.params();
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE {filter} AND d.approve_status = 'Pending' ORDER BY d.planned_delivery_date, d.delivery_id LIMIT 5000"
    ))?;
    let rows = stmt.query_map(named_params! { ":agents": ids }, row)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An agent's or manager's search is one range of the search index per agent, never a scan.
    #[test]
    fn a_team_search_is_a_range_of_the_search_index() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::db::migrate(&mut conn).unwrap();
        for (agents, index) in [(Agents::Only(vec![7, 8]), "PRIMARY KEY"), (Agents::All, "INDEX delivery_terms_all")] {
            let plan: Vec<String> = conn
                .prepare(&format!("EXPLAIN QUERY PLAN {}", suggestions_sql(&agents)))
                .unwrap()
                .query_map(
                    named_params! { ":agents": agents.ids(), ":kind": 0, ":from": "s", ":below": "t", ":pattern": "s%", ":limit": 10 },
                    |r| r.get(3),
                )
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
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
