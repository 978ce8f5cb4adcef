//! The phone's copy of schemes and rates (issue #52): `GET /users/schemes/offline` answers the
//! schemes not ended yet that can apply to the caller's customers, in the API's form (money as
//! amounts with two places), and every orderable product's price, GST rate and HSN, so the order
//! screen prices an order as the server will, offline. The engine picks the schemes valid on the
//! booking day itself; the server prices a queued order again when it arrives.

use axum::extract::State;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::auth::session::CurrentUser;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::Json;
use crate::platform::money::Money;
use crate::platform::rights;
use crate::platform::state::AppState;
use crate::pricing::Scheme;

pub mod queries;

/// One product as the phone prices it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflineProduct {
    pub product_id: i64,
    /// Before GST.
    pub price: Money,
    pub gst_rate_bp: i64,
    pub hsn: Option<String>,
}

/// `GET /users/schemes/offline`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflineSchemes {
    /// The version of the scheme set this copy is of (an order priced from it names it).
    pub scheme_version: i64,
    /// The schemes in the API's form (CONTRACT.md "Order pricing": money as amounts), with their
    /// `version`.
    #[schema(value_type = Vec<Object>)]
    pub schemes: Vec<Value>,
    pub products: Vec<OfflineProduct>,
}

/// The money fields of a scheme's engine form (paise) and of its slabs.
const SCHEME_MONEY: &[&str] = &["flat", "maxDiscount"];
const SLAB_MONEY: &[&str] = &["minValue", "flatPerPiece", "flat"];

fn paise_to_amounts(object: &mut Map<String, Value>, fields: &[&str]) {
    for field in fields {
        if let Some(paise) = object.get(*field).and_then(Value::as_i64) {
            object.insert((*field).to_string(), serde_json::to_value(Money::from_paise(paise)).unwrap_or(Value::Null));
        }
    }
}

/// A scheme's engine form (paise) in the API's form: the same fields, money as amounts.
pub fn api_form(scheme: &Scheme) -> AppResult<Value> {
    let mut value = serde_json::to_value(scheme).map_err(|e| AppError::Internal(e.into()))?;
    if let Some(object) = value.as_object_mut() {
        paise_to_amounts(object, SCHEME_MONEY);
        if let Some(Value::Array(slabs)) = object.get_mut("slabs") {
            for slab in slabs.iter_mut().filter_map(Value::as_object_mut) {
                paise_to_amounts(slab, SLAB_MONEY);
            }
        }
    }
    Ok(value)
}

/// `GET /users/schemes/offline` (order_booking): the schemes and rates for pricing orders of the
/// caller's customers on the phone: schemes not superseded and not ended by today, those naming
/// buyers only when one of them is the caller's; every active priced product.
#[utoipa::path(get, path = "/users/schemes/offline", tag = "orders", summary = "The schemes and rates for pricing orders offline",
    responses((status = 200, description = "OK", body = OfflineSchemes)))]
pub async fn offline(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<OfflineSchemes>> {
    user.require(rights::ORDER_BOOKING)?;
    let scope = user.scope();
    let today = crate::clock::today().format("%Y-%m-%d").to_string();
    let (scheme_version, schemes, products) = state.db(move |conn| queries::copy(conn, scope, &today)).await?;
    let schemes = schemes.iter().map(api_form).collect::<AppResult<Vec<_>>>()?;
    let products =
        products.into_iter().map(|(product_id, price, gst_rate_bp, hsn)| OfflineProduct { product_id, price, gst_rate_bp, hsn }).collect();
    Ok(Json(OfflineSchemes { scheme_version, schemes, products }))
}
