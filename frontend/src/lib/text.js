// The English of the shared building blocks (lib/*.jsx): ids "lib.<name>". Hindi: i18n/hi-ui.json.
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("lib", {
  confirmTitle: "Please confirm..",
  confirmDelete: "Are you sure, you want to delete?",
  yes: "Yes",
  cancel: "Cancel",
  serialNo: "S.No.",
  pages: "Pages",
  previous: "Previous",
  next: "Next",
  pageOf: "Page {page} of {pages}",
  verified: "Verified",
  offSite: "Off-site",
  noLocation: "No location",
  shopNotLocated: "Shop not located",
  agent: "Agent",
  chooseAgent: "Choose an agent",
  linkExpired: "Invalid or expired link.",
  reportFailed: "Something went wrong while generating report.",
  dismiss: "Dismiss",
  search: "Search",
  select: "Select",
  back: "Back",
  loading: "Loading…",
  noData: "No Data Available",
  language: "Language",
  statusSubmitted: "Submitted",
  statusSent: "Sent",
  statusCancelled: "Cancelled",
  statusWaiting: "Waiting to sync",
  statusFailed: "Not accepted",
  passwordRule: "Password must be minimum 12 alphanumeric character",
  passwordHint: "Minimum 12 characters, with at least one letter and one digit",
  confirmRequired: "Confirm Password is required",
});

/** The offline queue's counts (lib/offline/status.js queuedText), plurals in each language. */
export const tq = catalogue("queue", {
  visits: "{count, plural, one {# visit} other {# visits}}",
  orders: "{count, plural, one {# order} other {# orders}}",
  visitsAndOrders: "{visits} and {orders}",
});
