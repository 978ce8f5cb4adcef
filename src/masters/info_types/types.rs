//! The info type master's request and answer bodies.

use serde::{Deserialize, Serialize};

use crate::masters::queries::saved_answer;
use crate::platform::lenient;
use crate::platform::rows::row_struct;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubInfo {
    pub info_sub_id: i64,
    pub info_sub_type: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfoType {
    pub info_id: i64,
    pub info_type: String,
    pub sub_info: Vec<SubInfo>,
}

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct InfoSubType {
        pub info_sub_id: i64,
        pub info_id: i64,
        pub info_type: String,
        pub info_sub_type: String,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveInfoType {
    pub info_id: lenient::Int,
    pub info_type: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated info type.
    InfoTypeSaved,
    info_id
);

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct SubTypeFilter {
    pub info_id: lenient::Int,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveSubType {
    pub info_sub_id: lenient::Int,
    pub info_id: lenient::Int,
    pub info_sub_type: Option<String>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated sub type.
    InfoSubTypeSaved,
    info_sub_id
);
