//! The product catalogue's endpoints: HTTP only (the SQL is in `queries`).

use axum::extract::State;

use super::messages::*;
use super::queries::{self, ProductFields};
use super::types::{ProductPage, ProductQuery, SaveProduct};
use crate::auth::session::CurrentUser;
use crate::masters::queries::saved_answer;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{Json, Query};
use crate::platform::money::{Least, Money};
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::platform::validate::{max_len, required};

const READ_RIGHTS: &[crate::platform::rights::Right] = &[rights::PRODUCT_MASTER, rights::ORDER_BOOKING];
pub use super::queries::PAGE_SIZE;

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
    let search = crate::platform::validate::nonblank(q.search);
    // LIKE wildcards typed by the user are taken literally.
    let pattern = search.map(|s| format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    let offset = (q.page_number.unwrap_or(1).max(1) - 1) * PAGE_SIZE;
    state.db(move |conn| queries::page(conn, all, pattern.as_deref(), offset)).await.map(Json)
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
        crate::platform::api::MissingField,
        (status = 404, description = "The product to update does not exist", body = crate::platform::api::ErrorBody),
        (status = 409, description = "A product with this name already exists", body = crate::platform::api::ErrorBody)
    ))]
pub async fn save(State(state): State<AppState>, user: CurrentUser, Json(req): Json<SaveProduct>) -> AppResult<Json<ProductSaved>> {
    user.require(rights::PRODUCT_MASTER)?;
    let name = required(&req.product_name, PRODUCT_NAME_REQUIRED.on("productName"))?;
    max_len(&name, 200, PRODUCT_NAME_TOO_LONG.on("productName"))?;
    let text = |v: Option<String>, max: usize, refusal: crate::platform::error::Problem| -> AppResult<Option<String>> {
        let v = crate::platform::validate::nonblank(v);
        if let Some(v) = &v {
            max_len(v, max, refusal)?;
        }
        Ok(v)
    };
    let sku = text(req.sku, 64, PRODUCT_SKU_TOO_LONG.on("sku"))?;
    let category = text(req.category, 100, PRODUCT_CATEGORY_TOO_LONG.on("category"))?;
    // The one rule for amounts (`money::checked`): 0 or more, two places, the company's maximum.
    let price = req
        .price
        .0
        .map(|p| crate::platform::money::checked(Money::from_f64_exact(p), Least::Zero, state.config.max_amount))
        .transpose()
        .map_err(|refusal| AppError::bad_request(refusal.problem("Price", PRODUCT_PRICE_OUT_OF_RANGE).on("price")))?;
    let pack_size = match req.pack_size.0 {
        None => None,
        Some(p) if p.fract() == 0.0 && (1.0..=1_000_000.0).contains(&p) => Some(p as i64),
        Some(_) => return Err(AppError::bad_request(PRODUCT_PACK_SIZE_INVALID.on("packSize"))),
    };
    let hsn = match req.hsn.as_deref().map(str::trim) {
        None => None,
        Some("") => Some(None),
        Some(v) => Some(Some(
            crate::platform::taxids::check_hsn(v)
                .ok_or_else(|| AppError::bad_request(crate::platform::taxids::hsn_problem(v).on("hsn")))?,
        )),
    };
    let gst_rate_bp = req
        .gst_rate_bp
        .0
        .map(|r| {
            crate::platform::taxids::check_gst_rate_bp(r)
                .ok_or_else(|| AppError::bad_request(crate::platform::taxids::gst_rate_problem(r).on("gstRateBp")))
        })
        .transpose()?;
    let fields = ProductFields {
        id: req.product_id.filter(|id| *id > 0),
        name,
        sku,
        price,
        pack_size,
        category,
        active: req.active,
        hsn,
        gst_rate_bp,
    };
    let product_id = state.db(move |conn| queries::save(conn, &fields)).await?;
    Ok(Json(ProductSaved { message: PRODUCT_SAVED.text.into(), product_id }))
}
