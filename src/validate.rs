//! Small checks shared by every form handler; each returns the spec's message as a 400.

use crate::error::{AppError, AppResult};

/// A required text field, trimmed.
pub fn required(value: &Option<String>, message: &str) -> AppResult<String> {
    match value.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => Ok(v.to_string()),
        _ => Err(AppError::bad_request(message)),
    }
}

/// A required secret, taken as typed (no trimming).
pub fn required_secret(value: &Option<String>, message: &str) -> AppResult<String> {
    match value.as_deref() {
        Some(v) if !v.is_empty() => Ok(v.to_string()),
        _ => Err(AppError::bad_request(message)),
    }
}

/// A text field of at most `max` characters.
pub fn max_len(value: &str, max: usize, message: &str) -> AppResult<()> {
    if value.chars().count() > max {
        Err(AppError::bad_request(message))
    } else {
        Ok(())
    }
}

/// An id that must be present and positive.
pub fn required_id(value: Option<i64>, message: &str) -> AppResult<i64> {
    match value {
        Some(id) if id > 0 => Ok(id),
        _ => Err(AppError::bad_request(message)),
    }
}
