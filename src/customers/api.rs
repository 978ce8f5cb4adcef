//! What other areas use of customers (orders, buckets, beats, uploads, seeds, the web app): one
//! small interface, by `CustomerId` and `UserId`, so no area reaches into this one's handlers.

use rusqlite::Connection;

use crate::platform::error::AppResult;
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::scope::Scope;

pub use super::best_sellers::BestSellerCache;
pub use super::queries::search_index::{defer as defer_search_index, flush as flush_search_index, merge_step as merge_search_index};
pub use super::queries::{insert_customer, set_gstin, NewCustomerRow};
pub use super::types::{Contact, LocationStatus, VisitSaved};
pub use super::visits::waiting::{proposed_shop, refuse_waiting as refuse_waiting_visits, release_waiting as release_waiting_visits, Shop};
pub use super::visits::{check_client_id, insert_visit, judge, CheckedVisit, NewVisit, SaveVisit};

/// The customer `buyer_id` and its agent, if the caller (`scope`) may see it; else a 404
/// (`customer_not_found`), the same as for a customer that does not exist.
pub fn visible_customer(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<(CustomerId, Option<UserId>)> {
    super::access::customer_in_scope(conn, scope, buyer_id)
}

/// The buyer ids (at most two) of the customers in `scope` named `name`, case aside.
pub fn buyer_ids_named(conn: &Connection, scope: Scope, name: &str) -> rusqlite::Result<Vec<String>> {
    super::queries::buyer_ids_named(conn, scope, name)
}

/// Saves `visit` by `me` (seeing customers as `scope`) in the open transaction `tx`: see
/// `visits::record`. The order booking saves the visit an order came with through this.
pub fn record_visit(tx: &Connection, scope: Scope, me: UserId, radius_m: f64, visit: CheckedVisit) -> AppResult<VisitSaved> {
    super::visits::record(tx, scope, me.0, radius_m, visit)
}
