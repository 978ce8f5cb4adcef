//! The rights screen's request and answer bodies.

use serde::{Deserialize, Serialize};

use crate::platform::lenient;

/// One column of the grid: a user type and the codes of the rights it holds.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTypeRights {
    pub user_type_id: i64,
    pub user_type: String,
    /// Right codes (`linkRight` of `GET /master/rights`), in right order.
    pub rights: Vec<String>,
}

/// `POST /master/rights`: the whole list of rights one user type is to hold.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SaveRights {
    pub user_type_id: lenient::Int,
    /// Right codes; an empty list takes every right away.
    pub rights: Option<Vec<String>>,
}
