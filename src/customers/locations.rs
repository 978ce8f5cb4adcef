//! Proposed shop positions (issue #17): a customer without a position gets one proposed by the
//! first visit whose position is accurate to 50 m (see `visits`), and a position an agent types
//! (profile update, new customer) is only a proposal (issue #40: else an agent could put the shop
//! where he sits and every visit from there would count as verified); a manager or an
//! administrator accepts it (it becomes the customer's position, in the profile history) or
//! rejects it. Nothing moves a customer's position silently.

mod queries;

use axum::extract::State;
use rusqlite::{Connection, TransactionBehavior};

pub use self::queries::{proposal_of, propose_typed};
use super::access::customer_in_scope;
use super::messages::*;
use super::queries::change_profile;
use super::types::Profile;
use crate::auth::session::CurrentUser;
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path};
use crate::platform::ids::CustomerId;
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;

/// Whether a user of `scope` moves a customer's position (managers for their agents' customers,
/// administrators); an agent only proposes one.
pub fn moves_positions(scope: Scope) -> bool {
    !matches!(scope, Scope::Own { .. })
}

/// Managers (for their agents' customers) and administrators decide; agents propose.
fn decider(user: &CurrentUser) -> AppResult<Scope> {
    user.require(rights::PROFILE_UPDATE)?;
    match user.scope() {
        scope if moves_positions(scope) => Ok(scope),
        _ => Err(AppError::forbidden(LOCATION_DECIDERS_ONLY)),
    }
}

/// Runs `decide` on the waiting proposal of `buyer_id`, in one transaction.
async fn with_proposal<F>(state: &AppState, scope: Scope, buyer_id: String, decide: F) -> AppResult<()>
where
    F: FnOnce(&Connection, i64, (f64, f64)) -> AppResult<()> + Send + 'static,
{
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (CustomerId(id), _) = customer_in_scope(&tx, scope, buyer_id.trim())?;
            let at = queries::proposed_position(&tx, id)?.ok_or_else(|| AppError::not_found(LOCATION_NO_PROPOSAL))?;
            decide(&tx, id, at)?;
            queries::drop_proposal(&tx, id)?;
            tx.commit()?;
            Ok(())
        })
        .await
}

/// The refusals of a decision on a proposed position.
#[derive(utoipa::IntoResponses)]
pub enum DecisionRefusals {
    #[response(status = 403, description = "Agents cannot decide")]
    NotDecider(crate::platform::api::ErrorBody),
    #[response(status = 404, description = "No such customer in scope, or no proposal")]
    NoProposal(crate::platform::api::ErrorBody),
}

/// `POST /users/customer/location/{buyerId}/accept` (profile_update; managers and administrators):
/// the proposed position becomes the customer's.
#[utoipa::path(post, path = "/users/customer/location/{id}/accept", tag = "customers", summary = "Accept a customer's proposed position", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "Accepted", body = MessageBody),
        DecisionRefusals
    ))]
pub async fn accept(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<MessageBody>> {
    let (scope, me) = (decider(&user)?, user.uid);
    with_proposal(&state, scope, buyer_id, move |tx, id, (lat, lng)| {
        let change = Profile { latitude: Some(lat), longitude: Some(lng), ..Profile::default() };
        change_profile(tx, id, me, change)
    })
    .await?;
    Ok(Json(MessageBody::from(LOCATION_ACCEPTED)))
}

/// `POST /users/customer/location/{buyerId}/reject` (profile_update; managers and administrators):
/// the proposal is dropped; a later accurate visit may propose again.
#[utoipa::path(post, path = "/users/customer/location/{id}/reject", tag = "customers", summary = "Reject a customer's proposed position", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "Rejected", body = MessageBody),
        DecisionRefusals
    ))]
pub async fn reject(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<MessageBody>> {
    let scope = decider(&user)?;
    with_proposal(&state, scope, buyer_id, |_, _, _| Ok(())).await?;
    Ok(Json(MessageBody::from(LOCATION_REJECTED)))
}
