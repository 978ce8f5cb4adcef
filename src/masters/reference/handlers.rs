//! The HTTP side of the reference lists.

use axum::extract::State;

use super::queries;
use super::types::{Country, Right, UserType, UserTypeQuery};
use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Query};
use crate::platform::rights;
use crate::platform::state::AppState;

/// `GET /master/country` (signed in).
#[utoipa::path(get, path = "/master/country", tag = "masters", summary = "Countries",
    responses(
        (status = 200, description = "OK", body = Vec<Country>)
    ))]
pub async fn countries(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<Country>>> {
    state.db(|conn| Ok(queries::countries(conn)?)).await.map(Json)
}

/// `GET /master/userType?showAll=` (signed in).
#[utoipa::path(get, path = "/master/userType", tag = "masters", summary = "User types", params(UserTypeQuery),
    responses(
        (status = 200, description = "OK", body = Vec<UserType>)
    ))]
pub async fn user_types(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(query): Query<UserTypeQuery>,
) -> AppResult<Json<Vec<UserType>>> {
    let show_all = query.show_all.unwrap_or(true);
    state.db(move |conn| Ok(queries::user_types(conn, show_all)?)).await.map(Json)
}

/// `GET /master/rights` (right rights_master or user_master): every permission string with its
/// menu group.
#[utoipa::path(get, path = "/master/rights", tag = "masters", summary = "Every permission string with its menu group",
    responses(
        (status = 200, description = "OK", body = Vec<Right>)
    ))]
pub async fn rights(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Right>>> {
    user.require_any(&[rights::RIGHTS_MASTER, rights::USER_MASTER])?;
    state.db(|conn| Ok(queries::rights(conn)?)).await.map(Json)
}
