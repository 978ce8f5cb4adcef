//! Broadcast messages: `GET`/`POST /chat/broadcastMessage`, `POST /chat/broadcastMessage/delete/{id}`
//! and `GET /chat/media?fileName=` for their pictures. A broadcast reaches one user type (0 = all)
//! in one country (none = all).

use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::{named_params, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path, Query};
use crate::files;
use crate::state::AppState;
use crate::validate::max_len;

const RIGHT: &str = "broadcast_master";
const AREA: &str = "broadcast";
const MAX_TEXT: usize = 2000;

#[derive(Debug, Serialize)]
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
    format!("{}/chat/media?fileName={name}", crate::web::API_BASE)
}

/// `GET /chat/broadcastMessage` (signed in): every broadcast for an administrator with
/// broadcast_master, otherwise those addressed to the caller; newest first.
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Broadcast>>> {
    let everything = user.has_right(RIGHT);
    let (user_type, country) = (user.user_type, user.country_id);
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT b.id, b.message_text, b.user_type_id, COALESCE(t.name, 'All'), c.name, b.image_name,
                        b.created_at
                 FROM broadcasts b
                 LEFT JOIN user_types t ON t.user_type_id = b.user_type_id
                 LEFT JOIN countries c ON c.country_id = b.country_id
                 WHERE b.is_deleted = 0
                   AND (:all OR ((b.user_type_id = 0 OR b.user_type_id = :type)
                                 AND (b.country_id IS NULL OR b.country_id = :country)))
                 ORDER BY b.created_at DESC, b.id DESC",
            )?;
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

/// `POST /chat/broadcastMessage` (broadcast_master): multipart `messageText`, `userType` (0 = all),
/// `country` (required when the user type has countries), optional `chatImage` (jpeg, jpg, bmp or
/// png, checked by content, at most 5 MB).
pub async fn send(State(state): State<AppState>, user: CurrentUser, form: Multipart) -> AppResult<Json<Value>> {
    user.require(RIGHT)?;
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
            )?;
            Ok(conn.last_insert_rowid())
        })
        .await?;
    Ok(Json(json!({ "message": "Broadcast message sent successfully.", "id": id })))
}

/// `POST /chat/broadcastMessage/delete/{id}` (broadcast_master).
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<Value>> {
    user.require(RIGHT)?;
    state
        .db(move |conn| {
            crate::masters::retire::updated(conn.execute(
                "UPDATE broadcasts SET is_deleted = 1 WHERE id = :id AND is_deleted = 0",
                named_params! { ":id": id },
            )?)
        })
        .await?;
    Ok(Json(json!({ "message": "Broadcast message deleted successfully." })))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MediaQuery {
    pub file_name: String,
}

/// `GET /chat/media?fileName=` (signed in): a broadcast picture, for the broadcast's audience.
pub async fn media(State(state): State<AppState>, user: CurrentUser, Query(q): Query<MediaQuery>) -> AppResult<Response> {
    let everything = user.has_right(RIGHT);
    let (user_type, country) = (user.user_type, user.country_id);
    let name = q.file_name.clone();
    let visible = state
        .db(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT 1 FROM broadcasts WHERE image_name = :name AND is_deleted = 0
                       AND (:all OR ((user_type_id = 0 OR user_type_id = :type)
                                     AND (country_id IS NULL OR country_id = :country)))",
                    named_params! { ":name": name, ":all": everything, ":type": user_type, ":country": country },
                    |_| Ok(()),
                )
                .optional()?
                .is_some())
        })
        .await?;
    if !visible {
        return Err(AppError::not_found("The file was not found."));
    }
    let data_dir = state.config.data_dir.clone();
    let name = q.file_name;
    let bytes = crate::state::blocking(move || files::read(&data_dir, AREA, &name).map(|b| (files::content_type(&name), b))).await?;
    Ok(([(header::CONTENT_TYPE, bytes.0), (header::CACHE_CONTROL, "private, max-age=3600")], bytes.1).into_response())
}
