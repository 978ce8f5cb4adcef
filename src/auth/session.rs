//! Sessions: signed tokens backed by a server-side session row, and the extractors that give
//! handlers the signed-in user. This is the one place that knows the session and permission rules.

use std::ops::Deref;

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use rusqlite::{named_params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult, NOT_LOGGED_IN, NO_PERMISSION, SESSION_EXPIRED};
use crate::state::AppState;

/// Asked of a user who must change their password before doing anything else.
pub const PASSWORD_CHANGE_REQUIRED: &str = "Please change your password to continue.";

/// The HS256 key, generated on first start and kept in the database so tokens survive restarts.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user's uid (a string, as JWT's `sub` must be).
    sub: String,
    /// The session row that must still be live.
    sid: String,
    iat: i64,
    exp: i64,
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

impl TokenKeys {
    pub fn load_or_create(conn: &Connection) -> anyhow::Result<Self> {
        let secret = crate::db::setting_or_insert(conn, "jwt_secret", &random_hex(32))?;
        Ok(TokenKeys {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
        })
    }

    fn sign(&self, claims: &Claims) -> AppResult<String> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .map_err(|e| AppError::Internal(e.into()))
    }

    /// Verifies signature (HS256 only: `alg: none` and other algorithms are refused) and expiry.
    fn verify(&self, token: &str) -> AppResult<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map(|data| data.claims)
            // Expired, forged or signed with an old key: either way the user must sign in again.
            .map_err(|_| AppError::unauthorized(SESSION_EXPIRED))
    }
}

/// Opens a session row for `uid` and returns the signed-in user with its new token.
pub fn open_session(conn: &Connection, keys: &TokenKeys, uid: i64, hours: i64) -> AppResult<SessionUser> {
    let now = crate::now();
    let claims = Claims { sub: uid.to_string(), sid: random_hex(16), iat: now, exp: now + hours * 3600 };
    conn.execute(
        "INSERT INTO sessions (session_id, uid, created_at, expires_at)
         VALUES (:sid, :uid, :now, :exp)",
        named_params! { ":sid": claims.sid, ":uid": uid, ":now": now, ":exp": claims.exp },
    )?;
    let token = keys.sign(&claims)?;
    load_session_user(conn, &claims, token)?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a new session for user {uid} is not live")))
}

/// Ends every live session of a user (password change, reset, block, delete).
pub fn end_user_sessions(conn: &Connection, uid: i64, reason: &str) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE sessions SET ended_at = :now, ended_reason = :reason
         WHERE uid = :uid AND ended_at IS NULL AND expires_at > :now",
        named_params! { ":now": crate::now(), ":reason": reason, ":uid": uid },
    )
}

pub fn end_session(conn: &Connection, session_id: &str, reason: &str) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE sessions SET ended_at = :now, ended_reason = :reason
         WHERE session_id = :sid AND ended_at IS NULL",
        named_params! { ":now": crate::now(), ":reason": reason, ":sid": session_id },
    )
}

/// One right of a user, with the menu group it belongs to.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleRight {
    pub group_name: String,
    pub link_right: String,
}

/// The rights a user type holds, ordered by group and right.
pub fn rights_of_type(conn: &Connection, user_type: i64) -> rusqlite::Result<Vec<RoleRight>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.group_name, r.code FROM user_type_rights utr
         JOIN rights r ON r.right_id = utr.right_id
         WHERE utr.user_type_id = :type ORDER BY r.right_id",
    )?;
    let rows = stmt.query_map(named_params! { ":type": user_type }, |r| {
        Ok(RoleRight { group_name: r.get(0)?, link_right: r.get(1)? })
    })?;
    rows.collect()
}

/// A request's user: any live session, including one that still has to change its password.
/// Use it only for the session, password-update and logout endpoints; everything else takes
/// [`CurrentUser`].
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub uid: i64,
    pub name: String,
    pub email: String,
    pub user_type: i64,
    pub country_id: Option<i64>,
    pub manager_id: Option<i64>,
    pub force_password_update: bool,
    pub is_first_time_login: bool,
    pub rights: Vec<RoleRight>,
    pub session_id: String,
    pub token: String,
}

/// Whose data a user may see: administrators everything, area managers their agents' (and
/// their own), everybody else their own. Query functions take this, so no handler can forget it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    All,
    Team { manager: i64 },
    Own { uid: i64 },
}

pub const ADMINISTRATOR: i64 = 1;
pub const AREA_MANAGER: i64 = 3;
pub const AGENT: i64 = 4;

impl SessionUser {
    pub fn has_right(&self, right: &str) -> bool {
        self.rights.iter().any(|r| r.link_right == right)
    }

    pub fn scope(&self) -> Scope {
        match self.user_type {
            ADMINISTRATOR => Scope::All,
            AREA_MANAGER => Scope::Team { manager: self.uid },
            _ => Scope::Own { uid: self.uid },
        }
    }
}

fn bearer_token(parts: &Parts) -> Option<String> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_string())
}

fn load_session_user(conn: &Connection, claims: &Claims, token: String) -> AppResult<Option<SessionUser>> {
    let user = conn
        .query_row(
            "SELECT u.uid, u.name, u.email, u.user_type_id, u.country_id, u.manager_id,
                    u.force_password_update, u.is_first_time_login
             FROM sessions s JOIN users u ON u.uid = s.uid
             WHERE s.session_id = :sid AND s.uid = :uid AND s.ended_at IS NULL
               AND s.expires_at > :now AND u.is_blocked = 0 AND u.is_deleted = 0",
            named_params! { ":sid": claims.sid, ":uid": claims.sub.parse::<i64>().unwrap_or(-1), ":now": crate::now() },
            |r| {
                Ok(SessionUser {
                    uid: r.get(0)?,
                    name: r.get(1)?,
                    email: r.get(2)?,
                    user_type: r.get(3)?,
                    country_id: r.get(4)?,
                    manager_id: r.get(5)?,
                    force_password_update: r.get(6)?,
                    is_first_time_login: r.get(7)?,
                    rights: Vec::new(),
                    session_id: claims.sid.clone(),
                    token,
                })
            },
        )
        .optional()?;
    match user {
        Some(mut user) => {
            user.rights = rights_of_type(conn, user.user_type)?;
            Ok(Some(user))
        }
        None => Ok(None),
    }
}

impl FromRequestParts<AppState> for SessionUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(user) = parts.extensions.get::<SessionUser>() {
            return Ok(user.clone());
        }
        let token = bearer_token(parts).ok_or_else(|| AppError::unauthorized(NOT_LOGGED_IN))?;
        let claims = state.keys.verify(&token)?;
        let user = state
            .db(move |conn| load_session_user(conn, &claims, token))
            .await?
            .ok_or_else(|| AppError::unauthorized(SESSION_EXPIRED))?;
        parts.extensions.insert(user.clone());
        Ok(user)
    }
}

/// The signed-in user of an ordinary endpoint: a live session with no password change pending.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub SessionUser);

impl CurrentUser {
    /// Refuses the request unless the user holds `right` (one of the spec's permission strings).
    pub fn require(&self, right: &str) -> AppResult<()> {
        if self.0.has_right(right) {
            Ok(())
        } else {
            Err(AppError::forbidden(NO_PERMISSION))
        }
    }
}

impl CurrentUser {
    /// Refuses the request unless the user holds at least one of `rights`.
    pub fn require_any(&self, rights: &[&str]) -> AppResult<()> {
        if rights.iter().any(|r| self.0.has_right(r)) {
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

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let user = SessionUser::from_request_parts(parts, state).await?;
        if user.force_password_update {
            return Err(AppError::forbidden(PASSWORD_CHANGE_REQUIRED));
        }
        Ok(CurrentUser(user))
    }
}
