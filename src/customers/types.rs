//! The request and answer shapes of the customer visit screens (`handlers`).

use serde::{Deserialize, Serialize};

use super::messages::OFFLINE_CURSOR_NOT_VALID;
use crate::platform::error::{AppError, AppResult};
use crate::platform::lenient;
use crate::platform::rows::row_struct;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default, rename_all = "camelCase")]
pub struct SearchQuery {
    pub query: String,
    /// Only this agent's customers (one of the caller's agents; the beat editor picks a beat's
    /// customers so). 0 or absent: all of the caller's.
    pub agent_id: lenient::Int,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub buyer_id: String,
    pub display: String,
}

/// How to reach a customer: a part of the visit screen's details and of a bucket row.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub mobile: Option<String>,
    pub email: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
}

impl Contact {
    /// Reads `mobile, email, address1, address2` from the row's columns `first..first + 4`.
    pub fn read(r: &rusqlite::Row, first: usize) -> rusqlite::Result<Contact> {
        Ok(Contact { mobile: r.get(first)?, email: r.get(first + 1)?, address1: r.get(first + 2)?, address2: r.get(first + 3)? })
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDetails {
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    #[serde(flatten)]
    pub contact: Contact,
    pub postal_code: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub country: Option<String>,
    pub info: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub retailer_type: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Interaction {
    pub date: String,
    pub time: String,
    pub outcome: String,
    pub agent_id: String,
    pub entry_update_by: String,
    pub remark: Option<String>,
    /// Null for visits saved before check-in verification existed.
    pub location_status: Option<LocationStatus>,
    pub distance_m: Option<i64>,
    /// The visit's photos (issue #37), in the order they were sent.
    pub photos: Vec<crate::photos::api::VisitPhoto>,
}

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LinkDetail {
        pub link_name: String,
        pub link: String,
        pub country: String,
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReOrder {
    pub last_order_date: String,
    pub distinct_product_name: String,
    pub last_order_shipped_qty: f64,
    pub unit_price: f64,
    pub ds_name: Option<String>,
    pub fao_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct VisitScreen {
    #[serde(rename = "customerDetails")]
    pub customer_details: CustomerDetails,
    /// Spelt so by the spec.
    pub transcations: Vec<Interaction>,
    #[serde(rename = "linkDetails")]
    pub link_details: Vec<LinkDetail>,
    #[serde(rename = "reOrderMustSell")]
    pub re_order_must_sell: Vec<ReOrder>,
    #[serde(rename = "bestSeller")]
    #[schema(value_type = Vec<BestSeller>)]
    pub best_seller: BestSellers,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct DetailsQuery {
    /// `false` leaves out the Must Sell and Best Sellers lists.
    pub show_summary: Option<bool>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitRow {
    pub date: String,
    pub time: String,
    pub outcome: String,
    pub customer_name: String,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub agent_id: String,
    pub address: String,
    pub remark: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewCustomer {
    pub mobile_no: lenient::Text,
    /// Where the shop is, as the phone read it when the form was filled.
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    pub buyer_name: Option<String>,
    pub email: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub retailer_type: Option<String>,
    /// The shop's GSTIN (issue #52): its state code must be `state`'s (`gstin_invalid`).
    pub gstin: Option<String>,
}

/// The answer of an add, with the generated buyer id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAdded {
    pub message: String,
    /// The message's code (`customer_added`, or `customer_added_location_proposed`).
    pub code: String,
    pub buyer_id: String,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct ProfileQuery {
    #[serde(alias = "buyerID")]
    pub buyer_id: String,
}

row_struct! {
    /// The mobile, address and position of a customer: what the profile screen changes (`None`: no
    /// change, so `Profile::default()` changes nothing).
    #[derive(Debug, Default, Serialize, Deserialize, PartialEq, Clone, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Profile {
        pub mobile: Option<String>,
        pub address1: Option<String>,
        pub address2: Option<String>,
        pub city: Option<String>,
        pub state: Option<String>,
        pub postal_code: Option<String>,
        pub latitude: Option<f64>,
        pub longitude: Option<f64>,
        /// The GSTIN (issue #52); in a change, `""` removes it. Its state code must be the state's.
        #[serde(default)]
        pub gstin: Option<String>,
    }
}

/// A customer's profile with its identity and the address on one line.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileAnswer {
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    #[serde(flatten)]
    pub profile: Profile,
    pub address: String,
    /// YYYY-MM-DD.
    pub last_update_date: String,
    /// A position proposed by an accurate visit while the customer has none, waiting for a
    /// manager or administrator (`POST /users/customer/location/{buyerId}/accept|reject`).
    pub proposed_location: Option<ProposedLocation>,
    /// The customer's credit limit (null: none; managers and administrators set it with
    /// `POST /users/customer/creditLimit`).
    pub credit_limit: Option<crate::platform::money::Money>,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateProfile {
    #[serde(alias = "buyerID")]
    pub buyer_id: Option<String>,
    pub mobile: lenient::Text,
    pub city: Option<String>,
    pub state: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub postal_code: lenient::Text,
    pub latitude: lenient::Number,
    pub longitude: lenient::Number,
    /// A GSTIN whose state code is the customer's state's; `""` removes the stored one.
    pub gstin: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scorecard {
    pub updated_upto: String,
    #[serde(rename = "agentID")]
    pub agent_id: String,
    pub ttv_target: f64,
    pub ttv_achieved: f64,
    pub ttv_achieved_percentage: f64,
    #[serde(rename = "lastMonthTTV")]
    pub last_month_ttv: f64,
    pub retailer_target: i64,
    pub retailers_achieved: i64,
    pub retailers_achieved_percentage: f64,
    pub last_month_active_retailers: i64,
    pub ttv_projection: f64,
    #[serde(rename = "proposedIncentiveBasedOnProjectedTTV")]
    pub proposed_incentive: f64,
    pub qualification_status: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposedLocation {
    pub latitude: f64,
    pub longitude: f64,
    /// Metres; null for a position typed in a profile update or a new customer.
    pub accuracy: Option<f64>,
    /// ISO 8601: when it was proposed.
    pub proposed_at: String,
    /// The login id of who proposed it (saved the visit or typed the position).
    pub proposed_by: String,
    /// True when a visit proposed it, false when an agent typed it.
    pub from_visit: bool,
}

/// Where a visit was, against its customer's stored position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LocationStatus {
    /// Within the check-in radius of the customer.
    Verified,
    /// Farther than the radius.
    OffSite,
    /// The visit has no position (the phone gave none).
    NoLocation,
    /// The customer has no stored position to compare with.
    CustomerUnlocated,
}

impl LocationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            LocationStatus::Verified => "verified",
            LocationStatus::OffSite => "off-site",
            LocationStatus::NoLocation => "no-location",
            LocationStatus::CustomerUnlocated => "customer-unlocated",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Verified, Self::OffSite, Self::NoLocation, Self::CustomerUnlocated].into_iter().find(|s| s.as_str() == text)
    }
}

impl rusqlite::types::FromSql for LocationStatus {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let text = value.as_str()?;
        Self::parse(text).ok_or_else(|| rusqlite::types::FromSqlError::Other(format!("unknown location status {text}").into()))
    }
}

/// The answer of a save, and of every repeat of its `clientId`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitSaved {
    pub message: String,
    pub visit_id: i64,
    /// True when this `clientId` was saved before: nothing was written now.
    pub duplicate: bool,
    pub location_status: LocationStatus,
    /// Whole metres to the customer's position; null without one of the two positions.
    pub distance_m: Option<i64>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BestSeller {
    pub last_order_date: String,
    pub product: String,
    pub unit_price: crate::platform::money::Money,
    pub distributor_name: String,
    pub fao_name: Option<String>,
}

/// The best sellers of a country (`best_sellers`): a list is shared by every visit screen that
/// shows it, not copied for each.
pub type BestSellers = std::sync::Arc<Vec<BestSeller>>;

/// Customers per page of the offline copy.
pub const OFFLINE_PAGE: i64 = 2_000;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct OfflineQuery {
    /// The `cursor` of the previous answer; empty or absent starts from the beginning.
    pub cursor: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflineCustomer {
    pub buyer_id: String,
    pub buyer_name: String,
    pub mobile: Option<String>,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// `YYYY-MM-DD`, null when never visited.
    pub last_visit_date: Option<String>,
    /// The customer's open invoices, total and ageing as of the copy's day (as
    /// `GET /users/customer/outstanding/{buyerId}` answers); null when nothing is open. A change of
    /// an invoice (an upload, a payment, a reversal) sends the customer again in the next pass.
    pub outstanding: Option<crate::collections::types::Outstanding>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflinePage {
    pub customers: Vec<OfflineCustomer>,
    /// Buyer ids that left the caller (deleted or given to another agent) since the cursor's time:
    /// remove them before storing `customers`.
    pub removed: Vec<String>,
    /// Pass it back for the next page, or, once `complete`, for the changes since.
    pub cursor: String,
    /// True on the last page of this pass.
    pub complete: bool,
}

/// Where a pass of the offline copy stands (`offline`'s module comment): `since.started.after`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Cursor {
    pub since: i64,
    pub started: i64,
    pub after: i64,
}

impl Cursor {
    pub fn parse(text: Option<&str>, now: i64) -> AppResult<Cursor> {
        let text = text.map(str::trim).unwrap_or_default();
        if text.is_empty() {
            return Ok(Cursor { since: 0, started: now, after: 0 });
        }
        let parts: Vec<i64> = text.split('.').map(str::parse).collect::<Result<_, _>>().map_err(|_| invalid())?;
        match parts[..] {
            [since, started, after] if since >= 0 && after >= 0 && started >= since && started <= now => {
                // A pass that starts from a finished one's cursor begins now.
                Ok(Cursor { since, started: if after == 0 { now } else { started }, after })
            }
            _ => Err(invalid()),
        }
    }

    pub fn format(self) -> String {
        format!("{}.{}.{}", self.since, self.started, self.after)
    }
}

fn invalid() -> AppError {
    AppError::bad_request(OFFLINE_CURSOR_NOT_VALID)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    pub date: String,
    pub info_type: String,
    pub remark: Option<String>,
    pub super_admin_status: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRow {
    pub id: i64,
    #[serde(rename = "buyerID")]
    pub buyer_id: String,
    pub buyer_name: String,
    pub address: String,
    pub mobile: Option<String>,
    pub info_type: String,
    pub sub_types: String,
    pub remark: Option<String>,
    pub image1: Option<String>,
    pub image2: Option<String>,
    pub image3: Option<String>,
    pub customer_info_date: String,
    pub super_admin_status: String,
}
