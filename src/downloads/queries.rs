//! SQL of the download links.

use rusqlite::{named_params, Connection, OptionalExtension};

pub fn store(conn: &Connection, token: &str, file_name: &str, label: &str, uid: i64, expires: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO download_tokens (token, file_name, label, uid, expires_at) VALUES (:t, :f, :l, :u, :e)",
        named_params! { ":t": token, ":f": file_name, ":l": label, ":u": uid, ":e": expires },
    )?;
    Ok(())
}

/// Removes up to `limit` links expired or spent at `now`; gives their files.
pub fn remove_stale(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "DELETE FROM download_tokens WHERE token IN
             (SELECT token FROM download_tokens WHERE expires_at <= :now OR used = 1 LIMIT :n)
         RETURNING file_name",
    )?
    .query_map(named_params! { ":now": now, ":n": limit as i64 }, |r| r.get(0))?
    .collect()
}

/// Whether `token` is a live, unspent link.
pub fn is_live(conn: &Connection, token: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM download_tokens WHERE token = :t AND used = 0 AND expires_at > :now",
            named_params! { ":t": token, ":now": crate::now() },
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Spends a live link: its file and label, or none.
pub fn spend(conn: &Connection, token: &str) -> rusqlite::Result<Option<(String, String)>> {
    conn.query_row(
        "UPDATE download_tokens SET used = 1 WHERE token = :t AND used = 0 AND expires_at > :now
         RETURNING file_name, label",
        named_params! { ":t": token, ":now": crate::now() },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}
