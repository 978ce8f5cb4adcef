//! Request and response shapes of the targets endpoints (CONTRACT.md "Targets and incentives").
//! Figures are numbers in the measure's unit: an amount (two places) for `sales_value` and
//! `collections`, lines per productive call with two places, a count for the others.

use serde::{Deserialize, Serialize};

use crate::platform::lenient;
use crate::platform::money::Money;
use crate::platform::rows::row_struct;

/// `GET /users/targets?agentId=&month=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct TargetsQuery {
    /// The agent (inside the caller's scope); an agent's own when absent.
    pub agent_id: lenient::Int,
    /// YYYY-MM; the current month when absent.
    pub month: Option<String>,
}

/// `GET /users/targets/team?month=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct TeamQuery {
    /// YYYY-MM; the current month when absent.
    pub month: Option<String>,
}

/// One measure of one agent's month.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeasureProgress {
    /// sales_value, productive_calls, lines_per_call, visits, new_outlets or collections.
    pub measure: String,
    /// Null when no target is set for the month.
    pub target: Option<f64>,
    pub achieved: f64,
    /// Achieved of target in percent, floored to two places; null without a target (or a target of 0).
    pub percent: Option<f64>,
    /// At the run rate so far: achieved / days worked x working days (a ratio, lines per call, stays as it is).
    pub projected: f64,
    /// What is still needed per remaining working day (today included), never below 0; null without a
    /// target, when no working day remains, and for lines per call.
    pub needed_per_day: Option<f64>,
}

/// The next slab within reach.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextSlab {
    pub measure: String,
    /// The slab's fromPercent.
    pub percent: i64,
    /// What the measure pays at that slab.
    pub payout: Money,
    /// How much more of the measure reaches it (in the measure's unit).
    pub need: f64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Incentive {
    /// The sum over the measures of the highest slab each reached.
    pub earned: Money,
    /// The slab nearest in percent not reached yet, if any.
    pub next: Option<NextSlab>,
}

/// `GET /users/targets`: one agent's month.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Targets {
    pub agent_id: i64,
    pub agent_name: String,
    /// YYYY-MM.
    pub month: String,
    /// Working days of the month up to today, today included (all of them for a month past, 0 for one to come).
    pub days_worked: i64,
    /// The month's days less Sundays and holidays.
    pub working_days: i64,
    /// Working days from today (included) to the month's end.
    pub remaining_days: i64,
    pub measures: Vec<MeasureProgress>,
    pub incentive: Incentive,
}

/// One agent's row of the team view.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamAgent {
    pub agent_id: i64,
    pub agent_name: String,
    pub email: String,
    pub measures: Vec<MeasureProgress>,
    pub incentive: Incentive,
}

/// `GET /users/targets/team`: the caller's agents (an administrator's: every agent), by name.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub month: String,
    pub days_worked: i64,
    pub working_days: i64,
    pub remaining_days: i64,
    pub agents: Vec<TeamAgent>,
}

/// `POST /master/target`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SetTarget {
    pub agent_id: lenient::Int,
    /// YYYY-MM.
    pub month: Option<String>,
    pub measure: Option<String>,
    /// 0 or more in the measure's unit; null or empty removes the target.
    #[schema(value_type = Option<f64>)]
    pub target: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetSaved {
    pub message: String,
    pub code: String,
    pub agent_id: i64,
    pub month: String,
    pub measure: String,
    /// Null: removed.
    pub target: Option<f64>,
}

/// `POST /master/holiday`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SetHoliday {
    /// YYYY-MM-DD.
    pub date: Option<String>,
    pub name: Option<String>,
}

row_struct! {
    #[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Holiday {
        pub date: String,
        pub name: String,
    }
}

/// `GET /master/holiday?year=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct HolidayQuery {
    /// YYYY; every holiday when absent.
    pub year: lenient::Int,
}

/// One slab: from this percent of the target, the measure pays `payout`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slab {
    pub from_percent: i64,
    pub payout: Money,
}

/// `POST /master/incentive`: the measure's slabs, replacing those before (an empty list removes them).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SetIncentive {
    pub measure: Option<String>,
    pub slabs: Vec<Slab>,
}

/// The slabs of one measure, lowest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeasureSlabs {
    pub measure: String,
    pub slabs: Vec<Slab>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Saved {
    pub message: String,
    pub code: String,
}

impl From<crate::platform::error::Msg> for Saved {
    fn from(msg: crate::platform::error::Msg) -> Self {
        Saved { message: msg.text.into(), code: msg.code.into() }
    }
}
