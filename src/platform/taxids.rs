//! India's tax identifiers and GST master data, checked by one rule set (issues #52 and #54): the
//! GSTIN (15 characters: the state code, the PAN, an entity character, `Z` and the GSTN's base-36
//! check character), the PAN (5 letters, 4 digits, a letter), the FSSAI licence number (14 digits),
//! a product's HSN code (4 to 8 digits) and GST rate (basis points, 0 to 4000; typed as a percent
//! in uploads). The phone's twin is `frontend/src/lib/tax-ids.js`; both run the vectors of
//! `tests/vectors/tax_ids.json`.
//!
//! Every value is normalised the same way before it is checked: surrounding white space trimmed,
//! letters upper-cased. Spaces or dashes inside a value are not taken out: such a value is refused.
//!
//! A GSTIN's state code must be one of the party's state (`state_codes`, the official GST state code
//! list matched case-insensitively with common alternate spellings). A party without a state, or
//! with a state the list does not know (free text from an upload), takes any code of the list
//! (docs/decisions/37-gst-master-data-and-tax-ids.md).

use serde_json::json;

use crate::platform::error::{AppError, Problem};

crate::messages! {
    /// `{gstin}`: the value as normalised; params `reason` (`format`, `checksum` or `state`) and,
    /// for `state`, `stateCode` (the GSTIN's) and `state` (the party's).
    GSTIN_INVALID = "gstin_invalid": "GSTIN {gstin} is not valid: it must be 15 characters, the state's two-digit code, the PAN, an entity character, Z and the GSTN check character.";
    /// `{pan}`: the value as normalised.
    PAN_INVALID = "pan_invalid": "PAN {pan} is not valid: it must be 5 letters, 4 digits and a letter, such as ABCDE1234F.";
    /// `{fssai}`: the value as normalised.
    FSSAI_INVALID = "fssai_invalid": "FSSAI licence number {fssai} is not valid: it must be 14 digits.";
    /// `{hsn}`: the value as typed (trimmed).
    HSN_INVALID = "hsn_invalid": "HSN {hsn} is not valid: it must be 4 to 8 digits.";
    /// `{rate}`: the value as typed.
    GST_RATE_INVALID = "gst_rate_invalid": "GST rate {rate} is not valid: it must be 0 % to 40 % with at most two decimals (0 to 4000 basis points).";
}

/// The highest GST rate a product may have, in basis points (40 %).
pub const MAX_GST_RATE_BP: i64 = 4000;

/// The GST state codes (the GSTN's list) and the names they go by: the official name first, then
/// alternate spellings. A name may stand for two codes (Andhra Pradesh's old and new ones).
pub const STATES: &[(&str, &[&str])] = &[
    ("01", &["Jammu and Kashmir", "Jammu & Kashmir", "J&K"]),
    ("02", &["Himachal Pradesh"]),
    ("03", &["Punjab"]),
    ("04", &["Chandigarh"]),
    ("05", &["Uttarakhand", "Uttaranchal"]),
    ("06", &["Haryana"]),
    ("07", &["Delhi", "NCT of Delhi", "National Capital Territory of Delhi", "New Delhi"]),
    ("08", &["Rajasthan"]),
    ("09", &["Uttar Pradesh"]),
    ("10", &["Bihar"]),
    ("11", &["Sikkim"]),
    ("12", &["Arunachal Pradesh"]),
    ("13", &["Nagaland"]),
    ("14", &["Manipur"]),
    ("15", &["Mizoram"]),
    ("16", &["Tripura"]),
    ("17", &["Meghalaya"]),
    ("18", &["Assam"]),
    ("19", &["West Bengal"]),
    ("20", &["Jharkhand"]),
    ("21", &["Odisha", "Orissa"]),
    ("22", &["Chhattisgarh", "Chattisgarh"]),
    ("23", &["Madhya Pradesh"]),
    ("24", &["Gujarat"]),
    // Daman and Diu kept its code when it merged with Dadra and Nagar Haveli (2020): GSTINs of
    // both codes are in use for the merged territory.
    ("25", &["Daman and Diu", "Dadra and Nagar Haveli and Daman and Diu"]),
    ("26", &["Dadra and Nagar Haveli and Daman and Diu", "Dadra and Nagar Haveli", "Daman and Diu"]),
    ("27", &["Maharashtra"]),
    // Andhra Pradesh before its division (2014); GSTINs of the state carry 37 since.
    ("28", &["Andhra Pradesh"]),
    ("29", &["Karnataka"]),
    ("30", &["Goa"]),
    ("31", &["Lakshadweep"]),
    ("32", &["Kerala"]),
    ("33", &["Tamil Nadu"]),
    ("34", &["Puducherry", "Pondicherry"]),
    ("35", &["Andaman and Nicobar Islands", "Andaman & Nicobar Islands", "Andaman and Nicobar"]),
    ("36", &["Telangana"]),
    ("37", &["Andhra Pradesh"]),
    ("38", &["Ladakh"]),
    ("97", &["Other Territory"]),
];

/// A value as both sides check it: surrounding white space trimmed, letters upper-cased.
pub fn normalise(value: &str) -> String {
    value.trim().to_uppercase()
}

/// A state's name reduced for matching: lower case, `&` as `and`, dots, commas and dashes as
/// spaces, runs of spaces as one.
fn name_key(name: &str) -> String {
    name.to_lowercase()
        .replace('&', " and ")
        .chars()
        .map(|c| if matches!(c, '.' | ',' | '-' | '_') { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The GST state codes of a party's free-text `state`; empty when the list does not know it.
pub fn state_codes(state: &str) -> Vec<&'static str> {
    let key = name_key(state);
    if key.is_empty() {
        return Vec::new();
    }
    STATES.iter().filter(|(_, names)| names.iter().any(|n| name_key(n) == key)).map(|(code, _)| *code).collect()
}

/// The name of a GST state code (`None`: not a code of the list).
pub fn state_name(code: &str) -> Option<&'static str> {
    STATES.iter().find(|(c, _)| *c == code).map(|(_, names)| names[0])
}

const BASE36: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The GSTN's check character of a GSTIN's first 14 characters (digits and upper-case letters):
/// each character's value (0-9, A=10 ... Z=35) times 1 and 2 alternately from the left, the
/// product's base-36 digits added up; the check is what brings the sum to a multiple of 36.
pub fn gstin_check_char(first14: &str) -> Option<char> {
    if first14.len() != 14 {
        return None;
    }
    let mut sum = 0u32;
    for (i, b) in first14.bytes().enumerate() {
        let value = BASE36.iter().position(|c| *c == b)? as u32;
        let product = value * if i % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(BASE36[((36 - sum % 36) % 36) as usize] as char)
}

fn is_pan(v: &[u8]) -> bool {
    v.len() == 10 && v[..5].iter().all(u8::is_ascii_uppercase) && v[5..9].iter().all(u8::is_ascii_digit) && v[9].is_ascii_uppercase()
}

/// Why a GSTIN was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GstinError {
    /// Not 15 characters of the pattern (state code of the list, PAN, entity, `Z`, check).
    Format,
    /// The last character is not the GSTN check character.
    Checksum,
    /// The state code (the first two digits) is not one of the party's state.
    State { code: String },
}

impl GstinError {
    /// The params' `reason`.
    pub fn reason(&self) -> &'static str {
        match self {
            GstinError::Format => "format",
            GstinError::Checksum => "checksum",
            GstinError::State { .. } => "state",
        }
    }
}

/// A GSTIN checked (normalised first) for a party of `state` (`None` or a name the list does not
/// know: any code of the list); the normalised GSTIN.
pub fn check_gstin(value: &str, state: Option<&str>) -> Result<String, GstinError> {
    let v = normalise(value);
    let b = v.as_bytes();
    let shape = b.len() == 15
        && b.iter().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        && b[..2].iter().all(u8::is_ascii_digit)
        && is_pan(&b[2..12])
        && b[12] != b'0'
        && b[13] == b'Z'
        && state_name(&v[..2]).is_some();
    if !shape {
        return Err(GstinError::Format);
    }
    if gstin_check_char(&v[..14]) != Some(b[14] as char) {
        return Err(GstinError::Checksum);
    }
    let codes = state.map(state_codes).unwrap_or_default();
    if !codes.is_empty() && !codes.contains(&&v[..2]) {
        return Err(GstinError::State { code: v[..2].to_string() });
    }
    Ok(v)
}

/// A PAN checked (normalised first); the normalised PAN.
pub fn check_pan(value: &str) -> Option<String> {
    let v = normalise(value);
    is_pan(v.as_bytes()).then_some(v)
}

/// An FSSAI licence or registration number checked (trimmed); the number.
pub fn check_fssai(value: &str) -> Option<String> {
    let v = normalise(value);
    (v.len() == 14 && v.bytes().all(|c| c.is_ascii_digit())).then_some(v)
}

/// An HSN code checked (trimmed): 4 to 8 digits.
pub fn check_hsn(value: &str) -> Option<String> {
    let v = normalise(value);
    ((4..=8).contains(&v.len()) && v.bytes().all(|c| c.is_ascii_digit())).then_some(v)
}

/// A GST rate typed as a percent (`18`, `5`, `0.25`, `18%`, `18 %`) in basis points; `None` when it
/// is not a number, has more than two decimals, is negative or above 40 %.
pub fn gst_percent_bp(value: &str) -> Option<i64> {
    let v = value.trim();
    let v = v.strip_suffix('%').map_or(v, str::trim_end);
    let (whole, fraction) = v.split_once('.').unwrap_or((v, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) || whole.len() > 3 {
        return None;
    }
    // Zeros after the second place are no third decimal (`18.000`), as amounts.
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let hundredths: i64 = format!("{fraction:0<2}").parse().ok()?;
    let bp = whole * 100 + hundredths;
    (bp <= MAX_GST_RATE_BP).then_some(bp)
}

/// A GST rate sent in basis points checked: a whole number from 0 to 4000.
pub fn check_gst_rate_bp(value: f64) -> Option<i64> {
    (value.fract() == 0.0 && (0.0..=MAX_GST_RATE_BP as f64).contains(&value)).then_some(value as i64)
}

/// The refusal of a GSTIN, with its reason in the params.
pub fn gstin_problem(value: &str, state: Option<&str>, err: &GstinError) -> Problem {
    let gstin = json!(normalise(value));
    match err {
        GstinError::State { code } => GSTIN_INVALID.with([
            ("gstin", gstin),
            ("reason", json!(err.reason())),
            ("stateCode", json!(code)),
            ("state", json!(state.unwrap_or_default().trim())),
        ]),
        _ => GSTIN_INVALID.with([("gstin", gstin), ("reason", json!(err.reason()))]),
    }
}

/// An optional GSTIN of a request for a party of `state`: absent or blank is `None`; else the
/// normalised GSTIN or a 400 `gstin_invalid` about `field`.
pub fn optional_gstin(value: Option<&str>, state: Option<&str>, field: &'static str) -> Result<Option<String>, AppError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => check_gstin(v, state).map(Some).map_err(|e| AppError::bad_request(gstin_problem(v, state, &e).on(field))),
    }
}

/// An optional PAN of a request: absent or blank is `None`; else the normalised PAN or a 400.
pub fn optional_pan(value: Option<&str>, field: &'static str) -> Result<Option<String>, AppError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => check_pan(v).map(Some).ok_or_else(|| AppError::bad_request(PAN_INVALID.with([("pan", json!(normalise(v)))]).on(field))),
    }
}

/// An optional FSSAI number of a request: absent or blank is `None`; else the number or a 400.
pub fn optional_fssai(value: Option<&str>, field: &'static str) -> Result<Option<String>, AppError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => {
            check_fssai(v).map(Some).ok_or_else(|| AppError::bad_request(FSSAI_INVALID.with([("fssai", json!(normalise(v)))]).on(field)))
        }
    }
}

/// The refusal of an HSN code.
pub fn hsn_problem(value: &str) -> Problem {
    HSN_INVALID.with([("hsn", json!(value.trim()))])
}

/// The refusal of a GST rate.
pub fn gst_rate_problem(value: impl std::fmt::Display) -> Problem {
    GST_RATE_INVALID.with([("rate", json!(value.to_string().trim()))])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared vectors (`tests/vectors/tax_ids.json`), which the phone's validators run too.
    #[test]
    fn the_vectors_hold() {
        let v: serde_json::Value = serde_json::from_str(include_str!("../../tests/vectors/tax_ids.json")).expect("json");
        let mut n = 0;
        for case in v["gstin"].as_array().expect("gstin") {
            let (value, state) = (case["value"].as_str().unwrap(), case["state"].as_str());
            let got = check_gstin(value, state);
            match case["valid"].as_bool().unwrap() {
                true => assert_eq!(got.as_deref(), Ok(case["normalised"].as_str().unwrap()), "{case}"),
                false => assert_eq!(got.map_err(|e| e.reason()), Err(case["reason"].as_str().unwrap()), "{case}"),
            }
            n += 1;
        }
        let simple = |name: &str, check: &dyn Fn(&str) -> Option<String>| {
            let mut n = 0;
            for case in v[name].as_array().expect(name) {
                let want = case["normalised"].as_str();
                assert_eq!(check(case["value"].as_str().unwrap()).as_deref(), want, "{name} {case}");
                n += 1;
            }
            n
        };
        n += simple("pan", &check_pan);
        n += simple("fssai", &check_fssai);
        n += simple("hsn", &check_hsn);
        for case in v["gstPercent"].as_array().expect("gstPercent") {
            assert_eq!(gst_percent_bp(case["value"].as_str().unwrap()), case["bp"].as_i64(), "{case}");
            n += 1;
        }
        for case in v["states"].as_array().expect("states") {
            let want: Vec<&str> = case["codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            assert_eq!(state_codes(case["state"].as_str().unwrap()), want, "{case}");
            n += 1;
        }
        assert!(n >= 60, "{n} vectors");
    }

    #[test]
    fn the_gstn_example_checks() {
        assert_eq!(gstin_check_char("27AAPFU0939F1Z"), Some('V'));
        assert_eq!(check_gstin(" 27aapfu0939f1zv ", Some("maharashtra")).as_deref(), Ok("27AAPFU0939F1ZV"));
        assert_eq!(check_gstin("27AAPFU0939F1ZV", Some("Karnataka")), Err(GstinError::State { code: "27".into() }));
    }

    #[test]
    fn every_code_has_a_name_and_each_name_its_code() {
        for (code, names) in STATES {
            assert_eq!(code.len(), 2);
            for name in *names {
                assert!(state_codes(name).contains(code), "{name}");
            }
        }
    }
}
