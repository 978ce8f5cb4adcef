//! Handlers of the customer visit screens (spec 1 §7 "Customer work"); their SQL is in `queries`,
//! their shapes in `types`.

use std::sync::Arc;

use axum::extract::State;
use rusqlite::TransactionBehavior;
use serde_json::json;

use super::access::customer_in_scope;
use super::best_sellers::BestSellerCache;
use super::messages::*;
use super::queries::*;
use super::types::*;
use crate::auth::session::CurrentUser;
use crate::clock;
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::geo::coordinates;
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;
use crate::platform::validate::{limits, required};

/// The words of a search: letters and digits only (so they are never FTS or LIKE syntax), at most 4.
fn search_words(typed: &str) -> Vec<String> {
    typed.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).take(4).map(str::to_lowercase).collect()
}

/// `GET /users/customer/search?query=&agentId=` (customer_visit): up to 10 suggestions among the
/// caller's customers (or one agent's of them) matching id, name or mobile by prefix of any word.
#[utoipa::path(get, path = "/users/customer/search", tag = "customers", summary = "Up to 10 of the caller's customers matching id, name or mobile", params(SearchQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Suggestion>),
        (status = 404, description = "No such agent among the caller's (agentId)", body = crate::platform::api::ErrorBody)
    ))]
pub async fn search(State(state): State<AppState>, user: CurrentUser, Query(q): Query<SearchQuery>) -> AppResult<Json<Vec<Suggestion>>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let words = search_words(&q.query);
    if words.is_empty() {
        return Ok(Json(Vec::new()));
    }
    // `agentId` 0 or absent: no narrowing (the spec's screens send 0).
    let (scope, agent) = (user.scope(), q.agent_id.unwrap_or(0));
    let agent = (agent > 0).then_some(UserId(agent));
    state
        .db(move |conn| {
            Ok(match scope.narrowed(conn, agent)? {
                Scope::All => search_all(conn, &words)?,
                narrowed => search_in(conn, narrowed, &words)?,
            })
        })
        .await
        .map(Json)
}

/// `GET /users/customer/details/{buyerId}?showSummary=` (customer_visit): everything the visit
/// screen shows about one customer of the caller's.
#[utoipa::path(get, path = "/users/customer/details/{id}", tag = "customers", summary = "The visit screen of a customer (by buyer id)", params(DetailsQuery, ("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = VisitScreen),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn details(
    State(state): State<AppState>,
    State(best_sellers): State<Arc<BestSellerCache>>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
    Query(q): Query<DetailsQuery>,
) -> AppResult<Json<VisitScreen>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let (scope, my_country) = (user.scope(), user.country_id);
    let summary = q.show_summary.unwrap_or(true);
    let cache = best_sellers.clone();
    let (screen, stale) = state
        .db(move |conn| {
            let (CustomerId(id), _) = customer_in_scope(conn, scope, &buyer_id)?;
            let (customer_details, customer_country) = customer_details(conn, id)?;
            let links_country = if scope == Scope::All { customer_country } else { my_country };
            let (best_seller, stale) = if summary { cache.get(conn, customer_country)? } else { Default::default() };
            let screen = VisitScreen {
                customer_details,
                transcations: last_interactions(conn, id)?,
                link_details: links_for(conn, links_country)?,
                re_order_must_sell: if summary { re_order(conn, id)? } else { Vec::new() },
                best_seller,
            };
            Ok((screen, stale.then_some(customer_country)))
        })
        .await?;
    if let Some(country) = stale {
        let refreshing = state.clone();
        tokio::spawn(async move {
            if let Err(err) = refreshing.db(move |conn| Ok(best_sellers.refresh(conn, country)?)).await {
                tracing::warn!(error = %err, "refreshing the best sellers failed");
            }
        });
    }
    Ok(Json(screen))
}

/// `GET /users/customer/FTMFTD/{ftd|ftm}` (customer_visit): the visits of the caller's scope today
/// (ftd) or this month (ftm), newest first.
#[utoipa::path(get, path = "/users/customer/FTMFTD/{id}", tag = "customers", summary = "Visits of the caller's scope today (ftd) or this month (ftm)", params(("id" = String, Path, description = "`ftd` (today) or `ftm` (this month)")),
    responses(
        (status = 200, description = "OK", body = Vec<VisitRow>),
        (status = 404, description = "Neither ftd nor ftm", body = crate::platform::api::ErrorBody)
    ))]
pub async fn ftm_ftd(State(state): State<AppState>, user: CurrentUser, Path(which): Path<String>) -> AppResult<Json<Vec<VisitRow>>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let today = clock::today();
    let from = match which.to_ascii_lowercase().as_str() {
        "ftd" => clock::start_of(today),
        "ftm" => clock::start_of(clock::month_start(today)),
        _ => return Err(AppError::not_found(VISITS_PERIOD_UNKNOWN)),
    };
    let scope = user.scope();
    state.db(move |conn| Ok(visits_since(conn, scope, from)?)).await.map(Json)
}

/// Mobile numbers: 10 to 11 digits (spec 1 §5).
fn check_mobile(mobile: &str) -> AppResult<String> {
    let digits = mobile.trim();
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::bad_request(MOBILE_NOT_NUMERIC));
    }
    let value: u64 = digits.parse().unwrap_or(0);
    if value < 1_000_000_000 {
        return Err(AppError::bad_request(MOBILE_TOO_SHORT));
    }
    if value > 99_999_999_999 {
        return Err(AppError::bad_request(MOBILE_TOO_LONG));
    }
    Ok(digits.to_string())
}

/// `POST /users/customer` (new_customer): adds a customer owned by the caller, in the caller's
/// country, with a generated buyer id. An agent's position is only proposed (see `locations`):
/// the customer stays unlocated until a manager accepts it.
#[utoipa::path(post, path = "/users/customer", tag = "customers", summary = "Add a customer owned by the caller",
    responses(
        (status = 200, description = "Added", body = CustomerAdded),
        (status = 409, description = "A customer with this mobile or id already exists", body = crate::platform::api::ErrorBody)
    ))]
pub async fn create(State(state): State<AppState>, user: CurrentUser, Json(req): Json<NewCustomer>) -> AppResult<Json<CustomerAdded>> {
    user.require(rights::NEW_CUSTOMER)?;
    let mobile = check_mobile(&required(&req.mobile_no, MOBILE_REQUIRED)?)?;
    let name = required(&req.buyer_name, BUYER_NAME_REQUIRED)?;
    limits::BUYER_NAME.check(&name)?;
    let email = limits::EMAIL.optional(req.email)?;
    let address1 = limits::ADDRESS1.optional(req.address1)?;
    let city = limits::CITY.optional(req.city)?;
    let state_name = limits::STATE.optional(req.state)?;
    let postal_code = limits::POSTAL_CODE.optional(req.postal_code)?;
    let gstin = crate::platform::taxids::optional_gstin(req.gstin.as_deref(), state_name.as_deref(), "gstin")?;
    let retailer_type = match req.retailer_type.as_deref().map(str::trim) {
        None | Some("") | Some("Retailer") => "Retailer",
        Some("Wholesaler") => "Wholesaler",
        Some(_) => return Err(AppError::bad_request(RETAILER_TYPE_NOT_VALID)),
    };
    let position = lat_lng(req.latitude.0, req.longitude.0)?;
    let moves = super::locations::moves_positions(user.scope());
    let stored = position.filter(|_| moves);
    let (me, country) = (user.uid, user.country_id);
    let buyer_id = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let row = NewCustomerRow {
                name,
                mobile,
                email,
                address1,
                city,
                state: state_name,
                postal_code,
                country,
                position: stored,
                retailer_type,
                owner: me,
            };
            let (id, buyer_id) = insert_customer(&tx, &row)?;
            if let Some(g) = &gstin {
                set_gstin(&tx, id, g)?;
            }
            if let (Some(at), false) = (position, moves) {
                super::locations::propose_typed(&tx, id, me, at)?;
            }
            tx.commit()?;
            Ok(buyer_id)
        })
        .await?;
    let said = if position.is_some() && !moves { CUSTOMER_ADDED_LOCATION_PROPOSED } else { CUSTOMER_ADDED };
    let said = said.with([("buyerId", json!(buyer_id))]);
    Ok(Json(CustomerAdded { message: said.message.into_owned(), code: said.code.into(), buyer_id }))
}

/// `GET /users/customer/profile?buyerId=` (profile_update).
#[utoipa::path(get, path = "/users/customer/profile", tag = "customers", summary = "A customer's profile", params(ProfileQuery),
    responses(
        (status = 200, description = "OK", body = ProfileAnswer),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn profile(State(state): State<AppState>, user: CurrentUser, Query(q): Query<ProfileQuery>) -> AppResult<Json<ProfileAnswer>> {
    user.require(rights::PROFILE_UPDATE)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let (CustomerId(id), _) = customer_in_scope(conn, scope, q.buyer_id.trim())?;
            let p = profile_of(conn, id)?;
            let (buyer_id, name, updated) = name_and_update(conn, id)?;
            let address = [&p.address1, &p.address2, &p.city, &p.state, &p.postal_code]
                .into_iter()
                .flatten()
                .filter(|s| !s.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            Ok(ProfileAnswer {
                buyer_id,
                buyer_name: name,
                profile: p,
                address,
                last_update_date: clock::date_and_time(updated).0,
                proposed_location: super::locations::proposal_of(conn, id)?,
                credit_limit: crate::collections::queries::credit_limit(conn, CustomerId(id))?,
            })
        })
        .await
        .map(Json)
}

/// A position sent as the pair `(latitude, longitude)`, when both are present.
fn lat_lng(lat: Option<f64>, lng: Option<f64>) -> AppResult<Option<(f64, f64)>> {
    let (lat, lng) = coordinates(lat, lng)?;
    Ok(lat.zip(lng))
}

/// `POST /users/customer/profile` (profile_update): changes the fields given (at least one) and
/// keeps the values before and after in the profile history. A manager's or administrator's
/// position moves the shop; an agent's is only proposed (see `locations`).
#[utoipa::path(post, path = "/users/customer/profile", tag = "customers", summary = "Change a customer's profile fields",
    responses(
        (status = 200, description = "Updated", body = MessageBody),
        crate::platform::api::NoSuchCustomer
    ))]
pub async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<UpdateProfile>,
) -> AppResult<Json<MessageBody>> {
    user.require(rights::PROFILE_UPDATE)?;
    let buyer_id = required(&req.buyer_id, BUYER_ID_REQUIRED)?;
    let mobile = match req.mobile.0.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        Some(m) => Some(check_mobile(m)?),
        None => None,
    };
    let position = lat_lng(req.latitude.0, req.longitude.0)?;
    let (scope, me) = (user.scope(), user.uid);
    let moves = super::locations::moves_positions(scope);
    let stored = position.filter(|_| moves);
    let change = Profile {
        mobile,
        address1: limits::ADDRESS1.optional(req.address1)?,
        address2: limits::ADDRESS2.optional(req.address2)?,
        city: limits::CITY.optional(req.city)?,
        state: limits::STATE.optional(req.state)?,
        postal_code: limits::POSTAL_CODE.optional(req.postal_code.0)?,
        latitude: stored.map(|p| p.0),
        longitude: stored.map(|p| p.1),
        // Checked against the state once the stored one is known (`change_profile`); "" removes it.
        gstin: match req.gstin.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(String::new()),
            Some(g) => Some(crate::platform::taxids::optional_gstin(Some(g), None, "gstin")?.unwrap_or_default()),
        },
    };
    if change == Profile::default() && position.is_none() {
        return Err(AppError::bad_request(PROFILE_NOTHING_TO_CHANGE));
    }
    let proposed = position.filter(|_| !moves);
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let (CustomerId(id), _) = customer_in_scope(&tx, scope, &buyer_id)?;
            if change != Profile::default() {
                change_profile(&tx, id, me, change)?;
            }
            if let Some(at) = proposed {
                super::locations::propose_typed(&tx, id, me, at)?;
            }
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::from(if proposed.is_some() { PROFILE_UPDATED_LOCATION_PROPOSED } else { PROFILE_UPDATED })))
}
