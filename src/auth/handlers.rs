//! Sign-in, one-time codes, forgotten and changed passwords, session and logout (spec 1 §7
//! "Login and session"). Thin handlers: rules here, SQL in `queries`, tokens in `session`.

use axum::extract::State;
use rand::Rng;
use rusqlite::TransactionBehavior;

use super::messages::*;
use super::password;
use super::queries::{self, Account, Attempt, LockRule};
use super::session::{self, CurrentUser};
use super::types::SessionUser;
use super::types::{
    CheckUserResponse, LocaleRequest, LoginRequest, LoginSettings, PasswordUpdateRequest, SessionBody, SignInAnswers, TooManyAttempts,
    UserNameRequest,
};
use crate::platform::api::MessageBody;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ClientAddr, Json};
use crate::platform::state::AppState;
use crate::platform::validate::{required, required_secret};
use serde_json::json;

/// Login ids the per-account limiter remembers before it drops the idle ones.
const ACCOUNT_KEYS_KEPT: usize = 10_000;

/// A code lives 5 minutes, allows 5 tries, and a new one can be asked for once a minute.
const OTP_LIFETIME_SECS: i64 = 5 * 60;
const OTP_MAX_ATTEMPTS: i64 = 5;
const OTP_RESEND_SECS: i64 = 60;
/// A forgot-password temporary password works for a day beside the real one; a new one is mailed
/// at most once in 5 minutes.
const TEMP_PASSWORD_SECS: i64 = 24 * 3600;
const TEMP_PASSWORD_RESEND_SECS: i64 = 5 * 60;
/// Wrong passwords lock an account against the address they came from for 15 minutes, twice as
/// long for each further lock before the next sign-in from there, at most a day: guessing from one
/// address stays slow, and nobody locks anyone out for good, nor anyone else out at all.
const LOCK_SECS: i64 = 15 * 60;
const LONGEST_LOCK_SECS: i64 = 24 * 3600;
/// This many failed sign-ins against one account within the window (from any addresses, refused
/// ones included) tell the administrators, once a window: guessing spread over many addresses
/// meets no lock, and one stranger holding their own lock is still an attack.
const ALERT_FAILURES: i64 = 20;
const ALERT_WINDOW_SECS: i64 = 10 * 60;

/// The answer while a failed-login lock holds (until `until`), with the ways out of it.
fn locked(until: i64, now: i64) -> AppError {
    let minutes = ((until - now + 59) / 60).max(1);
    AppError::forbidden(LOCKED.with([("wait", json!(crate::plural(minutes as u64, "minute"))), ("minutes", json!(minutes))]))
}

fn check_rate(state: &AppState, client: &str) -> AppResult<()> {
    match &state.login_limiter {
        Some(limiter) if limiter.check_key(&client.to_string()).is_err() => Err(AppError::TooManyRequests(RATE_LIMITED.into())),
        _ => Ok(()),
    }
}

/// The per-account budgets. Each is kept per login id and client address, so a stranger's calls
/// never spend the owner's, and each kind of call has its own, so wrong passwords never spend the
/// ways around them.
#[derive(Clone, Copy)]
enum Budget {
    /// `login/auth`.
    Password,
    /// `checkUser`, `generateOTP`, `authOTP` and `reset`: the look-up before a sign-in and the
    /// mailed codes and temporary passwords.
    Codes,
}

/// The start of every sign-in call: the per-address limit, the login id (`missing` when there is
/// none), then the per-account limit of `budget`.
fn admitted_login(
    state: &AppState,
    client: &str,
    login: &Option<String>,
    missing: crate::platform::error::Msg,
    budget: Budget,
) -> AppResult<String> {
    check_rate(state, client)?;
    let login = required(login, missing)?;
    check_account_rate(state, budget, &login, client)?;
    Ok(login)
}

/// The start of a sign-in with a secret: [`admitted_login`], then the secret (`secret` reads it
/// from the request), then the accepted terms.
fn admitted_sign_in(
    state: &AppState,
    client: &str,
    req: &LoginRequest,
    budget: Budget,
    secret: impl FnOnce(&LoginRequest) -> AppResult<String>,
) -> AppResult<(String, String)> {
    let login = admitted_login(state, client, &req.user_name, LOGIN_ID_REQUIRED, budget)?;
    let secret = secret(req)?;
    if req.terms != Some(true) {
        return Err(AppError::bad_request(TERMS_REQUIRED));
    }
    Ok((login, secret))
}

/// A login id as the per-account limit keys it: trimmed, in lower case.
pub(super) fn login_key(login: &str) -> String {
    login.trim().to_lowercase()
}

/// The per-account limit of `budget`, per login id as typed (so unknown ids count too and the
/// answer tells nothing) and client address: a stranger's calls spend only their own. Guessing
/// spread over many addresses meets the lock per address and the administrators' alert instead.
/// An administrator's unblock starts the id's budgets afresh (`AppState::note_unblock`).
fn check_account_rate(state: &AppState, budget: Budget, login: &str, client: &str) -> AppResult<()> {
    let Some(limiter) = &state.account_limiter else { return Ok(()) };
    // Forget idle keys now and then, so a spray of made-up ids cannot grow the map for good.
    if limiter.len() > ACCOUNT_KEYS_KEPT {
        limiter.retain_recent();
    }
    let login = login_key(login);
    let unblocks = state.unblocks_of(&login);
    match limiter.check_key(&format!("{}|{login}|{client}|{unblocks}", budget as u8)) {
        Ok(()) => Ok(()),
        Err(_) => Err(AppError::TooManyRequests(ACCOUNT_RATE_LIMITED.into())),
    }
}

/// `POST /login/checkUser` (public): is this a login id that may sign in, and how. An account locked
/// against the caller's address may always sign in with a mailed code there: it is the way out of
/// the lock, OTP sign-in on or off.
#[utoipa::path(post, path = "/login/checkUser", tag = "auth", summary = "Whether a login id may sign in, and how",
    responses(
        (status = 200, description = "The answer (also for unknown or blocked ids)", body = CheckUserResponse),
        TooManyAttempts
    ))]
pub async fn check_user(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<UserNameRequest>,
) -> AppResult<Json<CheckUserResponse>> {
    let login = admitted_login(&state, &client, &req.user_name, LOGIN_ID_REQUIRED, Budget::Codes)?;
    let account = state.db(move |conn| Ok(queries::find_account(conn, &login, Some(&client))?)).await?;
    let response = match account {
        None => CheckUserResponse::refused(UNKNOWN_LOGIN),
        Some(a) if a.is_blocked => CheckUserResponse::refused(BLOCKED),
        Some(a) => CheckUserResponse {
            success: true,
            message: String::new(),
            code: String::new(),
            login_method_allowed: state.config.otp_login || a.is_locked(crate::now()),
            user_type: Some(a.user_type),
        },
    };
    Ok(Json(response))
}

/// Which stored secret a typed password matched.
enum PasswordMatch {
    Password,
    Temporary,
    Neither,
}

/// Which of the hashes `typed` matches: the account's own, then the temporary one. Every wrong
/// answer costs the same two argon2 verifications, against a stand-in where a hash is missing, so
/// the answer's time does not tell a known id from an unknown, blocked or locked one.
fn match_password(typed: &str, own: Option<&str>, temporary: Option<&str>) -> PasswordMatch {
    if password::verify_or_stand_in(typed, own) {
        PasswordMatch::Password
    } else if password::verify_or_stand_in(typed, temporary) {
        PasswordMatch::Temporary
    } else {
        PasswordMatch::Neither
    }
}

/// `POST /login/auth` (public): password sign-in. Five wrong passwords in a row from one address
/// lock the account against that address for a while (see `LOCK_SECS`); calls refused under the
/// lock are not counted. Known and unknown ids get the same answer to a wrong password.
#[utoipa::path(post, path = "/login/auth", tag = "auth", summary = "Sign in with a password", responses(SignInAnswers))]
pub async fn auth_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<LoginRequest>,
) -> AppResult<Json<SessionBody>> {
    let (login, typed) = admitted_sign_in(&state, &client, &req, Budget::Password, |r| required_secret(&r.password, PASSWORD_REQUIRED))?;
    let (lookup, from) = (login.clone(), client.clone());
    let account = state.db(move |conn| Ok(queries::find_account(conn, &lookup, Some(&from))?)).await?;
    let now = crate::now();
    // While a lock holds only the mailed temporary password is tried: the lock stops guessing of
    // the password, and a random mailed one is a way out of it.
    let (own, temporary) = match &account {
        Some(a) if !a.is_blocked => ((!a.is_locked(now)).then(|| a.password_hash.clone()), a.live_temp_hash(now).map(str::to_owned)),
        _ => (None, None),
    };
    let verdict = password::off_thread(move || Ok(match_password(&typed, own.as_deref(), temporary.as_deref()))).await?;

    let rule = LockRule { max: state.config.max_failed_logins, lock_secs: LOCK_SECS, longest_secs: LONGEST_LOCK_SECS };
    let hours = state.config.session_hours;
    let keys = state.keys.clone();
    let (outcome, alert) = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let mut attempt = Attempt {
                uid: account.as_ref().map(|a| a.uid),
                login_id: &login,
                method: "password",
                success: false,
                client_addr: &client,
                detail: "",
                latitude: req.lattitude.0,
                longitude: req.longitude.0,
            };
            let outcome = match (&account, verdict) {
                (None, _) => {
                    attempt.detail = "unknown login id";
                    Err(AppError::unauthorized(BAD_CREDENTIALS))
                }
                (Some(a), _) if a.is_blocked => {
                    attempt.detail = "account blocked";
                    Err(AppError::forbidden(BLOCKED))
                }
                (Some(a), PasswordMatch::Neither) => match a.locked_until.filter(|&until| until > now) {
                    Some(until) => {
                        attempt.detail = "account locked";
                        Err(locked(until, now))
                    }
                    None => match queries::register_failure(&tx, a.uid, &client, &rule, now)? {
                        Some(until) => {
                            attempt.detail = "wrong password; account locked";
                            Err(locked(until, now))
                        }
                        None => {
                            attempt.detail = "wrong password";
                            Err(AppError::unauthorized(BAD_CREDENTIALS))
                        }
                    },
                },
                (Some(a), matched) => {
                    let temporary = matches!(matched, PasswordMatch::Temporary);
                    attempt.success = true;
                    attempt.detail = if temporary { "temporary password" } else { "" };
                    Ok(sign_in(&tx, &keys, a, &client, temporary, hours)?)
                }
            };
            queries::record_attempt(&tx, &attempt)?;
            let alert = alert_due(&tx, &attempt, account.as_ref(), now)?;
            tx.commit()?;
            Ok((outcome, alert))
        })
        .await?;
    tell_administrators(&state, alert).await;
    outcome.map(|user| Json(SessionBody::new(user, &state.config)))
}

/// What the administrators are told of sustained failed sign-ins against one account.
struct Alert {
    name: String,
    login: String,
    failures: i64,
    addresses: i64,
    administrators: Vec<(String, Option<String>)>,
}

/// After a sign-in `attempt` against `account`: the alert to mail when it failed and brought the
/// account's failed sign-ins in `ALERT_WINDOW_SECS` to `ALERT_FAILURES`, unless the administrators
/// were told of it within the window (the alert is noted as told here).
fn alert_due(conn: &rusqlite::Connection, attempt: &Attempt, account: Option<&Account>, now: i64) -> AppResult<Option<Alert>> {
    let Some(account) = account.filter(|_| !attempt.success) else { return Ok(None) };
    match queries::failures_untold(conn, account.uid, now - ALERT_WINDOW_SECS)? {
        Some((failures, addresses)) if failures >= ALERT_FAILURES => {
            queries::mark_alerted(conn, account.uid, now)?;
            let (name, administrators) = (queries::user_name(conn, account.uid)?, queries::administrators(conn)?);
            Ok(Some(Alert { name, login: account.email.clone(), failures, addresses, administrators }))
        }
        _ => Ok(None),
    }
}

/// Mails `alert` to each administrator in their language. A mail that fails is logged: it must not
/// change the answer to the failed sign-in that raised it.
async fn tell_administrators(state: &AppState, alert: Option<Alert>) {
    let Some(alert) = alert else { return };
    for (email, locale) in &alert.administrators {
        let language = state.config.language_of(locale.as_deref());
        let mail = super::mails::failed_sign_ins(language, &alert.name, &alert.login, alert.failures, alert.addresses);
        if let Err(err) = state.mailer.send(email, mail.subject, &mail.body).await {
            tracing::error!(error = %err, account = %alert.login, "mailing an administrator of failed sign-ins failed");
        }
    }
}

/// Opens the session of a verified account signing in from `client` and answers with the session user.
fn sign_in(
    conn: &rusqlite::Connection,
    keys: &crate::platform::tokens::TokenKeys,
    account: &Account,
    client: &str,
    temporary: bool,
    hours: i64,
) -> AppResult<SessionUser> {
    let first = queries::register_success(conn, account.uid, client, temporary)?;
    let mut user = session::open_session(conn, keys, account.uid, hours)?;
    user.is_first_time_login = first;
    Ok(user)
}

/// The account `login` (as seen from `client`) of a call about mailed codes; refused while OTP
/// sign-in is off (`otp_login`), except for an account locked against the caller's address.
fn otp_account(conn: &rusqlite::Connection, login: &str, client: &str, otp_login: bool, now: i64) -> AppResult<Option<Account>> {
    let account = queries::find_account(conn, login, Some(client))?;
    if !otp_login && !account.as_ref().is_some_and(|a| a.is_locked(now)) {
        return Err(AppError::forbidden(OTP_DISABLED));
    }
    Ok(account)
}

/// `POST /login/generateOTP` (public): mails a 6-digit code valid for 5 minutes. Unknown and
/// blocked ids, and a code asked for again within a minute, get the same answer and no mail. An
/// account locked against the caller's address may ask for one even where OTP sign-in is off
/// (see `check_user`).
#[utoipa::path(post, path = "/login/generateOTP", tag = "auth", summary = "Mail a one-time sign-in code",
    responses(
        (status = 200, description = "A code was mailed if the id is registered and none was sent in the last minute", body = MessageBody),
        (status = 403, description = "Codes not enabled", body = crate::platform::api::ErrorBody),
        TooManyAttempts
    ))]
pub async fn generate_otp(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<UserNameRequest>,
) -> AppResult<Json<MessageBody>> {
    let login = admitted_login(&state, &client, &req.user_name, LOGIN_ID_REQUIRED, Budget::Codes)?;
    let otp_login = state.config.otp_login;
    let mail = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now = crate::now();
            let account = otp_account(&tx, &login, &client, otp_login, now)?;
            let Some(account) = account.filter(|a| !a.is_blocked) else { return Ok(None) };
            if queries::current_otp(&tx, account.uid)?.is_some_and(|otp| !otp.used && now - otp.created_at < OTP_RESEND_SECS) {
                return Ok(None);
            }
            let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32));
            queries::store_otp(&tx, account.uid, &code, now, now + OTP_LIFETIME_SECS)?;
            tx.commit()?;
            Ok(Some((account.email, account.locale, code)))
        })
        .await?;
    if let Some((email, locale, code)) = mail {
        let mail = super::mails::otp(state.config.language_of(locale.as_deref()), &code);
        state.mailer.send(&email, mail.subject, &mail.body).await?;
    }
    Ok(Json(MessageBody::from(OTP_SENT)))
}

/// `POST /login/authOTP` (public): sign-in with the mailed code, sent as `password` (or `otp`).
/// It lifts the failed-login lock against the caller's address, and works for an account locked
/// against it where OTP sign-in is off.
#[utoipa::path(post, path = "/login/authOTP", tag = "auth", summary = "Sign in with a mailed one-time code", responses(SignInAnswers))]
pub async fn auth_otp(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<LoginRequest>,
) -> AppResult<Json<SessionBody>> {
    let (login, typed) = admitted_sign_in(&state, &client, &req, Budget::Codes, |r| {
        required(&r.password, OTP_REQUIRED).or_else(|_| required(&r.otp, OTP_REQUIRED))
    })?;
    let (otp_login, hours) = (state.config.otp_login, state.config.session_hours);
    let keys = state.keys.clone();
    let (outcome, alert) = state
        .db(move |conn| {
            // One immediate transaction: of many concurrent requests with the same code, one wins.
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now = crate::now();
            let account = otp_account(&tx, &login, &client, otp_login, now)?;
            let mut attempt = Attempt {
                uid: account.as_ref().map(|a| a.uid),
                login_id: &login,
                method: "otp",
                success: false,
                client_addr: &client,
                detail: "",
                latitude: req.lattitude.0,
                longitude: req.longitude.0,
            };
            let outcome = match &account {
                // An unknown id gets the answer of a known one without a live code.
                None => {
                    attempt.detail = "unknown login id";
                    Err(AppError::unauthorized(OTP_EXPIRED))
                }
                Some(a) if a.is_blocked => {
                    attempt.detail = "account blocked";
                    Err(AppError::forbidden(BLOCKED))
                }
                Some(a) => match queries::current_otp(&tx, a.uid)? {
                    Some(otp) if !otp.used && otp.expires_at > now && otp.attempts >= OTP_MAX_ATTEMPTS => {
                        attempt.detail = "otp attempts exhausted";
                        Err(AppError::unauthorized(OTP_EXHAUSTED))
                    }
                    Some(otp) if !otp.used && otp.expires_at > now => {
                        if otp.code == typed {
                            queries::mark_otp_used(&tx, a.uid)?;
                            attempt.success = true;
                            Ok(sign_in(&tx, &keys, a, &client, false, hours)?)
                        } else {
                            let tries = queries::count_otp_failure(&tx, a.uid)?;
                            attempt.detail = "wrong otp";
                            let left = OTP_MAX_ATTEMPTS - tries;
                            Err(AppError::unauthorized(if left > 0 {
                                OTP_INVALID.with([("left", json!(crate::plural(left as u64, "attempt"))), ("attempts", json!(left))])
                            } else {
                                OTP_EXHAUSTED.into()
                            }))
                        }
                    }
                    _ => {
                        attempt.detail = "otp expired or used";
                        Err(AppError::unauthorized(OTP_EXPIRED))
                    }
                },
            };
            queries::record_attempt(&tx, &attempt)?;
            let alert = alert_due(&tx, &attempt, account.as_ref(), now)?;
            tx.commit()?;
            Ok((outcome, alert))
        })
        .await?;
    tell_administrators(&state, alert).await;
    outcome.map(|user| Json(SessionBody::new(user, &state.config)))
}

/// `POST /login/reset` (public; the forgot-password screen): mails a temporary password that
/// works beside the current one for a day and forces a change when used. At most one mail per
/// account in `TEMP_PASSWORD_RESEND_SECS`; unknown ids and repeated calls get the same answer.
#[utoipa::path(post, path = "/login/reset", tag = "auth", summary = "Mail a temporary password (forgot password)",
    responses(
        (status = 200, description = "A temporary password was mailed if the id is registered and none was sent lately", body = MessageBody),
        (status = 403, description = "Blocked account", body = crate::platform::api::ErrorBody),
        TooManyAttempts
    ))]
pub async fn reset(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<UserNameRequest>,
) -> AppResult<Json<MessageBody>> {
    let login = admitted_login(&state, &client, &req.user_name, EMAIL_REQUIRED, Budget::Codes)?;
    // Made before the account is looked up: known and unknown ids cost the same hashing.
    let temp = password::temporary();
    let hash = {
        let temp = temp.clone();
        password::off_thread(move || password::hash(&temp)).await?
    };
    let email = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now = crate::now();
            let Some(account) = queries::find_account(&tx, &login, None)? else { return Ok(None) };
            if account.is_blocked {
                return Err(AppError::forbidden(BLOCKED));
            }
            // The one mailed lately stands (its expiry tells when it was made).
            if account.temp_password_expires.is_some_and(|expires| expires - TEMP_PASSWORD_SECS > now - TEMP_PASSWORD_RESEND_SECS) {
                return Ok(None);
            }
            queries::set_temp_password(&tx, account.uid, &hash, now + TEMP_PASSWORD_SECS)?;
            tx.commit()?;
            Ok(Some((account.email, account.locale)))
        })
        .await?;
    if let Some((email, locale)) = email {
        let mail = super::mails::temporary_password(state.config.language_of(locale.as_deref()), &temp);
        state.mailer.send(&email, mail.subject, &mail.body).await?;
    }
    Ok(Json(MessageBody::from(TEMP_PASSWORD_SENT)))
}

/// `POST /users/passwordUpdate` (signed in, also while a change is forced): sets a new password
/// and ends every session of the user, this one included.
#[utoipa::path(post, path = "/users/passwordUpdate", tag = "auth", summary = "Change the password (ends every session)",
    responses(
        (status = 200, description = "Changed; sign in again", body = MessageBody)
    ))]
pub async fn password_update(
    State(state): State<AppState>,
    user: SessionUser,
    Json(req): Json<PasswordUpdateRequest>,
) -> AppResult<Json<MessageBody>> {
    if user.impersonator.is_some() {
        return Err(AppError::forbidden(NOT_IN_OWN_SESSION));
    }
    let current = required_secret(&req.current_password, CURRENT_PASSWORD_REQUIRED)?;
    let new = required_secret(&req.new_password, NEW_PASSWORD_REQUIRED)?;
    let confirm = required_secret(&req.confirm_password, CONFIRM_PASSWORD_REQUIRED)?;
    if !password::meets_rule(&new) {
        return Err(AppError::bad_request(PASSWORD_RULE));
    }
    // A confirmation that differs is a mismatch, whatever its length: say that, not the rule.
    if new != confirm {
        return Err(AppError::bad_request(PASSWORD_MISMATCH));
    }
    if new == current {
        return Err(AppError::bad_request(PASSWORD_UNCHANGED));
    }
    let email = user.email.clone();
    let account = state
        .db(move |conn| Ok(queries::find_account(conn, &email, None)?))
        .await?
        .ok_or_else(|| AppError::unauthorized(crate::platform::error::SESSION_EXPIRED))?;
    let new_hash = password::off_thread(move || {
        let now = crate::now();
        let current_ok = password::verify(&current, &account.password_hash)
            || account.live_temp_hash(now).is_some_and(|h| password::verify(&current, h));
        if !current_ok {
            return Err(AppError::bad_request(CURRENT_PASSWORD_WRONG));
        }
        password::hash(&new)
    })
    .await?;
    let uid = user.uid;
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            queries::set_password(&tx, uid, &new_hash, false)?;
            queries::end_user_sessions(&tx, crate::platform::ids::UserId(uid), "password changed")?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::from(PASSWORD_CHANGED)))
}

/// `GET /users/session` (signed in): the session user of the presented token.
#[utoipa::path(get, path = "/users/session", tag = "auth", summary = "The session user of the presented token",
    responses(
        (status = 200, description = "OK", body = SessionBody)
    ))]
pub async fn session(State(state): State<AppState>, user: SessionUser) -> Json<SessionBody> {
    Json(SessionBody::new(user, &state.config))
}

/// `POST /users/locale` (signed in): the language the user reads (`en` or `hi`), kept on the
/// server so that it follows them to another phone; their mails come in it too.
#[utoipa::path(post, path = "/users/locale", tag = "auth", summary = "Choose the language the user reads",
    responses(
        (status = 200, description = "Changed", body = MessageBody),
        (status = 400, description = "Not a language the server has (code locale_unknown, field locale)", body = crate::platform::api::ErrorBody)
    ))]
pub async fn set_locale(State(state): State<AppState>, user: CurrentUser, Json(req): Json<LocaleRequest>) -> AppResult<Json<MessageBody>> {
    let locale = req.locale.as_deref().map(str::trim).unwrap_or_default().to_ascii_lowercase();
    if !crate::platform::config::LANGUAGES.contains(&locale.as_str()) {
        return Err(AppError::bad_request(LOCALE_UNKNOWN.on("locale")));
    }
    let uid = crate::platform::ids::UserId(user.uid);
    state.db(move |conn| Ok(queries::set_locale(conn, uid, &locale)?)).await.and_then(crate::platform::db::updated)?;
    Ok(Json(MessageBody::from(LOCALE_CHANGED)))
}

/// `GET /login/settings` (public): the company's language and formats, for the sign-in screen
/// before anyone signs in.
#[utoipa::path(get, path = "/login/settings", tag = "auth", summary = "The company's language, locale and currency (for the sign-in screen)",
    responses(
        (status = 200, description = "OK", body = LoginSettings)
    ))]
pub async fn login_settings(State(state): State<AppState>) -> Json<LoginSettings> {
    Json(LoginSettings::of(&state.config))
}

/// `POST /logout` (signed in): ends this session; the token stops working at once.
#[utoipa::path(post, path = "/logout", tag = "auth", summary = "End this session",
    responses(
        (status = 200, description = "Signed out", body = MessageBody)
    ))]
pub async fn logout(State(state): State<AppState>, user: SessionUser) -> AppResult<Json<MessageBody>> {
    let sid = user.session_id.clone();
    let (acting, uid) = (user.impersonator, user.uid);
    state
        .db(move |conn| {
            queries::end_session(conn, &sid, "logout")?;
            if let Some(admin) = acting {
                super::impersonation::audit(conn, admin, uid, "impersonation ended", None)?;
            }
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody::from(LOGGED_OUT)))
}
