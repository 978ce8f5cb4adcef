//! The distributor list (`GET /master/distributor`, issue #18): whom a booked order may go to.
//! Distributors are kept by the distributor upload.

use axum::extract::State;
use serde::Serialize;

use crate::auth::session::CurrentUser;
use crate::error::AppResult;
use crate::extract::Json;
use crate::rights;
use crate::state::AppState;

const READ_RIGHTS: &[crate::rights::Right] = &[rights::DISTRIBUTOR_MASTER, rights::ORDER_BOOKING];

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Distributor {
    pub distributor_id: i64,
    pub distributor_name: String,
    pub city: Option<String>,
    /// False: its orders wait, no mail can reach it.
    pub has_email: bool,
}

/// `GET /master/distributor` (order_booking or distributor_master): every distributor by name.
#[utoipa::path(get, path = "/master/distributor", tag = "masters", summary = "Every distributor, by name",
    responses(
        (status = 200, description = "OK", body = Vec<Distributor>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<Distributor>>> {
    user.require_any(READ_RIGHTS)?;
    state
        .db(|conn| {
            let rows = conn
                .prepare_cached("SELECT distributor_id, name, city, COALESCE(email, '') <> '' FROM distributors ORDER BY name")?
                .query_map([], |r| {
                    Ok(Distributor { distributor_id: r.get(0)?, distributor_name: r.get(1)?, city: r.get(2)?, has_email: r.get(3)? })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
        .map(Json)
}
