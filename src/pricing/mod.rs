//! The pricing engine (issue #52): a pure function of basket, parties, booking date and schemes,
//! in whole paise, basis points and pieces. Its rules: docs/pricing.md; the phone's twin:
//! frontend/src/lib/pricing/engine.js; both run tests/vectors/pricing.json.
mod engine;
mod types;

pub use engine::{price, PricingError};
pub use types::*;
