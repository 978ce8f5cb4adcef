// The product catalogue for order taking: every orderable product (GET /master/product, all its
// pages), kept on the phone per user (the store's meta, like the outcomes) for booking offline,
// and the in-memory search over it (name, SKU or category).
import { distributorList, productPage } from "./api";
import { getMeta, setMeta } from "./store";

/** @typedef {import("../../../types/api").components["schemas"]["Product"]} Product */

/** The server's page size of /master/product. */
const PAGE = 30;
/** Pages fetched at most: far past any catalogue an agent books from. */
const MAX_PAGES = 100;

/**
 * Every active product with a price or without, by name (the server's order). Those who keep the
 * product master also get retired ones from the server; they are left out here.
 * @returns {Promise<Product[]>}
 */
export async function fetchProducts() {
  const first = await productPage(1);
  const pages = Math.min(MAX_PAGES, Math.ceil((first.totalRecords || 0) / PAGE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => productPage(i + 2)));
  const all = [first, ...rest].flatMap((page) => page.data || []);
  return all.filter((p) => p.active);
}

/** Fetches the catalogue and keeps it on the phone; resolves to it. @param {number} uid */
export async function refreshProducts(uid) {
  const list = await fetchProducts();
  await setMeta(uid, "products", { list, at: new Date().toISOString() });
  return list;
}

/** The catalogue kept on the phone (null before the first refresh). @param {number} uid @returns {Promise<Product[] | null>} */
export async function lastProducts(uid) {
  const kept = await getMeta(uid, "products");
  return kept ? kept.list : null;
}

/**
 * Fetches the distributors and keeps them on the phone with the catalogue: a new shop has no usual
 * distributor, and its first order, taken offline, chooses one from this copy. Resolves to them.
 * @param {number} uid
 */
export async function refreshDistributors(uid) {
  const list = await distributorList();
  await setMeta(uid, "distributors", { list, at: new Date().toISOString() });
  return list;
}

/**
 * The distributors kept on the phone (null before the first refresh).
 * @param {number} uid
 * @returns {Promise<import("../../../types/api").components["schemas"]["Distributor"][] | null>}
 */
export async function lastDistributors(uid) {
  const kept = await getMeta(uid, "distributors");
  return kept ? kept.list : null;
}

/**
 * Up to `limit` products whose name, SKU or category contains `query` (any case); name matches first.
 * @param {Product[] | null | undefined} list
 * @param {string} query
 */
export function searchProducts(list, query, limit = 20) {
  const q = String(query || "")
    .trim()
    .toLowerCase();
  if (!q) return [];
  /** @type {Product[]} */
  const byName = [];
  /** @type {Product[]} */
  const other = [];
  for (const p of list || []) {
    if (String(p.productName).toLowerCase().includes(q)) byName.push(p);
    else if (
      String(p.sku || "")
        .toLowerCase()
        .includes(q) ||
      String(p.category || "")
        .toLowerCase()
        .includes(q)
    )
      other.push(p);
  }
  return byName.concat(other).slice(0, limit);
}
