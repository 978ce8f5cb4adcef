//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    /// `{name}`: the report name asked for.
    REPORT_NOT_FOUND = "report_not_found": "There is no report named {name}.";
    FROM_DATE_REQUIRED = "report_from_date_required": "From Date is required";
    TO_DATE_REQUIRED = "report_to_date_required": "To Date is required";
    FROM_DATE_INVALID = "report_from_date_invalid": "From Date must be a date (YYYY-MM-DD).";
    TO_DATE_INVALID = "report_to_date_invalid": "To Date must be a date (YYYY-MM-DD).";
    TO_BEFORE_FROM = "report_to_date_before_from_date": "To Date must not be before From Date.";
    USER_TYPE_REQUIRED = "report_user_type_required": "Please select user type.";
    COUNTRY_REQUIRED = "report_country_required": "Please select country.";
    ENTER_FROM_DATE = "report_enter_from_date": "Please Enter From Date.";
    ENTER_TO_DATE = "report_enter_to_date": "Please Enter To Date.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
