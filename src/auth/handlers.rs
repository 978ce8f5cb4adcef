//! Sign-in, one-time codes, forgotten and changed passwords, session and logout (spec 1 §7
//! "Login and session"). Thin handlers: rules here, SQL in `queries`, tokens in `session`.

use axum::extract::State;
use rand::Rng;
use rusqlite::TransactionBehavior;

use super::password;
use super::queries::{self, Account, Attempt};
use super::session::{self, SessionUser};
use super::types::{CheckUserResponse, LoginRequest, PasswordUpdateRequest, SessionBody, SignInAnswers, TooManyAttempts, UserNameRequest};
use crate::api::MessageBody;
use crate::error::{AppError, AppResult};
use crate::extract::{ClientAddr, Json};
use crate::state::AppState;
use crate::validate::{required, required_secret};

const LOGIN_ID_REQUIRED: &str = "Login ID is required";
const PASSWORD_REQUIRED: &str = "Password is required";
const OTP_REQUIRED: &str = "OTP is required";
const TERMS_REQUIRED: &str = "You must agree to the terms and conditions.";
const EMAIL_REQUIRED: &str = "Email ID is required";
const UNKNOWN_LOGIN: &str = "Login ID not found. Please check it and try again.";
const BAD_CREDENTIALS: &str = "Invalid Login ID or password.";
const BLOCKED: &str = "Your account is blocked. Please contact your administrator to unblock it.";
const OTP_DISABLED: &str = "Sign-in with a one-time code is not enabled.";
const OTP_EXPIRED: &str = "The OTP has expired or was already used. Please request a new OTP.";
const OTP_EXHAUSTED: &str = "Too many wrong OTP attempts. Please request a new OTP.";
const RATE_LIMITED: &str = "Too many sign-in attempts. Please wait a minute and try again.";
const ACCOUNT_RATE_LIMITED: &str = "Too many sign-in attempts for this account. Please wait a minute and try again.";
/// Login ids the per-account limiter remembers before it drops the idle ones.
const ACCOUNT_KEYS_KEPT: usize = 10_000;

/// A code lives 5 minutes, allows 5 tries, and a new one can be asked for once a minute.
const OTP_LIFETIME_SECS: i64 = 5 * 60;
const OTP_MAX_ATTEMPTS: i64 = 5;
const OTP_RESEND_SECS: i64 = 60;
/// A forgot-password temporary password works for a day beside the real one.
const TEMP_PASSWORD_SECS: i64 = 24 * 3600;

fn check_rate(state: &AppState, client: &str) -> AppResult<()> {
    match &state.login_limiter {
        Some(limiter) if limiter.check_key(&client.to_string()).is_err() => Err(AppError::TooManyRequests(RATE_LIMITED.into())),
        _ => Ok(()),
    }
}

/// The start of every sign-in call: the per-address limit, the login id (`missing` when there is
/// none), then the per-account limit.
fn admitted_login(state: &AppState, client: &str, login: &Option<String>, missing: &str) -> AppResult<String> {
    check_rate(state, client)?;
    let login = required(login, missing)?;
    check_account_rate(state, &login)?;
    Ok(login)
}

/// The start of a sign-in with a secret: [`admitted_login`], then the secret (`secret` reads it
/// from the request), then the accepted terms.
fn admitted_sign_in(
    state: &AppState,
    client: &str,
    req: &LoginRequest,
    secret: impl FnOnce(&LoginRequest) -> AppResult<String>,
) -> AppResult<(String, String)> {
    let login = admitted_login(state, client, &req.user_name, LOGIN_ID_REQUIRED)?;
    let secret = secret(req)?;
    if req.terms != Some(true) {
        return Err(AppError::bad_request(TERMS_REQUIRED));
    }
    Ok((login, secret))
}

/// The per-account limit: guessing spread over many addresses still meets it. Keys are login ids
/// as typed (trimmed, any case), so unknown ids count too and the answer tells nothing.
fn check_account_rate(state: &AppState, login: &str) -> AppResult<()> {
    let Some(limiter) = &state.account_limiter else { return Ok(()) };
    // Forget idle keys now and then, so a spray of made-up ids cannot grow the map for good.
    if limiter.len() > ACCOUNT_KEYS_KEPT {
        limiter.retain_recent();
    }
    match limiter.check_key(&login.trim().to_lowercase()) {
        Ok(()) => Ok(()),
        Err(_) => Err(AppError::TooManyRequests(ACCOUNT_RATE_LIMITED.into())),
    }
}

/// `POST /login/checkUser` (public): is this a login id that may sign in, and how.
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
    let login = admitted_login(&state, &client, &req.user_name, LOGIN_ID_REQUIRED)?;
    let account = state.db(move |conn| Ok(queries::find_account(conn, &login)?)).await?;
    let response = match account {
        None => CheckUserResponse { success: false, message: UNKNOWN_LOGIN.into(), login_method_allowed: false, user_type: None },
        Some(a) if a.is_blocked => {
            CheckUserResponse { success: false, message: BLOCKED.into(), login_method_allowed: false, user_type: None }
        }
        Some(a) => CheckUserResponse {
            success: true,
            message: String::new(),
            login_method_allowed: state.config.otp_login,
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

/// `POST /login/auth` (public): password sign-in. Five wrong passwords in a row block the account.
#[utoipa::path(post, path = "/login/auth", tag = "auth", summary = "Sign in with a password", responses(SignInAnswers))]
pub async fn auth_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<LoginRequest>,
) -> AppResult<Json<SessionBody>> {
    let (login, typed) = admitted_sign_in(&state, &client, &req, |r| required_secret(&r.password, PASSWORD_REQUIRED))?;
    let lookup = login.clone();
    let account = state.db(move |conn| Ok(queries::find_account(conn, &lookup)?)).await?;

    let verdict = match &account {
        Some(a) if !a.is_blocked => {
            let a = a.clone();
            password::off_thread(move || {
                Ok(if password::verify(&typed, &a.password_hash) {
                    PasswordMatch::Password
                } else if a.live_temp_hash(crate::now()).is_some_and(|h| password::verify(&typed, h)) {
                    PasswordMatch::Temporary
                } else {
                    PasswordMatch::Neither
                })
            })
            .await?
        }
        _ => PasswordMatch::Neither,
    };

    let max_failures = state.config.max_failed_logins;
    let hours = state.config.session_hours;
    let keys = state.keys.clone();
    state
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
                (Some(a), PasswordMatch::Neither) => {
                    let (failures, blocked) = queries::register_failure(&tx, a.uid, max_failures)?;
                    attempt.detail = if blocked { "wrong password; account blocked" } else { "wrong password" };
                    Err(if blocked {
                        AppError::forbidden(format!(
                            "Your account is blocked after {max_failures} failed login attempts. \
                             Please contact your administrator to unblock it."
                        ))
                    } else {
                        let left = max_failures - failures;
                        AppError::unauthorized(format!("{BAD_CREDENTIALS} {left} attempt(s) left before your account is blocked."))
                    })
                }
                (Some(a), matched) => {
                    let temporary = matches!(matched, PasswordMatch::Temporary);
                    attempt.success = true;
                    attempt.detail = if temporary { "temporary password" } else { "" };
                    Ok(sign_in(&tx, &keys, a, temporary, hours)?)
                }
            };
            queries::record_attempt(&tx, &attempt)?;
            tx.commit()?;
            outcome
        })
        .await
        .map(Json)
}

/// Opens the session of a verified account and answers with the session user.
fn sign_in(
    conn: &rusqlite::Connection,
    keys: &crate::tokens::TokenKeys,
    account: &Account,
    temporary: bool,
    hours: i64,
) -> AppResult<SessionBody> {
    let first = queries::register_success(conn, account.uid, temporary)?;
    let mut user = session::open_session(conn, keys, account.uid, hours)?;
    user.is_first_time_login = first;
    Ok(user.into())
}

/// `POST /login/generateOTP` (public): mails a 6-digit code valid for 5 minutes.
#[utoipa::path(post, path = "/login/generateOTP", tag = "auth", summary = "Mail a one-time sign-in code",
    responses(
        (status = 200, description = "The code was mailed", body = MessageBody),
        (status = 403, description = "Blocked account or codes not enabled", body = crate::api::ErrorBody),
        (status = 404, description = "Unknown login id", body = crate::api::ErrorBody),
        (status = 429, description = "Too many attempts, or a code was sent less than a minute ago", body = crate::api::ErrorBody)
    ))]
pub async fn generate_otp(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<UserNameRequest>,
) -> AppResult<Json<MessageBody>> {
    let login = admitted_login(&state, &client, &req.user_name, LOGIN_ID_REQUIRED)?;
    if !state.config.otp_login {
        return Err(AppError::forbidden(OTP_DISABLED));
    }
    let (email, code) = state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let account = queries::find_account(&tx, &login)?.ok_or_else(|| AppError::not_found(UNKNOWN_LOGIN))?;
            if account.is_blocked {
                return Err(AppError::forbidden(BLOCKED));
            }
            let now = crate::now();
            if let Some(otp) = queries::current_otp(&tx, account.uid)? {
                if !otp.used && now - otp.created_at < OTP_RESEND_SECS {
                    return Err(AppError::TooManyRequests(
                        "An OTP was sent less than a minute ago. Please wait a minute before asking for another.".into(),
                    ));
                }
            }
            let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32));
            queries::store_otp(&tx, account.uid, &code, now, now + OTP_LIFETIME_SECS)?;
            tx.commit()?;
            Ok((account.email, code))
        })
        .await?;
    let body = format!("Use this code to sign in to fieldsales. It is valid for 5 minutes and works once.\n\nCode: {code}\n");
    state.mailer.send(&email, "Your fieldsales sign-in code", &body).await?;
    Ok(Json(MessageBody { message: "OTP has been sent to your registered email ID.".into() }))
}

/// `POST /login/authOTP` (public): sign-in with the mailed code, sent as `password` (or `otp`).
#[utoipa::path(post, path = "/login/authOTP", tag = "auth", summary = "Sign in with a mailed one-time code", responses(SignInAnswers))]
pub async fn auth_otp(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<LoginRequest>,
) -> AppResult<Json<SessionBody>> {
    let (login, typed) =
        admitted_sign_in(&state, &client, &req, |r| required(&r.password, OTP_REQUIRED).or_else(|_| required(&r.otp, OTP_REQUIRED)))?;
    if !state.config.otp_login {
        return Err(AppError::forbidden(OTP_DISABLED));
    }
    let hours = state.config.session_hours;
    let keys = state.keys.clone();
    state
        .db(move |conn| {
            // One immediate transaction: of many concurrent requests with the same code, one wins.
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let account = queries::find_account(&tx, &login)?;
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
            let now = crate::now();
            let outcome = match &account {
                None => {
                    attempt.detail = "unknown login id";
                    Err(AppError::unauthorized(UNKNOWN_LOGIN))
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
                            Ok(sign_in(&tx, &keys, a, false, hours)?)
                        } else {
                            let tries = queries::count_otp_failure(&tx, a.uid)?;
                            attempt.detail = "wrong otp";
                            let left = OTP_MAX_ATTEMPTS - tries;
                            Err(AppError::unauthorized(if left > 0 {
                                format!("Invalid OTP. {left} attempt(s) left.")
                            } else {
                                OTP_EXHAUSTED.to_string()
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
            tx.commit()?;
            outcome
        })
        .await
        .map(Json)
}

/// `POST /login/reset` (public; the forgot-password screen): mails a temporary password that
/// works beside the current one for a day and forces a change when used.
#[utoipa::path(post, path = "/login/reset", tag = "auth", summary = "Mail a temporary password (forgot password)",
    responses(
        (status = 200, description = "The temporary password was mailed", body = MessageBody),
        (status = 403, description = "Blocked account", body = crate::api::ErrorBody),
        (status = 404, description = "Unknown login id", body = crate::api::ErrorBody),
        TooManyAttempts
    ))]
pub async fn reset(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    Json(req): Json<UserNameRequest>,
) -> AppResult<Json<MessageBody>> {
    let login = admitted_login(&state, &client, &req.user_name, EMAIL_REQUIRED)?;
    let account = state
        .db(move |conn| Ok(queries::find_account(conn, &login)?))
        .await?
        .ok_or_else(|| AppError::not_found("No account found for this Email ID."))?;
    if account.is_blocked {
        return Err(AppError::forbidden(BLOCKED));
    }
    let temp = password::temporary();
    let hash = {
        let temp = temp.clone();
        password::off_thread(move || password::hash(&temp)).await?
    };
    let uid = account.uid;
    state.db(move |conn| Ok(queries::set_temp_password(conn, uid, &hash, crate::now() + TEMP_PASSWORD_SECS)?)).await?;
    let body = format!(
        "A temporary password was requested for your fieldsales account. It is valid for 24 hours; \
         when you sign in with it you will be asked to set a new password. If you did not ask for it, \
         keep using your usual password.\n\nTemporary password: {temp}\n"
    );
    state.mailer.send(&account.email, "Your temporary fieldsales password", &body).await?;
    Ok(Json(MessageBody { message: "A temporary password has been sent to your registered email ID.".into() }))
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
        return Err(AppError::forbidden("Not while working in another user's account."));
    }
    let current = required_secret(&req.current_password, "Current Password is required")?;
    let new = required_secret(&req.new_password, "New Password is required")?;
    let confirm = required_secret(&req.confirm_password, "Confirm Password is required")?;
    if !password::meets_rule(&new) || !password::meets_rule(&confirm) {
        return Err(AppError::bad_request(password::RULE_MESSAGE));
    }
    if new != confirm {
        return Err(AppError::bad_request("New Password and Confirm Password do not match."));
    }
    if new == current {
        return Err(AppError::bad_request("The new password must be different from the current password."));
    }
    let email = user.email.clone();
    let account = state
        .db(move |conn| Ok(queries::find_account(conn, &email)?))
        .await?
        .ok_or_else(|| AppError::unauthorized(crate::error::SESSION_EXPIRED))?;
    let new_hash = password::off_thread(move || {
        let now = crate::now();
        let current_ok = password::verify(&current, &account.password_hash)
            || account.live_temp_hash(now).is_some_and(|h| password::verify(&current, h));
        if !current_ok {
            return Err(AppError::bad_request("The current password is incorrect."));
        }
        password::hash(&new)
    })
    .await?;
    let uid = user.uid;
    state
        .db(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            queries::set_password(&tx, uid, &new_hash, false)?;
            session::end_user_sessions(&tx, uid, "password changed")?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody { message: "Password changed successfully. Please log in again with your new password.".into() }))
}

/// `GET /users/session` (signed in): the session user of the presented token.
#[utoipa::path(get, path = "/users/session", tag = "auth", summary = "The session user of the presented token",
    responses(
        (status = 200, description = "OK", body = SessionBody)
    ))]
pub async fn session(user: SessionUser) -> Json<SessionBody> {
    Json(user.into())
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
            session::end_session(conn, &sid, "logout")?;
            if let Some(admin) = acting {
                super::impersonation::audit(conn, admin, uid, "impersonation ended", None)?;
            }
            Ok(())
        })
        .await?;
    Ok(Json(MessageBody { message: "You have been logged out.".into() }))
}
