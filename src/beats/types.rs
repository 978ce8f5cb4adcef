//! Request and response shapes of the beat and plan endpoints (CONTRACT.md "Field app": beats),
//! and the weekdays a beat runs on.

use serde::{Deserialize, Serialize};

use crate::customers::api::LocationStatus;
use crate::platform::lenient;
use crate::platform::rows::row_struct;

/// Weekday names as the API and the upload write them, Monday first (strftime's `%u` is the
/// position plus one).
pub const WEEKDAY_NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

pub use super::messages::{BAD_WEEKDAY, NO_WEEKDAY};

/// The weekdays a beat runs on: bit 0 is Monday .. bit 6 Sunday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Weekdays(u8);

impl Weekdays {
    /// Names in any case, short or long ("mon", "Monday"); at least one.
    pub fn parse<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Self, crate::platform::error::Msg> {
        const LONG: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
        let mut bits = 0u8;
        for name in names.into_iter().map(str::trim).filter(|n| !n.is_empty()) {
            let lower = name.to_ascii_lowercase();
            let day = LONG.iter().position(|long| lower == *long || lower == long[..3]).ok_or(BAD_WEEKDAY)?;
            bits |= 1 << day;
        }
        if bits == 0 {
            return Err(NO_WEEKDAY);
        }
        Ok(Weekdays(bits))
    }

    /// A cell such as `Mon,Thu`, `Mon/Thu` or `Mon Thu`.
    pub fn parse_text(text: &str) -> Result<Self, crate::platform::error::Msg> {
        Weekdays::parse(text.split([',', '/', ';', ' ']))
    }

    /// Days as `%u` numbers, 1 = Monday.
    pub fn numbers(self) -> impl Iterator<Item = i64> {
        (0..7).filter(move |d| self.0 & (1 << d) != 0).map(|d| d + 1)
    }

    pub fn from_numbers(days: impl IntoIterator<Item = i64>) -> Self {
        Weekdays(days.into_iter().filter(|d| (1..=7).contains(d)).fold(0, |bits, d| bits | 1 << (d - 1)))
    }

    pub fn names(self) -> Vec<String> {
        self.numbers().map(|d| WEEKDAY_NAMES[(d - 1) as usize].to_string()).collect()
    }
}

/// `POST /master/beat`: a new beat, or an update of `beatId`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveBeat {
    pub beat_id: lenient::Int,
    pub beat_name: Option<String>,
    pub agent_id: lenient::Int,
    /// `["Mon", "Thu"]` (also "Mon,Thu").
    pub weekdays: lenient::Texts,
    /// Buyer ids in visiting order.
    pub customers: lenient::Texts,
}

/// `GET /master/beat?agentId=&search=&pageNumber=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct BeatQuery {
    /// One agent of the caller's; 0 or absent: all of them.
    pub agent_id: lenient::Int,
    /// Part of a beat's or its agent's name.
    pub search: Option<String>,
    pub page_number: lenient::Int,
}

/// `GET /users/plan/today?agentId=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct PlanQuery {
    /// The agent whose day it is; an agent may leave it out (their own).
    pub agent_id: lenient::Int,
}

/// One beat in the list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeatRow {
    pub beat_id: i64,
    pub beat_name: String,
    pub agent_id: i64,
    pub agent_name: String,
    pub agent_email: String,
    pub weekdays: Vec<String>,
    pub customer_count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeatPage {
    pub data: Vec<BeatRow>,
    pub total_records: i64,
}

// Read from the columns `c.buyer_id, c.name, c.address1, c.city, c.latitude, c.longitude`.
row_struct! {
    /// Who and where a customer of a beat or of the day is: what its list line and map pin show.
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CustomerPlace {
        pub buyer_id: String,
        pub buyer_name: String,
        pub address1: Option<String>,
        pub city: Option<String>,
        pub latitude: Option<f64>,
        pub longitude: Option<f64>,
    }
}

/// A customer of a beat, in visiting order (`sequence` 1..n).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeatCustomer {
    #[serde(flatten)]
    pub place: CustomerPlace,
    pub sequence: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeatDetail {
    pub beat_id: i64,
    pub beat_name: String,
    pub weekdays: Vec<String>,
    pub agent_id: i64,
    pub agent_name: String,
    pub customers: Vec<BeatCustomer>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeatSaved {
    pub message: String,
    pub beat_id: i64,
}

row_struct! {
    /// A beat running today.
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct PlanBeat {
        pub beat_id: i64,
        pub beat_name: String,
    }
}

/// A customer of the day: planned (with its beat and place in it) or visited without a plan.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanCustomer {
    #[serde(flatten)]
    pub place: CustomerPlace,
    /// 1..n over the day's planned customers; absent for unplanned visits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequence: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beat_id: Option<i64>,
    pub visited: bool,
    /// The best check-in of the day's visits (verified first, off-site last); null when not
    /// visited or visited before check-in verification.
    pub location_status: Option<LocationStatus>,
    /// An order (not cancelled) was booked for the customer today.
    pub ordered: bool,
}

/// `GET /users/plan/today`: the agent's day; the four figures are those of the landing tiles
/// and the beat-adherence report (see `plan`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayPlan {
    pub date: String,
    pub weekday: String,
    pub agent_id: i64,
    pub agent_name: String,
    pub beats: Vec<PlanBeat>,
    pub customers: Vec<PlanCustomer>,
    pub unplanned_visits: Vec<PlanCustomer>,
    pub planned: i64,
    pub visited_as_planned: i64,
    pub visited_off_site: i64,
    pub productive: i64,
    pub unplanned: i64,
}

/// `GET /users/map/settings`: where the map's tiles come from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapSettings {
    /// A Leaflet URL template (`{z}/{x}/{y}`); empty: no tiles, pins on a plain background.
    pub tile_url: String,
    pub attribution: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_read_short_and_long_names_in_any_case() {
        assert_eq!(Weekdays::parse_text("Mon,Thu").unwrap().names(), ["Mon", "Thu"]);
        assert_eq!(Weekdays::parse_text("thursday / MON").unwrap().names(), ["Mon", "Thu"]);
        assert_eq!(Weekdays::parse(["Sun", "sat"]).unwrap().numbers().collect::<Vec<_>>(), [6, 7]);
        assert_eq!(Weekdays::parse_text("Mo"), Err(BAD_WEEKDAY));
        assert_eq!(Weekdays::parse_text("Monkey"), Err(BAD_WEEKDAY));
        assert_eq!(Weekdays::parse_text(" , "), Err(NO_WEEKDAY));
        assert_eq!(Weekdays::from_numbers([1, 4, 9]).names(), ["Mon", "Thu"]);
    }
}
