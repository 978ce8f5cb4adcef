// The English of what the offline queue and its sync say (queue.js, sync.js, and the waiting list's
// sync result): ids "offline.<name>". The counts in them are the `queue` area's (lib/text.js).
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../i18n/catalogue";

export const t = catalogue("offline", {
  /** `saved`: the screen's own words ("Saved on this phone", "Order saved on this phone"). */
  willSync: "{saved}, will sync",
  shopNotThrough: "The new shop has not reached the server yet",
  willSyncAfterSignIn: "{saved}, will sync after you sign in again",
  /** `what`: the queue's counts ("2 visits and 1 photo"). */
  sent: "{what} sent.",
  repriced:
    "{count, plural, one {# order was booked at the server's prices: a price or a scheme changed since it was saved (see the customer's orders).} other {# orders were booked at the server's prices: prices or schemes changed since they were saved (see the customers' orders).}}",
  held: "{count, plural, one {# order is awaiting approval: it is over the customer's credit limit (see the customer's orders).} other {# orders are awaiting approval: they are over their customers' credit limits (see the customers' orders).}}",
});
