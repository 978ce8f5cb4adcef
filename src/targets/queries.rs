//! Targets, what was achieved, holidays and incentive slabs: the SQL and the arithmetic.
//!
//! **What counts** (CONTRACT.md "Targets and incentives"), one SQL fragment per measure below, read
//! from stored figures only, for an agent `a.uid` and a month `[:from, :to)` (dates) /
//! `[:from_ts, :to_ts)` (timestamps of local midnights):
//! - `sales_value`: the stored taxable value (`orders.taxable_paise`, step 34) of the agent's orders
//!   dated in the month, not Cancelled and not rejected over a credit limit (a rejected order is
//!   stored Cancelled too: `orders::credit`), held ones included, less approved returns (issue #54:
//!   `approved_returns`, their taxable value, by the day they were approved);
//! - `productive_calls`: those orders that came with a visit (a visit has at most one order);
//! - `lines_per_call`: the lines of those orders / productive calls, rounded half up to 2 places;
//! - `visits`: the agent's visits in the month;
//! - `new_outlets`: approved new shops (issue #54: `new_outlets`, by the day they were approved);
//! - `collections`: the agent's payments collected in the month, not reversed.
//!
//! The same fragments make the `targets` report (`REPORT_SQL`) and the API's figures (`figures`),
//! so the two cannot differ. Units: paise for money, hundredths for lines per call, counts.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, Weekday};
use rusqlite::{named_params, Connection, OptionalExtension};

use super::messages::*;
use super::types::*;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::money::Money;
use crate::platform::rights::UserType;
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;

/// A measure of the contract, in the order every answer lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Measure {
    SalesValue,
    ProductiveCalls,
    LinesPerCall,
    Visits,
    NewOutlets,
    Collections,
}

/// How a measure's figures are kept and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Paise, written as an amount.
    Money,
    /// Hundredths, written with two places.
    Hundredths,
    Count,
}

impl Measure {
    pub const ALL: [Measure; 6] =
        [Measure::SalesValue, Measure::ProductiveCalls, Measure::LinesPerCall, Measure::Visits, Measure::NewOutlets, Measure::Collections];

    pub fn code(self) -> &'static str {
        match self {
            Measure::SalesValue => "sales_value",
            Measure::ProductiveCalls => "productive_calls",
            Measure::LinesPerCall => "lines_per_call",
            Measure::Visits => "visits",
            Measure::NewOutlets => "new_outlets",
            Measure::Collections => "collections",
        }
    }

    pub fn parse(text: &str) -> Option<Measure> {
        let text = text.trim();
        Measure::ALL.into_iter().find(|m| m.code().eq_ignore_ascii_case(text))
    }

    pub fn unit(self) -> Unit {
        match self {
            Measure::SalesValue | Measure::Collections => Unit::Money,
            Measure::LinesPerCall => Unit::Hundredths,
            _ => Unit::Count,
        }
    }

    /// A target as given (a JSON number or numeric text, an upload's cell) in this measure's unit:
    /// whole for a count, at most two places otherwise, 0 or more, at most `max` for money.
    pub fn parse_target(self, text: &str, max: Money) -> Option<i64> {
        let text = text.trim();
        match self.unit() {
            Unit::Count => text.parse::<i64>().ok().filter(|n| (0..=1_000_000_000).contains(n)),
            Unit::Money => Money::read_typed(text).ok().filter(|m| *m >= Money::ZERO && *m <= max).map(Money::paise),
            Unit::Hundredths => Money::parse_exact(text).map(Money::paise).filter(|n| (0..=100_000).contains(n)),
        }
    }

    /// A figure in this unit as the answers write it.
    pub fn shown(self, units: i64) -> f64 {
        match self.unit() {
            Unit::Count => units as f64,
            Unit::Money | Unit::Hundredths => Money::from_paise(units).to_f64(),
        }
    }
}

/// A month `YYYY-MM`: its first day and the first day of the next.
pub fn month(text: &str) -> Option<(NaiveDate, NaiveDate)> {
    let text = text.trim();
    if text.len() != 7 {
        return None;
    }
    let first = crate::clock::parse_date(&format!("{text}-01"))?;
    Some((first, first + chrono::Months::new(1)))
}

/// The taxable value of the returns of the agent's customers approved in the month, in paise
/// (issue #54: a return's taxable value as it was valued, decision 40).
macro_rules! approved_returns {
    () => {
        "(SELECT COALESCE(SUM(r.taxable_paise), 0) FROM returns r WHERE r.agent_id = a.uid AND r.status = 'Approved'
            AND r.decided_at >= :from_ts AND r.decided_at < :to_ts)"
    };
}

/// The new shops the agent proposed that were approved in the month (issue #54, decision 41).
macro_rules! new_outlets {
    () => {
        "(SELECT COUNT(*) FROM outlet_proposals n WHERE n.agent_id = a.uid AND n.status = 'Approved'
            AND n.decided_at >= :from_ts AND n.decided_at < :to_ts)"
    };
}

/// The agent's orders of the month that count: not cancelled, not rejected.
macro_rules! counted_orders {
    () => {
        "FROM orders o WHERE o.agent_id = a.uid AND o.order_date >= :from AND o.order_date < :to
           AND o.status <> 'Cancelled' AND COALESCE(o.credit_hold, '') <> 'rejected'"
    };
}

/// Every agent of the scope (`{{scope:a.uid}}`) with what they achieved in the window, per measure
/// (`productive_lines`: the lines of the productive orders, for lines per call).
macro_rules! figures_cte {
    () => {
        concat!(
            "figures AS (SELECT a.uid AS agent_id, a.email AS email, a.name AS name,
                (SELECT COALESCE(SUM(o.taxable_paise), 0) ",
            counted_orders!(),
            ") - ",
            approved_returns!(),
            " AS sales_value,
                (SELECT COUNT(*) ",
            counted_orders!(),
            " AND o.visit_id IS NOT NULL) AS productive_calls,
                (SELECT COALESCE(SUM(o.line_count), 0) ",
            counted_orders!(),
            " AND o.visit_id IS NOT NULL) AS productive_lines,
                (SELECT COUNT(*) FROM visits v WHERE v.agent_id = a.uid AND v.visited_at >= :from_ts AND v.visited_at < :to_ts) AS visits,
                ",
            new_outlets!(),
            " AS new_outlets,
                (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p WHERE p.agent_id = a.uid
                    AND p.collected_at >= :from_ts AND p.collected_at < :to_ts AND p.status <> 'reversed') AS collections
             FROM users a WHERE a.user_type_id = :agent_type AND a.is_deleted = 0 AND {{scope:a.uid}})"
        )
    };
}

/// Lines per call in hundredths, rounded half up: `(lines * 200 + calls) / (2 * calls)`.
pub fn lines_per_call(lines: i64, calls: i64) -> i64 {
    if calls <= 0 {
        0
    } else {
        (lines * 200 + calls) / (2 * calls)
    }
}

/// The `targets` report (`reports::defs::TARGETS`): per agent of the scope and measure, the month of
/// the filter's first day, the target and what was achieved, in the same figures as the API.
pub const REPORT_SQL: &str = concat!(
    "WITH ",
    figures_cte!(),
    r#", measures(measure, pos) AS (VALUES ('sales_value', 1), ('productive_calls', 2), ('lines_per_call', 3), ('visits', 4),
        ('new_outlets', 5), ('collections', 6)),
     rows AS (SELECT f.email, f.name, f.agent_id, m.measure, m.pos, t.target,
        CASE m.measure WHEN 'sales_value' THEN f.sales_value WHEN 'productive_calls' THEN f.productive_calls
            WHEN 'lines_per_call' THEN (CASE WHEN f.productive_calls = 0 THEN 0
                ELSE (f.productive_lines * 200 + f.productive_calls) / (2 * f.productive_calls) END)
            WHEN 'visits' THEN f.visits WHEN 'new_outlets' THEN f.new_outlets ELSE f.collections END AS achieved
        FROM figures f CROSS JOIN measures m
        LEFT JOIN targets t ON t.agent_id = f.agent_id AND t.month = substr(:from, 1, 7) AND t.measure = m.measure)
     SELECT substr(:from, 1, 7) AS "Month", r.email AS "Agent ID", r.name AS "Agent Name", r.measure AS "Measure",
        CASE WHEN r.target IS NULL THEN NULL WHEN r.measure IN ('productive_calls', 'visits', 'new_outlets') THEN r.target
             ELSE r.target / 100.0 END AS "Target",
        CASE WHEN r.measure IN ('productive_calls', 'visits', 'new_outlets') THEN r.achieved ELSE r.achieved / 100.0 END AS "Achieved",
        CASE WHEN r.target > 0 THEN (r.achieved * 10000 / r.target) / 100.0 END AS "Achieved %:percent"
     FROM rows r ORDER BY r.name, r.agent_id, r.pos"#
);

/// One agent's figures of a month, in each measure's unit, with their targets.
#[derive(Debug, Clone)]
pub struct AgentFigures {
    pub agent_id: i64,
    pub email: String,
    pub name: String,
    pub achieved: BTreeMap<Measure, i64>,
    pub targets: BTreeMap<Measure, i64>,
}

/// What every agent of `scope` achieved in `[first, next)`, by name, with their targets.
pub fn figures(conn: &Connection, scope: Scope, first: NaiveDate, next: NaiveDate) -> AppResult<Vec<AgentFigures>> {
    let sql = format!(
        "WITH {} SELECT agent_id, email, name, sales_value, productive_calls, productive_lines, visits, new_outlets, collections
         FROM figures ORDER BY name, agent_id",
        figures_cte!()
    )
    .replace("{{scope:a.uid}}", &scope.condition("a.uid"));
    let (from, to) = (first.format("%Y-%m-%d").to_string(), next.format("%Y-%m-%d").to_string());
    let (from_ts, to_ts) = (crate::clock::start_of(first), crate::clock::start_of(next));
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut out = stmt
        .query_map(
            &*scope.with(named_params! {
            ":from": from, ":to": to, ":from_ts": from_ts, ":to_ts": to_ts,
            ":agent_type": UserType::Agent, }),
            |r| {
                let (calls, lines): (i64, i64) = (r.get(4)?, r.get(5)?);
                let achieved = BTreeMap::from([
                    (Measure::SalesValue, r.get(3)?),
                    (Measure::ProductiveCalls, calls),
                    (Measure::LinesPerCall, lines_per_call(lines, calls)),
                    (Measure::Visits, r.get(6)?),
                    (Measure::NewOutlets, r.get(7)?),
                    (Measure::Collections, r.get(8)?),
                ]);
                Ok(AgentFigures { agent_id: r.get(0)?, email: r.get(1)?, name: r.get(2)?, achieved, targets: BTreeMap::new() })
            },
        )?
        .collect::<Result<Vec<_>, _>>()?;
    let month = first.format("%Y-%m").to_string();
    let mut targets = conn.prepare_cached("SELECT measure, target FROM targets WHERE agent_id = :a AND month = :m")?;
    for agent in &mut out {
        let rows = targets.query_map(named_params! { ":a": agent.agent_id, ":m": month }, |r| Ok((r.get::<_, String>(0)?, r.get(1)?)))?;
        for row in rows {
            let (measure, target) = row?;
            if let Some(measure) = Measure::parse(&measure) {
                agent.targets.insert(measure, target);
            }
        }
    }
    Ok(out)
}

/// The working days of a month as of `today`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calendar {
    /// The month's days less Sundays and holidays.
    pub working: i64,
    /// Working days up to today, today included.
    pub worked: i64,
    /// Working days from today, included, to the month's end.
    pub remaining: i64,
}

/// The calendar of `[first, next)` given its `holidays` (any dates; those outside the month and
/// Sundays count once as not working).
pub fn calendar(first: NaiveDate, next: NaiveDate, holidays: &[NaiveDate], today: NaiveDate) -> Calendar {
    let mut c = Calendar { working: 0, worked: 0, remaining: 0 };
    let mut day = first;
    while day < next {
        if day.weekday() != Weekday::Sun && !holidays.contains(&day) {
            c.working += 1;
            if day <= today {
                c.worked += 1;
            }
            if day >= today {
                c.remaining += 1;
            }
        }
        day = day.succ_opt().unwrap_or(next);
    }
    c
}

/// The holidays in `[first, next)`.
pub fn holidays_between(conn: &Connection, first: NaiveDate, next: NaiveDate) -> AppResult<Vec<NaiveDate>> {
    let rows = conn
        .prepare_cached("SELECT day FROM holidays WHERE day >= :from AND day < :to ORDER BY day")?
        .query_map(named_params! { ":from": first.format("%Y-%m-%d").to_string(), ":to": next.format("%Y-%m-%d").to_string() }, |r| {
            r.get::<_, String>(0)
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows.iter().filter_map(|d| crate::clock::parse_date(d)).collect())
}

/// The slabs of every measure, lowest first.
pub fn slabs(conn: &Connection) -> AppResult<BTreeMap<Measure, Vec<(i64, Money)>>> {
    let mut out: BTreeMap<Measure, Vec<(i64, Money)>> = BTreeMap::new();
    let rows = conn
        .prepare_cached("SELECT measure, from_percent, payout_paise FROM incentive_slabs ORDER BY measure, from_percent")?
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    for (measure, from, payout) in rows {
        if let Some(m) = Measure::parse(&measure) {
            out.entry(m).or_default().push((from, payout));
        }
    }
    Ok(out)
}

/// `a * b / c` rounded half up, in 128 bits (paise times days passes nothing, but be exact).
fn mul_div_round(a: i64, b: i64, c: i64) -> i64 {
    ((a as i128 * b as i128 * 2 + c as i128) / (2 * c as i128)) as i64
}

/// `a / b` rounded up (a, b > 0).
fn div_ceil(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// One agent's measures and incentive from their figures.
pub fn progress(agent: &AgentFigures, cal: Calendar, slabs: &BTreeMap<Measure, Vec<(i64, Money)>>) -> (Vec<MeasureProgress>, Incentive) {
    let mut measures = Vec::new();
    let mut earned = Money::ZERO;
    // (percent gap in hundredths of a percent, -payout, the slab) of the nearest slab not reached.
    let mut next: Option<((i128, i64), NextSlab)> = None;
    for m in Measure::ALL {
        let achieved = agent.achieved.get(&m).copied().unwrap_or(0);
        let target = agent.targets.get(&m).copied();
        let projected = match m.unit() {
            // A ratio does not grow with the days.
            Unit::Hundredths => achieved,
            _ if cal.worked == 0 => achieved,
            _ => mul_div_round(achieved, cal.working, cal.worked),
        };
        let percent = target.filter(|t| *t > 0).map(|t| ((achieved as i128 * 10_000) / t as i128) as f64 / 100.0);
        let needed = match (target, m.unit()) {
            (None, _) | (_, Unit::Hundredths) => None,
            (Some(_), _) if cal.remaining == 0 => None,
            (Some(t), _) => Some(div_ceil((t - achieved).max(0), cal.remaining)),
        };
        measures.push(MeasureProgress {
            measure: m.code().into(),
            target: target.map(|t| m.shown(t)),
            achieved: m.shown(achieved),
            percent,
            projected: m.shown(projected),
            needed_per_day: needed.map(|n| m.shown(n)),
        });
        let Some(t) = target.filter(|t| *t > 0) else { continue };
        let Some(list) = slabs.get(&m) else { continue };
        // A slab is reached when achieved / target >= fromPercent / 100, in integers.
        let reached = |from: i64| achieved as i128 * 100 >= from as i128 * t as i128;
        if let Some((_, payout)) = list.iter().rev().find(|(from, _)| reached(*from)) {
            earned = Money::from_paise(earned.paise() + payout.paise());
        }
        if let Some((from, payout)) = list.iter().find(|(from, _)| !reached(*from)) {
            // The least of the measure that reaches `from` percent of the target.
            let least = div_ceil(*from * t, 100);
            let gap = (*from as i128 * t as i128 - achieved as i128 * 100) * 100 / t as i128;
            let key = (gap, -payout.paise());
            if next.as_ref().is_none_or(|(k, _)| key < *k) {
                let slab = NextSlab { measure: m.code().into(), percent: *from, payout: *payout, need: m.shown((least - achieved).max(0)) };
                next = Some((key, slab));
            }
        }
    }
    (measures, Incentive { earned, next: next.map(|(_, s)| s) })
}

/// The month of a query (`YYYY-MM`, the current one when absent).
pub fn month_of(text: Option<&str>, today: NaiveDate) -> AppResult<(String, NaiveDate, NaiveDate)> {
    let text = text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).unwrap_or_else(|| today.format("%Y-%m").to_string());
    let (first, next) = month(&text).ok_or_else(|| AppError::bad_request(TARGET_MONTH_NOT_VALID.on("month")))?;
    Ok((text, first, next))
}

/// `GET /users/targets`: one agent of `scope` (the caller's own when `agent` is none and the caller
/// is an agent).
pub fn agent_targets(conn: &Connection, scope: Scope, agent: UserId, month: Option<&str>, today: NaiveDate) -> AppResult<Targets> {
    let (month, first, next) = month_of(month, today)?;
    let own = scope.narrowed(conn, Some(agent))?;
    let cal = calendar(first, next, &holidays_between(conn, first, next)?, today);
    let slabs = slabs(conn)?;
    let figures = figures(conn, own, first, next)?;
    let agent = figures.into_iter().next().ok_or(AppError::not_found(crate::platform::scope::NO_AGENT))?;
    let (measures, incentive) = progress(&agent, cal, &slabs);
    Ok(Targets {
        agent_id: agent.agent_id,
        agent_name: agent.name,
        month,
        days_worked: cal.worked,
        working_days: cal.working,
        remaining_days: cal.remaining,
        measures,
        incentive,
    })
}

/// `GET /users/targets/team`: every agent of `scope`.
pub fn team(conn: &Connection, scope: Scope, month: Option<&str>, today: NaiveDate) -> AppResult<Team> {
    let (month, first, next) = month_of(month, today)?;
    let cal = calendar(first, next, &holidays_between(conn, first, next)?, today);
    let slabs = slabs(conn)?;
    let agents = figures(conn, scope, first, next)?
        .into_iter()
        .map(|a| {
            let (measures, incentive) = progress(&a, cal, &slabs);
            TeamAgent { agent_id: a.agent_id, agent_name: a.name, email: a.email, measures, incentive }
        })
        .collect();
    Ok(Team { month, days_worked: cal.worked, working_days: cal.working, remaining_days: cal.remaining, agents })
}

/// Sets (or with `target` none removes) an agent's target: the agent must be a live agent the
/// caller manages (an administrator any), else the usual 404 of an agent outside the scope.
/// `stamp`: who sets it, and when.
pub fn set_target(
    conn: &Connection,
    scope: Scope,
    agent: UserId,
    month: &str,
    measure: Measure,
    target: Option<i64>,
    stamp: (UserId, i64),
) -> AppResult<()> {
    let found: Option<Option<UserId>> = conn
        .prepare_cached("SELECT manager_id FROM users WHERE uid = :a AND user_type_id = :agent AND is_deleted = 0")?
        .query_row(named_params! { ":a": agent, ":agent": UserType::Agent }, |r| r.get(0))
        .optional()?;
    let (by, now) = stamp;
    match found {
        Some(manager) if scope.manages(UserType::Agent, manager) => {}
        _ => return Err(AppError::not_found(crate::platform::scope::NO_AGENT)),
    }
    match target {
        Some(target) => {
            conn.prepare_cached(
                "INSERT INTO targets (agent_id, month, measure, target, set_by, set_at) VALUES (:a, :m, :measure, :t, :by, :now)
                 ON CONFLICT (agent_id, month, measure) DO UPDATE SET target = excluded.target, set_by = excluded.set_by, set_at = excluded.set_at",
            )?
            .execute(named_params! { ":a": agent, ":m": month, ":measure": measure.code(), ":t": target, ":by": by, ":now": now })?;
        }
        None => {
            conn.prepare_cached("DELETE FROM targets WHERE agent_id = :a AND month = :m AND measure = :measure")?
                .execute(named_params! { ":a": agent, ":m": month, ":measure": measure.code() })?;
        }
    }
    Ok(())
}

/// The agent (a live agent of `scope`) of an upload's email, for the `target` kind.
pub fn agent_by_email(conn: &Connection, scope: Scope, email: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(&format!(
        "SELECT a.uid FROM users a WHERE a.email = :e AND a.user_type_id = :agent AND a.is_deleted = 0 AND {}",
        scope.condition("a.uid")
    ))?
    .query_row(&*scope.with(named_params! { ":e": email, ":agent": UserType::Agent }), |r| r.get(0))
    .optional()
}

pub fn set_holiday(conn: &Connection, day: &str, name: &str, by: UserId, now: i64) -> AppResult<()> {
    conn.prepare_cached(
        "INSERT INTO holidays (day, name, created_by, created_at) VALUES (:d, :n, :by, :now)
         ON CONFLICT (day) DO UPDATE SET name = excluded.name",
    )?
    .execute(named_params! { ":d": day, ":n": name, ":by": by, ":now": now })?;
    Ok(())
}

pub fn remove_holiday(conn: &Connection, day: &str) -> AppResult<()> {
    let gone = conn.prepare_cached("DELETE FROM holidays WHERE day = :d")?.execute(named_params! { ":d": day })?;
    if gone == 0 {
        return Err(AppError::not_found(HOLIDAY_NOT_FOUND));
    }
    Ok(())
}

pub fn holidays(conn: &Connection, year: Option<i64>) -> AppResult<Vec<Holiday>> {
    let prefix = year.map(|y| format!("{y:04}-"));
    Ok(conn
        .prepare_cached("SELECT day, name FROM holidays WHERE :p IS NULL OR day LIKE :p || '%' ORDER BY day")?
        .query_map(named_params! { ":p": prefix }, Holiday::from_row)?
        .collect::<Result<Vec<_>, _>>()?)
}

/// Replaces the slabs of `measure`.
pub fn set_slabs(tx: &Connection, measure: Measure, slabs: &[Slab]) -> AppResult<()> {
    tx.prepare_cached("DELETE FROM incentive_slabs WHERE measure = :m")?.execute(named_params! { ":m": measure.code() })?;
    let mut insert = tx.prepare_cached("INSERT INTO incentive_slabs (measure, from_percent, payout_paise) VALUES (:m, :f, :p)")?;
    for s in slabs {
        insert.execute(named_params! { ":m": measure.code(), ":f": s.from_percent, ":p": s.payout })?;
    }
    Ok(())
}

/// Every measure's slabs, for the screens.
pub fn all_slabs(conn: &Connection) -> AppResult<Vec<MeasureSlabs>> {
    Ok(slabs(conn)?
        .into_iter()
        .map(|(m, list)| MeasureSlabs {
            measure: m.code().into(),
            slabs: list.into_iter().map(|(from_percent, payout)| Slab { from_percent, payout }).collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        crate::clock::parse_date(s).unwrap()
    }

    #[test]
    fn working_days_leave_out_sundays_and_holidays_and_today_counts_both_ways() {
        // December 2026: 31 days, Sundays 6, 13, 20, 27; a holiday on Friday the 25th.
        let (first, next) = month("2026-12").unwrap();
        let cal = calendar(first, next, &[d("2026-12-25")], d("2026-12-07"));
        assert_eq!(cal, Calendar { working: 26, worked: 6, remaining: 21 });
        // A Sunday: worked up to it, remaining from the Monday.
        let cal = calendar(first, next, &[d("2026-12-25")], d("2026-12-06"));
        assert_eq!((cal.worked, cal.remaining), (5, 21));
        assert_eq!(calendar(first, next, &[], d("2027-01-02")), Calendar { working: 27, worked: 27, remaining: 0 });
        assert_eq!(calendar(first, next, &[], d("2026-11-30")), Calendar { working: 27, worked: 0, remaining: 27 });
    }

    #[test]
    fn projection_need_and_slabs_are_integer_exact() {
        let agent = AgentFigures {
            agent_id: 1,
            email: String::new(),
            name: String::new(),
            achieved: BTreeMap::from([(Measure::SalesValue, 100_001), (Measure::ProductiveCalls, 16), (Measure::LinesPerCall, 250)]),
            targets: BTreeMap::from([(Measure::SalesValue, 1_000_000), (Measure::ProductiveCalls, 20), (Measure::LinesPerCall, 300)]),
        };
        let cal = Calendar { working: 26, worked: 6, remaining: 21 };
        let slabs = BTreeMap::from([(Measure::ProductiveCalls, vec![(50, Money::from_paise(50_000)), (100, Money::from_paise(150_000))])]);
        let (m, incentive) = progress(&agent, cal, &slabs);
        // 1000.01 * 26 / 6 = 4333.376..., to the paisa half up.
        assert_eq!(m[0].projected, 4333.38);
        assert_eq!(m[0].percent, Some(10.0));
        // (10000 - 1000.01) / 21 = 428.5709..., up to the paisa.
        assert_eq!(m[0].needed_per_day, Some(428.58));
        assert_eq!(m[1].percent, Some(80.0));
        assert_eq!(m[1].needed_per_day, Some(1.0));
        assert_eq!(m[2].achieved, 2.5);
        assert_eq!(m[2].projected, 2.5);
        assert_eq!(m[2].needed_per_day, None);
        assert_eq!(incentive.earned, Money::from_paise(50_000));
        let next = incentive.next.unwrap();
        assert_eq!(
            (next.measure.as_str(), next.percent, next.payout, next.need),
            ("productive_calls", 100, Money::from_paise(150_000), 4.0)
        );
    }

    #[test]
    fn lines_per_call_rounds_half_up() {
        assert_eq!(lines_per_call(5, 3), 167);
        assert_eq!(lines_per_call(1, 8), 13);
        assert_eq!(lines_per_call(7, 0), 0);
    }
}
