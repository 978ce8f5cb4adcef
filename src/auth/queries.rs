//! SQL of the sign-in area. Synchronous functions over a connection, named parameters.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::types::{BlockRow, NewAccount, OpenAccount, SessionUser};
use crate::platform::ids::UserId;
use crate::platform::rights::UserType;
use crate::platform::rows::{row_struct, FromRow};

row_struct! {
    /// What sign-in needs to know about an account.
    #[derive(Debug, Clone)]
    pub struct Account {
        pub uid: i64,
        pub email: String,
        pub user_type: UserType,
        pub password_hash: String,
        pub temp_password_hash: Option<String>,
        pub temp_password_expires: Option<i64>,
        pub is_blocked: bool,
        /// Wrong passwords from the client asking locked the account against it until then (not an
        /// administrator's block).
        pub locked_until: Option<i64>,
        /// The language the user chose (`en`, `hi`); `None`: the company's.
        pub locale: Option<String>,
    }
}

impl Account {
    /// Whether a failed-login lock against the client asking holds at `now`.
    pub fn is_locked(&self, now: i64) -> bool {
        self.locked_until.is_some_and(|until| until > now)
    }

    /// The forgot-password temporary hash, while it is still valid.
    pub fn live_temp_hash(&self, now: i64) -> Option<&str> {
        match (&self.temp_password_hash, self.temp_password_expires) {
            (Some(hash), Some(expires)) if expires > now => Some(hash),
            _ => None,
        }
    }
}

/// The account signing in with `login` (its email, any case) from `client` (its lock is the one
/// against that address; none without one); deleted accounts are not found.
pub fn find_account(conn: &Connection, login: &str, client: Option<&str>) -> rusqlite::Result<Option<Account>> {
    conn.query_row(
        "SELECT u.uid, u.email, u.user_type_id, u.password_hash, u.temp_password_hash, u.temp_password_expires,
                u.is_blocked, l.locked_until, u.locale
         FROM users u LEFT JOIN sign_in_locks l ON l.uid = u.uid AND l.client_addr = :client
         WHERE u.email = :login AND u.is_deleted = 0",
        named_params! { ":login": login, ":client": client },
        Account::from_row,
    )
    .optional()
}

/// Sets the language a user reads (`en` or `hi`, checked by the caller and the table).
pub fn set_locale(conn: &Connection, uid: UserId, locale: &str) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE users SET locale = :locale, updated_at = :now WHERE uid = :uid",
        named_params! { ":locale": locale, ":now": crate::now(), ":uid": uid },
    )
}

/// The language a user chose (`None`: the company's).
pub fn locale_of(conn: &Connection, uid: UserId) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT locale FROM users WHERE uid = :uid", named_params! { ":uid": uid }, |r| r.get(0)).optional().map(Option::flatten)
}

/// One row of the login history.
pub struct Attempt<'a> {
    pub uid: Option<i64>,
    pub login_id: &'a str,
    pub method: &'a str,
    pub success: bool,
    pub client_addr: &'a str,
    pub detail: &'a str,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

pub fn record_attempt(conn: &Connection, a: &Attempt) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO login_attempts (at, uid, login_id, method, success, client_addr, detail, latitude, longitude)
         VALUES (:at, :uid, :login, :method, :success, :addr, :detail, :lat, :lng)",
        named_params! {
            ":at": crate::now(), ":uid": a.uid, ":login": a.login_id, ":method": a.method,
            ":success": a.success, ":addr": a.client_addr, ":detail": a.detail,
            ":lat": a.latitude, ":lng": a.longitude,
        },
    )?;
    Ok(())
}

/// How a wrong password is counted: the `max`-th in a row from one client address locks the
/// account against that address for `lock_secs`, doubled for each lock since its last sign-in
/// there, up to `longest_secs`.
pub struct LockRule {
    pub max: i64,
    pub lock_secs: i64,
    pub longest_secs: i64,
}

/// Counts a wrong password from `client` under `rule`, and starts the count again when it locks.
/// Returns the end of the lock it set, if this failure set one. The rows of addresses quiet for
/// twice the longest lock are forgotten (a spray from many addresses leaves no lasting rows).
pub fn register_failure(conn: &Connection, uid: i64, client: &str, rule: &LockRule, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.execute(
        "DELETE FROM sign_in_locks WHERE uid = :uid AND updated_at < :now - 2 * :longest AND COALESCE(locked_until, 0) < :now",
        named_params! { ":uid": uid, ":now": now, ":longest": rule.longest_secs },
    )?;
    conn.execute(
        "INSERT OR IGNORE INTO sign_in_locks (uid, client_addr, updated_at) VALUES (:uid, :client, :now)",
        named_params! { ":uid": uid, ":client": client, ":now": now },
    )?;
    conn.query_row(
        "UPDATE sign_in_locks SET
             failures = CASE WHEN failures + 1 >= :max THEN 0 ELSE failures + 1 END,
             locked_until = CASE WHEN failures + 1 >= :max
                                 THEN :now + MIN(:lock << MIN(lock_count, 20), :longest) ELSE locked_until END,
             lock_count = CASE WHEN failures + 1 >= :max THEN lock_count + 1 ELSE lock_count END,
             updated_at = :now
         WHERE uid = :uid AND client_addr = :client RETURNING CASE WHEN failures = 0 THEN locked_until END",
        named_params! {
            ":uid": uid, ":client": client, ":max": rule.max, ":lock": rule.lock_secs, ":longest": rule.longest_secs, ":now": now,
        },
        |r| r.get(0),
    )
}

/// After a successful sign-in from `client`: clears the failure count and any lock against that
/// address (a stranger's lock against theirs stays); a temporary password forces a change.
/// Returns whether this was the user's first sign-in.
pub fn register_success(conn: &Connection, uid: i64, client: &str, used_temp_password: bool) -> rusqlite::Result<bool> {
    let first: bool =
        conn.query_row("SELECT is_first_time_login FROM users WHERE uid = :uid", named_params! { ":uid": uid }, |r| r.get(0))?;
    conn.execute(
        "UPDATE users SET is_first_time_login = 0,
                          force_password_update = CASE WHEN :temp THEN 1 ELSE force_password_update END
         WHERE uid = :uid",
        named_params! { ":uid": uid, ":temp": used_temp_password },
    )?;
    conn.execute("DELETE FROM sign_in_locks WHERE uid = :uid AND client_addr = :client", named_params! { ":uid": uid, ":client": client })?;
    Ok(first)
}

/// Failed sign-ins (wrong or refused passwords and codes) against `uid` since `since`, and from how
/// many client addresses, unless the administrators were told of this account since then.
pub fn failures_untold(conn: &Connection, uid: i64, since: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.query_row(
        "SELECT COUNT(*), COUNT(DISTINCT client_addr) FROM login_attempts
         WHERE uid = :uid AND at >= :since AND success = 0
           AND NOT EXISTS (SELECT 1 FROM sign_in_alerts WHERE uid = :uid AND alerted_at >= :since)",
        named_params! { ":uid": uid, ":since": since },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .map(|counted: (i64, i64)| (counted.0 > 0).then_some(counted))
}

/// Notes that the administrators were told of `uid` at `now`.
pub fn mark_alerted(conn: &Connection, uid: i64, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sign_in_alerts (uid, alerted_at) VALUES (:uid, :now) ON CONFLICT (uid) DO UPDATE SET alerted_at = excluded.alerted_at",
        named_params! { ":uid": uid, ":now": now },
    )?;
    Ok(())
}

/// The live, unblocked administrators: email and chosen language, to be told of an attack.
pub fn administrators(conn: &Connection) -> rusqlite::Result<Vec<(String, Option<String>)>> {
    let mut stmt = conn
        .prepare_cached("SELECT email, locale FROM users WHERE user_type_id = :admin AND is_deleted = 0 AND is_blocked = 0 ORDER BY uid")?;
    let rows = stmt.query_map(named_params! { ":admin": UserType::Administrator }, |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Sets a new password. `force` makes the user change it at the next sign-in (a password an
/// administrator or the system chose); the forgot-password temporary password is cleared.
pub fn set_password(conn: &Connection, uid: i64, hash: &str, force: bool) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE users SET password_hash = :hash, force_password_update = :force,
                          temp_password_hash = NULL, temp_password_expires = NULL,
                          updated_at = :now
         WHERE uid = :uid",
        named_params! { ":hash": hash, ":force": force, ":now": crate::now(), ":uid": uid },
    )
}

pub fn set_temp_password(conn: &Connection, uid: i64, hash: &str, expires: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE users SET temp_password_hash = :hash, temp_password_expires = :expires WHERE uid = :uid",
        named_params! { ":hash": hash, ":expires": expires, ":uid": uid },
    )
}

/// Lifts a block and the failed-login locks against every address, and clears their counts.
/// Returns false for an unknown or deleted account.
pub fn unblock(conn: &Connection, uid: i64) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "UPDATE users SET is_blocked = 0, updated_at = :now WHERE uid = :uid AND is_deleted = 0",
        named_params! { ":now": crate::now(), ":uid": uid },
    )?;
    conn.execute("DELETE FROM sign_in_locks WHERE uid = :uid", named_params! { ":uid": uid })?;
    Ok(n == 1)
}

row_struct! {
    /// The OTP row of a user: (code, created_at, expires_at, attempts, used).
    pub struct Otp {
        pub code: String,
        pub created_at: i64,
        pub expires_at: i64,
        pub attempts: i64,
        pub used: bool,
    }
}

pub fn current_otp(conn: &Connection, uid: i64) -> rusqlite::Result<Option<Otp>> {
    conn.query_row(
        "SELECT code, created_at, expires_at, attempts, used FROM otps WHERE uid = :uid",
        named_params! { ":uid": uid },
        Otp::from_row,
    )
    .optional()
}

pub fn store_otp(conn: &Connection, uid: i64, code: &str, now: i64, expires: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO otps (uid, code, created_at, expires_at, attempts, used)
         VALUES (:uid, :code, :now, :expires, 0, 0)
         ON CONFLICT (uid) DO UPDATE SET code = excluded.code, created_at = excluded.created_at,
             expires_at = excluded.expires_at, attempts = 0, used = 0",
        named_params! { ":uid": uid, ":code": code, ":now": now, ":expires": expires },
    )?;
    Ok(())
}

pub fn count_otp_failure(conn: &Connection, uid: i64) -> rusqlite::Result<i64> {
    conn.query_row("UPDATE otps SET attempts = attempts + 1 WHERE uid = :uid RETURNING attempts", named_params! { ":uid": uid }, |r| {
        r.get(0)
    })
}

pub fn mark_otp_used(conn: &Connection, uid: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE otps SET used = 1 WHERE uid = :uid", named_params! { ":uid": uid })?;
    Ok(())
}

/// The display name of a user.
pub fn user_name(conn: &Connection, uid: i64) -> rusqlite::Result<String> {
    conn.query_row("SELECT name FROM users WHERE uid = :uid", named_params! { ":uid": uid }, |r| r.get(0))
}

/// Live users other than `me` (agents only with `agents_only`) for the Block/Unblock list,
/// blocked (or locked by wrong passwords) first, each with their manager.
pub fn block_list(conn: &Connection, me: i64, agents_only: bool) -> rusqlite::Result<Vec<(BlockRow, Option<UserId>)>> {
    // A failed-login lock against any address shows as a block while it holds; unblocking lifts either.
    let mut stmt = conn.prepare_cached(
        "SELECT u.uid, u.name, u.email, u.user_type_id, t.name, c.name,
                u.is_blocked OR EXISTS (SELECT 1 FROM sign_in_locks l WHERE l.uid = u.uid AND l.locked_until > :now) AS blocked,
                u.manager_id
         FROM users u
         JOIN user_types t ON t.user_type_id = u.user_type_id LEFT JOIN countries c ON c.country_id = u.country_id
         WHERE u.is_deleted = 0 AND u.uid <> :me AND (NOT :agents OR u.user_type_id = :agent)
         ORDER BY blocked DESC, u.name",
    )?;
    let params = named_params! { ":me": me, ":agents": agents_only, ":agent": UserType::Agent, ":now": crate::now() };
    let rows = stmt.query_map(params, |r| {
        let row = BlockRow {
            uid: r.get(0)?,
            name: r.get(1)?,
            email_id: r.get(2)?,
            user_type_id: r.get(3)?,
            user_type_detail: r.get(4)?,
            country: r.get(5)?,
            is_blocked: r.get(6)?,
        };
        Ok((row, r.get(7)?))
    })?;
    rows.collect()
}

/// A live user: name, email, type and manager (no row: `QueryReturnedNoRows`, a 404).
pub fn live_user(conn: &Connection, uid: i64) -> rusqlite::Result<(String, String, UserType, Option<UserId>)> {
    conn.query_row(
        "SELECT name, email, user_type_id, manager_id FROM users WHERE uid = :id AND is_deleted = 0",
        named_params! { ":id": uid },
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
}

/// Blocks a user (their sessions are the caller's to end).
pub fn block(conn: &Connection, uid: i64) -> rusqlite::Result<usize> {
    conn.execute("UPDATE users SET is_blocked = 1, updated_at = :now WHERE uid = :id", named_params! { ":now": crate::now(), ":id": uid })
}

/// Writes one audit row: `actor` acting as `as_uid`.
pub fn audit(conn: &Connection, actor: i64, as_uid: i64, action: &str, status: Option<u16>) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO audit_log (at, actor_uid, as_uid, action, status) VALUES (:at, :actor, :as, :action, :status)",
        named_params! { ":at": crate::now(), ":actor": actor, ":as": as_uid, ":action": action, ":status": status },
    )?;
    Ok(())
}

/// Live, unblocked users of one type by name, each with their manager.
pub fn open_accounts_of_type(conn: &Connection, user_type: UserType) -> rusqlite::Result<Vec<(OpenAccount, Option<UserId>)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT uid, name, email, manager_id FROM users WHERE user_type_id = :t AND is_deleted = 0 AND is_blocked = 0 ORDER BY name",
    )?;
    let rows = stmt.query_map(named_params! { ":t": user_type }, |r| {
        Ok((OpenAccount { uid: r.get(0)?, name: r.get(1)?, user_name: r.get(2)? }, r.get(3)?))
    })?;
    rows.collect()
}

/// The live, unblocked agent or area manager with login id `login`: uid, type and manager.
pub fn impersonation_target(conn: &Connection, login: &str) -> rusqlite::Result<Option<(i64, UserType, Option<UserId>)>> {
    conn.query_row(
        "SELECT uid, user_type_id, manager_id FROM users
         WHERE email = :e AND user_type_id IN (:agent, :am) AND is_deleted = 0 AND is_blocked = 0",
        named_params! { ":e": login, ":agent": UserType::Agent, ":am": UserType::AreaManager },
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .optional()
}

/// Stores a one-time impersonation token of `admin` for `target`, valid until `expires`.
pub fn store_impersonation_token(conn: &Connection, token: &str, admin: i64, target: i64, expires: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO impersonation_tokens (token, admin_uid, target_uid, expires_at) VALUES (:t, :a, :u, :e)",
        named_params! { ":t": token, ":a": admin, ":u": target, ":e": expires },
    )?;
    Ok(())
}

/// Spends `admin`'s live one-time token: the user it opens, or none (unknown, used, expired or
/// another administrator's).
pub fn redeem_impersonation_token(conn: &Connection, token: &str, admin: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "UPDATE impersonation_tokens SET used = 1
         WHERE token = :t AND used = 0 AND expires_at > :now AND admin_uid = :a RETURNING target_uid",
        named_params! { ":t": token, ":now": crate::now(), ":a": admin },
        |r| r.get(0),
    )
    .optional()
}

/// Opens a session row; `acting`: the administrator and their own session, when impersonating.
pub fn insert_session(conn: &Connection, sid: &str, uid: i64, acting: Option<(i64, &str)>, now: i64, expires: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sessions (session_id, uid, impersonator_uid, parent_session_id, created_at, expires_at)
         VALUES (:sid, :uid, :admin, :parent, :now, :exp)",
        named_params! {
            ":sid": sid, ":uid": uid, ":admin": acting.map(|a| a.0), ":parent": acting.map(|a| a.1),
            ":now": now, ":exp": expires,
        },
    )?;
    Ok(())
}

/// Ends every live session of a user (password change, reset, block, delete), and the sessions
/// they opened in other users' accounts.
pub fn end_user_sessions(conn: &Connection, uid: UserId, reason: &str) -> rusqlite::Result<usize> {
    let now = crate::now();
    let opened = conn.execute(
        "UPDATE sessions SET ended_at = :now, ended_reason = :reason
         WHERE parent_session_id IN (SELECT session_id FROM sessions WHERE uid = :uid AND ended_at IS NULL)
           AND ended_at IS NULL",
        named_params! { ":now": now, ":reason": reason, ":uid": uid },
    )?;
    let own = conn.execute(
        "UPDATE sessions SET ended_at = :now, ended_reason = :reason
         WHERE uid = :uid AND ended_at IS NULL AND expires_at > :now",
        named_params! { ":now": now, ":reason": reason, ":uid": uid },
    )?;
    Ok(opened + own)
}

/// Ends a session, and the sessions it opened in other users' accounts.
pub fn end_session(conn: &Connection, session_id: &str, reason: &str) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE sessions SET ended_at = :now, ended_reason = :reason
         WHERE (session_id = :sid OR parent_session_id = :sid) AND ended_at IS NULL",
        named_params! { ":now": crate::now(), ":reason": reason, ":sid": session_id },
    )
}

/// `(group, right code)` of each right a user type holds, ordered by right.
pub fn rights_of_type(conn: &Connection, user_type: UserType) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.group_name, r.code FROM user_type_rights utr
         JOIN rights r ON r.right_id = utr.right_id
         WHERE utr.user_type_id = :type ORDER BY r.right_id",
    )?;
    let rows = stmt.query_map(named_params! { ":type": user_type }, |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// The session `sid` of `uid` when it is live at `now`, its account neither blocked nor deleted,
/// and `acting` is the session's (None for an own session): its user (with `token`, rights not yet
/// read) and the session's end of validity.
pub fn live_session(
    conn: &Connection,
    sid: &str,
    uid: i64,
    acting: Option<(i64, &str)>,
    now: i64,
    token: String,
) -> rusqlite::Result<Option<(SessionUser, i64)>> {
    conn.prepare_cached(
        "SELECT u.uid, u.name, u.email, u.user_type_id, u.country_id, u.manager_id,
                u.force_password_update, u.is_first_time_login, s.expires_at, u.locale
         FROM sessions s JOIN users u ON u.uid = s.uid
         WHERE s.session_id = :sid AND s.uid = :uid AND s.ended_at IS NULL AND s.impersonator_uid IS :admin
           AND s.parent_session_id IS :parent AND s.expires_at > :now AND u.is_blocked = 0 AND u.is_deleted = 0",
    )?
    .query_row(
        named_params! { ":sid": sid, ":uid": uid, ":now": now, ":admin": acting.map(|a| a.0), ":parent": acting.map(|a| a.1) },
        |r| {
            Ok((
                SessionUser {
                    uid: r.get(0)?,
                    name: r.get(1)?,
                    email: r.get(2)?,
                    user_type: r.get(3)?,
                    country_id: r.get(4)?,
                    manager_id: r.get(5)?,
                    force_password_update: r.get(6)?,
                    is_first_time_login: r.get(7)?,
                    locale: r.get(9)?,
                    rights: Default::default(),
                    session_id: sid.to_string(),
                    token,
                    impersonator: acting.map(|a| a.0),
                },
                r.get(8)?,
            ))
        },
    )
    .optional()
}

/// Inserts the account `a`; returns its uid.
pub fn insert_account(conn: &Connection, a: &NewAccount) -> rusqlite::Result<i64> {
    let now = crate::now();
    conn.execute(
        "INSERT INTO users (email, name, user_type_id, country_id, manager_id, password_hash,
                            force_password_update, created_at, updated_at)
         VALUES (:email, :name, :type, :country, :manager, :hash, :force, :now, :now)",
        named_params! {
            ":email": a.email, ":name": a.name, ":type": a.user_type, ":country": a.country_id,
            ":manager": a.manager_id, ":hash": a.password_hash, ":force": a.force_password_update,
            ":now": now,
        },
    )?;
    Ok(conn.last_insert_rowid())
}

/// Whether any account exists (deleted ones too).
pub fn any_users(conn: &Connection) -> rusqlite::Result<bool> {
    Ok(conn.query_row("SELECT 1 FROM users LIMIT 1", [], |_| Ok(())).optional()?.is_some())
}

/// The first live administrator, by uid.
pub fn first_administrator(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT uid FROM users WHERE user_type_id = :admin AND is_deleted = 0 ORDER BY uid LIMIT 1",
        named_params! { ":admin": UserType::Administrator },
        |r| r.get(0),
    )
    .optional()
}

/// What the user master changes of an account.
pub struct AccountChange<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub user_type: UserType,
    pub country_id: Option<i64>,
    pub manager_id: Option<i64>,
}

/// Changes an account's email, name, type, country and manager.
pub fn update_account(conn: &Connection, uid: UserId, c: &AccountChange) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE users SET email = :email, name = :name, user_type_id = :type, country_id = :country,
                          manager_id = :manager, updated_at = :now
         WHERE uid = :id",
        named_params! {
            ":email": c.email, ":name": c.name, ":type": c.user_type, ":country": c.country_id,
            ":manager": c.manager_id, ":now": crate::now(), ":id": uid.0,
        },
    )
}

/// Marks an account deleted (its rows stay).
pub fn delete_account(conn: &Connection, uid: UserId) -> rusqlite::Result<usize> {
    conn.execute("UPDATE users SET is_deleted = 1, updated_at = :now WHERE uid = :id", named_params! { ":now": crate::now(), ":id": uid.0 })
}
