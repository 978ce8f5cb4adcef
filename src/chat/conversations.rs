//! One-to-one chat (spec 2 §7 "Chat"). Who may chat with whom (CONTRACT.md): an agent with their
//! manager and the administrators; a manager with their agents and the administrators; an
//! administrator with everyone. A user reads and writes only their own conversations; text is
//! stored and returned as text.

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::MessageBody;
use crate::auth::session::{CurrentUser, SessionUser};
use crate::error::{AppError, AppResult};
use crate::extract::{Json, MultipartForm, Query};
use crate::files;
use crate::lenient;
use crate::rights::ADMINISTRATOR;
use crate::scope::Scope;
use crate::state::AppState;
use crate::validate::max_len;

pub const AREA: &str = "chat";
const NOT_YOURS: &str = "The conversation was not found.";
const MAX_TEXT: usize = 2000;

/// The users `me` may chat with: (uid, name).
fn partners(conn: &Connection, me: &SessionUser) -> rusqlite::Result<Vec<(i64, String)>> {
    let (all, manager_of_me, my_agents) = match me.scope() {
        Scope::All => (true, None, None),
        Scope::Team { manager } => (false, None, Some(manager)),
        Scope::Own { .. } => (false, me.manager_id, None),
    };
    let mut stmt = conn.prepare_cached(
        "SELECT uid, name FROM users
         WHERE is_deleted = 0 AND uid <> :me
           AND (:all OR user_type_id = :admin OR uid = :manager OR manager_id = :agents_of)
         ORDER BY name",
    )?;
    let rows = stmt.query_map(
        named_params! { ":me": me.uid, ":all": all, ":admin": ADMINISTRATOR, ":manager": manager_of_me, ":agents_of": my_agents },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    rows.collect()
}

fn may_chat(conn: &Connection, me: &SessionUser, other: i64) -> rusqlite::Result<bool> {
    Ok(partners(conn, me)?.iter().any(|(uid, _)| *uid == other))
}

/// The other member of a conversation of `me`, or 404.
fn other_member(conn: &Connection, me: i64, conversation: i64) -> AppResult<i64> {
    conn.query_row(
        "SELECT CASE WHEN user_a = :me THEN user_b ELSE user_a END FROM conversations
         WHERE conversation_id = :c AND (user_a = :me OR user_b = :me)",
        named_params! { ":c": conversation, ":me": me },
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| AppError::not_found(NOT_YOURS))
}

fn initials(name: &str) -> String {
    name.split_whitespace().filter_map(|w| w.chars().next()).take(2).collect::<String>().to_uppercase()
}

fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
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

/// `GET /chat/users` (signed in): the people the caller may chat with, most unread first.
#[utoipa::path(get, path = "/chat/users", tag = "chat", summary = "People the caller may chat with, most unread first",
    responses(
        (status = 200, description = "OK", body = Vec<ChatUser>)
    ))]
pub async fn users(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<ChatUser>>> {
    let me = user.0.clone();
    state
        .db(move |conn| {
            let mut list = Vec::new();
            for (uid, name) in partners(conn, &me)? {
                let (a, b) = (me.uid.min(uid), me.uid.max(uid));
                let conversation: Option<i64> = conn
                    .query_row(
                        "SELECT conversation_id FROM conversations WHERE user_a = :a AND user_b = :b",
                        named_params! { ":a": a, ":b": b },
                        |r| r.get(0),
                    )
                    .optional()?;
                let unread: i64 = match conversation {
                    Some(c) => conn.query_row(
                        "SELECT COUNT(*) FROM messages WHERE conversation_id = :c AND receiver_uid = :me AND read_at IS NULL",
                        named_params! { ":c": c, ":me": me.uid },
                        |r| r.get(0),
                    )?,
                    None => 0,
                };
                list.push(ChatUser {
                    uid,
                    image_name: initials(&name),
                    user_name: name,
                    unread_count: unread,
                    conversation_id: conversation,
                });
            }
            list.sort_by(|x, y| y.unread_count.cmp(&x.unread_count).then_with(|| x.user_name.cmp(&y.user_name)));
            Ok(list)
        })
        .await
        .map(Json)
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

/// `POST /chat/createConversation?userId=` (signed in): the conversation with that user, created
/// when missing.
#[utoipa::path(post, path = "/chat/createConversation", tag = "chat", summary = "The conversation with a user, created when missing", params(UserIdQuery),
    responses(
        (status = 200, description = "OK", body = ConversationId),
        (status = 404, description = "No such user, or not one the caller may chat with", body = crate::api::ErrorBody)
    ))]
pub async fn create(State(state): State<AppState>, user: CurrentUser, Query(q): Query<UserIdQuery>) -> AppResult<Json<ConversationId>> {
    let other = q.user_id.ok_or_else(|| AppError::bad_request("userId is required."))?;
    let me = user.0.clone();
    let id = state
        .db(move |conn| {
            if !may_chat(conn, &me, other)? {
                return Err(AppError::not_found("You cannot chat with this user."));
            }
            let (a, b) = (me.uid.min(other), me.uid.max(other));
            conn.execute(
                "INSERT OR IGNORE INTO conversations (user_a, user_b, created_at) VALUES (:a, :b, :now)",
                named_params! { ":a": a, ":b": b, ":now": crate::now() },
            )?;
            Ok(conn.query_row(
                "SELECT conversation_id FROM conversations WHERE user_a = :a AND user_b = :b",
                named_params! { ":a": a, ":b": b },
                |r| r.get::<_, i64>(0),
            )?)
        })
        .await?;
    Ok(Json(ConversationId { conversation_id: id }))
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

const MESSAGE_COLUMNS: &str = "message_id, sender_uid, receiver_uid, message_text, image_name, sent_at, read_at";

fn message(r: &rusqlite::Row) -> rusqlite::Result<Message> {
    let image: Option<String> = r.get(4)?;
    Ok(Message {
        message_id: r.get(0)?,
        sender_id: r.get(1)?,
        receiver_id: r.get(2)?,
        message_text: r.get(3)?,
        image_url: image.map(|n| crate::api::url(format_args!("/chat/media?fileName={n}"))),
        sent_date: iso(r.get(5)?),
        is_read: r.get::<_, Option<i64>>(6)?.is_some(),
    })
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ConversationQuery {
    pub conversation_id: lenient::Int,
}

/// `GET /chat/getChatHistory?conversationId=` (member only): the last 500 messages, oldest first.
#[utoipa::path(get, path = "/chat/getChatHistory", tag = "chat", summary = "The last 500 messages of a conversation, oldest first", params(ConversationQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Message>),
        (status = 404, description = "No such conversation, or not one of its members", body = crate::api::ErrorBody)
    ))]
pub async fn history(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ConversationQuery>,
) -> AppResult<Json<Vec<Message>>> {
    let conversation = q.conversation_id.ok_or_else(|| AppError::not_found(NOT_YOURS))?;
    let me = user.uid;
    state
        .db(move |conn| {
            other_member(conn, me, conversation)?;
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT * FROM (SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = :c ORDER BY message_id DESC LIMIT 500)
                 ORDER BY message_id"
            ))?;
            let rows = stmt.query_map(named_params! { ":c": conversation }, message)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

fn insert_message(
    conn: &Connection,
    conversation: i64,
    me: i64,
    other: i64,
    text: Option<&str>,
    image: Option<&str>,
) -> AppResult<Message> {
    conn.execute(
        "INSERT INTO messages (conversation_id, sender_uid, receiver_uid, message_text, image_name, sent_at)
         VALUES (:c, :me, :other, :text, :image, :now)",
        named_params! { ":c": conversation, ":me": me, ":other": other, ":text": text, ":image": image, ":now": crate::now() },
    )?;
    let id = conn.last_insert_rowid();
    Ok(conn.query_row(&format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE message_id = :id"), named_params! { ":id": id }, message)?)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SendBody {
    pub conversation_id: lenient::Int,
    pub receiver_id: lenient::Int,
    pub message_text: Option<String>,
}

/// `POST /chat/sendMessage` (member only): a text message; empty or blank text is refused.
#[utoipa::path(post, path = "/chat/sendMessage", tag = "chat", summary = "Send a text message",
    responses(
        (status = 200, description = "The stored message", body = Message),
        (status = 404, description = "No such conversation, or not one of its members", body = crate::api::ErrorBody)
    ))]
pub async fn send(State(state): State<AppState>, user: CurrentUser, Json(b): Json<SendBody>) -> AppResult<Json<Message>> {
    let text = b
        .message_text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| AppError::bad_request("Message is required"))?
        .to_string();
    max_len(&text, MAX_TEXT, "The message is limited to 2000 characters.")?;
    let conversation = b.conversation_id.ok_or_else(|| AppError::not_found(NOT_YOURS))?;
    let me = user.uid;
    state
        .db(move |conn| {
            let other = other_member(conn, me, conversation)?;
            if b.receiver_id.is_some_and(|r| r != other) {
                return Err(AppError::bad_request("The receiver is not in this conversation."));
            }
            insert_message(conn, conversation, me, other, Some(&text), None)
        })
        .await
        .map(Json)
}

/// The picture form as the OpenAPI document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
struct ImageMessageForm {
    /// jpg, jpeg, bmp or png, at most 5 MB.
    #[schema(format = Binary)]
    chatImage: String,
    conversationId: i64,
    receiverId: Option<i64>,
}

/// `POST /chat/sendMessageImage` (member only): multipart `chatImage` (jpg, jpeg, bmp, png, by
/// content, 5 MB), `conversationId`, `receiverId`.
#[utoipa::path(post, path = "/chat/sendMessageImage", tag = "chat", summary = "Send a picture", request_body(content = inline(ImageMessageForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The stored message", body = Message),
        (status = 404, description = "No such conversation, or not one of its members", body = crate::api::ErrorBody)
    ))]
pub async fn send_image(
    State(state): State<AppState>,
    user: CurrentUser,
    MultipartForm(mut form): MultipartForm,
) -> AppResult<Json<Message>> {
    let (mut conversation, mut receiver, mut image) = (None, None, None);
    while let Some(field) = form.next_field().await.map_err(files::multipart_error)? {
        match field.name().unwrap_or_default() {
            "chatImage" => {
                let name = field.file_name().unwrap_or_default().to_string();
                image = Some((name, field.bytes().await.map_err(files::multipart_error)?));
            }
            "conversationId" => conversation = field.text().await.map_err(files::multipart_error)?.trim().parse::<i64>().ok(),
            "receiverId" => receiver = field.text().await.map_err(files::multipart_error)?.trim().parse::<i64>().ok(),
            _ => {}
        }
    }
    let (name, bytes) = image.ok_or_else(|| AppError::bad_request("Please choose an image."))?;
    let ext = files::check_image(&name, &bytes)?;
    let conversation = conversation.ok_or_else(|| AppError::not_found(NOT_YOURS))?;
    let (me, data_dir) = (user.uid, state.config.data_dir.clone());
    state
        .db(move |conn| {
            let other = other_member(conn, me, conversation)?;
            if receiver.is_some_and(|r| r != other) {
                return Err(AppError::bad_request("The receiver is not in this conversation."));
            }
            let stored = files::store(&data_dir, AREA, ext, &bytes)?;
            insert_message(conn, conversation, me, other, None, Some(&stored)).inspect_err(|_| {
                files::remove(&data_dir, AREA, std::slice::from_ref(&stored));
            })
        })
        .await
        .map(Json)
}

/// A `latestTimestamp`: ISO 8601, or seconds or milliseconds since the epoch; absent is 0.
pub fn since(value: &Option<Value>) -> i64 {
    match value {
        Some(Value::Number(n)) => n.as_f64().map(|n| if n > 1e12 { (n / 1000.0) as i64 } else { n as i64 }).unwrap_or(0),
        Some(Value::String(s)) => chrono::DateTime::parse_from_rfc3339(s).map(|t| t.timestamp()).unwrap_or(0),
        _ => 0,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewMessagesBody {
    pub conversation_id: lenient::Int,
    pub latest_timestamp: Option<Value>,
}

/// `POST /chat/getNewMessages` (member only): messages sent at or after `latestTimestamp` (the
/// client keeps those it has by `messageID`).
#[utoipa::path(post, path = "/chat/getNewMessages", tag = "chat", summary = "Messages sent at or after latestTimestamp",
    responses(
        (status = 200, description = "OK", body = Vec<Message>),
        (status = 404, description = "No such conversation, or not one of its members", body = crate::api::ErrorBody)
    ))]
pub async fn new_messages(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(b): Json<NewMessagesBody>,
) -> AppResult<Json<Vec<Message>>> {
    let conversation = b.conversation_id.ok_or_else(|| AppError::not_found(NOT_YOURS))?;
    let (me, from) = (user.uid, since(&b.latest_timestamp));
    state
        .db(move |conn| {
            other_member(conn, me, conversation)?;
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = :c AND sent_at >= :from ORDER BY message_id LIMIT 500"
            ))?;
            let rows = stmt.query_map(named_params! { ":c": conversation, ":from": from }, message)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

/// `POST /chat/markAsRead?conversationId=` (member only): marks the messages to the caller read.
#[utoipa::path(post, path = "/chat/markAsRead", tag = "chat", summary = "Mark a conversation read", params(ConversationQuery),
    responses(
        (status = 200, description = "How many were marked", body = MessageBody),
        (status = 404, description = "No such conversation, or not one of its members", body = crate::api::ErrorBody)
    ))]
pub async fn mark_read(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ConversationQuery>,
) -> AppResult<Json<MessageBody>> {
    let conversation = q.conversation_id.ok_or_else(|| AppError::not_found(NOT_YOURS))?;
    let me = user.uid;
    let n = state
        .db(move |conn| {
            other_member(conn, me, conversation)?;
            Ok(conn.execute(
                "UPDATE messages SET read_at = :now WHERE conversation_id = :c AND receiver_uid = :me AND read_at IS NULL",
                named_params! { ":now": crate::now(), ":c": conversation, ":me": me },
            )?)
        })
        .await?;
    Ok(Json(MessageBody::text(format!("{} marked as read.", crate::plural(n as u64, "message")))))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadCount {
    #[serde(rename = "userID")]
    pub user_id: i64,
    pub conversation_id: i64,
    pub unread_count: i64,
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

/// `POST /chat/getUnreadCountsByConversation` (signed in): unread messages per sender, unread
/// broadcasts, and the server's time for the next poll.
#[utoipa::path(post, path = "/chat/getUnreadCountsByConversation", tag = "chat", summary = "Unread messages per sender, unread broadcasts and the server time",
    responses(
        (status = 200, description = "OK", body = UnreadCounts)
    ))]
pub async fn unread_counts(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<UnreadCounts>> {
    let me = user.0.clone();
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT sender_uid, conversation_id, COUNT(*) FROM messages WHERE receiver_uid = :me AND read_at IS NULL
                 GROUP BY sender_uid, conversation_id",
            )?;
            let unread_counts = stmt
                .query_map(named_params! { ":me": me.uid }, |r| {
                    Ok(UnreadCount { user_id: r.get(0)?, conversation_id: r.get(1)?, unread_count: r.get(2)? })
                })?
                .collect::<Result<_, _>>()?;
            let broadcasts = super::broadcasts::unread_count(conn, &me)?;
            Ok(UnreadCounts {
                unread_counts,
                broadcast_counts: BroadcastUnread { unread_count: broadcasts },
                latest_timestamp: iso(crate::now()),
            })
        })
        .await
        .map(Json)
}

/// Whether `me` may see the chat picture `name` (sender or receiver).
pub fn may_see_image(conn: &Connection, me: i64, name: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM messages WHERE image_name = :n AND (sender_uid = :me OR receiver_uid = :me)",
            named_params! { ":n": name, ":me": me },
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}
