//! The user master's request and answer bodies.

use serde::{Deserialize, Serialize};

use crate::masters::queries::saved_answer;
use crate::platform::ids::UserId;
use crate::platform::lenient;
use crate::platform::rights::UserType;
use crate::platform::rows::row_struct;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub uid: i64,
    pub name: String,
    #[serde(rename = "emailID")]
    pub email_id: String,
    pub user_type: UserType,
    pub user_type_detail: String,
    pub country: Option<String>,
    pub manager_id: Option<UserId>,
    pub manager_name: Option<String>,
    pub is_editable: bool,
    pub is_deletable: bool,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct UserFilter {
    pub user_type: lenient::Int,
    pub country: Option<String>,
    pub search: Option<String>,
}

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct UserDetail {
        pub uid: i64,
        pub email_id: String,
        pub name: String,
        pub user_type: UserType,
        pub country: Option<String>,
        pub manager_id: Option<UserId>,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveUser {
    pub uid: lenient::Int,
    #[serde(alias = "emailID")]
    pub email_id: Option<String>,
    pub name: Option<String>,
    pub user_type: lenient::Int,
    pub country: Option<String>,
    pub manager_id: lenient::Int,
}

/// A save request that passed the checks that need no database.
pub struct CheckedUser {
    /// 0: a new user.
    pub uid: i64,
    pub email: String,
    pub name: String,
    pub user_type: UserType,
    pub country: Option<String>,
    pub manager_id: Option<UserId>,
}

saved_answer!(
    /// The answer of a save, with the id of the new or updated user.
    UserSaved,
    uid
);

row_struct! {
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    pub struct AgentItem {
        pub uid: i64,
        pub name: String,
        /// A deleted agent (listed after the live ones): their data stays visible to their manager and
        /// administrators, and the screens mark them "(deleted)".
        pub deleted: bool,
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
pub struct AgentQuery {
    pub add_self_account: Option<bool>,
}
