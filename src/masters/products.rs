//! The product catalogue (`/master/product`, issue #18): products with their price, pack size,
//! category and whether they are still sold. Readable by everyone who books orders or keeps the
//! product master; changed with the product master's right. Products are never deleted (orders
//! name them): `active: false` retires one.

use axum::extract::State;
use rusqlite::{named_params, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::table::saved_answer;
use crate::auth::session::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::extract::{Json, Query};
use crate::lenient;
use crate::rights;
use crate::state::AppState;
use crate::validate::{max_len, required};

const READ_RIGHTS: &[crate::rights::Right] = &[rights::PRODUCT_MASTER, rights::ORDER_BOOKING];
/// Products a page shows.
pub const PAGE_SIZE: i64 = 30;
/// The highest unit price the catalogue takes.
const MAX_PRICE: f64 = 10_000_000.0;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub product_id: i64,
    pub product_name: String,
    pub sku: Option<String>,
    /// Per unit; null until set (such a product cannot be ordered).
    pub price: Option<f64>,
    /// Units per case.
    pub pack_size: Option<i64>,
    pub category: Option<String>,
    /// False: retired, no longer orderable.
    pub active: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    pub data: Vec<Product>,
    pub total_records: i64,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductQuery {
    /// Part of the name, SKU or category.
    pub search: Option<String>,
    pub page_number: lenient::Int,
}

/// `GET /master/product?search=&pageNumber=` (product_master or order_booking): 30 products a
/// page by name. Those who keep the product master see retired products too; order takers see
/// the active ones.
#[utoipa::path(get, path = "/master/product", tag = "masters", summary = "A page of 30 products by name, with prices", params(ProductQuery),
    responses(
        (status = 200, description = "OK", body = ProductPage)
    ))]
pub async fn list(State(state): State<AppState>, user: CurrentUser, Query(q): Query<ProductQuery>) -> AppResult<Json<ProductPage>> {
    user.require_any(READ_RIGHTS)?;
    let all = user.has_right(rights::PRODUCT_MASTER);
    let search = q.search.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    // LIKE wildcards typed by the user are taken literally.
    let pattern = search.map(|s| format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    let offset = (q.page_number.unwrap_or(1).max(1) - 1) * PAGE_SIZE;
    state
        .db(move |conn| {
            const WHERE: &str = "(:all OR active = 1) AND (:p IS NULL OR name LIKE :p ESCAPE '\\' OR sku LIKE :p ESCAPE '\\'
                                 OR category LIKE :p ESCAPE '\\')";
            let total_records: i64 = conn
                .prepare_cached(&format!("SELECT COUNT(*) FROM products WHERE {WHERE}"))?
                .query_row(named_params! { ":all": all, ":p": pattern }, |r| r.get(0))?;
            let data = conn
                .prepare_cached(&format!(
                    "SELECT product_id, name, sku, price, pack_size, category, active FROM products WHERE {WHERE}
                     ORDER BY name LIMIT :limit OFFSET :offset"
                ))?
                .query_map(named_params! { ":all": all, ":p": pattern, ":limit": PAGE_SIZE, ":offset": offset }, |r| {
                    Ok(Product {
                        product_id: r.get(0)?,
                        product_name: r.get(1)?,
                        sku: r.get(2)?,
                        price: r.get(3)?,
                        pack_size: r.get(4)?,
                        category: r.get(5)?,
                        active: r.get(6)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(ProductPage { data, total_records })
        })
        .await
        .map(Json)
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveProduct {
    /// Absent or 0: a new product.
    pub product_id: lenient::Int,
    pub product_name: Option<String>,
    pub sku: Option<String>,
    pub price: lenient::Number,
    pub pack_size: lenient::Number,
    pub category: Option<String>,
    /// Absent: true for a new product, unchanged for an existing one.
    pub active: Option<bool>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated product.
    ProductSaved,
    product_id
);

/// `POST /master/product` (product_master): creates a product, or with `productId` updates it.
#[utoipa::path(post, path = "/master/product", tag = "masters", summary = "Create or update a product",
    responses(
        (status = 200, description = "Saved", body = ProductSaved),
        (status = 400, description = "A field is missing or not valid", body = crate::api::ErrorBody),
        (status = 404, description = "The product to update does not exist", body = crate::api::ErrorBody),
        (status = 409, description = "A product with this name already exists", body = crate::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveProduct>) -> AppResult<Json<ProductSaved>> {
    user.require(rights::PRODUCT_MASTER)?;
    let name = required(&req.product_name, "Product Name is required")?;
    max_len(&name, 200, "Product Name is limited to a maximum of 200 characters.")?;
    let text = |v: Option<String>, max: usize, message: &'static str| -> AppResult<Option<String>> {
        let v = v.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        if let Some(v) = &v {
            max_len(v, max, message)?;
        }
        Ok(v)
    };
    let sku = text(req.sku, 64, "SKU is limited to a maximum of 64 characters.")?;
    let category = text(req.category, 100, "Category is limited to a maximum of 100 characters.")?;
    if let Some(p) = req.price.0 {
        if !(p.is_finite() && (0.0..=MAX_PRICE).contains(&p)) {
            return Err(AppError::bad_request("Price must be a number from 0 to 10,000,000."));
        }
    }
    let price = req.price.map(crate::cents);
    let pack_size = match req.pack_size.0 {
        None => None,
        Some(p) if p.fract() == 0.0 && (1.0..=1_000_000.0).contains(&p) => Some(p as i64),
        Some(_) => return Err(AppError::bad_request("Pack Size must be a whole number of units, 1 or more.")),
    };
    let id = req.product_id.filter(|id| *id > 0);
    let active = req.active;
    state
        .db(move |conn| {
            let taken: Option<i64> = conn
                .prepare_cached("SELECT product_id FROM products WHERE name = :n")?
                .query_row(named_params! { ":n": name }, |r| r.get(0))
                .optional()?;
            if taken.is_some_and(|t| Some(t) != id) {
                return Err(AppError::Conflict("A product with this name already exists.".into()));
            }
            let params = named_params! {
                ":id": id, ":n": name, ":sku": sku, ":price": price, ":pack": pack_size, ":cat": category, ":active": active,
            };
            let product_id = match id {
                None => {
                    conn.execute(
                        "INSERT INTO products (name, sku, price, pack_size, category, active)
                         VALUES (:n, :sku, :price, :pack, :cat, COALESCE(:active, 1))",
                        &params[1..],
                    )?;
                    conn.last_insert_rowid()
                }
                Some(id) => {
                    let changed = conn.execute(
                        "UPDATE products SET name = :n, sku = :sku, price = :price, pack_size = :pack, category = :cat,
                                active = COALESCE(:active, active)
                         WHERE product_id = :id",
                        params,
                    )?;
                    if changed == 0 {
                        return Err(AppError::not_found("The product was not found."));
                    }
                    id
                }
            };
            Ok(ProductSaved { message: "Product saved.".into(), product_id })
        })
        .await
        .map(Json)
}
