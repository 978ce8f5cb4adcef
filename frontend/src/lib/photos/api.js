// The server calls about visit photos (CONTRACT "Photos and attendance"): the upload the offline
// queue sends, the list managers read, and a photo's bytes (fetched with the session's headers).
// In lib because the queue (lib/offline), the visit screen (features/customers) and the Photos
// screen (features/photos, which re-exports these) all need them.
import { fetchUrl, get, post } from "../api-client";

/** @typedef {"shelf" | "display" | "competitor" | "other"} PhotoLabel */
/**
 * The answer of an upload: a repeat of a clientId answers the first answer with duplicate: true.
 * @typedef {{ message: string, code?: string, photoId: number, duplicate: boolean, flagged: boolean,
 *   similarTo?: number | null }} PhotoSaved
 */
/**
 * A row of GET /users/visit/photos.
 * @typedef {{ photoId: number, visitId: number, buyerId: string, buyerName: string, agentId: number,
 *   agentName: string, label?: string | null, takenAt: string, receivedAt: string, flagged: boolean,
 *   similarTo?: number | null, thumbUrl: string, url: string }} PhotoRow
 * @typedef {{ data: PhotoRow[], totalRecords: number }} PhotoPage
 */
/**
 * What one upload sends: the JPEG and its fields (the visit by its clientId; a new shop's front by
 * its proposal's clientId, `proposalClientId`).
 * @typedef {{ blob: Blob, clientId: string, visitClientId: string, label?: PhotoLabel | "" | null,
 *   takenAt: string, proposalClientId?: string }} PhotoUpload
 */
/**
 * The filters of the photo list (empty: not filtered).
 * @typedef {{ agentId?: number | string | null, buyerId?: string, from?: string, to?: string, label?: string,
 *   flagged?: "" | "true" | "false", pageNumber: number }} PhotoFilter
 */

/** The codes of the server's 404 for a photo whose visit (or new shop) it does not hold (yet). */
export const VISIT_UNKNOWN_CODES = ["photo_visit_not_found", "photo_shop_not_found"];

/**
 * Sends one photo (multipart, field `file`); a repeat of its clientId stores nothing.
 * @param {PhotoUpload} photo
 * @returns {Promise<PhotoSaved>}
 */
export function uploadPhoto(photo) {
  // The fields first, the file last: the server answers a repeated clientId before reading the file.
  const form = new FormData();
  form.append("clientId", photo.clientId);
  if (photo.proposalClientId) form.append("proposalClientId", photo.proposalClientId);
  else form.append("visitClientId", photo.visitClientId);
  if (photo.label) form.append("label", photo.label);
  form.append("takenAt", photo.takenAt);
  form.append("file", photo.blob, `${photo.clientId}.jpg`);
  return post("/users/visit/photo", form);
}

/**
 * The query of one page of the photo list with `filter` (its empty fields left out).
 * @param {PhotoFilter} filter
 */
export const photosQuery = (filter) => ({
  agentId: filter.agentId && String(filter.agentId) !== "0" ? filter.agentId : null,
  buyerId: filter.buyerId || null,
  from: filter.from || null,
  to: filter.to || null,
  label: filter.label || null,
  flagged: filter.flagged || null,
  pageNumber: filter.pageNumber,
});

/**
 * One page of the photo list.
 * @param {PhotoFilter} filter
 * @returns {Promise<PhotoPage>}
 */
export const photoPage = (filter) => get("/users/visit/photos", { query: photosQuery(filter) });

/**
 * A photo's bytes by its `url` or `thumbUrl` (as the server gives it, with or without the API base).
 * @param {string} url
 * @returns {Promise<Blob>}
 */
export async function photoBlob(url) {
  /** @type {Response} */
  const r = await fetchUrl(/** @type {import("../api-client").ApiUrl} */ (url.replace(/^\/webapi\/api/, "")), true);
  return r.blob();
}
