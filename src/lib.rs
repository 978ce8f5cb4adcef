//! fieldsales: a self-hosted field-sales and retailer-visit management server.
//!
//! Three floors, imports pointing down (docs/architecture.md): `app` (the command line, the server,
//! the router, the API description, the catalogue, the demo data), the feature areas (`auth`,
//! `masters`, ..., each owning its routes, handlers, SQL and tables) and `platform` (the database,
//! the writer, errors, money, formats, state and extractors, rights and the scope).

pub mod app;
pub mod attendance;
pub mod auth;
pub mod beats;
pub mod buckets;
pub mod chat;
pub mod collections;
pub mod customers;
pub mod deliveries;
pub mod downloads;
pub mod home;
pub mod masters;
pub mod orders;
pub mod photos;
pub mod platform;
pub mod pricing;
pub mod reports;
pub mod returns;
pub mod schemes;
pub mod targets;
pub mod uploads;

/// The version the server reports as `appVersion`; the bundle is compiled with the same value.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");

/// `bytes` random bytes from the operating system as lower-case hex: session ids, tokens,
/// server-chosen file names.
pub fn random_hex(bytes: usize) -> String {
    use rand::RngCore;
    let mut buf = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A count with its noun, singular only for one: `plural(1, "row")` is "1 row", `plural(3, "row")` "3 rows".
pub fn plural(n: u64, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// Seconds since the Unix epoch: the one clock every timestamp column uses.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Calendar dates and times are those of the server's local time zone (set `TZ` to the
/// company's zone); all day and month windows ("today", "this month") use it.
pub mod clock {
    use chrono::{Datelike, Local, NaiveDate, TimeZone};

    /// `(YYYY-MM-DD, HH:MM)` of a timestamp.
    pub fn date_and_time(ts: i64) -> (String, String) {
        match Local.timestamp_opt(ts, 0).single() {
            Some(t) => (t.format("%Y-%m-%d").to_string(), t.format("%H:%M").to_string()),
            None => (String::new(), String::new()),
        }
    }

    pub fn today() -> NaiveDate {
        Local::now().date_naive()
    }

    /// Today as YYYY-MM-DD, as the tables keep days.
    pub fn today_text() -> String {
        today().format("%Y-%m-%d").to_string()
    }

    /// A timestamp as ISO 8601 (UTC), as answers carry times.
    pub fn iso(ts: i64) -> String {
        chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
    }

    /// The first day of `day`'s month.
    pub fn month_start(day: NaiveDate) -> NaiveDate {
        day.with_day(1).unwrap_or(day)
    }

    /// A calendar date written exactly as YYYY-MM-DD: four-digit year, two-digit month and day.
    /// chrono alone also takes `2026-11-5` (stored as typed, it sorts after `2026-11-27` in every
    /// text comparison of dates) and years like `+262142`, past which a window's end cannot be
    /// counted.
    pub fn parse_date(text: &str) -> Option<NaiveDate> {
        let well_formed =
            text.len() == 10 && text.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
        well_formed.then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()).flatten()
    }

    /// The timestamp of local midnight starting `day`.
    pub fn start_of(day: NaiveDate) -> i64 {
        day.and_hms_opt(0, 0, 0).and_then(|t| Local.from_local_datetime(&t).earliest()).map(|t| t.timestamp()).unwrap_or_default()
    }
}
