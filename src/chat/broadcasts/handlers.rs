//! The HTTP side of broadcasts and of the media endpoint.

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::queries::{self, Audience};
use super::types::{Broadcast, BroadcastForm, BroadcastMessage, BroadcastSent, MediaQuery, SendForm, SinceBody};
use super::AREA;
use crate::auth::session::CurrentUser;
use crate::chat::conversations;
use crate::chat::messages::{
    BROADCAST_BODY_INVALID, BROADCAST_USER_TYPE_REQUIRED, MEDIA_NAME_INVALID, MEDIA_NOT_FOUND, MESSAGE_REQUIRED, MESSAGE_TOO_LONG,
};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Path, Query, RawBody};
use crate::platform::files;
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::max_len;

const MAX_TEXT: usize = 2000;

/// `GET /chat/broadcastMessage` (signed in): every broadcast for an administrator with
/// broadcast_master, otherwise those addressed to the caller; newest first.
#[utoipa::path(get, path = "/chat/broadcastMessage", tag = "chat", summary = "Broadcasts sent (broadcast master)",
    responses(
        (status = 200, description = "OK", body = Vec<Broadcast>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Broadcast>>> {
    let everything = user.has_right(rights::BROADCAST_MASTER);
    let audience = Audience::of(&user.0);
    state.db(move |conn| Ok(queries::list(conn, everything, audience)?)).await.map(Json)
}

async fn read_form(mut form: Multipart) -> AppResult<SendForm> {
    let mut out = SendForm::default();
    while let Some(field) = form.next_field().await.map_err(files::multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        match name.as_str() {
            "chatImage" => {
                let file_name = field.file_name().unwrap_or_default().to_string();
                let bytes = field.bytes().await.map_err(files::multipart_error)?;
                if !bytes.is_empty() {
                    out.image = Some((file_name, bytes));
                }
            }
            "messageText" | "userType" | "country" => {
                let text = field.text().await.map_err(files::multipart_error)?;
                match name.as_str() {
                    "messageText" => out.message_text = text.trim().to_string(),
                    "userType" => out.user_type = Some(text.trim().to_string()).filter(|t| !t.is_empty()),
                    _ => out.country = Some(text.trim().to_string()).filter(|t| !t.is_empty()),
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// `POST /chat/broadcastMessage` (broadcast_master): multipart `messageText`, `userType` (0 = all),
/// `country` (required when the user type has countries), optional `chatImage` (jpeg, jpg, bmp or
/// png, checked by content, at most 5 MB).
#[utoipa::path(post, path = "/chat/broadcastMessage", tag = "chat", summary = "Send a broadcast to a user type (and country)", request_body(content = inline(BroadcastForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Sent", body = BroadcastSent),
        (status = 404, description = "No such country", body = crate::platform::api::ErrorBody)
    ))]
pub async fn send(State(state): State<AppState>, user: CurrentUser, MultipartForm(form): MultipartForm) -> AppResult<Json<BroadcastSent>> {
    user.require(rights::BROADCAST_MASTER)?;
    let form = read_form(form).await?;
    let user_type: i64 = form
        .user_type
        .as_deref()
        .ok_or_else(|| AppError::bad_request(BROADCAST_USER_TYPE_REQUIRED.on("userType")))?
        .parse()
        .map_err(|_| AppError::bad_request(BROADCAST_USER_TYPE_REQUIRED.on("userType")))?;
    if form.message_text.is_empty() {
        return Err(AppError::bad_request(MESSAGE_REQUIRED.on("messageText")));
    }
    max_len(&form.message_text, MAX_TEXT, MESSAGE_TOO_LONG.on("messageText"))?;
    let image_ext = match &form.image {
        Some((name, bytes)) => Some(files::check_image(name, bytes)?),
        None => None,
    };
    let (text, country, sender) = (form.message_text, form.country, UserId(user.uid));
    let data_dir = state.config.data_dir.clone();
    let id = state
        .db(move |conn| {
            let country_id = queries::audience_country(conn, user_type, country.as_deref())?;
            // The file is written before the row, so a row never points at a missing file.
            let image_name = match (&form.image, image_ext) {
                (Some((_, bytes)), Some(ext)) => Some(files::store(&data_dir, AREA, ext, bytes)?),
                _ => None,
            };
            Ok(queries::insert(conn, &text, user_type, country_id, image_name.as_deref(), sender)
                .inspect_err(|_| files::remove(&data_dir, AREA, image_name.as_slice()))?)
        })
        .await?;
    Ok(Json(BroadcastSent { message: "Broadcast message sent successfully.".into(), id }))
}

/// `POST /chat/broadcastMessage/delete/{id}` (broadcast_master).
#[utoipa::path(post, path = "/chat/broadcastMessage/delete/{id}", tag = "chat", summary = "Delete a broadcast",
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 404, description = "No such broadcast", body = crate::platform::api::ErrorBody)
    ))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::BROADCAST_MASTER)?;
    state.db(move |conn| queries::delete(conn, id)).await?;
    Ok(Json(MessageBody::from(crate::chat::messages::BROADCAST_DELETED)))
}

/// `GET /chat/media?fileName=` (signed in): a broadcast picture for its audience (or a
/// broadcast_master holder), or a chat picture for the two people of its conversation.
#[utoipa::path(get, path = "/chat/media", tag = "chat", summary = "A broadcast or chat picture the caller may see", params(MediaQuery),
    responses(
        (status = 200, description = "The picture", content((String = "image/png"), (String = "image/jpeg"), (String = "image/bmp"))),
        crate::platform::api::NoSuchFile
    ))]
pub async fn media(State(state): State<AppState>, user: CurrentUser, Query(q): Query<MediaQuery>) -> AppResult<Response> {
    if !files::is_stored_name(&q.file_name) {
        return Err(AppError::bad_request(MEDIA_NAME_INVALID.on("fileName")));
    }
    let everything = user.has_right(rights::BROADCAST_MASTER);
    let audience = Audience::of(&user.0);
    let name = q.file_name.clone();
    let area = state
        .db(move |conn| {
            if queries::may_see_image(conn, everything, audience, &name)? {
                return Ok(AREA);
            }
            if conversations::queries::may_see_image(conn, audience.uid, &name)? {
                return Ok(conversations::AREA);
            }
            Err(AppError::not_found(MEDIA_NOT_FOUND))
        })
        .await?;
    let data_dir = state.config.data_dir.clone();
    let name = q.file_name;
    let bytes =
        crate::platform::state::blocking(move || files::read(&data_dir, area, &name).map(|b| (files::content_type(&name), b))).await?;
    Ok(([(header::CONTENT_TYPE, bytes.0), (header::CACHE_CONTROL, "private, no-store")], bytes.1).into_response())
}

/// `POST /chat/getNewBroadCastMessages` (signed in): broadcasts addressed to the caller since
/// `latestTimestamp` (all when absent), oldest first, each with whether it was read.
#[utoipa::path(post, path = "/chat/getNewBroadCastMessages", tag = "chat", summary = "Broadcasts addressed to the caller since latestTimestamp", request_body(content = Option<SinceBody>, description = "Optional; no body means every broadcast"),
    responses(
        (status = 200, description = "OK", body = Vec<BroadcastMessage>)
    ))]
pub async fn new_broadcasts(
    State(state): State<AppState>,
    user: CurrentUser,
    RawBody(body): RawBody,
) -> AppResult<Json<Vec<BroadcastMessage>>> {
    // The body is optional: none means every broadcast.
    let body: SinceBody = if body.iter().all(u8::is_ascii_whitespace) {
        SinceBody::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| AppError::bad_request(BROADCAST_BODY_INVALID.with([("detail", json!(e.to_string()))])))?
    };
    let from = conversations::since(&body.latest_timestamp);
    let audience = Audience::of(&user.0);
    state.db(move |conn| Ok(queries::since(conn, audience, from)?)).await.map(Json)
}

/// `POST /chat/broadcast/markAsRead` (signed in): a list of broadcast ids (or `{messageIds}`) the
/// caller has read; ids not addressed to them are ignored. All are marked, or none.
#[utoipa::path(post, path = "/chat/broadcast/markAsRead", tag = "chat", summary = "Mark broadcasts read", request_body(content = serde_json::Value, description = "A list of ids, or `{messageIds: [...]}`; ids not addressed to the caller are ignored"),
    responses(
        (status = 200, description = "How many were marked", body = MessageBody)
    ))]
pub async fn mark_broadcasts_read(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(ids): Json<Value>,
) -> AppResult<Json<MessageBody>> {
    let list = match &ids {
        Value::Array(a) => a.clone(),
        Value::Object(o) => o.get("messageIds").and_then(Value::as_array).cloned().unwrap_or_default(),
        _ => Vec::new(),
    };
    let ids: Vec<i64> = list.iter().filter_map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))).collect();
    let audience = Audience::of(&user.0);
    let n = state.db(move |conn| Ok(queries::mark_read(conn, audience, &ids)?)).await?;
    Ok(Json(MessageBody::of(
        crate::chat::messages::BROADCASTS_MARKED_READ
            .with([("what", serde_json::json!(crate::plural(n as u64, "broadcast message"))), ("count", serde_json::json!(n))]),
    )))
}
