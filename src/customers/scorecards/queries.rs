//! The SQL of the scorecards.

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::customers::types::Scorecard;

/// The scorecard of agent `agent`, if one was uploaded.
pub(super) fn card(conn: &Connection, agent: i64) -> rusqlite::Result<Option<Scorecard>> {
    conn.query_row(
        "SELECT s.updated_upto, u.email, s.ttv_target, s.ttv_achieved, s.last_month_ttv, s.retailer_target,
                s.retailers_achieved, s.last_month_active_retailers, s.ttv_projection, s.proposed_incentive,
                s.qualification_status
         FROM scorecards s JOIN users u ON u.uid = s.agent_id WHERE s.agent_id = :a",
        named_params! { ":a": agent },
        |r| {
            let (target, achieved): (f64, f64) = (r.get(2)?, r.get(3)?);
            let (retailers, done): (i64, i64) = (r.get(5)?, r.get(6)?);
            Ok(Scorecard {
                updated_upto: r.get(0)?,
                agent_id: r.get(1)?,
                ttv_target: target,
                ttv_achieved: achieved,
                ttv_achieved_percentage: percent(achieved, target),
                last_month_ttv: r.get(4)?,
                retailer_target: retailers,
                retailers_achieved: done,
                retailers_achieved_percentage: percent(done as f64, retailers as f64),
                last_month_active_retailers: r.get(7)?,
                ttv_projection: r.get(8)?,
                proposed_incentive: r.get(9)?,
                qualification_status: r.get(10)?,
            })
        },
    )
    .optional()
}

/// A row of the Scorecard upload (`uploads::kinds::SCORECARD` names the parameters): the agent's
/// scorecard, replaced.
pub fn replace_uploaded(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO scorecards (agent_id, updated_upto, ttv_target, ttv_achieved, last_month_ttv,
             retailer_target, retailers_achieved, last_month_active_retailers, ttv_projection, proposed_incentive,
             qualification_status)
         VALUES (:a, :u, :t, :ta, :l, :rt, :ra, :la, :p, :i, :q)",
    )?
    .execute(params)
}

fn percent(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        (part * 10_000.0 / whole).round() / 100.0
    } else {
        0.0
    }
}
