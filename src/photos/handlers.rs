//! The HTTP side of visit photos.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::messages::*;
use super::picture;
use super::queries::{self, ListFilter, NewPhoto, NewShopPhoto};
use super::store;
use super::types::{PhotoForm, PhotoPage, PhotoQuery, PhotoSaved, PhotoVisit, LABELS};
use crate::auth::session::CurrentUser;
use crate::platform::answers;
use crate::platform::api::{day_range, filter_value};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, MultipartForm, Path, Query};
use crate::platform::files;
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::nonblank;

/// Most photos a visit has.
pub const MAX_PER_VISIT: i64 = 8;
/// A `takenAt` may be this far ahead of the server's clock (phones drift), as a visit's time.
const AHEAD_LIMIT_S: i64 = 5 * 60;
/// A queued photo older than this is refused, as a visit.
const AGE_LIMIT_S: i64 = 7 * 24 * 3600;
/// Photos whose bytes are read and held at once, whoever sends them; the others wait with their
/// bytes unread, in their connections rather than the server's memory. Fifty phones sending at
/// once held 34 MB of bodies and read buffers while they waited for the two decoders (issue #56).
/// Eight keep the two decoders fed; sixteen took the burst's peak from 71 to 98 MB.
const RECEIVED_AT_ONCE: usize = 8;
static RECEIVING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(RECEIVED_AT_ONCE));

/// The text fields of the form, as sent.
#[derive(Default)]
struct Fields {
    client_id: Option<String>,
    visit_client_id: Option<String>,
    visit_id: Option<String>,
    proposal_client_id: Option<String>,
    label: Option<String>,
    taken_at: Option<String>,
}

fn check_client_id(id: &str) -> AppResult<()> {
    if (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        Ok(())
    } else {
        Err(AppError::bad_request(PHOTO_CLIENT_ID_NOT_VALID.on("clientId")))
    }
}

/// The answer to an earlier send of `client_id` by `me`, if any.
async fn repeat(state: &AppState, me: UserId, client_id: &str) -> AppResult<Option<PhotoSaved>> {
    let client_id = client_id.to_string();
    let first = state.db(move |conn| Ok(queries::saved_before(conn, me, &client_id)?)).await?;
    Ok(first.map(|(id, flagged, similar)| queries::answer(id, true, flagged, similar)))
}

/// `POST /users/visit/photo` (visit_photo): multipart `clientId`, `visitClientId` or `visitId`
/// (or `proposalClientId`: the photo of the caller's new shop's front, decision 46),
/// `label`, `takenAt`, `file` (JPEG or WebP, 2 MB). The photo is checked by its content, kept
/// once by the hash of the stored bytes (re-encoded: at most 1600 px and 200 KB, no metadata),
/// and flagged when it repeats another photo of the customer or of the agent's last 30 days that
/// the caller may see. A repeat of a `clientId` answers the first send with `duplicate: true`.
/// A caller's photos are decoded one at a time, at most `--photo-rate` a minute.
#[utoipa::path(post, path = "/users/visit/photo", tag = "photos", summary = "Send a photo of a visit",
    request_body(content = inline(PhotoForm), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved, or saved before under this clientId", body = PhotoSaved),
        (status = 400, description = "A field is missing or not valid, or the file is not a JPEG or WebP photo within limits", body = crate::platform::api::ErrorBody),
        (status = 404, description = "No such visit (photo_visit_not_found) or new shop (photo_shop_not_found) among the caller's: it may not have arrived yet; send again later", body = crate::platform::api::ErrorBody),
        (status = 409, description = "The visit has 8 photos already, or the new shop its photo", body = crate::platform::api::ErrorBody),
        (status = 413, description = "The body is larger than 2 MB", body = crate::platform::api::ErrorBody),
        (status = 429, description = "The caller has 8 photos waiting to be decoded (photo_busy) or sent their photos of this minute (photo_rate_limited): send again later", body = crate::platform::api::ErrorBody)
    ))]
pub async fn send(State(state): State<AppState>, user: CurrentUser, MultipartForm(mut form): MultipartForm) -> AppResult<Json<PhotoSaved>> {
    user.require(rights::VISIT_PHOTO)?;
    let me = UserId(user.uid);
    let mut fields = Fields::default();
    let mut file = None;
    // Held until the photo is kept or refused (see `RECEIVED_AT_ONCE`).
    let mut _receiving = None;
    while let Some(field) = form.next_field().await.map_err(files::multipart_error)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            // A repeat whose clientId came first is answered without keeping the picture: the rest
            // of the body (at most the route's limit) is read and dropped, so the phone's
            // connection ends cleanly and it takes the answer rather than a reset.
            if let Some(id) = fields.client_id.as_deref() {
                check_client_id(id)?;
                if let Some(first) = repeat(&state, me, id).await? {
                    let mut field = field;
                    while let Ok(Some(_)) = field.chunk().await {}
                    drop(field);
                    while let Ok(Some(mut rest)) = form.next_field().await {
                        while let Ok(Some(_)) = rest.chunk().await {}
                    }
                    return Ok(Json(first));
                }
            }
            _receiving = Some(RECEIVING.acquire().await.map_err(|e| AppError::Internal(e.into()))?);
            file = Some(field.bytes().await.map_err(files::multipart_error)?);
            continue;
        }
        let text = Some(field.text().await.map_err(files::multipart_error)?);
        match name.as_str() {
            "clientId" => fields.client_id = nonblank(text),
            "visitClientId" => fields.visit_client_id = nonblank(text),
            "visitId" => fields.visit_id = nonblank(text),
            "proposalClientId" => fields.proposal_client_id = nonblank(text),
            "label" => fields.label = nonblank(text),
            "takenAt" => fields.taken_at = nonblank(text),
            _ => {}
        }
    }
    let client_id = fields.client_id.ok_or_else(|| AppError::bad_request(PHOTO_CLIENT_ID_NOT_VALID.on("clientId")))?;
    check_client_id(&client_id)?;
    if let Some(first) = repeat(&state, me, &client_id).await? {
        return Ok(Json(first));
    }
    let label = match fields.label {
        Some(l) if LABELS.contains(&l.as_str()) => Some(l),
        Some(_) => return Err(AppError::bad_request(PHOTO_LABEL_NOT_VALID.on("label"))),
        None => None,
    };
    let received_at = crate::now();
    let taken_at = match fields.taken_at {
        None => received_at,
        Some(text) => {
            let at = chrono::DateTime::parse_from_rfc3339(&text)
                .map(|at| at.timestamp())
                .map_err(|_| AppError::bad_request(PHOTO_TIME_NOT_VALID.on("takenAt")))?;
            if at > received_at + AHEAD_LIMIT_S {
                return Err(AppError::bad_request(PHOTO_TIME_AHEAD.on("takenAt")));
            }
            if at < received_at - AGE_LIMIT_S {
                return Err(AppError::bad_request(PHOTO_TIME_TOO_OLD.on("takenAt")));
            }
            at
        }
    };
    if let Some(proposal_client_id) = fields.proposal_client_id {
        return send_shop_photo(&state, me, client_id, proposal_client_id, file, (taken_at, received_at)).await.map(Json);
    }
    let visit_id = match fields.visit_id {
        Some(v) => Some(v.parse::<i64>().map_err(|_| AppError::not_found(PHOTO_VISIT_NOT_FOUND.on("visitId")))?),
        None => None,
    };
    let visit_client_id = fields.visit_client_id;
    if visit_id.is_none() && visit_client_id.is_none() {
        return Err(AppError::bad_request(PHOTO_VISIT_REQUIRED.on("visitClientId")));
    }
    let scope = user.scope();
    let find = move |conn: &rusqlite::Connection| -> AppResult<PhotoVisit> {
        let found = match (&visit_client_id, visit_id) {
            (Some(c), _) => queries::visit_by_client_id(conn, scope, me, c)?,
            (None, Some(v)) => queries::visit_by_id(conn, scope, v)?,
            (None, None) => None,
        };
        let visit = found.ok_or_else(|| AppError::not_found(PHOTO_VISIT_NOT_FOUND))?;
        if queries::photos_of_visit(conn, visit.visit_id)? >= MAX_PER_VISIT {
            return Err(AppError::conflict(PHOTO_LIMIT_REACHED.with([("max", json!(MAX_PER_VISIT))])));
        }
        Ok(visit)
    };
    let find_again = find.clone();
    state.db(move |conn| find(conn)).await?;
    let photo = kept(&state, me, file).await?;
    // Through the writer: a transaction of its own that read, then wrote, met another's write lock
    // and answered 503 (eight photos of one visit sent at once).
    state
        .writer
        .write(move |tx| {
            // Checked again in the write: another send may have come meanwhile.
            if let Some((id, flagged, similar)) = queries::saved_before(tx, me, &client_id)? {
                return Ok(queries::answer(id, true, flagged, similar));
            }
            let visit = find_again(tx)?;
            let similar_to = queries::similar_to(tx, scope, me, &photo.sha256, photo.phash, visit, received_at)?;
            let row = NewPhoto {
                visit,
                entered_by: me,
                client_id: &client_id,
                label: label.as_deref(),
                taken_at,
                received_at,
                sha256: &photo.sha256,
                phash: photo.phash,
                bytes: photo.bytes.len() as i64,
                width: photo.width,
                height: photo.height,
                similar_to,
            };
            let id = queries::insert(tx, &row)?;
            Ok(queries::answer(id, false, similar_to.is_some(), similar_to))
        })
        .await
        .map(Json)
}

/// The sent file checked, re-encoded (one at a time per caller, within the caller's rate) and its
/// files kept: before the row that names them, and outside the writer, whose every queued write
/// their fsyncs would hold up.
async fn kept(state: &AppState, me: UserId, file: Option<axum::body::Bytes>) -> AppResult<picture::Prepared> {
    let bytes = file.ok_or_else(|| AppError::bad_request(PHOTO_FILE_REQUIRED.on("file")))?;
    let sent = picture::check(bytes)?;
    let place = state
        .photo_lanes
        .enter(me)
        .ok_or_else(|| AppError::TooManyRequests(PHOTO_BUSY.with([("max", json!(crate::platform::state::QUEUED_PHOTOS_PER_USER))])))?;
    if let Some(limiter) = &state.photo_limiter {
        limiter
            .check_key(&me)
            .map_err(|_| AppError::TooManyRequests(PHOTO_RATE_LIMITED.with([("max", json!(state.config.photo_rate_per_minute))])))?;
    }
    let photo = picture::prepare(sent, &place).await?;
    drop(place);
    let data_dir = state.config.data_dir.clone();
    crate::platform::state::blocking(move || store::keep(&data_dir, &photo.sha256, &photo.bytes, &photo.thumb).map(|()| photo)).await
}

/// The photo of a new shop's front (`proposalClientId`: the caller's own proposal, decision 46):
/// one per proposal, kept as a visit photo is but compared with none.
async fn send_shop_photo(
    state: &AppState,
    me: UserId,
    client_id: String,
    proposal_client_id: String,
    file: Option<axum::body::Bytes>,
    (taken_at, received_at): (i64, i64),
) -> AppResult<PhotoSaved> {
    let find = move |conn: &rusqlite::Connection| -> AppResult<i64> {
        let (proposal, has_photo) = queries::proposal_by_client_id(conn, me, &proposal_client_id)?
            .ok_or_else(|| AppError::not_found(PHOTO_SHOP_NOT_FOUND.on("proposalClientId")))?;
        if has_photo {
            return Err(AppError::conflict(PHOTO_SHOP_HAS_PHOTO));
        }
        Ok(proposal)
    };
    let find_again = find.clone();
    state.db(move |conn| find(conn)).await?;
    let photo = kept(state, me, file).await?;
    state
        .writer
        .write(move |tx| {
            if let Some((id, flagged, similar)) = queries::saved_before(tx, me, &client_id)? {
                return Ok(queries::answer(id, true, flagged, similar));
            }
            let proposal_id = find_again(tx)?;
            let row = NewShopPhoto {
                proposal_id,
                entered_by: me,
                client_id: &client_id,
                taken_at,
                received_at,
                sha256: &photo.sha256,
                bytes: photo.bytes.len() as i64,
                width: photo.width,
                height: photo.height,
            };
            let id = queries::insert_shop_photo(tx, &row)?;
            Ok(queries::answer(id, false, false, None))
        })
        .await
}

/// `GET /users/visit/photos?agentId=&buyerId=&from=&to=&label=&flagged=&pageNumber=`
/// (photo_review): 30 photos a page, newest taken first, of the caller's scope (a manager's team,
/// everyone for an administrator), with `totalRecords`.
#[utoipa::path(get, path = "/users/visit/photos", tag = "photos", summary = "A page of 30 visit photos, newest first", params(PhotoQuery),
    responses(
        (status = 200, description = "OK", body = PhotoPage),
        crate::platform::api::InvalidFilter,
        crate::platform::api::NoSuchAgent
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<PhotoQuery>) -> AppResult<Response> {
    user.require(rights::PHOTO_REVIEW)?;
    let (from, to) = day_range(q.from.as_deref(), q.to.as_deref(), (PHOTO_FILTER_DATE_NOT_VALID, PHOTO_FILTER_DATE_NOT_VALID))?;
    let label = filter_value(q.label.as_deref(), |l| LABELS.contains(&l).then(|| l.to_string()), PHOTO_FILTER_LABEL_NOT_VALID.on("label"))?;
    let yes_or_no = |f: &str| match f {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    };
    let flagged = filter_value(q.flagged.as_deref(), yes_or_no, PHOTO_FILTER_FLAGGED_NOT_VALID.on("flagged"))?;
    let filter = ListFilter { buyer_id: nonblank(q.buyer_id), from, to, label, flagged, page: q.page_number.unwrap_or(1) };
    let (scope, agent) = (user.scope(), q.agent_id.map(UserId));
    let request = format!("{agent:?} {filter:?}");
    let body = state
        .db(move |conn| {
            answers::kept(conn, &PHOTO_LIST, scope, request, || {
                let scope = scope.narrowed(conn, agent)?;
                queries::page(conn, scope, &filter)
            })
        })
        .await?;
    Ok(answers::response(body))
}

/// The Photos list, kept (see `platform::answers`).
pub const PHOTO_LIST: answers::Kind = answers::Kind { name: "photo-list", tables: &["visit_photos", "customers", "users"] };

async fn serve(state: AppState, user: CurrentUser, photo_id: i64, thumb: bool) -> AppResult<Response> {
    user.require_any(&[rights::VISIT_PHOTO, rights::PHOTO_REVIEW])?;
    let (scope, me) = (user.scope(), UserId(user.uid));
    let sha =
        state.db(move |conn| queries::file_of(conn, scope, me, photo_id)?.ok_or_else(|| AppError::not_found(PHOTO_NOT_FOUND))).await?;
    stored_picture(&state, sha, thumb).await
}

/// The stored picture `sha` (or its thumbnail), a JPEG.
async fn stored_picture(state: &AppState, sha: String, thumb: bool) -> AppResult<Response> {
    let data_dir = state.config.data_dir.clone();
    let bytes = crate::platform::state::blocking(move || store::read(&data_dir, &sha, thumb)).await?;
    // Kept nowhere, as every stored picture: the ids are sequential, and a browser shared by two
    // users would show the second one a photo kept for the first.
    Ok(([(header::CONTENT_TYPE, "image/jpeg"), (header::CACHE_CONTROL, "private, no-store")], bytes).into_response())
}

async fn serve_shop_photo(state: AppState, user: CurrentUser, proposal_id: i64, thumb: bool) -> AppResult<Response> {
    user.require_any(&[rights::OUTLET_PROPOSAL, rights::OUTLET_APPROVAL])?;
    let scope = user.scope();
    let sha = state
        .db(move |conn| queries::shop_photo_file(conn, scope, proposal_id)?.ok_or_else(|| AppError::not_found(PHOTO_NOT_FOUND)))
        .await?;
    stored_picture(&state, sha, thumb).await
}

/// A route of a stored picture, a JPEG: `$serve` finds it by the path's id (the thumbnail when `$thumb`).
macro_rules! picture_route {
    ($(#[$doc:meta])* $handler:ident, $path:tt, $summary:tt, ($id:tt, $id_doc:tt), $what:tt, $missing:tt, $serve:ident($thumb:expr)) => {
        $(#[$doc])*
        #[utoipa::path(get, path = $path, tag = "photos", summary = $summary,
            params(($id = i64, Path, description = $id_doc)),
            responses(
                (status = 200, description = $what, content_type = "image/jpeg", body = Vec<u8>),
                (status = 404, description = $missing, body = crate::platform::api::ErrorBody)
            ))]
        pub async fn $handler(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Response> {
            $serve(state, user, id, $thumb).await
        }
    };
}

picture_route!(
    /// `GET /users/visit/photo/{photoId}/file` (photo_review, or visit_photo for the caller's own):
    /// the photo, a JPEG.
    file, "/users/visit/photo/{photoId}/file", "A visit photo", ("photoId", "The photo's id"),
    "The photo", "No such photo among the caller's", serve(false)
);
picture_route!(
    /// `GET /users/visit/photo/{photoId}/thumb` (as the photo): its 320 px thumbnail, a JPEG.
    thumb, "/users/visit/photo/{photoId}/thumb", "A visit photo's thumbnail", ("photoId", "The photo's id"),
    "The thumbnail", "No such photo among the caller's", serve(true)
);
picture_route!(
    /// `GET /users/outlet/proposal/{id}/photo/file` (outlet_proposal for the caller's own,
    /// outlet_approval for the scope's): the photo of a new shop's front, a JPEG (decision 46).
    shop_file, "/users/outlet/proposal/{id}/photo/file", "The photo of a new shop's front", ("id", "The proposal's id"),
    "The photo", "No such proposal among the caller's, or it has no photo", serve_shop_photo(false)
);
picture_route!(
    /// `GET /users/outlet/proposal/{id}/photo/thumb` (as the photo): its 320 px thumbnail, a JPEG.
    shop_thumb, "/users/outlet/proposal/{id}/photo/thumb", "The thumbnail of a new shop's photo", ("id", "The proposal's id"),
    "The thumbnail", "No such proposal among the caller's, or it has no photo", serve_shop_photo(true)
);
