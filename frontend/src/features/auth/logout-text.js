// The English of the logout warning (logout-warning.jsx): ids "logout.<name>". Apart from the
// sign-in screens' text.js, since the warning is part of the shell (first load) and they are not.
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const tl = catalogue("logout", {
  someRefused:
    "Some {kind, select, orders {orders} mixed {visits or orders} other {visits}} were not accepted by the server: see Waiting visits for the reasons.",
  unreachable: "The server cannot be reached. Try again when the phone is online.",
  title: "{kind, select, orders {Orders} mixed {Visits and orders} other {Visits}} not sent yet",
  body: "{count, plural, one {{queued} saved on this phone has not reached the server. Logging out removes it from this phone.} other {{queued} saved on this phone have not reached the server. Logging out removes them from this phone.}}",
  waitingVisits: "Waiting visits",
  syncNow: "Sync now",
  discard: "Discard {queued}",
  cancel: "Cancel",
});
