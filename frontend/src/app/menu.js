// The sidebar of spec 2 "Shell": the spec's items in its order, with its Master and Report
// groups; the screens later issues added sit in those groups or in "Today's Work". One entry per
// screen, so no label or route shows twice. An item names a route; the right that gates it is
// that route's own, read from the route table (routes.jsx), so a menu item never leads to a
// screen its holder may not open. The Rights screen names each right as its menu entry does
// (seeds/reference.sql labels). Each entry names its label's message (app/text.js, "app.menu...");
// the menu a user sees carries the labels in the user's language.
import { rightOf } from "./routes";
import { t } from "./text";

/**
 * An item names a screen's route and its label's message; `homeOnly` shows it only as the user's
 * home. A group folds its items; `notCounted` items do not make the group visible by themselves.
 * @typedef {Parameters<typeof t>[0]} LabelName
 * @typedef {{ name: LabelName, path: string, homeOnly?: boolean }} MenuDef
 * @typedef {{ group: LabelName, notCounted: string[], items: MenuDef[] }} GroupDef
 * @typedef {MenuDef | GroupDef} EntryDef
 */
/**
 * The menu as shown: labels in the user's language.
 * @typedef {{ label: string, path: string, homeOnly?: boolean }} MenuItem
 * @typedef {{ group: string, notCounted: string[], items: MenuItem[] }} MenuGroup
 * @typedef {MenuItem | MenuGroup} MenuEntry
 */

/** The route of a report screen. */
const report = (/** @type {string} */ name) => `/master/report/${name}`;

/** @type {EntryDef[]} */
export const MENU = [
  // The administrator's home (spec 1 §2); /home opens for anyone, so it shows only as one's home.
  { name: "menuHome", path: "/home", homeOnly: true },
  {
    group: "menuTodaysWork",
    notCounted: [],
    items: [
      { name: "menuToday", path: "/today" },
      { name: "menuAttendance", path: "/attendance" },
      { name: "menuMap", path: "/map/today" },
      { name: "menuWaitingVisits", path: "/customer/waiting-visits" },
      { name: "menuMyCollections", path: "/collections/mine" },
    ],
  },
  {
    group: "menuMaster",
    // scorecard_master alone does not make the Master group visible (spec 2 §6).
    notCounted: ["/master/scorecard-master-upload"],
    items: [
      { name: "menuUserMaster", path: "/master/user-master" },
      { name: "menuCustomerMaster", path: "/master/customer-master" },
      { name: "menuOutcomeMaster", path: "/master/outcome-master" },
      { name: "menuInfoTypeMaster", path: "/master/info-master" },
      { name: "menuSubInfoMaster", path: "/master/subinfo-master" },
      { name: "menuLinkMaster", path: "/master/link-master" },
      { name: "menuProducts", path: "/master/product-master" },
      { name: "menuProductUpload", path: "/master/product-master-upload" },
      { name: "menuSchemes", path: "/master/schemes" },
      { name: "menuSchemeUpload", path: "/master/scheme-upload" },
      { name: "menuOrderUpload", path: "/master/order-upload" },
      { name: "menuDistributorUpload", path: "/master/distributor-master-upload" },
      { name: "menuScorecardUpload", path: "/master/scorecard-master-upload" },
      { name: "menuDeliveryUpload", path: "/master/delivery-master-upload" },
      { name: "menuBeats", path: "/master/beats" },
      { name: "menuBeatUpload", path: "/master/beat-upload" },
      { name: "menuTargets", path: "/targets" },
      { name: "menuDeliveryStatus", path: "/master/delivery-status" },
      { name: "menuAdditionalReason", path: "/master/additional-reason-master" },
      { name: "menuRights", path: "/master/rights-master" },
    ],
  },
  { name: "menuCustomerVisit", path: "/customer/visit" },
  { name: "menuVisitSummary", path: "/visit/summary" },
  { name: "menuPhotos", path: "/visit/photos" },
  { name: "menuRed101Delivery", path: "/customer/delivery" },
  { name: "menuRetailerBucket", path: "/landing/retailer-bucket" },
  { name: "menuDeliveryApprove", path: "/customer/delivery/approve" },
  { name: "menuCreditApproval", path: "/orders/credit-approval" },
  { name: "menuNewShop", path: "/customer/new-shop" },
  { name: "menuNewShops", path: "/customer/new-shops" },
  { name: "menuReturns", path: "/customer/returns" },
  // A working screen (deposit, reverse), not a report: beside Credit Approval (issue #55).
  { name: "menuCollections", path: "/collections" },
  { name: "menuScoreCard", path: "/score/card" },
  { name: "menuInfoStatusUpdate", path: "/customer/info-update" },
  { name: "menuAgentPassReset", path: "/user/user-agent" },
  { name: "menuBlockUnblock", path: "/user/unblock-user" },
  { name: "menuBroadcastMessage", path: "/master/broadcast-master" },
  {
    group: "menuReport",
    notCounted: [],
    // "Report" in the labels keeps them apart from the screens of the same name (Customer Visit).
    items: [
      { name: "menuCustomerVisitReport", path: report("customer-visit") },
      { name: "menuCustomerAddReport", path: report("customer-add") },
      { name: "menuProfileUpdateReport", path: report("profile-update") },
      { name: "menuInfoAddReport", path: report("info-add") },
      { name: "menuLoginHistoryReport", path: report("login-history") },
      { name: "menuProductivityReport", path: report("productivity") },
      { name: "menuMonthlySummaryReport", path: report("monthly-summary") },
      { name: "menuMonthlySummaryAmReport", path: report("monthly-summary-am") },
      { name: "menuDeliveryReport", path: report("delivery") },
      { name: "menuMyCustomerReport", path: report("mycustomer") },
      { name: "menuBuyerDetailsReport", path: report("buyer-details") },
      { name: "menuOrders", path: "/customer/orders" },
      { name: "menuOrderLinesReport", path: report("orders") },
      { name: "menuBeatAdherenceReport", path: report("beat-adherence") },
      { name: "menuAttendanceReport", path: report("attendance") },
      { name: "menuSchemesReport", path: report("schemes") },
      { name: "menuCollectionsReport", path: report("collections") },
      { name: "menuOutstandingReport", path: report("outstanding") },
      { name: "menuVisitPhotosReport", path: report("visit-photos") },
      { name: "menuTargetsReport", path: report("targets") },
      { name: "menuReturnsReport", path: report("returns") },
    ],
  },
  { name: "menuCheckRcaAm", path: "/user/check-rca-am-impersonation" },
  { name: "menuResetPassword", path: "/user/change-password" },
];

/**
 * The menu a user sees: permitted items, groups only when a counted item is permitted; `home` is
 * the user's home route (a `homeOnly` item shows only there). Labels in the language in force.
 * @param {(right: string | null | undefined) => boolean} has
 * @param {string} home
 * @returns {MenuEntry[]}
 */
export function visibleMenu(has, home) {
  const allowed = (/** @type {MenuDef} */ item) => (item.homeOnly ? item.path === home : has(rightOf(item.path)));
  const shown = (/** @type {MenuDef} */ { name, ...item }) => ({ ...item, label: t(name) });
  /** @type {MenuEntry[]} */
  const out = [];
  for (const entry of MENU) {
    if (!("group" in entry)) {
      if (allowed(entry)) out.push(shown(entry));
      continue;
    }
    const counted = entry.items.some((i) => !entry.notCounted.includes(i.path) && allowed(i));
    if (counted) out.push({ ...entry, group: t(entry.group), items: entry.items.filter(allowed).map(shown) });
  }
  return out;
}
