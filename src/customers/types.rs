//! The request and answer shapes of the customer visit screens (`handlers`).

use serde::{Deserialize, Serialize};

use super::best_sellers::BestSeller;
use crate::platform::lenient;

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
    pub location_status: Option<super::visits::LocationStatus>,
    pub distance_m: Option<i64>,
    /// The visit's photos (issue #37), in the order they were sent.
    pub photos: Vec<crate::photos::api::VisitPhoto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkDetail {
    pub link_name: String,
    pub link: String,
    pub country: String,
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
    pub best_seller: super::best_sellers::BestSellers,
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
    pub proposed_location: Option<super::locations::ProposedLocation>,
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
