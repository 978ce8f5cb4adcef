//! The SQL of customer info: submissions, their files, the review.

use rusqlite::{named_params, Connection, OptionalExtension};

use crate::clock;
use crate::customers::types::{HistoryRow, ReviewRow};
use crate::platform::ids::CustomerId;
use crate::platform::scope::Scope;

/// The live sub types of info type `info_type`.
pub(super) fn live_sub_types(conn: &Connection, info_type: i64) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached("SELECT info_sub_id FROM info_sub_types WHERE info_id = :t AND is_retired = 0")?
        .query_map(named_params! { ":t": info_type }, |r| r.get(0))?
        .collect()
}

/// Whether info type `info_type` exists and is not retired.
pub(super) fn info_type_is_live(conn: &Connection, info_type: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .query_row("SELECT 1 FROM info_types WHERE info_id = :t AND is_retired = 0", named_params! { ":t": info_type }, |_| Ok(()))
        .optional()?
        .is_some())
}

/// Adds a submission by `me` about `customer`: its id.
pub(super) fn insert_info(
    tx: &Connection,
    customer: CustomerId,
    me: i64,
    info_type: i64,
    remark: Option<String>,
    (lat, lng): (Option<f64>, Option<f64>),
) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO customer_info (customer_id, entered_by, info_type_id, remark, latitude, longitude, created_at)
         VALUES (:c, :me, :t, :remark, :lat, :lng, :now)",
        named_params! {
            ":c": customer, ":me": me, ":t": info_type, ":remark": remark,
            ":lat": lat, ":lng": lng, ":now": crate::now(),
        },
    )?;
    Ok(tx.last_insert_rowid())
}

pub(super) fn add_sub_type(tx: &Connection, info: i64, sub: i64) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR IGNORE INTO customer_info_sub_types (info_id, info_sub_id) VALUES (:i, :s)",
        named_params! { ":i": info, ":s": sub },
    )?;
    Ok(())
}

/// Adds a stored file to submission `info`; fails when its slot is taken.
pub(super) fn add_file(tx: &Connection, info: i64, slot: i64, name: &str, original: &str) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO customer_info_files (info_id, slot, file_name, original_name) VALUES (:i, :slot, :name, :orig)",
        named_params! { ":i": info, ":slot": slot, ":name": name, ":orig": original },
    )?;
    Ok(())
}

/// The last 3 submissions about `customer`.
pub(super) fn history(conn: &Connection, customer: CustomerId) -> rusqlite::Result<Vec<HistoryRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT i.created_at, t.name, i.remark, i.admin_status FROM customer_info i
         JOIN info_types t ON t.info_id = i.info_type_id
         WHERE i.customer_id = :c ORDER BY i.created_at DESC, i.id DESC LIMIT 3",
    )?;
    let rows = stmt.query_map(named_params! { ":c": customer }, |r| {
        Ok(HistoryRow { date: clock::date_and_time(r.get(0)?).0, info_type: r.get(1)?, remark: r.get(2)?, super_admin_status: r.get(3)? })
    })?;
    rows.collect()
}

/// A page of submissions, newest first.
pub(super) fn review_rows(conn: &Connection, offset: i64, limit: i64) -> rusqlite::Result<Vec<ReviewRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT i.id, c.buyer_id, c.name, TRIM(COALESCE(c.address1, '') || ' ' || COALESCE(c.city, '')), c.mobile, t.name,
                (SELECT GROUP_CONCAT(s.name, ', ') FROM customer_info_sub_types x
                 JOIN info_sub_types s ON s.info_sub_id = x.info_sub_id WHERE x.info_id = i.id),
                i.remark,
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 1),
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 2),
                (SELECT file_name FROM customer_info_files WHERE info_id = i.id AND slot = 3),
                i.created_at, i.admin_status
         FROM customer_info i JOIN customers c ON c.customer_id = i.customer_id
         JOIN info_types t ON t.info_id = i.info_type_id
         ORDER BY i.created_at DESC, i.id DESC LIMIT :limit OFFSET :offset",
    )?;
    let rows = stmt.query_map(named_params! { ":limit": limit, ":offset": offset }, |r| {
        let file = |n: usize| -> rusqlite::Result<Option<String>> { Ok(r.get::<_, Option<String>>(n)?.as_deref().map(media_url)) };
        Ok(ReviewRow {
            id: r.get(0)?,
            buyer_id: r.get(1)?,
            buyer_name: r.get(2)?,
            address: r.get(3)?,
            mobile: r.get(4)?,
            info_type: r.get(5)?,
            sub_types: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
            remark: r.get(7)?,
            image1: file(8)?,
            image2: file(9)?,
            image3: file(10)?,
            customer_info_date: clock::date_and_time(r.get(11)?).0,
            super_admin_status: r.get(12)?,
        })
    })?;
    rows.collect()
}

/// How many submissions there are.
pub(super) fn submissions(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COUNT(*) FROM customer_info", [], |r| r.get(0))
}

/// Sets submission `id`'s review status: the rows changed (0: no such submission).
pub(super) fn set_status(conn: &Connection, id: i64, status: &str, me: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE customer_info SET admin_status = :s, status_by = :me, status_at = :now WHERE id = :id",
        named_params! { ":s": status, ":me": me, ":now": crate::now(), ":id": id },
    )
}

/// The area (`info` or `delivery`) and original name of a stored file, if the caller may see it:
/// an info file when its customer is in `scope` (reviewers: any), a delivery picture when its
/// customer is in `scope`.
pub(super) fn media_file(conn: &Connection, scope: Scope, reviewer: bool, name: &str) -> rusqlite::Result<Option<(String, String)>> {
    let in_scope = scope.condition("c.agent_id");
    conn.query_row(
        &format!(
            "SELECT 'info', f.original_name FROM customer_info_files f JOIN customer_info i ON i.id = f.info_id
             JOIN customers c ON c.customer_id = i.customer_id
             WHERE f.file_name = :name AND (:reviewer OR {in_scope})
             UNION ALL
             SELECT 'delivery', d.order_id || '.' || substr(d.image_name, 34) FROM deliveries d
             JOIN customers c ON c.customer_id = d.customer_id
             WHERE d.image_name = :name AND {in_scope}
             LIMIT 1"
        ),
        &*scope.with(named_params! { ":name": name, ":reviewer": reviewer }),
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

fn media_url(name: &str) -> String {
    crate::platform::api::url(format_args!("/users/media?fileName={name}"))
}
