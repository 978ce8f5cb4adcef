// Downloads a generated file through its single-use link, after checking the link still works
// (spec 1 §8: the returned message, falling back to 'Invalid or expired link.').
import { t } from "./parts-text";
import { get } from "./api-client";
import { alertError } from "./alerts";

/** @typedef {import("../../types/api").components["schemas"]["TokenCheck"]} TokenCheck */

/**
 * Whether a download link's token still works (spec 1 §8).
 * @param {string} token
 * @returns {Promise<TokenCheck>}
 */
export const checkDownloadToken = (token) => get("/report/check-download-token-valid", { query: { token } });

/**
 * Opens a generated file's single-use link; false (after an error alert) when the link is spent.
 * @param {string} link
 */
export async function downloadLink(link) {
  const token = new URL(link, window.location.origin).searchParams.get("token") ?? "";
  try {
    const check = await checkDownloadToken(token);
    if (!check.valid) {
      alertError(check.message || t("linkExpired"));
      return false;
    }
  } catch {
    alertError(t("reportFailed"));
    return false;
  }
  window.location.href = link;
  return true;
}
