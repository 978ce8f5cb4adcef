// The rights and the user types, named once on the frontend (the server's table is
// seeds/reference.sql). The route table (app/routes.jsx) gives each screen its right from here and
// the menu reads the rights from the route table; screens that check a right (`hasRight`) or a
// user type use these names, never a bare string or number.

/** The rights, by their code (a session's `userRights` holds the codes). */
export const RIGHT = Object.freeze({
  USER_MASTER: "user_master",
  CUSTOMER_MASTER: "customer_master",
  OUTCOME_MASTER: "outcome_master",
  INFOTYPE_MASTER: "infotype_master",
  LINK_MASTER: "link_master",
  PRODUCT_MASTER: "product_master",
  SCORECARD_MASTER: "scorecard_master",
  DISTRIBUTOR_MASTER: "distributor_master",
  BROADCAST_MASTER: "broadcast_master",
  DELIVERY_UPLOAD_MASTER: "delivery_upload_master",
  DELIVERY_STATUS_MASTER: "delivery_status_master",
  ADDITIONAL_REASON_MASTER: "additional_reason_master",
  RIGHTS_MASTER: "rights_master",
  BEAT_MASTER: "beat_master",
  CUSTOMER_VISIT: "customer_visit",
  NEW_CUSTOMER: "new_customer",
  PROFILE_UPDATE: "profile_update",
  INFO_ADD: "info_add",
  VISIT_SUMMARY: "visit_summary",
  SCORE_CARD: "score_card",
  INFOSTATUS_UPDATE: "infostatus_update",
  ORDER_BOOKING: "order_booking",
  DELIVERY_SEARCH: "delivery_search",
  DELIVERY_APPROVE: "delivery_approve",
  RETAILER_BUCKET: "retailer_bucket",
  UNBLOCK_USER: "unblock_user",
  USER_AGENT: "user_agent",
  RCA_ACCOUNT_ACCESS: "rca_account_access",
  RCA_ACCOUNT_LOGIN: "rca_account_login",
  RESET_PASSWORD: "reset_password",
  FORGOT_PASSWORD: "forgot_password",
  RPT_CUSTOMER_VISIT: "rpt_customer_visit",
  RPT_CUSTOMER_ADD: "rpt_customer_add",
  RPT_PROFILE_UPDATE: "rpt_profile_update",
  RPT_INFO_ADD: "rpt_info_add",
  RPT_LOGIN_HISTORY: "rpt_login_history",
  RPT_PRODUCTIVITY: "rpt_productivity",
  RPT_MY_CUSTOMER: "rpt_my_customer",
  RPT_BUYER_IMAGES: "rpt_buyer_images",
  RPT_ORDERS: "rpt_orders",
  RPT_BEAT_ADHERENCE: "rpt_beat_adherence",
  VISIT_PHOTO: "visit_photo",
  PHOTO_REVIEW: "photo_review",
  ATTENDANCE: "attendance",
  ATTENDANCE_REVIEW: "attendance_review",
  COLLECTIONS: "collections",
  COLLECTIONS_REVIEW: "collections_review",
  CREDIT_APPROVAL: "credit_approval",
  SCHEME_MASTER: "scheme_master",
  TARGET_MASTER: "target_master",
});

// The user types (a session's `userType`, a user record's `userType` / `userTypeId`).
export const ADMINISTRATOR = 1;
export const BACK_OFFICE = 2;
export const AREA_MANAGER = 3;
/** A field agent (RCA). */
export const AGENT = 4;
