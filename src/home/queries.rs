//! SQL of the home figures: each over the caller's `Scope`, by its one condition.

use rusqlite::{named_params, Connection};

use super::types::Home;
use crate::buckets::{percent, visit_summary, Windows};
use crate::clock;
use crate::platform::rights::UserType;
use crate::platform::scope::Scope;

/// What `home` counts beyond the visit summary, chosen by the caller's rights.
pub struct HomeExtras {
    pub pending_approvals: bool,
    /// The caller, left out of the blocked users as the Block/Unblock list leaves them out.
    pub blocked_users_but: Option<i64>,
    /// Whose uploads count: `Some(None)` everyone's, `Some(Some(uid))` the caller's, `None` none.
    pub uploads_by: Option<Option<i64>>,
}

/// Today's home figures over `scope`.
pub fn figures(conn: &Connection, scope: Scope, w: Windows, extras: HomeExtras) -> rusqlite::Result<Home> {
    let summary = visit_summary(conn, scope, w)?;
    let filter = scope.condition("c.agent_id");
    let today_ts = clock::start_of(w.today);
    let verified: i64 = conn.query_row(
        &format!(
            "SELECT COALESCE(SUM(v.location_status = 'verified'), 0)
             FROM customers c JOIN visits v ON v.customer_id = c.customer_id AND v.visited_at >= :today_ts WHERE {filter}"
        ),
        &*scope.with(named_params! { ":today_ts": today_ts }),
        |r| r.get(0),
    )?;
    // Agents as `c.agent_id`, so the scope's one condition applies to them too.
    let (all, idle): (i64, i64) = conn.query_row(
        &format!(
            "WITH c AS (SELECT uid AS agent_id FROM users WHERE user_type_id = :agent AND is_deleted = 0)
             SELECT COUNT(*), COALESCE(SUM(NOT EXISTS (SELECT 1 FROM visits v WHERE v.agent_id = c.agent_id AND v.visited_at >= :today_ts)), 0)
             FROM c WHERE {filter}"
        ),
        &*scope.with(named_params! { ":agent": UserType::Agent, ":today_ts": today_ts }),
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let pending_approvals = if extras.pending_approvals {
        Some(conn.query_row(
            &format!(
                "SELECT COUNT(*) FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
                 WHERE {filter} AND d.approve_status = 'Pending'"
            ),
            &*scope.with(named_params! {}),
            |r| r.get(0),
        )?)
    } else {
        None
    };
    let blocked_users = match extras.blocked_users_but {
        Some(me) => Some(conn.query_row(
            "SELECT COUNT(*) FROM users u
             WHERE u.is_deleted = 0 AND u.uid <> :me AND (u.is_blocked OR EXISTS (SELECT 1 FROM sign_in_locks l WHERE l.uid = u.uid AND l.locked_until > :now))",
            named_params! { ":me": me, ":now": crate::now() },
            |r| r.get(0),
        )?),
        None => None,
    };
    let (uploads_with_errors, latest_upload_with_errors) = match extras.uploads_by {
        Some(by) => {
            let (count, kind) = crate::uploads::queries::with_errors_since(conn, today_ts, by)?;
            (Some(count), kind)
        }
        None => (None, None),
    };
    Ok(Home {
        date: Windows::date(w.today),
        visits: summary.total_visit_ftd,
        verified,
        verified_percentage: percent(verified as f64, summary.total_visit_ftd as f64),
        orders: summary.unique_order_ftd,
        order_value: summary.order_value_ftd,
        pending_approvals,
        blocked_users,
        uploads_with_errors,
        latest_upload_with_errors,
        agents: all,
        agents_not_started: idle,
    })
}
