//! Request and response shapes of the order endpoints (CONTRACT.md "Field app": orders).

use serde::{Deserialize, Serialize};

use crate::customers::api::{SaveVisit, VisitSaved};
use crate::ids::{OrderId, UserId};
use crate::lenient;
use crate::money::Money;

/// An order's state: waiting for the distributor's mail, mailed, or cancelled by its agent; held
/// over the customer's credit limit for a manager's approval (not mailed until approved), or
/// rejected by the manager (never mailed). The stored status is Submitted, Sent or Cancelled; the
/// last two are derived from the order's credit hold (`credit::SHOWN_STATUS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum OrderStatus {
    Submitted,
    Sent,
    Cancelled,
    #[serde(rename = "Awaiting approval")]
    AwaitingApproval,
    Rejected,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Submitted => "Submitted",
            OrderStatus::Sent => "Sent",
            OrderStatus::Cancelled => "Cancelled",
            OrderStatus::AwaitingApproval => "Awaiting approval",
            OrderStatus::Rejected => "Rejected",
        }
    }
}

impl rusqlite::types::FromSql for OrderStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        match value.as_str()? {
            "Submitted" => Ok(OrderStatus::Submitted),
            "Sent" => Ok(OrderStatus::Sent),
            "Cancelled" => Ok(OrderStatus::Cancelled),
            "Awaiting approval" => Ok(OrderStatus::AwaitingApproval),
            "Rejected" => Ok(OrderStatus::Rejected),
            other => Err(rusqlite::types::FromSqlError::Other(format!("unknown order status {other}").into())),
        }
    }
}

/// One line of a booking.
#[derive(Debug, Default, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LineRequest {
    pub product_id: lenient::Int,
    /// A whole number from 1 to 100,000.
    pub quantity: lenient::Number,
    /// The unit price the screen showed; when it differs from the server's, the answer says
    /// `priceChanged: true`. The server's price is always the one booked.
    pub unit_price: lenient::Number,
}

/// The visit saved together with an order (the order screen's Submit logs the visit too): the
/// fields of a visit save without the buyer, which is the order's.
#[derive(Debug, Default, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderVisit {
    pub outcome_id: lenient::Int,
    pub remark: Option<String>,
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    pub accuracy: lenient::Number,
    /// The phone's time of the visit, ISO 8601 with offset (the rules of the visit save).
    pub visited_at: Option<String>,
    /// The phone's id of the visit (1-64 of `A-Za-z0-9_-`).
    pub client_id: Option<String>,
}

impl OrderVisit {
    /// The visit save this stands for, at `buyer_id`.
    pub fn to_save(&self, buyer_id: &str) -> SaveVisit {
        SaveVisit {
            buyer_id: Some(buyer_id.to_string()),
            outcome_id: self.outcome_id,
            remark: self.remark.clone(),
            latitude: self.latitude,
            longitude: self.longitude,
            client_id: self.client_id.clone(),
            visited_at: self.visited_at.clone(),
            accuracy: self.accuracy,
        }
    }
}

/// `POST /users/order`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BookOrder {
    /// The phone's id of this booking (1-64 of `A-Za-z0-9_-`): a repeat by the same user books nothing.
    pub client_id: Option<String>,
    #[serde(alias = "buyerID")]
    pub buyer_id: lenient::Text,
    /// Absent: the distributor of the customer's most recent order line.
    pub distributor_id: lenient::Int,
    pub remark: Option<String>,
    pub lines: Vec<LineRequest>,
    /// The total the screen showed; when it differs from the server's, `priceChanged` is true.
    pub expected_total: lenient::Number,
    /// A visit to save with the order, in the same transaction; the order is linked to it.
    pub visit: Option<OrderVisit>,
}

/// A line of a booked order, at the price it was booked at.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_id: i64,
    pub product_name: String,
    pub sku: Option<String>,
    pub quantity: i64,
    pub unit_price: Money,
    /// `quantity` times `unitPrice`, exactly.
    pub line_total: Money,
}

/// The answer of a booking, and of every repeat of its `clientId`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderBooked {
    pub message: String,
    /// The message's code (`order_booked`).
    pub code: String,
    pub order_id: OrderId,
    /// The order's id in the order lines and the distributor's mail (APP000123).
    pub order_number: String,
    /// True when this `clientId` was booked before: nothing was written now.
    pub duplicate: bool,
    pub status: OrderStatus,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// The sum of the lines' `lineTotal`, exactly.
    pub total: Money,
    pub lines: Vec<OrderLine>,
    /// True when the screen's `expectedTotal` or a line's `unitPrice` differs from the server's
    /// prices (the order is booked at the server's).
    pub price_changed: bool,
    /// The visit saved with the order, if one was sent.
    pub visit: Option<VisitSaved>,
    /// Why the order awaits a manager's approval (`status` "Awaiting approval"): the English text.
    pub held_reason: Option<String>,
    /// The held reason's code and values, for the client's own language.
    pub held_reason_code: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub held_reason_params: Option<serde_json::Map<String, serde_json::Value>>,
}

/// A row of `GET /users/orders`, and the head of an order's detail.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {
    pub order_id: OrderId,
    pub order_number: String,
    pub status: OrderStatus,
    pub order_date: String,
    /// When it was booked, ISO 8601.
    pub created_at: String,
    pub buyer_id: String,
    pub buyer_name: String,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// The uid of the user who booked it.
    pub booked_by: UserId,
    pub booked_by_name: String,
    pub total: Money,
    /// The visit saved with the order (a productive visit), if any.
    pub visit_id: Option<i64>,
    /// For administrators: why a Submitted order has not been mailed (the distributor has no email),
    /// in English, with its code for the client's own language.
    pub waiting_reason: Option<String>,
    pub waiting_reason_code: Option<String>,
    pub line_count: i64,
    /// Whether the order was held over the customer's credit limit: `awaiting`, `approved`,
    /// `rejected`; null when it never was.
    pub credit_hold: Option<String>,
    /// Why it was held (English), with its code and values for the client's own language.
    pub held_reason: Option<String>,
    pub held_reason_code: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub held_reason_params: Option<serde_json::Map<String, serde_json::Value>>,
    /// Who approved or rejected it, when (ISO 8601) and why.
    pub credit_decided_by_name: Option<String>,
    pub credit_decided_at: Option<String>,
    pub credit_decision_reason: Option<String>,
}

/// `GET /users/order/{orderId}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(flatten)]
    pub head: OrderRow,
    pub address: Option<String>,
    pub remark: Option<String>,
    pub sent_at: Option<String>,
    pub cancelled_at: Option<String>,
    pub lines: Vec<OrderLine>,
}

/// One page of orders.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPage {
    pub data: Vec<OrderRow>,
    pub total_records: i64,
}

/// `GET /users/orders?buyerId=&from=&to=&pageNumber=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderQuery {
    /// One customer's orders.
    pub buyer_id: Option<String>,
    /// First order date, YYYY-MM-DD.
    #[param(format = Date)]
    pub from: Option<String>,
    /// Last order date, YYYY-MM-DD.
    #[param(format = Date)]
    pub to: Option<String>,
    pub page_number: lenient::Int,
}

/// The answer of a cancel.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCancelled {
    pub message: String,
    /// The message's code (`order_cancelled`).
    pub code: String,
    pub order_id: OrderId,
    pub status: OrderStatus,
}

/// `POST /users/order/{orderId}/approve` and `/reject`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DecideOrder {
    /// Why (optional to approve, required to reject; up to 500 characters).
    pub reason: Option<String>,
}

/// The answer of an approval or a rejection.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDecided {
    pub message: String,
    /// The message's code (`order_approved`, `order_rejected`).
    pub code: String,
    pub order_id: OrderId,
    /// Submitted (approved: mailed on the next run) or Rejected.
    pub status: OrderStatus,
    /// `approved` or `rejected`.
    pub credit_hold: String,
}

/// An order awaiting approval, with its customer's figures now.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldOrder {
    #[serde(flatten)]
    pub order: OrderRow,
    /// The customer's agent.
    pub agent_name: Option<String>,
    /// What the customer owes on invoices now.
    pub outstanding: Money,
    /// The customer's orders not yet mailed (this one included).
    pub open_orders: Money,
    /// The customer's credit limit now (null: removed since).
    pub credit_limit: Option<Money>,
}

/// `GET /users/orders/held`: one page, the longest waiting first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldPage {
    pub data: Vec<HeldOrder>,
    pub total_records: i64,
}

/// `GET /users/orders/held?pageNumber=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct HeldQuery {
    pub page_number: lenient::Int,
}

/// `POST /users/customer/creditLimit`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SetCreditLimit {
    #[serde(alias = "buyerID")]
    pub buyer_id: Option<String>,
    /// An amount of 0 or more; null or empty removes the limit (the customer is never held).
    #[schema(value_type = Option<f64>)]
    pub credit_limit: Option<serde_json::Value>,
}

/// The answer of `POST /users/customer/creditLimit`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditLimitSaved {
    pub message: String,
    pub code: String,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub credit_limit: Option<Money>,
}
