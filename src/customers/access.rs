//! Who may see which customer: the `Scope` of the caller turned into SQL parameters, and the one
//! lookup every customer endpoint starts from. A customer outside the caller's scope is a 404, the
//! same answer as a customer that does not exist.

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::error::{AppError, AppResult};
use crate::scope::{Scope, ScopeParams};

/// The SQL condition (on a `customers` row aliased `c`) that keeps a caller to their scope.
/// Bind its parameters with [`ScopeParams`].
pub const CUSTOMER_IN_SCOPE: &str = crate::agent_in_scope!("c.agent_id");

pub const NOT_FOUND: &str = "The customer was not found.";

/// The customer row id and owner of `buyer_id`, if the caller may see it.
pub fn visible_customer(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<(i64, Option<i64>)> {
    let p = ScopeParams::from(scope);
    // Every customer endpoint starts here: the statement is prepared once per connection.
    conn.prepare_cached(&format!("SELECT c.customer_id, c.agent_id FROM customers c WHERE c.buyer_id = :buyer AND {CUSTOMER_IN_SCOPE}"))?
        .query_row(named_params! { ":buyer": buyer_id, ":scope_all": p.all, ":scope_own": p.own, ":scope_manager": p.manager }, |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?
        .ok_or_else(|| AppError::not_found(NOT_FOUND))
}
