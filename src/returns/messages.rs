//! Every text this area sends, by code (see `crate::platform::error`).

use crate::platform::error::UniqueField;

crate::messages! {
    STOCK_RECORDED = "stock_recorded": "Shelf count saved.";
    RETURN_RECORDED = "return_recorded": "Return recorded. It becomes a credit once a manager approves it.";
    RETURN_APPROVED = "return_approved": "The return was approved: {value} is credited to the customer.";
    RETURN_REJECTED = "return_rejected": "The return was rejected.";
    RETURN_NOT_FOUND = "return_not_found": "The return was not found.";
    RETURN_DECIDED = "return_decided": "The return was approved or rejected already.";
    RETURN_REASON_NOT_VALID = "return_reason_not_valid": "The reason must be damaged, expired, near_expiry, wrong_item or other.";
    RETURN_NO_LINES = "return_no_lines": "Add at least one product.";
    RETURN_TOO_MANY_LINES = "return_too_many_lines": "At most {max} lines.";
    RETURN_LINE_NO_PRODUCT = "return_line_no_product": "Line {line}: choose a product.";
    RETURN_LINE_UNKNOWN_PRODUCT = "return_line_unknown_product": "Line {line}: the product was not found.";
    RETURN_LINE_REPEATED = "return_line_repeated": "Line {line} repeats the product of line {first}.";
    QUANTITY_NOT_VALID = "quantity_not_valid": "Line {line}: the quantity must be a whole number from {min} to 100,000.";
    RETURN_BATCH_REQUIRED = "return_batch_required": "Line {line}: the batch number is required for damaged or expired goods.";
    RETURN_EXPIRY_REQUIRED = "return_expiry_required": "Line {line}: the expiry date is required for expired goods.";
    RETURN_EXPIRY_NOT_A_DATE = "return_expiry_not_a_date": "Line {line}: the expiry date must be YYYY-MM-DD.";
    RETURN_EXPIRY_IN_FUTURE = "return_expiry_in_future": "Line {line}: goods returned as expired cannot expire after today.";
    RETURN_EXPIRY_PASSED = "return_expiry_passed": "Line {line}: goods near expiry must not have expired yet; return them as expired.";
    RETURN_DISTRIBUTOR_NOT_FOUND = "return_distributor_not_found": "The distributor was not found.";
    RETURN_CLIENT_ID_CLASH = "return_client_id_clash": "This clientId was already used for a return of another customer.";
    RETURN_DECISION_REASON_REQUIRED = "return_decision_reason_required": "The reason is required.";
    RETURNS_FILTER_NOT_VALID = "returns_filter_not_valid": "The {field} filter is not valid.";
    OUTLET_PROPOSED = "outlet_proposed": "The new shop was sent for approval.";
    OUTLET_PROPOSED_DUPLICATE = "outlet_proposed_duplicate":
        "The new shop was sent for approval. It may be a shop we have already ({match}): the manager will check.";
    OUTLET_APPROVED = "outlet_approved": "The shop was approved as {buyerId}.";
    OUTLET_REJECTED = "outlet_rejected": "The shop was rejected.";
    OUTLET_NOT_FOUND = "outlet_not_found": "The proposed shop was not found.";
    OUTLET_DECIDED = "outlet_decided": "The proposed shop was approved or rejected already.";
    OUTLET_ALREADY_PROPOSED = "outlet_already_proposed": "This shop was already proposed (proposal {proposalId}) and awaits approval.";
    OUTLET_FIELD_REQUIRED = "outlet_field_required": "{label} is required.";
    OUTLET_MOBILE_NOT_VALID = "outlet_mobile_not_valid": "The mobile must be 10 or 11 digits.";
    OUTLET_POSTAL_CODE_NOT_VALID = "outlet_postal_code_not_valid": "The PIN code must be 6 digits.";
    OUTLET_RETAILER_TYPE_NOT_VALID = "outlet_retailer_type_not_valid": "The type must be Retailer or Wholesaler.";
    OUTLET_POSITION_REQUIRED = "outlet_position_required": "The shop's position is required: turn on the phone's location.";
    OUTLET_CLIENT_ID_CLASH = "outlet_client_id_clash": "This clientId was already used for another shop.";
    OUTLET_REJECT_REASON_REQUIRED = "outlet_reject_reason_required": "The reason is required.";
    CLIENT_ID_REQUIRED = "returns_client_id_required": "clientId is required.";
    CLIENT_ID_NOT_VALID = "returns_client_id_not_valid": "clientId must be 1 to 64 letters, digits, '-' or '_'.";
}

/// No unique constraint of this area names a field (repeats of a clientId answer the first).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
