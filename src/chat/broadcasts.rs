//! Broadcast messages: `GET`/`POST /chat/broadcastMessage`, `POST /chat/broadcastMessage/delete/{id}`
//! and `GET /chat/media?fileName=` for their pictures. A broadcast reaches one user type (0 = all)
//! in one country (none = all).

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::{named_params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::MessageBody;
use crate::auth::session::{CurrentUser, SessionUser};
use crate::error::{AppError, AppResult};
use crate::extract::{Json, MultipartForm, Path, Query, RawBody};
use crate::files;
use crate::rights;
use crate::state::AppState;
use crate::validate::max_len;

/// The broadcasts (aliased `b`) addressed to a user: their type or all types, their country or all.
/// Binds `:type` and `:country`.
const ADDRESSED_TO: &str =
    "b.is_deleted = 0 AND (b.user_type_id = 0 OR b.user_type_id = :type) AND (b.country_id IS NULL OR b.country_id = :country)";
const AREA: &str = "broadcast";
const MAX_TEXT: usize = 2000;

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

fn media_url(name: &str) -> String {
    crate::api::url(format_args!("/chat/media?fileName={name}"))
}

/// `GET /chat/broadcastMessage` (signed in): every broadcast for an administrator with
/// broadcast_master, otherwise those addressed to the caller; newest first.
#[utoipa::path(get, path = "/chat/broadcastMessage", tag = "chat", summary = "Broadcasts sent (broadcast master)",
    responses(
        (status = 200, description = "OK", body = Vec<Broadcast>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Broadcast>>> {
    let everything = user.has_right(rights::BROADCAST_MASTER);
    let (user_type, country) = (user.user_type, user.country_id);
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT b.id, b.message_text, b.user_type_id, COALESCE(t.name, 'All'), c.name, b.image_name,
                        b.created_at
                 FROM broadcasts b
                 LEFT JOIN user_types t ON t.user_type_id = b.user_type_id
                 LEFT JOIN countries c ON c.country_id = b.country_id
                 WHERE b.is_deleted = 0 AND (:all OR ({ADDRESSED_TO}))
                 ORDER BY b.created_at DESC, b.id DESC"
            ))?;
            let rows = stmt.query_map(named_params! { ":all": everything, ":type": user_type, ":country": country }, |r| {
                let image: Option<String> = r.get(5)?;
                let at: i64 = r.get(6)?;
                Ok(Broadcast {
                    id: r.get(0)?,
                    message_text: r.get(1)?,
                    user_type: r.get(2)?,
                    user_type_detail: r.get(3)?,
                    country: r.get(4)?,
                    image_url: image.as_deref().map(media_url),
                    sent_date: chrono::DateTime::from_timestamp(at, 0).unwrap_or_default().to_rfc3339(),
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

/// The send form as the OpenAPI document describes it (read field by field in `read_form`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, non_snake_case)]
struct BroadcastForm {
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
struct SendForm {
    message_text: String,
    user_type: Option<String>,
    country: Option<String>,
    image: Option<(String, axum::body::Bytes)>,
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

/// The answer of a send, with the new broadcast's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BroadcastSent {
    pub message: String,
    pub id: i64,
}

/// `POST /chat/broadcastMessage` (broadcast_master): multipart `messageText`, `userType` (0 = all),
/// `country` (required when the user type has countries), optional `chatImage` (jpeg, jpg, bmp or
/// png, checked by content, at most 5 MB).
#[utoipa::path(post, path = "/chat/broadcastMessage", tag = "chat", summary = "Send a broadcast to a user type (and country)", request_body(content = inline(BroadcastForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Sent", body = BroadcastSent),
        (status = 404, description = "No such country", body = crate::api::ErrorBody)
    ))]
pub async fn send(State(state): State<AppState>, user: CurrentUser, MultipartForm(form): MultipartForm) -> AppResult<Json<BroadcastSent>> {
    user.require(rights::BROADCAST_MASTER)?;
    let form = read_form(form).await?;
    let user_type: i64 = form
        .user_type
        .as_deref()
        .ok_or_else(|| AppError::bad_request("User Type is required"))?
        .parse()
        .map_err(|_| AppError::bad_request("User Type is required"))?;
    if form.message_text.is_empty() {
        return Err(AppError::bad_request("Message is required"));
    }
    max_len(&form.message_text, MAX_TEXT, "The message is limited to 2000 characters.")?;
    let image_ext = match &form.image {
        Some((name, bytes)) => Some(files::check_image(name, bytes)?),
        None => None,
    };
    let (text, country, sender) = (form.message_text, form.country, user.uid);
    let data_dir = state.config.data_dir.clone();
    let id = state
        .db(move |conn| {
            let supported: bool = if user_type == 0 {
                false
            } else {
                conn.query_row(
                    "SELECT is_country_supported FROM user_types WHERE user_type_id = :t",
                    named_params! { ":t": user_type },
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| AppError::bad_request("Unknown user type."))?
            };
            let country_id: Option<i64> = match (&country, supported) {
                (None, true) => return Err(AppError::bad_request("Country is required")),
                (None, false) => None,
                (Some(name), _) => Some(
                    conn.query_row("SELECT country_id FROM countries WHERE name = :n", named_params! { ":n": name }, |r| r.get(0))
                        .optional()?
                        .ok_or_else(|| AppError::bad_request(format!("There is no country named {name}.")))?,
                ),
            };
            // The file is written before the row, so a row never points at a missing file.
            let image_name = match (&form.image, image_ext) {
                (Some((_, bytes)), Some(ext)) => Some(files::store(&data_dir, AREA, ext, bytes)?),
                _ => None,
            };
            conn.execute(
                "INSERT INTO broadcasts (message_text, user_type_id, country_id, image_name, created_by, created_at)
                 VALUES (:text, :type, :country, :image, :by, :now)",
                named_params! {
                    ":text": text, ":type": user_type, ":country": country_id, ":image": image_name,
                    ":by": sender, ":now": crate::now(),
                },
            )
            .inspect_err(|_| files::remove(&data_dir, AREA, image_name.as_slice()))?;
            Ok(conn.last_insert_rowid())
        })
        .await?;
    Ok(Json(BroadcastSent { message: "Broadcast message sent successfully.".into(), id }))
}

/// `POST /chat/broadcastMessage/delete/{id}` (broadcast_master).
#[utoipa::path(post, path = "/chat/broadcastMessage/delete/{id}", tag = "chat", summary = "Delete a broadcast",
    responses(
        (status = 200, description = "Deleted", body = MessageBody),
        (status = 404, description = "No such broadcast", body = crate::api::ErrorBody)
    ))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::BROADCAST_MASTER)?;
    state
        .db(move |conn| {
            crate::db::updated(
                conn.execute("UPDATE broadcasts SET is_deleted = 1 WHERE id = :id AND is_deleted = 0", named_params! { ":id": id })?,
            )
        })
        .await?;
    Ok(Json(MessageBody::text("Broadcast message deleted successfully.")))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct MediaQuery {
    pub file_name: String,
}

/// `GET /chat/media?fileName=` (signed in): a broadcast picture for its audience (or a
/// broadcast_master holder), or a chat picture for the two people of its conversation.
#[utoipa::path(get, path = "/chat/media", tag = "chat", summary = "A broadcast or chat picture the caller may see", params(MediaQuery),
    responses(
        (status = 200, description = "The picture", content((String = "image/png"), (String = "image/jpeg"), (String = "image/bmp"))),
        (status = 404, description = "No such file, or not the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn media(State(state): State<AppState>, user: CurrentUser, Query(q): Query<MediaQuery>) -> AppResult<Response> {
    if !files::is_stored_name(&q.file_name) {
        return Err(AppError::bad_request("Invalid file name."));
    }
    let everything = user.has_right(rights::BROADCAST_MASTER);
    let (me, user_type, country) = (user.uid, user.user_type, user.country_id);
    let name = q.file_name.clone();
    let area = state
        .db(move |conn| {
            let broadcast = conn
                .query_row(
                    &format!("SELECT 1 FROM broadcasts b WHERE b.image_name = :name AND b.is_deleted = 0 AND (:all OR ({ADDRESSED_TO}))"),
                    named_params! { ":name": name, ":all": everything, ":type": user_type, ":country": country },
                    |_| Ok(()),
                )
                .optional()?
                .is_some();
            if broadcast {
                return Ok(AREA);
            }
            if super::conversations::may_see_image(conn, me, &name)? {
                return Ok(super::conversations::AREA);
            }
            Err(AppError::not_found("The file was not found."))
        })
        .await?;
    let data_dir = state.config.data_dir.clone();
    let name = q.file_name;
    let bytes = crate::state::blocking(move || files::read(&data_dir, area, &name).map(|b| (files::content_type(&name), b))).await?;
    Ok(([(header::CONTENT_TYPE, bytes.0), (header::CACHE_CONTROL, "private, no-store")], bytes.1).into_response())
}

/// Unread broadcasts addressed to `me`.
pub fn unread_count(conn: &Connection, me: &SessionUser) -> rusqlite::Result<i64> {
    conn.query_row(
        &format!(
            "SELECT COUNT(*) FROM broadcasts b WHERE {ADDRESSED_TO}
               AND NOT EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = :me)"
        ),
        named_params! { ":type": me.user_type, ":country": me.country_id, ":me": me.uid },
        |r| r.get(0),
    )
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
        serde_json::from_slice(&body).map_err(|e| AppError::bad_request(format!("Invalid request body: {e}")))?
    };
    let from = super::conversations::since(&body.latest_timestamp);
    let (me, user_type, country) = (user.uid, user.user_type, user.country_id);
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT b.id, b.message_text, b.image_name, b.created_at,
                        EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = :me)
                 FROM broadcasts b WHERE {ADDRESSED_TO} AND b.created_at >= :from ORDER BY b.created_at, b.id LIMIT 500"
            ))?;
            let rows = stmt.query_map(named_params! { ":me": me, ":type": user_type, ":country": country, ":from": from }, |r| {
                let image: Option<String> = r.get(2)?;
                Ok(BroadcastMessage {
                    message_id: r.get(0)?,
                    message_text: r.get(1)?,
                    image_url: image.as_deref().map(media_url),
                    sent_date: chrono::DateTime::from_timestamp(r.get(3)?, 0).unwrap_or_default().to_rfc3339(),
                    is_read: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

/// `POST /chat/broadcast/markAsRead` (signed in): a list of broadcast ids (or `{messageIds}`) the
/// caller has read; ids not addressed to them are ignored.
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
    let (me, user_type, country) = (user.uid, user.user_type, user.country_id);
    let n = state
        .db(move |conn| {
            let mut marked = 0;
            for id in ids {
                marked += conn.execute(
                    &format!(
                        "INSERT OR IGNORE INTO broadcast_reads (broadcast_id, uid, read_at)
                         SELECT b.id, :me, :now FROM broadcasts b WHERE b.id = :id AND {ADDRESSED_TO}"
                    ),
                    named_params! { ":me": me, ":now": crate::now(), ":id": id, ":type": user_type, ":country": country },
                )?;
            }
            Ok(marked)
        })
        .await?;
    Ok(Json(MessageBody::text(format!("{} marked as read.", crate::plural(n as u64, "broadcast message")))))
}
