//! The HTTP side of the link master.

use axum::extract::State;

use super::queries;
use super::types::{Link, LinkSaved, SaveLink};
use crate::auth::session::CurrentUser;
use crate::masters::handlers::retire;
use crate::masters::messages::{
    LINK_COUNTRY_REQUIRED, LINK_DELETED, LINK_NAME_REQUIRED, LINK_NOT_FOUND, LINK_NOT_WEB_ADDRESS, LINK_REQUIRED,
};
use crate::masters::queries::{RetireAnswers, SaveRefusals};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path};
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::required;

/// `GET /master/link` (signed in).
#[utoipa::path(get, path = "/master/link", tag = "masters", summary = "Live links",
    responses(
        (status = 200, description = "OK", body = Vec<Link>)
    ))]
pub async fn list(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<Link>>> {
    state.db(|conn| Ok(queries::links(conn, None)?)).await.map(Json)
}

/// `GET /master/link/{id}` (signed in).
#[utoipa::path(get, path = "/master/link/{id}", tag = "masters", summary = "One link",
    responses(
        (status = 200, description = "OK", body = Link),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get(State(state): State<AppState>, _user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<Link>> {
    state.db(move |conn| queries::links(conn, Some(id))?.pop().ok_or_else(|| AppError::not_found(LINK_NOT_FOUND))).await.map(Json)
}

/// `POST /master/link` (link_master): creates when `linkId` is 0, else replaces it.
#[utoipa::path(post, path = "/master/link", tag = "masters", summary = "Create or update a link",
    responses((status = 200, description = "Saved", body = LinkSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveLink>) -> AppResult<Json<LinkSaved>> {
    user.require(rights::LINK_MASTER)?;
    let name = required(&req.link_name, LINK_NAME_REQUIRED.on("linkName"))?;
    let link = required(&req.link, LINK_REQUIRED.on("link"))?;
    if !(link.starts_with("https://") || link.starts_with("http://")) || link.chars().any(char::is_whitespace) {
        return Err(AppError::bad_request(LINK_NOT_WEB_ADDRESS.on("link")));
    }
    let countries: Vec<String> = req.countries.iter().map(|c| c.name().to_string()).filter(|c| !c.is_empty()).collect();
    if countries.is_empty() {
        return Err(AppError::bad_request(LINK_COUNTRY_REQUIRED.on("countries")));
    }
    let id = req.link_id.unwrap_or(0);
    let saved = state.db(move |conn| queries::save(conn, id, &name, &link, &countries)).await?;
    Ok(Json(LinkSaved { message: "Link saved successfully.".into(), link_id: saved }))
}

/// `POST /master/link/delete/{id}` (link_master): links carry no history, so they are removed.
#[utoipa::path(post, path = "/master/link/delete/{id}", tag = "masters", summary = "Retire a link", responses(RetireAnswers))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    retire(&state, &user, rights::LINK_MASTER, move |conn| queries::delete(conn, id), LINK_DELETED).await
}
