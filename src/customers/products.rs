//! Product search and the price comparison tab of the visit screen.

use axum::extract::State;
use rusqlite::named_params;
use serde::{Deserialize, Serialize};

use super::access::visible_customer;
use crate::auth::session::CurrentUser;
use crate::clock;
use crate::error::AppResult;
use crate::extract::{Json, Path, Query};
use crate::rights;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductQuery {
    pub query: String,
    pub product_name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSuggestion {
    pub product_name: String,
    pub sku: Option<String>,
    pub display: String,
}

/// `GET /users/product/search?query=` (customer_visit): up to 10 products whose name starts with
/// the text or has a word starting with it. Retired products (`active` 0) leave the list.
#[utoipa::path(get, path = "/users/product/search", tag = "customers", summary = "Up to 10 products matching the text", params(ProductQuery),
    responses(
        (status = 200, description = "OK", body = Vec<ProductSuggestion>)
    ))]
pub async fn search(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ProductQuery>,
) -> AppResult<Json<Vec<ProductSuggestion>>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let text = q.query.trim().to_string();
    if text.is_empty() {
        return Ok(Json(Vec::new()));
    }
    // LIKE wildcards typed by the user are taken literally.
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    state
        .db(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT name, sku FROM products
                 WHERE active = 1 AND (name LIKE :prefix ESCAPE '\\' OR name LIKE :word ESCAPE '\\')
                 ORDER BY name LIKE :prefix ESCAPE '\\' DESC, name LIMIT 10",
            )?;
            let rows = stmt.query_map(named_params! { ":prefix": format!("{escaped}%"), ":word": format!("% {escaped}%") }, |r| {
                let (name, sku): (String, Option<String>) = (r.get(0)?, r.get(1)?);
                let display = match &sku {
                    Some(s) if !s.is_empty() => format!("{name} ({s})"),
                    _ => name.clone(),
                };
                Ok(ProductSuggestion { product_name: name, sku, display })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceRow {
    pub last_order_date: String,
    pub product: String,
    pub unit_price: f64,
    pub distributor_name: String,
    pub fao_name: Option<String>,
}

/// `GET /users/product/pricecomparison/{buyerId}?productName=` (customer_visit): the latest price
/// of the product at each distributor over the last 90 days, in the customer's country, cheapest first.
#[utoipa::path(get, path = "/users/product/pricecomparison/{id}", tag = "customers", summary = "Latest price of a product at each distributor (90 days)", params(ProductQuery, ("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = Vec<PriceRow>),
        (status = 404, description = "No such customer among the caller's", body = crate::api::ErrorBody)
    ))]
pub async fn price_comparison(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(buyer_id): Path<String>,
    Query(q): Query<ProductQuery>,
) -> AppResult<Json<Vec<PriceRow>>> {
    user.require(rights::CUSTOMER_VISIT)?;
    let scope = user.scope();
    let product = q.product_name.trim().to_string();
    let since = (clock::today() - chrono::Days::new(90)).format("%Y-%m-%d").to_string();
    state
        .db(move |conn| {
            let (customer, _) = visible_customer(conn, scope, &buyer_id)?;
            let mut stmt = conn.prepare_cached(
                "SELECT order_date, product_name, unit_price, seller_name, fao_name FROM (
                     SELECT o.*, ROW_NUMBER() OVER (PARTITION BY o.seller_name ORDER BY o.order_date DESC, o.line_id DESC) AS n
                     FROM order_lines o JOIN customers c ON c.customer_id = o.customer_id
                     WHERE o.product_name = :product AND o.order_date >= :since
                       AND c.country_id IS (SELECT country_id FROM customers WHERE customer_id = :customer))
                 WHERE n = 1 ORDER BY unit_price, seller_name",
            )?;
            let rows = stmt.query_map(named_params! { ":product": product, ":since": since, ":customer": customer }, |r| {
                Ok(PriceRow {
                    last_order_date: r.get(0)?,
                    product: r.get(1)?,
                    unit_price: r.get(2)?,
                    distributor_name: r.get(3)?,
                    fao_name: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
        .map(Json)
}
