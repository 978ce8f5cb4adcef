// The date field's rules (lib/date-input.jsx), apart so that unit tests check them: what a day is
// ("YYYY-MM-DD" of a real date), the form rule `validDate`, and its message in the language in force.
import { t } from "./date-input-text";
import { formatDate } from "./format";
import { parseDate } from "./parse-date";

/** The day every example of the field shows (placeholder, message). */
export const EXAMPLE = "2026-11-27";

/** The message of a text that is no date, in the language in force: "Enter a date such as 27-Nov-2026.". */
export const invalidDate = () => t("invalid", { example: formatDate(EXAMPLE) });

/**
 * The placeholder of an empty date field: the form to type ("DD-MMM-YYYY"), in the language in
 * force; no digits, so an empty field never looks filled (issue #55).
 */
export const datePlaceholder = () => t("format");

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `v` is a day as the API takes it: "YYYY-MM-DD" of a real date (typed "2026-13-45" is
 * text, not a day).
 * @param {unknown} v
 */
export const isDay = (v) => typeof v === "string" && ISO.test(v) && parseDate(v) === v;

/**
 * A form rule (lib/form.js): the message when the value is set but no date.
 * @param {string} [message]
 * @returns {(v: any) => string | null}
 */
export const validDate = (message) => (v) => (v && !isDay(v) ? message || invalidDate() : null);
