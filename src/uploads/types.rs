//! What the upload area answers besides an upload's result.

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
