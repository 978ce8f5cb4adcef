//! The bodies and queries of the photos API.

use serde::{Deserialize, Serialize};

use crate::platform::ids::{CustomerId, UserId};
use crate::platform::lenient;

/// What a photo shows (optional).
pub const LABELS: &[&str] = &["shelf", "display", "competitor", "other"];

/// The multipart form of `POST /users/visit/photo` (documentation only; read field by field).
/// Send `clientId` before `file`: a repeat is then answered without reading the picture.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
pub struct PhotoForm {
    /// The phone's id of this photo: 1-64 of `A-Za-z0-9_-`.
    pub client_id: String,
    /// The clientId of the photo's visit (saved by the same user), or
    pub visit_client_id: Option<String>,
    /// the visit's id, or
    pub visit_id: Option<i64>,
    /// the clientId of the caller's new shop proposal (`POST /users/outlet/propose`): the photo of
    /// the shop's front, one per proposal (decision 46).
    pub proposal_client_id: Option<String>,
    /// shelf, display, competitor or other.
    pub label: Option<String>,
    /// When the photo was taken, ISO 8601 with an offset (default: when it arrives).
    pub taken_at: Option<String>,
    /// The picture: JPEG or WebP, at most 2 MB; kept as a JPEG of at most 1600 px and 200 KB,
    /// without metadata.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// The answer of a photo send (or of its repeat).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoSaved {
    pub message: String,
    /// `photo_saved` or `photo_saved_flagged`.
    pub code: String,
    pub photo_id: i64,
    /// True when this clientId was sent before: the answer is the first one's.
    pub duplicate: bool,
    /// The same picture (or a near copy) as another photo of the customer or of the agent's
    /// last 30 days.
    pub flagged: bool,
    /// That other photo's id.
    pub similar_to: Option<i64>,
}

/// `GET /users/visit/photos?agentId=&buyerId=&from=&to=&label=&flagged=&pageNumber=`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct PhotoQuery {
    /// One agent's photos (within the caller's team).
    pub agent_id: lenient::Int,
    /// One customer's photos.
    pub buyer_id: Option<String>,
    /// First day the photos were taken, YYYY-MM-DD.
    #[param(format = Date)]
    pub from: Option<String>,
    /// Last day, YYYY-MM-DD.
    #[param(format = Date)]
    pub to: Option<String>,
    /// shelf, display, competitor or other.
    pub label: Option<String>,
    /// true: only flagged photos; false: only photos not flagged.
    pub flagged: Option<String>,
    pub page_number: lenient::Int,
}

/// One photo in the list.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoRow {
    pub photo_id: i64,
    pub visit_id: i64,
    pub buyer_id: String,
    pub buyer_name: String,
    pub agent_id: UserId,
    pub agent_name: String,
    pub label: Option<String>,
    /// The phone's time, ISO 8601.
    pub taken_at: String,
    /// The server's time, ISO 8601.
    pub received_at: String,
    pub flagged: bool,
    /// The photo that this one looks like.
    pub similar_to: Option<i64>,
    /// The 320 px thumbnail (fetch it with the session, as any API call).
    pub thumb_url: String,
    /// The photo.
    pub url: String,
}

/// One page of photos, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoPage {
    pub data: Vec<PhotoRow>,
    pub total_records: i64,
}

/// A photo of a visit, as the visit details show it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitPhoto {
    pub photo_id: i64,
    pub thumb_url: String,
    pub url: String,
    pub label: Option<String>,
    pub flagged: bool,
}

/// The visit a photo belongs to.
#[derive(Debug, Clone, Copy)]
pub struct PhotoVisit {
    pub visit_id: i64,
    pub customer: CustomerId,
    pub agent: UserId,
}

/// The URL of a photo's file (`thumb`: its thumbnail).
pub fn photo_url(photo_id: i64, thumb: bool) -> String {
    let part = if thumb { "thumb" } else { "file" };
    crate::platform::api::url(format_args!("/users/visit/photo/{photo_id}/{part}"))
}
