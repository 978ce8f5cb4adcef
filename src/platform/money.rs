//! Money, exactly: an amount is a whole number of paise (hundredths of the currency unit) in an
//! `i64`, stored in INTEGER `*_paise` columns (schema step 23) and summed as integers, so a total
//! is always exactly the sum of its lines.
//!
//! The API keeps decimal numbers: an amount is written as a JSON number with at most two places
//! (1250 paise is `12.5`, 1999 paise `19.99`), and read from a JSON number or numeric text.
//!
//! **The rounding rule.** A decimal with more than two places (`12.345`, an upload's cell, a
//! screen's total) is rounded to the paisa half away from zero, on the decimal as written:
//! `12.345` is 1235 paise, `-12.345` is -1235, `12.3449` is 1234. A binary floating-point number
//! (a JSON number, a spreadsheet cell) is taken as the shortest decimal that reads back as it
//! (Rust's `Display` of an `f64`), so `0.285`, which a double holds as 0.28499999999999998, is
//! 29 paise as its writer meant. The upgrade to step 23 converts stored REAL amounts by the same
//! rule in SQL, `CAST(ROUND(x * 100 * (1 + 1e-12)) AS INTEGER)` (the nudge of a millionth of a
//! millionth puts 28.499999999999996, which 0.285 * 100 is, back on its half; SQLite's `ROUND`
//! rounds halves away from zero); a unit test checks that the two agree.

use std::fmt;
use std::iter::Sum;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::json;

use crate::platform::error::{Msg, Problem};

crate::messages! {
    /// An amount above the company's maximum (`--max-amount`): a typo or an attack, never a sale.
    AMOUNT_ABOVE_MAXIMUM = "amount_above_maximum": "{label} may be at most {max}.";
}

/// The largest amount taken: 10^15 paise (ten trillion in the currency unit). Every amount below
/// it is an exact `f64` and its two-place decimal reads back to the same paise.
pub const MAX_PAISE: i64 = 1_000_000_000_000_000;

/// An amount of money in paise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    /// `paise` paise.
    pub const fn from_paise(paise: i64) -> Money {
        Money(paise)
    }

    /// The amount in paise.
    pub const fn paise(self) -> i64 {
        self.0
    }

    /// The amount in the currency unit, for a spreadsheet cell or a JSON number (exact to the
    /// paisa: the nearest `f64` to the two-place decimal).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// A decimal text (`"12"`, `"-0.5"`, `"12.345"`, `" 7. "`) rounded to the paisa half away from
    /// zero; `None` when it is not a plain decimal or beyond [`MAX_PAISE`].
    pub fn parse(text: &str) -> Option<Money> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        if !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 16 {
            return None;
        }
        let mut paise: i64 = if whole.is_empty() { 0 } else { whole.parse::<i64>().ok()?.checked_mul(100)? };
        let mut places = fraction.bytes().map(|b| i64::from(b - b'0'));
        paise += places.next().unwrap_or(0) * 10 + places.next().unwrap_or(0);
        if places.next().is_some_and(|third| third >= 5) {
            paise += 1;
        }
        if paise > MAX_PAISE {
            return None;
        }
        Some(Money(if negative { -paise } else { paise }))
    }

    /// A binary number taken as the shortest decimal that reads back as it, rounded as
    /// [`Money::parse`]; `None` for NaN, infinities and amounts beyond [`MAX_PAISE`].
    pub fn from_f64(value: f64) -> Option<Money> {
        if !value.is_finite() || value.abs() > (MAX_PAISE / 100) as f64 {
            return None;
        }
        // `Display` of an f64 never uses an exponent: 1e-7 is "0.0000001".
        Money::parse(&value.to_string())
    }

    /// This amount `quantity` times; `None` on overflow.
    pub fn times(self, quantity: i64) -> Option<Money> {
        self.0.checked_mul(quantity).map(Money)
    }

    /// `self + other`; `None` on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// The sum of `amounts`; `None` on overflow.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Money>) -> Option<Money> {
        amounts.into_iter().try_fold(Money::ZERO, Money::checked_add)
    }
}

/// The least an amount may be: a payment is more than zero; a credit limit, a price or an invoice
/// may be zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Least {
    Zero,
    Paisa,
}

/// Why an amount was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a decimal number, or more than two places (refused, never rounded: 0.001 is not 0.00).
    NotAnAmount,
    /// Below the least (`Least`): negative, or zero where it must be positive.
    BelowLeast,
    /// Above the company's maximum.
    AboveMaximum(Money),
}

impl Refusal {
    /// The refusal as a message about `label`: above the maximum is the shared
    /// `amount_above_maximum`; anything else is the field's own `otherwise`.
    pub fn problem(self, label: &str, otherwise: Msg) -> Problem {
        match self {
            Refusal::AboveMaximum(max) => AMOUNT_ABOVE_MAXIMUM.with([("label", json!(label)), ("max", json!(max.to_string()))]),
            Refusal::NotAnAmount | Refusal::BelowLeast => otherwise.into(),
        }
    }
}

/// **The one rule for an amount someone gives** (a payment, a credit limit, an invoice's amount, a
/// product's price, by the API, an upload or the command line): a decimal with at most two places
/// (more is refused, not rounded), at least `least`, at most `max` (the company's `--max-amount`).
pub fn checked(amount: Option<Money>, least: Least, max: Money) -> Result<Money, Refusal> {
    let amount = amount.ok_or(Refusal::NotAnAmount)?;
    let floor = match least {
        Least::Zero => Money::ZERO,
        Least::Paisa => Money::from_paise(1),
    };
    if amount < floor {
        Err(Refusal::BelowLeast)
    } else if amount > max {
        Err(Refusal::AboveMaximum(max))
    } else {
        Ok(amount)
    }
}

/// An amount as a JSON body gives it, by [`checked`]: a number, or text as people type it
/// ([`Money::read_typed`]); `Ok(None)` when absent, null or empty.
pub fn from_json(value: Option<&serde_json::Value>, least: Least, max: Money) -> Result<Option<Money>, Refusal> {
    let amount = match value {
        None | Some(serde_json::Value::Null) => return Ok(None),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(serde_json::Value::String(s)) => Money::read_typed(s).ok(),
        Some(serde_json::Value::Number(n)) => n.as_f64().and_then(Money::from_f64_exact),
        Some(_) => None,
    };
    checked(amount, least, max).map(Some)
}

/// Digits before a decimal point (`whole`) without their grouping commas, where they group the
/// Indian way (12,34,567) or the western way (1,234,567), never mixed; `None` for a comma elsewhere
/// (12,50,0, 1,5) or anything not a digit. Empty stays empty (".5").
pub fn ungrouped(whole: &str) -> Option<String> {
    let groups: Vec<&str> = whole.split(',').collect();
    if whole.is_empty() {
        return Some(String::new());
    }
    if !groups.iter().all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    if let [first, middle @ .., last] = groups.as_slice() {
        let western = first.len() <= 3 && middle.iter().all(|g| g.len() == 3);
        let indian = first.len() <= 2 && middle.iter().all(|g| g.len() == 2);
        if last.len() != 3 || !(western || indian) {
            return None;
        }
    }
    Some(groups.concat())
}

/// Why a typed amount was not read ([`Money::read_typed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// Not an amount at all.
    NotAnAmount,
    /// More than two decimal places that are not zero (99.999): refused, never rounded.
    TooPrecise,
}

/// The currency marks a typed amount may start with, case aside (longest first).
const CURRENCY_MARKS: [&str; 5] = ["₹", "rs.", "rs", "inr", "$"];

impl Money {
    /// **The one lenient reading of an amount as people type it** (a field on the phone, a JSON
    /// text, a spreadsheet cell; the phone's `readAmount` in frontend/src/lib/outstanding.js is its
    /// twin, both held to tests/vectors/amounts.json): spaces around, a currency mark (₹, Rs., Rs,
    /// INR, $) with one minus sign before or after it, digits grouped the Indian way (1,00,000.50)
    /// or the western way (100,000.50), and at most two decimal places that are not zero (12.500
    /// is 12.50; 99.999 is refused, not rounded).
    pub fn read_typed(text: &str) -> Result<Money, Unread> {
        let mut text = text.trim();
        let mut minus = 0;
        let mut strip_minus = |text: &mut &str| {
            if let Some(rest) = text.strip_prefix('-') {
                *text = rest.trim_start();
                minus += 1;
            }
        };
        strip_minus(&mut text);
        let lower = text.to_lowercase();
        if let Some(mark) = CURRENCY_MARKS.iter().find(|m| lower.starts_with(*m)) {
            // The marks are ASCII or '₹', whose lower case is itself: the byte length holds.
            text = text[mark.len()..].trim_start();
            strip_minus(&mut text);
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let whole = ungrouped(whole).ok_or(Unread::NotAnAmount)?;
        if minus > 1 || (whole.is_empty() && fraction.is_empty()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Unread::NotAnAmount);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return Err(Unread::TooPrecise);
        }
        let sign = if minus == 1 { "-" } else { "" };
        Money::parse(&format!("{sign}{whole}.{fraction}")).ok_or(Unread::NotAnAmount)
    }

    /// The amount as the shortest plain decimal (`1200`, `12.5`, `-0.05`): a spreadsheet cell's text.
    pub fn plain(self) -> String {
        let text = self.to_string();
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }

    /// A decimal text with at most two places (`"12"`, `"12.5"`, `"12.50"`, `"12.500"`); `None`
    /// for more places (`"0.001"`), for anything not a plain decimal and beyond [`MAX_PAISE`].
    pub fn parse_exact(text: &str) -> Option<Money> {
        let text = text.trim();
        let places = text.split_once('.').map_or(0, |(_, fraction)| fraction.trim_end_matches('0').len());
        if places > 2 {
            return None;
        }
        Money::parse(text)
    }

    /// A binary number (a JSON number, a spreadsheet cell) with at most two places, by
    /// [`Money::parse_exact`] on its shortest decimal. The noise of a sum in binary
    /// (`0.1 + 0.2` is 0.30000000000000004) is read at the 15 significant digits a spreadsheet
    /// shows (0.3); 0.001 or 12.345 stay refused.
    pub fn from_f64_exact(value: f64) -> Option<Money> {
        if !value.is_finite() || value.abs() > (MAX_PAISE / 100) as f64 {
            return None;
        }
        Money::parse_exact(&value.to_string()).or_else(|| {
            let shown: f64 = format!("{value:.14e}").parse().ok()?;
            Money::parse_exact(&shown.to_string())
        })
    }
}

/// Two places always: `12.50`, `-0.05`.
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// Sums that cannot overflow in practice (amounts below [`MAX_PAISE`], a few thousand of them);
/// saturates rather than wraps if they ever did. Use [`Money::checked_sum`] where a sum must be checked.
impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        Money(iter.fold(0i64, |a, m| a.saturating_add(m.0)))
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Amount {
            Number(f64),
            Text(String),
        }
        let amount = Amount::deserialize(d)?;
        match &amount {
            Amount::Number(n) => Money::from_f64(*n),
            Amount::Text(t) => Money::parse(t),
        }
        .ok_or_else(|| serde::de::Error::custom("an amount of money: a decimal number within range"))
    }
}

impl rusqlite::types::ToSql for Money {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(rusqlite::types::ToSqlOutput::from(self.0))
    }
}

/// Reads an INTEGER of paise. A REAL (a sum of paise times a fractional quantity of an upload's
/// line) is rounded half away from zero to the paisa.
impl rusqlite::types::FromSql for Money {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        match value {
            rusqlite::types::ValueRef::Integer(i) => Ok(Money(i)),
            rusqlite::types::ValueRef::Real(r) if r.is_finite() && r.abs() <= i64::MAX as f64 / 2.0 => Ok(Money(r.round() as i64)),
            rusqlite::types::ValueRef::Real(r) => Err(rusqlite::types::FromSqlError::OutOfRange(r as i64)),
            _ => Err(rusqlite::types::FromSqlError::InvalidType),
        }
    }
}

impl utoipa::PartialSchema for Money {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .description(Some(
                "An amount of money, exact to the paisa: a decimal number with at most two places. An amount received with \
                 more places is rounded to the paisa half away from zero (12.345 is 12.35).",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Money {}

#[cfg(test)]
mod tests {
    /// The shared vector file: the phone's `parseAmount` reads the same cases the same way
    /// (frontend/test/amount-vectors.test.mjs).
    #[test]
    fn typed_amounts_read_as_the_phone_reads_them() {
        let vectors: serde_json::Value = serde_json::from_str(include_str!("../../tests/vectors/amounts.json")).expect("json");
        for case in vectors["cases"].as_array().expect("cases") {
            let text = case["text"].as_str().expect("text");
            let read = match super::Money::read_typed(text) {
                Ok(money) => serde_json::json!(money.paise()),
                Err(super::Unread::NotAnAmount) => serde_json::json!("not_an_amount"),
                Err(super::Unread::TooPrecise) => serde_json::json!("too_precise"),
            };
            let expected = if case["paise"].is_null() { case["refused"].clone() } else { case["paise"].clone() };
            assert_eq!(read, expected, "{text:?}");
        }
    }

    use super::*;

    fn paise(text: &str) -> Option<i64> {
        Money::parse(text).map(Money::paise)
    }

    #[test]
    fn decimals_round_half_away_from_zero_to_the_paisa() {
        assert_eq!(paise("12.345"), Some(1235));
        assert_eq!(paise("-12.345"), Some(-1235));
        assert_eq!(paise("12.3449"), Some(1234));
        assert_eq!(paise("12.5"), Some(1250));
        assert_eq!(paise("0.1"), Some(10));
        assert_eq!(paise(".05"), Some(5));
        assert_eq!(paise("7."), Some(700));
        assert_eq!(paise(" 19.99 "), Some(1999));
        assert_eq!(paise("0.005"), Some(1));
        assert_eq!(paise("0.00499999"), Some(0));
        assert_eq!(paise("1000000.01"), Some(100_000_001));
        for bad in ["", ".", "-", "1e3", "1,5", "abc", "1.2.3", "10000000000000.01"] {
            assert_eq!(paise(bad), None, "{bad:?}");
        }
        // Binary numbers as the shortest decimal that reads back as them.
        assert_eq!(Money::from_f64(0.285).map(Money::paise), Some(29));
        assert_eq!(Money::from_f64(1.005).map(Money::paise), Some(101));
        assert_eq!(Money::from_f64(0.1 + 0.2).map(Money::paise), Some(30));
        assert_eq!(Money::from_f64(33.333).map(Money::paise), Some(3333));
        assert_eq!(Money::from_f64(1e6 + 0.01).map(Money::paise), Some(100_000_001));
        assert_eq!(Money::from_f64(1e-7).map(Money::paise), Some(0));
        assert_eq!(Money::from_f64(f64::NAN), None);
        assert_eq!(Money::from_f64(1e20), None);
    }

    #[test]
    fn amounts_show_two_places_and_travel_as_decimal_numbers() {
        let m = Money::from_paise(1250);
        assert_eq!(m.to_string(), "12.50");
        assert_eq!(Money::from_paise(-5).to_string(), "-0.05");
        assert_eq!(Money::from_paise(100_000_001).to_string(), "1000000.01");
        assert_eq!(serde_json::to_string(&m).unwrap(), "12.5");
        assert_eq!(serde_json::to_string(&Money::from_paise(1999)).unwrap(), "19.99");
        assert_eq!(serde_json::to_string(&Money::from_paise(100_000_001)).unwrap(), "1000000.01");
        assert_eq!(serde_json::from_str::<Money>("12.345").unwrap(), Money::from_paise(1235));
        assert_eq!(serde_json::from_str::<Money>("\"0.1\"").unwrap(), Money::from_paise(10));
        assert!(serde_json::from_str::<Money>("\"x\"").is_err());
        // Every two-place decimal reads back to its paise.
        for p in (0..2_000_000).step_by(7).chain([MAX_PAISE, MAX_PAISE - 1]) {
            let back: Money = serde_json::from_str(&serde_json::to_string(&Money::from_paise(p)).unwrap()).unwrap();
            assert_eq!(back.paise(), p);
        }
    }

    /// Issue #49 item 9: one rule for every amount given: two places at most (refused, not
    /// rounded), at least zero or a paisa, at most the company's maximum.
    #[test]
    fn the_one_rule_refuses_a_third_place_and_amounts_beyond_the_maximum() {
        let max = Money::from_paise(100_000_000 * 100);
        let text = |t: &str, least| checked(Money::parse_exact(t), least, max);
        assert_eq!(text("12.5", Least::Paisa), Ok(Money::from_paise(1250)));
        assert_eq!(text("12.500", Least::Paisa), Ok(Money::from_paise(1250)));
        assert_eq!(text("100000000", Least::Paisa), Ok(max));
        assert_eq!(text("0", Least::Zero), Ok(Money::ZERO));
        assert_eq!(text("0.001", Least::Zero), Err(Refusal::NotAnAmount));
        assert_eq!(text("12.345", Least::Paisa), Err(Refusal::NotAnAmount));
        assert_eq!(text("0", Least::Paisa), Err(Refusal::BelowLeast));
        assert_eq!(text("-1", Least::Zero), Err(Refusal::BelowLeast));
        assert_eq!(text("100000000.01", Least::Paisa), Err(Refusal::AboveMaximum(max)));
        assert_eq!(text("1000000000000", Least::Paisa), Err(Refusal::AboveMaximum(max)));
        assert_eq!(text("1e3", Least::Paisa), Err(Refusal::NotAnAmount));
        // Binary numbers: a third place refused, the noise of binary sums not.
        assert_eq!(Money::from_f64_exact(0.001), None);
        assert_eq!(Money::from_f64_exact(12.345), None);
        assert_eq!(Money::from_f64_exact(0.1 + 0.2), Some(Money::from_paise(30)));
        assert_eq!(Money::from_f64_exact(199_999.99), Some(Money::from_paise(19_999_999)));
        assert_eq!(Money::from_f64_exact(f64::NAN), None);
        // JSON: numbers, numeric text with separators; absent and empty are none.
        let json = |v: serde_json::Value| from_json(Some(&v), Least::Paisa, max);
        assert_eq!(json(serde_json::json!(6000.5)), Ok(Some(Money::from_paise(600_050))));
        assert_eq!(json(serde_json::json!("1,00,000.00")), Ok(Some(Money::from_paise(10_000_000))));
        assert_eq!(json(serde_json::json!("100,000")), Ok(Some(Money::from_paise(10_000_000))));
        assert_eq!(json(serde_json::json!("1,5")), Err(Refusal::NotAnAmount));
        assert_eq!(json(serde_json::json!(",5")), Err(Refusal::NotAnAmount));
        assert_eq!(json(serde_json::json!(0.001)), Err(Refusal::NotAnAmount));
        assert_eq!(json(serde_json::json!([1])), Err(Refusal::NotAnAmount));
        assert_eq!(json(serde_json::json!("")), Ok(None));
        assert_eq!(from_json(None, Least::Paisa, max), Ok(None));
        assert_eq!(json(serde_json::json!(1_000_000_000_000.0_f64)), Err(Refusal::AboveMaximum(max)));
        assert_eq!(Refusal::AboveMaximum(max).problem("Amount", AMOUNT_ABOVE_MAXIMUM).message, "Amount may be at most 100000000.00.");
    }

    #[test]
    fn arithmetic_is_checked() {
        let m = Money::from_paise(10);
        assert_eq!(m.times(3), Some(Money::from_paise(30)));
        assert_eq!(Money::from_paise(i64::MAX).times(2), None);
        assert_eq!(Money::checked_sum([m, m, m]), Some(Money::from_paise(30)));
        assert_eq!(Money::checked_sum([Money::from_paise(i64::MAX), m]), None);
        assert_eq!([m, m].into_iter().sum::<Money>(), Money::from_paise(20));
    }

    /// A deterministic xorshift generator: no crate needed for the property tests.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Thousands of random carts: the lines' amounts, summed in paise, are the total to the
    /// paisa however the lines are ordered, and the decimals the API shows add up the same.
    #[test]
    fn totals_in_paise_never_drift() {
        let mut rng = Rng(0x5eed_1234_abcd_9876);
        for _ in 0..5_000 {
            let lines: Vec<(Money, i64)> = (0..1 + rng.below(200))
                .map(|_| {
                    let price =
                        Money::from_f64(rng.below(10_000_000) as f64 / 100.0 + [0.0, 0.001, 0.005, 0.0049][rng.below(4) as usize]).unwrap();
                    (price, 1 + rng.below(100_000) as i64)
                })
                .collect();
            let amounts: Vec<Money> = lines.iter().map(|(p, q)| p.times(*q).unwrap()).collect();
            let total = Money::checked_sum(amounts.iter().copied()).unwrap();
            let expected: i128 = lines.iter().map(|(p, q)| i128::from(p.paise()) * i128::from(*q)).sum();
            assert_eq!(i128::from(total.paise()), expected);
            assert_eq!(Money::checked_sum(amounts.iter().rev().copied()), Some(total));
            // What the API shows reads back to the same paise.
            let shown: Money = serde_json::from_str(&serde_json::to_string(&total).unwrap()).unwrap();
            assert_eq!(shown, total);
            let shown_sum: i64 =
                amounts.iter().map(|a| serde_json::from_str::<Money>(&serde_json::to_string(a).unwrap()).unwrap().paise()).sum();
            assert_eq!(shown_sum, total.paise());
        }
    }

    /// The upgrade to step 23 converts stored REAL amounts in SQL by the rule `Money::from_f64`
    /// applies to numbers received: the two agree.
    #[test]
    fn the_upgrade_rounds_as_the_api_does() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let mut stmt = conn.prepare("SELECT CAST(ROUND(:x * 100 * (1 + 1e-12)) AS INTEGER)").unwrap();
        let mut rng = Rng(42);
        let fixed = [0.1, 0.2, 0.3, 19.99, 33.333, 1e6 + 0.01, 0.285, 1.005, 2.675, 0.125, 0.005, 1.015, 99999.995, -0.285, -12.345];
        let random = (0..20_000).map(|_| {
            let thousandths = rng.below(1_000_000_000) as f64;
            thousandths / [10.0, 100.0, 1000.0, 10000.0][rng.below(4) as usize]
        });
        for x in fixed.into_iter().chain(random) {
            let sql: i64 = stmt.query_row(rusqlite::named_params! { ":x": x }, |r| r.get(0)).unwrap();
            assert_eq!(Some(sql), Money::from_f64(x).map(Money::paise), "{x}");
        }
    }
}
