//! Request and response shapes of shelf counts, returns and new shops (CONTRACT.md "Returns,
//! shelf stock and new shops").

use serde::{Deserialize, Serialize};

use crate::platform::lenient;
use crate::platform::money::Money;
use crate::platform::rows::row_struct;

/// A line of a shelf count or a return as sent.
#[derive(Debug, Default, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LineIn {
    pub product_id: lenient::Int,
    /// Whole pieces: a count from 0, a return from 1, at most 100,000.
    pub quantity: lenient::Number,
    /// Returns: the batch number (required for damaged, expired and near_expiry goods).
    pub batch: Option<String>,
    /// Returns: the expiry date, YYYY-MM-DD (required for expired and near_expiry goods).
    pub expiry: Option<String>,
}

/// `POST /users/stock`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordStock {
    /// The phone's id of the count (1-64 of `A-Za-z0-9_-`): a repeat by the same user saves nothing.
    pub client_id: Option<String>,
    #[serde(alias = "buyerID")]
    pub buyer_id: lenient::Text,
    pub lines: Vec<LineIn>,
}

/// The answer of a shelf count, and of every repeat of its `clientId`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockRecorded {
    pub message: String,
    pub code: String,
    pub count_id: i64,
    pub duplicate: bool,
}

/// A line of the suggested order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedLine {
    pub product_id: i64,
    pub product_name: String,
    /// Units per case (1 when the product has none).
    pub pack_size: i64,
    /// The last count's pieces of it (0 when it was not counted).
    pub on_shelf: i64,
    /// Pieces ordered in the last 8 weeks divided by 8, two places.
    pub average_weekly: f64,
    /// Two weeks of `averageWeekly` less `onShelf`, rounded up to whole packs, never below 0.
    pub suggested: i64,
    /// The customer's last order of it (YYYY-MM-DD), if any.
    pub last_ordered: Option<String>,
}

/// `GET /users/customer/suggested-order/{buyerId}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedOrder {
    pub buyer_id: String,
    /// When the last count was taken (ISO 8601), null when never.
    pub counted_at: Option<String>,
    /// The products ordered in the last 8 weeks or counted last, last ordered first.
    pub lines: Vec<SuggestedLine>,
}

/// `POST /users/return`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RecordReturn {
    /// The phone's id of the return (1-64 of `A-Za-z0-9_-`): a repeat by the same user records nothing.
    pub client_id: Option<String>,
    #[serde(alias = "buyerID")]
    pub buyer_id: lenient::Text,
    pub distributor_id: lenient::Int,
    /// damaged, expired, near_expiry, wrong_item or other.
    pub reason: Option<String>,
    pub lines: Vec<LineIn>,
    pub remark: Option<String>,
    /// The clientId of the photo sent through `POST /users/visit/photo` with the return, if any.
    pub photo_client_id: Option<String>,
}

/// A return's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ReturnStatus {
    Submitted,
    Approved,
    Rejected,
}

impl ReturnStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ReturnStatus::Submitted => "Submitted",
            ReturnStatus::Approved => "Approved",
            ReturnStatus::Rejected => "Rejected",
        }
    }
    pub fn parse(text: &str) -> Option<Self> {
        [ReturnStatus::Submitted, ReturnStatus::Approved, ReturnStatus::Rejected]
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(text))
    }
}

impl rusqlite::types::FromSql for ReturnStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let text = value.as_str()?;
        ReturnStatus::parse(text).ok_or(rusqlite::types::FromSqlError::InvalidType)
    }
}

/// The answer of a return, and of every repeat of its `clientId`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnRecorded {
    pub message: String,
    pub code: String,
    pub return_id: i64,
    pub duplicate: bool,
    /// Taxable value and tax of its lines (decision 40): the credit it becomes when approved.
    pub value: Money,
    pub status: ReturnStatus,
}

row_struct! {
    /// A line of a return as listed.
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ReturnLine {
        pub product_id: i64,
        pub product_name: String,
        pub quantity: i64,
        pub batch: Option<String>,
        pub expiry: Option<String>,
        /// `order`: at the customer's last order of it; `list`: never ordered, at the list price and GST.
        pub valued_from: String,
        pub taxable: Money,
        pub tax: Money,
    }
}

/// A row of `GET /users/returns`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnRow {
    pub return_id: i64,
    pub buyer_id: String,
    pub buyer_name: String,
    pub agent_id: Option<i64>,
    pub agent_name: Option<String>,
    pub reason: String,
    pub remark: Option<String>,
    pub status: ReturnStatus,
    pub value: Money,
    pub taxable: Money,
    pub tax: Money,
    /// ISO 8601.
    pub created_at: String,
    pub decided_at: Option<String>,
    pub decision_reason: Option<String>,
    /// The return's photo (`GET /users/visit/photo/{id}`), when it was sent.
    pub photo_id: Option<i64>,
    pub lines: Vec<ReturnLine>,
}

/// `GET /users/returns`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnPage {
    pub data: Vec<ReturnRow>,
    pub total_records: i64,
}

/// The filters of `GET /users/returns`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct ReturnQuery {
    #[param(value_type = Option<i64>)]
    pub agent_id: lenient::Int,
    pub buyer_id: Option<String>,
    /// Submitted, Approved or Rejected.
    pub status: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub page_number: Option<i64>,
}

/// `POST /users/return/{id}/approve` and `/reject`, `/users/outlet/proposal/{id}/reject`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Decide {
    pub reason: Option<String>,
}

/// The answer of a return's approval or rejection.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDecided {
    pub message: String,
    pub code: String,
    pub return_id: i64,
    pub status: ReturnStatus,
    /// The credit spread over the oldest open invoices (approved only).
    pub allocations: Vec<crate::collections::types::Allocation>,
    pub unallocated: Money,
}

/// `POST /users/outlet/propose`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProposeOutlet {
    pub client_id: Option<String>,
    pub buyer_name: Option<String>,
    pub mobile: lenient::Text,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: lenient::Text,
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    /// Retailer or Wholesaler.
    pub retailer_type: Option<String>,
    pub gstin: Option<String>,
    pub pan: Option<String>,
    pub fssai: lenient::Text,
}

/// What a proposal may repeat.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikelyDuplicate {
    /// `mobile` (the same mobile) or `nearby` (within 30 m, with a similar name).
    pub reason: String,
    /// The customer it may be.
    pub buyer_id: Option<String>,
    /// The other proposal it may be.
    pub proposal_id: Option<i64>,
    pub name: String,
}

/// The answer of a proposal, and of every repeat of its `clientId`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutletProposed {
    pub message: String,
    pub code: String,
    pub proposal_id: i64,
    /// True when this `clientId` was proposed before: nothing was written now.
    pub duplicate: bool,
    /// The shop it may repeat, flagged to the approver.
    pub likely_duplicate: Option<LikelyDuplicate>,
    /// Pending, Approved or Rejected.
    pub status: String,
    /// The new customer's Buyer ID once approved.
    pub buyer_id: Option<String>,
}

/// A row of `GET /users/outlet/proposals`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalRow {
    pub proposal_id: i64,
    pub agent_id: i64,
    pub agent_name: String,
    pub buyer_name: String,
    pub mobile: String,
    pub address1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub retailer_type: String,
    pub gstin: Option<String>,
    pub pan: Option<String>,
    pub fssai: Option<String>,
    pub likely_duplicate: Option<LikelyDuplicate>,
    pub status: String,
    pub buyer_id: Option<String>,
    pub created_at: String,
    pub decision_reason: Option<String>,
    /// Orders waiting for the shop's approval.
    pub waiting_orders: i64,
    /// Visits (without an order) waiting for the shop's approval.
    pub waiting_visits: i64,
    /// The photo of the shop's front, if one came (decision 46).
    pub photo_id: Option<i64>,
    /// Where to fetch it, a JPEG (`GET /users/outlet/proposal/{id}/photo/file`).
    pub photo_url: Option<String>,
    /// Its 320 px thumbnail (`.../photo/thumb`).
    pub photo_thumb_url: Option<String>,
}

/// The path of proposal `proposal_id`'s photo, `part` "file" or "thumb".
pub fn proposal_photo_url(proposal_id: i64, part: &str) -> String {
    crate::platform::api::url(format_args!("/users/outlet/proposal/{proposal_id}/photo/{part}"))
}

/// `GET /users/outlet/proposals`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalPage {
    pub data: Vec<ProposalRow>,
    pub total_records: i64,
}

/// The filters of `GET /users/outlet/proposals`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct ProposalQuery {
    /// Pending, Approved or Rejected.
    pub status: Option<String>,
    pub page_number: Option<i64>,
}

/// The answer of a proposal's approval or rejection.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutletDecided {
    pub message: String,
    pub code: String,
    pub proposal_id: i64,
    pub status: String,
    /// The new customer's Buyer ID (approved only).
    pub buyer_id: Option<String>,
    /// The orders taken for the pending shop, booked now (their ids).
    pub orders: Vec<i64>,
    /// The visits (without an order) to the pending shop, saved now (their ids).
    pub visits: Vec<i64>,
    /// Orders and visits taken for it that could not be booked or saved (their clientIds and codes).
    pub refused: Vec<String>,
}
