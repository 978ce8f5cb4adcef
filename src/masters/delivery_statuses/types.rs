//! The delivery status master's request and answer bodies.

use serde::{Deserialize, Serialize};

use crate::masters::queries::saved_answer;
use crate::platform::lenient;
use crate::platform::rows::row_struct;

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct DeliveryStatus {
        #[serde(rename = "deliveryStatusID")]
        pub delivery_status_id: i64,
        pub delivery_status: String,
        pub record_lock: bool,
        /// True when a reason must be chosen for this status.
        pub additional_reason_code: bool,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveStatus {
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
    pub delivery_status: Option<String>,
    pub record_lock: Option<bool>,
    pub additional_reason_code: Option<bool>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated status.
    DeliveryStatusSaved,
    #[serde(rename = "deliveryStatusID")] delivery_status_id
);

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct AdditionalReason {
        #[serde(rename = "reasonCodeID")]
        pub reason_code_id: i64,
        #[serde(rename = "deliveryStatusID")]
        pub delivery_status_id: i64,
        pub additional_reason_code: String,
        pub delivery_status: String,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct ReasonFilter {
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveReason {
    #[serde(rename = "reasonCodeID", alias = "reasonCodeId")]
    pub reason_code_id: lenient::Int,
    #[serde(rename = "deliveryStatusID", alias = "deliveryStatusId")]
    pub delivery_status_id: lenient::Int,
    pub additional_reason_code: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated reason.
    AdditionalReasonSaved,
    #[serde(rename = "reasonCodeID")] reason_code_id
);
