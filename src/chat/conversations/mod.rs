//! One-to-one chat (spec 2 §7 "Chat"). Who may chat with whom (CONTRACT.md): an agent with their
//! manager and the administrators; a manager with their agents and the administrators; an
//! administrator with everyone. A user reads and writes only their own conversations; text is
//! stored and returned as text.

pub mod handlers;
pub mod queries;
pub mod types;

use serde_json::Value;

/// The folder of the chat pictures.
pub const AREA: &str = "chat";

/// A `latestTimestamp`: ISO 8601, or seconds or milliseconds since the epoch; absent is 0.
pub fn since(value: &Option<Value>) -> i64 {
    match value {
        Some(Value::Number(n)) => n.as_f64().map(|n| if n > 1e12 { (n / 1000.0) as i64 } else { n as i64 }).unwrap_or(0),
        Some(Value::String(s)) => chrono::DateTime::parse_from_rfc3339(s).map(|t| t.timestamp()).unwrap_or(0),
        _ => 0,
    }
}

/// A stored time (seconds since the epoch) as ISO 8601.
pub fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}
