//! Retailer buckets and the visit summary: the dashboards an area manager opens each morning, for
//! one agent or all of the caller's agents, and the customer lists behind each tile.

pub mod figures;
pub mod handlers;
pub mod stats;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/landing", get(handlers::landing_mine))
        .route("/users/landing/{agent}", get(handlers::landing_of))
        .route("/users/landingAM/{agent}", get(handlers::landing_of))
        .route("/users/landing/{bucket}/{agent}", get(handlers::bucket))
        .route("/users/landingTrend/{agent}", get(handlers::trend))
        .route("/users/customer/visitSummary", get(handlers::visit_summary_mine))
        .route("/users/customerTracking/cumulativeView/{agent}", get(handlers::visit_summary_of))
}
