// The English of the customer's credit limit form (credit-limit.jsx): ids "credit.<name>".
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("credit", {
  title: "Credit Limit",
  label: "Credit Limit",
  notAmount: "Credit Limit must be an amount of 0 or more, with at most two decimal places.",
  none: "No credit limit: orders are never held.",
  now: "Now {limit}.",
  rule: "An order that would take the outstanding plus open orders over the limit waits for a manager's approval.",
  hint: "Leave empty for no limit.",
  save: "Save credit limit",
});
