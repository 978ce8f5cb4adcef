//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    /// Said by the phone, never by the server: the customer is neither answered by the server
    /// nor kept on the phone (`frontend/src/lib/resources.js`).
    NOT_ON_PHONE = "customer_not_on_phone": "Offline: this customer is not on this phone.";
    VISITS_PERIOD_UNKNOWN = "customer_visits_period_unknown": "Use ftd (today) or ftm (this month).";
    MOBILE_REQUIRED = "customer_mobile_required": "Mobile No. is Required";
    MOBILE_NOT_NUMERIC = "customer_mobile_not_numeric": "Mobile No. should contain only numbers";
    MOBILE_TOO_SHORT = "customer_mobile_too_short": "Mobile No. should contain atleast 10 numbers";
    MOBILE_TOO_LONG = "customer_mobile_too_long": "Mobile No. should contain atmost 11 numbers";
    BUYER_NAME_REQUIRED = "customer_buyer_name_required": "Buyer Name is Required";
    RETAILER_TYPE_NOT_VALID = "customer_retailer_type_not_valid": "Retailer type must be Retailer or Wholesaler.";
    BUYER_ID_REQUIRED = "customer_buyer_id_required": "Buyer ID is required";
    PROFILE_NOTHING_TO_CHANGE = "customer_profile_nothing_to_change": "Atleast one field to have an input";
    CUSTOMER_ADDED = "customer_added": "Customer {buyerId} added successfully.";
    CUSTOMER_ADDED_LOCATION_PROPOSED = "customer_added_location_proposed": "Customer {buyerId} added successfully. The shop's location was sent to your manager for approval.";
    PROFILE_UPDATED = "customer_profile_updated": "Profile updated successfully.";
    PROFILE_UPDATED_LOCATION_PROPOSED = "customer_profile_updated_location_proposed": "Profile updated successfully. The shop's location was sent to your manager for approval.";
    /// Added to a success message when an agent's position became a proposal.

    INFO_SUB_TYPE_NOT_VALID = "customer_info_sub_type_not_valid": "Info Sub Type is not valid.";
    INFO_TOO_MANY_FILES = "customer_info_too_many_files": "Up to three files can be attached.";
    INFO_SUB_TYPE_REQUIRED = "customer_info_sub_type_required": "Info Sub Type is required.";
    INFO_SUB_TYPE_NOT_OF_TYPE = "customer_info_sub_type_not_of_type": "Info Sub Type is not valid for this Info Type.";
    INFO_TYPE_REQUIRED = "customer_info_type_required": "Info Type is required.";
    INFO_FILE_SLOT_REPEATED = "customer_info_file_slot_repeated": "Each of img1, img2 and img3 can be sent once.";
    INFO_SAVED = "customer_info_saved": "Customer info saved successfully.";
    INFO_SUBMISSION_ID_REQUIRED = "customer_info_submission_id_required": "The submission id is required.";
    INFO_REMARK_REQUIRED = "customer_info_remark_required": "Please Enter Remark";
    INFO_REMARK_TOO_LONG = "customer_info_remark_too_long": "The remark is limited to a maximum of 200 characters.";
    INFO_SUBMISSION_NOT_FOUND = "customer_info_submission_not_found": "The record was not found.";
    INFO_STATUS_UPDATED = "customer_info_status_updated": "Status updated successfully.";
    MEDIA_NAME_NOT_VALID = "customer_media_name_not_valid": "Invalid file name.";
    MEDIA_NOT_FOUND = "customer_media_not_found": "The file was not found.";

    LOCATION_NO_PROPOSAL = "customer_location_no_proposal": "There is no proposed location for this customer.";
    LOCATION_DECIDERS_ONLY = "customer_location_deciders_only": "Only a manager or an administrator can accept or reject a proposed location.";
    LOCATION_ACCEPTED = "customer_location_accepted": "The proposed location is now the customer's.";
    LOCATION_REJECTED = "customer_location_rejected": "The proposed location was rejected.";

    OFFLINE_CURSOR_NOT_VALID = "customer_offline_cursor_not_valid": "The cursor is not valid: start again without one.";

    VISIT_SAVED = "visit_saved": "Visit saved successfully.";
    VISIT_OUTCOME_REQUIRED = "visit_outcome_required": "Visit Outcome is required";
    VISIT_OUTCOME_RETIRED = "visit_outcome_retired": "The chosen outcome no longer exists. Please choose another.";
    VISIT_CLIENT_ID_NOT_VALID = "visit_client_id_not_valid": "clientId must be 1 to 64 letters, digits, '-' or '_'.";
    VISIT_TIME_NOT_VALID = "visit_time_not_valid": "visitedAt must be an ISO 8601 time with an offset, e.g. 2026-11-24T09:30:00+05:30.";
    VISIT_TIME_AHEAD = "visit_time_ahead": "visitedAt is more than 5 minutes ahead of the server's clock.";
    VISIT_TIME_TOO_OLD = "visit_time_too_old": "visitedAt is more than 7 days old.";
    VISIT_ACCURACY_NOT_VALID = "visit_accuracy_not_valid": "accuracy must be a number of metres, 0 or more.";
    /// A visit to a new shop still awaiting approval (decision 47).
    VISIT_WAITS_FOR_SHOP = "visit_waits_for_shop": "Visit saved. It is logged under the new shop once the shop is approved.";
    VISIT_SHOP_NOT_FOUND = "visit_shop_not_found": "The new shop was not found.";
    VISIT_SHOP_REJECTED = "visit_shop_rejected": "The new shop was rejected: the visit cannot be saved.";
    VISIT_SHOP_CLIENT_ID_REQUIRED = "visit_shop_client_id_required": "A visit to a new shop needs its clientId.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
/// Customers' mobile numbers and buyer ids are not unique in the schema; visits' `clientId` is
/// (per user), but a repeat is answered as the first save, never as a conflict.
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
