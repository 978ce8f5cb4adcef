//! Handlers and SQL of the reference lists (CONTRACT.md: readable by every signed-in user).

use axum::extract::State;
use rusqlite::named_params;
use serde::{Deserialize, Serialize};

use crate::auth::session::CurrentUser;
use crate::error::AppResult;
use crate::extract::{Json, Query};
use crate::rights;
use crate::state::AppState;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub country_id: i64,
    pub country: String,
}

/// `GET /master/country` (signed in).
#[utoipa::path(get, path = "/master/country", tag = "masters", summary = "Countries",
    responses(
        (status = 200, description = "OK", body = Vec<Country>)
    ))]
pub async fn countries(State(state): State<AppState>, _user: CurrentUser) -> AppResult<Json<Vec<Country>>> {
    state
        .db(|conn| {
            let mut stmt = conn.prepare_cached("SELECT country_id, name FROM countries ORDER BY name")?;
            let rows = stmt.query_map([], |r| Ok(Country { country_id: r.get(0)?, country: r.get(1)? }))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserType {
    pub user_type_id: i64,
    pub user_type: String,
    pub is_country_supported: bool,
}

#[derive(Deserialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct UserTypeQuery {
    /// `false` leaves out administrators (the report user-type filter); absent means all.
    pub show_all: Option<bool>,
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
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT user_type_id, name, is_country_supported FROM user_types
                 WHERE :all OR user_type_id <> 1 ORDER BY user_type_id",
            )?;
            let rows = stmt.query_map(named_params! { ":all": show_all }, |r| {
                Ok(UserType { user_type_id: r.get(0)?, user_type: r.get(1)?, is_country_supported: r.get(2)? })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Right {
    pub right_id: i64,
    pub link_right: String,
    pub group_name: String,
    pub right_name: String,
}

/// `GET /master/rights` (right rights_master or user_master): every permission string with its
/// menu group.
#[utoipa::path(get, path = "/master/rights", tag = "masters", summary = "Every permission string with its menu group",
    responses(
        (status = 200, description = "OK", body = Vec<Right>)
    ))]
pub async fn rights(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Right>>> {
    user.require_any(&[rights::RIGHTS_MASTER, rights::USER_MASTER])?;
    state
        .db(|conn| {
            let mut stmt = conn.prepare_cached("SELECT right_id, code, group_name, label FROM rights ORDER BY right_id")?;
            let rows = stmt.query_map([], |r| {
                Ok(Right { right_id: r.get(0)?, link_right: r.get(1)?, group_name: r.get(2)?, right_name: r.get(3)? })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}
