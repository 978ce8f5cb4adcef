//! The rights and the user types, named once on the server (the frontend's twin is
//! `frontend/src/lib/rights.js`; the database rows are `seeds/reference.sql`, and a test keeps the
//! three the same). Handlers check rights by these names, never by a bare string.

// The user types (a user row's `user_type_id`).
pub const ADMINISTRATOR: i64 = 1;
/// The back office: reports and the read side of customer work, no customers of its own.
pub const BACK_OFFICE: i64 = 2;
pub const AREA_MANAGER: i64 = 3;
/// A field agent (RCA).
pub const AGENT: i64 = 4;

pub const USER_MASTER: &str = "user_master";
pub const CUSTOMER_MASTER: &str = "customer_master";
pub const OUTCOME_MASTER: &str = "outcome_master";
pub const INFOTYPE_MASTER: &str = "infotype_master";
pub const LINK_MASTER: &str = "link_master";
pub const PRODUCT_MASTER: &str = "product_master";
pub const SCORECARD_MASTER: &str = "scorecard_master";
pub const DISTRIBUTOR_MASTER: &str = "distributor_master";
pub const BROADCAST_MASTER: &str = "broadcast_master";
pub const DELIVERY_UPLOAD_MASTER: &str = "delivery_upload_master";
pub const DELIVERY_STATUS_MASTER: &str = "delivery_status_master";
pub const ADDITIONAL_REASON_MASTER: &str = "additional_reason_master";
pub const RIGHTS_MASTER: &str = "rights_master";
pub const BEAT_MASTER: &str = "beat_master";
pub const CUSTOMER_VISIT: &str = "customer_visit";
pub const NEW_CUSTOMER: &str = "new_customer";
pub const PROFILE_UPDATE: &str = "profile_update";
pub const INFO_ADD: &str = "info_add";
pub const VISIT_SUMMARY: &str = "visit_summary";
pub const SCORE_CARD: &str = "score_card";
pub const INFOSTATUS_UPDATE: &str = "infostatus_update";
pub const ORDER_BOOKING: &str = "order_booking";
pub const DELIVERY_SEARCH: &str = "delivery_search";
pub const DELIVERY_APPROVE: &str = "delivery_approve";
pub const RETAILER_BUCKET: &str = "retailer_bucket";
pub const UNBLOCK_USER: &str = "unblock_user";
pub const USER_AGENT: &str = "user_agent";
pub const RCA_ACCOUNT_ACCESS: &str = "rca_account_access";
pub const RCA_ACCOUNT_LOGIN: &str = "rca_account_login";
pub const RESET_PASSWORD: &str = "reset_password";
pub const FORGOT_PASSWORD: &str = "forgot_password";
pub const RPT_CUSTOMER_VISIT: &str = "rpt_customer_visit";
pub const RPT_CUSTOMER_ADD: &str = "rpt_customer_add";
pub const RPT_PROFILE_UPDATE: &str = "rpt_profile_update";
pub const RPT_INFO_ADD: &str = "rpt_info_add";
pub const RPT_LOGIN_HISTORY: &str = "rpt_login_history";
pub const RPT_PRODUCTIVITY: &str = "rpt_productivity";
pub const RPT_MY_CUSTOMER: &str = "rpt_my_customer";
pub const RPT_BUYER_IMAGES: &str = "rpt_buyer_images";
pub const RPT_ORDERS: &str = "rpt_orders";
pub const RPT_BEAT_ADHERENCE: &str = "rpt_beat_adherence";

/// Every right.
pub const ALL: [&str; 41] = [
    USER_MASTER,
    CUSTOMER_MASTER,
    OUTCOME_MASTER,
    INFOTYPE_MASTER,
    LINK_MASTER,
    PRODUCT_MASTER,
    SCORECARD_MASTER,
    DISTRIBUTOR_MASTER,
    BROADCAST_MASTER,
    DELIVERY_UPLOAD_MASTER,
    DELIVERY_STATUS_MASTER,
    ADDITIONAL_REASON_MASTER,
    RIGHTS_MASTER,
    BEAT_MASTER,
    CUSTOMER_VISIT,
    NEW_CUSTOMER,
    PROFILE_UPDATE,
    INFO_ADD,
    VISIT_SUMMARY,
    SCORE_CARD,
    INFOSTATUS_UPDATE,
    ORDER_BOOKING,
    DELIVERY_SEARCH,
    DELIVERY_APPROVE,
    RETAILER_BUCKET,
    UNBLOCK_USER,
    USER_AGENT,
    RCA_ACCOUNT_ACCESS,
    RCA_ACCOUNT_LOGIN,
    RESET_PASSWORD,
    FORGOT_PASSWORD,
    RPT_CUSTOMER_VISIT,
    RPT_CUSTOMER_ADD,
    RPT_PROFILE_UPDATE,
    RPT_INFO_ADD,
    RPT_LOGIN_HISTORY,
    RPT_PRODUCTIVITY,
    RPT_MY_CUSTOMER,
    RPT_BUYER_IMAGES,
    RPT_ORDERS,
    RPT_BEAT_ADHERENCE,
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The quoted words of `text` that look like right codes and appear in `lines` holding `marker`.
    fn codes(text: &str, marker: &str) -> BTreeSet<String> {
        text.lines()
            .filter(|line| line.contains(marker))
            .filter_map(|line| line.split(['\'', '"']).nth(1))
            .filter(|code| code.chars().all(|c| c.is_ascii_lowercase() || c == '_') && code.contains('_'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_server_the_frontend_and_the_database_name_the_same_rights() {
        let server: BTreeSet<String> = super::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(server.len(), super::ALL.len(), "a right is listed twice");
        let frontend = codes(include_str!("../frontend/src/lib/rights.js"), ": \"");
        let seeded = codes(include_str!("../seeds/reference.sql"), "    (");
        assert_eq!(server, frontend, "src/rights.rs and frontend/src/lib/rights.js differ");
        assert_eq!(server, seeded, "src/rights.rs and seeds/reference.sql differ");
        let types = [
            ("ADMINISTRATOR", super::ADMINISTRATOR),
            ("BACK_OFFICE", super::BACK_OFFICE),
            ("AREA_MANAGER", super::AREA_MANAGER),
            ("AGENT", super::AGENT),
        ];
        for (name, id) in types {
            let line = format!("export const {name} = {id};");
            assert!(include_str!("../frontend/src/lib/rights.js").contains(&line), "frontend/src/lib/rights.js lacks {line}");
        }
    }
}
