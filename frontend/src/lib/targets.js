// An agent's targets of the month (GET /users/targets, issue #53), shared by Today's bars: loading
// them (an agent's own fall back to the copy kept on the phone when the network does not answer),
// adding what waits in the phone's queue to the last figures from the server, and the same
// arithmetic as the server (src/targets/queries.rs) for percent, projection and need, in integer
// units: paise for sales_value and collections, hundredths for lines_per_call, counts otherwise.
import { ApiError, get } from "./api-client";
import { localParts } from "./format";
import { loadEngine, networkOr, offlineEnabled } from "./offline/status";

/** @typedef {import("../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["Targets"]} Targets */
/** @typedef {Schemas["MeasureProgress"]} MeasureProgress */
/**
 * What targets.js reads of an entry of the phone's queue (lib/offline/queue.js): a visit, an order
 * (its body's lines and visit; `taxable` in paise when the order screen priced it), a payment.
 * @typedef {{ state: string, savedAt: number | string, taxable?: number,
 *   order?: { lines?: { quantity: number, unitPrice?: number | null }[], visit?: unknown },
 *   lines?: { quantity: number, unitPrice?: number | null }[], payment?: { amount: number } }} QueueEntry
 */
/** @typedef {{ uid: number, token?: string, userType?: number, forcePasswordUpdate?: boolean }} TargetsUser */

/** Every measure, in the server's order. */
export const MEASURES = ["sales_value", "productive_calls", "lines_per_call", "visits", "new_outlets", "collections"];
/** The measures kept in hundredths (money in paise, lines per call in hundredths). */
const SCALED = new Set(["sales_value", "collections", "lines_per_call"]);

/** A figure of `measure` as the answers write it, in its integer unit. @param {string} measure @param {number} v */
export const toUnits = (measure, v) => (SCALED.has(measure) ? Math.round(v * 100) : Math.round(v));
/** @param {string} measure @param {number} units */
export const fromUnits = (measure, units) => (SCALED.has(measure) ? units / 100 : units);

/**
 * GET /users/targets: the caller's own month without an agent, else that agent's.
 * @param {number | null} [agentId]
 * @param {string} [month] YYYY-MM
 * @returns {Promise<Targets>}
 */
export const fetchTargets = (agentId, month) =>
  get("/users/targets", { query: { agentId: agentId || null, month: month || null } });

/**
 * The month's figures of `measure` recomputed from `achieved` (integer units) as the server does:
 * percent floored to two places, projection at the run rate half up, need per remaining day up.
 * @param {MeasureProgress} m the server's figures
 * @param {number} achieved units
 * @param {{ daysWorked: number, workingDays: number, remainingDays: number }} cal
 * @returns {MeasureProgress}
 */
export function recompute(m, achieved, cal) {
  const measure = m.measure;
  const target = m.target == null ? null : toUnits(measure, m.target);
  const ratio = measure === "lines_per_call";
  const projected =
    ratio || cal.daysWorked === 0
      ? achieved
      : Math.floor((achieved * cal.workingDays * 2 + cal.daysWorked) / (2 * cal.daysWorked));
  const percent = target ? Math.floor((achieved * 10000) / target) / 100 : null;
  const needed =
    target == null || ratio || cal.remainingDays === 0 ? null : Math.ceil(Math.max(0, target - achieved) / cal.remainingDays);
  return {
    ...m,
    achieved: fromUnits(measure, achieved),
    percent,
    projected: fromUnits(measure, projected),
    neededPerDay: needed == null ? null : fromUnits(measure, needed),
  };
}

/** An order's taxable value in paise as the phone knows it: the priced figure, else the lines' gross. @param {QueueEntry} e */
function orderTaxable(e) {
  if (typeof e.taxable === "number") return e.taxable;
  const lines = (e.order && e.order.lines) || e.lines || [];
  return lines.reduce((sum, l) => sum + Math.round(Number(l.quantity || 0) * Math.round(Number(l.unitPrice || 0) * 100)), 0);
}

/**
 * The targets with what waits in the phone's queue from their month added: each waiting visit
 * is a visit; each waiting order its taxable value, and with a visit a visit, a productive call and
 * its lines; each waiting payment its amount. Refused entries ("failed"), day taps and photos do
 * not count. `waiting` says how many entries were added.
 * @param {Targets} targets
 * @param {QueueEntry[]} entries
 * @param {(entry: QueueEntry) => string} kindOf
 * @returns {{ targets: Targets, waiting: number }}
 */
export function withQueued(targets, entries, kindOf) {
  /** @type {Record<string, number>} */
  const add = Object.fromEntries(MEASURES.map((m) => [m, 0]));
  let lines = 0;
  let waiting = 0;
  for (const e of entries) {
    if (e.state !== "waiting" || localParts(new Date(e.savedAt).toISOString()).date.slice(0, 7) !== targets.month) continue;
    const kind = kindOf(e);
    if (kind === "visit") {
      add.visits += 1;
    } else if (kind === "order") {
      add.sales_value += orderTaxable(e);
      if (e.order && e.order.visit) {
        add.visits += 1;
        add.productive_calls += 1;
        lines += ((e.order && e.order.lines) || []).length;
      }
    } else if (kind === "payment" && e.payment) {
      add.collections += Math.round(Number(e.payment.amount || 0) * 100);
    } else {
      continue;
    }
    waiting += 1;
  }
  if (!waiting) return { targets, waiting: 0 };
  const byName = Object.fromEntries(targets.measures.map((m) => [m.measure, m]));
  const calls = byName.productive_calls ? byName.productive_calls.achieved : 0;
  // The server's lines of productive orders, back from its ratio (rounded to the hundredth).
  const serverLines = byName.lines_per_call ? Math.round(byName.lines_per_call.achieved * calls) : 0;
  const measures = targets.measures.map((m) => {
    if (m.measure === "lines_per_call") {
      const c = calls + add.productive_calls;
      const units = c > 0 ? Math.floor(((serverLines + lines) * 200 + c) / (2 * c)) : 0;
      return recompute(m, units, targets);
    }
    return recompute(m, toUnits(m.measure, m.achieved) + (add[m.measure] || 0), targets);
  });
  // The next slab: what is still needed goes down by what waits (reached: nothing more needed).
  const next = targets.incentive.next;
  const incentive = next
    ? {
        ...targets.incentive,
        next: {
          ...next,
          need: fromUnits(next.measure, Math.max(0, toUnits(next.measure, next.need) - (add[next.measure] || 0))),
        },
      }
    : targets.incentive;
  return { targets: { ...targets, measures, incentive }, waiting };
}

/**
 * The caller's own targets of this month: the server's (kept on the phone), else the copy kept on
 * the phone, with what waits in the queue added. Resolves to `{ targets, keptAt, waiting }`.
 * @param {TargetsUser} user
 * @returns {Promise<{ targets: Targets, keptAt: string | null, waiting: number }>}
 */
export async function loadTargets(user) {
  if (!offlineEnabled(user)) return { targets: await fetchTargets(), keptAt: null, waiting: 0 };
  const engine = await loadEngine();
  const fromServer = async () => {
    const targets = await fetchTargets();
    engine.keepTargets(user.uid, targets).catch(() => {});
    return { targets, keptAt: null };
  };
  const fromPhone = async () => {
    const kept = /** @type {{ targets: Targets, at: string } | null} */ (await engine.lastTargets(user.uid).catch(() => null));
    if (!kept) throw new ApiError(0, "Offline: no targets are kept on this phone yet.");
    return { targets: kept.targets, keptAt: kept.at };
  };
  /** @type {{ targets: Targets, keptAt: string | null }} */
  const answer = await networkOr(fromServer, fromPhone);
  const queue = /** @type {QueueEntry[]} */ (/** @type {unknown} */ (await engine.listQueue(user.uid).catch(() => [])));
  const kindOf = /** @type {(entry: QueueEntry) => string} */ (/** @type {unknown} */ (engine.kindOf));
  return { ...answer, ...withQueued(answer.targets, queue, kindOf) };
}
