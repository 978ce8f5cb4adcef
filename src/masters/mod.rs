//! Master data. Reference lists every signed-in user reads: countries, user types, rights.

pub mod handlers;

use axum::routing::get;
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/master/country", get(handlers::countries))
        .route("/master/userType", get(handlers::user_types))
        .route("/master/rights", get(handlers::rights))
}
