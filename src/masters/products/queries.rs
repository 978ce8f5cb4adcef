//! SQL of the product catalogue: a page of products, and saving one (prices in paise).

use rusqlite::{named_params, Connection, OptionalExtension};

use super::messages::{PRODUCT_NAME_TAKEN, PRODUCT_NOT_FOUND};
use super::types::{Product, ProductPage};
use crate::platform::error::{AppError, AppResult};
use crate::platform::money::Money;
use crate::platform::rows::FromRow;

/// Products a page shows.
pub const PAGE_SIZE: i64 = 30;

/// Every product (`all`) or the active ones, whose name, SKU or category is LIKE `pattern`
/// (`None`: any), a page by name from `offset`.
pub fn page(conn: &Connection, all: bool, pattern: Option<&str>, offset: i64) -> AppResult<ProductPage> {
    const WHERE: &str = "(:all OR active = 1) AND (:p IS NULL OR name LIKE :p ESCAPE '\\' OR sku LIKE :p ESCAPE '\\'
                         OR category LIKE :p ESCAPE '\\')";
    let total_records: i64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM products WHERE {WHERE}"))?
        .query_row(named_params! { ":all": all, ":p": pattern }, |r| r.get(0))?;
    let data = conn
        .prepare_cached(&format!(
            "SELECT product_id, name, sku, price_paise, pack_size, category, active, hsn, gst_rate_bp FROM products WHERE {WHERE}
             ORDER BY name LIMIT :limit OFFSET :offset"
        ))?
        .query_map(named_params! { ":all": all, ":p": pattern, ":limit": PAGE_SIZE, ":offset": offset }, Product::from_row)?
        .collect::<Result<_, _>>()?;
    Ok(ProductPage { data, total_records })
}

/// A product as saved: `id` `None` creates one; `active` `None` keeps it (a new one is active).
#[derive(Debug, Clone)]
pub struct ProductFields {
    pub id: Option<i64>,
    pub name: String,
    pub sku: Option<String>,
    pub price: Option<Money>,
    pub pack_size: Option<i64>,
    pub category: Option<String>,
    pub active: Option<bool>,
    /// `None` keeps it (a new product has none), `Some(None)` removes it.
    pub hsn: Option<Option<String>>,
    /// Basis points; `None` keeps it (a new product's is 0).
    pub gst_rate_bp: Option<i64>,
}

/// Creates or updates a product; its id. Another product's name is a 409, an unknown id a 404.
pub fn save(conn: &Connection, p: &ProductFields) -> AppResult<i64> {
    let taken: Option<i64> = conn
        .prepare_cached("SELECT product_id FROM products WHERE name = :n")?
        .query_row(named_params! { ":n": p.name }, |r| r.get(0))
        .optional()?;
    if taken.is_some_and(|t| Some(t) != p.id) {
        return Err(AppError::conflict(PRODUCT_NAME_TAKEN.on("productName")));
    }
    let (hsn_set, hsn) = (p.hsn.is_some(), p.hsn.clone().flatten());
    let params = named_params! {
        ":id": p.id, ":n": p.name, ":sku": p.sku, ":price": p.price, ":pack": p.pack_size, ":cat": p.category, ":active": p.active,
        ":hsn_set": hsn_set, ":hsn": hsn, ":rate": p.gst_rate_bp,
    };
    match p.id {
        None => {
            conn.execute(
                "INSERT INTO products (name, sku, price_paise, pack_size, category, active, hsn, gst_rate_bp)
                 VALUES (:n, :sku, :price, :pack, :cat, COALESCE(:active, 1), :hsn, COALESCE(:rate, 0))",
                &*[&params[1..7], &params[8..]].concat(),
            )?;
            Ok(conn.last_insert_rowid())
        }
        Some(id) => {
            let changed = conn.execute(
                "UPDATE products SET name = :n, sku = :sku, price_paise = :price, pack_size = :pack, category = :cat,
                        active = COALESCE(:active, active), hsn = CASE WHEN :hsn_set THEN :hsn ELSE hsn END,
                        gst_rate_bp = COALESCE(:rate, gst_rate_bp)
                 WHERE product_id = :id",
                params,
            )?;
            if changed == 0 {
                return Err(AppError::not_found(PRODUCT_NOT_FOUND));
            }
            Ok(id)
        }
    }
}

/// A row of the Product Master upload (`uploads::kinds::PRODUCT` names the parameters): an empty
/// cell keeps what is stored.
pub fn upsert_uploaded(conn: &Connection, params: &[(&str, &dyn rusqlite::ToSql)]) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO products (name, sku, price_paise, pack_size, category, active, hsn, gst_rate_bp)
         VALUES (:n, :s, :p, :pack, :cat, COALESCE(:a, 1), :hsn, COALESCE(:rate, 0))
         ON CONFLICT (name) DO UPDATE SET sku = excluded.sku, price_paise = COALESCE(:p, price_paise),
             pack_size = COALESCE(:pack, pack_size), category = COALESCE(:cat, category), active = COALESCE(:a, active),
             hsn = COALESCE(:hsn, hsn), gst_rate_bp = COALESCE(:rate, gst_rate_bp)",
    )?
    .execute(params)
}
