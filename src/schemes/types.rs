//! A scheme as the API carries it (money as decimal rupees with two places, as every answer), the
//! conversions both ways with the engine's scheme (`crate::pricing::Scheme`, money in whole
//! paise), and the rules a scheme keeps that need no database (CONTRACT.md "Order pricing"). The
//! phone's twin of the conversion is `frontend/src/lib/pricing/schemes.js`.

use serde::{Deserialize, Serialize};

use super::messages::*;
use crate::platform::error::Problem;
use crate::platform::money::{Least, Money};
use crate::pricing::{Applies, Component, Scheme, SchemeKind, Slab};

/// Slabs one scheme may have.
pub const MAX_SLABS: usize = 20;
/// The largest quantity a scheme names (pieces).
pub const MAX_QUANTITY: i64 = 1_000_000;
/// Priority runs from -`MAX_PRIORITY` to `MAX_PRIORITY` (higher first).
pub const MAX_PRIORITY: i64 = 1000;

/// A scheme in the API: the body of `POST /master/scheme` and what the reads answer. Money
/// (`minValue`, `flatPerPiece`, `flat`, `maxDiscount`) is decimal rupees with at most two places;
/// `percentBp` basis points (1000 = 10 %); quantities whole pieces; dates `YYYY-MM-DD`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApiScheme {
    /// Absent or 0 in a request: a new scheme; else a new version of this one.
    pub scheme_id: Option<i64>,
    /// In answers: the version shown (an edit makes the next one). Ignored in requests.
    pub version: Option<i64>,
    pub name: String,
    /// free_every, free_slab, line_percent, line_flat, combo, order_percent or order_flat.
    pub kind: String,
    pub valid_from: String,
    /// The last day it applies (inclusive); absent: open-ended.
    pub valid_to: Option<String>,
    /// Higher first.
    pub priority: i64,
    /// Of the schemes of one group only the first whose condition holds applies.
    pub exclusive_group: Option<String>,
    /// The products the scheme counts (line kinds, at least one).
    pub products: Vec<i64>,
    pub slabs: Vec<ApiSlab>,
    /// free_every: the pieces bought for each free lot.
    pub every: Option<i64>,
    /// free_every, free_slab, combo: the free product (the same product when absent).
    pub free_product_id: Option<i64>,
    /// free_every and combo: free pieces per lot or set.
    pub free_quantity: Option<i64>,
    /// combo: amount off per complete set.
    pub flat: Option<f64>,
    pub components: Vec<ApiComponent>,
    /// order_percent: the most it takes off.
    pub max_discount: Option<f64>,
    pub applies: ApiApplies,
}

/// One slab: the threshold (`minQuantity` or `minValue`) and what it gives.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApiSlab {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_value: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent_bp: Option<i64>,
    /// line_flat: amount off each piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flat_per_piece: Option<f64>,
    /// order_flat: amount off the order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flat: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApiComponent {
    pub product_id: i64,
    pub quantity: i64,
}

/// Who the scheme applies to; each list empty means everyone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApiApplies {
    pub retailer_types: Vec<String>,
    pub states: Vec<String>,
    pub distributor_ids: Vec<i64>,
    pub buyer_ids: Vec<String>,
}

/// A kind's name in the API and the database (`free_every`...).
pub fn kind_name(kind: SchemeKind) -> &'static str {
    match kind {
        SchemeKind::FreeEvery => "free_every",
        SchemeKind::FreeSlab => "free_slab",
        SchemeKind::LinePercent => "line_percent",
        SchemeKind::LineFlat => "line_flat",
        SchemeKind::Combo => "combo",
        SchemeKind::OrderPercent => "order_percent",
        SchemeKind::OrderFlat => "order_flat",
    }
}

/// The kind named `name` (exactly, or with its case and spaces aside: `Free Every`).
pub fn parse_kind(name: &str) -> Option<SchemeKind> {
    let key = name.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    [
        SchemeKind::FreeEvery,
        SchemeKind::FreeSlab,
        SchemeKind::LinePercent,
        SchemeKind::LineFlat,
        SchemeKind::Combo,
        SchemeKind::OrderPercent,
        SchemeKind::OrderFlat,
    ]
    .into_iter()
    .find(|k| kind_name(*k) == key)
}

/// Paise as the API's decimal rupees (exact: every amount below `money::MAX_PAISE` is).
fn rupees(paise: Option<i64>) -> Option<f64> {
    paise.map(|p| Money::from_paise(p).to_f64())
}

impl From<&Scheme> for ApiScheme {
    /// The engine's scheme in the API's terms (paise to decimal rupees).
    fn from(s: &Scheme) -> Self {
        ApiScheme {
            scheme_id: Some(s.scheme_id),
            version: Some(s.version),
            name: s.name.clone(),
            kind: kind_name(s.kind).to_string(),
            valid_from: s.valid_from.clone(),
            valid_to: s.valid_to.clone(),
            priority: s.priority,
            exclusive_group: s.exclusive_group.clone(),
            products: s.products.clone(),
            slabs: s
                .slabs
                .iter()
                .map(|slab| ApiSlab {
                    min_quantity: slab.min_quantity,
                    min_value: rupees(slab.min_value),
                    free_quantity: slab.free_quantity,
                    percent_bp: slab.percent_bp,
                    flat_per_piece: rupees(slab.flat_per_piece),
                    flat: rupees(slab.flat),
                })
                .collect(),
            every: s.every,
            free_product_id: s.free_product_id,
            free_quantity: s.free_quantity,
            flat: rupees(s.flat),
            components: s.components.iter().map(|c| ApiComponent { product_id: c.product_id, quantity: c.quantity }).collect(),
            max_discount: rupees(s.max_discount),
            applies: ApiApplies {
                retailer_types: s.applies.retailer_types.clone(),
                states: s.applies.states.clone(),
                distributor_ids: s.applies.distributor_ids.clone(),
                buyer_ids: s.applies.buyer_ids.clone(),
            },
        }
    }
}

fn named(msg: crate::platform::error::Msg, field: &str) -> Problem {
    msg.with([("field", serde_json::json!(field))])
}

/// An amount of the API (decimal rupees) in paise: above 0, two places at most, at most `max`.
fn paise(value: Option<f64>, label: &str, max: Money) -> Result<Option<i64>, Problem> {
    value
        .map(|v| {
            crate::platform::money::checked(Money::from_f64_exact(v), Least::Paisa, max)
                .map(Money::paise)
                .map_err(|_| named(SCHEME_AMOUNT_INVALID, label))
        })
        .transpose()
}

fn pieces(value: Option<i64>, label: &str) -> Result<Option<i64>, Problem> {
    match value {
        Some(q) if !(1..=MAX_QUANTITY).contains(&q) => Err(named(SCHEME_QUANTITY_INVALID, label)),
        other => Ok(other),
    }
}

fn date(text: &str, label: &str) -> Result<String, Problem> {
    crate::clock::parse_date(text.trim()).map(|d| d.format("%Y-%m-%d").to_string()).ok_or_else(|| named(SCHEME_DATE_INVALID, label))
}

fn unused(present: bool, label: &str) -> Result<(), Problem> {
    if present {
        Err(named(SCHEME_FIELD_UNUSED, label))
    } else {
        Ok(())
    }
}

fn slab_problem(msg: crate::platform::error::Msg, slab: usize, field: &str) -> Problem {
    msg.with([("slab", serde_json::json!(slab)), ("field", serde_json::json!(field))])
}

/// The fields a slab of `kind` takes: (threshold by quantity, by value, reward).
#[derive(Clone, Copy, PartialEq)]
enum Reward {
    FreeQuantity,
    Percent,
    FlatPerPiece,
    Flat,
}

impl ApiScheme {
    /// The engine's scheme (`scheme_id`, `version` as given), after the rules that need no
    /// database: the kind, dates, the fields the kind needs and no others, slabs strictly rising,
    /// percents within 100 %, amounts exact to the paisa up to `max`. Whether the products,
    /// distributors and customers named exist is `queries::check_names`.
    pub fn to_engine(&self, scheme_id: i64, version: i64, max: Money) -> Result<Scheme, Problem> {
        let name = self.name.trim().to_string();
        if name.is_empty() {
            return Err(SCHEME_NAME_REQUIRED.on("name"));
        }
        if name.chars().count() > 200 {
            return Err(SCHEME_NAME_TOO_LONG.on("name"));
        }
        let kind = parse_kind(&self.kind).ok_or_else(|| Problem::from(SCHEME_KIND_UNKNOWN).on("kind"))?;
        let valid_from = date(&self.valid_from, "Valid From").map_err(|p| p.on("validFrom"))?;
        let valid_to = match self.valid_to.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(t) => Some(date(t, "Valid To").map_err(|p| p.on("validTo"))?),
        };
        if valid_to.as_ref().is_some_and(|to| *to < valid_from) {
            return Err(SCHEME_END_BEFORE_START.on("validTo"));
        }
        if !(-MAX_PRIORITY..=MAX_PRIORITY).contains(&self.priority) {
            return Err(SCHEME_PRIORITY_INVALID.on("priority"));
        }
        let exclusive_group = self.exclusive_group.as_deref().map(str::trim).filter(|g| !g.is_empty()).map(str::to_string);
        if exclusive_group.as_ref().is_some_and(|g| g.chars().count() > 100) {
            return Err(SCHEME_GROUP_TOO_LONG.on("exclusiveGroup"));
        }

        use SchemeKind::*;
        let line_kind = matches!(kind, FreeEvery | FreeSlab | LinePercent | LineFlat);
        if line_kind && self.products.is_empty() {
            return Err(SCHEME_PRODUCTS_REQUIRED.on("products"));
        }
        unused(!line_kind && !self.products.is_empty(), "Products").map_err(|p| p.on("products"))?;
        for (at, id) in self.products.iter().enumerate() {
            if self.products[..at].contains(id) {
                return Err(SCHEME_PRODUCT_TWICE.with([("productId", serde_json::json!(id))]).on("products"));
            }
        }

        // Scheme-level fields, by kind.
        let every = pieces(self.every, "Every").map_err(|p| p.on("every"))?;
        let free_quantity = pieces(self.free_quantity, "Free Quantity").map_err(|p| p.on("freeQuantity"))?;
        let flat = paise(self.flat, "Flat", max).map_err(|p| p.on("flat"))?;
        let max_discount = paise(self.max_discount, "Max Discount", max).map_err(|p| p.on("maxDiscount"))?;
        match kind {
            FreeEvery => {
                every.ok_or_else(|| Problem::from(SCHEME_EVERY_REQUIRED).on("every"))?;
                free_quantity.ok_or_else(|| Problem::from(SCHEME_FREE_QUANTITY_REQUIRED).on("freeQuantity"))?;
            }
            Combo => {
                if self.components.len() < 2 {
                    return Err(SCHEME_COMPONENTS_REQUIRED.on("components"));
                }
                for (at, c) in self.components.iter().enumerate() {
                    pieces(Some(c.quantity), "Quantity").map_err(|p| p.on("components"))?;
                    if self.components[..at].iter().any(|o| o.product_id == c.product_id) {
                        return Err(SCHEME_PRODUCT_TWICE.with([("productId", serde_json::json!(c.product_id))]).on("components"));
                    }
                }
                // Free pieces need their product; or an amount off; never both, never neither.
                let free = free_quantity.is_some() || self.free_product_id.is_some();
                let free_whole = free_quantity.is_some() && self.free_product_id.is_some();
                if free == flat.is_some() || (free && !free_whole) {
                    return Err(SCHEME_COMBO_REWARD.on("freeQuantity"));
                }
            }
            _ => {}
        }
        if kind != FreeEvery {
            unused(every.is_some(), "Every").map_err(|p| p.on("every"))?;
        }
        if !matches!(kind, FreeEvery | Combo) {
            unused(free_quantity.is_some(), "Free Quantity").map_err(|p| p.on("freeQuantity"))?;
        }
        if !matches!(kind, FreeEvery | FreeSlab | Combo) {
            unused(self.free_product_id.is_some(), "Free Product").map_err(|p| p.on("freeProductId"))?;
        }
        if kind != Combo {
            unused(flat.is_some(), "Flat").map_err(|p| p.on("flat"))?;
            unused(!self.components.is_empty(), "Components").map_err(|p| p.on("components"))?;
        }
        if kind != OrderPercent {
            unused(max_discount.is_some(), "Max Discount").map_err(|p| p.on("maxDiscount"))?;
        }

        let slabs = self.slabs(kind, max).map_err(|p| p.on("slabs"))?;
        let applies = applies(&self.applies)?;
        Ok(Scheme {
            scheme_id,
            version,
            name,
            kind,
            valid_from,
            valid_to,
            priority: self.priority,
            exclusive_group,
            products: self.products.clone(),
            slabs,
            every,
            free_product_id: self.free_product_id,
            free_quantity,
            flat,
            components: self.components.iter().map(|c| Component { product_id: c.product_id, quantity: c.quantity }).collect(),
            max_discount,
            applies,
        })
    }

    /// The slabs in paise, checked for `kind`: each has its threshold and reward and nothing
    /// else, thresholds strictly rising (all by quantity or all by value).
    fn slabs(&self, kind: SchemeKind, max: Money) -> Result<Vec<Slab>, Problem> {
        use SchemeKind::*;
        // (takes Min Quantity, takes Min Value, reward)
        let (by_quantity, by_value, reward) = match kind {
            FreeEvery | Combo => {
                return unused(!self.slabs.is_empty(), "Slabs").map(|_| Vec::new());
            }
            FreeSlab => (true, false, Reward::FreeQuantity),
            LinePercent => (true, true, Reward::Percent),
            LineFlat => (true, false, Reward::FlatPerPiece),
            OrderPercent => (false, true, Reward::Percent),
            OrderFlat => (false, true, Reward::Flat),
        };
        if self.slabs.is_empty() {
            return Err(SCHEME_SLABS_REQUIRED.into());
        }
        if self.slabs.len() > MAX_SLABS {
            return Err(SCHEME_TOO_MANY_SLABS.with([("max", serde_json::json!(MAX_SLABS))]));
        }
        let mut out: Vec<Slab> = Vec::with_capacity(self.slabs.len());
        for (at, s) in self.slabs.iter().enumerate() {
            let n = at + 1;
            let min_quantity = pieces(s.min_quantity, "Min Quantity")?;
            let min_value = paise(s.min_value, "Min Value", max)?;
            if !by_quantity && min_quantity.is_some() {
                return Err(slab_problem(SCHEME_FIELD_UNUSED, n, "Min Quantity"));
            }
            if !by_value && min_value.is_some() {
                return Err(slab_problem(SCHEME_FIELD_UNUSED, n, "Min Value"));
            }
            let threshold = match (min_quantity, min_value) {
                (Some(q), None) => (true, q),
                (None, Some(v)) => (false, v),
                (Some(_), Some(_)) => return Err(slab_problem(SCHEME_SLAB_THRESHOLDS_MIXED, n, "Min Value")),
                (None, None) => {
                    let field = if by_quantity { "Min Quantity" } else { "Min Value" };
                    return Err(slab_problem(SCHEME_SLAB_THRESHOLD_REQUIRED, n, field));
                }
            };
            if let Some(before) = out.last() {
                let previous = match (before.min_quantity, before.min_value) {
                    (Some(q), _) => (true, q),
                    (_, v) => (false, v.unwrap_or_default()),
                };
                if previous.0 != threshold.0 {
                    return Err(slab_problem(SCHEME_SLAB_THRESHOLDS_MIXED, n, "Min Value"));
                }
                if threshold.1 <= previous.1 {
                    return Err(slab_problem(SCHEME_SLABS_NOT_RISING, n, if threshold.0 { "Min Quantity" } else { "Min Value" }));
                }
            }
            let free_quantity = pieces(s.free_quantity, "Free Quantity")?;
            let flat_per_piece = paise(s.flat_per_piece, "Flat Per Piece", max)?;
            let flat = paise(s.flat, "Flat", max)?;
            let percent_bp = s.percent_bp;
            if percent_bp.is_some_and(|p| !(1..=10_000).contains(&p)) {
                return Err(slab_problem(SCHEME_PERCENT_OUT_OF_RANGE, n, "Percent"));
            }
            let given = [
                (Reward::FreeQuantity, free_quantity.is_some(), "Free Quantity"),
                (Reward::Percent, percent_bp.is_some(), "Percent"),
                (Reward::FlatPerPiece, flat_per_piece.is_some(), "Flat Per Piece"),
                (Reward::Flat, flat.is_some(), "Flat"),
            ];
            for (r, present, label) in given {
                if r == reward && !present {
                    return Err(slab_problem(SCHEME_SLAB_REWARD_REQUIRED, n, label));
                }
                if r != reward && present {
                    return Err(slab_problem(SCHEME_FIELD_UNUSED, n, label));
                }
            }
            out.push(Slab { min_quantity, min_value, free_quantity, percent_bp, flat_per_piece, flat });
        }
        Ok(out)
    }
}

fn applies(a: &ApiApplies) -> Result<Applies, Problem> {
    let texts = |list: &[String], label: &str, field: &'static str| -> Result<Vec<String>, Problem> {
        list.iter()
            .map(|v| {
                let v = v.trim();
                if v.is_empty() || v.chars().count() > 100 {
                    Err(named(SCHEME_APPLIES_INVALID, label).on(field))
                } else {
                    Ok(v.to_string())
                }
            })
            .collect()
    };
    Ok(Applies {
        retailer_types: texts(&a.retailer_types, "Retailer Types", "applies")?,
        states: texts(&a.states, "States", "applies")?,
        distributor_ids: a.distributor_ids.clone(),
        buyer_ids: texts(&a.buyer_ids, "Buyer IDs", "applies")?,
    })
}

/// A scheme of the list: its current version and where it stands today.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemeListed {
    #[serde(flatten)]
    pub scheme: ApiScheme,
    /// `active` (in force today), `upcoming` (starts later) or `ended`.
    pub status: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemePage {
    pub data: Vec<SchemeListed>,
    pub total_records: i64,
}

/// One stored version of a scheme.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemeVersion {
    pub version: i64,
    pub valid_from: String,
    pub valid_to: Option<String>,
    /// ISO 8601.
    pub created_at: String,
    pub created_by: Option<String>,
    /// When the next version replaced it (ISO 8601); absent for the current one.
    pub superseded_at: Option<String>,
}

/// `GET /master/scheme/{schemeId}`: the current version, where it stands, and every version.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemeDetail {
    #[serde(flatten)]
    pub scheme: ApiScheme,
    pub status: String,
    /// Newest first.
    pub history: Vec<SchemeVersion>,
}

/// The answer of a save or an end.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchemeSaved {
    pub message: String,
    pub scheme_id: i64,
    pub version: i64,
    pub valid_to: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct SchemeQuery {
    /// true: not ended (in force today or later); false: ended; absent: all.
    pub active: Option<String>,
    pub page_number: crate::platform::lenient::Int,
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: Money = Money::from_paise(crate::platform::money::MAX_PAISE);

    fn free_every() -> ApiScheme {
        ApiScheme {
            name: "Buy 10 get 1".into(),
            kind: "free_every".into(),
            valid_from: "2026-12-01".into(),
            products: vec![1],
            every: Some(10),
            free_quantity: Some(1),
            ..Default::default()
        }
    }

    #[test]
    fn decimal_rupees_and_paise_convert_exactly_both_ways() {
        let api = ApiScheme {
            name: "Big order".into(),
            kind: "order_percent".into(),
            valid_from: "2026-12-01".into(),
            slabs: vec![
                ApiSlab { min_value: Some(0.1 + 0.2), percent_bp: Some(100), ..Default::default() },
                ApiSlab { min_value: Some(12345.67), percent_bp: Some(250), ..Default::default() },
            ],
            max_discount: Some(999.99),
            ..Default::default()
        };
        let engine = api.to_engine(7, 2, MAX).unwrap();
        assert_eq!(engine.slabs[0].min_value, Some(30));
        assert_eq!(engine.slabs[1].min_value, Some(1_234_567));
        assert_eq!(engine.max_discount, Some(99_999));
        let back = ApiScheme::from(&engine);
        assert_eq!(back.slabs[1].min_value, Some(12345.67));
        assert_eq!(back.to_engine(7, 2, MAX).unwrap(), engine);
    }

    #[test]
    fn each_rule_has_its_code() {
        let code = |s: ApiScheme| s.to_engine(1, 1, MAX).unwrap_err().code;
        assert_eq!(code(ApiScheme { kind: "bogof".into(), ..free_every() }), "scheme_kind_unknown");
        assert_eq!(code(ApiScheme { valid_to: Some("2026-11-30".into()), ..free_every() }), "scheme_end_before_start");
        assert_eq!(code(ApiScheme { products: vec![], ..free_every() }), "scheme_products_required");
        assert_eq!(code(ApiScheme { every: None, ..free_every() }), "scheme_every_required");
        let slabs =
            |slabs: Vec<ApiSlab>| ApiScheme { kind: "line_percent".into(), every: None, free_quantity: None, slabs, ..free_every() };
        assert_eq!(code(slabs(vec![])), "scheme_slabs_required");
        let q = |min: i64, bp: i64| ApiSlab { min_quantity: Some(min), percent_bp: Some(bp), ..Default::default() };
        assert_eq!(code(slabs(vec![q(10, 200), q(10, 300)])), "scheme_slabs_not_rising");
        assert_eq!(code(slabs(vec![q(10, 10_001)])), "scheme_percent_out_of_range");
        assert_eq!(code(slabs(vec![q(10, -5)])), "scheme_percent_out_of_range");
        assert_eq!(
            code(slabs(vec![ApiSlab { min_value: Some(1.005), percent_bp: Some(1), ..Default::default() }])),
            "scheme_amount_invalid"
        );
        assert!(slabs(vec![q(10, 200), q(20, 300)]).to_engine(1, 1, MAX).is_ok());
    }
}
