// The offline customer search: an index built once from the customer copy (lower-cased keys in
// buyer id order), then a plain scan per query. Buyer id and mobile match by prefix, the name
// anywhere, case-insensitively; buyer id matches come first. No imports, so a test can time this
// very code in a browser.

/** @typedef {import("../../../types/api").components["schemas"]["OfflineCustomer"]} OfflineCustomer */
/** @typedef {{ id: string, name: string, mobile: string, customer: OfflineCustomer }} IndexRow */

/** @param {unknown} v */
const lower = (v) => (v == null ? "" : String(v).toLowerCase());

/** Builds the index of `customers` (the offline copy's rows). @param {OfflineCustomer[]} customers @returns {IndexRow[]} */
export function buildIndex(customers) {
  const rows = customers.map((c) => ({ id: lower(c.buyerId), name: lower(c.buyerName), mobile: lower(c.mobile), customer: c }));
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows;
}

/** Up to `limit` customers matching `query`, buyer id prefixes first. @param {IndexRow[]} rows @param {string} query */
export function searchIndex(rows, query, limit = 10) {
  const q = lower(query).trim();
  if (!q) return [];
  /** @type {OfflineCustomer[]} */
  const byId = [];
  /** @type {OfflineCustomer[]} */
  const other = [];
  for (const r of rows) {
    if (r.id.startsWith(q)) {
      byId.push(r.customer);
      if (byId.length >= limit) break;
    } else if (other.length < limit && (r.name.includes(q) || r.mobile.startsWith(q))) {
      other.push(r.customer);
    }
  }
  return byId.concat(other).slice(0, limit);
}

/**
 * A suggestion as the server words it: "B100001 - Name (mobile, city)".
 * @param {OfflineCustomer} c
 * @returns {import("../../../types/api").components["schemas"]["Suggestion"]}
 */
export function suggestionOf(c) {
  const extra = [c.mobile, c.city].filter(Boolean);
  const display = extra.length ? `${c.buyerId} - ${c.buyerName} (${extra.join(", ")})` : `${c.buyerId} - ${c.buyerName}`;
  return { buyerId: c.buyerId, display };
}
