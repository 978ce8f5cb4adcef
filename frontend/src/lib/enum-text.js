// The server's enums that reach a screen, worded by the screen from their code in the user's
// language (issue #55): the rights (by code; seeds/reference.sql labels them as the menu names
// their screens), the user types (by id), a delivery's approval state (by its approveStatus) and
// a customer's retailer type. The English is the server's own label; an unknown code shows the
// server's label as it came. Ids "enum.<name>"; Hindi: lib/i18n/hi-ui.json.
import { catalogue, ENGLISH } from "./i18n/catalogue";

export const t = catalogue("enum", {
  // Rights, by code.
  user_master: "User Master",
  customer_master: "Customer Master",
  outcome_master: "Outcome Master",
  infotype_master: "Info Type Master",
  link_master: "Link Master",
  product_master: "Products",
  scorecard_master: "Scorecard Upload",
  distributor_master: "Distributor Upload",
  broadcast_master: "Broadcast Message",
  delivery_upload_master: "Delivery Upload",
  delivery_status_master: "Delivery Status",
  additional_reason_master: "Additional Reason",
  customer_visit: "Customer Visit",
  new_customer: "New Customer",
  profile_update: "Profile Update",
  info_add: "Add Info",
  visit_summary: "Visit Summary",
  score_card: "Score Card",
  infostatus_update: "Info Status Update",
  delivery_search: "RED101 Delivery",
  delivery_approve: "Delivery Approve",
  retailer_bucket: "Retailer Bucket",
  unblock_user: "Block/Unblock",
  user_agent: "Agent Pass Reset",
  rca_account_access: "Check RCA/AM A/C",
  rca_account_login: "RCA/AM Login",
  reset_password: "Reset Password",
  forgot_password: "Forgot Password",
  rpt_customer_visit: "Customer Visit Report",
  rpt_customer_add: "Customer Add Report",
  rpt_profile_update: "Profile Update Report",
  rpt_info_add: "Info Add Report",
  rpt_login_history: "Login History Report",
  rpt_productivity: "Productivity Report",
  rpt_my_customer: "My Customer Report",
  rpt_buyer_images: "Buyer Details Report",
  rights_master: "Rights",
  order_booking: "Order Booking",
  rpt_orders: "Orders",
  beat_master: "Beats",
  rpt_beat_adherence: "Beat Adherence Report",
  visit_photo: "Visit Photos",
  photo_review: "Photos",
  attendance: "Start/End Day",
  attendance_review: "Attendance",
  collections: "Collect Payment",
  collections_review: "Collections",
  credit_approval: "Credit Approval",
  scheme_master: "Schemes",
  target_master: "Targets",
  return_approval: "Returns",
  outlet_proposal: "New Shop",
  outlet_approval: "New Shops",
  // User types, by id (seeds/reference.sql). RCA is the spec's name of an agent.
  userType1: "Administrator",
  userType2: "Back Office",
  userType3: "Area Manager",
  userType4: "RCA",
  // A delivery's approval, by approveStatus (null: open).
  deliveryOpen: "Open",
  deliveryPending: "Pending approval",
  deliveryApproved: "Approved",
  deliveryRejected: "Rejected",
  // A customer's type.
  retailer: "Retailer",
  wholesaler: "Wholesaler",
});

/** @typedef {Parameters<typeof t>[0]} EnumId */
const has = (/** @type {string} */ id) => ENGLISH.has(`enum.${id}`);

/**
 * A right's label in the language in force, by its code; the server's label for a code this
 * screen does not know (a right added later).
 * @param {string} code
 * @param {string} [label]
 */
export const rightLabel = (code, label = code) => (has(code) ? t(/** @type {EnumId} */ (code)) : label);

/**
 * A user type's name in the language in force, by its id; the server's name for an unknown id.
 * @param {number | string | null | undefined} id
 * @param {string} [name]
 */
export const userTypeLabel = (id, name = "") => {
  const key = `userType${Number(id)}`;
  return has(key) ? t(/** @type {EnumId} */ (key)) : name;
};

/**
 * A delivery's approval state in the language in force, from its approveStatus code
 * (null: open, Pending, Approve, Reject).
 * @param {string | null | undefined} approveStatus
 */
export function deliveryApprovalLabel(approveStatus) {
  if (!approveStatus) return t("deliveryOpen");
  if (approveStatus === "Pending") return t("deliveryPending");
  if (approveStatus === "Approve") return t("deliveryApproved");
  return t("deliveryRejected");
}

/**
 * A customer's retailer type in the language in force (Retailer, Wholesaler); another as it came.
 * @param {string | null | undefined} type
 */
export function retailerTypeLabel(type) {
  const v = String(type ?? "").trim();
  if (v.toLowerCase() === "retailer") return t("retailer");
  if (v.toLowerCase() === "wholesaler") return t("wholesaler");
  return v;
}
