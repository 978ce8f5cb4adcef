//! Password hashing (argon2id, OWASP parameters), the spec's password rule and temporary passwords.
//! Hashing is slow on purpose: call these through [`off_thread`], never on an async worker.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::Rng;

use std::sync::{Arc, LazyLock};

use tokio::sync::Semaphore;

use crate::platform::error::{AppError, AppResult};

/// The spec's text for the password rule (spec 1, section 5).
pub use super::messages::PASSWORD_RULE as RULE_MESSAGE;

fn argon2() -> Argon2<'static> {
    // The crate's defaults are OWASP's recommendation: argon2id, 19 MiB, 2 passes, 1 lane.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::DEFAULT)
}

/// Each argon2 computation holds 19 MiB; at most one per core runs at a time, so a burst of
/// sign-ins queues here instead of growing memory (they are CPU-bound: more at once is not faster).
static HASHING: LazyLock<Arc<Semaphore>> =
    LazyLock::new(|| Arc::new(Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))));

/// Runs password work (`hash`, `verify`) on a blocking thread, within the hashing limit. The permit
/// travels with the work, so a caller that goes away does not free a slot still computing.
pub async fn off_thread<T, F>(work: F) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> AppResult<T> + Send + 'static,
{
    let permit = HASHING.clone().acquire_owned().await.map_err(|e| AppError::Internal(e.into()))?;
    crate::platform::state::blocking(move || {
        let _permit = permit;
        work()
    })
    .await
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
    PasswordHash::new(stored).map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok()).unwrap_or(false)
}

/// The hash of a random password, made once: what a sign-in verifies against when the account
/// has no hash to try (unknown, blocked, locked, no temporary password), so that every wrong
/// answer costs the same argon2 work and its time tells nothing.
static STAND_IN: LazyLock<String> = LazyLock::new(|| hash(&temporary()).unwrap_or_default());

/// [`verify`] against `stored`, or against a stand-in hash (never a match) when there is none.
pub fn verify_or_stand_in(password: &str, stored: Option<&str>) -> bool {
    match stored {
        Some(stored) => verify(password, stored),
        None => {
            verify(password, &STAND_IN);
            false
        }
    }
}

/// At least 12 characters with at least one letter and one digit.
pub fn meets_rule(password: &str) -> bool {
    password.chars().count() >= 12 && password.chars().any(|c| c.is_alphabetic()) && password.chars().any(|c| c.is_ascii_digit())
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
        assert!(verify_or_stand_in("Demo12345678", Some(&h)));
        assert!(!verify_or_stand_in("Demo12345678", None));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn password_work_runs_at_most_one_per_core_at_a_time() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let calls: Vec<_> = (0..cores * 4)
            .map(|i| {
                let (running, most) = (running.clone(), most.clone());
                tokio::spawn(off_thread(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                    Ok(i)
                }))
            })
            .collect();
        let mut done = Vec::new();
        for call in calls {
            done.push(call.await.unwrap().unwrap());
        }
        assert_eq!(done, (0..cores * 4).collect::<Vec<_>>());
        let most = most.load(Ordering::SeqCst);
        assert!(most <= cores, "{most} computations at once on {cores} cores");
    }
}
