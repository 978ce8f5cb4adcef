//! Every text this area sends, by code (see `crate::platform::error`).

use crate::platform::error::UniqueField;

crate::messages! {
    TARGET_SAVED = "target_saved": "The target was saved.";
    TARGET_REMOVED = "target_removed": "The target was removed.";
    TARGET_AGENT_REQUIRED = "target_agent_required": "agentId is required.";
    TARGET_MONTH_NOT_VALID = "target_month_not_valid": "The month must be written YYYY-MM.";
    TARGET_MEASURE_NOT_VALID = "target_measure_not_valid":
        "The measure must be sales_value, productive_calls, lines_per_call, visits, new_outlets or collections.";
    /// A count measure's target is a whole number; lines per call has two places; money two places.
    TARGET_VALUE_NOT_VALID = "target_value_not_valid":
        "The target must be a number of 0 or more: whole for a count, with at most two decimal places for an amount or lines per call.";
    HOLIDAY_SAVED = "holiday_saved": "The holiday was saved.";
    HOLIDAY_REMOVED = "holiday_removed": "The holiday was removed.";
    HOLIDAY_NOT_FOUND = "holiday_not_found": "The holiday was not found.";
    HOLIDAY_DATE_NOT_VALID = "holiday_date_not_valid": "The date must be written YYYY-MM-DD.";
    HOLIDAY_NAME_REQUIRED = "holiday_name_required": "The holiday's name is required.";
    INCENTIVE_SAVED = "incentive_saved": "The incentive slabs were saved.";
    /// Slabs: 1 to 1000 percent, each once, at most 20.
    INCENTIVE_SLABS_NOT_VALID = "incentive_slabs_not_valid":
        "Each slab needs fromPercent, a whole number from 1 to 1000 given once, and a payout of 0 or more with at most two decimal places; at most 20 slabs.";
    /// Holidays and incentive slabs hold for the whole company.
    TARGETS_ADMINISTRATORS_ONLY = "targets_administrators_only": "Only administrators change holidays and incentive slabs.";
}

pub const UNIQUE_FIELDS: &[UniqueField] = &[];
