//! The distributor list's answer.

use serde::Serialize;

use crate::platform::rows::row_struct;

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Distributor {
        pub distributor_id: i64,
        pub distributor_name: String,
        pub city: Option<String>,
        /// False: its orders wait, no mail can reach it.
        pub has_email: bool,
        /// Its state (free text; the GST state codes it stands for: `crate::platform::taxids::state_codes`).
        pub state: Option<String>,
        /// Its GSTIN (issue #52), checked against its state by the distributor upload.
        pub gstin: Option<String>,
    }
}
