// An agent's day plan (GET /users/plan/today), shared by the Today screen and its map: loading it
// (an agent's own plan falls back to the copy kept on the phone when the network does not answer),
// counting in the visits and orders still waiting in the phone's queue, and the one state of a
// planned customer that the list and the map pins both show.
import { ApiError, get } from "./api-client";
import { localParts } from "./format";
import { loadEngine, networkOr, offlineEnabled } from "./offline/status";

/** @typedef {import("../../types/api").components["schemas"]} Schemas */
/** A planned (or unplanned) customer, `queued` when a visit or order of it waits on the phone. @typedef {Schemas["PlanCustomer"] & { queued?: boolean }} PlanCustomer */
/**
 * A day plan as the screens show it: the server's, with the phone's queue counted in.
 * @typedef {Omit<Schemas["DayPlan"], "customers" | "unplannedVisits"> & { customers: PlanCustomer[], unplannedVisits: PlanCustomer[] }} DayPlan
 */
/**
 * What plan.js reads of an entry of the phone's queue (lib/offline/queue.js): a visit (`buyerID`)
 * or an order (`order.buyerId`, `order.visit` when it came with a visit).
 * @typedef {{ state: string, savedAt: number | string, buyerID?: string, buyerName?: string,
 *   order?: { buyerId: string, visit?: unknown } }} QueueEntry
 */
/** @typedef {typeof import("./offline/engine")} Engine the offline engine's module */
/** @typedef {{ uid: number, token?: string, userType?: number, forcePasswordUpdate?: boolean }} PlanUser */

/**
 * The day plan of `agentId` (GET /users/plan/today): the caller's own day without an agent, else that agent's.
 * @param {number | null} [agentId]
 * @returns {Promise<Schemas["DayPlan"]>}
 */
export const dayPlan = (agentId) => get("/users/plan/today", { query: { agentId: agentId || null } });

/**
 * The plan of `agentId` (none: the user's own). Resolves to `{ plan, keptAt }`: keptAt is when the
 * phone's copy was loaded, null for the server's answer of now.
 * @param {PlanUser} user
 * @param {number | null} agentId
 * @returns {Promise<{ plan: DayPlan, keptAt: string | null }>}
 */
export async function loadPlan(user, agentId) {
  if (agentId || !offlineEnabled(user)) return { plan: await dayPlan(agentId), keptAt: null };
  const engine = await loadEngine();
  const fromServer = async () => {
    const plan = await dayPlan();
    engine.keepPlan(user.uid, plan).catch(() => {});
    return { plan, keptAt: null };
  };
  const fromPhone = async () => {
    // What keepPlan stored (lib/offline/plan.js), read back as it was written.
    const kept = /** @type {{ plan: DayPlan, at: string } | null} */ (await engine.lastPlan(user.uid).catch(() => null));
    if (!kept) throw new ApiError(0, "Offline: no plan is kept on this phone yet.");
    return { plan: kept.plan, keptAt: kept.at };
  };
  /** @type {{ plan: DayPlan, keptAt: string | null }} */
  const answer = await networkOr(fromServer, fromPhone);
  // Read as QueueEntry: only the fields withQueued needs, whatever else the queue keeps.
  const queue = /** @type {QueueEntry[]} */ (/** @type {unknown} */ (await engine.listQueue(user.uid).catch(() => [])));
  const kindOf = /** @type {(entry: QueueEntry) => string} */ (/** @type {unknown} */ (engine.kindOf));
  return { ...answer, plan: withQueued(answer.plan, queue, kindOf) };
}

/**
 * Calls fn() whenever the phone's queue changes (an agent's own plan only); returns the unsubscribe.
 * @param {PlanUser} user
 * @param {number | null} agentId
 * @param {() => void} fn
 */
export function onPlanQueueChange(user, agentId, fn) {
  if (agentId || !offlineEnabled(user)) return () => {};
  /** @type {() => void} */
  let unwatch = () => {};
  let gone = false;
  loadEngine().then((/** @type {Engine} */ engine) => {
    if (!gone) unwatch = engine.onQueueChange(fn);
  });
  return () => {
    gone = true;
    unwatch();
  };
}

const sameId = (/** @type {unknown} */ id) => String(id).toLowerCase();

/**
 * The plan with what waits in the phone's queue from the plan's day counted in: the server knows
 * nothing of it yet, but the agent was there. A customer gets `queued`; the counts go up by the
 * customers that become visited or ordered; queued visits of customers outside the plan join the
 * unplanned ones. Refused entries ("failed") do not count.
 * @param {DayPlan} plan
 * @param {QueueEntry[]} entries
 * @param {(entry: QueueEntry) => string} kindOf "order" or "visit"
 * @returns {DayPlan}
 */
export function withQueued(plan, entries, kindOf) {
  /** @type {Map<string, { buyerId: string, buyerName: string, visited: boolean, ordered: boolean }>} */
  const waiting = new Map();
  for (const e of entries) {
    if (e.state !== "waiting" || localParts(new Date(e.savedAt).toISOString()).date !== plan.date) continue;
    // A waiting "Start day" or "End day" is no customer's; a payment waiting is no visit, nor is a
    // visit photo (its visit counts by itself): the plan counts visits and orders.
    if (kindOf(e) !== "visit" && kindOf(e) !== "order") continue;
    const order = kindOf(e) === "order";
    const buyerId = (order ? e.order?.buyerId : e.buyerID) ?? "";
    const id = sameId(buyerId);
    const seen = waiting.get(id) || {
      buyerId,
      buyerName: e.buyerName ?? "",
      visited: false,
      ordered: false,
    };
    if (order) seen.ordered = true;
    if (!order || e.order?.visit) seen.visited = true;
    waiting.set(id, seen);
  }
  if (!waiting.size) return plan;
  let visited = 0;
  let ordered = 0;
  const customers = plan.customers.map((c) => {
    const q = waiting.get(sameId(c.buyerId));
    if (!q) return c;
    waiting.delete(sameId(c.buyerId));
    if (q.visited && !c.visited) visited++;
    if (q.ordered && !c.ordered) ordered++;
    return { ...c, queued: true, visited: c.visited || q.visited, ordered: c.ordered || q.ordered };
  });
  const unplannedVisits = plan.unplannedVisits.map((u) => {
    const q = waiting.get(sameId(u.buyerId));
    if (!q) return u;
    waiting.delete(sameId(u.buyerId));
    return { ...u, queued: true, ordered: u.ordered || q.ordered };
  });
  const extra = [...waiting.values()]
    .filter((q) => q.visited)
    .map((q) => ({
      buyerId: q.buyerId,
      buyerName: q.buyerName,
      locationStatus: null,
      visited: true,
      ordered: q.ordered,
      queued: true,
    }));
  return {
    ...plan,
    customers,
    unplannedVisits: [...unplannedVisits, ...extra],
    visitedAsPlanned: plan.visitedAsPlanned + visited,
    productive: plan.productive + ordered,
    unplanned: plan.unplanned + extra.length,
  };
}

/**
 * A planned customer's state, as the list's number and the map's pin show it: "ordered",
 * "verified" (visited at the shop), "offsite" (visited away from it, or without a position),
 * "visited" (visited, the place not judged: the shop has no position, or the visit waits on the
 * phone) or "none" (not visited yet).
 * @param {PlanCustomer} c
 */
export function planStatus(c) {
  if (c.ordered) return "ordered";
  if (!c.visited) return "none";
  if (c.queued && !c.locationStatus) return "visited";
  if (c.locationStatus === "verified") return "verified";
  if (c.locationStatus === "off-site" || c.locationStatus === "no-location") return "offsite";
  return "visited";
}

/** The words of each state of planStatus, in the order a legend lists them. */
export const PLAN_STATES = [
  ["none", "Not visited"],
  ["verified", "Visited on site"],
  ["offsite", "Visited off-site or without location"],
  ["visited", "Visited, place not checked"],
  ["ordered", "Ordered"],
];

/**
 * Whether a plan row has a usable position.
 * @param {{ latitude?: number | string | null, longitude?: number | string | null }} c
 */
export const hasPosition = (c) =>
  c.latitude != null && c.longitude != null && Number.isFinite(Number(c.latitude)) && Number.isFinite(Number(c.longitude));
