// The take-order screen's Submit: the order and its visit booked in one call (POST /users/order
// with `visit`) with the total the screen showed (`expectedTotal`; the server prices it again and
// says when its figures differ); for agents, an order the server did not judge waits in the
// phone's queue (lib/offline/) with its own clientId, and its visit's, so it is booked once
// however often it is sent.
import { alertInfo, alertSuccess } from "../../lib/alerts";
import { money } from "../../lib/format";
import { currentPosition } from "../../lib/location";
import * as offline from "../../lib/offline/engine";
import { networkOr } from "../../lib/offline/status";
import { AGENT } from "../../lib/rights";
import { bookOrder } from "./api";
import { grossOf, unitsOf } from "./order-lines";
import { toAmount } from "./pricing";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {import("../../lib/offline/queue").ShownLine} ShownLine */
/** @typedef {import("./order-lines").Line} Line */
/** @typedef {import("./order-confirmation").OrderAnswer} OrderAnswer */
/** @typedef {import("../../lib/pricing/engine").Priced} Priced */

/**
 * Books the order (or queues it where `mayQueue`: agents) and says how it went.
 * @param {{ user: Schemas["SessionBody"], mayQueue: boolean, withVisit: boolean,
 *   ids: { order: string, visit: string }, customer: Schemas["CustomerDetails"], distributorId: string,
 *   remark: string, outcomeId: string, outcomes: Schemas["Outcome"][], lines: Line[], total: number, priced: Priced | null,
 *   shown: ReturnType<typeof import("./pricing").shownFigures> | null }} order
 * @returns {Promise<OrderAnswer>}
 */
export async function placeOrder(order) {
  const { user, mayQueue, withVisit, ids, customer, distributorId, remark, outcomeId, lines, total, priced, shown } = order;
  const agent = Number(user.userType) === AGENT;
  const position = agent && withVisit ? await currentPosition({ checkIn: true }) : null;
  const outcome = order.outcomes.find((o) => String(o.outComeId) === outcomeId);
  /** @type {Schemas["BookOrder"]} */
  const body = {
    clientId: ids.order,
    buyerId: customer.buyerID,
    distributorId: distributorId ? Number(distributorId) : null,
    remark: remark.trim() || null,
    lines: lines.map((l) => ({ productId: l.product.productId, quantity: unitsOf(l), unitPrice: l.product.price ?? null })),
    expectedTotal: total,
    proposalId: null,
    visit: withVisit
      ? {
          outcomeId: Number(outcomeId),
          remark: remark.trim(),
          latitude: position ? position.latitude : null,
          longitude: position ? position.longitude : null,
          clientId: ids.visit,
          visitedAt: agent ? new Date().toISOString() : null,
          accuracy: position ? position.accuracy : null,
        }
      : null,
  };
  /** @type {ShownLine[]} */
  const shownLines = lines.map((l, i) => ({
    productId: l.product.productId,
    productName: l.product.productName,
    quantity: unitsOf(l),
    unitPrice: l.product.price,
    lineTotal: priced ? toAmount(priced.lines[i].lineTotal) : grossOf(l),
  }));
  // This screen books for a customer of the master, never a pending new shop (the shop
  // screens do), so the answer is a booking, not an OrderWaiting.
  /** @returns {Promise<OrderAnswer>} */
  const send = async () => /** @type {Schemas["OrderBooked"]} */ (await bookOrder(body));
  /** @returns {Promise<OrderAnswer>} */
  const keep = async () => {
    await offline.enqueue(user.uid, {
      kind: "order",
      clientId: ids.order,
      order: body,
      buyerName: customer.buyerName,
      outcomeName: outcome ? outcome.outCome : "",
      total,
      // Today's targets add it to the month's sales value (paise, as the server stores it).
      taxable: priced ? priced.totals.taxable : undefined,
      lines: shownLines,
    });
    return {
      queued: true,
      message: offline.queuedMessage(t("titleSaved")),
      total,
      lines: shownLines,
      totals: shown ? shown.totals : undefined,
      free: shown ? shown.free : [],
    };
  };
  // As a visit's save: an order the server did not judge waits on the phone, a refusal shows.
  const answer = mayQueue ? await networkOr(send, keep, offline.unjudged) : await send();
  const changed = !answer.queued && (answer.priceChanged || Math.abs(answer.total - total) >= 0.005);
  if (answer.queued) alertInfo(answer.message);
  // The toast names the state; the reason is in the note under it, once (issue #55).
  else if (answer.status === "Awaiting approval") alertInfo(t("titleAwaiting"));
  else if (changed) alertInfo(t("pricesChanged", { total: money(answer.total) }));
  else alertSuccess(answer.message);
  return answer;
}
