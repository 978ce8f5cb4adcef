//! Every text this area sends, by code (see `crate::platform::error`).

use crate::platform::error::UniqueField;

crate::messages! {
    DAY_STARTED = "day_started": "Your day has started.";
    /// `{time}`: HH:MM of the first visit or order, which stays the day's start.
    DAY_STARTED_BEFORE = "day_started_at_first_work": "Your day had already started at your first visit or order at {time}; that time is kept.";
    DAY_ENDED = "day_ended": "Your day has ended.";
    DAY_START_CLAIMED = "day_start_claimed": "Your start was recorded. It arrived late, so your manager sees it as your claim, with the time it arrived.";
    DAY_END_CLAIMED = "day_end_claimed": "Your end was recorded. It arrived late, so your manager sees it as your claim, with the time it arrived.";
    DAY_END_CLAIM_PAST = "day_end_claimed_day_over": "That day is over: your end was recorded as a claim for your manager to confirm. Until then the day closes 30 minutes after its last activity.";
    /// `{time}`: HH:MM of the tapped start.
    DAY_ALREADY_STARTED = "day_already_started": "Your day has already started at {time}.";
    /// `{time}`: HH:MM of the tapped end.
    DAY_ALREADY_ENDED = "day_already_ended": "Your day has already ended at {time}.";
    DAY_NOT_STARTED = "day_not_started": "Your day has not started, so there is nothing to end.";
    DAY_CORRECTED_BEFORE = "day_corrected_by_manager": "Your manager has corrected this day; ask them to change it.";
    DAY_END_BEFORE_START = "day_end_before_start": "The end of the day is before its start.";
    DAY_TIME_NOT_VALID = "day_time_not_valid": "The time must be an ISO 8601 time with an offset, e.g. 2026-11-24T09:30:00+05:30.";
    DAY_TIME_AHEAD = "day_time_ahead": "The time is more than 5 minutes ahead of the server's clock.";
    DAY_TIME_TOO_OLD = "day_time_too_old": "The time is more than 7 days old.";
    DAY_CLIENT_ID_NOT_VALID = "day_client_id_not_valid": "clientId must be 1 to 64 letters, digits, '-' or '_'.";
    DAY_ACCURACY_NOT_VALID = "day_accuracy_not_valid": "The accuracy must be a number of metres, 0 or more.";
    DAY_NOT_FOUND = "day_not_found": "The working day was not found.";
    DATE_NOT_VALID = "attendance_date_not_valid": "The date must be YYYY-MM-DD.";
    CORRECTION_REASON_REQUIRED = "day_correction_reason_required": "A reason is required to correct a day.";
    CORRECTION_REASON_TOO_LONG = "day_correction_reason_too_long": "The reason may be at most 500 characters.";
    CORRECTION_EMPTY = "day_correction_empty": "Give a new start or end time.";
    /// `{date}`: the day's date.
    CORRECTION_START_OFF_DAY = "day_correction_start_off_day": "The start must be on {date}.";
    CORRECTION_END_TOO_LATE = "day_correction_end_too_late": "The end must be before the end of the next day.";
    DAY_CORRECTED = "day_corrected": "The day has been corrected.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
