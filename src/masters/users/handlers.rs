//! The HTTP side of the user master and the agent list.

use axum::extract::State;
use serde_json::json;

use super::queries::{self, may_make};
use super::types::{AgentItem, AgentQuery, CheckedUser, SaveUser, UserDetail, UserFilter, UserRow, UserSaved};
use crate::auth::accounts;
use crate::auth::password;
use crate::auth::session::CurrentUser;
use crate::masters::messages::{
    USER_DELETE_SELF, USER_EMAIL_DOMAIN, USER_EMAIL_INVALID, USER_EMAIL_REQUIRED, USER_NAME_REQUIRED, USER_TYPE_REQUIRED,
};
use crate::masters::queries::{RetireAnswers, SaveRefusals};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Path, Query};
use crate::platform::ids::UserId;
use crate::platform::rights;
use crate::platform::rights::UserType;
use crate::platform::scope::Scope;
use crate::platform::state::AppState;
use crate::platform::validate::{required, required_id};

/// `GET /master/user[?userType=&country=&search=]` (user_master): the live users the caller
/// manages (an administrator all, an area manager its agents) and itself, filtered.
#[utoipa::path(get, path = "/master/user", tag = "masters", summary = "Live users, filtered", params(UserFilter),
    responses(
        (status = 200, description = "OK", body = Vec<UserRow>)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(filter): Query<UserFilter>) -> AppResult<Json<Vec<UserRow>>> {
    user.require(rights::USER_MASTER)?;
    let (scope, me) = (user.scope(), UserId(user.uid));
    state.db(move |conn| Ok(queries::list(conn, &filter, scope, me)?)).await.map(Json)
}

/// `GET /master/user/{id}` (user_master): a user the caller manages.
#[utoipa::path(get, path = "/master/user/{id}", tag = "masters", summary = "One user",
    responses(
        (status = 200, description = "OK", body = UserDetail),
        crate::platform::api::NoSuchRecord
    ))]
pub async fn get(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> AppResult<Json<UserDetail>> {
    user.require(rights::USER_MASTER)?;
    let scope = user.scope();
    state.db(move |conn| queries::detail(conn, scope, UserId(id))).await.map(Json)
}

fn check(req: SaveUser, domain: Option<&str>) -> AppResult<CheckedUser> {
    let user_type = UserType::try_from(required_id(req.user_type.0, USER_TYPE_REQUIRED.on("userType"))?)
        .map_err(|_| AppError::bad_request(USER_TYPE_REQUIRED.on("userType")))?;
    let email = required(&req.email_id, USER_EMAIL_REQUIRED.on("emailId"))?.to_lowercase();
    let valid = email.split_once('@').is_some_and(|(local, host)| {
        !local.is_empty() && host.contains('.') && !host.starts_with('.') && !email.contains(char::is_whitespace)
    });
    if !valid {
        return Err(AppError::bad_request(USER_EMAIL_INVALID.on("emailId")));
    }
    if let Some(domain) = domain {
        if !email.ends_with(&format!("@{}", domain.to_lowercase())) {
            return Err(AppError::bad_request(USER_EMAIL_DOMAIN.with([("domain", json!(domain))]).on("emailId")));
        }
    }
    let name = required(&req.name, USER_NAME_REQUIRED.on("name"))?;
    // One line: a name heads the account mails, whose secret line must stay the only one.
    if let Some(problem) = crate::platform::validate::limits::USER_NAME.problem(&name) {
        return Err(AppError::bad_request(problem.on("name")));
    }
    Ok(CheckedUser {
        uid: req.uid.unwrap_or(0),
        email,
        name,
        user_type,
        country: crate::platform::validate::nonblank(req.country),
        manager_id: req.manager_id.filter(|m| *m > 0).map(UserId),
    })
}

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
    let (scope, me) = (user.scope(), UserId(user.uid));
    if u.uid == 0 {
        // The request's manager is the one kept for an agent, the only type a non-administrator makes.
        may_make(scope, u.user_type, u.manager_id)?;
        let temp = password::temporary();
        let hash = {
            let temp = temp.clone();
            password::off_thread(move || password::hash(&temp)).await?
        };
        let (email, name) = (u.email.clone(), u.name.clone());
        let uid = state.db(move |conn| queries::create(conn, &u, &hash)).await?;
        state.mailer.send(&email, "Your fieldsales account", &accounts::temporary_password_mail(&name, &temp)).await?;
        return Ok(Json(UserSaved { message: format!("User saved successfully. A temporary password was sent to {email}."), uid }));
    }
    let uid = u.uid;
    let new_email = u.email.clone();
    let email_changed = state.db(move |conn| queries::update(conn, scope, me, &u)).await?;
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
    let name = crate::platform::validate::one_line(name);
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
        return Err(AppError::bad_request(USER_DELETE_SELF));
    }
    let scope = user.scope();
    state.db(move |conn| queries::retire(conn, scope, UserId(id))).await?;
    Ok(Json(MessageBody::from(crate::masters::messages::USER_DELETED)))
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
    let mut list = state.db(move |conn| Ok(queries::agents(conn, scope)?)).await?;
    list.retain(|a| a.uid != me);
    if add_self || matches!(scope, Scope::Own { .. }) {
        list.insert(0, AgentItem { uid: me, name: my_name, deleted: false });
    }
    Ok(Json(list))
}
