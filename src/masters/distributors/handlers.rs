//! The HTTP side of the distributor list.

use axum::extract::State;

use super::queries;
use super::types::Distributor;
use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::Json;
use crate::platform::rights;
use crate::platform::state::AppState;

const READ_RIGHTS: &[crate::platform::rights::Right] = &[rights::DISTRIBUTOR_MASTER, rights::ORDER_BOOKING];

/// `GET /master/distributor` (order_booking or distributor_master): every distributor by name.
#[utoipa::path(get, path = "/master/distributor", tag = "masters", summary = "Every distributor, by name",
    responses(
        (status = 200, description = "OK", body = Vec<Distributor>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Distributor>>> {
    user.require_any(READ_RIGHTS)?;
    state.db(|conn| Ok(queries::all(conn)?)).await.map(Json)
}
