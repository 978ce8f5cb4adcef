//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.
//! (`not_logged_in` and `session_expired` are `crate::platform::error`'s, shared with the token checks.)

use crate::platform::error::UniqueField;

crate::messages! {
    // Sign-in.
    LOGIN_ID_REQUIRED = "login_id_required": "Login ID is required";
    PASSWORD_REQUIRED = "password_required": "Password is required";
    OTP_REQUIRED = "otp_required": "OTP is required";
    TERMS_REQUIRED = "terms_not_accepted": "You must agree to the terms and conditions.";
    EMAIL_REQUIRED = "email_id_required": "Email ID is required";
    UNKNOWN_LOGIN = "login_id_not_found": "Login ID not found. Please check it and try again.";
    BAD_CREDENTIALS = "invalid_credentials": "Invalid Login ID or password.";
    BLOCKED = "account_blocked": "Your account is blocked. Please contact your administrator to unblock it.";
    /// `{wait}` is the English "15 minutes"; `minutes` the number, for other languages.
    LOCKED = "account_locked": "Your account is locked after too many failed login attempts. Try again in {wait}, \
         sign in with an OTP sent to your email ID, or ask your administrator to unblock it.";
    OTP_DISABLED = "otp_login_disabled": "Sign-in with a one-time code is not enabled.";
    OTP_EXPIRED = "otp_expired": "The OTP has expired or was already used. Please request a new OTP.";
    OTP_EXHAUSTED = "otp_attempts_exhausted": "Too many wrong OTP attempts. Please request a new OTP.";
    /// `{left}` is the English "3 attempts"; `attempts` the number, for other languages.
    OTP_INVALID = "otp_invalid": "Invalid OTP. {left} left.";
    /// The answers of the mailing calls: the same whether the id is known or not, and whether a
    /// mail went out or a recent one stands.
    OTP_SENT = "otp_sent": "If this login ID is registered, an OTP has been sent to its email ID.";
    TEMP_PASSWORD_SENT = "temporary_password_sent": "If this login ID is registered, a temporary password has been sent to its email ID.";
    RATE_LIMITED = "too_many_sign_in_attempts": "Too many sign-in attempts. Please wait a minute and try again.";
    ACCOUNT_RATE_LIMITED = "too_many_sign_in_attempts_for_account": "Too many sign-in attempts for this account. Please wait a minute and try again.";

    // Sessions.
    /// Asked of a user who must change their password before doing anything else.
    PASSWORD_CHANGE_REQUIRED = "password_change_required": "Please change your password to continue.";
    IMPERSONATION_ENDED = "impersonation_ended": "The session in the other user's account has ended. Close this tab.";
    NOT_IN_OWN_SESSION = "not_in_impersonated_session": "Not while working in another user's account.";
    LOGGED_OUT = "logged_out": "You have been logged out.";

    // Password change.
    CURRENT_PASSWORD_REQUIRED = "current_password_required": "Current Password is required";
    NEW_PASSWORD_REQUIRED = "new_password_required": "New Password is required";
    CONFIRM_PASSWORD_REQUIRED = "confirm_password_required": "Confirm Password is required";
    /// The spec's text for the password rule (spec 1, section 5).
    PASSWORD_RULE = "password_rule": "Password must be minimum 12 alphanumeric character";
    PASSWORD_MISMATCH = "password_mismatch": "New Password and Confirm Password do not match.";
    PASSWORD_UNCHANGED = "password_unchanged": "The new password must be different from the current password.";
    CURRENT_PASSWORD_WRONG = "current_password_incorrect": "The current password is incorrect.";
    PASSWORD_CHANGED = "password_changed": "Password changed successfully. Please log in again with your new password.";

    // Language.
    LOCALE_UNKNOWN = "locale_unknown": "Choose a language: en (English) or hi (Hindi).";
    LOCALE_CHANGED = "locale_changed": "Your language was changed.";

    // Blocking and resets.
    CANNOT_BLOCK_SELF = "cannot_block_own_account": "You cannot block or reset your own account here.";
    USER_BLOCKED = "user_blocked": "User {name} is blocked.";
    USER_UNBLOCKED = "user_unblocked": "User {name} is unblocked.";
    USER_PASSWORD_RESET = "user_password_reset": "The password of {name} was reset; a temporary password was sent to {email}.";

    // Impersonation.
    IMPERSONATION_FAILED = "impersonation_failed": "Failed to login to RCA account. Please try again.";
    IMPERSONATION_INVALID_USER = "impersonation_invalid_user": "Invalid RCA user selected! Please search again.";

    // Accounts.
    EMAIL_TAKEN = "user_email_exists": "A user with the email {email} already exists.";
    NO_USER_WITH_LOGIN = "no_user_with_login_id": "There is no user with the login id {login}.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
/// (`users.email` answers with the email in its text: `accounts::create` maps it itself.)
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
