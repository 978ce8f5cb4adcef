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
  payments: "{count, plural, one {# payment} other {# payments}}",
  photos: "{count, plural, one {# photo} other {# photos}}",
  days: "{count, plural, one {# start/end of day} other {# starts/ends of day}}",
  /** The last two of a list ("2 visits, 1 order and 1 photo": `rest` is "2 visits, 1 order"). */
  and: "{rest} and {last}",
});
