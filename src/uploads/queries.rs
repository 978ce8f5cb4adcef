//! SQL of the upload area outside the kinds' own statements: the record of each upload and how far
//! it got, and the customer master export.

use std::path::Path;

use rusqlite::{named_params, Connection, OptionalExtension};
use rust_xlsxwriter::Workbook;

use super::types::Column;
use crate::platform::error::{AppError, AppResult};
use crate::platform::scope::Scope;

/// Writes the customers of `scope`, under the customer upload's `columns` (so the file can be edited
/// and uploaded back), to the workbook at `path`.
pub fn write_customers(conn: &Connection, scope: Scope, columns: &[Column], path: &Path) -> AppResult<()> {
    let mut book = Workbook::new();
    {
        let sheet = book.add_worksheet_with_constant_memory();
        let fail = |e: rust_xlsxwriter::XlsxError| AppError::Internal(anyhow::anyhow!("writing the export: {e}"));
        for (i, column) in columns.iter().enumerate() {
            sheet.write_string(0, i as u16, column.header).map_err(fail)?;
        }
        let mut stmt = conn.prepare(&format!(
            "SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.postal_code, c.city, c.state,
                    k.name, c.info, CAST(c.latitude AS TEXT), CAST(c.longitude AS TEXT), c.retailer_type, a.email,
                    CASE WHEN c.credit_limit_paise IS NOT NULL
                         THEN printf('%d.%02d', c.credit_limit_paise / 100, c.credit_limit_paise % 100) END,
                    c.gstin
             FROM customers c LEFT JOIN countries k ON k.country_id = c.country_id
             LEFT JOIN users a ON a.uid = c.agent_id WHERE {} ORDER BY c.buyer_id",
            scope.condition("c.agent_id")
        ))?;
        let mut rows = stmt.query(&*scope.with(named_params! {}))?;
        let mut n = 0u32;
        while let Some(row) = rows.next()? {
            n += 1;
            for i in 0..17 {
                let value: Option<String> = row.get(i)?;
                if let Some(v) = value {
                    sheet.write_string(n, i as u16, &v).map_err(fail)?;
                }
            }
        }
    }
    book.save(path).map_err(|e| AppError::Internal(anyhow::anyhow!("saving the export: {e}")))?;
    Ok(())
}

/// Records an upload begun by `uploader` (with its first piece of rows); its id.
pub fn start_upload(conn: &Connection, kind: &str, uploader: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO uploads (kind, uploaded_by, uploaded_at, applied, rejected, state)
         VALUES (:kind, :by, :at, 0, 0, 'running') RETURNING upload_id",
    )?
    .query_row(named_params! { ":kind": kind, ":by": uploader, ":at": crate::now() }, |r| r.get(0))
}

/// Counts a piece of rows into its upload, with the piece.
pub fn advance_upload(conn: &Connection, upload: i64, applied: usize, rejected: usize, last_row: u32) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE uploads SET applied = applied + :applied, rejected = rejected + :rejected, last_row = :last WHERE upload_id = :id",
    )?
    .execute(named_params! { ":id": upload, ":applied": applied as i64, ":rejected": rejected as i64, ":last": last_row })?;
    Ok(())
}

/// The upload went through to its last row.
pub fn finish_upload(conn: &Connection, upload: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE uploads SET state = 'done' WHERE upload_id = :id", named_params! { ":id": upload })?;
    Ok(())
}

/// The upload stopped after the rows counted so far, for the reason `code` (in English `reason`).
pub fn stop_upload(conn: &Connection, upload: i64, code: &str, reason: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE uploads SET state = 'stopped', stopped_code = :code, stopped_reason = :reason WHERE upload_id = :id AND state = 'running'",
        named_params! { ":id": upload, ":code": code, ":reason": reason },
    )?;
    Ok(())
}

/// Uploads left running by a server that stopped (killed, or power lost) stopped where their last
/// piece was committed; how many.
pub fn stop_interrupted(conn: &Connection, why: crate::platform::error::Msg) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE uploads SET state = 'stopped', stopped_code = :code, stopped_reason = :reason WHERE state = 'running'",
        named_params! { ":code": why.code, ":reason": why.text },
    )
}

/// The latest upload of `kind` by `uploader`.
pub fn latest_upload(conn: &Connection, uploader: i64, kind: &str) -> rusqlite::Result<Option<super::types::UploadProgress>> {
    conn.query_row(
        "SELECT upload_id, state, applied, rejected, last_row, stopped_code, stopped_reason, uploaded_at FROM uploads
         WHERE uploaded_by = :by AND kind = :kind ORDER BY upload_id DESC LIMIT 1",
        named_params! { ":by": uploader, ":kind": kind },
        |r| {
            Ok(super::types::UploadProgress {
                upload_id: r.get(0)?,
                state: r.get(1)?,
                applied: r.get(2)?,
                rejected: r.get(3)?,
                last_row: r.get(4)?,
                stopped_code: r.get(5)?,
                stopped_reason: r.get(6)?,
                started_at: crate::clock::iso(r.get(7)?),
            })
        },
    )
    .optional()
}

/// The `customer_id` of the rows of a key `:key` that a kind's upsert would take over, one query a
/// kind, for [`taken_outside`].
pub const CUSTOMERS_OF_BUYER: &str = "SELECT customer_id FROM customers WHERE buyer_id = :key";
pub const DELIVERIES_OF_ORDER: &str = "SELECT customer_id FROM deliveries WHERE order_id = :key";
pub const LINES_OF_ORDER: &str = "SELECT customer_id FROM order_lines WHERE order_id = :key";
pub const INVOICES_OF_NUMBER: &str = "SELECT customer_id FROM invoices WHERE invoice_no = :key";

/// Whether the rows `rows` (one of the constants above) of the key `key` belong to a customer
/// outside `scope`.
pub fn taken_outside(conn: &Connection, scope: Scope, rows: &str, key: &str) -> rusqlite::Result<bool> {
    let sql = format!(
        "SELECT EXISTS (SELECT 1 FROM ({rows}) r JOIN customers c ON c.customer_id = r.customer_id WHERE NOT COALESCE({}, 0))",
        scope.condition("c.agent_id")
    );
    conn.prepare_cached(&sql)?.query_row(&*scope.with(named_params! { ":key": key }), |r| r.get(0))
}

/// The id of the country `name`.
pub fn country_id(conn: &Connection, name: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT country_id FROM countries WHERE name = :n")?
        .query_row(named_params! { ":n": name }, |r| r.get(0))
        .optional()
}

/// The uid of the live agent `email` inside `scope`.
pub fn agent_in_scope(conn: &Connection, scope: Scope, email: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(&format!(
        "SELECT a.uid FROM users a WHERE a.email = :e AND a.user_type_id = :agent AND a.is_deleted = 0 AND {}",
        scope.condition("a.uid")
    ))?
    .query_row(&*scope.with(named_params! { ":e": email, ":agent": crate::platform::rights::UserType::Agent }), |r| r.get(0))
    .optional()
}

/// Today's uploads with rejected rows, by `uploader` or by anyone (`None`), and the kind of the
/// latest of them (the screen to upload the fixed file on).
pub fn with_errors_since(conn: &Connection, since: i64, uploader: Option<i64>) -> rusqlite::Result<(i64, Option<String>)> {
    conn.query_row(
        "SELECT COUNT(*), (SELECT kind FROM uploads WHERE rejected > 0 AND uploaded_at >= :since
                              AND (:by IS NULL OR uploaded_by = :by) ORDER BY upload_id DESC LIMIT 1)
         FROM uploads WHERE rejected > 0 AND uploaded_at >= :since AND (:by IS NULL OR uploaded_by = :by)",
        named_params! { ":since": since, ":by": uploader },
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}
