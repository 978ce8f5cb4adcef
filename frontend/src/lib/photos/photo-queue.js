// Photos go to the server one way only, online or not: each is queued as its own entry (kind
// "photo", its own clientId, its visit's clientId, the JPEG as a Blob) and the queue sends it after
// its visit (lib/offline/sync.js); online, a round starts at once.
import { isOffline } from "../offline/state";
import { loadEngine } from "../offline/status";

/** @typedef {import("./photo-capture").TakenPhoto} TakenPhoto */

/**
 * Queues `photos` of the visit `visit` (its clientId and time, the customer to show) for user `uid`,
 * then sends at once when online. Resolves to the number queued.
 * @param {number} uid
 * @param {{ clientId: string, takenAt: string, buyerId: string, buyerName?: string }} visit
 * @param {TakenPhoto[]} photos
 */
export async function queueVisitPhotos(uid, visit, photos) {
  if (!photos.length) return 0;
  const engine = await loadEngine();
  for (const p of photos) {
    await engine.enqueue(uid, {
      kind: "photo",
      clientId: p.key,
      visitClientId: visit.clientId,
      blob: p.blob,
      size: p.size,
      width: p.width,
      height: p.height,
      label: p.label || null,
      takenAt: visit.takenAt,
      buyerId: visit.buyerId,
      buyerName: visit.buyerName,
    });
  }
  if (!isOffline()) engine.syncNow(uid).catch(() => {});
  return photos.length;
}

/**
 * Queues the photo of a new shop's front (`photo`) with its proposal (`shop`: the proposal's
 * clientId, the shop's name) for user `uid`: sent after the proposal (decision 46), then at once
 * when online. Resolves to the number queued (0 or 1).
 * @param {number} uid
 * @param {{ clientId: string, buyerName: string }} shop
 * @param {TakenPhoto | null | undefined} photo
 */
export async function queueShopPhoto(uid, shop, photo) {
  if (!photo) return 0;
  const engine = await loadEngine();
  await engine.enqueue(uid, {
    kind: "photo",
    clientId: photo.key,
    visitClientId: "",
    proposalClientId: shop.clientId,
    blob: photo.blob,
    size: photo.size,
    width: photo.width,
    height: photo.height,
    label: null,
    takenAt: new Date().toISOString(),
    buyerId: "",
    buyerName: shop.buyerName,
  });
  if (!isOffline()) engine.syncNow(uid).catch(() => {});
  return 1;
}
