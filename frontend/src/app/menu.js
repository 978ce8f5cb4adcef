// The sidebar of spec 2 "Shell": items in order, each gated by its right.

export const MENU = [
  {
    group: "Master",
    // scorecard_master alone does not make the Master group visible (spec 2 §6).
    notCounted: ["scorecard_master"],
    items: [
      { label: "User Master", right: "user_master", path: "/master/user-master" },
      { label: "Customer Master", right: "customer_master", path: "/master/customer-master" },
      { label: "Outcome Master", right: "outcome_master", path: "/master/outcome-master" },
      { label: "Info Type Master", right: "infotype_master", path: "/master/info-master" },
      { label: "Sub Info Master", right: "infotype_master", path: "/master/subinfo-master" },
      { label: "Link Master", right: "link_master", path: "/master/link-master" },
      { label: "Product Upload", right: "product_master", path: "/master/product-master-upload" },
      { label: "Order Upload", right: "product_master", path: "/master/order-upload" },
      { label: "Distributor Upload", right: "distributor_master", path: "/master/distributor-master-upload" },
      { label: "Scorecard Upload", right: "scorecard_master", path: "/master/scorecard-master-upload" },
      { label: "Delivery Upload", right: "delivery_upload_master", path: "/master/delivery-master-upload" },
      { label: "Delivery Status", right: "delivery_status_master", path: "/master/delivery-status" },
      { label: "Additional Reason", right: "additional_reason_master", path: "/master/additional-reason-master" },
    ],
  },
  { label: "Customer Visit", right: "customer_visit", path: "/customer/visit" },
  { label: "Visit Summary", right: "visit_summary", path: "/visit/summary" },
  { label: "RED101 Delivery", right: "delivery_search", path: "/customer/delivery" },
  { label: "Retailer Bucket", right: "retailer_bucket", path: "/landing/retailer-bucket" },
  { label: "Delivery Approve", right: "delivery_approve", path: "/customer/delivery/approve" },
  { label: "Score Card", right: "score_card", path: "/score/card" },
  { label: "Info Status Update", right: "infostatus_update", path: "/customer/info-update" },
  { label: "Agent Pass Reset", right: "user_agent", path: "/user/user-agent" },
  { label: "Block/Unblock", right: "unblock_user", path: "/user/unblock-user" },
  { label: "Broadcast Message", right: "broadcast_master", path: "/master/broadcast-master" },
  {
    group: "Report",
    notCounted: [],
    items: [
      { label: "Customer Visit", right: "rpt_customer_visit", path: "/master/report/customer-visit" },
      { label: "Customer Add", right: "rpt_customer_add", path: "/master/report/customer-add" },
      { label: "Profile Update", right: "rpt_profile_update", path: "/master/report/profile-update" },
      { label: "Info Add", right: "rpt_info_add", path: "/master/report/info-add" },
      { label: "Login History", right: "rpt_login_history", path: "/master/report/login-history" },
      { label: "Productivity", right: "rpt_productivity", path: "/master/report/productivity" },
      { label: "Monthly Summary", right: "rpt_productivity", path: "/master/report/monthly-summary" },
      { label: "Monthly Summary AM", right: "rpt_productivity", path: "/master/report/monthly-summary-am" },
      { label: "Delivery Report", right: "rpt_productivity", path: "/master/report/delivery" },
      { label: "My Customer", right: "rpt_my_customer", path: "/master/report/mycustomer" },
      { label: "Buyer Details", right: "rpt_buyer_images", path: "/master/report/buyer-details" },
    ],
  },
  { label: "Check RCA/AM A/C", right: "rca_account_access", path: "/user/check-rca-am-impersonation" },
  { label: "Reset Password", right: "reset_password", path: "/user/change-password" },
];

/** The menu a user sees: permitted items, groups only when a counted item is permitted. */
export function visibleMenu(has) {
  const out = [];
  for (const entry of MENU) {
    if (!entry.group) {
      if (has(entry.right)) out.push(entry);
      continue;
    }
    const counted = entry.items.some((i) => !entry.notCounted.includes(i.right) && has(i.right));
    if (counted) out.push({ ...entry, items: entry.items.filter((i) => has(i.right)) });
  }
  return out;
}
