//! Small checks shared by every form handler; each returns the spec's message as a 400.

use serde_json::json;

use crate::platform::error::{AppError, AppResult, Problem};

crate::messages! {
    FIELD_TOO_LONG = "field_too_long": "{label} may be at most {max} characters.";
    FIELD_CONTROL_CHARACTERS = "field_control_characters": "{label} must not contain control characters.";
    FIELD_NOT_ONE_LINE = "field_not_one_line": "{label} must be one line, without control characters.";
}

/// An optional text field or filter: absent or blank is none; else its trimmed text.
pub fn nonblank(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// A required text field, trimmed.
pub fn required(value: &Option<String>, message: impl Into<Problem>) -> AppResult<String> {
    match value.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => Ok(v.to_string()),
        _ => Err(AppError::bad_request(message)),
    }
}

/// A required secret, taken as typed (no trimming).
pub fn required_secret(value: &Option<String>, message: impl Into<Problem>) -> AppResult<String> {
    match value.as_deref() {
        Some(v) if !v.is_empty() => Ok(v.to_string()),
        _ => Err(AppError::bad_request(message)),
    }
}

/// A text field of at most `max` characters.
pub fn max_len(value: &str, max: usize, message: impl Into<Problem>) -> AppResult<()> {
    if value.chars().count() > max {
        Err(AppError::bad_request(message))
    } else {
        Ok(())
    }
}

/// An id that must be present and positive.
pub fn required_id(value: Option<i64>, message: impl Into<Problem>) -> AppResult<i64> {
    match value {
        Some(id) if id > 0 => Ok(id),
        _ => Err(AppError::bad_request(message)),
    }
}

/// A stored text field and the longest value it takes. The one table of limits on the server: the
/// API's checks and the upload row checks (`src/uploads/columns.tsv` names a field for every text
/// column) use it, and `frontend/src/lib/limits.js` is its twin for the screens' `maxLength` (the
/// API test `security_fields::the_frontend_has_the_same_limits` keeps the two equal).
#[derive(Debug, PartialEq, Eq)]
pub struct Field {
    /// The name in `frontend/src/lib/limits.js`.
    pub key: &'static str,
    /// The name in messages.
    pub label: &'static str,
    /// Characters.
    pub max: usize,
    /// Line breaks and tabs are allowed (remarks, notes); other control characters never are.
    pub multi_line: bool,
}

const fn line(key: &'static str, label: &'static str, max: usize) -> Field {
    Field { key, label, max, multi_line: false }
}

const fn lines(key: &'static str, label: &'static str, max: usize) -> Field {
    Field { key, label, max, multi_line: true }
}

/// The limits, by field.
pub mod limits {
    use super::{line, lines, Field};

    pub const BUYER_ID: Field = line("buyerId", "Buyer ID", 50);
    pub const BUYER_NAME: Field = line("buyerName", "Buyer Name", 200);
    pub const MOBILE: Field = line("mobile", "Mobile", 11);
    pub const EMAIL: Field = line("email", "Email", 254);
    pub const ADDRESS1: Field = line("address1", "Address 1", 200);
    pub const ADDRESS2: Field = line("address2", "Address 2", 200);
    pub const CITY: Field = line("city", "City", 100);
    pub const STATE: Field = line("state", "State", 100);
    pub const POSTAL_CODE: Field = line("postalCode", "Postal Code", 20);
    pub const COUNTRY: Field = line("country", "Country", 100);
    pub const CUSTOMER_INFO: Field = lines("customerInfo", "Info", 500);
    pub const RETAILER_TYPE: Field = line("retailerType", "Retailer Type", 20);
    /// A visit's remark (and an order's, which saves a visit).
    pub const VISIT_REMARK: Field = lines("visitRemark", "Remark", 500);
    /// The remark of a customer info entry.
    pub const INFO_REMARK: Field = lines("infoRemark", "Remark", 500);
    pub const PRODUCT_NAME: Field = line("productName", "Product Name", 200);
    pub const SKU: Field = line("sku", "SKU", 64);
    pub const CATEGORY: Field = line("category", "Category", 100);
    pub const DISTRIBUTOR_NAME: Field = line("distributorName", "Distributor Name", 200);
    pub const CODE: Field = line("code", "Code", 50);
    pub const ORDER_ID: Field = line("orderId", "Order ID", 50);
    pub const NAME: Field = line("name", "Name", 200);
    pub const SHORT_TEXT: Field = line("shortText", "Text", 100);
    pub const BEAT_NAME: Field = line("beatName", "Beat Name", 100);
    pub const WEEKDAYS: Field = line("weekdays", "Weekdays", 30);
    /// A user's name: it heads their mails and every list of users, on one line.
    pub const USER_NAME: Field = line("userName", "Name", 100);
    /// A list of names separated by `;` (the scheme upload's Products, States...).
    pub const SCHEME_LIST: Field = line("schemeList", "List", 2000);

    /// Every field, for the test that keeps the frontend's table equal.
    pub const ALL: &[&Field] = &[
        &BUYER_ID,
        &BUYER_NAME,
        &MOBILE,
        &EMAIL,
        &ADDRESS1,
        &ADDRESS2,
        &CITY,
        &STATE,
        &POSTAL_CODE,
        &COUNTRY,
        &CUSTOMER_INFO,
        &RETAILER_TYPE,
        &VISIT_REMARK,
        &INFO_REMARK,
        &PRODUCT_NAME,
        &SKU,
        &CATEGORY,
        &DISTRIBUTOR_NAME,
        &CODE,
        &ORDER_ID,
        &NAME,
        &SHORT_TEXT,
        &BEAT_NAME,
        &WEEKDAYS,
        &USER_NAME,
        &SCHEME_LIST,
    ];
}

/// Characters no stored text carries: control characters (line breaks only where the field is
/// multi-line), the Unicode line and paragraph separators, and the bidirectional overrides that
/// make text read otherwise than it is stored. Such text went as it was into the distributors'
/// mail and the result workbooks.
fn forbidden(c: char, multi_line: bool) -> bool {
    let allowed_in_lines = matches!(c, '\n' | '\r' | '\t');
    (c.is_control() && !(multi_line && allowed_in_lines))
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl Field {
    /// `value`'s problem as the message the API shows, if it has one.
    pub fn problem(&self, value: &str) -> Option<Problem> {
        self.problem_as(self.label, value)
    }

    /// `value`'s problem, naming the field `label` (an upload's column header).
    pub fn problem_as(&self, label: &str, value: &str) -> Option<Problem> {
        if value.chars().count() > self.max {
            Some(FIELD_TOO_LONG.with([("label", json!(label)), ("max", json!(self.max))]))
        } else if value.chars().any(|c| forbidden(c, self.multi_line)) {
            let msg = if self.multi_line { FIELD_CONTROL_CHARACTERS } else { FIELD_NOT_ONE_LINE };
            Some(msg.with([("label", json!(label))]))
        } else {
            None
        }
    }

    /// `value` checked, as a 400 naming the field.
    pub fn check(&self, value: &str) -> AppResult<()> {
        self.problem(value).map_or(Ok(()), |message| Err(AppError::bad_request(message)))
    }

    /// An optional field: trimmed, empty is `None`, else checked.
    pub fn optional(&self, value: Option<String>) -> AppResult<Option<String>> {
        let value = nonblank(value);
        if let Some(v) = &value {
            self.check(v)?;
        }
        Ok(value)
    }
}

/// Stored text as one line for a plain-text mail or a subject: every line break, control or
/// direction character becomes a space (rows stored before the checks may still have them).
pub fn one_line(text: &str) -> String {
    text.chars().map(|c| if forbidden(c, false) { ' ' } else { c }).collect()
}
