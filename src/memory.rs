//! Tuning of the system allocator (glibc's malloc), so the server's resident memory follows its
//! work instead of its worst moment. No-ops on other platforms.

/// glibc raises its mmap threshold each time a big block is freed, after which argon2's 19 MiB
/// buffers (one per sign-in) come from per-thread heaps that never shrink: 50 clients signing in
/// for 15 s left 3.3 GB resident, still growing. A fixed threshold (glibc's starting value) gives
/// every block over 128 KiB back to the system when freed; resident memory stayed at 63 MB.
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
