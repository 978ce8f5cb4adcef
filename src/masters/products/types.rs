//! The request and answer shapes of the product catalogue (`handlers`).

use serde::{Deserialize, Serialize};

use crate::platform::lenient;
use crate::platform::money::Money;
use crate::platform::rows::row_struct;

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Product {
        pub product_id: i64,
        pub product_name: String,
        pub sku: Option<String>,
        /// Per unit, to the paisa; null until set (such a product cannot be ordered).
        pub price: Option<Money>,
        /// Units per case.
        pub pack_size: Option<i64>,
        pub category: Option<String>,
        /// False: retired, no longer orderable.
        pub active: bool,
        /// The HSN code (4 to 8 digits); null until set.
        pub hsn: Option<String>,
        /// The GST rate in basis points (`1800` = 18 %); 0 until set.
        pub gst_rate_bp: i64,
    }
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
    /// 4 to 8 digits; `""` removes it; absent: none for a new product, unchanged for an existing one.
    pub hsn: Option<String>,
    /// Basis points, a whole number from 0 to 4000 (`1800` = 18 %); absent: 0 for a new product,
    /// unchanged for an existing one.
    pub gst_rate_bp: lenient::Number,
}
