//! What the upload area answers besides an upload's result, and the columns a kind reads
//! (`kinds`).

use serde::Serialize;

/// How far an upload got: `running` while its rows go in (a piece at a time), `done`, or
/// `stopped` with the code of why after `lastRow`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadProgress {
    pub upload_id: i64,
    pub state: String,
    pub applied: i64,
    pub rejected: i64,
    /// The sheet's row number of the last row applied or rejected.
    pub last_row: i64,
    pub stopped_code: Option<String>,
    /// Why it stopped, in English (the screen words `stoppedCode` in the user's language).
    pub stopped_reason: Option<String>,
    pub started_at: String,
}

/// How a cell is checked before the row is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Text,
    /// Plain decimal text once checked (grouping taken out: `cells::number`).
    Number,
    /// A number to the paisa once checked (currency marks taken out: `cells::number`).
    Money,
    /// YYYY-MM-DD once checked (Excel dates and the locale's forms are converted: `cells::date`).
    Date,
    /// 10 or 11 digits.
    Mobile,
    Email,
}

#[derive(Debug)]
pub struct Column {
    pub header: &'static str,
    pub required: bool,
    pub check: Check,
    pub example: &'static str,
    /// A column added after the format was first published: a file may leave it (and every
    /// later column) out of its header, so files made for the older format still import.
    pub added_later: bool,
    /// The length and characters a text cell keeps: the API's limit of the same field.
    pub limit: Option<&'static crate::platform::validate::Field>,
}
