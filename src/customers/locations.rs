//! Proposed shop positions (issue #17): a customer without a position gets one proposed by the
//! first visit whose position is accurate to 50 m (see `visits`), and a position an agent types
//! (profile update, new customer) is only a proposal (issue #40: else an agent could put the shop
//! where he sits and every visit from there would count as verified); a manager or an
//! administrator accepts it (it becomes the customer's position, in the profile history) or
//! rejects it. Nothing moves a customer's position silently.

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::Serialize;

use super::access::visible_customer;
use super::queries::change_profile;
use super::types::Profile;
use crate::api::MessageBody;
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path};
use crate::rights;
use crate::scope::Scope;
use crate::state::AppState;

const NO_PROPOSAL: &str = "There is no proposed location for this customer.";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposedLocation {
    pub latitude: f64,
    pub longitude: f64,
    /// Metres; null for a position typed in a profile update or a new customer.
    pub accuracy: Option<f64>,
    /// ISO 8601: when it was proposed.
    pub proposed_at: String,
    /// The login id of who proposed it (saved the visit or typed the position).
    pub proposed_by: String,
    /// True when a visit proposed it, false when an agent typed it.
    pub from_visit: bool,
}

/// The proposal waiting for customer `id`, if any.
pub fn proposal_of(conn: &Connection, id: i64) -> rusqlite::Result<Option<ProposedLocation>> {
    conn.prepare_cached(
        "SELECT p.latitude, p.longitude, p.accuracy, p.proposed_at, u.email, p.visit_id IS NOT NULL FROM location_proposals p
         JOIN users u ON u.uid = p.proposed_by WHERE p.customer_id = :id",
    )?
    .query_row(named_params! { ":id": id }, |r| {
        Ok(ProposedLocation {
            latitude: r.get(0)?,
            longitude: r.get(1)?,
            accuracy: r.get(2)?,
            proposed_at: chrono::DateTime::from_timestamp(r.get(3)?, 0).unwrap_or_default().to_rfc3339(),
            proposed_by: r.get(4)?,
            from_visit: r.get(5)?,
        })
    })
    .optional()
}

/// Whether a user of `scope` moves a customer's position (managers for their agents' customers,
/// administrators); an agent only proposes one.
pub fn moves_positions(scope: Scope) -> bool {
    !matches!(scope, Scope::Own { .. })
}

/// `at`, typed by agent `me`, becomes customer `id`'s waiting proposal, replacing any older one:
/// the agent's latest word is what the manager decides on.
pub fn propose_typed(tx: &Connection, id: i64, me: i64, at: (f64, f64)) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO location_proposals (customer_id, visit_id, latitude, longitude, accuracy, proposed_at, proposed_by)
         VALUES (:c, NULL, :lat, :lng, NULL, :now, :me)
         ON CONFLICT (customer_id) DO UPDATE SET visit_id = NULL, latitude = excluded.latitude, longitude = excluded.longitude,
             accuracy = NULL, proposed_at = excluded.proposed_at, proposed_by = excluded.proposed_by",
    )?
    .execute(named_params! { ":c": id, ":lat": at.0, ":lng": at.1, ":now": crate::now(), ":me": me })?;
    Ok(())
}

/// Managers (for their agents' customers) and administrators decide; agents propose.
fn decider(user: &CurrentUser) -> AppResult<Scope> {
    user.require(rights::PROFILE_UPDATE)?;
    match user.scope() {
        scope if moves_positions(scope) => Ok(scope),
        _ => Err(AppError::forbidden("Only a manager or an administrator can accept or reject a proposed location.")),
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
            let (id, _) = visible_customer(&tx, scope, buyer_id.trim())?;
            let at: (f64, f64) = tx
                .query_row("SELECT latitude, longitude FROM location_proposals WHERE customer_id = :id", named_params! { ":id": id }, |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?
                .ok_or_else(|| AppError::not_found(NO_PROPOSAL))?;
            decide(&tx, id, at)?;
            tx.execute("DELETE FROM location_proposals WHERE customer_id = :id", named_params! { ":id": id })?;
            tx.commit()?;
            Ok(())
        })
        .await
}

/// `POST /users/customer/location/{buyerId}/accept` (profile_update; managers and administrators):
/// the proposed position becomes the customer's.
#[utoipa::path(post, path = "/users/customer/location/{id}/accept", tag = "customers", summary = "Accept a customer's proposed position", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "Accepted", body = MessageBody),
        (status = 403, description = "Agents cannot decide", body = crate::api::ErrorBody),
        (status = 404, description = "No such customer in scope, or no proposal", body = crate::api::ErrorBody)
    ))]
pub async fn accept(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<MessageBody>> {
    let (scope, me) = (decider(&user)?, user.uid);
    with_proposal(&state, scope, buyer_id, move |tx, id, (lat, lng)| {
        let change = Profile { latitude: Some(lat), longitude: Some(lng), ..Profile::default() };
        change_profile(tx, id, me, change)
    })
    .await?;
    Ok(Json(MessageBody::text("The proposed location is now the customer's.")))
}

/// `POST /users/customer/location/{buyerId}/reject` (profile_update; managers and administrators):
/// the proposal is dropped; a later accurate visit may propose again.
#[utoipa::path(post, path = "/users/customer/location/{id}/reject", tag = "customers", summary = "Reject a customer's proposed position", params(("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "Rejected", body = MessageBody),
        (status = 403, description = "Agents cannot decide", body = crate::api::ErrorBody),
        (status = 404, description = "No such customer in scope, or no proposal", body = crate::api::ErrorBody)
    ))]
pub async fn reject(State(state): State<AppState>, user: CurrentUser, Path(buyer_id): Path<String>) -> AppResult<Json<MessageBody>> {
    let scope = decider(&user)?;
    with_proposal(&state, scope, buyer_id, |_, _, _| Ok(())).await?;
    Ok(Json(MessageBody::text("The proposed location was rejected.")))
}
