// A customer's outstanding invoices on the phone (issue #38): the figures the visit screen and the
// collect form show, worked in integer paise (never floats): the total and the ageing buckets, the
// allocation of a payment oldest first (or to the invoices the agent ticked), and the balance after
// a payment, so the phone shows the new balance at once, offline too. The server's answer
// (GET /users/customer/outstanding/{buyerId}) replaces all of it whenever it comes.
//
// Ageing is by days overdue (days past the due date; an invoice not yet due is in 0-30), as the
// server's `daysOverdue`; offline the days are counted again from the due date to the phone's day.

/**
 * The server's shapes (types/api.d.ts, from GET /users/customer/outstanding/{buyerId}); amounts are
 * decimal rupees with two places.
 * @typedef {import("../../types/api").components["schemas"]} Schemas
 * @typedef {Schemas["OpenInvoice"]} Invoice
 * @typedef {Schemas["Ageing"]} Ageing
 * @typedef {Schemas["Outstanding"]} Outstanding
 * @typedef {Schemas["Allocation"]} Allocation
 */

/** Rupees (a decimal number or numeric text) to integer paise. @param {number | string | null | undefined} v */
export function toPaise(v) {
  if (v == null || v === "") return 0;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** Integer paise to rupees with two places, as the API takes them. @param {number} paise */
export const fromPaise = (paise) => Math.round(paise) / 100;

/** The currency marks a typed amount may start with, case aside (longest first). */
const CURRENCY_MARKS = ["₹", "rs.", "rs", "inr", "$"];

/**
 * Digits before a decimal point without their grouping commas, where they group the Indian way
 * (12,34,567) or the western way (1,234,567), never mixed; null for a comma elsewhere or anything
 * not a digit. Empty stays empty (".5").
 * @param {string} whole
 */
function ungrouped(whole) {
  if (whole === "") return "";
  const groups = whole.split(",");
  if (!groups.every((g) => /^\d+$/.test(g))) return null;
  if (groups.length > 1) {
    const [first, ...rest] = groups;
    const last = rest.pop() ?? "";
    const western = first.length <= 3 && rest.every((g) => g.length === 3);
    const indian = first.length <= 2 && rest.every((g) => g.length === 2);
    if (last.length !== 3 || !(western || indian)) return null;
  }
  return groups.join("");
}

/** The largest amount in paise (the server's MAX_PAISE). */
const MAX_PAISE = 1e15;

/**
 * **The phone's one lenient reading of an amount as people type it**, the twin of the server's
 * `Money::read_typed` (tests/vectors/amounts.json holds both): spaces around, a currency mark
 * (₹, Rs., Rs, INR, $) with one minus sign before or after it, Indian (1,00,000.50) or western
 * (100,000.50) grouping, at most two decimal places that are not zero (99.999 is refused, not
 * rounded). Paise, or why it was refused.
 * @param {string} text
 * @returns {{ paise: number } | { refused: "not_an_amount" | "too_precise" }}
 */
export function readAmount(text) {
  const notAnAmount = /** @type {const} */ ({ refused: "not_an_amount" });
  let t = String(text ?? "").trim();
  let minus = 0;
  const stripMinus = () => {
    if (t.startsWith("-")) {
      t = t.slice(1).trimStart();
      minus += 1;
    }
  };
  stripMinus();
  const mark = CURRENCY_MARKS.find((m) => t.toLowerCase().startsWith(m));
  if (mark) {
    t = t.slice(mark.length).trimStart();
    stripMinus();
  }
  const dot = t.indexOf(".");
  const whole = ungrouped(dot < 0 ? t : t.slice(0, dot));
  const fraction = dot < 0 ? "" : t.slice(dot + 1);
  if (whole === null || minus > 1 || (whole === "" && fraction === "") || !/^\d*$/.test(fraction)) return notAnAmount;
  const kept = fraction.replace(/0+$/, "");
  if (kept.length > 2) return { refused: "too_precise" };
  // Whole paise as a BigInt first: a long text must not lose digits on its way to the limit.
  const paise = BigInt(whole || "0") * 100n + BigInt((kept + "00").slice(0, 2));
  if (paise > BigInt(MAX_PAISE)) return notAnAmount;
  return { paise: (minus ? -1 : 1) * Number(paise) };
}

/**
 * The text an agent types as an amount, in paise ([`readAmount`]), when it is one and not below
 * zero; else null.
 * @param {string} text
 * @returns {number | null}
 */
export function parseAmount(text) {
  const read = readAmount(text);
  return "paise" in read && read.paise >= 0 ? read.paise : null;
}

/** Oldest first: by invoice date, then number (the server's order). @param {Invoice} a @param {Invoice} b */
export const oldestFirst = (a, b) =>
  a.invoiceDate < b.invoiceDate
    ? -1
    : a.invoiceDate > b.invoiceDate
      ? 1
      : a.invoiceNo < b.invoiceNo
        ? -1
        : a.invoiceNo > b.invoiceNo
          ? 1
          : 0;

/**
 * How a payment of `paise` goes to the open invoices, as the server spreads it: the ticked ones
 * first (`picked`, in the order ticked), then the rest oldest first, each up to its balance; what is
 * left over is `unallocated`. Amounts in paise.
 * @param {Invoice[]} invoices
 * @param {number} paise
 * @param {string[] | null} [picked]
 * @returns {{ allocations: { invoiceNo: string, paise: number }[], unallocated: number }}
 */
export function allocate(invoices, paise, picked = null) {
  const first = (picked || []).map((no) => invoices.find((i) => i.invoiceNo === no)).filter((i) => !!i);
  const rest = [...invoices].sort(oldestFirst).filter((i) => !first.includes(i));
  let left = Math.max(0, Math.round(paise));
  const allocations = [];
  for (const inv of [...first, ...rest]) {
    if (left <= 0) break;
    const balance = toPaise(inv.balance);
    if (balance <= 0) continue;
    const take = Math.min(balance, left);
    allocations.push({ invoiceNo: inv.invoiceNo, paise: take });
    left -= take;
  }
  return { allocations, unallocated: left };
}

/** The bucket of a number of days overdue. @param {number} days @returns {keyof Ageing} */
export function bucketOf(days) {
  if (days > 90) return "days90plus";
  if (days > 60) return "days61to90";
  if (days > 30) return "days31to60";
  return "days0to30";
}

/** Days from the calendar day `from` to `to` ("YYYY-MM-DD"). @param {string} from @param {string} to */
export function daysBetween(from, to) {
  const day = (/** @type {string} */ s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s || "");
    return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  };
  const d = Math.round((day(to) - day(from)) / 86_400_000);
  return Number.isFinite(d) ? d : 0;
}

/**
 * The outstanding of a list of invoices: the open ones (balance above zero), oldest first, with
 * the total and the ageing buckets summed in paise. `today` ("YYYY-MM-DD"), when given, counts the
 * days overdue again from each due date (the phone's copy offline); else the invoices' own.
 * @param {string} buyerId
 * @param {Invoice[]} invoices
 * @param {{ today?: string | null, creditLimit?: number | null }} [options]
 * @returns {Outstanding}
 */
export function summarize(buyerId, invoices, { today = null, creditLimit = null } = {}) {
  const sums = { days0to30: 0, days31to60: 0, days61to90: 0, days90plus: 0 };
  let total = 0;
  const open = [];
  for (const inv of [...invoices].sort(oldestFirst)) {
    const balance = toPaise(inv.balance);
    if (balance <= 0) continue;
    const daysOverdue = today && inv.dueDate ? Math.max(0, daysBetween(inv.dueDate, today)) : inv.daysOverdue || 0;
    open.push({ ...inv, balance: fromPaise(balance), daysOverdue });
    sums[bucketOf(daysOverdue)] += balance;
    total += balance;
  }
  return {
    buyerId,
    total: fromPaise(total),
    creditLimit,
    ageing: {
      days0to30: fromPaise(sums.days0to30),
      days31to60: fromPaise(sums.days31to60),
      days61to90: fromPaise(sums.days61to90),
      days90plus: fromPaise(sums.days90plus),
    },
    invoices: open,
    credits: [],
  };
}

/**
 * The invoices after a payment's allocations (rupees, as the server answers them): each named
 * invoice's paid goes up and its balance down, never below zero.
 * @param {Invoice[]} invoices
 * @param {Allocation[]} allocations
 * @returns {Invoice[]}
 */
export function applyAllocations(invoices, allocations) {
  /** @type {Map<string, number>} */
  const by = new Map();
  for (const a of allocations || []) by.set(a.invoiceNo, (by.get(a.invoiceNo) || 0) + toPaise(a.amount));
  return invoices.map((inv) => {
    const take = by.get(inv.invoiceNo);
    if (!take) return inv;
    const balance = Math.max(0, toPaise(inv.balance) - take);
    return { ...inv, paid: fromPaise(toPaise(inv.paid) + toPaise(inv.balance) - balance), balance: fromPaise(balance) };
  });
}

/** How many of the open invoices are past their due date. @param {Outstanding} o */
export const overdueCount = (o) => o.invoices.filter((i) => i.daysOverdue > 0).length;
