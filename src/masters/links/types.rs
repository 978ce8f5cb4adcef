//! The link master's request and answer bodies.

use serde::{Deserialize, Serialize};

use crate::platform::lenient;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkCountry {
    pub link_id: i64,
    pub country: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub link_id: i64,
    pub link_name: String,
    pub link: String,
    pub countries: Vec<LinkCountry>,
}

/// A country in the save payload: its name, or an object with `country`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CountryRef {
    Name(String),
    Entry { country: String },
}

impl CountryRef {
    pub fn name(&self) -> &str {
        match self {
            CountryRef::Name(n) | CountryRef::Entry { country: n } => n.trim(),
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveLink {
    pub link_id: lenient::Int,
    pub link_name: Option<String>,
    pub link: Option<String>,
    pub countries: Vec<CountryRef>,
}

crate::masters::queries::saved_answer!(
    /// The answer of a save, with the id of the new or updated link.
    LinkSaved,
    link_id
);
