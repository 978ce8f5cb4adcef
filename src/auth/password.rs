//! Password hashing (argon2id, OWASP parameters), the spec's password rule and temporary passwords.
//! Hashing is slow on purpose: call these through `state::blocking`, never on an async worker.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::Rng;

use crate::error::AppError;

/// The spec's text for the password rule (spec 1, section 5).
pub const RULE_MESSAGE: &str = "Password must be minimum 12 alphanumeric character";

fn argon2() -> Argon2<'static> {
    // The crate's defaults are OWASP's recommendation: argon2id, 19 MiB, 2 passes, 1 lane.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::DEFAULT)
}

pub fn hash(password: &str) -> Result<String, AppError> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(anyhow::anyhow!("hashing a password: {e}")))
}

/// True when `password` matches the stored hash; a malformed hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// At least 12 characters with at least one letter and one digit.
pub fn meets_rule(password: &str) -> bool {
    password.chars().count() >= 12
        && password.chars().any(|c| c.is_alphabetic())
        && password.chars().any(|c| c.is_ascii_digit())
}

/// A random password that meets the rule: 14 letters and digits, at least one of each.
pub fn temporary() -> String {
    const LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"23456789";
    let mut rng = rand::rngs::OsRng;
    let mut chars: Vec<char> = (0..12).map(|_| LETTERS[rng.gen_range(0..LETTERS.len())] as char).collect();
    for _ in 0..2 {
        let at = rng.gen_range(0..=chars.len());
        chars.insert(at, DIGITS[rng.gen_range(0..DIGITS.len())] as char);
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_needs_length_letter_and_digit() {
        assert!(meets_rule("abcdefghijk1"));
        assert!(!meets_rule("abcdefghij1"));
        assert!(!meets_rule("abcdefghijkl"));
        assert!(!meets_rule("123456789012"));
        assert!(meets_rule("pass word 12!"));
    }

    #[test]
    fn temporary_passwords_meet_the_rule_and_verify() {
        for _ in 0..20 {
            assert!(meets_rule(&temporary()));
        }
        let h = hash("Demo12345678").unwrap();
        assert!(verify("Demo12345678", &h));
        assert!(!verify("Demo12345679", &h));
        assert!(!verify("Demo12345678", "not a hash"));
    }
}
