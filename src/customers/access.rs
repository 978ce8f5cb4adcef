//! Who may see which customer: every customer endpoint by buyer id starts from the scope's one
//! lookup ([`Scope::customer`]). A customer outside the caller's scope is a 404, the same answer as
//! a customer that does not exist; lists and searches use the same condition, so whatever opens
//! by id is also found (deleted agents' customers included, for their manager).

use rusqlite::Connection;

use crate::platform::error::AppResult;
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::scope::Scope;

/// The row id and owning agent of `buyer_id`, if the caller (`scope`) may see it.
pub fn customer_in_scope(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<(CustomerId, Option<UserId>)> {
    scope.customer(conn, buyer_id)
}
