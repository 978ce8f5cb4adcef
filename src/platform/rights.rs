//! The rights and the user types, named once on the server (the frontend's twin is
//! `frontend/src/lib/rights.js`; the database rows are `seeds/reference.sql`, and a test keeps the
//! three the same). Both are closed enums: a right is checked by `Right`, never by a string, and a
//! user type is bound into SQL as `UserType`, never as a bare number.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// A user row's `user_type_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "i64", try_from = "i64")]
pub enum UserType {
    Administrator = 1,
    /// The back office: reports and the read side of customer work, no customers of its own.
    BackOffice = 2,
    AreaManager = 3,
    /// A field agent (RCA).
    Agent = 4,
}

impl UserType {
    pub const ALL: [UserType; 4] = [UserType::Administrator, UserType::BackOffice, UserType::AreaManager, UserType::Agent];

    pub const fn id(self) -> i64 {
        self as i64
    }
}

impl From<UserType> for i64 {
    fn from(t: UserType) -> i64 {
        t.id()
    }
}

impl TryFrom<i64> for UserType {
    type Error = String;
    fn try_from(id: i64) -> Result<Self, String> {
        UserType::ALL.into_iter().find(|t| t.id() == id).ok_or_else(|| format!("no user type {id}"))
    }
}

impl ToSql for UserType {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.id()))
    }
}

impl FromSql for UserType {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let id = i64::column_result(value)?;
        UserType::try_from(id).map_err(|_| FromSqlError::OutOfRange(id))
    }
}

impl utoipa::PartialSchema for UserType {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <i64 as utoipa::PartialSchema>::schema()
    }
}

// Named apart from the user-type master's row (`masters::reference::UserType`).
impl utoipa::ToSchema for UserType {
    fn name() -> std::borrow::Cow<'static, str> {
        "UserTypeId".into()
    }
}

// The user types by their old names, for the places that read better with them.
pub const ADMINISTRATOR: UserType = UserType::Administrator;
pub const BACK_OFFICE: UserType = UserType::BackOffice;
pub const AREA_MANAGER: UserType = UserType::AreaManager;
pub const AGENT: UserType = UserType::Agent;

/// Declares the rights: the enum, each right's code (the spec's permission string), a constant of
/// the same name for each (`rights::CUSTOMER_VISIT`), and `ALL`.
macro_rules! rights {
    ($($variant:ident = $name:ident : $code:literal,)*) => {
        /// A right of the spec (a permission a user type holds).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Right { $($variant,)* }

        impl Right {
            /// The spec's permission string.
            pub const fn code(self) -> &'static str {
                match self { $(Right::$variant => $code,)* }
            }
        }

        $(pub const $name: Right = Right::$variant;)*

        /// Every right.
        pub const ALL: &[Right] = &[$(Right::$variant,)*];
    };
}

rights! {
    UserMaster = USER_MASTER: "user_master",
    CustomerMaster = CUSTOMER_MASTER: "customer_master",
    OutcomeMaster = OUTCOME_MASTER: "outcome_master",
    InfotypeMaster = INFOTYPE_MASTER: "infotype_master",
    LinkMaster = LINK_MASTER: "link_master",
    ProductMaster = PRODUCT_MASTER: "product_master",
    ScorecardMaster = SCORECARD_MASTER: "scorecard_master",
    DistributorMaster = DISTRIBUTOR_MASTER: "distributor_master",
    BroadcastMaster = BROADCAST_MASTER: "broadcast_master",
    DeliveryUploadMaster = DELIVERY_UPLOAD_MASTER: "delivery_upload_master",
    DeliveryStatusMaster = DELIVERY_STATUS_MASTER: "delivery_status_master",
    AdditionalReasonMaster = ADDITIONAL_REASON_MASTER: "additional_reason_master",
    RightsMaster = RIGHTS_MASTER: "rights_master",
    BeatMaster = BEAT_MASTER: "beat_master",
    CustomerVisit = CUSTOMER_VISIT: "customer_visit",
    NewCustomer = NEW_CUSTOMER: "new_customer",
    ProfileUpdate = PROFILE_UPDATE: "profile_update",
    InfoAdd = INFO_ADD: "info_add",
    VisitSummary = VISIT_SUMMARY: "visit_summary",
    ScoreCard = SCORE_CARD: "score_card",
    InfostatusUpdate = INFOSTATUS_UPDATE: "infostatus_update",
    OrderBooking = ORDER_BOOKING: "order_booking",
    DeliverySearch = DELIVERY_SEARCH: "delivery_search",
    DeliveryApprove = DELIVERY_APPROVE: "delivery_approve",
    RetailerBucket = RETAILER_BUCKET: "retailer_bucket",
    UnblockUser = UNBLOCK_USER: "unblock_user",
    UserAgent = USER_AGENT: "user_agent",
    RcaAccountAccess = RCA_ACCOUNT_ACCESS: "rca_account_access",
    RcaAccountLogin = RCA_ACCOUNT_LOGIN: "rca_account_login",
    ResetPassword = RESET_PASSWORD: "reset_password",
    ForgotPassword = FORGOT_PASSWORD: "forgot_password",
    RptCustomerVisit = RPT_CUSTOMER_VISIT: "rpt_customer_visit",
    RptCustomerAdd = RPT_CUSTOMER_ADD: "rpt_customer_add",
    RptProfileUpdate = RPT_PROFILE_UPDATE: "rpt_profile_update",
    RptInfoAdd = RPT_INFO_ADD: "rpt_info_add",
    RptLoginHistory = RPT_LOGIN_HISTORY: "rpt_login_history",
    RptProductivity = RPT_PRODUCTIVITY: "rpt_productivity",
    RptMyCustomer = RPT_MY_CUSTOMER: "rpt_my_customer",
    RptBuyerImages = RPT_BUYER_IMAGES: "rpt_buyer_images",
    RptOrders = RPT_ORDERS: "rpt_orders",
    RptBeatAdherence = RPT_BEAT_ADHERENCE: "rpt_beat_adherence",
    VisitPhoto = VISIT_PHOTO: "visit_photo",
    PhotoReview = PHOTO_REVIEW: "photo_review",
    Attendance = ATTENDANCE: "attendance",
    AttendanceReview = ATTENDANCE_REVIEW: "attendance_review",
    Collections = COLLECTIONS: "collections",
    CollectionsReview = COLLECTIONS_REVIEW: "collections_review",
    CreditApproval = CREDIT_APPROVAL: "credit_approval",
    SchemeMaster = SCHEME_MASTER: "scheme_master",
    // Targets and incentives (issue #53): administrators, area managers for their agents.
    TargetMaster = TARGET_MASTER: "target_master",
    ReturnApproval = RETURN_APPROVAL: "return_approval",
    OutletProposal = OUTLET_PROPOSAL: "outlet_proposal",
    OutletApproval = OUTLET_APPROVAL: "outlet_approval",
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The quoted words of `text` that look like right codes and appear in `lines` holding `marker`.
    fn codes(text: &str, marker: &str) -> BTreeSet<String> {
        text.lines()
            .filter(|line| line.contains(marker))
            .filter_map(|line| line.split(['\'', '"']).nth(1))
            .filter(|code| !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_server_the_frontend_and_the_database_name_the_same_rights() {
        let server: BTreeSet<String> = super::ALL.iter().map(|r| r.code().to_string()).collect();
        assert_eq!(server.len(), super::ALL.len(), "a right is listed twice");
        let frontend = codes(include_str!("../../frontend/src/lib/rights.js"), ": \"");
        let seeded = codes(include_str!("../../seeds/reference.sql"), "    (");
        assert_eq!(server, frontend, "src/platform/rights.rs and frontend/src/lib/rights.js differ");
        assert_eq!(server, seeded, "src/platform/rights.rs and seeds/reference.sql differ");
        let types = [
            ("ADMINISTRATOR", super::ADMINISTRATOR.id()),
            ("BACK_OFFICE", super::BACK_OFFICE.id()),
            ("AREA_MANAGER", super::AREA_MANAGER.id()),
            ("AGENT", super::AGENT.id()),
        ];
        for (name, id) in types {
            let line = format!("export const {name} = {id};");
            assert!(include_str!("../../frontend/src/lib/rights.js").contains(&line), "frontend/src/lib/rights.js lacks {line}");
        }
    }
}
