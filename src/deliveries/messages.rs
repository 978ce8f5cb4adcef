//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    DELIVERY_NOT_FOUND = "delivery_not_found": "The delivery was not found.";
    SEARCH_REQUIRED = "delivery_search_required": "Please enter an order ID, buyer or distributor to search.";
    MATCHED_COLUMN_INVALID = "delivery_matched_column_invalid": "matchedColumn must be orderID, buyerID, buyerName or sellerName.";
    REASON_INVALID = "delivery_reason_invalid": "Additional Reason is not valid.";
    ID_REQUIRED = "delivery_id_required": "The delivery id is required.";
    STATUS_REQUIRED = "delivery_status_required": "Delivery Status is Required";
    OTHER_REASON_TOO_LONG = "delivery_other_reason_too_long": "The other reason is limited to a maximum of 200 characters.";
    ADMIN_CANNOT_UPDATE = "delivery_admin_cannot_update": "Administrators approve deliveries; the agent updates them.";
    LOCKED = "delivery_locked": "This delivery can no longer be modified.";
    REASON_REQUIRED = "delivery_reason_required": "Additional Reason is Required";
    OTHER_REASON_REQUIRED = "delivery_other_reason_required": "Please enter the other reason.";
    REASON_NOT_OF_STATUS = "delivery_reason_not_of_status": "The reason does not belong to the chosen status.";
    UPDATED = "delivery_updated": "Delivery updated successfully.";
    SELECT_ONE = "delivery_select_one": "Please select at least one delivery.";
    REMARK_REQUIRED = "delivery_remark_required": "Please Enter Remark";
    REMARK_TOO_LONG = "delivery_remark_too_long": "The remark is limited to a maximum of 200 characters.";
    APPROVE_STATUS_REQUIRED = "delivery_approve_status_required": "Please Select Approve Status";
    /// `{orderId}`: the delivery's order id.
    NOT_PENDING = "delivery_not_pending": "Delivery {orderId} is not waiting for approval.";
    APPROVALS_SAVED = "delivery_approvals_saved": "{what} saved.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
