//! The request and answer bodies of one-to-one chat, and who is chatting.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::types::SessionUser;
use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::rows::row_struct;
use crate::platform::scope::Scope;

/// The signed-in user as chat sees them: whom they may chat with follows from these.
#[derive(Debug, Clone, Copy)]
pub struct Chatter {
    pub uid: UserId,
    pub scope: Scope,
    pub manager: Option<UserId>,
}

impl From<&SessionUser> for Chatter {
    fn from(user: &SessionUser) -> Self {
        Chatter { uid: UserId(user.uid), scope: user.scope(), manager: user.manager_id.map(UserId) }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatUser {
    pub uid: i64,
    pub user_name: String,
    pub image_name: String,
    pub unread_count: i64,
    pub conversation_id: Option<i64>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct UserIdQuery {
    pub user_id: lenient::Int,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationId {
    pub conversation_id: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    #[serde(rename = "messageID")]
    pub message_id: i64,
    #[serde(rename = "senderID")]
    pub sender_id: i64,
    #[serde(rename = "receiverID")]
    pub receiver_id: i64,
    pub message_text: Option<String>,
    pub image_url: Option<String>,
    pub sent_date: String,
    pub is_read: bool,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ConversationQuery {
    pub conversation_id: lenient::Int,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendBody {
    pub conversation_id: lenient::Int,
    pub receiver_id: lenient::Int,
    pub message_text: Option<String>,
}

/// The picture form as the OpenAPI document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
pub struct ImageMessageForm {
    /// jpg, jpeg, bmp or png, at most 5 MB.
    #[schema(format = Binary)]
    chatImage: String,
    conversationId: i64,
    receiverId: Option<i64>,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewMessagesBody {
    pub conversation_id: lenient::Int,
    pub latest_timestamp: Option<Value>,
}

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct UnreadCount {
        #[serde(rename = "userID")]
        pub user_id: i64,
        pub conversation_id: i64,
        pub unread_count: i64,
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BroadcastUnread {
    pub unread_count: i64,
}

/// Unread messages per sender, unread broadcasts, and the server time for the next poll.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadCounts {
    pub unread_counts: Vec<UnreadCount>,
    #[serde(rename = "broadCastCounts")]
    pub broadcast_counts: BroadcastUnread,
    /// ISO 8601.
    pub latest_timestamp: String,
}
