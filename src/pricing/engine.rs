//! The engine. Groundwork only: gross and GST per line, no schemes yet (issue #52 replaces it).
use super::types::*;

/// Why a basket cannot be priced: a figure beyond what whole paise in 64 bits hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingError {
    Overflow,
}

/// `(base * bp + 5000) div 10000`: the contract's one rounding, on whole paise.
pub fn of_bp(base: i64, bp: i64) -> Result<i64, PricingError> {
    let scaled = (base as i128) * (bp as i128) + 5000;
    i64::try_from(scaled.div_euclid(10_000)).map_err(|_| PricingError::Overflow)
}

/// Prices `input`.
pub fn price(input: &PricingInput) -> Result<Priced, PricingError> {
    let same_state = match (&input.distributor.state, &input.customer.state) {
        (Some(a), Some(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        _ => true,
    };
    let mut totals = Totals::default();
    let mut lines = Vec::with_capacity(input.lines.len());
    for line in &input.lines {
        let gross = line.unit_price.checked_mul(line.quantity).ok_or(PricingError::Overflow)?;
        let tax = of_bp(gross, line.gst_rate_bp)?;
        let (cgst, sgst, igst) = if same_state { (tax / 2, tax - tax / 2, 0) } else { (0, 0, tax) };
        let line_total = gross.checked_add(tax).ok_or(PricingError::Overflow)?;
        totals.gross += gross;
        totals.taxable += gross;
        totals.cgst += cgst;
        totals.sgst += sgst;
        totals.igst += igst;
        totals.total += line_total;
        lines.push(PricedLine {
            product_id: line.product_id,
            quantity: line.quantity,
            unit_price: line.unit_price,
            gross,
            discount: 0,
            taxable: gross,
            gst_rate_bp: line.gst_rate_bp,
            cgst,
            sgst,
            igst,
            line_total,
            schemes: Vec::new(),
        });
    }
    Ok(Priced { lines, free: Vec::new(), totals, near_miss: Vec::new() })
}
