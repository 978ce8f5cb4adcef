//! `fieldsales backup` and `fieldsales restore`: one zip archive holding a consistent snapshot of
//! the database and the uploaded files (`files::UPLOAD_AREAS`; not generated downloads, the mail
//! outbox or swept orphans).
//!
//! Backup is online: `VACUUM INTO` copies one read transaction of the database while a server
//! keeps writing (WAL readers never block writers). The uploads are listed after the snapshot;
//! a row is committed only after its file is durable and no referenced file is ever deleted, so
//! every file the snapshot names is in the archive (files written later are extra and are not
//! restored). The archive is written to `<file>.partial` and renamed when complete.
//!
//! Restore holds the server lock, checks the whole archive (entry names, database integrity,
//! schema version) before it changes anything, unpacks beside the live data, then swaps the
//! database and the files folder in, keeping the previous ones aside until the swap is done.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use rusqlite::{Connection, OpenFlags};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use crate::platform::db::{self, sibling};
use crate::platform::files;

/// The database's name inside the archive; uploads are `files/<area>/<stored name>`.
const DB_ENTRY: &str = "fieldsales.db";
/// Zip entries at or above this size need the zip64 format.
const ZIP64_FROM: u64 = u32::MAX as u64;

#[derive(Debug)]
pub struct BackupSummary {
    pub db_bytes: u64,
    pub files: usize,
    pub file_bytes: u64,
}

/// Writes a backup of `db_path` and the uploads under `data_dir` to `target`.
pub fn backup(db_path: &Path, data_dir: &Path, target: &Path) -> anyhow::Result<BackupSummary> {
    if !db_path.is_file() {
        bail!("there is no database at {}", db_path.display());
    }
    let partial = sibling(target, ".partial");
    let snapshot = sibling(target, ".partial.db");
    remove_file_if_present(&partial)?;
    remove_file_if_present(&snapshot)?;
    let written = write_archive(db_path, data_dir, &partial, &snapshot);
    let _ = std::fs::remove_file(&snapshot);
    let summary = match written {
        Ok(summary) => summary,
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            return Err(err);
        }
    };
    std::fs::rename(&partial, target).with_context(|| format!("renaming {} to {}", partial.display(), target.display()))?;
    files::sync_dir(parent_of(target))?;
    Ok(summary)
}

fn write_archive(db_path: &Path, data_dir: &Path, partial: &Path, snapshot: &Path) -> anyhow::Result<BackupSummary> {
    let conn = Connection::open_with_flags(db_path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .with_context(|| format!("opening database {}", db_path.display()))?;
    conn.busy_timeout(Duration::from_secs(30))?;
    let into = snapshot.to_str().context("the backup's path must be valid UTF-8")?;
    conn.execute("VACUUM INTO ?1", [into]).context("taking a snapshot of the database")?;
    drop(conn);

    let uploads = files::stored_files(data_dir).context("listing the uploaded files")?;
    let db_bytes = std::fs::metadata(snapshot)?.len();
    let file_bytes: u64 = uploads.iter().map(|(_, _, size)| size).sum();
    let bar = progress(db_bytes + file_bytes);
    let out = File::create(partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut zip = ZipWriter::new(BufWriter::new(out));
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    zip.start_file(DB_ENTRY, deflated.large_file(db_bytes >= ZIP64_FROM))?;
    io::copy(&mut bar.wrap_read(File::open(snapshot)?), &mut zip).context("writing the database into the backup")?;
    // Pictures and PDFs are compressed already: store them as they are.
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let mut count = 0;
    for (area, name, size) in &uploads {
        let source = match File::open(files::path_of(data_dir, area, name)) {
            Ok(file) => file,
            // Only a file whose row never committed is removed (a failed request's cleanup).
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(anyhow::Error::new(err).context(format!("reading files/{area}/{name}"))),
        };
        zip.start_file(format!("files/{area}/{name}"), stored.large_file(*size >= ZIP64_FROM))?;
        io::copy(&mut bar.wrap_read(source), &mut zip).with_context(|| format!("writing files/{area}/{name} into the backup"))?;
        count += 1;
    }
    let file = zip.finish()?.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    bar.finish_and_clear();
    Ok(BackupSummary { db_bytes, files: count, file_bytes })
}

#[derive(Debug)]
pub struct RestoreSummary {
    pub schema_version: i64,
    pub files: usize,
    /// Files in the archive that no row of its database names (written after the snapshot).
    pub unreferenced: usize,
    /// Files the database names that the archive lacks.
    pub missing: usize,
}

/// What an archive entry is; anything else refuses the whole archive.
enum Entry {
    Database,
    Folder,
    Upload { area: usize, name: String },
}

/// Only the exact names a backup writes are accepted, so no entry can reach outside the data
/// folder (`..`, absolute paths, backslashes, links: none of them fits a stored name).
fn entry_of(name: &str) -> Option<Entry> {
    if name == DB_ENTRY {
        return Some(Entry::Database);
    }
    let area_of = |area: &str| files::UPLOAD_AREAS.iter().position(|(a, _)| *a == area);
    match name.split('/').collect::<Vec<_>>().as_slice() {
        ["files", ""] => Some(Entry::Folder),
        ["files", area, ""] => area_of(area).map(|_| Entry::Folder),
        ["files", area, file] if files::is_stored_name(file) => area_of(area).map(|area| Entry::Upload { area, name: file.to_string() }),
        _ => None,
    }
}

/// Replaces the database at `db_path` and the uploads under `data_dir` with those of `archive`.
/// Refuses while a server holds the database, and refuses a damaged or unexpected archive
/// without changing anything.
pub fn restore(db_path: &Path, data_dir: &Path, archive: &Path) -> anyhow::Result<RestoreSummary> {
    let _lock = db::lock(db_path)?;
    let db_aside = sibling(db_path, ".before-restore");
    let files_dir = data_dir.join("files");
    let files_aside = data_dir.join("files.before-restore");
    for leftover in [&db_aside, &sibling(&db_aside, "-wal"), &files_aside] {
        if leftover.exists() {
            bail!(
                "{} is left from an interrupted restore and holds the data from before it; move it away, then restore again",
                leftover.display()
            );
        }
    }
    let source = File::open(archive).with_context(|| format!("opening {}", archive.display()))?;
    let mut zip = ZipArchive::new(BufReader::new(source))
        .map_err(|e| anyhow!("{} is not a fieldsales backup (not a readable zip archive: {e})", archive.display()))?;
    let mut db_index = None;
    let mut uploads = Vec::new();
    for index in 0..zip.len() {
        let name = zip.name_for_index(index).unwrap_or_default().to_string();
        match entry_of(&name) {
            Some(Entry::Database) if db_index.is_none() => db_index = Some(index),
            Some(Entry::Database) => bail!("{} holds the database twice; refusing it", archive.display()),
            Some(Entry::Folder) => {}
            Some(Entry::Upload { area, name }) => uploads.push((index, area, name)),
            None => bail!("{} holds an unexpected entry {name:?}; refusing it (nothing was changed)", archive.display()),
        }
    }
    let db_index = db_index.with_context(|| format!("{} is not a fieldsales backup (no {DB_ENTRY} in it)", archive.display()))?;

    std::fs::create_dir_all(data_dir).with_context(|| format!("creating {}", data_dir.display()))?;
    let incoming_db = sibling(db_path, ".restore");
    let incoming_files = data_dir.join("files.restore");
    let clean_up = || {
        for path in [&incoming_db, &sibling(&incoming_db, "-wal"), &sibling(&incoming_db, "-shm")] {
            let _ = std::fs::remove_file(path);
        }
        let _ = std::fs::remove_dir_all(&incoming_files);
    };
    clean_up();
    let unpacked = (|| -> anyhow::Result<RestoreSummary> {
        let total: u64 = (0..zip.len()).filter_map(|i| zip.by_index_raw(i).ok().map(|e| e.size())).sum();
        let bar = progress(total);
        unpack(&mut zip, db_index, &incoming_db, &bar)?;
        let (schema_version, referenced) = check_database(&incoming_db)?;
        let (mut restored, mut unreferenced) = (0, 0);
        let mut present: Vec<HashSet<String>> = vec![HashSet::new(); referenced.len()];
        for (index, area, name) in &uploads {
            if !referenced[*area].contains(name) || present[*area].contains(name) {
                unreferenced += 1;
                continue;
            }
            let dir = incoming_files.join(files::UPLOAD_AREAS[*area].0);
            std::fs::create_dir_all(&dir)?;
            unpack(&mut zip, *index, &dir.join(name), &bar)?;
            present[*area].insert(name.clone());
            restored += 1;
        }
        bar.finish_and_clear();
        std::fs::create_dir_all(&incoming_files)?;
        for (area, _) in files::UPLOAD_AREAS {
            files::sync_dir(&incoming_files.join(area)).or_else(|e| if e.kind() == io::ErrorKind::NotFound { Ok(()) } else { Err(e) })?;
        }
        let missing = referenced.iter().zip(&present).map(|(wanted, there)| wanted.difference(there).count()).sum();
        Ok(RestoreSummary { schema_version, files: restored, unreferenced, missing })
    })();
    let summary = match unpacked {
        Ok(summary) => summary,
        Err(err) => {
            clean_up();
            return Err(err);
        }
    };
    if let Err(err) = swap(db_path, &incoming_db, &db_aside, &files_dir, &incoming_files, &files_aside) {
        clean_up();
        return Err(err);
    }
    // The swap is done: the previous database and files go.
    for path in [&db_aside, &sibling(&db_aside, "-wal")] {
        remove_file_if_present(path)?;
    }
    if files_aside.exists() {
        std::fs::remove_dir_all(&files_aside).with_context(|| format!("removing {}", files_aside.display()))?;
    }
    Ok(summary)
}

/// Copies one archive entry to `to` (the zip reader checks its CRC at the end) and fsyncs it.
fn unpack<R: Read + Seek>(zip: &mut ZipArchive<R>, index: usize, to: &Path, bar: &ProgressBar) -> anyhow::Result<()> {
    let mut entry = zip.by_index(index)?;
    let name = entry.name().to_string();
    let mut out = File::create(to).with_context(|| format!("creating {}", to.display()))?;
    io::copy(&mut bar.wrap_read(&mut entry), &mut out).with_context(|| format!("unpacking {name} from the backup"))?;
    out.sync_all()?;
    Ok(())
}

/// Checks the unpacked database: intact, a fieldsales schema no newer than ours. Leaves it a
/// single file (rollback journal mode; the server switches it back to WAL) and returns its
/// schema version and the file names each upload area's rows reference.
fn check_database(path: &Path) -> anyhow::Result<(i64, Vec<HashSet<String>>)> {
    let damaged = |detail: String| anyhow!("the database in the backup is damaged ({detail}); nothing was changed");
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| damaged(e.to_string()))?;
    let verdict: String = conn.query_row("PRAGMA integrity_check(1)", [], |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
    if verdict != "ok" {
        return Err(damaged(verdict));
    }
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
    if version > db::SCHEMA_VERSION {
        bail!(
            "the backup's database has schema version {version}, newer than this program's {}; use a newer fieldsales (nothing was changed)",
            db::SCHEMA_VERSION
        );
    }
    if version < 1 {
        bail!("the backup's database has no fieldsales schema; nothing was changed");
    }
    let referenced = files::UPLOAD_AREAS
        .iter()
        .map(|(_, sql)| files::referenced(&conn, sql))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| damaged(e.to_string()))?;
    conn.pragma_update(None, "journal_mode", "DELETE")?;
    Ok((version, referenced))
}

/// Puts the unpacked database and files in place. The old database goes aside with its WAL (which
/// may hold commits not yet in the main file), so a stale WAL is never replayed onto the new
/// one; on any failure every rename done is undone.
fn swap(
    db_path: &Path,
    incoming_db: &Path,
    db_aside: &Path,
    files_dir: &Path,
    incoming_files: &Path,
    files_aside: &Path,
) -> anyhow::Result<()> {
    let mut done = Vec::new();
    let result = (|| -> anyhow::Result<()> {
        rename(&mut done, &sibling(db_path, "-wal"), &sibling(db_aside, "-wal"), true)?;
        remove_file_if_present(&sibling(db_path, "-shm"))?;
        rename(&mut done, db_path, db_aside, true)?;
        rename(&mut done, incoming_db, db_path, false)?;
        rename(&mut done, files_dir, files_aside, true)?;
        rename(&mut done, incoming_files, files_dir, false)?;
        files::sync_dir(parent_of(db_path))?;
        files::sync_dir(parent_of(files_dir))?;
        Ok(())
    })();
    if result.is_err() {
        for (from, to) in done.iter().rev() {
            let _ = std::fs::rename(to, from);
        }
    }
    result
}

/// Renames `from` to `to` and records it in `done`; an `optional` source may be missing.
fn rename(done: &mut Vec<(PathBuf, PathBuf)>, from: &Path, to: &Path, optional: bool) -> anyhow::Result<()> {
    match std::fs::rename(from, to) {
        Ok(()) => {
            done.push((from.to_path_buf(), to.to_path_buf()));
            Ok(())
        }
        Err(err) if optional && err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(err) => Err(anyhow::Error::new(err).context(format!("moving {} to {}", from.display(), to.display()))),
    }
}

fn remove_file_if_present(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(err) => Err(anyhow::Error::new(err).context(format!("removing {}", path.display()))),
    }
}

fn parent_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// A byte progress bar (drawn only on a terminal).
fn progress(total: u64) -> ProgressBar {
    ProgressBar::new(total).with_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes}  {bytes_per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_a_backup_writes_are_accepted() {
        let name = "0123456789abcdef0123456789abcdef.png";
        assert!(matches!(entry_of("fieldsales.db"), Some(Entry::Database)));
        assert!(matches!(entry_of("files/"), Some(Entry::Folder)));
        assert!(matches!(entry_of(&format!("files/info/{name}")), Some(Entry::Upload { area: 0, .. })));
        for bad in [
            "../fieldsales.db".to_string(),
            "/etc/passwd".into(),
            format!("files/info/../../{name}"),
            format!("files/../info/{name}"),
            format!("files/exports/{name}"),
            format!("files\\info\\{name}"),
            format!("/files/info/{name}"),
            "files/info/evil.sh".into(),
            "outbox.jsonl".into(),
        ] {
            assert!(entry_of(&bad).is_none(), "{bad}");
        }
    }
}

/// What `fieldsales restore-check` found in a database (a restored copy, before a server uses it).
#[derive(Debug)]
pub struct RestoreCheck {
    pub schema_version: i64,
    /// `PRAGMA integrity_check`'s first findings; `["ok"]` when intact.
    pub integrity: Vec<String>,
    pub tables: Vec<(String, i64)>,
    pub newest_visit: Option<String>,
    pub newest_order: Option<String>,
    /// Uploaded files the rows name, and those of them missing under `<data-dir>/files`.
    pub files_named: usize,
    pub files_missing: Vec<String>,
}

impl RestoreCheck {
    /// Why the copy should not be served, if anything. Missing uploaded files are not among the
    /// reasons: after a disaster the last minute's pictures may be missing while their rows came
    /// back (files are copied apart from the database, see docs/operations.md), and the data
    /// is still worth serving; the report lists them.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.integrity != ["ok"] {
            problems.push(format!("integrity_check failed: {}", self.integrity.join("; ")));
        }
        if self.schema_version > db::SCHEMA_VERSION {
            problems.push(format!("schema version {} is newer than this program's {}", self.schema_version, db::SCHEMA_VERSION));
        } else if self.schema_version < 1 {
            problems.push("no fieldsales schema".into());
        }
        problems
    }
}

/// Reads a database without changing it (read-only, also its WAL) and reports what an operator
/// needs to judge a restore: schema version, integrity, rows per table, the newest visit and
/// order, and whether the uploaded files its rows name are under `data_dir`.
pub fn restore_check(db_path: &Path, data_dir: &Path, quick: bool) -> anyhow::Result<RestoreCheck> {
    if !db_path.is_file() {
        bail!("{} is not a database file", db_path.display());
    }
    let conn = Connection::open_with_flags(db_path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .with_context(|| format!("opening {} read-only", db_path.display()))?;
    let schema_version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    // quick_check skips the index-against-table comparison: minutes less on a multi-gigabyte file.
    let check = if quick { "PRAGMA quick_check(20)" } else { "PRAGMA integrity_check(20)" };
    let integrity = conn.prepare(check)?.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
    let names: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
               AND name NOT LIKE 'customers\\_fts\\_%' ESCAPE '\\' ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let tables = names
        .into_iter()
        .map(|name| {
            let rows = conn.query_row(&format!("SELECT COUNT(*) FROM \"{}\"", name.replace('"', "\"\"")), [], |r| r.get(0))?;
            Ok((name, rows))
        })
        .collect::<rusqlite::Result<Vec<(String, i64)>>>()?;
    let has = |table: &str| tables.iter().any(|(name, _)| name == table);
    let newest = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, Option<String>>(0));
    let newest_visit = if has("visits") { newest("SELECT datetime(MAX(visited_at), 'unixepoch', 'localtime') FROM visits")? } else { None };
    let newest_order = if has("orders") { newest("SELECT datetime(MAX(created_at), 'unixepoch', 'localtime') FROM orders")? } else { None };
    let (mut files_named, mut files_missing) = (0, Vec::new());
    for (area, sql) in files::UPLOAD_AREAS {
        let named = files::referenced(&conn, sql).unwrap_or_default();
        files_named += named.len();
        let mut missing: Vec<String> =
            named.into_iter().filter(|name| !files::path_of(data_dir, area, name).is_file()).map(|name| format!("{area}/{name}")).collect();
        missing.sort();
        files_missing.extend(missing);
    }
    Ok(RestoreCheck { schema_version, integrity, tables, newest_visit, newest_order, files_named, files_missing })
}
