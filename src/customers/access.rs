//! Who may see which customer: the one lookup every customer endpoint by buyer id starts from,
//! kept to the caller's [`Scope`] by its one condition. A customer outside the caller's scope is
//! a 404, the same answer as a customer that does not exist; lists and searches use the same
//! condition, so whatever opens by id is also found (deleted agents' customers included, for
//! their manager).

use rusqlite::{named_params, Connection, OptionalExtension};

use super::messages::CUSTOMER_NOT_FOUND;
use crate::error::{AppError, AppResult};
use crate::ids::{CustomerId, UserId};
use crate::scope::Scope;

/// The row id and owning agent of `buyer_id`, if the caller (`scope`) may see it.
pub fn customer_in_scope(conn: &Connection, scope: Scope, buyer_id: &str) -> AppResult<(CustomerId, Option<UserId>)> {
    let sql = format!("SELECT c.customer_id, c.agent_id FROM customers c WHERE c.buyer_id = :buyer AND {}", scope.condition("c.agent_id"));
    // Every customer endpoint starts here: the statement is prepared once per connection and scope kind.
    conn.prepare_cached(&sql)?
        .query_row(named_params! { ":buyer": buyer_id, ":scope_uid": scope.uid() }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or_else(|| AppError::not_found(CUSTOMER_NOT_FOUND))
}

/// The buyer ids of the customers in `scope` named exactly `name`, case aside: at most two, enough
/// to tell one from several.
pub fn buyer_ids_named(conn: &Connection, scope: Scope, name: &str) -> rusqlite::Result<Vec<String>> {
    let sql =
        format!("SELECT c.buyer_id FROM customers c WHERE c.name = :name COLLATE NOCASE AND {} LIMIT 2", scope.condition("c.agent_id"));
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(named_params! { ":name": name, ":scope_uid": scope.uid() }, |r| r.get(0))?;
    rows.collect()
}
