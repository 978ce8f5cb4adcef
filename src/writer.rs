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
//! most every `CHECKPOINT_EVERY` (PASSIVE: it never blocks a writer or a reader). Other
//! connections (the pool's, the command line's) keep the automatic checkpoint.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};

use crate::error::{AppError, AppResult};

/// Writes committed together at most (bounds the time the write lock is held).
const MAX_BATCH: usize = 256;

/// The background checkpoint runs at most this often.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// Runs one write in the open transaction; gives back whether it succeeded and what answers the
/// request once the outcome of the commit is known.
type Job = Box<dyn FnOnce(&Connection) -> (bool, Reply) + Send>;
type Reply = Box<dyn FnOnce(Result<(), String>) + Send>;

/// The handle requests use; the writer thread ends when every handle is gone.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer and its checkpointer, each on its own connection to `db`.
    pub fn start(db: &Path) -> anyhow::Result<Self> {
        let mut conn = crate::db::connect(db)?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        let checkpoints = crate::db::connect(db)?;
        let (committed, wake) = mpsc::sync_channel::<()>(1);
        std::thread::Builder::new().name("checkpoint".into()).spawn(move || checkpoint(&checkpoints, &wake))?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new().name("group-commit".into()).spawn(move || run(&mut conn, &queue, &committed))?;
        Ok(Writer { jobs })
    }

    /// Runs `work` in the next batch and answers after that batch is committed. `work` runs in a
    /// transaction already open: it must not begin or commit one.
    pub async fn write<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> AppResult<T> + Send + 'static,
    {
        let (answer, answered) = tokio::sync::oneshot::channel::<AppResult<T>>();
        let job: Job = Box::new(move |conn| {
            let result = work(conn);
            let ok = result.is_ok();
            let reply: Reply = Box::new(move |committed| {
                let outcome = match committed {
                    Ok(()) => result,
                    Err(err) => Err(AppError::Internal(anyhow::anyhow!("committing a batch of writes failed: {err}"))),
                };
                let _ = answer.send(outcome);
            });
            (ok, reply)
        });
        self.jobs.send(job).map_err(|_| AppError::Internal(anyhow::anyhow!("the group-commit thread has stopped")))?;
        answered.await.map_err(|_| AppError::Internal(anyhow::anyhow!("a write was dropped by the group-commit thread")))?
    }
}

fn run(conn: &mut Connection, queue: &mpsc::Receiver<Job>, committed: &mpsc::SyncSender<()>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        commit_batch(conn, batch);
        // A wake-up already waiting covers this commit too.
        let _ = committed.try_send(());
    }
}

/// Copies committed WAL frames into the database file after commits, at most every
/// `CHECKPOINT_EVERY`; ends with the writer.
fn checkpoint(conn: &Connection, wake: &mpsc::Receiver<()>) {
    let mut last = Instant::now() - CHECKPOINT_EVERY;
    while wake.recv().is_ok() {
        if let Some(wait) = CHECKPOINT_EVERY.checked_sub(last.elapsed()) {
            std::thread::sleep(wait);
        }
        last = Instant::now();
        if let Err(err) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!(error = %err, "checkpointing the WAL failed");
        }
    }
}

fn commit_batch(conn: &mut Connection, batch: Vec<Job>) {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(err) => {
            tracing::error!(error = %err, "beginning a batch of writes failed");
            return;
        }
    };
    let mut replies = Vec::with_capacity(batch.len());
    for job in batch {
        let outcome = tx
            .execute_batch("SAVEPOINT item")
            .map_err(|e| e.to_string())
            .and_then(|()| catch_unwind(AssertUnwindSafe(|| job(&tx))).map_err(|_| "a write panicked".to_string()));
        let kept = match &outcome {
            Ok((true, _)) => tx.execute_batch("RELEASE item"),
            _ => tx.execute_batch("ROLLBACK TO item; RELEASE item"),
        };
        match (outcome, kept) {
            (Ok((_, reply)), Ok(())) => replies.push(reply),
            (Ok((_, reply)), Err(err)) => reply(Err(err.to_string())),
            (Err(err), _) => tracing::error!(error = %err, "a write of a batch failed"),
        }
    }
    let committed = tx.commit().map_err(|e| e.to_string());
    if let Err(err) = &committed {
        tracing::error!(error = %err, "committing a batch of writes failed");
    }
    for reply in replies {
        reply(committed.clone());
    }
}
