// The Photos screen's server calls (CONTRACT "Photos and attendance"): the list of visit photos
// with its filters, and a photo's bytes. They live in lib/photos/api.js, shared with the offline
// queue (the upload) and the visit screen (a customer's photos).
import { dateErrors, useFilteredList } from "../../lib/filtered-list";
import { photosQuery } from "../../lib/photos/api";

export { photoBlob, photoPage, photosQuery, uploadPhoto } from "../../lib/photos/api";

/** @typedef {import("../../lib/photos/api").PhotoFilter} PhotoFilter */

/**
 * The photo list's pages for a filter (lib/filtered-list.js; the customer's id trimmed); `none`:
 * the filter it opens with, `afterText`: the screen's words for From after To.
 * @template {Omit<PhotoFilter, "pageNumber"> & { buyerId: string, from: string, to: string }} F
 * @param {F} none
 * @param {string} afterText
 */
export const usePhotoList = (none, afterText) =>
  useFilteredList(
    "/users/visit/photos",
    none,
    (applied, pageNumber) => photosQuery({ ...applied, buyerId: applied.buyerId.trim(), pageNumber }),
    { check: (f) => dateErrors(f, afterText) },
  );
