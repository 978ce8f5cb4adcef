//! The user master (`/master/user`) and the agent list (`/master/allagent`).

use axum::extract::State;
use rusqlite::{named_params, Connection, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use super::table::{saved_answer, RetireAnswers, SaveRefusals};
use crate::api::MessageBody;
use crate::auth::accounts::{self, NewAccount};
use crate::auth::password;
use crate::auth::session::{self, CurrentUser};
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Path, Query};
use crate::ids::UserId;
use crate::lenient;
use crate::rights;
use crate::rights::UserType;
use crate::rights::{ADMINISTRATOR, AGENT, AREA_MANAGER};
use crate::scope::{Scope, ADMINISTRATORS_ONLY};
use crate::state::AppState;
use crate::validate::{required, required_id};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub uid: i64,
    pub name: String,
    #[serde(rename = "emailID")]
    pub email_id: String,
    pub user_type: UserType,
    pub user_type_detail: String,
    pub country: Option<String>,
    pub manager_id: Option<UserId>,
    pub manager_name: Option<String>,
    pub is_editable: bool,
    pub is_deletable: bool,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct UserFilter {
    pub user_type: lenient::Int,
    pub country: Option<String>,
    pub search: Option<String>,
}

fn live_admins(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM users WHERE user_type_id = :admin AND is_deleted = 0",
        named_params! { ":admin": ADMINISTRATOR },
        |r| r.get(0),
    )
}

const OUTSIDE_SCOPE: &str = "You can only manage users below your own user type in your own team.";

/// Refuses to make a user of `user_type` under `manager_id` unless the caller's `scope` manages
/// such a user: an administrator only by an administrator, the rest only within the scope.
fn may_make(scope: Scope, user_type: UserType, manager_id: Option<UserId>) -> AppResult<()> {
    if user_type == ADMINISTRATOR && scope != Scope::All {
        return Err(AppError::forbidden(ADMINISTRATORS_ONLY));
    }
    if !scope.manages(user_type, manager_id) {
        return Err(AppError::forbidden(OUTSIDE_SCOPE));
    }
    Ok(())
}

/// A live user the caller manages, as it is now.
struct Managed {
    user_type: UserType,
    email: String,
}

/// The live user `id` if the caller's `scope` manages it. An administrator is refused (403) to
/// anyone else; any other user outside the scope is answered like a missing id (404), as
/// out-of-scope agents and customers are.
fn managed(conn: &Connection, scope: Scope, id: i64) -> AppResult<Managed> {
    let (user_type, manager_id, email): (UserType, Option<UserId>, String) = conn.query_row(
        "SELECT user_type_id, manager_id, email FROM users WHERE uid = :id AND is_deleted = 0",
        named_params! { ":id": id },
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    scope.check_manages(user_type, manager_id)?;
    Ok(Managed { user_type, email })
}

/// Live users matching the filter that `scope` manages, and the caller `me` (so an area manager
/// finds itself as the manager of a new agent), as the caller may change them: not themselves,
/// and not delete the last administrator.
fn users(conn: &Connection, filter: &UserFilter, scope: Scope, me: i64) -> rusqlite::Result<Vec<UserRow>> {
    let admins = live_admins(conn)?;
    let search = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(|s| format!("%{s}%"));
    let country = filter.country.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let mut stmt = conn.prepare_cached(
        "SELECT u.uid, u.name, u.email, u.user_type_id, t.name, c.name, u.manager_id, m.name
         FROM users u JOIN user_types t ON t.user_type_id = u.user_type_id
         LEFT JOIN countries c ON c.country_id = u.country_id
         LEFT JOIN users m ON m.uid = u.manager_id
         WHERE u.is_deleted = 0
           AND (:type IS NULL OR :type = 0 OR u.user_type_id = :type)
           AND (:country IS NULL OR c.name = :country)
           AND (:search IS NULL OR u.name LIKE :search OR u.email LIKE :search)
         ORDER BY u.name",
    )?;
    let rows = stmt.query_map(named_params! { ":type": filter.user_type.0, ":country": country, ":search": search }, |r| {
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
            is_editable: uid != me,
            is_deletable: uid != me && !last_admin,
        })
    })?;
    let mut list = Vec::new();
    for row in rows {
        let row = row?;
        if row.uid == me || scope.manages(row.user_type, row.manager_id) {
            list.push(row);
        }
    }
    Ok(list)
}

/// `GET /master/user[?userType=&country=&search=]` (user_master): the live users the caller
/// manages (an administrator all, an area manager its agents) and itself, filtered.
#[utoipa::path(get, path = "/master/user", tag = "masters", summary = "Live users, filtered", params(UserFilter),
    responses(
        (status = 200, description = "OK", body = Vec<UserRow>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(filter): Query<UserFilter>) -> AppResult<Json<Vec<UserRow>>> {
    user.require(rights::USER_MASTER)?;
    let (scope, me) = (user.scope(), user.uid);
    state.db(move |conn| Ok(users(conn, &filter, scope, me)?)).await.map(Json)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetail {
    pub uid: i64,
    pub email_id: String,
    pub name: String,
    pub user_type: UserType,
    pub country: Option<String>,
    pub manager_id: Option<UserId>,
}

/// `GET /master/user/{id}` (user_master): a user the caller manages.
#[utoipa::path(get, path = "/master/user/{id}", tag = "masters", summary = "One user",
    responses(
        (status = 200, description = "OK", body = UserDetail),
        (status = 404, description = "No such record", body = crate::api::ErrorBody)
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<UserDetail>> {
    user.require(rights::USER_MASTER)?;
    let scope = user.scope();
    state
        .db(move |conn| {
            managed(conn, scope, id)?;
            Ok(conn.query_row(
                "SELECT u.uid, u.email, u.name, u.user_type_id, c.name, u.manager_id FROM users u
                 LEFT JOIN countries c ON c.country_id = u.country_id
                 WHERE u.uid = :id AND u.is_deleted = 0",
                named_params! { ":id": id },
                |r| {
                    Ok(UserDetail {
                        uid: r.get(0)?,
                        email_id: r.get(1)?,
                        name: r.get(2)?,
                        user_type: r.get(3)?,
                        country: r.get(4)?,
                        manager_id: r.get(5)?,
                    })
                },
            )?)
        })
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveUser {
    pub uid: lenient::Int,
    #[serde(alias = "emailID")]
    pub email_id: Option<String>,
    pub name: Option<String>,
    pub user_type: lenient::Int,
    pub country: Option<String>,
    pub manager_id: lenient::Int,
}

/// A save request that passed the checks that need no database.
struct CheckedUser {
    uid: i64,
    email: String,
    name: String,
    user_type: UserType,
    country: Option<String>,
    manager_id: Option<UserId>,
}

fn check(req: SaveUser, domain: Option<&str>) -> AppResult<CheckedUser> {
    let user_type = UserType::try_from(required_id(req.user_type.0, "User Type is Required")?)
        .map_err(|_| AppError::bad_request("User Type is Required"))?;
    let email = required(&req.email_id, "Email is Required")?.to_lowercase();
    let valid = email.split_once('@').is_some_and(|(local, host)| {
        !local.is_empty() && host.contains('.') && !host.starts_with('.') && !email.contains(char::is_whitespace)
    });
    if !valid {
        return Err(AppError::bad_request("Please enter a valid Email."));
    }
    if let Some(domain) = domain {
        if !email.ends_with(&format!("@{}", domain.to_lowercase())) {
            return Err(AppError::bad_request(format!("Email must be a company address ending in @{domain}.")));
        }
    }
    let name = required(&req.name, "Name is Required")?;
    Ok(CheckedUser {
        uid: req.uid.unwrap_or(0),
        email,
        name,
        user_type,
        country: req.country.map(|c| c.trim().to_string()).filter(|c| !c.is_empty()),
        manager_id: req.manager_id.filter(|m| *m > 0).map(UserId),
    })
}

/// Resolves the type's country rule and the agent's manager; returns (country_id, manager_id).
fn resolve(conn: &Connection, u: &CheckedUser) -> AppResult<(Option<i64>, Option<UserId>)> {
    let supported: bool = conn
        .query_row("SELECT is_country_supported FROM user_types WHERE user_type_id = :t", named_params! { ":t": u.user_type }, |r| r.get(0))
        .optional()?
        .ok_or_else(|| AppError::bad_request("Unknown user type."))?;
    let country_id = match (&u.country, supported) {
        (None, true) => return Err(AppError::bad_request("Country is Required")),
        (None, false) => None,
        (Some(name), _) => Some(
            conn.query_row("SELECT country_id FROM countries WHERE name = :n", named_params! { ":n": name }, |r| r.get(0))
                .optional()?
                .ok_or_else(|| AppError::bad_request(format!("There is no country named {name}.")))?,
        ),
    };
    if u.user_type != AGENT {
        return Ok((country_id, None));
    }
    let manager = u.manager_id.ok_or_else(|| AppError::bad_request("Manager is Required"))?;
    let is_manager = conn
        .query_row(
            "SELECT 1 FROM users WHERE uid = :m AND user_type_id = :am AND is_deleted = 0",
            named_params! { ":m": manager, ":am": AREA_MANAGER },
            |_| Ok(()),
        )
        .optional()?
        .is_some();
    if !is_manager {
        return Err(AppError::bad_request("The manager must be an area manager."));
    }
    Ok((country_id, Some(manager)))
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated user.
    UserSaved,
    uid
);

/// `POST /master/user` (user_master): `uid` 0 creates the user and mails a temporary password
/// (changed at the first sign-in); otherwise updates. Only administrators make or change
/// administrators; anyone else manages only the users of its scope (an area manager its agents),
/// before and after the change. Nobody demotes themselves or the last administrator. A new email
/// ends the user's sessions and is told to both addresses, so a hijacked address is noticed.
#[utoipa::path(post, path = "/master/user", tag = "masters", summary = "Create or update a user",
    responses((status = 200, description = "Saved", body = UserSaved), SaveRefusals))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveUser>) -> AppResult<Json<UserSaved>> {
    user.require(rights::USER_MASTER)?;
    let u = check(req, state.config.email_domain.as_deref())?;
    let (scope, me) = (user.scope(), user.uid);
    if u.uid == 0 {
        // The request's manager is the one kept for an agent, the only type a non-administrator makes.
        may_make(scope, u.user_type, u.manager_id)?;
        let temp = password::temporary();
        let hash = {
            let temp = temp.clone();
            password::off_thread(move || password::hash(&temp)).await?
        };
        let (email, name) = (u.email.clone(), u.name.clone());
        let uid = state
            .db(move |conn| {
                let (country_id, manager_id) = resolve(conn, &u)?;
                accounts::create(
                    conn,
                    &NewAccount {
                        email: &u.email,
                        name: &u.name,
                        user_type: u.user_type,
                        country_id,
                        manager_id: manager_id.map(|m| m.0),
                        password_hash: &hash,
                        force_password_update: true,
                    },
                )
            })
            .await?;
        state.mailer.send(&email, "Your fieldsales account", &accounts::temporary_password_mail(&name, &temp)).await?;
        return Ok(Json(UserSaved { message: format!("User saved successfully. A temporary password was sent to {email}."), uid }));
    }
    let uid = u.uid;
    let new_email = u.email.clone();
    let email_changed = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let current = managed(&tx, scope, u.uid)?;
            let current_type = current.user_type;
            if current_type != u.user_type {
                if u.uid == me {
                    return Err(AppError::bad_request("You cannot change your own user type."));
                }
                if current_type == ADMINISTRATOR && live_admins(&tx)? <= 1 {
                    return Err(AppError::bad_request("The last administrator must stay an administrator."));
                }
            }
            let (country_id, manager_id) = resolve(&tx, &u)?;
            may_make(scope, u.user_type, manager_id)?;
            tx.execute(
                "UPDATE users SET email = :email, name = :name, user_type_id = :type, country_id = :country,
                                  manager_id = :manager, updated_at = :now
                 WHERE uid = :id",
                named_params! {
                    ":email": u.email, ":name": u.name, ":type": u.user_type, ":country": country_id,
                    ":manager": manager_id, ":now": crate::now(), ":id": u.uid,
                },
            )
            .map_err(|e| super::table::duplicate_as(e, format!("A user with the email {} already exists.", u.email)))?;
            let changed = current.email != u.email;
            if changed {
                session::end_user_sessions(&tx, crate::ids::UserId(u.uid), "email changed")?;
            }
            tx.commit()?;
            Ok(changed.then_some((current.email, u.name)))
        })
        .await?;
    if let Some((old_email, name)) = email_changed {
        let body = email_changed_mail(&name, &old_email, &new_email);
        let subject = "Your fieldsales sign-in email was changed";
        // Both are tried even if one fails: the old address is the one that must not miss it.
        let (old, new) = tokio::join!(state.mailer.send(&old_email, subject, &body), state.mailer.send(&new_email, subject, &body));
        old?;
        new?;
    }
    Ok(Json(UserSaved { message: "User saved successfully.".into(), uid }))
}

/// The mail to the old and the new address of a user whose email was changed.
fn email_changed_mail(name: &str, old: &str, new: &str) -> String {
    format!(
        "Hello {name},\n\nThe sign-in email of your fieldsales account was changed from {old} to {new}, and every session of \
         the account was ended: sign in again with the new address.\nIf you did not ask for this, tell your administrator at once.\n"
    )
}

/// `POST /master/user/delete/{id}` (user_master, a user the caller manages): the user can no
/// longer sign in (sessions end at once); their history stays.
#[utoipa::path(post, path = "/master/user/delete/{id}", tag = "masters", summary = "Retire a user", responses(RetireAnswers))]
pub async fn delete(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<MessageBody>> {
    user.require(rights::USER_MASTER)?;
    if id == user.uid {
        return Err(AppError::bad_request("You cannot delete your own account."));
    }
    let scope = user.scope();
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let user_type = managed(&tx, scope, id)?.user_type;
            if user_type == ADMINISTRATOR && live_admins(&tx)? <= 1 {
                return Err(AppError::bad_request("The last administrator cannot be deleted."));
            }
            tx.execute(
                "UPDATE users SET is_deleted = 1, updated_at = :now WHERE uid = :id",
                named_params! { ":now": crate::now(), ":id": id },
            )?;
            session::end_user_sessions(&tx, crate::ids::UserId(id), "user deleted")?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::text("User deleted successfully.")))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AgentItem {
    pub uid: i64,
    pub name: String,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct AgentQuery {
    pub add_self_account: Option<bool>,
}

/// `GET /users/agentList` (signed in): the agent list of `/master/allagent`, under the name the
/// customer screens use.
#[utoipa::path(get, path = "/users/agentList", tag = "customers", summary = "The agents the caller may look at", params(AgentQuery),
    responses(
        (status = 200, description = "OK", body = Vec<AgentItem>)
    ))]
pub async fn agent_list(state: State<AppState>, user: CurrentUser, query: Query<AgentQuery>) -> AppResult<Json<Vec<AgentItem>>> {
    agents(state, user, query).await
}

/// `GET /master/allagent?addSelfAccount=` (signed in): the agents the caller may look at (an
/// administrator all, a manager theirs, an agent only themselves), with the caller first when asked.
#[utoipa::path(get, path = "/master/allagent", tag = "masters", summary = "The agents the caller may look at", params(AgentQuery),
    responses(
        (status = 200, description = "OK", body = Vec<AgentItem>)
    ))]
pub async fn agents(State(state): State<AppState>, user: CurrentUser, Query(query): Query<AgentQuery>) -> AppResult<Json<Vec<AgentItem>>> {
    let add_self = query.add_self_account.unwrap_or(false);
    let (scope, me, my_name) = (user.scope(), user.uid, user.name.clone());
    state
        .db(move |conn| {
            let (manager, own) = match scope {
                Scope::All => (None, None),
                Scope::Team { manager } => (Some(manager), None),
                Scope::Own { uid } => (None, Some(uid)),
            };
            let mut stmt = conn.prepare_cached(
                "SELECT uid, name FROM users
                 WHERE is_deleted = 0 AND user_type_id = :agent
                   AND (:manager IS NULL OR manager_id = :manager) AND (:own IS NULL OR uid = :own)
                 ORDER BY name",
            )?;
            let mut list: Vec<AgentItem> = stmt
                .query_map(named_params! { ":agent": AGENT, ":manager": manager, ":own": own }, |r| {
                    Ok(AgentItem { uid: r.get(0)?, name: r.get(1)? })
                })?
                .collect::<Result<_, _>>()?;
            list.retain(|a| a.uid != me);
            if add_self || matches!(scope, Scope::Own { .. }) {
                list.insert(0, AgentItem { uid: me, name: my_name });
            }
            Ok(list)
        })
        .await
        .map(Json)
}
