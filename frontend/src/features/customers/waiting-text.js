// The English of the waiting list (waiting-visits-screen.jsx): ids "waiting.<name>". The counts are
// the queue's (lib/text.js `queue`), the sync result the offline engine's (lib/offline/offline-text.js).
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("waiting", {
  title: "Waiting visits",
  caption:
    "Everything saved on this phone and not yet sent: visits, orders, payments, photos, shelf counts, returns, new shops and the day's start and end.",
  onlyAgents: "Only agents keep visits on the phone.",
  notAccepted: "Not accepted:",
  retry: "Retry",
  discard: "Discard",
  syncNow: "Sync now",
  offline: "Offline.",
  copyState: "{count, plural, one {# customer} other {# customers}} on this phone, updated {when}.",
  noCopy: "The customer list is not on this phone yet; it loads when online.",
  workingDay: "Working day",
  startDayAt: "Start day {time},",
  endDayAt: "End day {time},",
  waiting: "waiting",
  noneWaiting: "No visits are waiting.",
  nothingWaiting: "No visits are waiting: everything saved on this phone has reached the server.",
  customer: "Customer",
  saved: "Saved",
  state: "State",
  payments: "Payments",
  payment: "Payment",
  paymentLine: "Payment {amount} from {customer}",
  paymentLineWaiting: "Payment {amount} from {customer}, waiting",
  receipt: "Receipt",
  collected: "Collected",
  photos: "Photos",
  photosWaiting: "{count, plural, one {# photo} other {# photos}} waiting, {size}",
  label: "Label",
  size: "Size",
  visit: "Visit",
  waitingForVisit: "Waiting for its visit",
  waitingForShop: "Waiting for its new shop",
  records: "Shelf counts, returns and new shops",
  record: "What",
  shelfCount: "Shelf count",
  return: "Return",
  newShop: "New shop",
  shopFront: "Shop front",
  discardPayment: "Discard this payment? It has not reached the server and will be lost; its receipt will not be in the books.",
  discardOther:
    "Discard this {kind, select, order {order} day-start {start of your day} day-end {end of your day} photo {photo} post {record} other {visit}}? It has not reached the server and will be lost.",
});
