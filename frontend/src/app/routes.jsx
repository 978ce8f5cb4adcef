// Every screen in one table: path (wouter pattern), the screen (loaded on demand), the right it
// needs (null: any signed-in user), and whether it is a signed-out screen without the shell.
// The menu (menu.js) reads the rights from here too: one right per screen.
import { lazy } from "react";

const auth = () => import("../features/auth/screens");
const masters = () => import("../features/masters/screens");
const customers = () => import("../features/customers/screens");
const buckets = () => import("../features/buckets/screens");
const deliveries = () => import("../features/deliveries/screens");
const uploads = () => import("../features/uploads/screens");
const users = () => import("../features/users/screens");
const orders = () => import("../features/orders/screens");
const beats = () => import("../features/beats/screens");
const today = () => import("../features/today/screens");
// Leaflet and its CSS come only with the map chunk, so the first load stays small.
const map = () => import("../features/map/screens");
const reportScreen = lazy(() => import("../features/reports/report-screen"));

/** Each report screen and the right it needs (spec 1 §2 "Report screens"). */
const REPORT_RIGHTS = {
  "customer-visit": "rpt_customer_visit",
  "customer-add": "rpt_customer_add",
  "profile-update": "rpt_profile_update",
  "info-add": "rpt_info_add",
  "login-history": "rpt_login_history",
  productivity: "rpt_productivity",
  "monthly-summary": "rpt_productivity",
  "monthly-summary-am": "rpt_productivity",
  delivery: "rpt_productivity",
  mycustomer: "rpt_my_customer",
  "buyer-details": "rpt_buyer_images",
  orders: "rpt_orders",
  "beat-adherence": "rpt_beat_adherence",
};
const pick = (load, name) => lazy(() => load().then((m) => ({ default: m[name] })));

export const ROUTES = [
  { path: "/", screen: pick(auth, "LoginScreen"), public: true },
  { path: "/login", screen: pick(auth, "LoginScreen"), public: true },
  { path: "/app/forgot", screen: pick(auth, "ForgotScreen"), public: true },
  { path: "/app/force-password-update", screen: pick(auth, "ForcedPasswordScreen"), public: true },
  { path: "/user/change-password", screen: pick(auth, "ChangePasswordScreen"), right: "reset_password" },
  { path: "/home", screen: lazy(() => import("../features/home/home-screen")), right: null },
  { path: "/unauthorized", screen: lazy(() => import("../features/errors/unauthorized-screen")), right: null },
  { path: "/403", screen: lazy(() => import("../features/errors/forbidden-screen")), right: null },
  { path: "/customer/visit", screen: pick(customers, "VisitScreen"), right: "customer_visit" },
  { path: "/customer/visit/:buyerId", screen: pick(customers, "VisitScreen"), right: "customer_visit" },
  { path: "/customer/waiting-visits", screen: pick(customers, "WaitingVisitsScreen"), right: "customer_visit" },
  { path: "/today", screen: pick(today, "TodayScreen"), right: "customer_visit" },
  { path: "/today/:agentId", screen: pick(today, "TodayScreen"), right: "beat_master" },
  { path: "/map/today", screen: pick(map, "TodayMapScreen"), right: "customer_visit" },
  { path: "/map/today/:agentId", screen: pick(map, "TodayMapScreen"), right: "beat_master" },
  { path: "/map/bucket/:bucketName/:agentId", screen: pick(map, "BucketMapScreen"), right: "retailer_bucket" },
  { path: "/customer/order/:buyerId", screen: pick(orders, "OrderScreen"), right: "order_booking" },
  { path: "/customer/orders", screen: pick(orders, "OrdersScreen"), right: "rpt_orders" },
  { path: "/customer/new", screen: pick(customers, "NewCustomerScreen"), right: "new_customer" },
  { path: "/customer/profile/:buyerId", screen: pick(customers, "ProfileScreen"), right: "profile_update" },
  { path: "/customer/info/:buyerId", screen: pick(customers, "InfoScreen"), right: "info_add" },
  { path: "/customer/details/:ftmftd", screen: pick(customers, "FtmFtdScreen"), right: "customer_visit" },
  { path: "/customer/info-update", screen: pick(customers, "InfoUpdateScreen"), right: "infostatus_update" },
  { path: "/score/card", screen: pick(customers, "ScorecardScreen"), right: "score_card" },
  { path: "/image-viewer", screen: pick(customers, "ImageViewerScreen"), right: null },
  { path: "/landing/retailer-bucket", screen: pick(buckets, "DashboardScreen"), right: "retailer_bucket" },
  { path: "/landing/retailer-bucket-agent/:agentId", screen: pick(buckets, "DashboardScreen"), right: "retailer_bucket" },
  { path: "/landing/retailer-bucket/:bucketName", screen: pick(buckets, "BucketListScreen"), right: "retailer_bucket" },
  { path: "/landing/retailer-bucket/:bucketName/:agentId", screen: pick(buckets, "BucketListScreen"), right: "retailer_bucket" },
  { path: "/customer/delivery", screen: pick(deliveries, "DeliveryScreen"), right: "delivery_search" },
  { path: "/customer/delivery/approve", screen: pick(deliveries, "ApproveScreen"), right: "delivery_approve" },
  { path: "/visit/summary", screen: pick(buckets, "VisitSummaryScreen"), right: "visit_summary" },
  { path: "/user/user-agent", screen: pick(users, "UserAgentScreen"), right: "user_agent" },
  { path: "/user/unblock-user", screen: pick(users, "UnblockUserScreen"), right: "unblock_user" },
  { path: "/user/check-rca-am-impersonation", screen: pick(users, "ImpersonationScreen"), right: "rca_account_access" },
  { path: "/user/rca-am-login/:token", screen: pick(users, "ImpersonationLanding"), right: "rca_account_login" },

  { path: "/master/user-master", screen: pick(masters, "UserList"), right: "user_master" },
  { path: "/master/user/add", screen: pick(masters, "UserForm"), right: "user_master" },
  { path: "/master/user-edit/:id", screen: pick(masters, "UserForm"), right: "user_master" },
  { path: "/master/customer-master", screen: pick(uploads, "CustomerMasterScreen"), right: "customer_master" },
  { path: "/master/customer-master-upload", screen: pick(uploads, "CustomerUpload"), right: "customer_master" },
  { path: "/master/customer-master-upload/:isDelete", screen: pick(uploads, "CustomerUpload"), right: "customer_master" },
  { path: "/master/product-master", screen: pick(masters, "ProductList"), right: "product_master" },
  { path: "/master/product-master-upload", screen: pick(uploads, "ProductUpload"), right: "product_master" },
  { path: "/master/order-upload", screen: pick(uploads, "OrderUpload"), right: "product_master" },
  { path: "/master/distributor-master-upload", screen: pick(uploads, "DistributorUpload"), right: "distributor_master" },
  { path: "/master/scorecard-master-upload", screen: pick(uploads, "ScorecardUpload"), right: "scorecard_master" },
  { path: "/master/delivery-master-upload", screen: pick(uploads, "DeliveryUpload"), right: "delivery_upload_master" },
  { path: "/master/beats", screen: pick(beats, "BeatList"), right: "beat_master" },
  { path: "/master/beat/new", screen: pick(beats, "BeatEditor"), right: "beat_master" },
  { path: "/master/beat/:beatId", screen: pick(beats, "BeatEditor"), right: "beat_master" },
  { path: "/master/beat-upload", screen: pick(uploads, "BeatUpload"), right: "beat_master" },
  { path: "/master/outcome-master", screen: pick(masters, "OutcomeList"), right: "outcome_master" },
  { path: "/master/outcome-master-add", screen: pick(masters, "OutcomeForm"), right: "outcome_master" },
  { path: "/master/outcome-master-edit/:id", screen: pick(masters, "OutcomeForm"), right: "outcome_master" },
  { path: "/master/info-master", screen: pick(masters, "InfoTypeList"), right: "infotype_master" },
  { path: "/master/info-master-add", screen: pick(masters, "InfoTypeForm"), right: "infotype_master" },
  { path: "/master/info-master-edit/:id", screen: pick(masters, "InfoTypeForm"), right: "infotype_master" },
  { path: "/master/subinfo-master", screen: pick(masters, "SubInfoList"), right: "infotype_master" },
  { path: "/master/subinfo-master-add", screen: pick(masters, "SubInfoForm"), right: "infotype_master" },
  { path: "/master/subinfo-master-edit/:id", screen: pick(masters, "SubInfoForm"), right: "infotype_master" },
  { path: "/master/link-master", screen: pick(masters, "LinkList"), right: "link_master" },
  { path: "/master/link-master-add", screen: pick(masters, "LinkForm"), right: "link_master" },
  { path: "/master/link-master-edit/:id", screen: pick(masters, "LinkForm"), right: "link_master" },
  { path: "/master/delivery-status", screen: pick(masters, "DeliveryStatusList"), right: "delivery_status_master" },
  { path: "/master/delivery-status-master-add", screen: pick(masters, "DeliveryStatusForm"), right: "delivery_status_master" },
  { path: "/master/delivery-status-master-edit/:id", screen: pick(masters, "DeliveryStatusForm"), right: "delivery_status_master" },
  { path: "/master/additional-reason-master", screen: pick(masters, "ReasonList"), right: "additional_reason_master" },
  { path: "/master/additional-reason-master-add", screen: pick(masters, "ReasonForm"), right: "additional_reason_master" },
  { path: "/master/additional-reason-master-edit/:id", screen: pick(masters, "ReasonForm"), right: "additional_reason_master" },
  { path: "/master/broadcast-master", screen: pick(masters, "BroadcastList"), right: "broadcast_master" },
  { path: "/master/broadcast-master-add", screen: pick(masters, "BroadcastForm"), right: "broadcast_master" },
  { path: "/master/rights-master", screen: pick(masters, "RightsScreen"), right: "rights_master" },
  ...Object.entries(REPORT_RIGHTS).map(([name, right]) => ({
    path: `/master/report/${name}`,
    screen: reportScreen,
    right,
    params: { name },
  })),
];

/** The right a route path needs (null: any signed-in user); undefined for a path not in the table. */
export function rightOf(path) {
  const route = ROUTES.find((r) => r.path === path);
  return route && !route.public ? route.right : undefined;
}
