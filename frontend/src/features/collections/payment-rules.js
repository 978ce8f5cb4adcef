// The collect form's rules, with the server's messages (POST /users/payment refuses the same): an
// amount above zero with at most two decimals, a mode, a cheque's number and bank, a UPI or bank
// transfer's reference. Plain functions, so the unit tests check them without a screen.
import { messageFor } from "../../lib/i18n/messages";
import { money } from "../../lib/format";
import { fromPaise, parseAmount } from "../../lib/outstanding";
import { t } from "./text";

/** The payment modes, as the API names them, with the ids of their labels (text.js). */
export const MODES = /** @type {const} */ ([
  ["cash", "cash"],
  ["cheque", "cheque"],
  ["upi", "upi"],
  ["bank", "bankTransfer"],
]);

/** A mode's label in the language in force (the API's name when it is no mode). @param {string} mode */
export const modeLabel = (mode) => {
  const found = MODES.find(([m]) => m === mode);
  return found ? t(found[1]) : mode;
};

/** The modes as a Select's options, labelled in the language in force. */
export const modeOptions = () => MODES.map(([value]) => ({ value, label: modeLabel(value) }));

/**
 * The server's messages (src/collections/messages.rs), by their codes: the form says before
 * sending what the server would answer, in the user's language (lib/i18n) as the server's own do.
 */
const CODES = {
  amountRequired: ["payment_amount_required", "The amount is required."],
  amountInvalid: ["payment_amount_not_valid", "The amount must be more than 0, with at most two decimal places."],
  modeRequired: ["payment_mode_not_valid", "The mode must be cash, cheque, upi or bank."],
  chequeNoRequired: ["payment_cheque_no_required", "The cheque number is required for a cheque."],
  bankRequired: ["payment_bank_required", "The bank is required for a cheque."],
  referenceRequired: ["payment_reference_required", "The reference is required for a UPI or bank payment."],
  reasonRequired: ["payment_reversal_reason_required", "The reason for the reversal is required."],
};

/**
 * A rule's message in the language in force.
 * @param {keyof typeof CODES} key
 */
export const message = (key) => messageFor(CODES[key][0], null, CODES[key][1]);

/**
 * @typedef {{ amount: string, mode: string, chequeNo: string, bank: string, reference: string }} PaymentForm
 */

/**
 * India's cash limit (Income-tax Act s. 269ST): cash from one customer in one day stays below
 * ₹2,00,000. The server's `--cash-limit-per-day` may be lower, never higher (the law), so a rupee
 * company's form refuses what the server surely would, before Submit.
 */
export const INR_CASH_LIMIT_PAISE = 200_000_00;

/**
 * The amount's error before Submit: what a rule forbids (cash at or above the legal limit in a
 * rupee company); null when none.
 * @param {number | null} paise the amount typed, in paise (null: not an amount yet)
 * @param {string} mode
 * @param {string} currency the company's (formats)
 */
export function amountForbidden(paise, mode, currency) {
  if (paise != null && mode === "cash" && currency === "INR" && paise >= INR_CASH_LIMIT_PAISE)
    return t("cashOverLimit", { limit: money(fromPaise(INR_CASH_LIMIT_PAISE)) });
  return null;
}

/**
 * The amount's warning while typed: above what the customer owes (the rest stays unallocated),
 * and far above it (more left over than was owed: a manager approves it before it counts, as the
 * server's far_above_owed judges with its own floor). Null when the amount is within what is owed
 * or the outstanding is unknown.
 * @param {number | null} paise the amount typed, in paise
 * @param {number | null} owedPaise the customer's outstanding, in paise
 */
export function amountWarning(paise, owedPaise) {
  if (paise == null || paise <= 0 || owedPaise == null || paise <= owedPaise) return null;
  const rest = paise - owedPaise;
  const args = { amount: money(fromPaise(paise)), owed: money(fromPaise(owedPaise)), rest: money(fromPaise(rest)) };
  return rest > owedPaise ? t("farAboveOwed", args) : t("aboveOwed", args);
}

/**
 * The first broken rule of each field, by field name; empty when the payment may be sent.
 * @param {PaymentForm} v
 * @param {string} [currency] the company's: a rupee company's cash limit
 * @returns {Record<string, string>}
 */
export function checkPayment(v, currency = "") {
  /** @type {Record<string, string>} */
  const errors = {};
  const text = String(v.amount ?? "").trim();
  const paise = parseAmount(text);
  if (!text) errors.amount = message("amountRequired");
  else if (paise == null) errors.amount = message("amountInvalid");
  else if (paise <= 0) errors.amount = message("amountInvalid");
  else {
    const forbidden = amountForbidden(paise, v.mode, currency);
    if (forbidden) errors.amount = forbidden;
  }
  if (!MODES.some(([m]) => m === v.mode)) errors.mode = message("modeRequired");
  if (v.mode === "cheque") {
    if (!String(v.chequeNo ?? "").trim()) errors.chequeNo = message("chequeNoRequired");
    if (!String(v.bank ?? "").trim()) errors.bank = message("bankRequired");
  }
  if ((v.mode === "upi" || v.mode === "bank") && !String(v.reference ?? "").trim())
    errors.reference = message("referenceRequired");
  return errors;
}
