//! Whose data a request covers, decided once (docs/decisions.md, "One scope rule"): the `Scope`
//! of a signed-in user renders the one SQL condition that keeps any query to it, and binds its
//! own parameter, so list, detail, update and delete of every area agree.
//!
//! The rule: an administrator sees everything; an area manager the data of every user whose
//! `manager_id` is theirs (agents deleted since included: their customers and orders stay the
//! manager's to see and hand over) and their own; anyone else their own. A filter on one agent
//! narrows a scope to that agent, who must be inside it.

use rusqlite::types::ToSql;
use rusqlite::{named_params, Connection, OptionalExtension};

use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::{CustomerId, UserId};
use crate::platform::rights::UserType;

crate::messages! {
    CUSTOMER_NOT_FOUND = "customer_not_found": "The customer was not found.";
    ADMINISTRATORS_ONLY = "administrators_only": "Only administrators create, change or delete administrators.";
    NO_AGENT = "agent_not_found": "The agent was not found.";
}

/// The one parameter [`Scope::condition`] names.
const SCOPE_PARAM: &str = ":scope_uid";

/// Whose data a user may see. Query functions take this, so no handler can forget it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    All,
    Team { manager: UserId },
    Own { uid: UserId },
}

impl Scope {
    /// The SQL condition keeping the user id in `column` to this scope. It names one parameter,
    /// which the scope binds itself: run the statement with [`Scope::with`] (or push
    /// [`Scope::param`]). One text per case rather than one `(:all OR ...)`: SQLite plans a
    /// statement before it sees its parameters, and with the OR it scanned every row for an agent
    /// too.
    pub fn condition(self, column: &str) -> String {
        match self {
            Scope::All => "(:scope_uid IS NULL)".into(),
            Scope::Own { .. } => format!("{column} = :scope_uid"),
            Scope::Team { .. } => {
                format!("{column} IN (SELECT uid FROM users WHERE manager_id = :scope_uid UNION ALL SELECT :scope_uid)")
            }
        }
    }

    /// The parameter of [`Scope::condition`] with its value, to push onto a statement's list.
    pub fn param(&self) -> (&'static str, &dyn ToSql) {
        static EVERYONE: Option<UserId> = None;
        let value: &dyn ToSql = match self {
            Scope::All => &EVERYONE,
            Scope::Own { uid } => uid,
            Scope::Team { manager } => manager,
        };
        (SCOPE_PARAM, value)
    }

    /// A statement's named parameters (`named_params!`) with the scope's own added: run a statement
    /// that holds [`Scope::condition`] with `&*scope.with(named_params! {...})`.
    pub fn with<'a>(&'a self, params: &[(&'a str, &'a dyn ToSql)]) -> Vec<(&'a str, &'a dyn ToSql)> {
        let mut all = Vec::with_capacity(params.len() + 1);
        all.extend_from_slice(params);
        all.push(self.param());
        all
    }

    /// The user the scope is about: the agent of `Own`, the manager of `Team`, nobody for `All`.
    pub fn uid(self) -> Option<UserId> {
        match self {
            Scope::All => None,
            Scope::Own { uid } => Some(uid),
            Scope::Team { manager } => Some(manager),
        }
    }

    /// Whether this scope covers the data of `owner` (whose manager is `owner_manager`): the same
    /// rule as [`Scope::condition`], for a row already read.
    pub fn covers(self, owner: UserId, owner_manager: Option<UserId>) -> bool {
        match self {
            Scope::All => true,
            Scope::Own { uid } => owner == uid,
            Scope::Team { manager } => owner == manager || owner_manager == Some(manager),
        }
    }

    /// The row id and agent of customer `buyer_id` when this scope covers it (by the customer's
    /// agent, deleted agents' customers included for their manager); else a 404, the same answer
    /// as for a customer that does not exist. The one lookup of a customer by its buyer id that
    /// every area starts from (customers, collections, uploads).
    pub fn customer(&self, conn: &Connection, buyer_id: &str) -> AppResult<(CustomerId, Option<UserId>)> {
        let sql =
            format!("SELECT c.customer_id, c.agent_id FROM customers c WHERE c.buyer_id = :buyer AND {}", self.condition("c.agent_id"));
        // Every customer endpoint starts here: prepared once per connection and scope kind.
        conn.prepare_cached(&sql)?
            .query_row(&*self.with(named_params! { ":buyer": buyer_id }), |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?
            .ok_or_else(|| AppError::not_found(CUSTOMER_NOT_FOUND))
    }

    /// This scope narrowed to one agent (`None`: no narrowing). The agent must be inside it:
    /// an agent may name only themselves; a manager only their own (deleted ones too).
    pub fn narrowed(self, conn: &Connection, agent: Option<UserId>) -> AppResult<Scope> {
        let Some(agent) = agent else { return Ok(self) };
        let found: Option<Option<UserId>> = conn
            .prepare_cached("SELECT manager_id FROM users WHERE uid = :a AND user_type_id = :agent")?
            .query_row(named_params! { ":a": agent, ":agent": UserType::Agent }, |r| r.get(0))
            .optional()?;
        match found {
            Some(manager) if self.covers(agent, manager) => Ok(Scope::Own { uid: agent }),
            _ => Err(AppError::not_found(NO_AGENT)),
        }
    }

    /// Whether a holder of this scope manages the user (`user_type`, `manager_id`) in the user
    /// master: an administrator everyone, an area manager only its own agents, anyone else
    /// nobody, since nobody else has a user below them.
    pub fn manages(self, user_type: UserType, manager_id: Option<UserId>) -> bool {
        match self {
            Scope::All => true,
            Scope::Team { manager } => user_type == UserType::Agent && manager_id == Some(manager),
            Scope::Own { .. } => false,
        }
    }

    /// [`Scope::manages`] as an answer, for every call that acts on another user (the user master,
    /// blocking and resets, impersonation): an administrator's account is refused to anyone but
    /// an administrator (403); any other user outside the scope is answered as an id the caller
    /// may not see (404).
    pub fn check_manages(self, user_type: UserType, manager_id: Option<UserId>) -> AppResult<()> {
        if user_type == UserType::Administrator && self != Scope::All {
            return Err(AppError::forbidden(ADMINISTRATORS_ONLY));
        }
        if !self.manages(user_type, manager_id) {
            return Err(rusqlite::Error::QueryReturnedNoRows.into());
        }
        Ok(())
    }
}
