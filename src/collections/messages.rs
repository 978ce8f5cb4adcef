//! Every text this area sends, by code (see `crate::platform::error`).

use crate::platform::error::UniqueField;

crate::messages! {
    /// Invoice upload rows (`queries::upsert_invoice`): `{invoice}` the Invoice No, `{paid}` what
    /// was paid on it (a decimal).
    INVOICE_PAID_MORE = "upload_invoice_paid_more": "Invoice {invoice} has {paid} paid on it: its amount cannot be less than that";
    INVOICE_OTHER_CUSTOMER = "upload_invoice_other_customer": "Invoice {invoice} has payments of another customer: its Buyer ID cannot change";
    INVOICE_NOT_UPDATED = "upload_invoice_not_updated": "Invoice {invoice} could not be updated";
    PAYMENT_RECORDED = "payment_recorded": "Payment recorded.";
    /// A payment far above what the customer owed (`queries::far_above_owed`).
    PAYMENT_AWAITING_APPROVAL = "payment_awaiting_approval":
        "Payment recorded. It is far above what the customer owed: it counts once a manager approves it.";
    PAYMENT_APPROVED = "payment_approved": "The payment was approved.";
    PAYMENT_NOT_PENDING = "payment_not_pending": "The payment is not awaiting approval.";
    PAYMENT_IS_PENDING = "payment_is_pending": "The payment is awaiting a manager's approval.";
    PAYMENT_APPROVE_OWN = "payment_approve_own": "You collected this payment: another manager must approve it.";
    PAYMENT_DEPOSITED = "payment_deposited": "The payment was marked deposited.";
    PAYMENT_REVERSED = "payment_reversed": "The payment was reversed.";
    PAYMENT_NOT_FOUND = "payment_not_found": "The payment was not found.";
    /// A customer outside the caller's scope is answered as one that does not exist.
    PAYMENT_CLIENT_ID_REQUIRED = "payment_client_id_required": "clientId is required.";
    PAYMENT_CLIENT_ID_NOT_VALID = "payment_client_id_not_valid": "clientId must be 1 to 64 letters, digits, '-' or '_'.";
    /// A repeat of a clientId that carries another customer or amount: a clash, not a repeat.
    PAYMENT_CLIENT_ID_CLASH = "payment_client_id_clash":
        "This clientId was already used for a payment of another customer or amount.";
    PAYMENT_BUYER_REQUIRED = "payment_buyer_required": "Buyer ID is required.";
    PAYMENT_AMOUNT_REQUIRED = "payment_amount_required": "The amount is required.";
    PAYMENT_AMOUNT_NOT_VALID = "payment_amount_not_valid": "The amount must be more than 0, with at most two decimal places.";
    /// The company's cash limit (`--cash-limit-per-day`; India's Income-tax Act s. 269ST).
    PAYMENT_CASH_OVER_LIMIT = "payment_cash_over_limit":
        "Cash from one customer in one day must stay below {limit}; {taken} in cash was already taken on {day}. Take the rest by cheque, UPI or bank.";
    PAYMENT_MODE_NOT_VALID = "payment_mode_not_valid": "The mode must be cash, cheque, upi or bank.";
    PAYMENT_CHEQUE_NO_REQUIRED = "payment_cheque_no_required": "The cheque number is required for a cheque.";
    PAYMENT_BANK_REQUIRED = "payment_bank_required": "The bank is required for a cheque.";
    PAYMENT_REFERENCE_REQUIRED = "payment_reference_required": "The reference is required for a UPI or bank payment.";
    PAYMENT_TIME_REQUIRED = "payment_time_required": "collectedAt is required.";
    PAYMENT_TIME_NOT_VALID = "payment_time_not_valid":
        "collectedAt must be an ISO 8601 time with an offset, e.g. 2026-11-24T09:30:00+05:30.";
    PAYMENT_TIME_AHEAD = "payment_time_ahead": "collectedAt is more than 5 minutes ahead of the server's clock.";
    PAYMENT_TIME_TOO_OLD = "payment_time_too_old": "collectedAt is more than 7 days old.";
    PAYMENT_INVOICE_UNKNOWN = "payment_invoice_unknown": "Invoice {invoiceNo} is not one of this customer's invoices.";
    PAYMENT_INVOICE_REPEATED = "payment_invoice_repeated": "Invoice {invoiceNo} is named twice.";
    PAYMENT_TOO_MANY_INVOICES = "payment_too_many_invoices": "A payment may name at most {max} invoices.";
    PAYMENT_ALREADY_DEPOSITED = "payment_already_deposited": "The payment is already deposited.";
    PAYMENT_IS_REVERSED = "payment_is_reversed": "The payment was reversed.";
    PAYMENT_ALREADY_REVERSED = "payment_already_reversed": "The payment is already reversed.";
    PAYMENT_REVERSE_ADMINISTRATORS_ONLY = "payment_reverse_administrators_only": "Only administrators can reverse a payment.";
    PAYMENT_REVERSAL_REASON_REQUIRED = "payment_reversal_reason_required": "The reason for the reversal is required.";
    PAYMENTS_FROM_NOT_A_DATE = "payments_from_not_a_date": "From must be a date (YYYY-MM-DD).";
    PAYMENTS_TO_NOT_A_DATE = "payments_to_not_a_date": "To must be a date (YYYY-MM-DD).";
    PAYMENTS_STATUS_NOT_VALID = "payments_status_not_valid": "The status must be pending, collected, deposited or reversed.";
}

/// The unique constraints of this area that name a field the user typed (see `crate::platform::error`): a
/// repeated `clientId` answers the first payment; one that differs from another of the same user's
/// only in case would make the same receipt number, a clash.
pub const UNIQUE_FIELDS: &[UniqueField] = &[UniqueField { column: "payments.receipt_no", field: "clientId", msg: PAYMENT_CLIENT_ID_CLASH }];
