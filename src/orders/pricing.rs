//! An order's figures from the pricing engine (`crate::pricing`, issue #52), turned into the
//! answer's form: money as amounts, each line with its product's name, free pieces as their own
//! lines. No SQL: `queries` reads the inputs and stores the result.

use std::collections::HashMap;

use super::messages::ORDER_AMOUNT_TOO_LARGE;
use super::types::{FreeItem, LineScheme, NearMiss, OrderLine, OrderTotals, SlabReward};
use crate::platform::error::{AppError, AppResult};
use crate::platform::money::Money;
use crate::pricing::{self, PricingInput};

/// A product as pricing and the answer read it.
#[derive(Debug, Clone)]
pub struct ProductFacts {
    pub name: String,
    pub sku: Option<String>,
}

/// The priced order in the answer's form.
#[derive(Debug, Clone)]
pub struct Figures {
    pub lines: Vec<OrderLine>,
    pub free: Vec<FreeItem>,
    pub totals: OrderTotals,
    pub near_miss: Vec<NearMiss>,
}

fn m(paise: i64) -> Money {
    Money::from_paise(paise)
}

/// Prices `input` with the engine; `products` names every product of the basket and every free
/// one (`free_name` is asked for the others). A figure beyond what an amount holds is the order's
/// total being too large (400), as before pricing.
pub fn figures(
    input: &PricingInput,
    products: &HashMap<i64, ProductFacts>,
    mut free_name: impl FnMut(i64) -> AppResult<String>,
) -> AppResult<Figures> {
    let priced = pricing::price(input).map_err(|_| AppError::bad_request(ORDER_AMOUNT_TOO_LARGE))?;
    let too_large = |paise: i64| !(0..=crate::platform::money::MAX_PAISE).contains(&paise);
    if too_large(priced.totals.total) || too_large(priced.totals.gross) {
        return Err(AppError::bad_request(ORDER_AMOUNT_TOO_LARGE));
    }
    let lines = priced
        .lines
        .iter()
        .map(|l| {
            let facts = products.get(&l.product_id);
            let mut schemes: Vec<LineScheme> = l
                .schemes
                .iter()
                .map(|s| LineScheme { scheme_id: s.scheme_id, name: s.name.clone(), amount: m(s.amount), version: s.version })
                .collect();
            schemes.sort_by_key(|s| s.scheme_id);
            OrderLine {
                product_id: l.product_id,
                product_name: facts.map(|f| f.name.clone()).unwrap_or_default(),
                sku: facts.and_then(|f| f.sku.clone()),
                quantity: l.quantity,
                unit_price: m(l.unit_price),
                gross: m(l.gross),
                discount: m(l.discount),
                taxable: m(l.taxable),
                gst_rate_bp: l.gst_rate_bp,
                cgst: m(l.cgst),
                sgst: m(l.sgst),
                igst: m(l.igst),
                line_total: m(l.line_total),
                schemes,
            }
        })
        .collect();
    let mut free = Vec::with_capacity(priced.free.len());
    for f in &priced.free {
        let product_name = match products.get(&f.product_id) {
            Some(facts) => facts.name.clone(),
            None => free_name(f.product_id)?,
        };
        free.push(FreeItem { product_id: f.product_id, product_name, quantity: f.quantity, scheme_id: f.scheme_id, version: f.version });
    }
    sort_free(&mut free);
    let t = &priced.totals;
    let totals = OrderTotals {
        gross: m(t.gross),
        discount: m(t.discount),
        taxable: m(t.taxable),
        cgst: m(t.cgst),
        sgst: m(t.sgst),
        igst: m(t.igst),
        total: m(t.total),
    };
    let near_miss = priced
        .near_miss
        .iter()
        .map(|n| NearMiss {
            scheme_id: n.scheme_id,
            name: n.name.clone(),
            need_quantity: n.need_quantity,
            need_value: n.need_value.map(m),
            reward: SlabReward {
                min_quantity: n.reward.min_quantity,
                min_value: n.reward.min_value.map(m),
                free_quantity: n.reward.free_quantity,
                percent_bp: n.reward.percent_bp,
                flat_per_piece: n.reward.flat_per_piece.map(m),
                flat: n.reward.flat.map(m),
            },
        })
        .collect();
    Ok(Figures { lines, free, totals, near_miss })
}

/// Free lines in one order wherever they are answered (booking, repeat, detail): by scheme, then
/// product.
pub fn sort_free(free: &mut [FreeItem]) {
    free.sort_by_key(|f| (f.scheme_id, f.product_id));
}

/// Whether the screen's figures (its total, a line's unit price), to the paisa, differ from the
/// server's.
pub fn changed(expected_total: Option<Money>, shown: &[(i64, Option<Money>)], total: Money, lines: &[OrderLine]) -> bool {
    expected_total.is_some_and(|t| t != total)
        || shown
            .iter()
            .any(|(product_id, price)| price.is_some_and(|p| lines.iter().any(|l| l.product_id == *product_id && p != l.unit_price)))
}
