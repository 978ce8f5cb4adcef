//! Every text this area sends, by code (see `crate::platform::error`).

use crate::platform::error::UniqueField;

crate::messages! {
    PHOTO_SAVED = "photo_saved": "The photo was saved.";
    PHOTO_SAVED_FLAGGED = "photo_saved_flagged": "The photo was saved. It looks like another photo already sent, so it is flagged for your manager.";
    PHOTO_FILE_REQUIRED = "photo_file_required": "Choose a photo to send.";
    PHOTO_NOT_AN_IMAGE = "photo_not_jpeg_or_webp": "Only JPEG and WebP photos can be sent.";
    PHOTO_UNREADABLE = "photo_unreadable": "The photo could not be read: the file is damaged or incomplete.";
    PHOTO_TOO_LARGE_TO_DECODE = "photo_too_many_pixels": "The photo has too many pixels (at most 8,192 a side and about 20 megapixels).";
    PHOTO_IMPLAUSIBLY_SMALL = "photo_implausibly_small": "The file is too small for the picture size it claims: it is damaged or not a real photo.";
    /// `{max}`: photos a sender may have waiting at once.
    PHOTO_BUSY = "photo_busy": "{max} of your photos are being processed; this one will be sent again in a moment.";
    /// `{max}`: photos a sender may send a minute.
    PHOTO_RATE_LIMITED = "photo_rate_limited": "At most {max} photos a minute can be sent; the rest will be sent again shortly.";
    PHOTO_CLIENT_ID_NOT_VALID = "photo_client_id_not_valid": "clientId must be 1 to 64 letters, digits, - or _.";
    PHOTO_VISIT_REQUIRED = "photo_visit_required": "Name the photo's visit (visitClientId or visitId).";
    PHOTO_VISIT_NOT_FOUND = "photo_visit_not_found": "The photo's visit was not found (it may not have reached the server yet).";
    PHOTO_LABEL_NOT_VALID = "photo_label_not_valid": "The label must be shelf, display, competitor or other.";
    PHOTO_TIME_NOT_VALID = "photo_time_not_valid": "takenAt must be an ISO 8601 time with an offset, e.g. 2026-11-24T09:30:00+05:30.";
    PHOTO_TIME_AHEAD = "photo_time_ahead": "takenAt is more than 5 minutes ahead of the server's clock.";
    PHOTO_TIME_TOO_OLD = "photo_time_too_old": "takenAt is more than 7 days old.";
    /// The photo of a new shop's front (decision 46).
    PHOTO_SHOP_NOT_FOUND = "photo_shop_not_found": "The photo's new shop was not found (it may not have reached the server yet).";
    PHOTO_SHOP_HAS_PHOTO = "photo_shop_has_photo": "The new shop has its photo already.";
    PHOTO_LIMIT_REACHED = "photo_limit_reached": "A visit has at most {max} photos.";
    PHOTO_NOT_FOUND = "photo_not_found": "The photo was not found.";
    PHOTO_FILTER_DATE_NOT_VALID = "photo_filter_date_not_valid": "Dates must be written YYYY-MM-DD.";
    PHOTO_FILTER_LABEL_NOT_VALID = "photo_filter_label_not_valid": "The label must be shelf, display, competitor or other.";
    PHOTO_FILTER_FLAGGED_NOT_VALID = "photo_filter_flagged_not_valid": "flagged must be true or false.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
