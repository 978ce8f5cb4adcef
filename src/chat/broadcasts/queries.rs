//! The SQL of broadcasts.

use rusqlite::{named_params, Connection, OptionalExtension};
use serde_json::json;

use super::media_url;
use super::types::{Broadcast, BroadcastMessage};
use crate::auth::types::SessionUser;
use crate::chat::conversations::iso;
use crate::chat::messages::{BROADCAST_COUNTRY_REQUIRED, BROADCAST_COUNTRY_UNKNOWN, BROADCAST_USER_TYPE_UNKNOWN};
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::rights::UserType;

/// The broadcasts (aliased `b`) addressed to a user: their type or all types, their country or all.
/// Binds `:type` and `:country`.
const ADDRESSED_TO: &str =
    "b.is_deleted = 0 AND (b.user_type_id = 0 OR b.user_type_id = :type) AND (b.country_id IS NULL OR b.country_id = :country)";

/// Whom broadcasts reach: a user, by their type and country.
#[derive(Debug, Clone, Copy)]
pub struct Audience {
    pub uid: UserId,
    pub user_type: UserType,
    pub country: Option<i64>,
}

impl Audience {
    pub fn of(user: &SessionUser) -> Self {
        Audience { uid: UserId(user.uid), user_type: user.user_type, country: user.country_id }
    }
}

/// Every live broadcast (`everything`), or those addressed to `to`; newest first.
pub fn list(conn: &Connection, everything: bool, to: Audience) -> rusqlite::Result<Vec<Broadcast>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT b.id, b.message_text, b.user_type_id, COALESCE(t.name, 'All'), c.name, b.image_name,
                b.created_at
         FROM broadcasts b
         LEFT JOIN user_types t ON t.user_type_id = b.user_type_id
         LEFT JOIN countries c ON c.country_id = b.country_id
         WHERE b.is_deleted = 0 AND (:all OR ({ADDRESSED_TO}))
         ORDER BY b.created_at DESC, b.id DESC"
    ))?;
    let rows = stmt.query_map(named_params! { ":all": everything, ":type": to.user_type, ":country": to.country }, |r| {
        let image: Option<String> = r.get(5)?;
        Ok(Broadcast {
            id: r.get(0)?,
            message_text: r.get(1)?,
            user_type: r.get(2)?,
            user_type_detail: r.get(3)?,
            country: r.get(4)?,
            image_url: image.as_deref().map(media_url),
            sent_date: iso(r.get(6)?),
        })
    })?;
    rows.collect()
}

/// The country a broadcast to `user_type` (0: every type) goes to: required when the type has
/// countries; a name must be a known country.
pub fn audience_country(conn: &Connection, user_type: i64, country: Option<&str>) -> AppResult<Option<i64>> {
    let supported: bool = if user_type == 0 {
        false
    } else {
        conn.prepare_cached("SELECT is_country_supported FROM user_types WHERE user_type_id = :t")?
            .query_row(named_params! { ":t": user_type }, |r| r.get(0))
            .optional()?
            .ok_or_else(|| AppError::bad_request(BROADCAST_USER_TYPE_UNKNOWN.on("userType")))?
    };
    match (country, supported) {
        (None, true) => Err(AppError::bad_request(BROADCAST_COUNTRY_REQUIRED.on("country"))),
        (None, false) => Ok(None),
        (Some(name), _) => Ok(Some(
            conn.prepare_cached("SELECT country_id FROM countries WHERE name = :n")?
                .query_row(named_params! { ":n": name }, |r| r.get(0))
                .optional()?
                .ok_or_else(|| AppError::bad_request(BROADCAST_COUNTRY_UNKNOWN.with([("name", json!(name))]).on("country")))?,
        )),
    }
}

/// A new broadcast; returns its id.
pub fn insert(
    conn: &Connection,
    text: &str,
    user_type: i64,
    country: Option<i64>,
    image: Option<&str>,
    sender: UserId,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO broadcasts (message_text, user_type_id, country_id, image_name, created_by, created_at)
         VALUES (:text, :type, :country, :image, :by, :now)",
    )?
    .execute(named_params! {
        ":text": text, ":type": user_type, ":country": country, ":image": image, ":by": sender, ":now": crate::now(),
    })?;
    Ok(conn.last_insert_rowid())
}

/// Deletes a live broadcast (404 when there is none).
pub fn delete(conn: &Connection, id: i64) -> AppResult<()> {
    crate::platform::db::updated(
        conn.execute("UPDATE broadcasts SET is_deleted = 1 WHERE id = :id AND is_deleted = 0", named_params! { ":id": id })?,
    )
}

/// Whether the live broadcast picture `name` reaches `to` (or `everything`).
pub fn may_see_image(conn: &Connection, everything: bool, to: Audience, name: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT 1 FROM broadcasts b WHERE b.image_name = :name AND b.is_deleted = 0 AND (:all OR ({ADDRESSED_TO}))"
        ))?
        .query_row(named_params! { ":name": name, ":all": everything, ":type": to.user_type, ":country": to.country }, |_| Ok(()))
        .optional()?
        .is_some())
}

/// Unread broadcasts addressed to `to`.
pub fn unread_count(conn: &Connection, to: Audience) -> rusqlite::Result<i64> {
    conn.prepare_cached(&format!(
        "SELECT COUNT(*) FROM broadcasts b WHERE {ADDRESSED_TO}
           AND NOT EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = :me)"
    ))?
    .query_row(named_params! { ":type": to.user_type, ":country": to.country, ":me": to.uid }, |r| r.get(0))
}

/// Broadcasts addressed to `to` since `from` (at most 500), oldest first, each with whether read.
pub fn since(conn: &Connection, to: Audience, from: i64) -> rusqlite::Result<Vec<BroadcastMessage>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT b.id, b.message_text, b.image_name, b.created_at,
                EXISTS (SELECT 1 FROM broadcast_reads r WHERE r.broadcast_id = b.id AND r.uid = :me)
         FROM broadcasts b WHERE {ADDRESSED_TO} AND b.created_at >= :from ORDER BY b.created_at, b.id LIMIT 500"
    ))?;
    let rows = stmt.query_map(named_params! { ":me": to.uid, ":type": to.user_type, ":country": to.country, ":from": from }, |r| {
        let image: Option<String> = r.get(2)?;
        Ok(BroadcastMessage {
            message_id: r.get(0)?,
            message_text: r.get(1)?,
            image_url: image.as_deref().map(media_url),
            sent_date: iso(r.get(3)?),
            is_read: r.get(4)?,
        })
    })?;
    rows.collect()
}

/// Marks the broadcasts `ids` read for `to`, leaving out those not addressed to them, in one
/// statement: all of them or, on any failure, none. Returns how many were newly marked. The ids
/// drive the statement (CROSS JOIN: each found by its key), not the audience index.
pub fn mark_read(conn: &Connection, to: Audience, ids: &[i64]) -> rusqlite::Result<usize> {
    let ids = serde_json::to_string(ids).unwrap_or_else(|_| "[]".into());
    conn.prepare_cached(&format!(
        "INSERT OR IGNORE INTO broadcast_reads (broadcast_id, uid, read_at)
         SELECT b.id, :me, :now FROM json_each(:ids) AS j CROSS JOIN broadcasts b ON b.id = j.value
         WHERE {ADDRESSED_TO}"
    ))?
    .execute(named_params! { ":me": to.uid, ":now": crate::now(), ":ids": ids, ":type": to.user_type, ":country": to.country })
}
