//! `GET /users/home`: HTTP only; the figures are counted in `queries`.

use axum::extract::State;

use super::queries::{self, HomeExtras};
use super::types::Home;
use crate::auth::session::CurrentUser;
use crate::buckets::queries::Windows;
use crate::platform::error::AppResult;
use crate::platform::extract::Json;
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;

/// `GET /users/home` (visit_summary): the administrator's home figures for today over the caller's
/// whole scope; pending approvals need delivery_approve, blocked users unblock_user and uploads
/// with errors one upload right (else null).
#[utoipa::path(get, path = "/users/home", tag = "home", summary = "Today's figures of the home screen",
    responses(
        (status = 200, description = "OK", body = Home)
    ))]
pub async fn home(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Home>> {
    let extras = HomeExtras {
        pending_approvals: user.has_right(rights::DELIVERY_APPROVE),
        blocked_users_but: user.has_right(rights::UNBLOCK_USER).then_some(user.uid),
        uploads_by: crate::uploads::kinds::ALL
            .iter()
            .any(|k| user.has_right(k.right))
            .then(|| (!matches!(user.scope(), Scope::All)).then_some(user.uid)),
    };
    user.require(rights::VISIT_SUMMARY)?;
    let scope = user.scope();
    state.db(move |conn| Ok(queries::figures(conn, scope, Windows::now(), extras)?)).await.map(Json)
}
