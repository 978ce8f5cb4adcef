//! The state every handler shares, and the helpers that keep blocking work off the async workers.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, PoisonError};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use rusqlite::Connection;
use tokio::sync::Semaphore;

use crate::platform::config::Config;
use crate::platform::db::Pool;
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::lanes::Lanes;
use crate::platform::mailer::Mailer;
use crate::platform::tokens::TokenKeys;

/// Photos one user may have waiting for the decoder or decoding at once (a visit's eight).
pub const QUEUED_PHOTOS_PER_USER: usize = 8;

/// The server's shared state, behind one `Arc`: axum clones it for every extractor of every
/// request, and a clone of its nine handles (each an atomic count on a line shared by every core)
/// and their drop took 6% of the server's CPU under visit saves.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub pool: Pool,
    /// One permit per pooled connection: requests queue here, in arrival order, for `db`.
    db_slots: Arc<Semaphore>,
    pub config: Arc<Config>,
    pub keys: Arc<TokenKeys>,
    pub mailer: Arc<Mailer>,
    /// Sign-in attempts per client address; `None` when the limit is off.
    pub login_limiter: Option<Arc<DefaultKeyedRateLimiter<String>>>,
    /// Sign-in attempts per login id and client address, a budget for each kind of call
    /// (`auth::handlers::Budget`); `None` when the limit is off.
    pub account_limiter: Option<Arc<DefaultKeyedRateLimiter<String>>>,
    /// Administrators' unblocks per login id (lower case) since the start: part of the
    /// per-account limiter's keys, so that an unblock gives the next sign-in a fresh budget.
    unblocks: Mutex<HashMap<String, u32>>,
    /// The group-commit writer of visit saves.
    pub writer: crate::platform::writer::Writer,
    /// Photo decodes per user and minute; `None` when the limit is off.
    pub photo_limiter: Option<Arc<DefaultKeyedRateLimiter<UserId>>>,
    /// Each user's lane to the photo decoder (see `photos::picture`).
    pub photo_lanes: Lanes,
}

impl AppState {
    /// Builds the state over a migrated database; the token key is created on first start.
    pub fn new(pool: Pool, config: Config) -> anyhow::Result<Self> {
        let keys = TokenKeys::load_or_create(&*pool.get()?)?;
        let mailer = Mailer::new(&config)?;
        let writer = crate::platform::writer::Writer::start(&config.db_path)?;
        let login_limiter = per_minute(config.login_rate_per_minute);
        let account_limiter = per_minute(config.account_login_rate_per_minute);
        let photo_limiter = per_minute(config.photo_rate_per_minute);
        Ok(AppState(Arc::new(Shared {
            pool,
            db_slots: Arc::new(Semaphore::new(crate::platform::db::POOL_SIZE as usize)),
            config: Arc::new(config),
            keys: Arc::new(keys),
            mailer: Arc::new(mailer),
            login_limiter,
            account_limiter,
            unblocks: Mutex::default(),
            writer,
            photo_limiter,
            photo_lanes: Lanes::new(QUEUED_PHOTOS_PER_USER),
        })))
    }

    /// How many times an administrator unblocked `login` (lower case) since the start.
    pub fn unblocks_of(&self, login: &str) -> u32 {
        self.unblocks.lock().unwrap_or_else(PoisonError::into_inner).get(login).copied().unwrap_or(0)
    }

    /// Notes an administrator's unblock of `login` (lower case): its per-account budgets start afresh.
    pub fn note_unblock(&self, login: &str) {
        *self.unblocks.lock().unwrap_or_else(PoisonError::into_inner).entry(login.to_string()).or_default() += 1;
    }

    /// Runs `work` on a pooled connection on the blocking thread pool. Requests wait for a
    /// connection here, first come first served (tokio's semaphore is fair), not as blocking
    /// threads parked in the pool, which wakes its waiters in no particular order: under 50
    /// clients that left some requests waiting for seconds while others went through.
    pub async fn db<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> AppResult<T> + Send + 'static,
    {
        crate::platform::memory::note_work();
        let asked = crate::platform::writer::stats::now();
        let slot = tokio::time::timeout(crate::platform::db::POOL_TIMEOUT, self.db_slots.clone().acquire_owned())
            .await
            .map_err(|_| AppError::Busy)?
            .map_err(|e| AppError::Internal(e.into()))?;
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            crate::platform::writer::stats::since(asked, |s| &s.pool_wait);
            let _settle = crate::platform::db::SettleSessionChanges;
            let mut conn = pool.get()?;
            work(&mut conn)
        })
        .await?
    }
}

/// A limit of `n` a minute for each key (`None` for 0: no limit).
fn per_minute<K: std::hash::Hash + Eq + Clone>(n: u32) -> Option<Arc<DefaultKeyedRateLimiter<K>>> {
    NonZeroU32::new(n).map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n))))
}

/// Runs CPU-heavy work (password hashing) on the blocking thread pool.
pub async fn blocking<T, F>(work: F) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> AppResult<T> + Send + 'static,
{
    tokio::task::spawn_blocking(work).await.map_err(AppError::from)?
}

/// Runs bulk work (an upload's import) on a thread of its own at a lower CPU priority (nice 5),
/// which the threads it starts (the workbook's reader and result writer) inherit: on a busy
/// machine the field's requests and the writer get the cores first, while the import's pieces
/// still commit on the writer's thread at its priority (issue #50). Not the blocking pool: a
/// pooled thread could not raise its priority back without privileges.
pub async fn in_background<T, F>(name: &str, work: F) -> AppResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> AppResult<T> + Send + 'static,
{
    let (done, finished) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || {
            lower_this_threads_priority();
            let _ = done.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)));
        })
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("starting a background thread")))?;
    match finished.await {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(_)) => Err(AppError::Internal(anyhow::anyhow!("the background work panicked"))),
        Err(_) => Err(AppError::Internal(anyhow::anyhow!("the background work ended without an answer"))),
    }
}

/// The background threads' nice value: a third of the CPU weight of the server's own threads
/// (nice 10, a ninth, left an import crawling while the agents' saves kept both cores busy).
#[cfg(target_os = "linux")]
const BACKGROUND_NICE: libc::c_int = 5;

/// `BACKGROUND_NICE` for the calling thread (Linux keeps a nice value per thread); elsewhere nothing.
fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid takes no arguments; setpriority only reads its arguments. A failure (a
    // sandbox that forbids it) leaves the priority as it was, which is only slower for others.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, BACKGROUND_NICE);
    }
}
