//! The SQL of the user master, and the rules of who may make or change whom, which it applies
//! inside its transactions.

use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde_json::json;

use super::types::{AgentItem, CheckedUser, UserDetail, UserFilter, UserRow};
use crate::auth::accounts;
use crate::auth::queries::{self as auth_queries, AccountChange};
use crate::auth::types::NewAccount;
use crate::masters::messages::{
    COUNTRY_UNKNOWN, USER_COUNTRY_REQUIRED, USER_EMAIL_TAKEN, USER_LAST_ADMIN_DELETE, USER_LAST_ADMIN_STAYS, USER_MANAGER_NOT_AREA_MANAGER,
    USER_MANAGER_REQUIRED, USER_OUTSIDE_SCOPE, USER_OWN_TYPE, USER_TYPE_UNKNOWN,
};
use crate::masters::queries::duplicate_as;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::rights::UserType;
use crate::platform::rights::{ADMINISTRATOR, AGENT, AREA_MANAGER};
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;

fn live_admins(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM users WHERE user_type_id = :admin AND is_deleted = 0")?
        .query_row(named_params! { ":admin": ADMINISTRATOR }, |r| r.get(0))
}

/// Refuses to make a user of `user_type` under `manager_id` unless the caller's `scope` manages
/// such a user ([`Scope::check_manages`]), answering 403 rather than its 404: the caller names
/// the user to be, not one it may not see.
pub fn may_make(scope: Scope, user_type: UserType, manager_id: Option<UserId>) -> AppResult<()> {
    scope.check_manages(user_type, manager_id).map_err(|err| match err {
        AppError::NotFound(_) => AppError::forbidden(USER_OUTSIDE_SCOPE),
        other => other,
    })
}

/// A live user the caller manages, as it is now.
struct Managed {
    user_type: UserType,
    email: String,
}

/// The live user `id` if the caller's `scope` manages it ([`Scope::check_manages`]: an
/// administrator is refused (403) to anyone else; any other user outside the scope is answered
/// like a missing id (404), as out-of-scope agents and customers are).
fn managed(conn: &Connection, scope: Scope, id: UserId) -> AppResult<Managed> {
    let (user_type, manager_id, email): (UserType, Option<UserId>, String) = conn
        .prepare_cached("SELECT user_type_id, manager_id, email FROM users WHERE uid = :id AND is_deleted = 0")?
        .query_row(named_params! { ":id": id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    scope.check_manages(user_type, manager_id)?;
    Ok(Managed { user_type, email })
}

/// Live users matching the filter that `scope` manages, and the caller `me` (so an area manager
/// finds itself as the manager of a new agent), as the caller may change them: not themselves,
/// and not delete the last administrator.
pub fn list(conn: &Connection, filter: &UserFilter, scope: Scope, me: UserId) -> rusqlite::Result<Vec<UserRow>> {
    let admins = live_admins(conn)?;
    let search = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(|s| format!("%{s}%"));
    let country = filter.country.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    // The screens send 0 for every user type.
    let user_type = filter.user_type.0.filter(|t| *t != 0);
    let mut stmt = conn.prepare_cached(
        "SELECT u.uid, u.name, u.email, u.user_type_id, t.name, c.name, u.manager_id, m.name
         FROM users u JOIN user_types t ON t.user_type_id = u.user_type_id
         LEFT JOIN countries c ON c.country_id = u.country_id
         LEFT JOIN users m ON m.uid = u.manager_id
         WHERE u.is_deleted = 0
           AND (:type IS NULL OR u.user_type_id = :type)
           AND (:country IS NULL OR c.name = :country)
           AND (:search IS NULL OR u.name LIKE :search OR u.email LIKE :search)
         ORDER BY u.name",
    )?;
    let rows = stmt.query_map(named_params! { ":type": user_type, ":country": country, ":search": search }, |r| {
        let uid: i64 = r.get(0)?;
        let user_type: UserType = r.get(3)?;
        let manager_id: Option<UserId> = r.get(6)?;
        let last_admin = user_type == ADMINISTRATOR && admins <= 1;
        Ok(UserRow {
            uid,
            name: r.get(1)?,
            email_id: r.get(2)?,
            user_type,
            user_type_detail: r.get(4)?,
            country: r.get(5)?,
            manager_id,
            manager_name: r.get(7)?,
            is_editable: uid != me.0,
            is_deletable: uid != me.0 && !last_admin,
        })
    })?;
    let mut list = Vec::new();
    for row in rows {
        let row = row?;
        if row.uid == me.0 || scope.manages(row.user_type, row.manager_id) {
            list.push(row);
        }
    }
    Ok(list)
}

/// The live user `id`, if the caller's `scope` manages it.
pub fn detail(conn: &Connection, scope: Scope, id: UserId) -> AppResult<UserDetail> {
    managed(conn, scope, id)?;
    Ok(conn
        .prepare_cached(
            "SELECT u.uid, u.email, u.name, u.user_type_id, c.name, u.manager_id FROM users u
             LEFT JOIN countries c ON c.country_id = u.country_id
             WHERE u.uid = :id AND u.is_deleted = 0",
        )?
        .query_row(named_params! { ":id": id }, UserDetail::from_row)?)
}

/// Resolves the type's country rule and the agent's manager; returns (country_id, manager_id).
fn resolve(conn: &Connection, u: &CheckedUser) -> AppResult<(Option<i64>, Option<UserId>)> {
    let supported: bool = conn
        .prepare_cached("SELECT is_country_supported FROM user_types WHERE user_type_id = :t")?
        .query_row(named_params! { ":t": u.user_type }, |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::bad_request(USER_TYPE_UNKNOWN.on("userType")))?;
    let country_id = match (&u.country, supported) {
        (None, true) => return Err(AppError::bad_request(USER_COUNTRY_REQUIRED.on("country"))),
        (None, false) => None,
        (Some(name), _) => Some(
            conn.prepare_cached("SELECT country_id FROM countries WHERE name = :n")?
                .query_row(named_params! { ":n": name }, |r| r.get(0))
                .optional()?
                .ok_or_else(|| AppError::bad_request(COUNTRY_UNKNOWN.with([("name", json!(name))]).on("country")))?,
        ),
    };
    if u.user_type != AGENT {
        return Ok((country_id, None));
    }
    let manager = u.manager_id.ok_or_else(|| AppError::bad_request(USER_MANAGER_REQUIRED.on("managerId")))?;
    let is_manager = conn
        .prepare_cached("SELECT 1 FROM users WHERE uid = :m AND user_type_id = :am AND is_deleted = 0")?
        .query_row(named_params! { ":m": manager, ":am": AREA_MANAGER }, |_| Ok(()))
        .optional()?
        .is_some();
    if !is_manager {
        return Err(AppError::bad_request(USER_MANAGER_NOT_AREA_MANAGER.on("managerId")));
    }
    Ok((country_id, Some(manager)))
}

/// Creates the new user `u` with the password `hash` (to be changed at the first sign-in);
/// returns its uid. The caller checked [`may_make`] on the request.
pub fn create(conn: &Connection, u: &CheckedUser, hash: &str) -> AppResult<i64> {
    let (country_id, manager_id) = resolve(conn, u)?;
    accounts::create(
        conn,
        &NewAccount {
            email: &u.email,
            name: &u.name,
            user_type: u.user_type,
            country_id,
            manager_id: manager_id.map(|m| m.0),
            password_hash: hash,
            force_password_update: true,
        },
    )
}

/// Updates the user `u` that the caller `me` (of `scope`) manages, before and after the change,
/// in one transaction. Nobody changes their own type or demotes the last administrator; a new
/// email ends the user's sessions. Returns the old email and the name when the email changed.
pub fn update(conn: &mut Connection, scope: Scope, me: UserId, u: &CheckedUser) -> AppResult<Option<(String, String)>> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let current = managed(&tx, scope, UserId(u.uid))?;
    if current.user_type != u.user_type {
        if u.uid == me.0 {
            return Err(AppError::bad_request(USER_OWN_TYPE.on("userType")));
        }
        if current.user_type == ADMINISTRATOR && live_admins(&tx)? <= 1 {
            return Err(AppError::bad_request(USER_LAST_ADMIN_STAYS.on("userType")));
        }
    }
    let (country_id, manager_id) = resolve(&tx, u)?;
    may_make(scope, u.user_type, manager_id)?;
    let change = AccountChange { email: &u.email, name: &u.name, user_type: u.user_type, country_id, manager_id: manager_id.map(|m| m.0) };
    auth_queries::update_account(&tx, UserId(u.uid), &change)
        .map_err(|e| duplicate_as(e, USER_EMAIL_TAKEN.with([("email", json!(u.email))]).on("emailId")))?;
    let changed = current.email != u.email;
    if changed {
        auth_queries::end_user_sessions(&tx, UserId(u.uid), "email changed")?;
    }
    tx.commit()?;
    Ok(changed.then(|| (current.email, u.name.clone())))
}

/// Retires the user `id` that the `scope` manages (never the last administrator) and ends its
/// sessions, in one transaction.
pub fn retire(conn: &mut Connection, scope: Scope, id: UserId) -> AppResult<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let user_type = managed(&tx, scope, id)?.user_type;
    if user_type == ADMINISTRATOR && live_admins(&tx)? <= 1 {
        return Err(AppError::bad_request(USER_LAST_ADMIN_DELETE));
    }
    auth_queries::delete_account(&tx, id)?;
    auth_queries::end_user_sessions(&tx, id, "user deleted")?;
    tx.commit()?;
    Ok(())
}

/// The agents inside `scope`, the live ones by name, then the deleted ones (marked `deleted`):
/// a deleted agent's data stays their manager's and the administrators' to see and hand over
/// (decision 44), so the pickers offer them too.
pub fn agents(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<AgentItem>> {
    let sql = format!(
        "SELECT uid, name, is_deleted FROM users WHERE user_type_id = :agent AND {} ORDER BY is_deleted, name",
        scope.condition("uid")
    );
    conn.prepare_cached(&sql)?.query_map(&*scope.with(named_params! { ":agent": AGENT }), AgentItem::from_row)?.collect()
}

/// `(country id, whether the type needs a country)` of a user type and a country named (the
/// country id `None` where no country has that name); `None` where there is no such type.
pub fn country_for_type(conn: &Connection, country: Option<&str>, user_type: i64) -> rusqlite::Result<Option<(Option<i64>, bool)>> {
    conn.query_row(
        "SELECT (SELECT country_id FROM countries WHERE name = :country), is_country_supported
         FROM user_types WHERE user_type_id = :type",
        named_params! { ":country": country, ":type": user_type },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}
