//! Every text this area sends, by code (see `crate::platform::error`): the spec's English word for word.

use crate::platform::error::UniqueField;

crate::messages! {
    ORDER_BOOKED = "order_booked": "Order submitted successfully.";
    /// An order taken for a new shop awaiting approval (issue #54).
    ORDER_WAITS_FOR_SHOP = "order_waits_for_shop": "Order saved. It goes to the distributor once the new shop is approved.";
    ORDER_SHOP_NOT_FOUND = "order_shop_not_found": "The new shop was not found.";
    ORDER_SHOP_REJECTED = "order_shop_rejected": "The new shop was rejected: the order cannot be booked.";
    ORDER_SHOP_CLIENT_ID_REQUIRED = "order_shop_client_id_required": "An order for a new shop needs its clientId.";
    ORDER_SHOP_DISTRIBUTOR_REQUIRED = "order_shop_distributor_required": "An order for a new shop needs its distributor.";
    ORDER_CANCELLED = "order_cancelled": "The order was cancelled.";
    ORDER_NOT_FOUND = "order_not_found": "The order was not found.";
    /// Why a Submitted order waits (administrators see it in the lists).
    ORDER_DISTRIBUTOR_NO_EMAIL = "order_distributor_no_email": "The distributor has no email address.";
    ORDER_BUYER_REQUIRED = "order_buyer_required": "Buyer ID is required";
    ORDER_DISTRIBUTOR_NOT_FOUND = "order_distributor_not_found": "The distributor was not found.";
    ORDER_NO_USUAL_DISTRIBUTOR = "order_no_usual_distributor":
        "The customer has no earlier order from a known distributor: choose the distributor.";
    ORDER_NO_LINES = "order_no_lines": "Add at least one product to the order.";
    ORDER_TOO_MANY_LINES = "order_too_many_lines": "An order may have at most {max} lines.";
    ORDER_LINE_NO_PRODUCT = "order_line_no_product": "Line {line}: choose a product.";
    ORDER_LINE_NO_QUANTITY = "order_line_no_quantity": "Line {line}: the quantity is required.";
    ORDER_LINE_BAD_QUANTITY = "order_line_bad_quantity": "Line {line}: the quantity must be a whole number from 1 to 100,000.";
    ORDER_LINE_REPEATED = "order_line_repeated":
        "Line {line}: this product is already on line {first}; change the quantity there instead.";
    ORDER_LINE_UNKNOWN_PRODUCT = "order_line_unknown_product": "Line {line}: product {product} does not exist.";
    ORDER_PRODUCT_RETIRED = "order_product_retired": "{name} is no longer sold and cannot be ordered.";
    ORDER_PRODUCT_UNPRICED = "order_product_unpriced": "{name} has no price yet and cannot be ordered.";
    /// Quantities times prices beyond what an amount holds (`crate::platform::money::MAX_PAISE`).
    ORDER_AMOUNT_TOO_LARGE = "order_amount_too_large": "The order's total is too large.";
    ORDER_VISIT_TAKEN = "order_visit_taken": "This visit was saved with another order already.";
    ORDER_VISIT_OTHER_CUSTOMER = "order_visit_other_customer": "This visit was saved for another customer.";
    ORDER_FROM_NOT_A_DATE = "order_from_not_a_date": "From must be a date (YYYY-MM-DD).";
    ORDER_TO_NOT_A_DATE = "order_to_not_a_date": "To must be a date (YYYY-MM-DD).";
    ORDER_CANCEL_NOT_YOURS = "order_cancel_not_yours": "Only the user who booked this order or an administrator can cancel it.";
    ORDER_ALREADY_SENT = "order_already_sent": "The order was already sent to the distributor and can no longer be cancelled.";
    ORDER_ALREADY_CANCELLED = "order_already_cancelled": "The order is already cancelled.";
    ORDER_BEING_SENT = "order_being_sent": "The order is being sent to the distributor right now and can no longer be cancelled.";
    /// Why an order waits for a manager's approval (credit limits, issue #38); the amounts are
    /// written with the rupee sign and two places.
    ORDER_HELD_OVER_LIMIT = "order_held_over_limit":
        "Outstanding {outstanding} + open orders {open} + this order {order} exceeds the credit limit {limit}.";
    ORDER_APPROVED = "order_approved": "The order was approved and will be sent to the distributor.";
    ORDER_REJECTED = "order_rejected": "The order was rejected and will not be sent to the distributor.";
    ORDER_NOT_HELD = "order_not_held": "The order is not awaiting approval.";
    ORDER_ALREADY_APPROVED = "order_already_approved": "The order was already approved.";
    ORDER_ALREADY_REJECTED = "order_already_rejected": "The order was already rejected.";
    /// The booker of a held order cannot approve it (issue #49): another approver must.
    ORDER_APPROVE_OWN = "order_approve_own": "You booked this order: another approver must approve it.";
    ORDER_REJECT_REASON_REQUIRED = "order_reject_reason_required": "Give the reason for rejecting the order.";
    CREDIT_LIMIT_SAVED = "credit_limit_saved": "The credit limit was saved.";
    CREDIT_LIMIT_CLEARED = "credit_limit_cleared": "The credit limit was removed.";
    CREDIT_LIMIT_NOT_AMOUNT = "credit_limit_not_amount": "Credit Limit must be an amount of 0 or more, with at most two decimal places.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`):
/// none (a repeated `clientId` answers the first booking).
pub const UNIQUE_FIELDS: &[UniqueField] = &[];
