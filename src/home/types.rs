//! The home screen's answer.

use serde::Serialize;

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
