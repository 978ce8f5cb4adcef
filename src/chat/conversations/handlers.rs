//! The HTTP side of one-to-one chat.

use axum::extract::State;

use super::types::BroadcastUnread;
use super::types::{
    ChatUser, Chatter, ConversationId, ConversationQuery, ImageMessageForm, Message, NewMessagesBody, SendBody, UnreadCounts, UserIdQuery,
};
use super::{iso, queries, since, AREA};
use crate::auth::session::CurrentUser;
use crate::chat::broadcasts::queries as broadcasts;
use crate::chat::messages::{
    CONVERSATION_NOT_FOUND, IMAGE_REQUIRED, MESSAGE_REQUIRED, MESSAGE_TOO_LONG, NOT_A_PARTNER, RECEIVER_NOT_MEMBER, USER_ID_REQUIRED,
};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Query};
use crate::platform::files;
use crate::platform::ids::UserId;
use crate::platform::state::AppState;
use crate::platform::validate::max_len;

const MAX_TEXT: usize = 2000;

crate::platform::api::refusals! {
    /// The conversation named does not exist, or the caller is not one of its members.
    NoSuchConversation = 404, "No such conversation, or not one of its members";
}

/// `GET /chat/users` (signed in): the people the caller may chat with, most unread first.
#[utoipa::path(get, path = "/chat/users", tag = "chat", summary = "People the caller may chat with, most unread first",
    responses(
        (status = 200, description = "OK", body = Vec<ChatUser>)
    ))]
pub async fn users(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<ChatUser>>> {
    let me = Chatter::from(&user.0);
    state.db(move |conn| Ok(queries::partners(conn, me)?)).await.map(Json)
}

/// `POST /chat/createConversation?userId=` (signed in): the conversation with that user, created
/// when missing.
#[utoipa::path(post, path = "/chat/createConversation", tag = "chat", summary = "The conversation with a user, created when missing", params(UserIdQuery),
    responses(
        (status = 200, description = "OK", body = ConversationId),
        (status = 404, description = "No such user, or not one the caller may chat with", body = crate::platform::api::ErrorBody)
    ))]
pub async fn create(State(state): State<AppState>, user: CurrentUser, Query(q): Query<UserIdQuery>) -> AppResult<Json<ConversationId>> {
    let other = UserId(q.user_id.ok_or_else(|| AppError::bad_request(USER_ID_REQUIRED.on("userId")))?);
    let me = Chatter::from(&user.0);
    let id = state
        .db(move |conn| {
            if !queries::may_chat(conn, me, other)? {
                return Err(AppError::not_found(NOT_A_PARTNER));
            }
            Ok(queries::conversation_with(conn, me.uid, other)?)
        })
        .await?;
    Ok(Json(ConversationId { conversation_id: id }))
}

/// Runs `work` on `conversation` with its other member, where `me` is one of its two members; a
/// conversation not given, or not the caller's, is not found.
async fn as_member<T: Send + 'static>(
    state: &AppState,
    me: UserId,
    conversation: Option<i64>,
    work: impl FnOnce(&rusqlite::Connection, i64, UserId) -> AppResult<T> + Send + 'static,
) -> AppResult<T> {
    let conversation = conversation.ok_or_else(|| AppError::not_found(CONVERSATION_NOT_FOUND))?;
    state
        .db(move |conn| {
            let other = queries::other_member(conn, me, conversation)?;
            work(conn, conversation, other)
        })
        .await
}

/// A message's `receiverId`, where one is sent, must be the conversation's other member.
fn check_receiver(receiver: Option<i64>, other: UserId) -> AppResult<()> {
    match receiver {
        Some(r) if r != other.0 => Err(AppError::bad_request(RECEIVER_NOT_MEMBER.on("receiverId"))),
        _ => Ok(()),
    }
}

/// `GET /chat/getChatHistory?conversationId=` (member only): the last 500 messages, oldest first.
#[utoipa::path(get, path = "/chat/getChatHistory", tag = "chat", summary = "The last 500 messages of a conversation, oldest first", params(ConversationQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Message>),
        NoSuchConversation
    ))]
pub async fn history(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ConversationQuery>,
) -> AppResult<Json<Vec<Message>>> {
    as_member(&state, UserId(user.uid), q.conversation_id.0, |conn, conversation, _| Ok(queries::history(conn, conversation)?))
        .await
        .map(Json)
}

/// `POST /chat/sendMessage` (member only): a text message; empty or blank text is refused.
#[utoipa::path(post, path = "/chat/sendMessage", tag = "chat", summary = "Send a text message",
    responses(
        (status = 200, description = "The stored message", body = Message),
        NoSuchConversation
    ))]
pub async fn send(State(state): State<AppState>, user: CurrentUser, Json(b): Json<SendBody>) -> AppResult<Json<Message>> {
    let text = b
        .message_text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| AppError::bad_request(MESSAGE_REQUIRED.on("messageText")))?
        .to_string();
    max_len(&text, MAX_TEXT, MESSAGE_TOO_LONG.on("messageText"))?;
    let me = UserId(user.uid);
    as_member(&state, me, b.conversation_id.0, move |conn, conversation, other| {
        check_receiver(b.receiver_id.0, other)?;
        Ok(queries::insert(conn, conversation, me, other, Some(&text), None)?)
    })
    .await
    .map(Json)
}

/// `POST /chat/sendMessageImage` (member only): multipart `chatImage` (jpg, jpeg, bmp, png, by
/// content, 5 MB), `conversationId`, `receiverId`.
#[utoipa::path(post, path = "/chat/sendMessageImage", tag = "chat", summary = "Send a picture", request_body(content = inline(ImageMessageForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The stored message", body = Message),
        NoSuchConversation
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
    let (name, bytes) = image.ok_or_else(|| AppError::bad_request(IMAGE_REQUIRED.on("chatImage")))?;
    let ext = files::check_image(&name, &bytes)?;
    let (me, data_dir) = (UserId(user.uid), state.config.data_dir.clone());
    as_member(&state, me, conversation, move |conn, conversation, other| {
        check_receiver(receiver, other)?;
        let stored = files::store(&data_dir, AREA, ext, &bytes)?;
        Ok(queries::insert(conn, conversation, me, other, None, Some(&stored)).inspect_err(|_| {
            files::remove(&data_dir, AREA, std::slice::from_ref(&stored));
        })?)
    })
    .await
    .map(Json)
}

/// `POST /chat/getNewMessages` (member only): messages sent at or after `latestTimestamp` (the
/// client keeps those it has by `messageID`).
#[utoipa::path(post, path = "/chat/getNewMessages", tag = "chat", summary = "Messages sent at or after latestTimestamp",
    responses(
        (status = 200, description = "OK", body = Vec<Message>),
        NoSuchConversation
    ))]
pub async fn new_messages(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(b): Json<NewMessagesBody>,
) -> AppResult<Json<Vec<Message>>> {
    let from = since(&b.latest_timestamp);
    as_member(&state, UserId(user.uid), b.conversation_id.0, move |conn, conversation, _| Ok(queries::since(conn, conversation, from)?))
        .await
        .map(Json)
}

/// `POST /chat/markAsRead?conversationId=` (member only): marks the messages to the caller read.
#[utoipa::path(post, path = "/chat/markAsRead", tag = "chat", summary = "Mark a conversation read", params(ConversationQuery),
    responses(
        (status = 200, description = "How many were marked", body = MessageBody),
        NoSuchConversation
    ))]
pub async fn mark_read(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ConversationQuery>,
) -> AppResult<Json<MessageBody>> {
    let me = UserId(user.uid);
    let n =
        as_member(&state, me, q.conversation_id.0, move |conn, conversation, _| Ok(queries::mark_read(conn, me, conversation)?)).await?;
    Ok(Json(MessageBody::of(
        crate::chat::messages::MESSAGES_MARKED_READ
            .with([("what", serde_json::json!(crate::plural(n as u64, "message"))), ("count", serde_json::json!(n))]),
    )))
}

/// `POST /chat/getUnreadCountsByConversation` (signed in): unread messages per sender, unread
/// broadcasts, and the server's time for the next poll.
#[utoipa::path(post, path = "/chat/getUnreadCountsByConversation", tag = "chat", summary = "Unread messages per sender, unread broadcasts and the server time",
    responses(
        (status = 200, description = "OK", body = UnreadCounts)
    ))]
pub async fn unread_counts(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<UnreadCounts>> {
    let audience = broadcasts::Audience::of(&user.0);
    let me = UserId(user.uid);
    state
        .db(move |conn| {
            let unread_counts = queries::unread_counts(conn, me)?;
            let unread_broadcasts = broadcasts::unread_count(conn, audience)?;
            Ok(UnreadCounts {
                unread_counts,
                broadcast_counts: BroadcastUnread { unread_count: unread_broadcasts },
                latest_timestamp: iso(crate::now()),
            })
        })
        .await
        .map(Json)
}
