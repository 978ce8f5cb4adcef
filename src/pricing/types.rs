//! The pricing engine's inputs and answer (CONTRACT.md, "Order pricing: schemes and GST").
//!
//! Engine-level JSON: money is whole paise (`i64`), percents are basis points, quantities whole
//! pieces, dates `YYYY-MM-DD` in the company's time zone. The same JSON is read by the phone's
//! engine (`frontend/src/lib/pricing/engine.js`) and by both sides' tests over
//! `tests/vectors/pricing.json`; the API layer turns paise into decimal money at its edge.
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// One scheme version as the engine applies it (the contract's scheme body, money in paise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Scheme {
    pub scheme_id: i64,
    /// The stored version of this scheme (an edit makes a new one; orders keep theirs).
    #[serde(default)]
    pub version: i64,
    pub name: String,
    pub kind: SchemeKind,
    pub valid_from: String,
    /// Last day it applies (inclusive); `None`: open-ended.
    #[serde(default)]
    pub valid_to: Option<String>,
    #[serde(default)]
    pub priority: i64,
    #[serde(default)]
    pub exclusive_group: Option<String>,
    #[serde(default)]
    pub products: Vec<i64>,
    #[serde(default)]
    pub slabs: Vec<Slab>,
    #[serde(default)]
    pub every: Option<i64>,
    #[serde(default)]
    pub free_product_id: Option<i64>,
    #[serde(default)]
    pub free_quantity: Option<i64>,
    /// `combo`: paise off per complete set, where it gives money rather than pieces.
    #[serde(default)]
    pub flat: Option<i64>,
    #[serde(default)]
    pub components: Vec<Component>,
    /// `order_percent`: the most it takes off, in paise.
    #[serde(default)]
    pub max_discount: Option<i64>,
    #[serde(default)]
    pub applies: Applies,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SchemeKind {
    FreeEvery,
    FreeSlab,
    LinePercent,
    LineFlat,
    Combo,
    OrderPercent,
    OrderFlat,
}

/// One step of a scheme: the threshold (`min_quantity` or `min_value`) and what it gives.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Slab {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_quantity: Option<i64>,
    /// Paise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_value: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_quantity: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent_bp: Option<i64>,
    /// Paise off each piece (`line_flat`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flat_per_piece: Option<i64>,
    /// Paise off the order (`order_flat`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flat: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Component {
    pub product_id: i64,
    pub quantity: i64,
}

/// Who a scheme applies to; each list empty means everyone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Applies {
    #[serde(default)]
    pub retailer_types: Vec<String>,
    #[serde(default)]
    pub states: Vec<String>,
    #[serde(default)]
    pub distributor_ids: Vec<i64>,
    #[serde(default)]
    pub buyer_ids: Vec<String>,
}

/// The order to price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PricingInput {
    pub booking_date: String,
    pub customer: CustomerParty,
    pub distributor: DistributorParty,
    pub lines: Vec<BasketLine>,
    /// Shared: the schemes in force are read once for many orders (`schemes::queries::in_force`).
    #[serde(default)]
    pub schemes: Arc<Vec<Scheme>>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CustomerParty {
    #[serde(default)]
    pub buyer_id: Option<String>,
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub retailer_type: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DistributorParty {
    #[serde(default)]
    pub distributor_id: Option<i64>,
    #[serde(default)]
    pub state: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BasketLine {
    pub product_id: i64,
    pub quantity: i64,
    /// Paise per piece before GST.
    pub unit_price: i64,
    #[serde(default)]
    pub gst_rate_bp: i64,
}

/// The priced order: lines in the basket's order, free pieces, totals and the next slabs missed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Priced {
    pub lines: Vec<PricedLine>,
    pub free: Vec<FreeLine>,
    pub totals: Totals,
    pub near_miss: Vec<NearMiss>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PricedLine {
    pub product_id: i64,
    pub quantity: i64,
    pub unit_price: i64,
    pub gross: i64,
    /// Line schemes and this line's share of the order schemes.
    pub discount: i64,
    pub taxable: i64,
    pub gst_rate_bp: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    pub line_total: i64,
    /// What each scheme took off this line (line schemes and the order schemes' shares); they add
    /// up to `discount`.
    pub schemes: Vec<SchemeAmount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemeAmount {
    pub scheme_id: i64,
    pub version: i64,
    pub name: String,
    pub amount: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FreeLine {
    pub product_id: i64,
    pub quantity: i64,
    pub scheme_id: i64,
    pub version: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub gross: i64,
    pub discount: i64,
    pub taxable: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    pub total: i64,
}

/// The next slab of a scheme the basket does not reach: "2 more for 1 free".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NearMiss {
    pub scheme_id: i64,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_quantity: Option<i64>,
    /// Paise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_value: Option<i64>,
    /// What that slab gives, in the slab's own terms (free pieces, percent, paise off).
    pub reward: Slab,
}
