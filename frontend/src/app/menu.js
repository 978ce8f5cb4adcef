// The sidebar of spec 2 "Shell": the spec's items in its order, with its Master and Report
// groups; the screens later issues added sit in those groups or in "Today's Work". One entry per
// screen, so no label or route shows twice. An item names a route; the right that gates it is
// that route's own, read from the route table (routes.jsx), so a menu item never leads to a
// screen its holder may not open. The Rights screen names each right as its menu entry does
// (seeds/reference.sql labels).
import { rightOf } from "./routes";

/**
 * An item names a screen's route; `homeOnly` shows it only as the user's home. A group folds its
 * items; `notCounted` items do not make the group visible by themselves.
 * @typedef {{ label: string, path: string, homeOnly?: boolean }} MenuItem
 * @typedef {{ group: string, notCounted: string[], items: MenuItem[] }} MenuGroup
 * @typedef {MenuItem | MenuGroup} MenuEntry
 */

/** The route of a report screen. */
const report = (/** @type {string} */ name) => `/master/report/${name}`;

/** @type {MenuEntry[]} */
export const MENU = [
  // The administrator's home (spec 1 §2); /home opens for anyone, so it shows only as one's home.
  { label: "Home", path: "/home", homeOnly: true },
  {
    group: "Today's Work",
    notCounted: [],
    items: [
      { label: "Today", path: "/today" },
      { label: "Attendance", path: "/attendance" },
      { label: "Map", path: "/map/today" },
      { label: "Waiting Visits", path: "/customer/waiting-visits" },
    ],
  },
  {
    group: "Master",
    // scorecard_master alone does not make the Master group visible (spec 2 §6).
    notCounted: ["/master/scorecard-master-upload"],
    items: [
      { label: "User Master", path: "/master/user-master" },
      { label: "Customer Master", path: "/master/customer-master" },
      { label: "Outcome Master", path: "/master/outcome-master" },
      { label: "Info Type Master", path: "/master/info-master" },
      { label: "Sub Info Master", path: "/master/subinfo-master" },
      { label: "Link Master", path: "/master/link-master" },
      { label: "Products", path: "/master/product-master" },
      { label: "Product Upload", path: "/master/product-master-upload" },
      { label: "Order Upload", path: "/master/order-upload" },
      { label: "Distributor Upload", path: "/master/distributor-master-upload" },
      { label: "Scorecard Upload", path: "/master/scorecard-master-upload" },
      { label: "Delivery Upload", path: "/master/delivery-master-upload" },
      { label: "Beats", path: "/master/beats" },
      { label: "Beat Upload", path: "/master/beat-upload" },
      { label: "Delivery Status", path: "/master/delivery-status" },
      { label: "Additional Reason", path: "/master/additional-reason-master" },
      { label: "Rights", path: "/master/rights-master" },
    ],
  },
  { label: "Customer Visit", path: "/customer/visit" },
  { label: "Visit Summary", path: "/visit/summary" },
  { label: "Photos", path: "/visit/photos" },
  { label: "RED101 Delivery", path: "/customer/delivery" },
  { label: "Retailer Bucket", path: "/landing/retailer-bucket" },
  { label: "Delivery Approve", path: "/customer/delivery/approve" },
  { label: "Credit Approval", path: "/orders/credit-approval" },
  { label: "Score Card", path: "/score/card" },
  { label: "Info Status Update", path: "/customer/info-update" },
  { label: "Agent Pass Reset", path: "/user/user-agent" },
  { label: "Block/Unblock", path: "/user/unblock-user" },
  { label: "Broadcast Message", path: "/master/broadcast-master" },
  {
    group: "Report",
    notCounted: [],
    // "Report" in the labels keeps them apart from the screens of the same name (Customer Visit).
    items: [
      { label: "Customer Visit Report", path: report("customer-visit") },
      { label: "Customer Add Report", path: report("customer-add") },
      { label: "Profile Update Report", path: report("profile-update") },
      { label: "Info Add Report", path: report("info-add") },
      { label: "Login History Report", path: report("login-history") },
      { label: "Productivity Report", path: report("productivity") },
      { label: "Monthly Summary Report", path: report("monthly-summary") },
      { label: "Monthly Summary AM Report", path: report("monthly-summary-am") },
      { label: "Delivery Report", path: report("delivery") },
      { label: "My Customer Report", path: report("mycustomer") },
      { label: "Buyer Details Report", path: report("buyer-details") },
      { label: "Orders", path: "/customer/orders" },
      { label: "Collections", path: "/collections" },
      { label: "Order Lines Report", path: report("orders") },
      { label: "Beat Adherence Report", path: report("beat-adherence") },
      { label: "Attendance Report", path: report("attendance") },
    ],
  },
  { label: "Check RCA/AM A/C", path: "/user/check-rca-am-impersonation" },
  { label: "Reset Password", path: "/user/change-password" },
];

/**
 * The menu a user sees: permitted items, groups only when a counted item is permitted; `home` is
 * the user's home route (a `homeOnly` item shows only there).
 * @param {(right: string | null | undefined) => boolean} has
 * @param {string} home
 * @returns {MenuEntry[]}
 */
export function visibleMenu(has, home) {
  const allowed = (/** @type {MenuItem} */ item) => (item.homeOnly ? item.path === home : has(rightOf(item.path)));
  /** @type {MenuEntry[]} */
  const out = [];
  for (const entry of MENU) {
    if (!("group" in entry)) {
      if (allowed(entry)) out.push(entry);
      continue;
    }
    const counted = entry.items.some((i) => !entry.notCounted.includes(i.path) && allowed(i));
    if (counted) out.push({ ...entry, items: entry.items.filter(allowed) });
  }
  return out;
}
