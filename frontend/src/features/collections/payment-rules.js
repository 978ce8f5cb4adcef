// The collect form's rules, with the server's messages (POST /users/payment refuses the same): an
// amount above zero with at most two decimals, a mode, a cheque's number and bank, a UPI or bank
// transfer's reference. Plain functions, so the unit tests check them without a screen.
import { parseAmount } from "../../lib/outstanding";

/** The payment modes, as the API names them, with their labels. */
export const MODES = /** @type {const} */ ([
  ["cash", "Cash"],
  ["cheque", "Cheque"],
  ["upi", "UPI"],
  ["bank", "Bank transfer"],
]);

/** @param {string} mode */
export const modeLabel = (mode) => (MODES.find(([m]) => m === mode) || [mode, mode])[1];

export const MESSAGES = {
  amountRequired: "Amount is required",
  amountInvalid: "Enter the amount in rupees, with at most two decimals",
  amountZero: "Amount must be more than zero",
  modeRequired: "Payment mode is required",
  chequeNoRequired: "Cheque number is required",
  bankRequired: "Bank is required",
  referenceRequired: "Reference is required",
};

/**
 * @typedef {{ amount: string, mode: string, chequeNo: string, bank: string, reference: string }} PaymentForm
 */

/**
 * The first broken rule of each field, by field name; empty when the payment may be sent.
 * @param {PaymentForm} v
 * @returns {Record<string, string>}
 */
export function checkPayment(v) {
  /** @type {Record<string, string>} */
  const errors = {};
  const text = String(v.amount ?? "").trim();
  const paise = parseAmount(text);
  if (!text) errors.amount = MESSAGES.amountRequired;
  else if (paise == null) errors.amount = MESSAGES.amountInvalid;
  else if (paise <= 0) errors.amount = MESSAGES.amountZero;
  if (!v.mode) errors.mode = MESSAGES.modeRequired;
  if (v.mode === "cheque") {
    if (!String(v.chequeNo ?? "").trim()) errors.chequeNo = MESSAGES.chequeNoRequired;
    if (!String(v.bank ?? "").trim()) errors.bank = MESSAGES.bankRequired;
  }
  if ((v.mode === "upi" || v.mode === "bank") && !String(v.reference ?? "").trim()) errors.reference = MESSAGES.referenceRequired;
  return errors;
}
