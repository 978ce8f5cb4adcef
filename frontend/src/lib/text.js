// The English of the shared building blocks the shell itself uses (first load): ids "lib.<name>".
// Those only screens use are in parts-text.js, so they load with the screens. Hindi: i18n/hi-ui.json.
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("lib", {
  dismiss: "Dismiss",
  search: "Search",
  select: "Select",
  back: "Back",
  loading: "Loading…",
  noData: "No Data Available",
  language: "Language",
});

/** The offline queue's counts (lib/offline/status.js queuedText), plurals in each language. */
export const tq = catalogue("queue", {
  visits: "{count, plural, one {# visit} other {# visits}}",
  orders: "{count, plural, one {# order} other {# orders}}",
  visitsAndOrders: "{visits} and {orders}",
});
