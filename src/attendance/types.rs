//! The request and answer shapes of the working day (CONTRACT.md, "Photos and attendance").

use serde::{Deserialize, Serialize};

use crate::platform::lenient;

/// A tap on "Start day" or "End day", sent at once or later from the phone's queue.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DayMark {
    /// The phone's id of this tap (1-64 of `A-Za-z0-9_-`): a repeat by the same agent records nothing.
    pub client_id: Option<String>,
    /// The phone's time of the tap, ISO 8601 with offset (at most 5 minutes ahead, 7 days old);
    /// absent: the server's time. On a day before today, or more than 15 minutes before the tap
    /// arrives, the tap is a claim (`claimed` in the answer).
    pub at: Option<String>,
    /// Where the phone was, recorded as sent (verified against nothing).
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    /// The position's accuracy in metres.
    pub accuracy: lenient::Number,
}

/// The answer of a start or end, and of every repeat of its `clientId`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayMarked {
    pub message: String,
    pub code: String,
    /// The values in the text, by name (`time`), where it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
    pub day_id: i64,
    /// True when this `clientId` was recorded before: nothing was written now.
    pub duplicate: bool,
    /// ISO 8601.
    pub started_at: String,
    /// ISO 8601; null while the day goes on.
    pub ended_at: Option<String>,
    /// How the start (for a start) or the end (for an end) was recorded: `tap`, `automatic` or `corrected`.
    pub how: String,
    /// ISO 8601: when the server received this tap.
    pub received_at: Option<String>,
    /// True when this tap is a claim (its time on a day before the one it arrived on, or more than
    /// 15 minutes before it arrived): recorded and flagged; it moves no start or end the day had,
    /// and an end for a day already past is recorded only as a claim.
    pub claimed: bool,
}

/// `GET /users/day/today`: the caller's own day.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Today {
    /// YYYY-MM-DD, the server's local date.
    pub date: String,
    /// Null before the day starts.
    pub day_id: Option<i64>,
    /// `not-started`, `working` or `ended`.
    pub state: String,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    /// How the start was recorded: `tap`, `automatic` or `corrected`; null before the day starts.
    pub how: Option<String>,
    /// How the end was recorded; null while the day goes on.
    pub end_how: Option<String>,
    pub visits: i64,
    /// Orders booked today (not cancelled).
    pub orders: i64,
    pub last_activity_at: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct AttendanceQuery {
    /// YYYY-MM-DD; absent: today.
    #[param(format = Date)]
    pub date: Option<String>,
    /// One agent of the caller's; absent or 0: all of them.
    #[param(value_type = Option<i64>)]
    pub agent_id: lenient::Int,
}

/// One agent's day in the attendance list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRow {
    pub agent_id: i64,
    pub agent_name: String,
    /// The day's row (for a correction); null when the agent has not started.
    pub day_id: Option<i64>,
    /// `not-started`, `working` or `ended`.
    pub state: String,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    /// How the start was recorded (`tap`, `automatic`, `corrected`).
    pub start_how: Option<String>,
    /// How the end was recorded (`tap`, `automatic`: 30 minutes after the last activity of a day
    /// over, `corrected`).
    pub end_how: Option<String>,
    pub visits: i64,
    pub orders: i64,
    /// The last visit, order, payment, photo or start of the day.
    pub last_activity_at: Option<String>,
    /// The last known position of the day (the last visit's with one, else the day's start or end).
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The start tap's own time (ISO 8601; null when the start was not tapped): the start itself
    /// unless the tap was a claim beside an earlier first visit or order, or a manager corrected it.
    pub start_tap_at: Option<String>,
    /// When the server received the start tap.
    pub start_received_at: Option<String>,
    /// The start tap was a claim: its time on a day before the one it arrived on, or more than
    /// 15 minutes before it arrived. Kept after a correction (whose `startHow` is `corrected`).
    pub start_claimed: bool,
    /// The end tap's own time; a claimed end of a day already past is only here (`endedAt` is the
    /// automatic close until a manager corrects it).
    pub end_tap_at: Option<String>,
    /// When the server received the end tap.
    pub end_received_at: Option<String>,
    /// The end tap was a claim (as `startClaimed`).
    pub end_claimed: bool,
    /// Set when a manager corrected the day.
    pub correction_reason: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePage {
    /// The day shown, YYYY-MM-DD.
    pub date: String,
    pub data: Vec<AttendanceRow>,
}

/// A manager's correction of a day: a new start, a new end or both, and why.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CorrectDay {
    #[schema(value_type = Option<i64>)]
    pub day_id: lenient::Int,
    /// ISO 8601 with offset; on the day's date.
    pub started_at: Option<String>,
    /// ISO 8601 with offset; after the start, before the end of the next day.
    pub ended_at: Option<String>,
    pub reason: Option<String>,
}
