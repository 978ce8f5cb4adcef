// The English of the tax identifiers' inline messages (lib/tax-ids.js): ids "taxIds.<name>".
// Hindi: lib/i18n/hi-ui.json. Any screen with a GSTIN, PAN or FSSAI field (customer forms, the
// new-shop form of issue #54) shows these before Submit; the server's codes are gstin_invalid,
// pan_invalid and fssai_invalid, with the same rules.
import { catalogue } from "./i18n/catalogue";
import { checkFssai, checkGstin, checkPan } from "./tax-ids";

export const t = catalogue("taxIds", {
  gstin: "GSTIN",
  pan: "PAN",
  fssai: "FSSAI licence no.",
  gstinFormat: "A GSTIN is 15 characters: the state's two-digit code, the PAN, an entity character, Z and a check character.",
  gstinChecksum: "This GSTIN's last character does not match the rest: check it for a typing mistake.",
  gstinState: "This GSTIN is of state code {code}, not of {state}.",
  panInvalid: "A PAN is 5 letters, 4 digits and a letter, such as ABCDE1234F.",
  fssaiInvalid: "An FSSAI licence number has 14 digits.",
});

/** @param {unknown} v */
const blank = (v) => v === undefined || v === null || String(v).trim() === "";

/**
 * The inline message of a GSTIN field (null: blank or valid) for a party of `state`.
 * @param {unknown} value
 * @param {string | null | undefined} state
 * @returns {string | null}
 */
export function gstinMessage(value, state) {
  if (blank(value)) return null;
  const r = checkGstin(value, state ?? null);
  if (r.ok) return null;
  if (r.reason === "state") return t("gstinState", { code: r.stateCode ?? "", state: String(state ?? "").trim() });
  return t(r.reason === "checksum" ? "gstinChecksum" : "gstinFormat");
}

/**
 * The inline message of a PAN field (null: blank or valid).
 * @param {unknown} value
 */
export function panMessage(value) {
  return blank(value) || checkPan(value) !== null ? null : t("panInvalid");
}

/**
 * The inline message of an FSSAI field (null: blank or valid).
 * @param {unknown} value
 */
export function fssaiMessage(value) {
  return blank(value) || checkFssai(value) !== null ? null : t("fssaiInvalid");
}
