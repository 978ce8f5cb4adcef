// The English of what a customer owes (lib/outstanding-panel.jsx, on the visit and collect
// screens): ids "outstanding.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("outstanding", {
  // The ageing buckets.
  days0to30: "0-30 days",
  days31to60: "31-60 days",
  days61to90: "61-90 days",
  days90plus: "90+ days",
  // The summary line: "Outstanding ₹12,400.00 · 2 overdue".
  none: "No outstanding",
  total: "Outstanding {amount}",
  overdue: "{count} overdue",
  summary: "Outstanding {amount} · {count} overdue",
  notLoaded: "The outstanding could not be loaded.",
  asOf: "Offline: as of {time}.",
  notOnPhone: "Offline: the invoices are not on this phone yet.",
  // The open invoices.
  invoice: "Invoice",
  date: "Date",
  due: "Due",
  balance: "Balance",
  daysOverdue: "Days overdue",
  // An approved return (issue #54), already taken off the oldest invoices.
  credit: "Credit {amount} for goods returned, {date}",
});
