// What the shop's screens hand each other on this phone (issue #54): the suggested order the
// visit screen passes to the order screen (one tap), and the ids the server gave the new shops
// proposed from this phone (an order queued for a shop proposed offline names the proposal's
// clientId; the queue sends it with the proposalId once the proposal is through).

const ORDER_KEY = "fieldsales-handed-order";
const PROPOSALS_KEY = "fieldsales-proposals";
const SUGGESTED_KEY = "fieldsales-suggested";

/** @typedef {{ productId: number, quantity: number }} HandedLine */

/** @param {string} key @param {unknown} fallback */
function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch {
    return fallback;
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage: the hand-over is a convenience.
  }
}

/** Hands `lines` of customer `buyerId` to the order screen. @param {string} buyerId @param {HandedLine[]} lines */
export const handOverOrder = (buyerId, lines) => write(ORDER_KEY, { buyerId, lines });

/**
 * The lines handed over for `buyerId`, taken (a second call answers none).
 * @param {string} buyerId
 * @returns {HandedLine[]}
 */
export function takeHandedOrder(buyerId) {
  const handed = read(ORDER_KEY, null);
  if (!handed || handed.buyerId !== buyerId) return [];
  localStorage.removeItem(ORDER_KEY);
  return Array.isArray(handed.lines) ? handed.lines : [];
}

/** Keeps the server's id of the proposal queued as `clientId`. @param {string} clientId @param {number} proposalId */
export const rememberProposal = (clientId, proposalId) =>
  write(PROPOSALS_KEY, { ...read(PROPOSALS_KEY, {}), [clientId]: proposalId });

/** The server's id of the proposal queued as `clientId`, if it is through. @param {string} clientId @returns {number | null} */
export const proposalIdOf = (clientId) => read(PROPOSALS_KEY, {})[clientId] ?? null;

/**
 * The last suggested order read for `buyerId` (kept for the visit screen offline).
 * @param {string} buyerId
 * @returns {any}
 */
export const lastSuggested = (buyerId) => read(SUGGESTED_KEY, {})[buyerId] ?? null;

/** Keeps the suggested order of `buyerId`. @param {string} buyerId @param {unknown} value */
export const keepSuggested = (buyerId, value) => write(SUGGESTED_KEY, { ...read(SUGGESTED_KEY, {}), [buyerId]: value });

/**
 * The suggestion for `onShelf` pieces: two weeks of `averageWeekly` less the shelf, rounded up to
 * whole packs, never below 0 (the server's rule, src/returns/queries.rs `suggested`).
 * @param {number} averageWeekly @param {number} onShelf @param {number} pack
 */
export function suggestedQuantity(averageWeekly, onShelf, pack) {
  const quarters = Math.round(averageWeekly * 8) - 4 * onShelf;
  if (quarters <= 0) return 0;
  const size = Math.max(1, pack || 1);
  return Math.ceil(quarters / (4 * size)) * size;
}
