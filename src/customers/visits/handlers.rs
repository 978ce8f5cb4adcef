//! The visit save endpoint (`record` does the work).

use axum::extract::State;

use super::{record, CheckedVisit, SaveVisit, VisitSaved};
use crate::auth::session::CurrentUser;
use crate::platform::error::AppResult;
use crate::platform::extract::Json;
use crate::platform::rights;
use crate::platform::state::AppState;

/// `POST /users/customer/details` (customer_visit): saves a visit to one of the caller's
/// customers. The visit belongs to the customer's agent; `entered_by` is the caller. A repeat of
/// a `clientId` answers the first save with `duplicate: true` and writes nothing.
#[utoipa::path(post, path = "/users/customer/details", tag = "customers", summary = "Save a visit to one of the caller's customers",
    responses(
        (status = 200, description = "Saved, or saved before under this clientId", body = VisitSaved),
        (status = 400, description = "A field is missing or not valid", body = crate::platform::api::ErrorBody),
        (status = 404, description = "No such customer among the caller's", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save_visit(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveVisit>) -> AppResult<Json<VisitSaved>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let visit = CheckedVisit::check(req, crate::now())?;
    let (scope, me, radius) = (user.scope(), user.uid, state.config.checkin_radius_m);
    // Saves are the most frequent write: they are committed in groups (see `writer`).
    let saved = state.writer.write(move |tx| record(tx, scope, me, radius, visit)).await?;
    Ok(Json(saved))
}
