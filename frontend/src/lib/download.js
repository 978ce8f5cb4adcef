// Downloads a generated file through its single-use link, after checking the link still works
// (spec 1 §8: the returned message, falling back to 'Invalid or expired link.').
import { get } from "./api-client";
import { alertError } from "./alerts";

export async function downloadLink(link) {
  const token = new URL(link, window.location.origin).searchParams.get("token");
  try {
    const check = await get(`/report/check-download-token-valid?token=${encodeURIComponent(token)}`);
    if (!check.valid) {
      alertError(check.message || "Invalid or expired link.");
      return false;
    }
  } catch {
    alertError("Something went wrong while generating report.");
    return false;
  }
  window.location.href = link;
  return true;
}
