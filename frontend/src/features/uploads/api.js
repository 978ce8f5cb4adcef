// The upload screens' server calls: each workbook kind's upload, and the customer workbook.
import { api } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** The API path of each upload kind (customer and customerdelete share one; the form says which). */
const UPLOAD_PATHS = /** @type {const} */ ({
  customer: "/users/customer/upload",
  customerdelete: "/users/customer/upload",
  product: "/users/product/upload",
  distributor: "/users/distributor/upload",
  scorecard: "/users/scoreCard/upload",
  delivery: "/users/delivery/upload",
  order: "/users/order/upload",
  beat: "/users/beat/upload",
  invoice: "/users/invoice/upload",
  scheme: "/users/scheme/upload",
  target: "/users/target/upload",
});

/** @typedef {keyof typeof UPLOAD_PATHS} UploadKind */

/**
 * Uploads a workbook (FormData with the kind's file field): no timeout, an upload's time grows with
 * its file; `signal` cancels it (the server stops before its next piece of rows); `onSent(sent,
 * total)` reports the file's bytes as they go.
 * @param {UploadKind} kind
 * @param {FormData} form
 * @param {AbortSignal} [signal]
 * @param {(sent: number, total: number) => void} [onSent]
 * @returns {Promise<Schemas["UploadResult"]>}
 */
export const uploadWorkbook = (kind, form, signal, onSent) =>
  api(UPLOAD_PATHS[kind], { method: "POST", body: form, signal, onSent });

/**
 * The caller's latest upload of `kind` and how far it got (null: none yet).
 * @param {UploadKind} kind
 * @returns {Promise<Schemas["UploadProgress"] | null>}
 */
export const latestUpload = (kind) => api("/users/upload/latest", { params: { query: { kind } } });

/**
 * The customer workbook's download link; built while the request waits, however long a large book
 * takes: no timeout.
 * @returns {Promise<Schemas["DownloadLink"]>}
 */
export const customerWorkbook = () => api("/users/customer/download", { timeout: 0 });
