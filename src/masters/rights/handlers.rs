//! The HTTP side of the rights screen.

use std::collections::BTreeSet;

use axum::extract::State;

use super::queries::{self, Actor};
use super::types::{SaveRights, UserTypeRights};
use crate::auth::session::CurrentUser;
use crate::masters::messages::{RIGHTS_ADMINISTRATORS_KEEP, RIGHTS_REQUIRED, RIGHTS_USER_TYPE_REQUIRED};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::Json;
use crate::platform::rights;
use crate::platform::rights::ADMINISTRATOR;
use crate::platform::state::AppState;

/// What administrators must keep, so that nobody can lock everyone out of users and rights.
const KEPT_BY_ADMINISTRATORS: &[crate::platform::rights::Right] = &[rights::RIGHTS_MASTER, rights::USER_MASTER];

/// `GET /master/rights/byUserType` (rights_master): every user type with the rights it holds.
#[utoipa::path(get, path = "/master/rights/byUserType", tag = "masters", summary = "The rights each user type holds",
    responses(
        (status = 200, description = "OK", body = Vec<UserTypeRights>)
    ))]
pub async fn by_user_type(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<UserTypeRights>>> {
    user.require(rights::RIGHTS_MASTER)?;
    state.db(|conn| Ok(queries::grid(conn)?)).await.map(Json)
}

/// `POST /master/rights` (rights_master): replaces the rights of one user type in one
/// transaction. Administrators must keep `rights_master` and `user_master`.
#[utoipa::path(post, path = "/master/rights", tag = "masters", summary = "Replace the rights of a user type",
    responses(
        (status = 200, description = "Saved", body = MessageBody),
        (status = 404, description = "No such user type", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveRights>) -> AppResult<Json<MessageBody>> {
    user.require(rights::RIGHTS_MASTER)?;
    let type_id = req.user_type_id.ok_or_else(|| AppError::bad_request(RIGHTS_USER_TYPE_REQUIRED.on("userTypeId")))?;
    let wanted: BTreeSet<String> =
        req.rights.ok_or_else(|| AppError::bad_request(RIGHTS_REQUIRED.on("rights")))?.iter().map(|r| r.trim().to_string()).collect();
    if type_id == ADMINISTRATOR.id() && KEPT_BY_ADMINISTRATORS.iter().any(|r| !wanted.contains(r.code())) {
        return Err(AppError::bad_request(RIGHTS_ADMINISTRATORS_KEEP.on("rights")));
    }
    // Who did it: the administrator behind an impersonated session, else the user.
    let by = Actor { actor: user.impersonator.unwrap_or(user.uid), acting_as: user.uid };
    let type_name = state.db(move |conn| queries::replace(conn, type_id, &wanted, by)).await?;
    Ok(Json(MessageBody::of(crate::masters::messages::RIGHTS_SAVED.with([("userType", serde_json::json!(type_name))]))))
}
