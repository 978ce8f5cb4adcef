//! The SQL of visit photos.

use rusqlite::{named_params, Connection, OptionalExtension};

use super::picture::distance;
use super::types::{photo_url, PhotoPage, PhotoRow, PhotoSaved, PhotoVisit, VisitPhoto};
use crate::platform::error::AppResult;
use crate::platform::ids::UserId;
use crate::platform::scope::Scope;

/// Photos a page.
pub const PAGE_SIZE: i64 = 30;
/// Two photos whose perceptual hashes differ by at most this many of their 64 bits are taken for
/// the same picture: a re-encoded or rescaled copy differs by 0-3, another scene by about 32.
pub const NEAR_BITS: u32 = 6;
/// How far back the agent's own photos are compared with a new one.
pub const AGENT_WINDOW_S: i64 = 30 * 24 * 3600;

/// The answer to a photo's first send, for its repeat.
pub fn saved_before(conn: &Connection, me: UserId, client_id: &str) -> rusqlite::Result<Option<(i64, bool, Option<i64>)>> {
    conn.prepare_cached(
        "SELECT photo_id, flagged, similar_to FROM visit_photos WHERE entered_by = :me AND client_id = :c
         UNION ALL SELECT photo_id, 0, NULL FROM proposal_photos WHERE entered_by = :me AND client_id = :c",
    )?
    .query_row(named_params! { ":me": me, ":c": client_id }, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
    .optional()
}

/// The visit the caller saved under `client_id`, if it is in the caller's scope.
pub fn visit_by_client_id(conn: &Connection, scope: Scope, me: UserId, client_id: &str) -> rusqlite::Result<Option<PhotoVisit>> {
    let sql = format!(
        "SELECT v.visit_id, v.customer_id, v.agent_id FROM visits v WHERE v.entered_by = :me AND v.client_id = :c AND {}",
        scope.condition("v.agent_id")
    );
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":me": me, ":c": client_id }), visit).optional()
}

/// The visit `visit_id`, if it is in the caller's scope.
pub fn visit_by_id(conn: &Connection, scope: Scope, visit_id: i64) -> rusqlite::Result<Option<PhotoVisit>> {
    let sql =
        format!("SELECT v.visit_id, v.customer_id, v.agent_id FROM visits v WHERE v.visit_id = :v AND {}", scope.condition("v.agent_id"));
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":v": visit_id }), visit).optional()
}

fn visit(r: &rusqlite::Row) -> rusqlite::Result<PhotoVisit> {
    Ok(PhotoVisit { visit_id: r.get(0)?, customer: r.get(1)?, agent: r.get(2)? })
}

/// How many photos a visit has.
pub fn photos_of_visit(conn: &Connection, visit_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM visit_photos WHERE visit_id = :v")?.query_row(named_params! { ":v": visit_id }, |r| r.get(0))
}

/// The photo a new one repeats, among those its sender may see (in `scope`, or sent by `me`): the
/// first with the same bytes, else the nearest (by perceptual hash, at most [`NEAR_BITS`] apart;
/// the older on a tie) among the customer's photos and the agent's of the last 30 days. Never one
/// the sender could not open: the answer names it.
pub fn similar_to(
    conn: &Connection,
    scope: Scope,
    me: UserId,
    sha256: &str,
    phash: i64,
    visit: PhotoVisit,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    let seen = visible(scope);
    let same: Option<i64> = conn
        .prepare_cached(&format!("SELECT MIN(p.photo_id) FROM visit_photos p WHERE p.sha256 = :s AND {seen}"))?
        .query_row(&*scope.with(named_params! { ":s": sha256, ":me": me }), |r| r.get(0))?;
    if same.is_some() {
        return Ok(same);
    }
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT p.photo_id, p.phash FROM visit_photos p WHERE p.customer_id = :c AND {seen}
         UNION SELECT p.photo_id, p.phash FROM visit_photos p WHERE p.agent_id = :a AND p.taken_at >= :since AND {seen}"
    ))?;
    let since = now - AGENT_WINDOW_S;
    let params = scope.with(named_params! { ":c": visit.customer, ":a": visit.agent, ":since": since, ":me": me });
    let rows = stmt.query_map(&*params, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
    let mut best: Option<(u32, i64)> = None;
    for row in rows {
        let (id, hash) = row?;
        let d = distance(hash, phash);
        if d <= NEAR_BITS && best.is_none_or(|(bd, bid)| (d, id) < (bd, bid)) {
            best = Some((d, id));
        }
    }
    Ok(best.map(|(_, id)| id))
}

/// The condition keeping photos (`p`) to those a caller may see: in their `scope` (bound as
/// `:scope_uid`), or sent by them (`:me`).
fn visible(scope: Scope) -> String {
    format!("({} OR p.entered_by = :me)", scope.condition("p.agent_id"))
}

/// A photo row to insert.
pub struct NewPhoto<'a> {
    pub visit: PhotoVisit,
    pub entered_by: UserId,
    pub client_id: &'a str,
    pub label: Option<&'a str>,
    pub taken_at: i64,
    pub received_at: i64,
    pub sha256: &'a str,
    pub phash: i64,
    pub bytes: i64,
    pub width: u32,
    pub height: u32,
    pub similar_to: Option<i64>,
}

pub fn insert(conn: &Connection, p: &NewPhoto) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO visit_photos (visit_id, customer_id, agent_id, entered_by, client_id, label, taken_at, received_at,
             sha256, phash, bytes, width, height, flagged, similar_to)
         VALUES (:v, :c, :a, :me, :cid, :label, :taken, :received, :sha, :phash, :bytes, :w, :h, :flagged, :similar)",
    )?
    .execute(named_params! {
        ":v": p.visit.visit_id, ":c": p.visit.customer, ":a": p.visit.agent, ":me": p.entered_by, ":cid": p.client_id,
        ":label": p.label, ":taken": p.taken_at, ":received": p.received_at, ":sha": p.sha256, ":phash": p.phash,
        ":bytes": p.bytes, ":w": p.width, ":h": p.height, ":flagged": p.similar_to.is_some(), ":similar": p.similar_to,
    })?;
    Ok(conn.last_insert_rowid())
}

/// The list's filters, checked.
#[derive(Debug, Default)]
pub struct ListFilter {
    pub buyer_id: Option<String>,
    /// `taken_at` window: from (inclusive) and to (exclusive), unix seconds.
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub label: Option<String>,
    pub flagged: Option<bool>,
    pub page: i64,
}

/// One page of photos (newest taken first) of `scope`.
pub fn page(conn: &Connection, scope: Scope, f: &ListFilter) -> AppResult<PhotoPage> {
    let condition = format!(
        "{} AND (:buyer IS NULL OR c.buyer_id = :buyer) AND (:from IS NULL OR p.taken_at >= :from)
         AND (:to IS NULL OR p.taken_at < :to) AND (:label IS NULL OR p.label = :label) AND (:flagged IS NULL OR p.flagged = :flagged)",
        scope.condition("p.agent_id")
    );
    let offset = (f.page.max(1) - 1) * PAGE_SIZE;
    let params: Vec<(&'static str, &dyn rusqlite::ToSql)> = vec![
        scope.param(),
        (":buyer", &f.buyer_id),
        (":from", &f.from),
        (":to", &f.to),
        (":label", &f.label),
        (":flagged", &f.flagged),
        (":limit", &PAGE_SIZE),
        (":offset", &offset),
    ];
    let tables = "visit_photos p JOIN customers c ON c.customer_id = p.customer_id JOIN users a ON a.uid = p.agent_id";
    let mut count = conn.prepare_cached(&format!("SELECT COUNT(*) FROM {tables} WHERE {condition}"))?;
    let used = crate::platform::db::only_used(&count, params.clone())?;
    let total_records: i64 = count.query_row(&used[..], |r| r.get(0))?;
    let sql = format!(
        "SELECT p.photo_id, p.visit_id, c.buyer_id, c.name, p.agent_id, a.name, p.label, p.taken_at, p.received_at, p.flagged, p.similar_to
         FROM {tables} WHERE {condition} ORDER BY p.taken_at DESC, p.photo_id DESC LIMIT :limit OFFSET :offset"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let used = crate::platform::db::only_used(&stmt, params)?;
    let data = stmt
        .query_map(&used[..], |r| {
            let photo_id: i64 = r.get(0)?;
            Ok(PhotoRow {
                photo_id,
                visit_id: r.get(1)?,
                buyer_id: r.get(2)?,
                buyer_name: r.get(3)?,
                agent_id: r.get(4)?,
                agent_name: r.get(5)?,
                label: r.get(6)?,
                taken_at: iso(r.get(7)?),
                received_at: iso(r.get(8)?),
                flagged: r.get(9)?,
                similar_to: r.get(10)?,
                thumb_url: photo_url(photo_id, true),
                url: photo_url(photo_id, false),
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(PhotoPage { data, total_records })
}

pub fn iso(ts: i64) -> String {
    chrono::DateTime::from_timestamp(ts, 0).unwrap_or_default().to_rfc3339()
}

/// The stored file (content hash) of a photo the caller may see: in `scope`, or sent by the
/// caller.
pub fn file_of(conn: &Connection, scope: Scope, me: UserId, photo_id: i64) -> rusqlite::Result<Option<String>> {
    let sql = format!("SELECT p.sha256 FROM visit_photos p WHERE p.photo_id = :p AND {}", visible(scope));
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":p": photo_id, ":me": me }), |r| r.get(0)).optional()
}

/// The photos of a visit, in the order they were sent.
pub fn of_visit(conn: &Connection, visit_id: i64) -> rusqlite::Result<Vec<VisitPhoto>> {
    conn.prepare_cached("SELECT photo_id, label, flagged FROM visit_photos WHERE visit_id = :v ORDER BY photo_id")?
        .query_map(named_params! { ":v": visit_id }, |r| {
            let photo_id: i64 = r.get(0)?;
            Ok(VisitPhoto {
                photo_id,
                thumb_url: photo_url(photo_id, true),
                url: photo_url(photo_id, false),
                label: r.get(1)?,
                flagged: r.get(2)?,
            })
        })?
        .collect()
}

/// The answer to a photo's send, from its row.
pub fn answer(photo_id: i64, duplicate: bool, flagged: bool, similar_to: Option<i64>) -> PhotoSaved {
    let msg = if flagged { super::messages::PHOTO_SAVED_FLAGGED } else { super::messages::PHOTO_SAVED };
    PhotoSaved { message: msg.text.to_string(), code: msg.code.to_string(), photo_id, duplicate, flagged, similar_to }
}

/// Deletes up to `limit` of the photos taken before `before` (the oldest ids first) in the open
/// transaction `tx`; a photo flagged as like one of them keeps its flag and loses the link. Gives
/// how many rows went and the content hashes they named (0: none left).
pub fn delete_piece_before(tx: &Connection, before: i64, limit: usize) -> rusqlite::Result<(usize, Vec<String>)> {
    let piece: Vec<(i64, String)> = tx
        .prepare_cached("SELECT photo_id, sha256 FROM visit_photos WHERE taken_at < :b ORDER BY photo_id LIMIT :n")?
        .query_map(named_params! { ":b": before, ":n": limit as i64 }, |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let ids = serde_json::to_string(&piece.iter().map(|(id, _)| id).collect::<Vec<_>>())
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
    tx.execute(
        "UPDATE visit_photos SET similar_to = NULL
         WHERE similar_to IN (SELECT value FROM json_each(:ids)) AND photo_id NOT IN (SELECT value FROM json_each(:ids))",
        named_params! { ":ids": ids },
    )?;
    let rows =
        tx.execute("DELETE FROM visit_photos WHERE photo_id IN (SELECT value FROM json_each(:ids))", named_params! { ":ids": ids })?;
    let mut hashes: Vec<String> = piece.into_iter().map(|(_, sha)| sha).collect();
    hashes.sort_unstable();
    hashes.dedup();
    Ok((rows, hashes))
}

/// Whether any photo row (of a visit or of a new shop) names the content hash.
pub fn hash_named(conn: &Connection, sha256: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM visit_photos WHERE sha256 = :s) OR EXISTS (SELECT 1 FROM proposal_photos WHERE sha256 = :s)",
    )?
    .query_row(named_params! { ":s": sha256 }, |r| r.get(0))
}

// ---- The photo of a new shop's front (decision 46) ----

/// The proposal the caller sent under `client_id` (only its proposer sends its photo), and
/// whether it has its photo already.
pub fn proposal_by_client_id(conn: &Connection, me: UserId, client_id: &str) -> rusqlite::Result<Option<(i64, bool)>> {
    conn.prepare_cached(
        "SELECT o.proposal_id, EXISTS (SELECT 1 FROM proposal_photos ph WHERE ph.proposal_id = o.proposal_id)
         FROM outlet_proposals o WHERE o.agent_id = :me AND o.client_id = :c",
    )?
    .query_row(named_params! { ":me": me, ":c": client_id }, |r| Ok((r.get(0)?, r.get(1)?)))
    .optional()
}

/// The row of a new shop's photo.
pub struct NewShopPhoto<'a> {
    pub proposal_id: i64,
    pub entered_by: UserId,
    pub client_id: &'a str,
    pub taken_at: i64,
    pub received_at: i64,
    pub sha256: &'a str,
    pub bytes: i64,
    pub width: u32,
    pub height: u32,
}

/// Keeps the photo of a new shop's front.
pub fn insert_shop_photo(conn: &Connection, p: &NewShopPhoto) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO proposal_photos (proposal_id, entered_by, client_id, taken_at, received_at, sha256, bytes, width, height)
         VALUES (:p, :me, :cid, :taken, :received, :sha, :bytes, :w, :h)",
    )?
    .execute(named_params! {
        ":p": p.proposal_id, ":me": p.entered_by, ":cid": p.client_id, ":taken": p.taken_at, ":received": p.received_at,
        ":sha": p.sha256, ":bytes": p.bytes, ":w": p.width, ":h": p.height,
    })?;
    Ok(conn.last_insert_rowid())
}

/// The stored file (its hash) of the photo of proposal `proposal_id`, if the proposal is in
/// `scope` (by its agent).
pub fn shop_photo_file(conn: &Connection, scope: Scope, proposal_id: i64) -> rusqlite::Result<Option<String>> {
    let sql = format!(
        "SELECT ph.sha256 FROM proposal_photos ph JOIN outlet_proposals o ON o.proposal_id = ph.proposal_id
         WHERE ph.proposal_id = :p AND {}",
        scope.condition("o.agent_id")
    );
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":p": proposal_id }), |r| r.get(0)).optional()
}
