//! The team view as sent (its JSON), per scope, month and day: 200 agents' six measures are read
//! once and answered again until a table they come from changes (`db::figures_generation`, moved by
//! this process's writes to orders, visits, payments, targets, holidays, slabs and users) or a
//! second has passed (a write by another process, `fieldsales import target`, is seen then).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use chrono::NaiveDate;

use crate::platform::error::AppResult;
use crate::platform::scope::Scope;

/// An answer older than this is read again.
const FRESH: Duration = Duration::from_secs(1);
/// Answers kept at most; the cache starts over when full.
const MAX_KEPT: usize = 256;

type Key = (u8, Option<i64>, String, NaiveDate);

struct Kept {
    generation: u64,
    at: Instant,
    body: Bytes,
}

static TEAM: Mutex<Option<HashMap<Key, Kept>>> = Mutex::new(None);

fn key(scope: Scope, month: &str, today: NaiveDate) -> Key {
    let kind = match scope {
        Scope::All => 0,
        Scope::Team { .. } => 1,
        Scope::Own { .. } => 2,
    };
    (kind, scope.uid().map(|u| u.0), month.to_string(), today)
}

/// The kept answer of `scope`'s team view of `month` on `today`, or `build`'s, kept.
pub fn team(scope: Scope, month: &str, today: NaiveDate, build: impl FnOnce() -> AppResult<Bytes>) -> AppResult<Bytes> {
    let key = key(scope, month, today);
    // Read before the build: a change committed meanwhile leaves what is kept stale.
    let generation = crate::platform::db::figures_generation();
    {
        let kept = TEAM.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(k) = kept.as_ref().and_then(|m| m.get(&key)) {
            if k.generation == generation && k.at.elapsed() < FRESH {
                return Ok(k.body.clone());
            }
        }
    }
    let body = build()?;
    let mut kept = TEAM.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let map = kept.get_or_insert_with(HashMap::new);
    if map.len() >= MAX_KEPT {
        map.clear();
    }
    map.insert(key, Kept { generation, at: Instant::now(), body: body.clone() });
    Ok(body)
}
