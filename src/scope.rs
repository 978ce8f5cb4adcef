//! Whose data a request covers: the `Scope` of a signed-in user (everything, a
//! manager's team, or one's own), the one SQL condition that keeps a query to it
//! (`agent_in_scope!` bound with `ScopeParams`), and the same scope as a set of agents (`Agents`,
//! `agents_for`) for the queries that walk agents one by one.

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::error::{AppError, AppResult};

/// Whose data a user may see: administrators everything, area managers their agents' (and
/// their own), everybody else their own. Query functions take this, so no handler can forget it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    All,
    Team { manager: i64 },
    Own { uid: i64 },
}

impl Scope {
    /// Whether a holder of this scope manages the user (`user_type`, `manager_id`) in the user
    /// master: an administrator everyone, an area manager only its own agents (users below its
    /// type within its team), anyone else nobody, since nobody else has a user below them.
    pub fn manages(self, user_type: i64, manager_id: Option<i64>) -> bool {
        match self {
            Scope::All => true,
            Scope::Team { manager } => user_type == crate::rights::AGENT && manager_id == Some(manager),
            Scope::Own { .. } => false,
        }
    }

    /// [`Scope::manages`] as an answer, for every call that acts on another user (the user master,
    /// blocking and resets, impersonation): an administrator's account is refused to anyone but
    /// an administrator (403); any other user outside the scope is answered as an id the caller
    /// may not see (404).
    pub fn check_manages(self, user_type: i64, manager_id: Option<i64>) -> AppResult<()> {
        if user_type == crate::rights::ADMINISTRATOR && self != Scope::All {
            return Err(AppError::forbidden(ADMINISTRATORS_ONLY));
        }
        if !self.manages(user_type, manager_id) {
            return Err(rusqlite::Error::QueryReturnedNoRows.into());
        }
        Ok(())
    }
}

pub const ADMINISTRATORS_ONLY: &str = "Only administrators create, change or delete administrators.";

/// The SQL condition keeping the agent uid in `$column` to the caller's scope, with the parameters
/// of [`ScopeParams`]: everyone, or the caller's own, or a manager's agents (and their own).
#[macro_export]
macro_rules! agent_in_scope {
    ($column:literal) => {
        concat!("(:scope_all OR ", $column, " = :scope_own OR ", $column, " IN (SELECT uid FROM users WHERE manager_id = :scope_manager))")
    };
}

/// The parameters of [`agent_in_scope!`].
#[derive(Debug, Clone, Copy)]
pub struct ScopeParams {
    pub all: bool,
    pub own: Option<i64>,
    pub manager: Option<i64>,
}

impl From<Scope> for ScopeParams {
    fn from(scope: Scope) -> Self {
        match scope {
            Scope::All => ScopeParams { all: true, own: None, manager: None },
            // A manager sees their agents' customers and any they own themselves.
            Scope::Team { manager } => ScopeParams { all: false, own: Some(manager), manager: Some(manager) },
            Scope::Own { uid } => ScopeParams { all: false, own: Some(uid), manager: None },
        }
    }
}

const NO_AGENT: &str = "The agent was not found.";

/// Whose customers a request covers: everybody's, or those owned by these agents.
#[derive(Debug, Clone)]
pub enum Agents {
    All,
    Only(Vec<i64>),
}

impl Agents {
    /// The SQL condition keeping `c.agent_id` to these agents, and the value of `:agents` it binds
    /// (a JSON array of uids). One statement per case rather than `(:all OR c.agent_id IN ...)`:
    /// SQLite plans a statement before it sees its parameters, so with the OR it scanned every row
    /// for an agent too (a delivery search over 100,000 deliveries took seconds, not a millisecond).
    pub fn params(&self) -> (&'static str, String) {
        match self {
            // Names `:agents` too, so both statements bind the same parameters.
            Agents::All => ("(:agents = '[]')", "[]".into()),
            Agents::Only(ids) => {
                ("c.agent_id IN (SELECT value FROM json_each(:agents))", serde_json::to_string(ids).unwrap_or_else(|_| "[]".into()))
            }
        }
    }

    /// The condition of `params` on another column holding an agent's uid (a beat's agent).
    pub fn condition_on(&self, column: &str) -> String {
        match self {
            Agents::All => "(:agents = '[]')".into(),
            Agents::Only(_) => format!("{column} IN (SELECT value FROM json_each(:agents))"),
        }
    }

    /// The value of `:agents` that `params` and `condition_on` bind.
    pub fn ids(&self) -> String {
        self.params().1
    }
}

/// The agents whose customers a request covers: `agent` 0 means all of the caller's; any other uid
/// must be one of the caller's agents (an agent may name only themselves).
pub fn agents_for(conn: &Connection, scope: Scope, agent: i64) -> AppResult<Agents> {
    match (scope, agent) {
        (Scope::All, 0) => Ok(Agents::All),
        (Scope::Own { uid }, a) if a == 0 || a == uid => Ok(Agents::Only(vec![uid])),
        (Scope::Own { .. }, _) => Err(AppError::not_found(NO_AGENT)),
        (Scope::Team { manager }, 0) => {
            let mut ids: Vec<i64> = conn
                .prepare_cached("SELECT uid FROM users WHERE manager_id = :m AND is_deleted = 0")?
                .query_map(named_params! { ":m": manager }, |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            ids.push(manager);
            Ok(Agents::Only(ids))
        }
        (scope, a) => {
            let manager: Option<i64> = conn
                .query_row(
                    "SELECT manager_id FROM users WHERE uid = :a AND user_type_id = :agent AND is_deleted = 0",
                    named_params! { ":a": a, ":agent": crate::rights::AGENT },
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| AppError::not_found(NO_AGENT))?;
            match scope {
                Scope::Team { manager: me } if manager != Some(me) => Err(AppError::not_found(NO_AGENT)),
                _ => Ok(Agents::Only(vec![a])),
            }
        }
    }
}
