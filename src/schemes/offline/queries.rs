//! The SQL of the phone's copy of schemes and rates.
use rusqlite::{named_params, Connection};

use crate::platform::error::{AppError, AppResult};
use crate::platform::money::Money;
use crate::platform::scope::Scope;
use crate::pricing::Scheme;

/// A product's id, price (before GST), GST rate and HSN.
pub type ProductRates = (i64, Money, i64, Option<String>);

/// The set's version, the schemes not ended by `today` (not superseded) that can apply to a
/// customer of `scope`, and the active priced products; read in one transaction, so the version
/// names exactly these schemes.
pub fn copy(conn: &mut Connection, scope: Scope, today: &str) -> AppResult<(i64, Vec<Scheme>, Vec<ProductRates>)> {
    let tx = conn.transaction()?;
    let set_version: i64 = tx.query_row("SELECT version FROM scheme_set WHERE only = 1", [], |r| r.get(0))?;
    let bodies: Vec<String> = tx
        .prepare_cached(
            "SELECT body FROM schemes WHERE superseded_at IS NULL AND (valid_to IS NULL OR valid_to >= :today)
             ORDER BY priority DESC, scheme_id",
        )?
        .query_map(named_params! { ":today": today }, |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let in_scope = scope.condition("c.agent_id");
    let mut theirs = tx.prepare_cached(&format!(
        "SELECT EXISTS (SELECT 1 FROM customers c WHERE c.buyer_id IN (SELECT value FROM json_each(:buyers)) AND {in_scope})"
    ))?;
    let mut schemes = Vec::with_capacity(bodies.len());
    for body in bodies {
        let scheme: Scheme = serde_json::from_str(&body).map_err(|e| AppError::Internal(e.into()))?;
        let buyers = &scheme.applies.buyer_ids;
        if !buyers.is_empty() {
            let list = serde_json::to_string(buyers).map_err(|e| AppError::Internal(e.into()))?;
            let ours: bool = theirs.query_row(&*scope.with(named_params! { ":buyers": list }), |r| r.get(0))?;
            if !ours {
                continue;
            }
        }
        schemes.push(scheme);
    }
    drop(theirs);
    let products = tx
        .prepare_cached(
            "SELECT product_id, price_paise, gst_rate_bp, hsn FROM products WHERE active AND price_paise IS NOT NULL ORDER BY product_id",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    tx.commit()?;
    Ok((set_version, schemes, products))
}
