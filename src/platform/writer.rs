//! Group commit for frequent small writes (visit saves). With `synchronous = FULL` every commit
//! waits for an fsync, and writers queueing for SQLite's one write lock poll it with growing
//! sleeps, so one commit per request caps saves at the disk's fsync rate and gives a long tail.
//! Here one thread takes whatever writes are waiting, runs each in its own savepoint inside one
//! `BEGIN IMMEDIATE` transaction, commits once, and only then answers every request of the batch.
//! Durability is unchanged (no request is acknowledged before its commit is on disk); a write that
//! fails is rolled back to its savepoint and answered with its error, without failing the others.
//!
//! The writer keeps its own connection, on which SQLite's automatic checkpoint is off: copying the
//! WAL back into the database file (and the fsync of that file) ran inside every few commits and
//! held up the whole queue behind them. A second thread checkpoints instead, after commits, at
//! least `CHECKPOINT_EVERY` after its last pass (PASSIVE: it never blocks a writer or a reader). Other
//! connections (the pool's, the command line's) keep the automatic checkpoint.
//!
//! SQLite starts the WAL over from its beginning only when a write transaction begins with every
//! frame already copied back, which a checkpoint on another thread, racing the next batch, almost
//! never leaves: under the benchmark's steady writes the WAL grew past a gigabyte and kept growing,
//! every commit appending to a longer file. So once the checkpointer has copied a WAL of
//! `RESTART_AFTER_FRAMES` or more (again and again, until few frames came while it copied: see
//! `catch_up`), the writer copies the few frames committed since itself, and its next batch starts
//! the WAL over (when no reader is still on it; else a later one does). (Issue #39 tried making
//! that copy wait for a moment with no write waiting, and the checkpointer at a lower CPU priority:
//! either lets the WAL run away under saturating writes, up to 393,216 frames, because the copy
//! then meets the checkpointer's next pass, or the checkpointer falls behind. Both were undone.)
//!
//! The fsync of a commit is not made by the writer. Its connection commits with `synchronous =
//! NORMAL` (the frames reach the OS, not yet the disk) and hands the batch's answers to a `wal-sync`
//! thread, which fsyncs the WAL file and only then answers them, while the writer already runs the
//! next batch: the writer used to stand idle for the whole fsync of every batch (a quarter of its
//! time under bookings). One fsync covers every batch committed before it, so the syncer answers
//! all that are waiting at once. An acknowledged write is as durable as before; what changes is that
//! for the length of one fsync other requests may read a write that a power cut (not a crash of the
//! process: the OS still holds it) would then undo, and whose own request was never answered
//! (docs/decisions.md, "Performance, ninth round"). A file SQLite could not put in WAL mode (some
//! network file systems) keeps the commits' own fsync.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};

use crate::platform::error::{AppError, AppResult};

/// Writes committed together at most (bounds the time the write lock is held). 32, not 256: with
/// bookings of 10 priced lines, 128 connections made batches of up to 128 (60 ms), and a booking
/// that just missed one waited for it whole; order submit's p99 went 57-60 -> 45-47 ms in three
/// pairs of `bench/writes.sh` runs, visit saves the same within 3% (decision 53).
const MAX_BATCH: usize = 32;

/// `MAX_BATCH`, or `FIELDSALES_WRITE_MAX_BATCH` where set (read once, for measuring the bound:
/// bench/writes.sh; issue #39).
fn max_batch() -> usize {
    static BOUND: OnceLock<usize> = OnceLock::new();
    *BOUND.get_or_init(|| {
        std::env::var("FIELDSALES_WRITE_MAX_BATCH").ok().and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(MAX_BATCH)
    })
}

/// The background checkpoint starts at least this long after its last pass ended. Shorter passes
/// take a core for less time at once: at 250 ms a pass copied up to 32,768 frames and took one of
/// two cores for up to 262 ms, and visit saves queued behind it (p99 9x their p50; issue #39).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// How long the checkpoint waits for the writer to take up a restart it asked for (the writer
/// takes it after its batch in progress; an idle writer has nothing to start over).
const RESTART_WAIT: Duration = Duration::from_millis(100);

/// A WAL this long (16 MB of 4 KB pages), once copied back, is started over by the writer.
const RESTART_AFTER_FRAMES: i64 = 4096;

/// Before the writer starts a long WAL over, the checkpoint copies it again (at most this many
/// more times) until fewer than `CATCH_UP_REST` frames came while it copied.
const CATCH_UP_PASSES: usize = 8;
const CATCH_UP_REST: i64 = 64;

/// Runs one write in the open transaction; gives back whether it succeeded and what answers the
/// request once the outcome of the commit is known.
type Work = Box<dyn FnOnce(&Connection) -> (bool, Reply) + Send>;

/// One write for the writer's next batch.
struct Job {
    run: Work,
    /// A bulk writer's piece: committed in a batch of its own, with no savepoint around it. SQLite
    /// keeps a savepoint's sub-journal in memory (`temp_store = MEMORY`) and walks it from its start
    /// at the end of every statement, so a piece of a thousand rows under a savepoint cost in
    /// proportion to the square of its pages: half of an import's time (issue #50).
    alone: bool,
}
type Reply = Box<dyn FnOnce(Result<(), String>) + Send>;

/// The handle requests use; the writer thread ends when every handle is gone.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    /// Why writes are refused for good: an fsync of the WAL failed (see `sync_and_answer`).
    disk_failed: Arc<OnceLock<String>>,
}

impl Writer {
    /// Starts the writer and its checkpointer, each on its own connection to `db`, and the thread
    /// that fsyncs the writer's commits.
    pub fn start(db: &Path) -> anyhow::Result<Self> {
        Self::start_with_sync(db, |wal| {
            let wal = wal.to_owned();
            // Opened anew each time: a WAL removed and made again is another file. A sync through
            // any descriptor of the file covers what every descriptor wrote before it.
            move || std::fs::File::open(&wal)?.sync_data()
        })
    }

    /// `start`, with `sync_for(wal)` making the committed frames in the WAL file `wal` durable.
    fn start_with_sync<S>(db: &Path, sync_for: impl FnOnce(&Path) -> S) -> anyhow::Result<Self>
    where
        S: Fn() -> std::io::Result<()> + Send + 'static,
    {
        let mut conn = crate::platform::db::connect(db)?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        // The WAL is named after SQLite's own name of the file (symlinks resolved). A file system
        // without shared memory (some network mounts) leaves the file in its rollback journal:
        // there, or if the WAL cannot be opened, the commits keep their own fsync (FULL).
        // (Reading the schema opens the WAL, and makes its file if the last connection removed it.)
        conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))?;
        let wal_mode = conn.pragma_query_value(None, "journal_mode", |r| r.get::<_, String>(0))?.eq_ignore_ascii_case("wal");
        let wal = conn.path().filter(|_| wal_mode).map(|file| crate::platform::db::sibling(Path::new(file), "-wal"));
        let sync = match wal.filter(|wal| std::fs::File::open(wal).is_ok()) {
            Some(wal) => {
                conn.pragma_update(None, "synchronous", "NORMAL")?;
                Some(sync_for(&wal))
            }
            None => {
                tracing::info!("the database has no WAL file to fsync: every commit of the writer fsyncs itself");
                None
            }
        };
        let sync = move || sync.as_ref().map_or(Ok(()), |sync| sync());
        let disk_failed = Arc::new(OnceLock::new());
        // The answers of each committed batch, waiting for the fsync that makes it durable.
        let (durable, to_sync) = mpsc::channel::<Vec<Reply>>();
        let failed = disk_failed.clone();
        std::thread::Builder::new().name("wal-sync".into()).spawn(move || sync_and_answer(&to_sync, sync, &failed))?;
        let checkpoints = crate::platform::db::connect(db)?;
        let (committed, wake) = mpsc::sync_channel::<()>(1);
        let restart = Arc::new(AtomicBool::new(false));
        let restart_wanted = restart.clone();
        std::thread::Builder::new().name("checkpoint".into()).spawn(move || checkpoint(&checkpoints, &wake, &restart_wanted))?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new().name("group-commit".into()).spawn(move || run(&mut conn, &queue, &committed, &restart, &durable))?;
        Ok(Writer { jobs, disk_failed })
    }

    /// Runs `work` in the next batch and answers after that batch is committed. `work` runs in a
    /// transaction already open: it must not begin or commit one.
    pub async fn write<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        let (answer, answered) = tokio::sync::oneshot::channel::<AppResult<T>>();
        self.submit(work, false, move |outcome| {
            let _ = answer.send(outcome);
        })?;
        answered.await.map_err(|_| dropped())?
    }

    /// `write` from a thread that may block (an import's, the command line's): waits for the
    /// answer there. Bulk work goes through here in short pieces, each its own job, so the
    /// field's writes queued meanwhile are committed between them.
    pub fn write_blocking<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        self.write_queued(work)?.wait()
    }

    /// `write_blocking` in two steps: queues `work` now and gives a handle to wait for its answer
    /// later, so a bulk writer prepares its next piece while this one is written. The work is
    /// committed in a batch of its own.
    pub fn write_queued<T, F>(&self, work: F) -> AppResult<Queued<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        let (answer, answered) = mpsc::sync_channel::<AppResult<T>>(1);
        self.submit(work, true, move |outcome| {
            let _ = answer.send(outcome);
        })?;
        Ok(Queued(answered))
    }

    /// Queues `work` for the next batch (`alone`: a batch of its own); `deliver` gets its outcome
    /// once the batch is committed.
    fn submit<T, F>(&self, work: F, alone: bool, deliver: impl FnOnce(AppResult<T>) + Send + 'static) -> AppResult<()>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        if let Some(err) = self.disk_failed.get() {
            return Err(AppError::Internal(anyhow::anyhow!("writes are refused until a restart: {err}")));
        }
        crate::platform::memory::note_work();
        let queued = stats::now();
        let run: Work = Box::new(move |conn| {
            stats::since(queued, |s| &s.queue_wait);
            let result = work(conn);
            let ok = result.is_ok();
            let reply: Reply = Box::new(move |committed| {
                let outcome = match committed {
                    Ok(()) => result,
                    Err(err) => Err(AppError::Internal(anyhow::anyhow!("committing a batch of writes failed: {err}"))),
                };
                deliver(outcome);
                stats::since(queued, |s| &s.answered);
            });
            (ok, reply)
        });
        self.jobs.send(Job { run, alone }).map_err(|_| AppError::Internal(anyhow::anyhow!("the group-commit thread has stopped")))
    }
}

/// A write queued by [`Writer::write_queued`], answered once its batch is committed and durable.
pub struct Queued<T>(mpsc::Receiver<AppResult<T>>);

impl<T> Queued<T> {
    /// Waits (on a thread that may block) for the write's answer.
    pub fn wait(self) -> AppResult<T> {
        self.0.recv().map_err(|_| dropped())?
    }
}

fn dropped() -> AppError {
    AppError::Internal(anyhow::anyhow!("a write was dropped by the group-commit thread"))
}

fn run(
    conn: &mut Connection,
    queue: &mpsc::Receiver<Job>,
    committed: &mpsc::SyncSender<()>,
    restart: &AtomicBool,
    durable: &mpsc::Sender<Vec<Reply>>,
) {
    let mut worked = false;
    let max_batch = max_batch();
    // A job that must be alone, taken while a batch was gathered: it starts the next one.
    let mut held: Option<Job> = None;
    loop {
        let received = match held.take() {
            Some(job) => Ok(job),
            None => queue.recv_timeout(stats::quiet()),
        };
        let first = match received {
            Ok(job) => job,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                stats::log();
                if std::mem::take(&mut worked) {
                    // Its page cache back to the allocator (`memory::trim_when_idle` gives that back).
                    let _ = conn.execute_batch("PRAGMA shrink_memory");
                    conn.flush_prepared_statement_cache();
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        worked = true;
        let mut batch = vec![first];
        while !batch[0].alone && batch.len() < max_batch {
            match queue.try_recv() {
                Ok(job) if job.alone => {
                    held = Some(job);
                    break;
                }
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        stats::add(batch.len() as u64, |s| &s.batch_size);
        let began = stats::now();
        let (replies, outcome) = commit_batch(conn, batch);
        stats::since(began, |s| &s.batch);
        match outcome {
            Ok(()) => {
                if let Err(mpsc::SendError(replies)) = durable.send(replies) {
                    replies.into_iter().for_each(|reply| reply(Err("the WAL's fsync thread has stopped".into())));
                }
            }
            Err(err) => replies.into_iter().for_each(|reply| reply(Err(err.clone()))),
        }
        if restart.load(Ordering::Acquire) {
            let began = stats::now();
            if let Err(err) = passive_checkpoint(conn) {
                tracing::warn!(error = %err, "checkpointing the WAL failed");
            }
            stats::since(began, |s| &s.writer_checkpoint);
            // Only now may the checkpointer run again (see `checkpoint`).
            restart.store(false, Ordering::Release);
        }
        // A wake-up already waiting covers this commit too.
        let _ = committed.try_send(());
    }
}

/// Copies what it can of the WAL back; gives the WAL's frames and how many of them are copied.
fn passive_checkpoint(conn: &Connection) -> rusqlite::Result<(i64, i64)> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| Ok((r.get(1)?, r.get(2)?)))
}

/// Copies committed WAL frames into the database file after commits, at least `CHECKPOINT_EVERY`
/// after its last pass, and asks the writer to start a long WAL over once it is all copied; ends
/// with the writer.
fn checkpoint(conn: &Connection, wake: &mpsc::Receiver<()>, restart: &AtomicBool) {
    let mut last = Instant::now() - CHECKPOINT_EVERY;
    while wake.recv().is_ok() {
        if let Some(wait) = CHECKPOINT_EVERY.checked_sub(last.elapsed()) {
            std::thread::sleep(wait);
        }
        // A restart asked for is the writer's to make first. A pass of ours begun meanwhile holds
        // SQLite's checkpoint lock, so the writer's copy gets nothing done (the checkpoint is
        // "busy"), its next batch does not start the WAL over, and the WAL runs on: with passes
        // every 100 ms (their catch-up often longer than that) bookings grew it to 2 GB.
        let asked = Instant::now();
        while restart.load(Ordering::Acquire) && asked.elapsed() < RESTART_WAIT {
            std::thread::sleep(Duration::from_millis(1));
        }
        let pass = || {
            let began = stats::now();
            let done = passive_checkpoint(conn);
            stats::since(began, |s| &s.background_checkpoint);
            if let Ok((frames, _)) = done {
                stats::add(frames.max(0) as u64, |s| &s.wal_frames);
            }
            done
        };
        match catch_up(pass) {
            Ok(true) => restart.store(true, Ordering::Release),
            Ok(false) => {}
            Err(err) => tracing::warn!(error = %err, "checkpointing the WAL failed"),
        }
        // The interval counts from the end of the passes: the writes get the core back between them.
        last = Instant::now();
    }
}

/// Checkpoints (`pass`: one passive checkpoint, giving the WAL's frames and how many of them are
/// copied); gives whether the WAL is long enough to start over and all copied but for what
/// the writer committed during the last pass. The writer copies that rest itself before it starts
/// the WAL over, and every write waits meanwhile, through the fsync of the database file that
/// follows: after one pass, the rest was the commits of a whole checkpoint (a tenth of a second
/// under bookings, hundreds of pages spread over the file), and its fsync held the writer up for
/// 5-30 ms, 7% of its time. So a long WAL gets more passes, each copying what came during the one
/// before, until that rest is a few pages.
fn catch_up(mut pass: impl FnMut() -> rusqlite::Result<(i64, i64)>) -> rusqlite::Result<bool> {
    let (mut frames, mut copied) = pass()?;
    for _ in 0..CATCH_UP_PASSES {
        if frames < RESTART_AFTER_FRAMES || copied < frames {
            break;
        }
        let before = frames;
        (frames, copied) = pass()?;
        // Frames go back only if another connection started the WAL over meanwhile.
        if frames.saturating_sub(before) <= CATCH_UP_REST {
            break;
        }
    }
    Ok(frames >= RESTART_AFTER_FRAMES && copied == frames)
}

/// Fsyncs the WAL file for every batch committed before it and answers them; ends with the writer.
/// A failed fsync answers its batches with the error, and every later one too, and the writer
/// refuses new writes (`disk_failed`): after a failed fsync the OS may have dropped the unwritten
/// pages, so a later fsync that succeeds proves nothing, and the WAL may have a hole that ends
/// its recovery there. The administrator restarts the server once the disk is sound.
fn sync_and_answer(to_sync: &mpsc::Receiver<Vec<Reply>>, sync: impl Fn() -> std::io::Result<()>, disk_failed: &OnceLock<String>) {
    while let Ok(first) = to_sync.recv() {
        let mut waiting = vec![first];
        waiting.extend(to_sync.try_iter());
        let synced = match disk_failed.get() {
            Some(err) => Err(err.clone()),
            None => {
                let began = stats::now();
                let synced = sync();
                stats::since(began, |s| &s.fsync);
                synced
            }
            .map_err(|e| {
                let err = format!("fsyncing the WAL failed: {e}");
                tracing::error!(error = %err, "writes may not be on disk; refusing writes until a restart");
                disk_failed.get_or_init(|| err).clone()
            }),
        };
        waiting.into_iter().flatten().for_each(|reply| reply(synced.clone()));
    }
}

/// Runs a batch in one transaction; gives the answers of the writes kept and the commit's outcome.
fn commit_batch(conn: &mut Connection, mut batch: Vec<Job>) -> (Vec<Reply>, Result<(), String>) {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(err) => {
            // The batch's jobs are dropped unrun: each request is answered that its write was dropped.
            tracing::error!(error = %err, "beginning a batch of writes failed");
            return (Vec::new(), Err(err.to_string()));
        }
    };
    if let [Job { alone: true, .. }] = &batch[..] {
        if let Some(job) = batch.pop() {
            return commit_alone(tx, job);
        }
    }
    let mut replies = Vec::with_capacity(batch.len());
    for job in batch {
        // Cached statements: `execute_batch` would parse the two statements again for each write.
        let outcome = tx
            .prepare_cached("SAVEPOINT item")
            .and_then(|mut s| s.execute([]).map(drop))
            .map_err(|e| e.to_string())
            .and_then(|()| catch_unwind(AssertUnwindSafe(|| (job.run)(&tx))).map_err(|_| "a write panicked".to_string()));
        let kept = match &outcome {
            Ok((true, _)) => tx.prepare_cached("RELEASE item").and_then(|mut s| s.execute([])).map(drop),
            _ => tx.execute_batch("ROLLBACK TO item; RELEASE item"),
        };
        match (outcome, kept) {
            (Ok((_, reply)), Ok(())) => replies.push(reply),
            (Ok((_, reply)), Err(err)) => reply(Err(err.to_string())),
            (Err(err), _) => tracing::error!(error = %err, "a write of a batch failed"),
        }
    }
    finish(tx, replies)
}

/// Runs a job in a batch of its own: the transaction is the job's, with no savepoint, and rolls
/// back whole where the job fails or panics.
fn commit_alone(tx: rusqlite::Transaction, job: Job) -> (Vec<Reply>, Result<(), String>) {
    match catch_unwind(AssertUnwindSafe(|| (job.run)(&tx))) {
        Ok((true, reply)) => finish(tx, vec![reply]),
        failed => {
            let rolled_back = tx.rollback().map_err(|e| e.to_string());
            crate::platform::db::settle_session_changes();
            match failed {
                // Its answer is its own error (the rollback's, where that failed too).
                Ok((_, reply)) => (vec![reply], rolled_back),
                Err(_) => {
                    tracing::error!("a write panicked");
                    (Vec::new(), rolled_back)
                }
            }
        }
    }
}

/// Commits a batch's transaction; gives the answers of its writes kept and the commit's outcome.
fn finish(tx: rusqlite::Transaction, replies: Vec<Reply>) -> (Vec<Reply>, Result<(), String>) {
    let committed = tx.commit().map_err(|e| e.to_string());
    crate::platform::db::settle_session_changes();
    if let Err(err) = &committed {
        tracing::error!(error = %err, "committing a batch of writes failed");
    }
    (replies, committed)
}

/// What the writes spent their time on, for finding where a tail comes from: kept only when the
/// environment variable `FIELDSALES_WRITE_STATS` is set (else every call below is a branch on a
/// `None`), and written to standard error as one `write_stats` line after each burst of writes
/// (once the writer has had nothing to do for a second) and reset. Times are in microseconds.
pub mod stats {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    /// Values 0..8 exactly, then four buckets per power of two (each within 19% of its values).
    const BUCKETS: usize = 8 + 4 * 61;

    pub struct Histogram([AtomicU64; BUCKETS]);

    /// The upper ends of the ranges of the `write_hist` line (for times in µs: below 0.25 ms, 0.25
    /// to 0.5 ms, ... 32 to 64 ms, then 64 ms and more; a batch's size or WAL frames read alike).
    pub const COARSE: [u64; 9] = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

    fn bucket(v: u64) -> usize {
        if v < 8 {
            return v as usize;
        }
        let e = 63 - v.leading_zeros() as usize;
        8 + (e - 3) * 4 + ((v >> (e - 2)) & 3) as usize
    }

    fn low(b: usize) -> u64 {
        if b < 8 {
            return b as u64;
        }
        let (e, sub) = ((b - 8) / 4 + 3, (b - 8) % 4);
        (4 + sub as u64) << (e - 2)
    }

    impl Histogram {
        fn new() -> Self {
            Histogram(std::array::from_fn(|_| AtomicU64::new(0)))
        }
        pub fn add(&self, v: u64) {
            self.0[bucket(v)].fetch_add(1, Ordering::Relaxed);
        }
        /// count, p50, p99, max (each the low end of its bucket), the counts of `COARSE`'s
        /// ranges, and resets.
        fn take(&self) -> (u64, u64, u64, u64, [u64; COARSE.len() + 1]) {
            let counts: Vec<u64> = self.0.iter().map(|c| c.swap(0, Ordering::Relaxed)).collect();
            let mut coarse = [0u64; COARSE.len() + 1];
            for (b, c) in counts.iter().enumerate() {
                coarse[COARSE.iter().take_while(|&&edge| low(b) >= edge).count()] += c;
            }
            let n: u64 = counts.iter().sum();
            let at = |q: f64| {
                let rank = ((n as f64) * q).ceil().max(1.0) as u64;
                let mut seen = 0;
                for (b, c) in counts.iter().enumerate() {
                    seen += c;
                    if seen >= rank {
                        return low(b);
                    }
                }
                0
            };
            let max = counts.iter().rposition(|&c| c > 0).map_or(0, low);
            (n, at(0.5), at(0.99), max, coarse)
        }
    }

    pub struct Stats {
        /// Jobs per committed batch.
        pub batch_size: Histogram,
        /// A write from its request's hand-over to the start of its batch.
        pub queue_wait: Histogram,
        /// A batch from BEGIN to the end of its COMMIT (on the writer thread).
        pub batch: Histogram,
        /// One fsync of the WAL (the `wal-sync` thread).
        pub fsync: Histogram,
        /// A write from its hand-over to its answer (after the fsync that covers it).
        pub answered: Histogram,
        /// The writer's own checkpoint before it starts a long WAL over (inside the commit path).
        pub writer_checkpoint: Histogram,
        /// One pass of the background checkpoint.
        pub background_checkpoint: Histogram,
        /// The WAL's frames when the background checkpoint ran.
        pub wal_frames: Histogram,
        /// A request's wait for a pooled connection (`AppState::db`): the semaphore and the start
        /// of its blocking thread.
        pub pool_wait: Histogram,
    }

    static STATS: OnceLock<Option<Stats>> = OnceLock::new();

    /// The statistics, when `FIELDSALES_WRITE_STATS` is set.
    pub fn get() -> Option<&'static Stats> {
        STATS
            .get_or_init(|| {
                std::env::var_os("FIELDSALES_WRITE_STATS").map(|_| Stats {
                    batch_size: Histogram::new(),
                    queue_wait: Histogram::new(),
                    batch: Histogram::new(),
                    fsync: Histogram::new(),
                    answered: Histogram::new(),
                    writer_checkpoint: Histogram::new(),
                    background_checkpoint: Histogram::new(),
                    wal_frames: Histogram::new(),
                    pool_wait: Histogram::new(),
                })
            })
            .as_ref()
    }

    /// Now, if statistics are kept.
    pub fn now() -> Option<Instant> {
        get().map(|_| Instant::now())
    }

    /// Adds the microseconds since `since` to the histogram `pick` chooses.
    pub fn since(since: Option<Instant>, pick: impl FnOnce(&Stats) -> &Histogram) {
        if let (Some(stats), Some(since)) = (get(), since) {
            pick(stats).add(since.elapsed().as_micros() as u64);
        }
    }

    /// Adds `value` to the histogram `pick` chooses, if statistics are kept.
    pub fn add(value: u64, pick: impl FnOnce(&Stats) -> &Histogram) {
        if let Some(stats) = get() {
            pick(stats).add(value);
        }
    }

    /// How long the writer waits for a job before a burst counts as over (it writes the
    /// statistics and hands its page cache back).
    pub fn quiet() -> Duration {
        Duration::from_secs(1)
    }

    /// Writes one `write_stats` line (name=count/p50/p99/max per histogram) and resets, if any
    /// batch was committed since the last.
    pub fn log() {
        let Some(s) = get() else { return };
        let parts = [
            ("batch_size", &s.batch_size),
            ("queue_wait_us", &s.queue_wait),
            ("batch_us", &s.batch),
            ("fsync_us", &s.fsync),
            ("answered_us", &s.answered),
            ("writer_checkpoint_us", &s.writer_checkpoint),
            ("background_checkpoint_us", &s.background_checkpoint),
            ("wal_frames", &s.wal_frames),
            ("pool_wait_us", &s.pool_wait),
        ];
        let taken: Vec<_> = parts.iter().map(|(name, h)| (name, h.take())).collect();
        if taken[0].1 .0 == 0 {
            return;
        }
        let line: Vec<String> = taken.iter().map(|(name, (n, p50, p99, max, _))| format!("{name}={n}/{p50}/{p99}/{max}")).collect();
        eprintln!("write_stats {}", line.join(" "));
        // Each histogram in `COARSE`'s ranges: where the tail of each cause lies (issue #56).
        let hist: Vec<String> = taken
            .iter()
            .map(|(name, (.., coarse))| format!("{name}={}", coarse.iter().map(u64::to_string).collect::<Vec<_>>().join(",")))
            .collect();
        eprintln!("write_hist {}", hist.join(" "));
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn buckets_are_within_a_fifth_of_their_values() {
            for v in [0u64, 1, 7, 8, 9, 15, 16, 100, 1000, 12_345, 1 << 40] {
                let b = bucket(v);
                assert!(low(b) <= v && v - low(b) <= v / 4, "{v} in bucket {b} from {}", low(b));
                assert!(b + 1 >= BUCKETS || low(b + 1) > v, "{v}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_in(dir: &tempfile::TempDir) -> std::path::PathBuf {
        let db = dir.path().join("sync.db");
        let setup = crate::platform::db::connect(&db).unwrap();
        setup.pragma_update(None, "journal_mode", "WAL").unwrap();
        setup.execute_batch("CREATE TABLE t (x INTEGER)").unwrap();
        db
    }

    /// The answer waits for an fsync begun after the commit: the sync sees the row already there,
    /// and while it has not finished the write is not answered.
    #[tokio::test]
    async fn a_write_is_answered_after_an_fsync_that_follows_its_commit() {
        let dir = tempfile::tempdir().unwrap();
        let db = table_in(&dir);
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (reader, rows_at_sync) = (std::sync::Mutex::new(crate::platform::db::connect(&db).unwrap()), seen.clone());
        let (finish_sync, sync_may_finish) = mpsc::channel::<()>();
        let sync_may_finish = std::sync::Mutex::new(sync_may_finish);
        let writer = Writer::start_with_sync(&db, move |_| {
            move || {
                let rows: i64 = reader.lock().unwrap().query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0)).unwrap();
                rows_at_sync.lock().unwrap().push(rows);
                sync_may_finish.lock().unwrap().recv().unwrap();
                Ok(())
            }
        })
        .unwrap();
        let write = tokio::spawn(async move { writer.write(|tx| Ok(tx.execute("INSERT INTO t VALUES (1)", [])?)).await });
        let began = Instant::now();
        while seen.lock().unwrap().is_empty() {
            assert!(began.elapsed() < Duration::from_secs(10), "no fsync after the commit");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(*seen.lock().unwrap(), vec![1], "the fsync began after the commit");
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!write.is_finished(), "answered before its fsync finished");
        finish_sync.send(()).unwrap();
        assert_eq!(write.await.unwrap().unwrap(), 1);
    }

    /// A bulk writer's piece goes in a batch of its own: what it wrote before failing is rolled
    /// back with it, what it wrote when it succeeds is kept, and the field's writes queued with it
    /// are committed beside it, never lost.
    #[tokio::test]
    async fn a_piece_alone_is_kept_or_rolled_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let db = table_in(&dir);
        let writer = Writer::start(&db).unwrap();
        let failing = writer
            .write_queued(|tx| {
                tx.execute("INSERT INTO t VALUES (1)", [])?;
                Err::<(), _>(AppError::bad_request(crate::platform::error::INTERNAL))
            })
            .unwrap();
        let field = writer.write(|tx| Ok(tx.execute("INSERT INTO t VALUES (2)", [])?));
        let kept = writer.write_queued(|tx| Ok(tx.execute("INSERT INTO t VALUES (3)", [])?)).unwrap();
        assert_eq!(field.await.unwrap(), 1);
        let (failing, kept) = tokio::task::spawn_blocking(move || (failing.wait(), kept.wait())).await.unwrap();
        assert!(failing.is_err(), "the failed piece is answered with its error");
        assert_eq!(kept.unwrap(), 1);
        let rows: Vec<i64> = crate::platform::db::connect(&db)
            .unwrap()
            .prepare("SELECT x FROM t ORDER BY x")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(rows, vec![2, 3], "the failed piece's row is gone, the others are in");
    }

    /// A file left in its rollback journal (no WAL: some network file systems) is written with the
    /// commits' own fsync: the writes are answered, and kept.
    #[tokio::test]
    async fn a_file_without_a_wal_is_written_with_the_commits_own_fsync() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("journal.db");
        crate::platform::db::connect(&db).unwrap().execute_batch("PRAGMA journal_mode = DELETE; CREATE TABLE t (x INTEGER)").unwrap();
        let writer = Writer::start(&db).unwrap();
        writer.write(|tx| Ok(tx.execute("INSERT INTO t VALUES (1)", [])?)).await.unwrap();
        let rows: i64 = crate::platform::db::connect(&db).unwrap().query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 1);
        assert!(!crate::platform::db::sibling(&db, "-wal").exists());
    }

    /// A failed fsync answers the writes it was to make durable with an error, never a success, and
    /// the writer refuses every later write without running it.
    #[tokio::test]
    async fn a_failed_fsync_answers_its_writes_with_an_error_and_stops_the_writes() {
        let dir = tempfile::tempdir().unwrap();
        let db = table_in(&dir);
        let writer = Writer::start_with_sync(&db, |_| || Err(std::io::Error::other("the disk is gone"))).unwrap();
        let insert = |tx: &Connection| Ok(tx.execute("INSERT INTO t VALUES (1)", [])?);
        let message = |answer: AppResult<usize>| match answer {
            Err(AppError::Internal(err)) => err.to_string(),
            other => panic!("answered {other:?}"),
        };
        assert_eq!(message(writer.write(insert).await), "committing a batch of writes failed: fsyncing the WAL failed: the disk is gone");
        assert_eq!(message(writer.write(insert).await), "writes are refused until a restart: fsyncing the WAL failed: the disk is gone");
        let rows: i64 = crate::platform::db::connect(&db).unwrap().query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 1, "the refused write did not run");
    }

    /// A database reached through a symbolic link: its WAL is found where SQLite keeps it, next to
    /// the file the link names, and writes are answered.
    #[tokio::test]
    async fn the_wal_of_a_database_behind_a_symbolic_link_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let db = table_in(&dir);
        let link = dir.path().join("elsewhere").join("link.db");
        std::fs::create_dir(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&db, &link).unwrap();
        let synced = Arc::new(std::sync::Mutex::new(Vec::new()));
        let wal_synced = synced.clone();
        let writer = Writer::start_with_sync(&link, move |wal| {
            wal_synced.lock().unwrap().push(wal.to_owned());
            || Ok(())
        })
        .unwrap();
        writer.write(|tx| Ok(tx.execute("INSERT INTO t VALUES (1)", [])?)).await.unwrap();
        let wal = synced.lock().unwrap().clone();
        assert_eq!(wal, vec![crate::platform::db::sibling(&db.canonicalize().unwrap(), "-wal")]);
    }

    /// Under writes that never pause (eight writers for two seconds), the WAL is started over once
    /// it has been copied back, so it stays near `RESTART_AFTER_FRAMES` pages instead of growing
    /// with everything written.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_wal_is_started_over_under_steady_writes() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("wal.db");
        let setup = crate::platform::db::connect(&db).unwrap();
        setup.pragma_update(None, "journal_mode", "WAL").unwrap();
        // 64 blobs of 64 KB, rewritten over and over: the WAL takes every write, the file stays small.
        setup
            .execute_batch(
                "CREATE TABLE blobs (data BLOB NOT NULL);
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 64)
                 INSERT INTO blobs (data) SELECT zeroblob(65536) FROM n;",
            )
            .unwrap();
        let writer = Writer::start(&db).unwrap();
        let until = Instant::now() + Duration::from_secs(2);
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let writer = writer.clone();
                tokio::spawn(async move {
                    let mut writes = 0u64;
                    while Instant::now() < until {
                        writer
                            .write(|tx| {
                                tx.execute("UPDATE blobs SET data = randomblob(65536) WHERE rowid = abs(random()) % 64 + 1", [])?;
                                Ok(())
                            })
                            .await
                            .unwrap();
                        writes += 1;
                    }
                    writes
                })
            })
            .collect();
        let mut written = 0u64;
        for task in tasks {
            written += task.await.unwrap() * 65536;
        }
        let wal = std::fs::metadata(crate::platform::db::sibling(&db, "-wal")).unwrap().len();
        // Written through the WAL: several times the restart length on any machine this runs on.
        assert!(written > 64 * 1024 * 1024, "only {written} bytes written in two seconds");
        assert!(wal < written / 2, "the WAL grew to {wal} bytes of {written} written");
    }

    /// A long WAL is copied again while more than `CATCH_UP_REST` frames came during the pass
    /// before, so the writer is left a few frames to copy; a short WAL is not started over, nor
    /// one a pass could not copy to its end (a reader still on it).
    #[test]
    fn a_long_wal_is_copied_again_until_little_came_meanwhile() {
        let run = |passes: &[(i64, i64)]| {
            let mut given = passes.iter();
            let mut calls = 0;
            let restart = catch_up(|| {
                calls += 1;
                Ok(*given.next().expect("no more passes than the WAL needed"))
            })
            .unwrap();
            (restart, calls)
        };
        let long = RESTART_AFTER_FRAMES;
        assert_eq!(run(&[(100, 100)]), (false, 1));
        assert_eq!(run(&[(long, long), (long + 600, long + 600), (long + 620, long + 620)]), (true, 3));
        assert_eq!(run(&[(long, long), (long + 600, long + 500)]), (false, 2));
        assert_eq!(run(&[(long, long - 1)]), (false, 1));
        // Writes faster than the copy: the passes end all the same, and the writer copies the rest.
        let endless: Vec<(i64, i64)> = (0..=CATCH_UP_PASSES as i64).map(|i| (long + 1000 * i, long + 1000 * i)).collect();
        assert_eq!(run(&endless), (true, CATCH_UP_PASSES + 1));
    }
}
