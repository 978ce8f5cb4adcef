//! Where photos lie: `<data-dir>/files/photos/<sha256>.jpg` and its thumbnail
//! `<sha256>.thumb.jpg`, named by the content hash of the stored bytes, so one file serves every
//! row and every repeat that names it. The folder is an upload area of `crate::platform::files` (listed in
//! `files::UPLOAD_AREAS`): backups carry it and the start-up sweep moves away files no row names.

use std::io::Write;
use std::path::Path;

use crate::platform::error::{AppError, AppResult};
use crate::platform::files;

/// The upload area (folder under `<data-dir>/files/`).
pub const AREA: &str = "photos";

/// The stored names of a photo's file and thumbnail.
pub fn names(sha256: &str) -> (String, String) {
    (format!("{sha256}.jpg"), format!("{sha256}.thumb.jpg"))
}

/// Writes `bytes` as `name` unless a file of that name is there already (same name, same
/// content): to a temporary name, fsynced, renamed, and the folder fsynced, so a committed row
/// never names a missing or half-written file.
fn write_once(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<bool> {
    let target = dir.join(name);
    if target.exists() {
        return Ok(false);
    }
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{name}.{}.part", crate::random_hex(4)));
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&tmp, &target)?;
    Ok(true)
}

/// Keeps a photo and its thumbnail (each once); call before committing the row that names them.
pub fn keep(data_dir: &Path, sha256: &str, photo: &[u8], thumb: &[u8]) -> AppResult<()> {
    let dir = files::path_of(data_dir, AREA, "");
    let (name, thumb_name) = names(sha256);
    let write = || -> std::io::Result<()> {
        let wrote = write_once(&dir, &thumb_name, thumb)? | write_once(&dir, &name, photo)?;
        if wrote {
            files::sync_dir(&dir)?;
        }
        Ok(())
    };
    write().map_err(|e| AppError::Internal(anyhow::Error::new(e).context("storing a photo")))
}

/// Reads a stored photo (`thumb`: its thumbnail).
pub fn read(data_dir: &Path, sha256: &str, thumb: bool) -> AppResult<Vec<u8>> {
    let (name, thumb_name) = names(sha256);
    files::read(data_dir, AREA, if thumb { &thumb_name } else { &name })
}

/// Removes a photo's file and thumbnail; the bytes freed.
pub fn remove(data_dir: &Path, sha256: &str) -> u64 {
    let (name, thumb_name) = names(sha256);
    [name, thumb_name]
        .iter()
        .map(|n| {
            let path = files::path_of(data_dir, AREA, n);
            let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            if std::fs::remove_file(&path).is_ok() {
                size
            } else {
                0
            }
        })
        .sum()
}
