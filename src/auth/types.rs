//! Request and response bodies of the sign-in area, named as the spec names them.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::platform::config::Config;
use crate::platform::lenient;
use crate::platform::rights::UserType;

/// `POST /login/checkUser`, `/login/generateOTP`, `/login/reset`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UserNameRequest {
    pub user_name: Option<String>,
}

/// `POST /login/auth` and `/login/authOTP` (the OTP may come as `password` or `otp`).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LoginRequest {
    pub user_name: Option<String>,
    pub password: Option<String>,
    pub otp: Option<String>,
    pub terms: Option<bool>,
    pub login_method: Option<String>,
    /// Spelt so by the spec.
    pub lattitude: lenient::Number,
    pub longitude: lenient::Number,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckUserResponse {
    pub success: bool,
    pub message: String,
    /// The code of `message` (the catalogue's); absent when there is no message.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub code: String,
    pub login_method_allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_type: Option<UserType>,
}

impl CheckUserResponse {
    /// A login id that may not sign in, and why.
    pub fn refused(msg: crate::platform::error::Msg) -> Self {
        CheckUserResponse { success: false, message: msg.text.into(), code: msg.code.into(), login_method_allowed: false, user_type: None }
    }
}

/// `POST /users/passwordUpdate`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordUpdateRequest {
    pub current_password: Option<String>,
    pub new_password: Option<String>,
    pub confirm_password: Option<String>,
}

/// The session user the browser keeps (spec 1, section 3).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionBody {
    pub uid: i64,
    pub token: String,
    pub user_type: UserType,
    pub user_rights: Vec<String>,
    #[schema(value_type = Vec<RoleRight>)]
    pub user_roles_right: std::sync::Arc<Vec<RoleRight>>,
    pub force_password_update: bool,
    pub is_first_time_login: bool,
    pub app_version: &'static str,
    pub name: String,
    pub email_id: String,
    /// The language the user reads: their own choice, else the company's (`en` or `hi`).
    #[schema(example = "en")]
    pub locale: String,
    /// The company's locale, for the screens' date and number formats (`en-IN`).
    #[schema(example = "en-IN")]
    pub company_locale: String,
    /// The company's currency, an ISO 4217 code (`INR`).
    #[schema(example = "INR")]
    pub currency: String,
}

impl SessionBody {
    /// The body of a signed-in user, with their language and the company's formats of `config`.
    pub fn new(user: SessionUser, config: &Config) -> Self {
        SessionBody {
            locale: config.language_of(user.locale.as_deref()).to_string(),
            company_locale: config.locale.clone(),
            currency: config.currency.clone(),
            uid: user.uid,
            user_type: user.user_type,
            user_rights: user.rights.iter().map(|r| r.link_right.clone()).collect(),
            user_roles_right: user.rights,
            force_password_update: user.force_password_update,
            is_first_time_login: user.is_first_time_login,
            app_version: crate::APP_VERSION,
            name: user.name,
            email_id: user.email,
            token: user.token,
        }
    }
}

/// `POST /users/locale`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct LocaleRequest {
    /// `en` or `hi`.
    pub locale: Option<String>,
}

/// `GET /login/settings` (public): what the sign-in screen shows before anyone signs in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginSettings {
    /// The company's language (`en` or `hi`), until the user picks one.
    #[schema(example = "en")]
    pub locale: String,
    /// The company's locale, for date and number formats (`en-IN`).
    #[schema(example = "en-IN")]
    pub company_locale: String,
    /// The company's currency, an ISO 4217 code (`INR`).
    #[schema(example = "INR")]
    pub currency: String,
}

impl LoginSettings {
    pub fn of(config: &Config) -> Self {
        LoginSettings { locale: config.language().to_string(), company_locale: config.locale.clone(), currency: config.currency.clone() }
    }
}

/// A one-time token, valid one minute.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OneTimeToken {
    pub token: String,
}

/// The answer of a block or unblock: what was done, and the type of the user it was done to.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockAnswer {
    pub message: String,
    /// The code of `message` (the catalogue's), for the client's own language.
    pub code: String,
    /// The values in `message`, by name.
    #[schema(value_type = Option<Object>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
    pub user_type_id: UserType,
}

impl BlockAnswer {
    pub fn new(said: crate::platform::error::Problem, user_type: UserType) -> Self {
        BlockAnswer { message: said.message.into_owned(), code: said.code.into(), params: said.params, user_type_id: user_type }
    }
}

/// The answers of both sign-in calls (password and mailed code).
#[derive(utoipa::IntoResponses)]
pub enum SignInAnswers {
    #[response(status = 200, description = "Signed in: the session user and token")]
    SignedIn(SessionBody),
    #[response(status = 401, description = "Wrong login id or password, or a wrong, expired or used code")]
    Wrong(crate::platform::api::ErrorBody),
    #[response(status = 403, description = "Blocked or locked account, or this way of signing in is not allowed")]
    Refused(crate::platform::api::ErrorBody),
    #[response(status = 429, description = "Too many sign-in attempts from this address")]
    TooMany(crate::platform::api::ErrorBody),
}

/// The refusal every sign-in call documents: this address tried too often.
#[derive(utoipa::IntoResponses)]
#[response(status = 429, description = "Too many sign-in attempts from this address")]
pub struct TooManyAttempts(pub crate::platform::api::ErrorBody);

/// The refusal of a block or unblock of someone the caller may not reach.
#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "No such user (or not an agent with fromUserAgent)")]
pub struct NoSuchUser(pub crate::platform::api::ErrorBody);

/// One row of the Block/Unblock list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRow {
    pub uid: i64,
    pub name: String,
    pub email_id: String,
    pub user_type_id: UserType,
    pub user_type_detail: String,
    pub country: Option<String>,
    pub is_blocked: bool,
}

/// An account an administrator may open (impersonation lists).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Account)]
pub struct OpenAccount {
    pub uid: i64,
    pub name: String,
    /// The login id.
    pub user_name: String,
}

/// A user to create; the password is already hashed.
pub struct NewAccount<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub user_type: crate::platform::rights::UserType,
    pub country_id: Option<i64>,
    pub manager_id: Option<i64>,
    pub password_hash: &'a str,
    /// The user must choose their own password at the first sign-in.
    pub force_password_update: bool,
}

/// One right of a user, with the menu group it belongs to.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRight {
    pub group_name: String,
    pub link_right: String,
}

/// A request's user: any live session, including one that still has to change its password.
/// Use it only for the session, password-update and logout endpoints; everything else takes
/// [`CurrentUser`].
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub uid: i64,
    pub name: String,
    pub email: String,
    pub user_type: UserType,
    pub country_id: Option<i64>,
    pub manager_id: Option<i64>,
    pub force_password_update: bool,
    pub is_first_time_login: bool,
    /// The language the user chose (`en`, `hi`); `None`: the company's.
    pub locale: Option<String>,
    /// Shared with the kept copy of the user (`kept`), not copied for each request.
    pub rights: Arc<Vec<RoleRight>>,
    pub session_id: String,
    pub token: String,
    /// Set when an administrator acts for this user: the administrator's uid.
    pub impersonator: Option<i64>,
}
