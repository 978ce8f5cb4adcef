//! Tuning of the system allocator (glibc's malloc), so the server's resident memory follows its
//! work instead of its worst moment. No-ops on other platforms.

/// glibc raises its mmap threshold each time a big block is freed, after which argon2's 19 MiB
/// buffers (one per sign-in) come from per-thread heaps that never shrink: 50 clients signing in
/// for 15 s left 3.3 GB resident, still growing. A fixed threshold (glibc's starting value) gives
/// every block over 128 KiB back to the system when freed; resident memory stayed at 63 MB.
/// glibc's number of heaps (eight per core) is left alone: one heap per core took a photo burst's
/// peak from 71 to 65 MB but cost the reads a fifth of their speed (decision 52).
/// Call it first thing in `main`, before any thread starts.
pub fn keep_big_blocks_out_of_the_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Hands freed heap memory back to the system, after one-off work that allocated many small
/// blocks (the start-up aggregates).
pub fn give_back_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory the allocator holds free.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Set by requests (`note_work`), cleared by `trim_when_idle`: whether work ran since its last look.
static WORKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Marks that the server is working (a database call, a write). Reads before it writes, so the
/// flag's cache line stays shared between cores while it is already set.
pub fn note_work() {
    use std::sync::atomic::Ordering::Relaxed;
    if !WORKED.load(Relaxed) {
        WORKED.store(true, Relaxed);
    }
}

/// How often `trim_when_idle` looks; memory is handed back after one whole period without work,
/// and again at each of `TRIM_AT`'s looks without work (the last ends the round until the next work).
const IDLE_LOOK: std::time::Duration = std::time::Duration::from_secs(2);
/// 2, 8, 14, 30 and 58 s into the quiet: the first after the burst, the third after tokio's idle
/// blocking threads (kept 10 s) have exited, the last two after what a burst left behind it (an
/// upload's result being fetched, a report's download, the writer's shrink after its quiet second)
/// has been let go, so the resident size is back within the minute of issue #56 (decision 52).
const TRIM_AT: [u32; 5] = [1, 4, 7, 15, 29];
/// From the third of `TRIM_AT` (14 s of quiet) the pool's unused connections are closed, not only
/// shrunk: a lull of a few seconds in a working day keeps them.
const CLOSE_FROM: u32 = TRIM_AT[2];

/// Hands memory back once the server has been idle for a while after work: each pooled
/// connection's page cache (up to 16 MiB each, `db::configure`, filled by the load) and prepared
/// statements go back to the allocator (`db::shrink_idle`, on the connections not in use; later
/// in the quiet they are closed, `db::close_idle`), and the allocator's free memory, in
/// every arena, to the system (`malloc_trim`). After a load (issue #39) the server
/// stayed at the resident size of its busiest moment. Runs until the process ends; the caches fill
/// again with the next requests (a few ms of extra reads on the first of them).
pub fn trim_when_idle(pool: crate::platform::db::Pool) {
    use std::sync::atomic::Ordering::Relaxed;
    tokio::spawn(async move {
        // Looks without work since the last work (`None`: none since the last trim).
        let mut idle: Option<u32> = None;
        let mut every = tokio::time::interval(IDLE_LOOK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if WORKED.swap(false, Relaxed) {
                idle = Some(0);
                continue;
            }
            let Some(looks) = idle.as_mut() else { continue };
            *looks += 1;
            // At the first idle look, and again at the later ones of `TRIM_AT`: after the blocking
            // threads of the load have ended (tokio keeps an idle one 10 s), their freed caches.
            if !TRIM_AT.contains(looks) {
                continue;
            }
            let close = *looks >= CLOSE_FROM;
            if *looks == TRIM_AT[TRIM_AT.len() - 1] {
                idle = None;
            }
            let pool = pool.clone();
            let _ = tokio::task::spawn_blocking(move || {
                if close {
                    crate::platform::db::close_idle(&pool);
                } else {
                    crate::platform::db::shrink_idle(&pool);
                }
                // Kept answers are a second fresh: none is of use after an idle look.
                crate::platform::answers::forget_all();
                give_back_free_memory();
            })
            .await;
        }
    });
}
