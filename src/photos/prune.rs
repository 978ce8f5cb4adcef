//! `fieldsales photos prune --before DATE`: removes the photos taken before a day, their rows in
//! short transactions of `PIECE` rows each (the server's writes go in between: issue #50; one
//! transaction for a year of photos held every agent's saves for its length), then the files
//! (photo and thumbnail) no remaining row names.

use std::path::Path;

use rusqlite::Connection;

use super::{queries, store};

/// What a prune removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pruned {
    pub rows: usize,
    /// Photos whose files were removed (each with its thumbnail).
    pub files: usize,
    pub bytes: u64,
}

/// Photo rows deleted per transaction.
const PIECE: usize = 500;

/// Removes the photos taken before `before` (unix seconds); `progress` is told of each file
/// checked, out of the total.
pub fn prune(conn: &mut Connection, data_dir: &Path, before: i64, progress: impl Fn(u64, u64)) -> anyhow::Result<Pruned> {
    let mut done = Pruned::default();
    let mut hashes = Vec::new();
    loop {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let (rows, named) = queries::delete_piece_before(&tx, before, PIECE)?;
        tx.commit()?;
        if rows == 0 {
            break;
        }
        done.rows += rows;
        hashes.extend(named);
    }
    hashes.sort_unstable();
    hashes.dedup();
    let total = hashes.len() as u64;
    for (i, sha) in hashes.iter().enumerate() {
        if !queries::hash_named(conn, sha)? {
            done.files += 1;
            done.bytes += store::remove(data_dir, sha);
        }
        progress(i as u64 + 1, total);
    }
    Ok(done)
}
