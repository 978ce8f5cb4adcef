//! The reference lists' rows and query.

use serde::{Deserialize, Serialize};

use crate::platform::rows::row_struct;

row_struct! {
    #[derive(Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Country {
        pub country_id: i64,
        pub country: String,
    }
}

row_struct! {
    #[derive(Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct UserType {
        pub user_type_id: i64,
        pub user_type: String,
        pub is_country_supported: bool,
    }
}

#[derive(Deserialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct UserTypeQuery {
    /// `false` leaves out administrators (the report user-type filter); absent means all.
    pub show_all: Option<bool>,
}

row_struct! {
    #[derive(Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Right {
        pub right_id: i64,
        pub link_right: String,
        pub group_name: String,
        pub right_name: String,
    }
}
