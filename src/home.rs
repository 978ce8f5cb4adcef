//! The administrator's home (spec: "shows only a dashboard image"): a picture of today's figures
//! the administrator acts on, each the same figure as the screen its tile leads to. It stands
//! above the areas whose figures it shows (the visit summary of `buckets`, the upload history of
//! `uploads`), so neither has to know the other.

use axum::extract::{FromRef, State};
use rusqlite::{named_params, Connection};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::CurrentUser;
use crate::buckets::figures::{percent, visit_summary, Windows};
use crate::clock;
use crate::error::AppResult;
use crate::extract::Json;
use crate::rights;
use crate::scope::{agents_for, Agents, Scope};
use crate::state::AppState;

/// The area's routes, for any router state that holds the shared state.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(home))
}

/// `GET /users/home` (visit_summary): the administrator's home figures for today over the caller's
/// whole scope; pending approvals need delivery_approve, blocked users unblock_user and uploads
/// with errors one upload right (else null).
#[utoipa::path(get, path = "/users/home", tag = "home", summary = "Today's figures of the home screen",
    responses(
        (status = 200, description = "OK", body = Home)
    ))]
pub async fn home(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Home>> {
    let extras = HomeExtras {
        pending_approvals: user.has_right(rights::DELIVERY_APPROVE),
        blocked_users_but: user.has_right(rights::UNBLOCK_USER).then_some(user.uid),
        uploads_by: crate::uploads::kinds::ALL
            .iter()
            .any(|k| user.has_right(k.right))
            .then(|| (!matches!(user.scope(), Scope::All)).then_some(user.uid)),
    };
    user.require(rights::VISIT_SUMMARY)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let agents = agents_for(conn, scope, 0)?;
            Ok(figures(conn, scope, &agents, Windows::now(), extras)?)
        })
        .await
        .map(Json)
}

/// The administrator's home: today's figures over the caller's scope, each the same figure the
/// screen its tile leads to shows (visits, orders and value are the visit summary's own).
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Home {
    /// Today, YYYY-MM-DD.
    pub date: String,
    /// The visit summary's `totalVisitFTD`.
    pub visits: i64,
    /// Of today's visits, those verified at the shop, and that share of all today's visits (0-100).
    pub verified: i64,
    pub verified_percentage: f64,
    /// The visit summary's `uniqueOrderFTD` and `orderValueFTD`.
    pub orders: i64,
    pub order_value: f64,
    /// Deliveries waiting for approval (the Delivery Approve list); null without delivery_approve.
    pub pending_approvals: Option<i64>,
    /// Live users blocked or locked by wrong passwords (the Block/Unblock list, the caller left
    /// out); null without unblock_user.
    pub blocked_users: Option<i64>,
    /// Today's uploads with rejected rows (everyone's for an administrator's scope, else the
    /// caller's own); null without an upload right.
    pub uploads_with_errors: Option<i64>,
    /// The kind of the latest of them (`customer`, `order`, ...: its upload screen takes the fixed file).
    pub latest_upload_with_errors: Option<String>,
    /// Live agents in scope, and those of them with no visit saved today.
    pub agents: i64,
    pub agents_not_started: i64,
}

/// What `home` counts beyond the visit summary, chosen by the caller's rights.
struct HomeExtras {
    pending_approvals: bool,
    /// The caller, left out of the blocked users as the Block/Unblock list leaves them out.
    blocked_users_but: Option<i64>,
    /// Whose uploads count: `Some(None)` everyone's, `Some(Some(uid))` the caller's, `None` none.
    uploads_by: Option<Option<i64>>,
}

fn figures(conn: &Connection, scope: Scope, agents: &Agents, w: Windows, extras: HomeExtras) -> rusqlite::Result<Home> {
    let summary = visit_summary(conn, scope, w)?;
    let (filter, ids) = agents.params();
    let today_ts = clock::start_of(w.today);
    let verified: i64 = conn.query_row(
        &format!(
            "SELECT COALESCE(SUM(v.location_status = 'verified'), 0)
             FROM customers c JOIN visits v ON v.customer_id = c.customer_id AND v.visited_at >= :today_ts WHERE {filter}"
        ),
        named_params! { ":agents": ids, ":today_ts": today_ts },
        |r| r.get(0),
    )?;
    // Agents as `c.agent_id`, so the scope's one condition applies to them too.
    let (all, idle): (i64, i64) = conn.query_row(
        &format!(
            "WITH c AS (SELECT uid AS agent_id FROM users WHERE user_type_id = :agent AND is_deleted = 0)
             SELECT COUNT(*), COALESCE(SUM(NOT EXISTS (SELECT 1 FROM visits v WHERE v.agent_id = c.agent_id AND v.visited_at >= :today_ts)), 0)
             FROM c WHERE {filter}"
        ),
        named_params! { ":agents": ids, ":agent": crate::rights::AGENT, ":today_ts": today_ts },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let pending_approvals = if extras.pending_approvals {
        Some(conn.query_row(
            &format!(
                "SELECT COUNT(*) FROM deliveries d JOIN customers c ON c.customer_id = d.customer_id
                 WHERE {filter} AND d.approve_status = 'Pending'"
            ),
            named_params! { ":agents": ids },
            |r| r.get(0),
        )?)
    } else {
        None
    };
    let blocked_users = match extras.blocked_users_but {
        Some(me) => Some(conn.query_row(
            "SELECT COUNT(*) FROM users u
             WHERE u.is_deleted = 0 AND u.uid <> :me AND (u.is_blocked OR COALESCE(u.locked_until > :now, 0))",
            named_params! { ":me": me, ":now": crate::now() },
            |r| r.get(0),
        )?),
        None => None,
    };
    let (uploads_with_errors, latest_upload_with_errors) = match extras.uploads_by {
        Some(by) => {
            let (count, kind) = crate::uploads::import::with_errors_since(conn, today_ts, by)?;
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
