//! The plan of a day and what was done of it: one SQL definition (`plan_cte!`) read by the agent's
//! day (`GET /users/plan/today`), the landing tiles and the beat-adherence report, so the three
//! always agree.
//!
//! Definitions, per agent and local day:
//! - planned: the customers on the agent's beats that run that weekday, as the beats stood that
//!   day (dated versions, see schema.sql), and still the agent's customers; each counted once;
//! - visited as planned: planned customers with a visit by the agent that day;
//! - visited off-site: of those, the ones whose every visit that day was off-site;
//! - ordered as planned (`productive` in the answers): planned customers with an order (not
//!   cancelled) booked that day, each once. Not the visit summary's "Unique Orders Today" (every
//!   order of the day, uploaded or booked, planned customer or not), nor its productive visits
//!   (visits saved with an order), so no screen calls it "productive";
//! - unplanned: customers visited that day that were not planned;
//! - adherence %: planned customers visited on-site (not off-site) / planned x 100.

use chrono::{Datelike, Days, NaiveDate};
use rusqlite::{named_params, Connection};
use serde::Serialize;

use super::super::types::{CustomerPlace, DayPlan, PlanBeat, PlanCustomer, WEEKDAY_NAMES};
use crate::customers::api::LocationStatus;
use crate::platform::ids::UserId;
use crate::platform::rights::UserType;
use crate::platform::rows::{row_struct, FromRow};
use crate::platform::scope::Scope;

/// The common table expressions of a window of days, `[:from, :to)` as dates, over the agents
/// (`:agent_type`) of a scope: `{{scope:u.uid}}` stands for `Scope::condition("u.uid")` (binding
/// `:scope_uid`), rendered by [`with_scope`] here and by `reports::with_scope` for the report:
/// `plan` (every planned stop with its beat), `seen` (visited customers with the best check-in of
/// the day: 3 verified, 2 customer unlocated, 1 no location or before verification, 0 off-site;
/// read from `visit_days`, the visits' summary per agent, local day and customer that a trigger
/// keeps, so a day costs one row per customer, not one per visit), `sold` (customers with an
/// order) and `day` (one row per customer planned or visited that day: `planned` 1 or 0, `best` as
/// in `seen` or NULL when not visited, `sold` 1 or 0). `day` groups the three lists in one pass;
/// joining `seen` and `sold` back onto it grew with the square of a day's customers (2 s for an
/// agent who visited 5,000 customers in a day in the benchmark).
macro_rules! plan_cte {
    () => {
        concat!(
            "WITH RECURSIVE
         days(d) AS (SELECT :from UNION ALL SELECT date(d, '+1 day') FROM days WHERE date(d, '+1 day') < :to),
         agents(uid) AS (SELECT u.uid FROM users u WHERE u.user_type_id = :agent_type AND {{scope:u.uid}}),
         plan(d, agent_id, customer_id, beat_id, beat_name, sequence) AS (
             SELECT days.d, b.agent_id, s.customer_id, b.beat_id, b.beat_name, s.sequence
             FROM days JOIN beats b ON b.agent_id IN agents AND (b.deleted_on IS NULL OR b.deleted_on > days.d)
             JOIN beat_days w ON w.beat_id = b.beat_id AND w.weekday = CAST(strftime('%u', days.d) AS INTEGER)
                  AND w.valid_from <= days.d AND (w.valid_to IS NULL OR w.valid_to > days.d)
             JOIN beat_stops s ON s.beat_id = b.beat_id AND s.valid_from <= days.d AND (s.valid_to IS NULL OR s.valid_to > days.d)
             JOIN customers c ON c.customer_id = s.customer_id AND c.agent_id = b.agent_id),
         seen(d, agent_id, customer_id, best) AS (
             SELECT v.day, v.agent_id, v.customer_id, v.best FROM visit_days v
             WHERE v.agent_id IN agents AND v.day >= :from AND v.day < :to),
         sold(d, agent_id, customer_id) AS (
             SELECT DISTINCT o.order_date, o.agent_id, o.customer_id FROM orders o
             WHERE o.agent_id IN agents AND o.order_date >= :from AND o.order_date < :to AND o.status <> 'Cancelled'),
         day(d, agent_id, customer_id, planned, best, sold) AS (
             SELECT d, agent_id, customer_id, MAX(planned), MAX(best), MAX(sold) FROM (
                 SELECT d, agent_id, customer_id, 1 AS planned, NULL AS best, 0 AS sold FROM plan
                 UNION ALL SELECT d, agent_id, customer_id, 0, best, 0 FROM seen
                 UNION ALL SELECT d, agent_id, customer_id, 0, NULL, 1 FROM sold)
             GROUP BY d, agent_id, customer_id
             HAVING MAX(planned) = 1 OR MAX(best) IS NOT NULL)
         "
        )
    };
}

/// The beat-adherence report's rows: per day and agent, in date and agent order.
pub const ADHERENCE_REPORT_SQL: &str = concat!(
    plan_cte!(),
    r#"SELECT day.d AS "Date:date", u.name AS "Agent Name", u.email AS "Agent Email", SUM(day.planned) AS "Planned",
            SUM(day.planned AND day.best IS NOT NULL) AS "Visited As Planned",
            SUM(day.planned AND day.best IS 0) AS "Visited Off-site", SUM(day.planned AND day.sold) AS "Ordered As Planned",
            SUM(NOT day.planned) AS "Unplanned Visits",
            CASE WHEN SUM(day.planned) > 0
                 THEN ROUND(100.0 * SUM(day.planned AND IFNULL(day.best, 0) > 0) / SUM(day.planned), 2) END AS "Adherence %"
     FROM day JOIN users u ON u.uid = day.agent_id GROUP BY day.d, day.agent_id ORDER BY day.d, u.email"#
);

/// The day's figures, as the report's columns over `day`, but read from the plan's (few) customers
/// instead of every customer seen or sold that day (the landing counts them on a cache miss, and a
/// benchmark agent sees 5,000 customers and books 35,000 orders in a day): each planned customer
/// is looked up in `visit_days` and probed for an order, and the unplanned are the agents' rows of
/// `visit_days` that day less the planned ones among them. `sold` is the CTE's condition on one
/// customer's orders of that day, looked up by customer (`+` keeps SQLite from walking the agent's
/// orders of the day instead); a test compares these figures with the grouping over `day`.
const TOTALS_SQL: &str = concat!(
    plan_cte!(),
    ", planned(d, agent_id, customer_id) AS (SELECT DISTINCT d, agent_id, customer_id FROM plan)
     SELECT COUNT(*), COUNT(v.best), COUNT(*) FILTER (WHERE v.best = 0),
            COUNT(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM orders o WHERE o.customer_id = p.customer_id AND o.order_date = p.d
                AND +o.agent_id = p.agent_id AND o.status <> 'Cancelled')),
            (SELECT COUNT(*) FROM seen) - COUNT(v.best)
     FROM planned p LEFT JOIN visit_days v ON v.agent_id = p.agent_id AND v.day = p.d AND v.customer_id = p.customer_id"
);

/// The day's customers of one agent, planned first in visiting order (a customer on two of the
/// day's beats comes once, at its first place), then the unplanned ones by name.
const CUSTOMERS_SQL: &str = concat!(
    plan_cte!(),
    ", first(customer_id, beat_id, beat_name, sequence) AS (
         SELECT customer_id, beat_id, beat_name, sequence FROM (
             SELECT p.*, ROW_NUMBER() OVER (PARTITION BY p.customer_id
                                            ORDER BY p.beat_name COLLATE NOCASE, p.beat_id, p.sequence) AS place
             FROM plan p)
         WHERE place = 1)
     SELECT day.planned, c.buyer_id, c.name, c.address1, c.city, c.latitude, c.longitude, f.beat_id,
            day.best, day.sold
     FROM day JOIN customers c ON c.customer_id = day.customer_id
     LEFT JOIN first f ON day.planned AND f.customer_id = day.customer_id
     ORDER BY day.planned DESC, f.beat_name COLLATE NOCASE, f.beat_id, f.sequence, c.name COLLATE NOCASE, c.buyer_id"
);

row_struct! {
    /// The four figures of a day, summed over agents.
    #[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct DayFigures {
        pub planned: i64,
        pub visited_as_planned: i64,
        pub visited_off_site: i64,
        pub productive: i64,
        pub unplanned: i64,
    }
}

impl std::ops::AddAssign for DayFigures {
    fn add_assign(&mut self, o: DayFigures) {
        self.planned += o.planned;
        self.visited_as_planned += o.visited_as_planned;
        self.visited_off_site += o.visited_off_site;
        self.productive += o.productive;
        self.unplanned += o.unplanned;
    }
}

/// The window parameters of one day.
fn day_params(day: NaiveDate) -> (String, String) {
    (day.format("%Y-%m-%d").to_string(), (day + Days::new(1)).format("%Y-%m-%d").to_string())
}

/// One of this module's statements with the scope's condition in place of `{{scope:u.uid}}`.
fn with_scope(sql: &str, scope: Scope) -> String {
    sql.replace("{{scope:u.uid}}", &scope.condition("u.uid"))
}

/// The day's figures over the agents of `scope` (an agent's own scope is that agent).
pub fn totals(conn: &Connection, scope: Scope, day: NaiveDate) -> rusqlite::Result<DayFigures> {
    let (from, to) = day_params(day);
    conn.prepare_cached(&with_scope(TOTALS_SQL, scope))?
        .query_row(&*scope.with(named_params! { ":from": from, ":to": to, ":agent_type": UserType::Agent }), DayFigures::from_row)
}

/// The check-in that `day.best` stands for (`None` for visits saved before verification).
fn best_status(best: Option<i64>) -> Option<LocationStatus> {
    match best? {
        3 => Some(LocationStatus::Verified),
        2 => Some(LocationStatus::CustomerUnlocated),
        0 => Some(LocationStatus::OffSite),
        _ => Some(LocationStatus::NoLocation),
    }
}

/// One agent's day: the beats that run, the planned customers in order with what was done, the
/// unplanned visits, and the figures.
pub fn day_plan(conn: &Connection, agent_id: UserId, agent_name: String, day: NaiveDate) -> rusqlite::Result<DayPlan> {
    let (from, to) = day_params(day);
    let weekday = day.weekday().number_from_monday() as i64;
    let beats = conn
        .prepare_cached(
            "SELECT b.beat_id, b.beat_name FROM beats b
             WHERE b.agent_id = :agent AND (b.deleted_on IS NULL OR b.deleted_on > :day)
               AND EXISTS (SELECT 1 FROM beat_days w WHERE w.beat_id = b.beat_id AND w.weekday = :weekday
                           AND w.valid_from <= :day AND (w.valid_to IS NULL OR w.valid_to > :day))
             ORDER BY b.beat_name COLLATE NOCASE, b.beat_id",
        )?
        .query_map(named_params! { ":agent": agent_id, ":day": from, ":weekday": weekday }, PlanBeat::from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    let mut customers = Vec::new();
    let mut unplanned_visits = Vec::new();
    let scope = Scope::Own { uid: agent_id };
    let mut stmt = conn.prepare_cached(&with_scope(CUSTOMERS_SQL, scope))?;
    let mut rows = stmt.query(&*scope.with(named_params! { ":from": from, ":to": to, ":agent_type": UserType::Agent }))?;
    while let Some(r) = rows.next()? {
        let planned: bool = r.get(0)?;
        let best: Option<i64> = r.get(8)?;
        let customer = PlanCustomer {
            place: CustomerPlace::from_row_at(r, 1)?,
            sequence: planned.then_some(customers.len() as i64 + 1),
            beat_id: if planned { r.get(7)? } else { None },
            visited: best.is_some(),
            location_status: best_status(best),
            ordered: r.get(9)?,
        };
        if planned {
            customers.push(customer);
        } else {
            unplanned_visits.push(customer);
        }
    }
    let visited = customers.iter().filter(|c| c.visited);
    Ok(DayPlan {
        date: from.clone(),
        weekday: WEEKDAY_NAMES[(weekday - 1) as usize].to_string(),
        agent_id: agent_id.0,
        agent_name,
        beats,
        planned: customers.len() as i64,
        visited_as_planned: visited.clone().count() as i64,
        visited_off_site: visited.filter(|c| c.location_status == Some(LocationStatus::OffSite)).count() as i64,
        productive: customers.iter().filter(|c| c.ordered).count() as i64,
        unplanned: unplanned_visits.len() as i64,
        customers,
        unplanned_visits,
    })
}
