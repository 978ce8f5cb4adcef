//! The SQL of one-to-one chat.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::iso;
use super::types::{ChatUser, Chatter, Message, UnreadCount};
use crate::platform::error::{AppError, AppResult};
use crate::platform::ids::UserId;
use crate::platform::rights::ADMINISTRATOR;
use crate::platform::rows::FromRow;
use crate::platform::scope::Scope;

/// The people `me` may chat with, as a condition on `u` (a `users` row): live, not themselves,
/// and an administrator, or inside their scope (an administrator everyone, a manager their
/// agents), or, for anyone else, their manager. Binds `:me`, `:admin`, `:my_manager` (see
/// [`partner_manager`]) and the scope's own parameter (`Scope::with`).
fn partner_condition(me: Chatter) -> String {
    format!("u.is_deleted = 0 AND u.uid <> :me AND (u.user_type_id = :admin OR u.uid = :my_manager OR {})", me.scope.condition("u.uid"))
}

/// The value of `:my_manager` in [`partner_condition`].
fn partner_manager(me: Chatter) -> Option<UserId> {
    // Only those with no one below them chat with their own manager.
    match me.scope {
        Scope::Own { .. } => me.manager,
        _ => None,
    }
}

fn initials(name: &str) -> String {
    name.split_whitespace().filter_map(|w| w.chars().next()).take(2).collect::<String>().to_uppercase()
}

/// The people `me` may chat with, each with their conversation (if any) and its messages to `me`
/// still unread; most unread first, then by name. One statement: the unread counts of `me` are
/// counted once (index `messages_unread`), and each partner's conversation is found by the
/// pair's unique index.
pub fn partners(conn: &Connection, me: Chatter) -> rusqlite::Result<Vec<ChatUser>> {
    let sql = format!(
        "WITH unread AS MATERIALIZED (
             SELECT conversation_id, COUNT(*) AS n FROM messages
             WHERE receiver_uid = :me AND read_at IS NULL GROUP BY conversation_id
         )
         SELECT u.uid, u.name, c.conversation_id, COALESCE(unread.n, 0) AS unread_count
         FROM users u
         LEFT JOIN conversations c ON c.user_a = min(u.uid, :me) AND c.user_b = max(u.uid, :me)
         LEFT JOIN unread ON unread.conversation_id = c.conversation_id
         WHERE {}
         ORDER BY unread_count DESC, u.name, u.uid",
        partner_condition(me)
    );
    let my_manager = partner_manager(me);
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows =
        stmt.query_map(&*me.scope.with(named_params! { ":me": me.uid, ":my_manager": my_manager, ":admin": ADMINISTRATOR }), |r| {
            let name: String = r.get(1)?;
            Ok(ChatUser {
                uid: r.get(0)?,
                image_name: initials(&name),
                user_name: name,
                conversation_id: r.get(2)?,
                unread_count: r.get(3)?,
            })
        })?;
    rows.collect()
}

/// Whether `me` may chat with `other`.
pub fn may_chat(conn: &Connection, me: Chatter, other: UserId) -> rusqlite::Result<bool> {
    let sql = format!("SELECT 1 FROM users u WHERE u.uid = :other AND {}", partner_condition(me));
    let my_manager = partner_manager(me);
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(
            &*me.scope.with(named_params! { ":other": other, ":me": me.uid, ":my_manager": my_manager, ":admin": ADMINISTRATOR }),
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// The conversation of `me` and `other`, made when missing; returns its id.
pub fn conversation_with(conn: &Connection, me: UserId, other: UserId) -> rusqlite::Result<i64> {
    let (a, b) = (me.min(other), me.max(other));
    conn.prepare_cached("INSERT OR IGNORE INTO conversations (user_a, user_b, created_at) VALUES (:a, :b, :now)")?
        .execute(named_params! { ":a": a, ":b": b, ":now": crate::now() })?;
    conn.prepare_cached("SELECT conversation_id FROM conversations WHERE user_a = :a AND user_b = :b")?
        .query_row(named_params! { ":a": a, ":b": b }, |r| r.get(0))
}

/// The other member of a conversation of `me`, or 404.
pub fn other_member(conn: &Connection, me: UserId, conversation: i64) -> AppResult<UserId> {
    conn.prepare_cached(
        "SELECT CASE WHEN user_a = :me THEN user_b ELSE user_a END FROM conversations
         WHERE conversation_id = :c AND (user_a = :me OR user_b = :me)",
    )?
    .query_row(named_params! { ":c": conversation, ":me": me }, |r| r.get(0))
    .optional()?
    .ok_or_else(|| AppError::not_found(crate::chat::messages::CONVERSATION_NOT_FOUND))
}

const MESSAGE_COLUMNS: &str = "message_id, sender_uid, receiver_uid, message_text, image_name, sent_at, read_at";

fn message(r: &rusqlite::Row) -> rusqlite::Result<Message> {
    let image: Option<String> = r.get(4)?;
    Ok(Message {
        message_id: r.get(0)?,
        sender_id: r.get(1)?,
        receiver_id: r.get(2)?,
        message_text: r.get(3)?,
        image_url: image.map(|n| crate::platform::api::url(format_args!("/chat/media?fileName={n}"))),
        sent_date: iso(r.get(5)?),
        is_read: r.get::<_, Option<i64>>(6)?.is_some(),
    })
}

/// The last 500 messages of a conversation, oldest first.
pub fn history(conn: &Connection, conversation: i64) -> rusqlite::Result<Vec<Message>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT * FROM (SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = :c ORDER BY message_id DESC LIMIT 500)
         ORDER BY message_id"
    ))?;
    let rows = stmt.query_map(named_params! { ":c": conversation }, message)?;
    rows.collect()
}

/// Messages of a conversation sent at or after `from` (at most 500), oldest first.
pub fn since(conn: &Connection, conversation: i64, from: i64) -> rusqlite::Result<Vec<Message>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = :c AND sent_at >= :from ORDER BY message_id LIMIT 500"
    ))?;
    let rows = stmt.query_map(named_params! { ":c": conversation, ":from": from }, message)?;
    rows.collect()
}

/// Stores a message (text or a stored picture's name) and returns it.
pub fn insert(
    conn: &Connection,
    conversation: i64,
    me: UserId,
    other: UserId,
    text: Option<&str>,
    image: Option<&str>,
) -> rusqlite::Result<Message> {
    conn.prepare_cached(
        "INSERT INTO messages (conversation_id, sender_uid, receiver_uid, message_text, image_name, sent_at)
         VALUES (:c, :me, :other, :text, :image, :now)",
    )?
    .execute(named_params! { ":c": conversation, ":me": me, ":other": other, ":text": text, ":image": image, ":now": crate::now() })?;
    let id = conn.last_insert_rowid();
    conn.prepare_cached(&format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE message_id = :id"))?
        .query_row(named_params! { ":id": id }, message)
}

/// Marks the messages of a conversation to `me` read (one statement); returns how many.
pub fn mark_read(conn: &Connection, me: UserId, conversation: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE messages SET read_at = :now WHERE conversation_id = :c AND receiver_uid = :me AND read_at IS NULL")?
        .execute(named_params! { ":now": crate::now(), ":c": conversation, ":me": me })
}

/// Unread messages to `me` per sender and conversation.
pub fn unread_counts(conn: &Connection, me: UserId) -> rusqlite::Result<Vec<UnreadCount>> {
    let mut stmt = conn.prepare_cached(
        "SELECT sender_uid, conversation_id, COUNT(*) FROM messages WHERE receiver_uid = :me AND read_at IS NULL
         GROUP BY sender_uid, conversation_id",
    )?;
    let rows = stmt.query_map(named_params! { ":me": me }, UnreadCount::from_row)?;
    rows.collect()
}

/// Whether `me` may see the chat picture `name` (sender or receiver).
pub fn may_see_image(conn: &Connection, me: UserId, name: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM messages WHERE image_name = :n AND (sender_uid = :me OR receiver_uid = :me)")?
        .query_row(named_params! { ":n": name, ":me": me }, |_| Ok(()))
        .optional()?
        .is_some())
}
