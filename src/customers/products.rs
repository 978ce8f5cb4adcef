//! Product search and the price comparison tab of the visit screen.

mod queries;

use axum::extract::State;
use serde::{Deserialize, Serialize};

pub use self::queries::{latest_per_seller, Countries, LatestLine};
use super::access::customer_in_scope;
use crate::auth::session::CurrentUser;
use crate::clock;
use crate::platform::error::AppResult;
use crate::platform::extract::{Json, Path, Query};
use crate::platform::rights;
use crate::platform::state::AppState;

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
            let rows = queries::products_like(conn, &format!("{escaped}%"), &format!("% {escaped}%"))?;
            Ok(rows
                .into_iter()
                .map(|(name, sku)| {
                    let display = match &sku {
                        Some(s) if !s.is_empty() => format!("{name} ({s})"),
                        _ => name.clone(),
                    };
                    ProductSuggestion { product_name: name, sku, display }
                })
                .collect())
        })
        .await
        .map(Json)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceRow {
    pub last_order_date: String,
    pub product: String,
    pub unit_price: crate::platform::money::Money,
    pub distributor_name: String,
    pub fao_name: Option<String>,
}

/// `GET /users/product/pricecomparison/{buyerId}?productName=` (customer_visit): the latest price
/// of the product at each distributor over the last 90 days, in the customer's country, cheapest first.
#[utoipa::path(get, path = "/users/product/pricecomparison/{id}", tag = "customers", summary = "Latest price of a product at each distributor (90 days)", params(ProductQuery, ("id" = String, Path, description = "The buyer id")),
    responses(
        (status = 200, description = "OK", body = Vec<PriceRow>),
        crate::platform::api::NoSuchCustomer
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
            let (customer, _) = customer_in_scope(conn, scope, &buyer_id)?;
            let country = queries::country_of(conn, customer)?;
            let mut lines = latest_per_seller(conn, &product, &since, Countries::Of(country))?;
            lines.sort_by(|a, b| a.unit_price.cmp(&b.unit_price).then_with(|| a.seller_name.cmp(&b.seller_name)));
            Ok(lines
                .into_iter()
                .map(|l| PriceRow {
                    last_order_date: l.order_date,
                    product: product.clone(),
                    unit_price: l.unit_price,
                    distributor_name: l.seller_name,
                    fao_name: l.fao_name,
                })
                .collect())
        })
        .await
        .map(Json)
}
