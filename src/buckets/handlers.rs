//! Dashboard endpoints: landing figures, bucket lists, the weekly trend and the visit summary, for
//! the caller's own scope or one agent of it.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde::Deserialize;

use super::messages::BUCKET_NOT_FOUND;
use super::queries::stats::LandingCache;
use super::queries::{self, BucketItem, BucketPage, Landing, Order, TrendWeek, VisitSummary, Windows};
use crate::auth::session::CurrentUser;
use crate::platform::api::agent_filter;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::lenient;
use crate::platform::rights;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;

/// Bucket lists show 25 rows a page (spec 2 §9).
const PAGE_SIZE: i64 = 25;

/// Checks `right`, narrows the caller's scope to `agent` (0: the whole scope; the agent must be
/// inside it) and computes `figure` over it.
async fn of_agents<T, F>(
    state: &AppState,
    user: &CurrentUser,
    right: crate::platform::rights::Right,
    agent: i64,
    figure: F,
) -> AppResult<Json<T>>
where
    T: Send + 'static,
    F: FnOnce(&Connection, Scope, Windows) -> rusqlite::Result<T> + Send + 'static,
{
    user.require(right)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            let narrowed = scope.narrowed(conn, agent_filter(Some(agent)))?;
            Ok(figure(conn, narrowed, Windows::now())?)
        })
        .await
        .map(Json)
}

async fn landing(state: &AppState, cache: Arc<LandingCache>, user: &CurrentUser, agent: i64) -> AppResult<Json<Landing>> {
    of_agents(state, user, rights::RETAILER_BUCKET, agent, move |conn, scope, w| queries::landing(conn, &cache, scope, w)).await
}

/// `GET /users/landing` (retailer_bucket): the dashboard of the caller's whole scope.
#[utoipa::path(get, path = "/users/landing", tag = "buckets", summary = "The bucket dashboard of the caller's whole scope",
    responses(
        (status = 200, description = "OK", body = Landing)
    ))]
pub async fn landing_mine(
    State(state): State<AppState>,
    State(cache): State<Arc<LandingCache>>,
    user: CurrentUser,
) -> AppResult<Json<Landing>> {
    landing(&state, cache, &user, 0).await
}

/// `GET /users/landing/{agentId}` and `/users/landingAM/{agentId}` (retailer_bucket): one agent's
/// dashboard, or 0 for all of the caller's agents.
#[utoipa::path(get, path = "/users/landing/{agent}", tag = "buckets", summary = "One agent's bucket dashboard (0: all)", params(("agent" = i64, Path, description = "An agent id, or 0 for all of the caller's agents")),
    responses(
        (status = 200, description = "OK", body = Landing),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn landing_of(
    State(state): State<AppState>,
    State(cache): State<Arc<LandingCache>>,
    user: CurrentUser,
    Path(agent): Path<i64>,
) -> AppResult<Json<Landing>> {
    landing(&state, cache, &user, agent).await
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct BucketQuery {
    pub page_number: lenient::Int,
    pub order: Option<String>,
}

/// `GET /users/landing/{bucket}/{agentId}?pageNumber=&order=asc|desc` (retailer_bucket): a page of
/// 25 customers of the bucket (the 'ordered' bucket lists order rows), with `totalRecords`.
#[utoipa::path(get, path = "/users/landing/{bucket}/{agent}", tag = "buckets", summary = "A page of 25 customers of a bucket", params(BucketQuery, ("bucket" = String, Path, description = "retailers, wholesalers, ordered, notordered, visited, notvisited, mycustomer, repeatrateprev, repeatratecurrent (any case)"), ("agent" = i64, Path, description = "An agent id, or 0 for all")),
    responses(
        (status = 200, description = "Customers, or order rows for `ordered`", body = BucketPage),
        (status = 404, description = "No such bucket, or no such agent among the caller's", body = crate::platform::api::ErrorBody)
    ))]
pub async fn bucket(
    State(state): State<AppState>,
    State(cache): State<Arc<LandingCache>>,
    user: CurrentUser,
    Path((bucket, agent)): Path<(String, i64)>,
    Query(q): Query<BucketQuery>,
) -> AppResult<Response> {
    user.require(rights::RETAILER_BUCKET)?;
    let bucket = bucket.to_ascii_lowercase();
    if !queries::BUCKETS.contains(&bucket.as_str()) {
        return Err(AppError::not_found(BUCKET_NOT_FOUND.with([("bucket", serde_json::json!(bucket))])));
    }
    let order = match q.order.as_deref() {
        Some("asc") => Order::Asc,
        _ => Order::Desc,
    };
    let offset = (q.page_number.unwrap_or(1).max(1) - 1) * PAGE_SIZE;
    let scope = user.scope();
    state
        .db(move |conn| {
            let narrowed = scope.narrowed(conn, agent_filter(Some(agent)))?;
            let w = Windows::now();
            if bucket == "ordered" {
                let (data, total) = queries::ordered_page(conn, narrowed, w, order, offset, PAGE_SIZE)?;
                let page = BucketPage { data: data.into_iter().map(BucketItem::Order).collect(), total_records: total };
                return Ok(Json(page).into_response());
            }
            let body = queries::bucket_page(conn, &cache, &bucket, narrowed, w, order, offset, PAGE_SIZE)?
                .ok_or_else(|| AppError::not_found(BUCKET_NOT_FOUND.with([("bucket", serde_json::json!(bucket))])))?;
            Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
        })
        .await
}

/// `GET /users/landingTrend/{agentId}` (retailer_bucket): visits and orders per week, 8 weeks.
#[utoipa::path(get, path = "/users/landingTrend/{agent}", tag = "buckets", summary = "Visits and orders per week over 8 weeks", params(("agent" = i64, Path, description = "An agent id, or 0 for all of the caller's agents")),
    responses(
        (status = 200, description = "OK", body = Vec<TrendWeek>),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn trend(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<Vec<TrendWeek>>> {
    of_agents(&state, &user, rights::RETAILER_BUCKET, agent, queries::trend).await
}

async fn summary(state: &AppState, user: &CurrentUser, agent: i64) -> AppResult<Json<VisitSummary>> {
    of_agents(state, user, rights::VISIT_SUMMARY, agent, queries::visit_summary).await
}

/// `GET /users/customer/visitSummary` (visit_summary): the caller's whole scope.
#[utoipa::path(get, path = "/users/customer/visitSummary", tag = "buckets", summary = "The visit summary of the caller's whole scope",
    responses(
        (status = 200, description = "OK", body = VisitSummary)
    ))]
pub async fn visit_summary_mine(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<VisitSummary>> {
    summary(&state, &user, 0).await
}

/// `GET /users/customerTracking/cumulativeView/{agentId}` (visit_summary): one agent, or 0 for all.
#[utoipa::path(get, path = "/users/customerTracking/cumulativeView/{agent}", tag = "buckets", summary = "One agent's visit summary (0: all)", params(("agent" = i64, Path, description = "An agent id, or 0 for all of the caller's agents")),
    responses(
        (status = 200, description = "OK", body = VisitSummary),
        crate::platform::api::NoSuchAgent
    ))]
pub async fn visit_summary_of(State(state): State<AppState>, user: CurrentUser, Path(agent): Path<i64>) -> AppResult<Json<VisitSummary>> {
    summary(&state, &user, agent).await
}
