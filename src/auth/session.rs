//! Sessions: signed tokens backed by a server-side session row, and the extractors that give
//! handlers the signed-in user. This is the one place that knows the session and permission rules.

use std::ops::Deref;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use rusqlite::Connection;

use crate::platform::error::{AppError, AppResult, NOT_LOGGED_IN, NO_PERMISSION, SESSION_EXPIRED};
use crate::platform::ids::UserId;
use crate::platform::rights::{Right, UserType};
use crate::platform::scope::Scope;
use crate::platform::state::AppState;
use crate::platform::tokens::{Claims, TokenKeys};

pub use super::messages::{IMPERSONATION_ENDED, PASSWORD_CHANGE_REQUIRED};
use super::types::{RoleRight, SessionUser};

/// An impersonated session lives at most an hour (and never past the administrator's session).
pub const IMPERSONATION_SECS: i64 = 3600;

/// The administrator acting in an impersonated session: their uid and their own session, which
/// opened it and must be live for it to be.
pub type Acting<'a> = (i64, &'a str);

/// Opens a session row for `uid` and returns the signed-in user with its new token.
pub fn open_session(conn: &Connection, keys: &TokenKeys, uid: i64, hours: i64) -> AppResult<SessionUser> {
    open(conn, keys, uid, hours * 3600, None)
}

/// Opens a session in which an administrator acts for `uid`, from their session (`acting`). Its
/// token is only accepted in `X-Impersonation-Token` beside the token of that very session.
pub fn open_impersonated(conn: &Connection, keys: &TokenKeys, uid: i64, acting: Acting) -> AppResult<SessionUser> {
    open(conn, keys, uid, IMPERSONATION_SECS, Some(acting))
}

fn open(conn: &Connection, keys: &TokenKeys, uid: i64, lifetime_secs: i64, acting: Option<Acting>) -> AppResult<SessionUser> {
    let now = crate::now();
    let claims = Claims { sub: uid.to_string(), sid: crate::random_hex(16), iat: now, exp: now + lifetime_secs };
    super::queries::insert_session(conn, &claims.sid, uid, acting, now, claims.exp)?;
    let token = keys.sign(&claims)?;
    load_session_user(conn, &claims, token, acting)?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a new session for user {uid} is not live")))
}

/// The rights a user type holds, ordered by group and right.
pub fn rights_of_type(conn: &Connection, user_type: UserType) -> rusqlite::Result<Vec<RoleRight>> {
    let rights = super::queries::rights_of_type(conn, user_type)?;
    Ok(rights.into_iter().map(|(group_name, link_right)| RoleRight { group_name, link_right }).collect())
}

impl SessionUser {
    pub fn has_right(&self, right: Right) -> bool {
        self.rights.iter().any(|r| r.link_right == right.code())
    }

    pub fn scope(&self) -> Scope {
        match self.user_type {
            UserType::Administrator => Scope::All,
            UserType::AreaManager => Scope::Team { manager: UserId(self.uid) },
            _ => Scope::Own { uid: UserId(self.uid) },
        }
    }
}

/// The header that carries an impersonated session's token beside the administrator's own.
pub const IMPERSONATION_HEADER: &str = "x-impersonation-token";

fn bearer_token(parts: &Parts) -> Option<String> {
    bearer_in(parts, AUTHORIZATION.as_str())
}

fn bearer_in(parts: &Parts, header: &str) -> Option<String> {
    let value = parts.headers.get(header)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_string())
}

/// The live session of `claims`; `acting` must match the session's (None for an own session).
fn load_session_user(conn: &Connection, claims: &Claims, token: String, acting: Option<Acting>) -> AppResult<Option<SessionUser>> {
    Ok(load_live(conn, claims, token, acting)?.map(|(user, _)| user))
}

/// [`load_session_user`] with the session's end of validity.
fn load_live(conn: &Connection, claims: &Claims, token: String, acting: Option<Acting>) -> AppResult<Option<(SessionUser, i64)>> {
    let uid = claims.sub.parse::<i64>().unwrap_or(-1);
    let user = super::queries::live_session(conn, &claims.sid, uid, acting, crate::now(), token)?;
    match user {
        Some((mut user, expires_at)) => {
            user.rights = Arc::new(rights_of_type(conn, user.user_type)?);
            Ok(Some((user, expires_at)))
        }
        None => Ok(None),
    }
}

/// Signed-in users read lately, so that a request does not wait for a pooled connection twice
/// (once for its user, once for its work: a third of the visit screen's time under load). A user is
/// kept while nothing this process writes changes the session tables (`db::session_generation`:
/// a sign-out, a block, a rights change end it at once), until their session expires, and at most
/// `KEEP_FOR`, which bounds how long a change made by another process (a `sqlite3` shell) takes.
mod kept {
    use std::collections::HashMap;
    use std::sync::{Arc, LazyLock, RwLock};
    use std::time::{Duration, Instant};

    use super::SessionUser;

    pub const KEEP_FOR: Duration = Duration::from_secs(2);
    /// Users kept at most (a few hundred bytes each, the rights shared); the cache starts over
    /// when it is full.
    const MAX_KEPT: usize = 10_000;

    /// The session, its user, and the administrator acting for them with their session (if any).
    pub type Key = (String, i64, Option<(i64, String)>);

    struct Kept {
        user: Arc<SessionUser>,
        expires_at: i64,
        generation: u64,
        read_at: Instant,
    }

    /// Read by every request at once (a read lock), written on a miss; the user is copied for the
    /// request after the lock is let go, so no core waits on another's copying.
    static KEPT: LazyLock<RwLock<HashMap<Key, Kept>>> = LazyLock::new(Default::default);

    /// The user of `key` as kept, with the request's `token`, if still valid.
    pub fn get(key: &Key, token: &str) -> Option<SessionUser> {
        let user = {
            let kept = KEPT.read().ok()?;
            let k = kept.get(key)?;
            let valid =
                k.generation == crate::platform::db::session_generation() && k.read_at.elapsed() < KEEP_FOR && k.expires_at > crate::now();
            // A token is the signed claims of its session: the same session, the same token.
            (valid && k.user.token == token).then(|| Arc::clone(&k.user))?
        };
        Some(SessionUser::clone(&user))
    }

    /// Keeps `user`, read at `generation` (taken before the read began).
    pub fn put(key: Key, user: &SessionUser, expires_at: i64, generation: u64, read_at: Instant) {
        if let Ok(mut kept) = KEPT.write() {
            if kept.len() >= MAX_KEPT {
                kept.clear();
            }
            kept.insert(key, Kept { user: Arc::new(user.clone()), expires_at, generation, read_at });
        }
    }
}

/// The live session of `claims` (as [`load_session_user`]), from the users kept lately where valid.
async fn live_user(state: &AppState, claims: Claims, token: String, acting: Option<(i64, String)>) -> AppResult<Option<SessionUser>> {
    let key: kept::Key = (claims.sid.clone(), claims.sub.parse::<i64>().unwrap_or(-1), acting.clone());
    if let Some(user) = kept::get(&key, &token) {
        return Ok(Some(user));
    }
    // Taken before the read: a change committed after this moves the generation past it.
    let (generation, read_at) = (crate::platform::db::session_generation(), std::time::Instant::now());
    let live = state.db(move |conn| load_live(conn, &claims, token, acting.as_ref().map(|(admin, sid)| (*admin, sid.as_str())))).await?;
    Ok(live.map(|(user, expires_at)| {
        kept::put(key, &user, expires_at, generation, read_at);
        user
    }))
}

impl<S> FromRequestParts<S> for SessionUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Some(user) = parts.extensions.get::<SessionUser>() {
            return Ok(user.clone());
        }
        let state = AppState::from_ref(state);
        let token = bearer_token(parts).ok_or_else(|| AppError::unauthorized(NOT_LOGGED_IN))?;
        let claims = state.keys.verify(&token)?;
        let acting = match bearer_in(parts, IMPERSONATION_HEADER) {
            Some(t) => Some((state.keys.verify(&t).map_err(|_| AppError::forbidden(IMPERSONATION_ENDED))?, t)),
            None => None,
        };
        let own = live_user(&state, claims, token, None).await?.ok_or_else(|| AppError::unauthorized(SESSION_EXPIRED))?;
        let user = match acting {
            None => own,
            Some((claims, token)) => {
                let acting = Some((own.uid, own.session_id.clone()));
                live_user(&state, claims, token, acting).await?.ok_or_else(|| AppError::forbidden(IMPERSONATION_ENDED))?
            }
        };
        parts.extensions.insert(user.clone());
        Ok(user)
    }
}

/// The signed-in user of an ordinary endpoint: a live session with no password change pending.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub SessionUser);

impl CurrentUser {
    /// Refuses what only the account's owner may do while an administrator acts for them
    /// (changing the password, impersonating again).
    pub fn require_own_session(&self) -> AppResult<()> {
        if self.0.impersonator.is_some() {
            Err(AppError::forbidden(super::messages::NOT_IN_OWN_SESSION))
        } else {
            Ok(())
        }
    }

    /// Refuses the request unless the user holds `right` (one of the spec's permission strings).
    pub fn require(&self, right: Right) -> AppResult<()> {
        if self.0.has_right(right) {
            Ok(())
        } else {
            Err(AppError::forbidden(NO_PERMISSION))
        }
    }
}

impl CurrentUser {
    /// Refuses the request unless the user holds at least one of `rights`.
    pub fn require_any(&self, rights: &[Right]) -> AppResult<()> {
        if rights.iter().any(|r| self.0.has_right(*r)) {
            Ok(())
        } else {
            Err(AppError::forbidden(NO_PERMISSION))
        }
    }
}

impl Deref for CurrentUser {
    type Target = SessionUser;
    fn deref(&self) -> &SessionUser {
        &self.0
    }
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = SessionUser::from_request_parts(parts, state).await?;
        if user.force_password_update {
            return Err(AppError::forbidden(PASSWORD_CHANGE_REQUIRED));
        }
        Ok(CurrentUser(user))
    }
}
