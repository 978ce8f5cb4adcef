//! SQL of the upload area outside the kinds' own statements: the customer master export.

use std::path::Path;

use rusqlite::{named_params, Connection};
use rust_xlsxwriter::Workbook;

use super::kinds;
use crate::error::{AppError, AppResult};
use crate::scope::Scope;

/// Writes the customers of `scope`, in the customer upload's columns (so the file can be edited and
/// uploaded back), to the workbook at `path`.
pub fn write_customers(conn: &Connection, scope: Scope, path: &Path) -> AppResult<()> {
    let mut book = Workbook::new();
    {
        let sheet = book.add_worksheet_with_constant_memory();
        let fail = |e: rust_xlsxwriter::XlsxError| AppError::Internal(anyhow::anyhow!("writing the export: {e}"));
        for (i, column) in kinds::CUSTOMER.columns.iter().enumerate() {
            sheet.write_string(0, i as u16, column.header).map_err(fail)?;
        }
        let mut stmt = conn.prepare(&format!(
            "SELECT c.buyer_id, c.name, c.mobile, c.email, c.address1, c.address2, c.postal_code, c.city, c.state,
                    k.name, c.info, CAST(c.latitude AS TEXT), CAST(c.longitude AS TEXT), c.retailer_type, a.email,
                    CASE WHEN c.credit_limit_paise IS NOT NULL
                         THEN printf('%d.%02d', c.credit_limit_paise / 100, c.credit_limit_paise % 100) END
             FROM customers c LEFT JOIN countries k ON k.country_id = c.country_id
             LEFT JOIN users a ON a.uid = c.agent_id WHERE {} ORDER BY c.buyer_id",
            scope.condition("c.agent_id")
        ))?;
        let mut rows = stmt.query(named_params! { ":scope_uid": scope.uid() })?;
        let mut n = 0u32;
        while let Some(row) = rows.next()? {
            n += 1;
            for i in 0..16 {
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
