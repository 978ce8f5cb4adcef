//! The schemes' SQL: the versions in force on a day (what the engine prices with), and the
//! master's reads and writes. A scheme is kept as versions (`schemes`, step 34): a save of an
//! existing scheme and an end each add the next version and supersede the one before, so an order
//! keeps the version it was priced with; the triggers raise the set's version (`scheme_set`).
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use rusqlite::{named_params, Connection, OptionalExtension};

use super::messages::*;
use super::types::{ApiScheme, SchemeDetail, SchemeListed, SchemePage, SchemeVersion};
use crate::platform::error::{AppError, AppResult};
use crate::pricing::Scheme;

/// Schemes a page of the list shows (as the product master's).
pub const PAGE_SIZE: i64 = 30;

/// The schemes in force last read, per database file: the set's version and the day they were
/// read for, and the schemes. Every quote and booking prices with them; reading and parsing the
/// dozen bodies again for each was a tenth of a quote's work (issue #56).
type InForce = (i64, String, Arc<Vec<Scheme>>);
static LAST_READ: LazyLock<Mutex<HashMap<String, InForce>>> = LazyLock::new(Default::default);

/// The scheme versions in force on `on` (`YYYY-MM-DD`, the company's local date), with the
/// version of the whole set they belong to. Rows whose body no longer reads (never written so) are
/// an error, not skipped: an order must not be priced without a scheme it should have.
///
/// Read again only when the set's version or the day moves: every write to `schemes` raises the
/// version (its triggers), in this process or another.
pub fn in_force(conn: &Connection, on: &str) -> anyhow::Result<(i64, Arc<Vec<Scheme>>)> {
    let set_version: i64 = conn.prepare_cached("SELECT version FROM scheme_set WHERE only = 1")?.query_row([], |row| row.get(0))?;
    let file = conn.path().unwrap_or_default().to_string();
    let last = LAST_READ.lock().unwrap_or_else(|e| e.into_inner()).get(&file).cloned();
    if let Some((version, _, schemes)) = last.filter(|(version, day, _)| *version == set_version && day == on) {
        return Ok((version, schemes));
    }
    let mut stmt = conn.prepare_cached(
        "SELECT body FROM schemes
         WHERE superseded_at IS NULL AND valid_from <= :on AND (valid_to IS NULL OR valid_to >= :on)
         ORDER BY priority DESC, scheme_id",
    )?;
    let bodies = stmt.query_map(named_params! {":on": on}, |row| row.get::<_, String>(0))?;
    let mut schemes = Vec::new();
    for body in bodies {
        schemes.push(serde_json::from_str(&body?)?);
    }
    let schemes = Arc::new(schemes);
    // An in-memory database has no file: its schemes are read each time.
    if !file.is_empty() {
        LAST_READ.lock().unwrap_or_else(|e| e.into_inner()).insert(file, (set_version, on.to_string(), schemes.clone()));
    }
    Ok((set_version, schemes))
}

/// Where a scheme stands on `:today`: ended (its last day past, or withdrawn before it began),
/// upcoming, or active.
const STATUS: &str = "CASE WHEN valid_to IS NOT NULL AND (valid_to < :today OR valid_to < valid_from) THEN 'ended'
                           WHEN valid_from > :today THEN 'upcoming' ELSE 'active' END";

fn body_of(text: &str) -> AppResult<Scheme> {
    serde_json::from_str(text).map_err(|e| AppError::Internal(anyhow::anyhow!("a stored scheme body does not read: {e}")))
}

/// Refuses a scheme that names a product, distributor or customer that does not exist (a 400
/// with the first one missing).
pub fn check_names(conn: &Connection, s: &Scheme) -> AppResult<()> {
    let mut product = conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM products WHERE product_id = :id)")?;
    let named = s.products.iter().chain(&s.free_product_id).chain(s.components.iter().map(|c| &c.product_id));
    for id in named {
        if !product.query_row(named_params! { ":id": id }, |r| r.get::<_, bool>(0))? {
            let field = if Some(*id) == s.free_product_id {
                "freeProductId"
            } else if s.products.contains(id) {
                "products"
            } else {
                "components"
            };
            return Err(AppError::bad_request(SCHEME_PRODUCT_NOT_FOUND.with([("product", serde_json::json!(id))]).on(field)));
        }
    }
    let mut distributor = conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM distributors WHERE distributor_id = :id)")?;
    for id in &s.applies.distributor_ids {
        if !distributor.query_row(named_params! { ":id": id }, |r| r.get::<_, bool>(0))? {
            return Err(AppError::bad_request(SCHEME_DISTRIBUTOR_NOT_FOUND.with([("distributorId", serde_json::json!(id))]).on("applies")));
        }
    }
    let mut customer = conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM customers WHERE buyer_id = :b)")?;
    for buyer in &s.applies.buyer_ids {
        if !customer.query_row(named_params! { ":b": buyer }, |r| r.get::<_, bool>(0))? {
            return Err(AppError::bad_request(SCHEME_CUSTOMER_NOT_FOUND.with([("buyerId", serde_json::json!(buyer))]).on("applies")));
        }
    }
    Ok(())
}

/// The id of the scheme not ended on `today` named `name` (case aside), if any.
pub fn not_ended_named(conn: &Connection, name: &str, today: &str) -> AppResult<Option<i64>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT scheme_id FROM schemes WHERE superseded_at IS NULL AND name = :n COLLATE NOCASE AND {STATUS} <> 'ended'
             ORDER BY scheme_id LIMIT 1"
        ))?
        .query_row(named_params! { ":n": name, ":today": today }, |r| r.get(0))
        .optional()?)
}

/// The current version of scheme `id` and its body; a 404 when there is none.
fn current(conn: &Connection, id: i64) -> AppResult<(i64, Scheme)> {
    let found: Option<(i64, String)> = conn
        .prepare_cached("SELECT version, body FROM schemes WHERE scheme_id = :id AND superseded_at IS NULL")?
        .query_row(named_params! { ":id": id }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (version, body) = found.ok_or_else(|| AppError::not_found(SCHEME_NOT_FOUND))?;
    Ok((version, body_of(&body)?))
}

/// Stores `s` as the next version of its scheme (superseding the current one), or as version 1
/// of a new scheme when `s.scheme_id` is 0; the id and version stored. Its names must exist
/// (`check_names`) and its name be free among the schemes not ended (a 409).
pub fn save(conn: &Connection, mut s: Scheme, by: i64, now: i64, today: &str) -> AppResult<(i64, i64)> {
    check_names(conn, &s)?;
    if let Some(other) = not_ended_named(conn, &s.name, today)? {
        if other != s.scheme_id {
            return Err(AppError::conflict(SCHEME_NAME_TAKEN.on("name")));
        }
    }
    if s.scheme_id == 0 {
        s.scheme_id = conn.query_row("SELECT COALESCE(MAX(scheme_id), 0) + 1 FROM schemes", [], |r| r.get(0))?;
        s.version = 1;
    } else {
        let (version, _) = current(conn, s.scheme_id)?;
        s.version = version + 1;
    }
    insert(conn, &s, by, now)?;
    Ok((s.scheme_id, s.version))
}

/// Supersedes the current version of `s.scheme_id` (if any) and inserts `s` (its version set).
fn insert(conn: &Connection, s: &Scheme, by: i64, now: i64) -> AppResult<()> {
    conn.execute(
        "UPDATE schemes SET superseded_at = :now WHERE scheme_id = :id AND superseded_at IS NULL",
        named_params! { ":now": now, ":id": s.scheme_id },
    )?;
    let body = serde_json::to_string(s).map_err(|e| AppError::Internal(e.into()))?;
    conn.execute(
        "INSERT INTO schemes (scheme_id, version, name, kind, valid_from, valid_to, priority, body, created_by, created_at)
         VALUES (:id, :v, :n, :k, :from, :to, :p, :body, :by, :now)",
        named_params! {
            ":id": s.scheme_id, ":v": s.version, ":n": s.name, ":k": super::types::kind_name(s.kind), ":from": s.valid_from,
            ":to": s.valid_to, ":p": s.priority, ":body": body, ":by": by, ":now": now,
        },
    )?;
    Ok(())
}

/// Ends scheme `id` today: a new version whose last day is `today` (it applies no more from
/// tomorrow; one not begun yet never applies). One already ended (its last day today or before)
/// is a 409. The version made.
pub fn end(conn: &Connection, id: i64, by: i64, now: i64, today: &str) -> AppResult<i64> {
    let (version, mut s) = current(conn, id)?;
    if s.valid_to.as_deref().is_some_and(|to| to <= today) {
        return Err(AppError::conflict(SCHEME_ALREADY_ENDED));
    }
    s.valid_to = Some(today.to_string());
    s.version = version + 1;
    insert(conn, &s, by, now)?;
    Ok(s.version)
}

/// A page of the schemes (their current versions) from `offset`: `active` `Some(true)` those not
/// ended on `today`, `Some(false)` the ended ones, `None` all; those not ended first, by name.
pub fn page(conn: &Connection, active: Option<bool>, today: &str, offset: i64) -> AppResult<SchemePage> {
    let filter = format!("superseded_at IS NULL AND (:active IS NULL OR (({STATUS}) <> 'ended') = :active)");
    let total_records: i64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM schemes WHERE {filter}"))?
        .query_row(named_params! { ":active": active, ":today": today }, |r| r.get(0))?;
    let rows: Vec<(String, String)> = conn
        .prepare_cached(&format!(
            "SELECT body, {STATUS} AS status FROM schemes WHERE {filter}
             ORDER BY status = 'ended', name COLLATE NOCASE, scheme_id LIMIT :limit OFFSET :offset"
        ))?
        .query_map(named_params! { ":active": active, ":today": today, ":limit": PAGE_SIZE, ":offset": offset }, |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    let data = rows
        .into_iter()
        .map(|(body, status)| Ok(SchemeListed { scheme: ApiScheme::from(&body_of(&body)?), status }))
        .collect::<AppResult<_>>()?;
    Ok(SchemePage { data, total_records })
}

/// Scheme `id`: its current version, where it stands on `today`, and every version newest first.
pub fn detail(conn: &Connection, id: i64, today: &str) -> AppResult<SchemeDetail> {
    let found: Option<(String, String)> = conn
        .prepare_cached(&format!("SELECT body, {STATUS} FROM schemes WHERE scheme_id = :id AND superseded_at IS NULL"))?
        .query_row(named_params! { ":id": id, ":today": today }, |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (body, status) = found.ok_or_else(|| AppError::not_found(SCHEME_NOT_FOUND))?;
    let history = conn
        .prepare_cached(
            "SELECT s.version, s.valid_from, s.valid_to, s.created_at, u.name, s.superseded_at
             FROM schemes s LEFT JOIN users u ON u.uid = s.created_by WHERE s.scheme_id = :id ORDER BY s.version DESC",
        )?
        .query_map(named_params! { ":id": id }, |r| {
            Ok(SchemeVersion {
                version: r.get(0)?,
                valid_from: r.get(1)?,
                valid_to: r.get(2)?,
                created_at: crate::clock::iso(r.get(3)?),
                created_by: r.get(4)?,
                superseded_at: r.get::<_, Option<i64>>(5)?.map(crate::clock::iso),
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(SchemeDetail { scheme: ApiScheme::from(&body_of(&body)?), status, history })
}

/// The product a scheme upload's cell names: by SKU, else by name (case aside).
pub fn product_named(conn: &Connection, text: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT product_id FROM products WHERE sku = :t OR name = :t COLLATE NOCASE ORDER BY sku = :t DESC, product_id LIMIT 1",
    )?
    .query_row(named_params! { ":t": text }, |r| r.get(0))
    .optional()
}
