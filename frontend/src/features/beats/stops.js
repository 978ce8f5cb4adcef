// A beat's customers as the editor lists them ({ buyerId, name, detail }): from a saved beat, from
// a suggestion of the customer search, and the one a refused save is about.

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {{ buyerId: string, name: string, detail: string }} Stop a customer on the beat as the list shows it */

/**
 * A customer of a saved beat as the list shows it.
 * @param {Schemas["BeatCustomer"]} c @returns {Stop}
 */
export const savedStop = (c) => ({
  buyerId: c.buyerId,
  name: `${c.buyerName} (${c.buyerId})`,
  detail: [c.address1, c.city].filter(Boolean).join(", "),
});

/**
 * A suggestion of the customer search ("B100001 - Name (mobile, city)") as the list shows it.
 * @param {Schemas["Suggestion"]} s @returns {Stop}
 */
export function suggestedStop(s) {
  const m = /^\S+ - (.*?)(?: \((.*)\))?$/.exec(s.display);
  return m
    ? { buyerId: s.buyerId, name: `${m[1]} (${s.buyerId})`, detail: m[2] || "" }
    : { buyerId: s.buyerId, name: s.display, detail: "" };
}

/**
 * The customer a refusal is about, to mark its row: the one of `stops` a value of the error's
 * `params` names; an error without params (a server before the error codes) names it in its text
 * ("Customer B100001 is listed twice.").
 * @param {{ message: string, params?: Record<string, unknown> | null }} err @param {Stop[]} stops
 * @returns {string | null}
 */
export function refusedBuyer(err, stops) {
  const named = Object.values(err.params || {}).find((p) => typeof p === "string" && stops.some((s) => s.buyerId === p));
  if (typeof named === "string") return named;
  return err.params ? null : (/^Customer (\S+) /.exec(err.message || "") || [])[1] || null;
}
