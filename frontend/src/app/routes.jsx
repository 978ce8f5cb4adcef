// Every screen in one table: path (wouter pattern), the screen (loaded on demand), the right it
// needs (null: any signed-in user), and whether it is a signed-out screen without the shell.
// The menu (menu.js) reads the rights from here too: one right per screen.
import { lazy } from "react";
import { parse } from "regexparam";
import { matchRoute } from "wouter";
import { RIGHT } from "../lib/rights";
import { hasRight } from "../lib/session";
import { visitCalls } from "../features/customers/visit-calls";

/** @typedef {import("../lib/session").SessionUser} SessionUser */
/** @typedef {import("preact").ComponentType<any> & { load: () => Promise<unknown> }} Screen */

/**
 * A screen loaded on demand; `load` starts its code before its first render too (app/start.js).
 * @param {() => Promise<{ default: import("preact").ComponentType<any> }>} load
 * @returns {Screen}
 */
const onDemand = (load) => Object.assign(lazy(load), { load });

const auth = () => import("../features/auth/screens");
const masters = () => import("../features/masters/screens");
const customers = () => import("../features/customers/screens");
// The visit screen, an agent's everyday one, comes alone: a cold visit waits for no other screen's code.
const visitScreen = onDemand(() => import("../features/customers/visit-screen"));
const buckets = () => import("../features/buckets/screens");
const deliveries = () => import("../features/deliveries/screens");
const uploads = () => import("../features/uploads/screens");
const users = () => import("../features/users/screens");
const orders = () => import("../features/orders/screens");
const beats = () => import("../features/beats/screens");
const collections = () => import("../features/collections/screens");
const targets = () => import("../features/targets/screens");
const today = () => import("../features/today/screens");
const attendance = () => import("../features/attendance/screens");
const photos = () => import("../features/photos/screens");
const schemes = () => import("../features/schemes/screens");
const shop = () => import("../features/shop/screens");
// Leaflet and its CSS come only with the map chunk, so the first load stays small.
const map = () => import("../features/map/screens");
const reportScreen = onDemand(() => import("../features/reports/report-screen"));

/** Each report screen and the right it needs (spec 1 §2 "Report screens"). */
const REPORT_RIGHTS = {
  "customer-visit": RIGHT.RPT_CUSTOMER_VISIT,
  "customer-add": RIGHT.RPT_CUSTOMER_ADD,
  "profile-update": RIGHT.RPT_PROFILE_UPDATE,
  "info-add": RIGHT.RPT_INFO_ADD,
  "login-history": RIGHT.RPT_LOGIN_HISTORY,
  productivity: RIGHT.RPT_PRODUCTIVITY,
  "monthly-summary": RIGHT.RPT_PRODUCTIVITY,
  "monthly-summary-am": RIGHT.RPT_PRODUCTIVITY,
  delivery: RIGHT.RPT_PRODUCTIVITY,
  mycustomer: RIGHT.RPT_MY_CUSTOMER,
  "buyer-details": RIGHT.RPT_BUYER_IMAGES,
  orders: RIGHT.RPT_ORDERS,
  "beat-adherence": RIGHT.RPT_BEAT_ADHERENCE,
  attendance: RIGHT.ATTENDANCE_REVIEW,
  schemes: RIGHT.RPT_ORDERS,
  collections: RIGHT.COLLECTIONS_REVIEW,
  outstanding: RIGHT.COLLECTIONS_REVIEW,
  "visit-photos": RIGHT.PHOTO_REVIEW,
  targets: RIGHT.TARGET_MASTER,
  returns: RIGHT.RETURN_APPROVAL,
};
/**
 * A screen exported as `name` by a lazily loaded module.
 * @param {() => Promise<Record<string, any>>} load the module's import (its exports are components of any props)
 * @param {string} name
 */
const pick = (load, name) =>
  onDemand(() => load().then((/** @type {Record<string, import("preact").ComponentType<any>>} */ m) => ({ default: m[name] })));

/**
 * A screen: `right` null lets any signed-in user in; `public` screens are for the signed-out;
 * `params` are fixed route parameters added to the matched ones; `prefetch` names the GET calls the
 * screen starts with, begun while its code loads (lib/prefetch.js).
 * @typedef {{ path: string, screen: Screen, right?: string | null, public?: boolean,
 *   params?: Record<string, string>, prefetch?: (params: Record<string, string>) => import("../../types/client").GetCall[] }} Route
 */

/** @type {Route[]} */
export const ROUTES = [
  { path: "/", screen: pick(auth, "LoginScreen"), public: true },
  { path: "/login", screen: pick(auth, "LoginScreen"), public: true },
  { path: "/app/forgot", screen: pick(auth, "ForgotScreen"), public: true },
  { path: "/app/terms", screen: pick(auth, "TermsScreen"), public: true },
  { path: "/app/force-password-update", screen: pick(auth, "ForcedPasswordScreen"), public: true },
  { path: "/user/change-password", screen: pick(auth, "ChangePasswordScreen"), right: RIGHT.RESET_PASSWORD },
  { path: "/home", screen: onDemand(() => import("../features/home/home-screen")), right: null },
  { path: "/unauthorized", screen: onDemand(() => import("../features/errors/unauthorized-screen")), right: null },
  { path: "/403", screen: onDemand(() => import("../features/errors/forbidden-screen")), right: null },
  { path: "/customer/visit", screen: visitScreen, right: RIGHT.CUSTOMER_VISIT },
  {
    path: "/customer/visit/:buyerId",
    screen: visitScreen,
    right: RIGHT.CUSTOMER_VISIT,
    prefetch: visitCalls,
  },
  { path: "/customer/waiting-visits", screen: pick(customers, "WaitingVisitsScreen"), right: RIGHT.CUSTOMER_VISIT },
  { path: "/today", screen: pick(today, "TodayScreen"), right: RIGHT.CUSTOMER_VISIT },
  { path: "/today/:agentId", screen: pick(today, "TodayScreen"), right: RIGHT.BEAT_MASTER },
  { path: "/attendance", screen: pick(attendance, "AttendanceScreen"), right: RIGHT.ATTENDANCE_REVIEW },
  { path: "/map/today", screen: pick(map, "TodayMapScreen"), right: RIGHT.CUSTOMER_VISIT },
  { path: "/map/today/:agentId", screen: pick(map, "TodayMapScreen"), right: RIGHT.BEAT_MASTER },
  { path: "/map/bucket/:bucketName/:agentId", screen: pick(map, "BucketMapScreen"), right: RIGHT.RETAILER_BUCKET },
  { path: "/customer/order/:buyerId", screen: pick(orders, "OrderScreen"), right: RIGHT.ORDER_BOOKING },
  { path: "/customer/orders", screen: pick(orders, "OrdersScreen"), right: RIGHT.RPT_ORDERS },
  { path: "/orders/credit-approval", screen: pick(orders, "CreditApprovalScreen"), right: RIGHT.CREDIT_APPROVAL },
  { path: "/collections", screen: pick(collections, "CollectionsScreen"), right: RIGHT.COLLECTIONS_REVIEW },
  { path: "/targets", screen: pick(targets, "TeamScreen"), right: RIGHT.TARGET_MASTER },
  { path: "/targets/upload", screen: pick(uploads, "TargetUpload"), right: RIGHT.TARGET_MASTER },
  { path: "/collections/invoice-upload", screen: pick(uploads, "InvoiceUpload"), right: RIGHT.COLLECTIONS_REVIEW },
  { path: "/master/schemes", screen: pick(schemes, "SchemesScreen"), right: RIGHT.SCHEME_MASTER },
  { path: "/master/scheme-upload", screen: pick(uploads, "SchemeUpload"), right: RIGHT.SCHEME_MASTER },
  { path: "/collections/collect/:buyerId", screen: pick(collections, "CollectScreen"), right: RIGHT.COLLECTIONS },
  { path: "/collections/receipt/:clientId", screen: pick(collections, "ReceiptScreen"), right: RIGHT.COLLECTIONS },
  { path: "/collections/mine", screen: pick(collections, "MyCollectionsScreen"), right: RIGHT.COLLECTIONS },
  { path: "/customer/new", screen: pick(customers, "NewCustomerScreen"), right: RIGHT.NEW_CUSTOMER },
  { path: "/customer/new-shop", screen: pick(shop, "NewShopScreen"), right: RIGHT.OUTLET_PROPOSAL },
  { path: "/customer/new-shops", screen: pick(shop, "NewShopsScreen"), right: RIGHT.OUTLET_APPROVAL },
  { path: "/customer/returns", screen: pick(shop, "ReturnsScreen"), right: RIGHT.RETURN_APPROVAL },
  { path: "/customer/profile/:buyerId", screen: pick(customers, "ProfileScreen"), right: RIGHT.PROFILE_UPDATE },
  { path: "/customer/info/:buyerId", screen: pick(customers, "InfoScreen"), right: RIGHT.INFO_ADD },
  { path: "/customer/details/:ftmftd", screen: pick(customers, "FtmFtdScreen"), right: RIGHT.CUSTOMER_VISIT },
  { path: "/customer/info-update", screen: pick(customers, "InfoUpdateScreen"), right: RIGHT.INFOSTATUS_UPDATE },
  { path: "/score/card", screen: pick(customers, "ScorecardScreen"), right: RIGHT.SCORE_CARD },
  { path: "/image-viewer", screen: pick(customers, "ImageViewerScreen"), right: null },
  { path: "/landing/retailer-bucket", screen: pick(buckets, "DashboardScreen"), right: RIGHT.RETAILER_BUCKET },
  { path: "/landing/retailer-bucket-agent/:agentId", screen: pick(buckets, "DashboardScreen"), right: RIGHT.RETAILER_BUCKET },
  { path: "/landing/retailer-bucket/:bucketName", screen: pick(buckets, "BucketListScreen"), right: RIGHT.RETAILER_BUCKET },
  {
    path: "/landing/retailer-bucket/:bucketName/:agentId",
    screen: pick(buckets, "BucketListScreen"),
    right: RIGHT.RETAILER_BUCKET,
  },
  { path: "/customer/delivery", screen: pick(deliveries, "DeliveryScreen"), right: RIGHT.DELIVERY_SEARCH },
  { path: "/customer/delivery/approve", screen: pick(deliveries, "ApproveScreen"), right: RIGHT.DELIVERY_APPROVE },
  { path: "/visit/summary", screen: pick(buckets, "VisitSummaryScreen"), right: RIGHT.VISIT_SUMMARY },
  { path: "/visit/photos", screen: pick(photos, "PhotosScreen"), right: RIGHT.PHOTO_REVIEW },
  { path: "/user/user-agent", screen: pick(users, "UserAgentScreen"), right: RIGHT.USER_AGENT },
  { path: "/user/unblock-user", screen: pick(users, "UnblockUserScreen"), right: RIGHT.UNBLOCK_USER },
  { path: "/user/check-rca-am-impersonation", screen: pick(users, "ImpersonationScreen"), right: RIGHT.RCA_ACCOUNT_ACCESS },
  { path: "/user/rca-am-login/:token", screen: pick(users, "ImpersonationLanding"), right: RIGHT.RCA_ACCOUNT_LOGIN },

  { path: "/master/user-master", screen: pick(masters, "UserList"), right: RIGHT.USER_MASTER },
  { path: "/master/user/add", screen: pick(masters, "UserForm"), right: RIGHT.USER_MASTER },
  { path: "/master/user-edit/:id", screen: pick(masters, "UserForm"), right: RIGHT.USER_MASTER },
  { path: "/master/customer-master", screen: pick(uploads, "CustomerMasterScreen"), right: RIGHT.CUSTOMER_MASTER },
  { path: "/master/customer-master-upload", screen: pick(uploads, "CustomerUpload"), right: RIGHT.CUSTOMER_MASTER },
  { path: "/master/customer-master-upload/:isDelete", screen: pick(uploads, "CustomerUpload"), right: RIGHT.CUSTOMER_MASTER },
  { path: "/master/product-master", screen: pick(masters, "ProductList"), right: RIGHT.PRODUCT_MASTER },
  { path: "/master/product-master-upload", screen: pick(uploads, "ProductUpload"), right: RIGHT.PRODUCT_MASTER },
  { path: "/master/order-upload", screen: pick(uploads, "OrderUpload"), right: RIGHT.PRODUCT_MASTER },
  { path: "/master/distributor-master-upload", screen: pick(uploads, "DistributorUpload"), right: RIGHT.DISTRIBUTOR_MASTER },
  { path: "/master/scorecard-master-upload", screen: pick(uploads, "ScorecardUpload"), right: RIGHT.SCORECARD_MASTER },
  { path: "/master/delivery-master-upload", screen: pick(uploads, "DeliveryUpload"), right: RIGHT.DELIVERY_UPLOAD_MASTER },
  { path: "/master/beats", screen: pick(beats, "BeatList"), right: RIGHT.BEAT_MASTER },
  { path: "/master/beat/new", screen: pick(beats, "BeatEditor"), right: RIGHT.BEAT_MASTER },
  { path: "/master/beat/:beatId", screen: pick(beats, "BeatEditor"), right: RIGHT.BEAT_MASTER },
  { path: "/master/beat-upload", screen: pick(uploads, "BeatUpload"), right: RIGHT.BEAT_MASTER },
  { path: "/master/outcome-master", screen: pick(masters, "OutcomeList"), right: RIGHT.OUTCOME_MASTER },
  { path: "/master/outcome-master-add", screen: pick(masters, "OutcomeForm"), right: RIGHT.OUTCOME_MASTER },
  { path: "/master/outcome-master-edit/:id", screen: pick(masters, "OutcomeForm"), right: RIGHT.OUTCOME_MASTER },
  { path: "/master/info-master", screen: pick(masters, "InfoTypeList"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/info-master-add", screen: pick(masters, "InfoTypeForm"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/info-master-edit/:id", screen: pick(masters, "InfoTypeForm"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/subinfo-master", screen: pick(masters, "SubInfoList"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/subinfo-master-add", screen: pick(masters, "SubInfoForm"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/subinfo-master-edit/:id", screen: pick(masters, "SubInfoForm"), right: RIGHT.INFOTYPE_MASTER },
  { path: "/master/link-master", screen: pick(masters, "LinkList"), right: RIGHT.LINK_MASTER },
  { path: "/master/link-master-add", screen: pick(masters, "LinkForm"), right: RIGHT.LINK_MASTER },
  { path: "/master/link-master-edit/:id", screen: pick(masters, "LinkForm"), right: RIGHT.LINK_MASTER },
  { path: "/master/delivery-status", screen: pick(masters, "DeliveryStatusList"), right: RIGHT.DELIVERY_STATUS_MASTER },
  {
    path: "/master/delivery-status-master-add",
    screen: pick(masters, "DeliveryStatusForm"),
    right: RIGHT.DELIVERY_STATUS_MASTER,
  },
  {
    path: "/master/delivery-status-master-edit/:id",
    screen: pick(masters, "DeliveryStatusForm"),
    right: RIGHT.DELIVERY_STATUS_MASTER,
  },
  { path: "/master/additional-reason-master", screen: pick(masters, "ReasonList"), right: RIGHT.ADDITIONAL_REASON_MASTER },
  { path: "/master/additional-reason-master-add", screen: pick(masters, "ReasonForm"), right: RIGHT.ADDITIONAL_REASON_MASTER },
  {
    path: "/master/additional-reason-master-edit/:id",
    screen: pick(masters, "ReasonForm"),
    right: RIGHT.ADDITIONAL_REASON_MASTER,
  },
  { path: "/master/broadcast-master", screen: pick(masters, "BroadcastList"), right: RIGHT.BROADCAST_MASTER },
  { path: "/master/broadcast-master-add", screen: pick(masters, "BroadcastForm"), right: RIGHT.BROADCAST_MASTER },
  { path: "/master/rights-master", screen: pick(masters, "RightsScreen"), right: RIGHT.RIGHTS_MASTER },
  ...Object.entries(REPORT_RIGHTS).map(([name, right]) => ({
    path: `/master/report/${name}`,
    screen: reportScreen,
    right,
    params: { name },
  })),
];

/**
 * The right a route path needs (null: any signed-in user); undefined for a path not in the table.
 * @param {string} path
 */
export function rightOf(path) {
  const route = ROUTES.find((r) => r.path === path);
  return route && !route.public ? route.right : undefined;
}

/**
 * The route `location` (a hash path; a query in it is the screen's to read) matches, with the
 * matched parameters and the route's fixed ones; null for none. Matched as the app's router does
 * (wouter's default pattern parser, regexparam).
 * @param {string} location
 * @returns {{ route: Route, params: Record<string, string> } | null}
 */
export function findRoute(location) {
  const path = location.split("?")[0];
  for (const route of ROUTES) {
    /** @type {[boolean, Record<string, string> | null]} */
    const [matched, params] = matchRoute(parse, route.path, path);
    if (matched) return { route, params: { ...params, ...route.params } };
  }
  return null;
}

/**
 * Whether the guards (guards.jsx) let `user` into the signed-in screen of `route`.
 * @param {Route} route
 * @param {SessionUser | null} user
 */
export function letsIn(route, user) {
  return !!user && !!user.token && !user.forcePasswordUpdate && (!route.right || hasRight(user, route.right));
}

/**
 * The GET calls the screen of `found` starts with (its route's `prefetch`), for a user its guards
 * let in; none otherwise.
 * @param {{ route: Route, params: Record<string, string> } | null} found
 * @param {SessionUser | null} user
 * @returns {import("../../types/client").GetCall[]}
 */
export function routeCalls(found, user) {
  return found && found.route.prefetch && letsIn(found.route, user) ? found.route.prefetch(found.params) : [];
}
