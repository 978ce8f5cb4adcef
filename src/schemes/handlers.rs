//! The schemes master's endpoints (issue #52; right `scheme_master`, administrators): HTTP only,
//! the rules in `types`, the SQL in `queries`.

use axum::extract::State;

use super::messages::*;
use super::queries;
use super::types::*;
use crate::auth::session::CurrentUser;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::rights;
use crate::platform::state::AppState;

crate::platform::api::refusals! {
    /// The scheme named does not exist.
    NoSuchScheme = 404, "No such scheme";
}

/// `GET /master/scheme?active=&pageNumber=` (scheme_master): 30 schemes a page (their current
/// versions), those not ended first, by name; `active=true` only those not ended (in force today
/// or later), `false` only the ended ones.
#[utoipa::path(get, path = "/master/scheme", tag = "schemes", summary = "A page of 30 schemes (current versions)", params(SchemeQuery),
    responses(
        (status = 200, description = "OK", body = SchemePage)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<SchemeQuery>) -> AppResult<Json<SchemePage>> {
    user.require(rights::SCHEME_MASTER)?;
    let active = match q.active.as_deref().map(str::trim).map(str::to_ascii_lowercase).as_deref() {
        Some("true") | Some("1") | Some("yes") => Some(true),
        Some("false") | Some("0") | Some("no") => Some(false),
        _ => None,
    };
    let offset = (q.page_number.unwrap_or(1).max(1) - 1) * queries::PAGE_SIZE;
    let today = crate::clock::today_text();
    state.db(move |conn| queries::page(conn, active, &today, offset)).await.map(Json)
}

/// `GET /master/scheme/{schemeId}` (scheme_master): the current version, where it stands, and
/// every version newest first.
#[utoipa::path(get, path = "/master/scheme/{schemeId}", tag = "schemes", summary = "One scheme: its current version and history",
    params(("schemeId" = i64, Path, description = "The scheme's id")),
    responses(
        (status = 200, description = "OK", body = SchemeDetail),
        NoSuchScheme
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(scheme_id): Path<i64>) -> AppResult<Json<SchemeDetail>> {
    user.require(rights::SCHEME_MASTER)?;
    let today = crate::clock::today_text();
    state.db(move |conn| queries::detail(conn, scheme_id, &today)).await.map(Json)
}

/// `POST /master/scheme` (scheme_master): creates a scheme, or with `schemeId` adds its next
/// version (the one before is superseded; orders keep the version they were priced with). A
/// refused scheme stores nothing.
#[utoipa::path(post, path = "/master/scheme", tag = "schemes", summary = "Create a scheme, or a new version of one",
    responses(
        (status = 200, description = "Saved", body = SchemeSaved),
        (status = 400, description = "A field is missing or not valid for the kind, or names what does not exist", body = crate::platform::api::ErrorBody),
        (status = 404, description = "The scheme to edit does not exist", body = crate::platform::api::ErrorBody),
        (status = 409, description = "A scheme not ended has this name", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<ApiScheme>) -> AppResult<Json<SchemeSaved>> {
    user.require(rights::SCHEME_MASTER)?;
    let id = req.scheme_id.filter(|id| *id > 0).unwrap_or(0);
    let scheme = req.to_engine(id, 0, state.config.max_amount).map_err(AppError::bad_request)?;
    let valid_to = scheme.valid_to.clone();
    let (by, now, today) = (user.uid, crate::now(), crate::clock::today_text());
    let (scheme_id, version) = state.writer.write(move |tx| queries::save(tx, scheme, by, now, &today)).await?;
    Ok(Json(SchemeSaved { message: SCHEME_SAVED.text.into(), scheme_id, version, valid_to }))
}

/// `POST /master/scheme/{schemeId}/end` (scheme_master): the scheme's last day becomes today, in
/// a new version: it no longer applies from tomorrow. One already ended is a 409.
#[utoipa::path(post, path = "/master/scheme/{schemeId}/end", tag = "schemes", summary = "End a scheme today (withdrawn from tomorrow)",
    params(("schemeId" = i64, Path, description = "The scheme's id")),
    responses(
        (status = 200, description = "Ended", body = SchemeSaved),
        NoSuchScheme,
        (status = 409, description = "The scheme has already ended", body = crate::platform::api::ErrorBody)
    ))]
pub async fn end(State(state): State<AppState>, user: CurrentUser, Path(scheme_id): Path<i64>) -> AppResult<Json<SchemeSaved>> {
    user.require(rights::SCHEME_MASTER)?;
    let (by, now, today) = (user.uid, crate::now(), crate::clock::today_text());
    let valid_to = Some(today.clone());
    let version = state.writer.write(move |tx| queries::end(tx, scheme_id, by, now, &today)).await?;
    Ok(Json(SchemeSaved { message: SCHEME_ENDED.text.into(), scheme_id, version, valid_to }))
}
