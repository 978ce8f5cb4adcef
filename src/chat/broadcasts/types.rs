//! The request and answer bodies of broadcasts.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Broadcast {
    pub id: i64,
    pub message_text: String,
    pub user_type: i64,
    pub user_type_detail: String,
    pub country: Option<String>,
    pub image_url: Option<String>,
    pub sent_date: String,
}

/// The send form as the OpenAPI document describes it (read field by field in `read_form`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
pub struct BroadcastForm {
    messageText: String,
    /// 0 = every user type.
    userType: i64,
    /// Required when the user type has countries.
    country: Option<String>,
    /// jpeg, jpg, bmp or png, at most 5 MB.
    #[schema(format = Binary)]
    chatImage: Option<String>,
}

/// The fields of the send form.
#[derive(Default)]
pub struct SendForm {
    pub message_text: String,
    pub user_type: Option<String>,
    pub country: Option<String>,
    pub image: Option<(String, axum::body::Bytes)>,
}

/// The answer of a send, with the new broadcast's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BroadcastSent {
    pub message: String,
    pub id: i64,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct MediaQuery {
    pub file_name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BroadcastMessage {
    #[serde(rename = "messageID")]
    pub message_id: i64,
    pub message_text: String,
    pub image_url: Option<String>,
    pub sent_date: String,
    pub is_read: bool,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SinceBody {
    pub latest_timestamp: Option<Value>,
}
