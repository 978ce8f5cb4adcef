//! Request and response shapes of the order endpoints (CONTRACT.md "Field app": orders).

use serde::{Deserialize, Serialize};

use crate::customers::api::{SaveVisit, VisitSaved};
use crate::platform::ids::{OrderId, UserId};
use crate::platform::lenient;
use crate::platform::money::Money;
use crate::platform::rows::row_struct;

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
            proposal_id: crate::platform::lenient::Int(None),
        }
    }
}

/// `POST /users/order`.
#[derive(Debug, Default, Clone, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// A new shop awaiting approval (`POST /users/outlet/propose`) instead of `buyerId`: the
    /// order waits (it needs a `clientId` and a `distributorId`) and is booked under the shop's
    /// new Buyer ID when a manager approves it (decision 41).
    pub proposal_id: lenient::Int,
}

/// The answer of an order taken for a pending shop (and of every repeat of its `clientId`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderWaiting {
    pub message: String,
    /// `order_waits_for_shop`.
    pub code: String,
    pub wait_id: i64,
    pub proposal_id: i64,
    pub duplicate: bool,
    /// "Awaiting shop approval".
    pub status: String,
}

/// The answer of `POST /users/order`: an order booked (`OrderBooked`), or, for a new shop still
/// awaiting approval, an order kept until then (`OrderWaiting`: its `code` is
/// `order_waits_for_shop`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
// Built once per request and serialized at once: the size of the booked variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum OrderAnswer {
    Booked(OrderBooked),
    Waiting(OrderWaiting),
}

/// What one scheme took off one line (line schemes and the line's share of order schemes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineScheme {
    pub scheme_id: i64,
    pub name: String,
    pub amount: Money,
    /// The scheme's version this line was priced with (kept, not answered).
    #[serde(skip)]
    pub version: i64,
}

/// A line of a booked (or quoted) order, at the price and with the figures it was priced with
/// (CONTRACT.md "Order pricing"): stored once, read by every figure.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_id: i64,
    pub product_name: String,
    pub sku: Option<String>,
    pub quantity: i64,
    /// The price of one piece before GST.
    pub unit_price: Money,
    /// `quantity` times `unitPrice`.
    pub gross: Money,
    /// What the schemes took off this line (its share of order schemes included).
    pub discount: Money,
    /// `gross` less `discount`: the value GST is charged on.
    pub taxable: Money,
    /// The product's GST rate when priced, in basis points (1800 = 18 %).
    pub gst_rate_bp: i64,
    pub cgst: Money,
    pub sgst: Money,
    pub igst: Money,
    /// `taxable` plus its tax.
    pub line_total: Money,
    /// What each scheme took off this line; they add up to `discount`.
    pub schemes: Vec<LineScheme>,
}

row_struct! {
    /// Pieces a scheme gives free, as their own line (no price, no GST).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct FreeItem {
        pub product_id: i64,
        pub product_name: String,
        pub quantity: i64,
        pub scheme_id: i64,
        /// The scheme's version (kept, not answered).
        #[serde(skip)]
        pub version: i64,
    }
}

row_struct! {
    /// An order's totals: `total` is what the retailer pays, tax included.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OrderTotals {
        pub gross: Money,
        pub discount: Money,
        pub taxable: Money,
        pub cgst: Money,
        pub sgst: Money,
        pub igst: Money,
        pub total: Money,
    }
}

/// What a scheme's next slab gives, in its own terms (money as amounts).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlabReward {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_value: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent_bp: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flat_per_piece: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flat: Option<Money>,
}

/// The next slab of a scheme the order does not reach ("2 more for 1 free").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearMiss {
    pub scheme_id: i64,
    pub name: String,
    /// Pieces still missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_quantity: Option<i64>,
    /// Value still missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub need_value: Option<Money>,
    pub reward: SlabReward,
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
    /// What the retailer pays, tax included: `totals.total`, the sum of the lines' `lineTotal`.
    pub total: Money,
    pub lines: Vec<OrderLine>,
    /// Pieces given free by schemes, each its own line.
    pub free: Vec<FreeItem>,
    pub totals: OrderTotals,
    /// The version of the scheme set the order was priced with.
    pub scheme_version: i64,
    /// The next slabs the order missed (at booking; empty on a repeat).
    pub near_miss: Vec<NearMiss>,
    /// True when the screen's `expectedTotal` or a line's `unitPrice` differs from the server's
    /// figures (the order is booked at the server's: a price or a scheme changed meanwhile).
    pub price_changed: bool,
    /// The visit saved with the order, if one was sent.
    pub visit: Option<VisitSaved>,
    /// Why the order awaits a manager's approval (`status` "Awaiting approval").
    #[serde(flatten)]
    pub hold: HeldReason,
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
    /// Why it was held.
    #[serde(flatten)]
    pub hold: HeldReason,
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
    pub free: Vec<FreeItem>,
    pub totals: OrderTotals,
    pub scheme_version: i64,
    /// Always empty: a booked order keeps its figures, not what it missed.
    pub near_miss: Vec<NearMiss>,
}

/// `POST /users/order/quote`: the order priced as a booking would be now, booked nowhere.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderQuote {
    pub buyer_id: String,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// The day it was priced for (the company's time zone), YYYY-MM-DD.
    pub booking_date: String,
    /// What the retailer would pay, tax included (`totals.total`).
    pub total: Money,
    pub lines: Vec<OrderLine>,
    pub free: Vec<FreeItem>,
    pub totals: OrderTotals,
    pub scheme_version: i64,
    pub near_miss: Vec<NearMiss>,
    /// True when the body's `expectedTotal` or a line's `unitPrice` differs from these figures.
    pub price_changed: bool,
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

/// Why an order was held, as stored (`orders.held_reason` the code, the amounts in paise):
/// worded only where it is shown ([`Held::worded`], the company's money format).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    /// `order_held_over_limit` with its four amounts.
    OverLimit { outstanding: Money, open: Money, order: Money, limit: Money },
    /// A reason stored in a wording the upgrade did not recognise: shown as it was.
    Text(String),
}

impl Held {
    /// The hold of an order's columns: `held_reason` and the four `held_*_paise`.
    pub fn of(reason: Option<String>, amounts: [Option<Money>; 4]) -> Option<Held> {
        let reason = reason?;
        match amounts {
            [Some(outstanding), Some(open), Some(order), Some(limit)] if reason == super::messages::ORDER_HELD_OVER_LIMIT.code => {
                Some(Held::OverLimit { outstanding, open, order, limit })
            }
            _ => Some(Held::Text(reason)),
        }
    }

    /// The stored code and amounts (`held_reason`, `held_outstanding_paise`, `held_open_paise`,
    /// `held_order_paise`, `held_limit_paise`).
    pub fn stored(&self) -> (&str, [Option<Money>; 4]) {
        match self {
            Held::OverLimit { outstanding, open, order, limit } => {
                (super::messages::ORDER_HELD_OVER_LIMIT.code, [Some(*outstanding), Some(*open), Some(*order), Some(*limit)])
            }
            Held::Text(text) => (text, [None; 4]),
        }
    }

    /// The reason as the API answers it: the English text with the amounts in the company's
    /// money format (`formats`), and its code and params (the same formatted amounts) for the
    /// client's own language; a reason of an unknown wording has no code.
    pub fn worded(
        &self,
        formats: &crate::platform::formats::Formats,
    ) -> (String, Option<String>, Option<serde_json::Map<String, serde_json::Value>>) {
        match self {
            Held::OverLimit { outstanding, open, order, limit } => {
                let said = super::messages::ORDER_HELD_OVER_LIMIT.with([
                    ("outstanding", serde_json::json!(formats.money(*outstanding))),
                    ("open", serde_json::json!(formats.money(*open))),
                    ("order", serde_json::json!(formats.money(*order))),
                    ("limit", serde_json::json!(formats.money(*limit))),
                ]);
                (said.message.into_owned(), Some(said.code.to_string()), said.params)
            }
            Held::Text(text) => (text.clone(), None, None),
        }
    }
}

/// Why an order was held over the customer's credit limit, as answered: the English text (amounts
/// in the company's currency), with its code and values for the client's own language; null when
/// it never was.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldReason {
    pub held_reason: Option<String>,
    pub held_reason_code: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub held_reason_params: Option<serde_json::Map<String, serde_json::Value>>,
    /// The hold as stored, worded by `word` where it is answered.
    #[serde(skip)]
    pub held: Option<Held>,
}

impl HeldReason {
    /// The stored hold, not yet worded.
    pub fn of(held: Option<Held>) -> Self {
        HeldReason { held, ..Default::default() }
    }

    /// Sets `heldReason`, its code and params from the stored hold, in the company's `formats`.
    pub fn word(&mut self, formats: &crate::platform::formats::Formats) {
        if let Some(held) = &self.held {
            let (text, code, params) = held.worded(formats);
            self.held_reason = Some(text);
            self.held_reason_code = code;
            self.held_reason_params = params;
        }
    }
}
