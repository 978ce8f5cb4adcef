//! Request and response shapes of the collections endpoints (CONTRACT.md "Collections").

use serde::{Deserialize, Serialize};

use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::money::Money;

/// The ageing of a customer's open balances by days past the due date (not yet due: 0-30).
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ageing {
    pub days0to30: Money,
    pub days31to60: Money,
    pub days61to90: Money,
    pub days90plus: Money,
}

/// One open invoice of a customer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenInvoice {
    pub invoice_no: String,
    /// YYYY-MM-DD.
    pub invoice_date: String,
    /// YYYY-MM-DD.
    pub due_date: String,
    pub amount: Money,
    /// The allocations of payments not reversed.
    pub paid: Money,
    /// `amount - paid`, more than zero.
    pub balance: Money,
    /// Whole days past the due date, 0 when not yet due.
    pub days_overdue: i64,
}

/// `GET /users/customer/outstanding/{buyerId}`: open invoices only, oldest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outstanding {
    pub buyer_id: String,
    /// The sum of the open invoices' balances.
    pub total: Money,
    /// The customer's credit limit, null when none.
    pub credit_limit: Option<Money>,
    pub ageing: Ageing,
    pub invoices: Vec<OpenInvoice>,
    /// The customer's approved returns (issue #54, decision 40), newest first: each a credit
    /// already taken off the oldest invoices (so out of `total` and the ageing), with what no
    /// open invoice took.
    pub credits: Vec<Credit>,
}

/// An approved return as a credit on the customer's account.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credit {
    pub return_id: i64,
    /// When it was approved, ISO 8601.
    pub approved_at: String,
    /// Its value (taxable + tax).
    pub amount: Money,
    /// The part spread over invoices.
    pub allocated: Money,
    /// The part no open invoice took.
    pub unallocated: Money,
}

/// `POST /users/payment`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordPayment {
    /// The phone's id of the payment, `<8-char device tag>-<4-digit counter>` (1-64 of
    /// `A-Za-z0-9_-`): a repeat by the same user records nothing; the receipt number is made of it.
    pub client_id: Option<String>,
    #[serde(alias = "buyerID")]
    pub buyer_id: lenient::Text,
    /// More than 0, at most two decimal places (a number or numeric text).
    #[schema(value_type = Option<f64>)]
    pub amount: Option<serde_json::Value>,
    /// cash, cheque, upi or bank.
    pub mode: Option<String>,
    /// Required for upi and bank.
    pub reference: Option<String>,
    /// Required for cheque.
    pub cheque_no: Option<String>,
    /// Required for cheque.
    pub bank: Option<String>,
    /// The phone's time of the collection, ISO 8601 with offset (the rules of the visit save's
    /// visitedAt: at most 5 minutes ahead, at most 7 days old).
    pub collected_at: Option<String>,
    /// Invoice numbers to pay first, in this order; absent: the oldest open invoices first.
    pub invoices: Option<Vec<String>>,
}

/// One allocation of a payment to an invoice.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Allocation {
    pub invoice_no: String,
    pub amount: Money,
}

/// The answer of a payment, and of every repeat of its `clientId`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRecorded {
    pub message: String,
    /// The message's code (`payment_recorded`).
    pub code: String,
    pub payment_id: i64,
    /// `R<uid>-<CLIENTID>` upper-cased (see `collections::alloc::receipt_no`).
    pub receipt_no: String,
    /// True when this `clientId` was recorded before: nothing was written now.
    pub duplicate: bool,
    pub allocations: Vec<Allocation>,
    /// What no invoice took (an over-payment, kept on the payment; all of it while pending).
    pub unallocated: Money,
    /// `collected`, or `pending` for a payment far above what the customer owed: it counts, and
    /// is spread over the invoices, once a manager approves it.
    pub status: PaymentStatus,
}

/// A payment's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentStatus {
    /// Far above what the customer owed: awaiting a manager's approval (issue #49).
    Pending,
    Collected,
    Deposited,
    Reversed,
}

impl PaymentStatus {
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pending" => Some(PaymentStatus::Pending),
            "collected" => Some(PaymentStatus::Collected),
            "deposited" => Some(PaymentStatus::Deposited),
            "reversed" => Some(PaymentStatus::Reversed),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Collected => "collected",
            PaymentStatus::Deposited => "deposited",
            PaymentStatus::Reversed => "reversed",
        }
    }
}

impl rusqlite::types::FromSql for PaymentStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let text = value.as_str()?;
        PaymentStatus::parse(text).ok_or_else(|| rusqlite::types::FromSqlError::Other(format!("unknown payment status {text}").into()))
    }
}

/// A row of `GET /users/payments`, and the head of a payment's receipt.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRow {
    pub payment_id: i64,
    pub receipt_no: String,
    pub client_id: String,
    pub buyer_id: String,
    pub customer_name: String,
    pub agent_id: UserId,
    pub agent_name: String,
    pub amount: Money,
    /// cash, cheque, upi or bank.
    pub mode: String,
    pub reference: Option<String>,
    pub cheque_no: Option<String>,
    pub bank: Option<String>,
    /// The phone's time of the collection, ISO 8601.
    pub collected_at: String,
    /// When the server received it, ISO 8601.
    pub received_at: String,
    /// `amount - unallocated`.
    pub allocated: Money,
    pub unallocated: Money,
    pub status: PaymentStatus,
    pub deposited_at: Option<String>,
    pub deposited_by_name: Option<String>,
    pub reversed_at: Option<String>,
    pub reversed_by_name: Option<String>,
    pub reversal_reason: Option<String>,
}

/// `GET /users/payment/{paymentId}`: the receipt.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDetail {
    #[serde(flatten)]
    pub head: PaymentRow,
    pub allocations: Vec<Allocation>,
}

/// The sums of one mode over the filter (payments not reversed).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModeTotal {
    pub mode: String,
    pub count: i64,
    pub amount: Money,
}

/// The totals of every payment the filter matches, across pages; reversed payments and those
/// awaiting approval are counted apart and not summed.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTotals {
    /// Payments not reversed.
    pub count: i64,
    pub amount: Money,
    pub allocated: Money,
    pub unallocated: Money,
    pub reversed_count: i64,
    /// Payments awaiting approval, counted apart and not summed.
    pub pending_count: i64,
    pub by_mode: Vec<ModeTotal>,
}

/// One page of payments, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentPage {
    pub data: Vec<PaymentRow>,
    pub total_records: i64,
    pub totals: PaymentTotals,
}

/// `GET /users/payments?agentId=&buyerId=&from=&to=&mode=&status=&pageNumber=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentQuery {
    /// One agent's payments (inside the caller's scope).
    pub agent_id: lenient::Int,
    /// One customer's payments.
    pub buyer_id: Option<String>,
    /// First day of collection, YYYY-MM-DD.
    #[param(format = Date)]
    pub from: Option<String>,
    /// Last day of collection, YYYY-MM-DD.
    #[param(format = Date)]
    pub to: Option<String>,
    /// cash, cheque, upi or bank.
    pub mode: Option<String>,
    /// pending, collected, deposited or reversed.
    pub status: Option<String>,
    pub page_number: lenient::Int,
}

/// `POST /users/payment/{paymentId}/reverse`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReversePayment {
    pub reason: Option<String>,
}

/// The answer of a deposit or a reversal.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentChanged {
    pub message: String,
    pub code: String,
    pub payment_id: i64,
    pub status: PaymentStatus,
}
