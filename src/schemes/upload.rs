//! The upload kind `scheme` (field `schemedata`, sample `sample_schemeupload.xlsx`): one row per
//! slab; the rows of one Scheme Name, one after another, make one scheme, applied or rejected
//! together (the uploads' pipeline hands them over as a group). A name of a scheme not ended
//! makes its next version; another name a new scheme. The scheme's own fields are given on its
//! first row (later rows leave them empty or repeat them); the slab's on each row. The columns
//! are `src/uploads/columns.tsv`'s, in `HEADERS`' order; cells arrive checked by the uploads'
//! cell readers (dates `YYYY-MM-DD`, numbers and money as plain decimal text).

use rusqlite::Connection;

use super::messages::*;
use super::types::{ApiApplies, ApiComponent, ApiScheme, ApiSlab};
use crate::platform::error::{AppError, Problem};
use crate::platform::money::Money;
use crate::pricing::SchemeKind;

/// The columns, in the upload's order (a test of the uploads checks `columns.tsv` against it).
pub const HEADERS: [&str; 20] = [
    "Scheme Name",
    "Kind",
    "Valid From",
    "Valid To",
    "Priority",
    "Exclusive Group",
    "Products",
    "Min Quantity",
    "Min Value",
    "Free Quantity",
    "Free Product",
    "Percent",
    "Flat",
    "Every",
    "Max Discount",
    "Components",
    "Retailer Types",
    "States",
    "Distributors",
    "Buyer IDs",
];
const NAME: usize = 0;
const KIND: usize = 1;
const VALID_FROM: usize = 2;
const VALID_TO: usize = 3;
const PRIORITY: usize = 4;
const GROUP: usize = 5;
const PRODUCTS: usize = 6;
const MIN_QUANTITY: usize = 7;
const MIN_VALUE: usize = 8;
const FREE_QUANTITY: usize = 9;
const FREE_PRODUCT: usize = 10;
const PERCENT: usize = 11;
const FLAT: usize = 12;
const EVERY: usize = 13;
const MAX_DISCOUNT: usize = 14;
const COMPONENTS: usize = 15;
const RETAILER_TYPES: usize = 16;
const STATES: usize = 17;
const DISTRIBUTORS: usize = 18;
const BUYER_IDS: usize = 19;

/// The columns that belong to the scheme, not to a slab (the kinds without slabs take Free
/// Quantity and Flat from their one row too).
const SCHEME_COLUMNS: [usize; 15] = [
    KIND,
    VALID_FROM,
    VALID_TO,
    PRIORITY,
    GROUP,
    PRODUCTS,
    FREE_PRODUCT,
    EVERY,
    MAX_DISCOUNT,
    COMPONENTS,
    RETAILER_TYPES,
    STATES,
    DISTRIBUTORS,
    BUYER_IDS,
    NAME,
];

fn cell(row: &[String], at: usize) -> &str {
    row.get(at).map_or("", |c| c.trim())
}

fn list(text: &str) -> Vec<String> {
    text.split(';').map(str::trim).filter(|v| !v.is_empty()).map(str::to_string).collect()
}

fn whole(text: &str, label: &str) -> Result<Option<i64>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<f64>() {
        Ok(n) if n.fract() == 0.0 && n.abs() <= 1e12 => Ok(Some(n as i64)),
        _ => Err(SCHEME_QUANTITY_INVALID.with([("field", serde_json::json!(label))])),
    }
}

fn amount(text: &str) -> Option<f64> {
    text.parse::<f64>().ok()
}

fn internal(e: rusqlite::Error) -> Problem {
    AppError::from(e).problem()
}

/// The product a cell names: by SKU, else by name (case aside).
fn product(conn: &Connection, text: &str) -> Result<i64, Problem> {
    super::queries::product_named(conn, text)
        .map_err(internal)?
        .ok_or_else(|| SCHEME_PRODUCT_NOT_FOUND.with([("product", serde_json::json!(text))]))
}

/// The scheme a group of rows gives, in the API's terms (the checks of `ApiScheme::to_engine`
/// follow): the scheme's fields from the first row, one slab per row.
fn scheme_of(conn: &Connection, rows: &[&[String]]) -> Result<ApiScheme, (usize, Problem)> {
    let first = rows[0];
    // The scheme's fields: later rows leave them empty or repeat them.
    for (at, row) in rows.iter().enumerate().skip(1) {
        for column in SCHEME_COLUMNS {
            let value = cell(row, column);
            if !value.is_empty() && !value.eq_ignore_ascii_case(cell(first, column)) {
                return Err((at, SCHEME_ROW_SCHEME_FIELD_DIFFERS.with([("field", serde_json::json!(HEADERS[column]))])));
            }
        }
    }
    let on_first = |p: Problem| (0, p);
    let kind = super::types::parse_kind(cell(first, KIND));
    let slabless = matches!(kind, Some(SchemeKind::FreeEvery | SchemeKind::Combo));
    let products = list(cell(first, PRODUCTS)).iter().map(|p| product(conn, p)).collect::<Result<Vec<_>, _>>().map_err(on_first)?;
    let free_product_id = match cell(first, FREE_PRODUCT) {
        "" => None,
        name => Some(product(conn, name).map_err(on_first)?),
    };
    let mut components = Vec::new();
    for part in list(cell(first, COMPONENTS)) {
        // "Cola 300ml x 2": the product, then x and the pieces of one set.
        let (name, quantity) = match part.rsplit_once(['x', 'X', '*']) {
            Some((name, quantity)) if quantity.trim().parse::<f64>().is_ok() => (name.trim(), quantity.trim()),
            _ => (part.as_str(), "1"),
        };
        let quantity = whole(quantity, "Components").map_err(on_first)?.unwrap_or(0);
        components.push(ApiComponent { product_id: product(conn, name).map_err(on_first)?, quantity });
    }
    let mut distributor_ids = Vec::new();
    for name in list(cell(first, DISTRIBUTORS)) {
        let id = crate::masters::distributors::queries::id_by_name(conn, &name).map_err(|e| on_first(internal(e)))?;
        distributor_ids.push(id.ok_or_else(|| on_first(SCHEME_DISTRIBUTOR_NOT_FOUND.with([("distributorId", serde_json::json!(name))])))?);
    }
    let mut slabs = Vec::new();
    for (at, row) in rows.iter().enumerate() {
        let percent = match cell(row, PERCENT) {
            "" => None,
            // A percent with two places is exactly its basis points, as rupees are paise.
            text => Some(Money::parse_exact(text).map(Money::paise).ok_or_else(|| {
                (at, SCHEME_PERCENT_OUT_OF_RANGE.with([("slab", serde_json::json!(at + 1)), ("field", serde_json::json!("Percent"))]))
            })?),
        };
        let flat = amount(cell(row, FLAT));
        let slab = ApiSlab {
            min_quantity: whole(cell(row, MIN_QUANTITY), "Min Quantity").map_err(|p| (at, p))?,
            min_value: amount(cell(row, MIN_VALUE)),
            free_quantity: if slabless { None } else { whole(cell(row, FREE_QUANTITY), "Free Quantity").map_err(|p| (at, p))? },
            percent_bp: percent,
            flat_per_piece: if kind == Some(SchemeKind::LineFlat) { flat } else { None },
            flat: if matches!(kind, Some(SchemeKind::Combo | SchemeKind::LineFlat)) { None } else { flat },
        };
        if slab != ApiSlab::default() {
            slabs.push(slab);
        }
    }
    Ok(ApiScheme {
        scheme_id: None,
        version: None,
        name: cell(first, NAME).to_string(),
        kind: cell(first, KIND).to_string(),
        valid_from: cell(first, VALID_FROM).to_string(),
        valid_to: Some(cell(first, VALID_TO).to_string()).filter(|t| !t.is_empty()),
        priority: whole(cell(first, PRIORITY), "Priority").map_err(on_first)?.unwrap_or(0),
        exclusive_group: Some(cell(first, GROUP).to_string()).filter(|g| !g.is_empty()),
        products,
        slabs,
        every: whole(cell(first, EVERY), "Every").map_err(on_first)?,
        free_product_id,
        free_quantity: if slabless { whole(cell(first, FREE_QUANTITY), "Free Quantity").map_err(on_first)? } else { None },
        flat: if kind == Some(SchemeKind::Combo) { amount(cell(first, FLAT)) } else { None },
        components,
        max_discount: amount(cell(first, MAX_DISCOUNT)),
        applies: ApiApplies {
            retailer_types: list(cell(first, RETAILER_TYPES)),
            states: list(cell(first, STATES)),
            distributor_ids,
            buyer_ids: list(cell(first, BUYER_IDS)),
        },
    })
}

/// Applies one scheme's rows (cells in `HEADERS`' order) as one scheme by `uploader`: the index
/// of the row at fault and why when refused (a problem of the scheme as a whole is its first
/// row's). Writes nothing when refused; the caller holds the transaction.
pub fn apply(conn: &Connection, rows: &[&[String]], uploader: i64, max: Money, today: &str) -> Result<(), (usize, Problem)> {
    if rows.is_empty() {
        return Ok(());
    }
    let api = scheme_of(conn, rows)?;
    let slab_row = |p: Problem| {
        // A slab's problem names its slab: the row it came from.
        let at = p.params.as_ref().and_then(|m| m.get("slab")).and_then(|s| s.as_u64()).map_or(0, |s| s as usize - 1);
        (at.min(rows.len() - 1), p)
    };
    let existing = super::queries::not_ended_named(conn, api.name.trim(), today).map_err(|e| (0, e.problem()))?;
    let scheme = api.to_engine(existing.unwrap_or(0), 0, max).map_err(slab_row)?;
    super::queries::save(conn, scheme, uploader, crate::now(), today).map_err(|e| (0, e.problem()))?;
    Ok(())
}
