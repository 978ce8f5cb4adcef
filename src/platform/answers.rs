//! Answers of read-mostly screens kept as sent (their JSON), per caller's scope and request: the
//! targets of an agent and of a team, the Collections, Attendance, Returns and Photos lists. A
//! kept answer is sent again until a table it is read from changes (`db::generation`, moved by
//! this process's writes) or a second has passed (a write by another process, such as `fieldsales
//! import target`, or the clock moving a working day to "ended", is seen then). A manager's screen
//! polled by a team, or opened by several managers, reads the database once a second at most
//! instead of once a request (issue #56: these lists added up a month of payments, or every
//! agent's day, per request).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde::Serialize;

use crate::platform::error::{AppError, AppResult};
use crate::platform::scope::Scope;

/// An answer older than this is read again.
const FRESH: Duration = Duration::from_secs(1);
/// Answers kept at most; past it, the ones no longer fresh go (all of them if none is stale).
const MAX_KEPT: usize = 512;

/// A kind of kept answer: its name and the tables (of `db::WATCHED_TABLES`) it is read from.
pub struct Kind {
    pub name: &'static str,
    pub tables: &'static [&'static str],
}

/// Which database (tests run many side by side in one process), which screen, whose scope, which
/// request (the checked filter, as text).
type Key = (String, &'static str, u8, Option<i64>, String);

struct Kept {
    generation: u64,
    at: Instant,
    body: Bytes,
    /// A request is reading it again (see `kept`).
    refreshing: bool,
}

static KEPT: Mutex<Option<HashMap<Key, Kept>>> = Mutex::new(None);

/// Builds of an answer not kept yet take turns by key (striped: a key's gate is one of these), so
/// the callers of a screen opened by many at once wait for one build instead of each building it:
/// 50 at once building the team view of 200 agents (70 ms each) took 330 ms for the last of them.
static GATES: [Mutex<()>; 16] = [const { Mutex::new(()) }; 16];

fn key(conn: &Connection, kind: &Kind, scope: Scope, request: String) -> Key {
    let scope_kind = match scope {
        Scope::All => 0,
        Scope::Team { .. } => 1,
        Scope::Own { .. } => 2,
    };
    (conn.path().unwrap_or_default().to_string(), kind.name, scope_kind, scope.uid().map(|u| u.0), request)
}

/// The kept JSON of `kind` for `scope` and `request` (every input of the answer but the scope,
/// as text) in `conn`'s database, or `build`'s, kept.
pub fn kept<T: Serialize>(
    conn: &Connection,
    kind: &Kind,
    scope: Scope,
    request: String,
    build: impl FnOnce() -> AppResult<T>,
) -> AppResult<Bytes> {
    let key = key(conn, kind, scope, request);
    // Read before the build: a change committed meanwhile leaves what is kept stale.
    let generation = crate::platform::db::generation(kind.tables);
    {
        let mut kept = lock();
        if let Some(k) = kept.as_mut().and_then(|m| m.get_mut(&key)) {
            if k.generation == generation {
                // Only the clock made it old: one request reads it again, and the others answer
                // what is kept meanwhile. Every caller of a busy screen reading at once, as the
                // second ran out, was the team view's p99.
                if k.at.elapsed() < FRESH || k.refreshing {
                    return Ok(k.body.clone());
                }
                k.refreshing = true;
            }
        }
    }
    let _turn = GATES[gate_of(&key)].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // Built meanwhile, from the same tables, by the request before this one at the gate.
    if let Some(k) = lock().as_ref().and_then(|m| m.get(&key)) {
        if k.generation == generation && k.at.elapsed() < FRESH {
            return Ok(k.body.clone());
        }
    }
    let _done = Refreshed(&key);
    let body: Bytes = serde_json::to_vec(&build()?).map_err(|e| AppError::Internal(e.into()))?.into();
    let mut kept = lock();
    let map = kept.get_or_insert_with(HashMap::new);
    if map.len() >= MAX_KEPT {
        map.retain(|_, k| k.at.elapsed() < FRESH);
        if map.len() >= MAX_KEPT {
            map.clear();
        }
    }
    map.insert(key.clone(), Kept { generation, at: Instant::now(), body: body.clone(), refreshing: false });
    Ok(body)
}

fn gate_of(key: &Key) -> usize {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(key) as usize % GATES.len()
}

fn lock() -> std::sync::MutexGuard<'static, Option<HashMap<Key, Kept>>> {
    KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Ends a refresh however the build ended (an error, a panic): the next request reads again.
struct Refreshed<'a>(&'a Key);

impl Drop for Refreshed<'_> {
    fn drop(&mut self) {
        if let Some(k) = lock().as_mut().and_then(|m| m.get_mut(self.0)) {
            k.refreshing = false;
        }
    }
}

/// Lets go of every kept answer (when the server is idle: none of them is fresh by then).
pub fn forget_all() {
    *lock() = None;
}

/// A kept answer as the JSON response it was.
pub fn response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::db::WATCHED_TABLES;

    /// Tables no other unit test writes, so their generations move only here.
    const LINES: Kind = Kind { name: "test-lines", tables: &["return_lines"] };

    #[test]
    fn an_answer_is_kept_until_a_table_it_reads_changes() {
        let scope = Scope::All;
        let built = std::cell::Cell::new(0);
        let build = || {
            built.set(built.get() + 1);
            Ok(built.get())
        };
        let conn = crate::platform::db::connect(std::path::Path::new(":memory:")).unwrap();
        assert_eq!(kept(&conn, &LINES, scope, "page=1".into(), build).unwrap(), "1");
        assert_eq!(kept(&conn, &LINES, scope, "page=1".into(), build).unwrap(), "1");
        // Another request is its own answer.
        assert_eq!(kept(&conn, &LINES, scope, "page=2".into(), build).unwrap(), "2");
        // A change to a table the kind reads: read again.
        conn.execute_batch("CREATE TABLE return_lines (id INTEGER PRIMARY KEY); INSERT INTO return_lines DEFAULT VALUES;").unwrap();
        crate::platform::db::settle_session_changes();
        assert_eq!(kept(&conn, &LINES, scope, "page=1".into(), build).unwrap(), "3");
        // A change to a table it does not read leaves it kept.
        conn.execute_batch("CREATE TABLE holidays (id INTEGER PRIMARY KEY); INSERT INTO holidays DEFAULT VALUES;").unwrap();
        crate::platform::db::settle_session_changes();
        assert_eq!(kept(&conn, &LINES, scope, "page=1".into(), build).unwrap(), "3");
    }

    #[test]
    fn an_old_answer_is_read_again_by_one_request_while_the_others_answer_it() {
        let conn = crate::platform::db::connect(std::path::Path::new(":memory:")).unwrap();
        const TEAM: Kind = Kind { name: "test-refresh", tables: &[] };
        let scope = Scope::All;
        assert_eq!(kept(&conn, &TEAM, scope, "m".into(), || Ok("first")).unwrap(), "\"first\"");
        let age = |refreshing: bool| {
            let mut kept = lock();
            let k = kept.as_mut().unwrap().get_mut(&key(&conn, &TEAM, scope, "m".into())).unwrap();
            k.at = Instant::now() - 2 * FRESH;
            k.refreshing = refreshing;
        };
        // Another request is reading it again: this one answers what is kept.
        age(true);
        assert_eq!(kept(&conn, &TEAM, scope, "m".into(), || Ok("second")).unwrap(), "\"first\"");
        // None is: this one reads it again; a failed read leaves the next to try.
        age(false);
        assert!(kept(&conn, &TEAM, scope, "m".into(), || Err::<&str, _>(AppError::Internal(anyhow::anyhow!("gone")))).is_err());
        assert_eq!(kept(&conn, &TEAM, scope, "m".into(), || Ok("third")).unwrap(), "\"third\"");
    }

    #[test]
    fn callers_of_an_answer_not_kept_yet_wait_for_one_build() {
        const BUSY: Kind = Kind { name: "test-busy", tables: &[] };
        let builds = std::sync::atomic::AtomicUsize::new(0);
        let answers: Vec<Bytes> = std::thread::scope(|threads| {
            let callers: Vec<_> = (0..8)
                .map(|_| {
                    threads.spawn(|| {
                        let conn = crate::platform::db::connect(std::path::Path::new(":memory:")).unwrap();
                        kept(&conn, &BUSY, Scope::All, "m".into(), || {
                            std::thread::sleep(Duration::from_millis(50));
                            Ok(builds.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
                        })
                        .unwrap()
                    })
                })
                .collect();
            callers.into_iter().map(|c| c.join().unwrap()).collect()
        });
        assert_eq!(builds.into_inner(), 1);
        assert!(answers.iter().all(|a| a == "0"));
    }

    #[test]
    fn every_kind_reads_watched_tables_only() {
        let kinds = [
            &LINES,
            &crate::targets::handlers::AGENT_TARGETS,
            &crate::targets::handlers::TEAM_TARGETS,
            &crate::collections::handlers::PAYMENT_LIST,
            &crate::attendance::handlers::ATTENDANCE_LIST,
            &crate::returns::handlers::RETURN_LIST,
            &crate::photos::handlers::PHOTO_LIST,
        ];
        for kind in kinds {
            for table in kind.tables {
                assert!(WATCHED_TABLES.contains(table), "{} reads {table}, which no generation watches", kind.name);
            }
        }
    }
}
