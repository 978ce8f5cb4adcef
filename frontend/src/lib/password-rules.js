// The password rule of spec 1 §5, in one place: at least 12 characters with at least one letter
// and one digit. The server applies the same rule (docs/decisions.md "Password rule").
import { t } from "./parts-text";

export const PASSWORD_MIN_LENGTH = 12;
/** The spec's message when the password is too weak (a function: it is in the user's language). */
export const passwordMessage = () => t("passwordRule");
/** The rule the message names, in the words of the spec's rule (shown under the new password). */
export const passwordHint = () => t("passwordHint");

/** True when `value` is long enough and holds a letter and a digit. @param {unknown} value */
export function isStrongPassword(value) {
  return typeof value === "string" && value.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** A form rule (see lib/form.js): the spec's message when the password is too weak. */
export const passwordRule = (/** @type {unknown} */ value) => (isStrongPassword(value) ? null : passwordMessage());

/**
 * The confirmation's rule: required, and the password rule only while it equals the new password.
 * A confirmation that differs is a mismatch, which the form leaves to the server to name (spec 1
 * §5 shows no match check), rather than calling a typo too short.
 * @type {(value: string, values: { newPassword: string }) => string | null}
 */
export const confirmRule = (value, values) =>
  !value ? t("confirmRequired") : value === values.newPassword ? passwordRule(value) : null;
