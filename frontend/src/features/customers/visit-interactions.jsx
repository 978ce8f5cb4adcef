// The visit screen's last interactions: the server's, under this customer's visits still waiting in
// the phone's queue (an order's visit among them), each with where it was against the shop.
import { formatDate, localParts } from "../../lib/format";
import { LocationBadge } from "../../lib/location-badge";
import { t as tl } from "../../lib/parts-text";
import { useQueuedFor } from "../../lib/resources";
import { DataTable } from "../../lib/table";
import { t as tc } from "./text";
import { t } from "./visit-text";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["SessionBody"]} User */
/**
 * A row of the last interactions: the server's, or a visit still in the phone's queue.
 * @typedef {Partial<Schemas["Interaction"]> & { key?: string, queued?: "waiting" | "failed" }} InteractionRow
 */

/** A visit's place in the phone's queue, else where it was against the shop. @param {{ row: InteractionRow }} props */
function VisitState({ row }) {
  if (row.queued === "failed") return <span class="loc-badge loc-failed">{tl("statusFailed")}</span>;
  if (row.queued) return <span class="loc-badge loc-waiting">{tl("statusWaiting")}</span>;
  return <LocationBadge status={row.locationStatus} distanceM={row.distanceM} />;
}

/**
 * This customer's visits waiting in the phone's queue (an order's visit among them), newest first;
 * `onSent` when one leaves it.
 * @param {User} user
 * @param {string | null} buyerId
 * @param {() => void} onSent
 * @returns {InteractionRow[]}
 */
export function useQueuedVisits(user, buyerId, onSent) {
  const rows = useQueuedFor(
    user,
    buyerId,
    (e, same) =>
      e.kind === "order" ? !!e.order.visit && same(e.order.buyerId) : (!e.kind || e.kind === "visit") && same(e.buyerID),
    onSent,
  );
  return rows.flatMap((e) => {
    // Only visits and the visits of orders show here (not the day's start or end, nor payments).
    if (e.kind !== undefined && e.kind !== "visit" && e.kind !== "order") return [];
    const visit = e.kind === "order" ? e.order.visit : e;
    const at = localParts(visit ? visit.visitedAt : null);
    return [
      {
        key: e.clientId,
        date: at.date,
        time: at.time,
        outcome: "outcomeName" in e ? e.outcomeName : "",
        agentId: user.emailId,
        entryUpdateBy: user.name,
        remark: visit ? visit.remark : null,
        queued: e.state,
      },
    ];
  });
}

/**
 * The waiting visits (`queued`) over the server's last interactions (`transactions`).
 * @param {{ queued: InteractionRow[], transactions: Schemas["VisitScreen"]["transcations"] }} props
 */
export function LastInteractions({ queued, transactions }) {
  return (
    <div class="card">
      <h2>{t("lastInteractions")}</h2>
      <DataTable
        serial={false}
        testId="interactions"
        rows={[...queued, .../** @type {InteractionRow[]} */ (transactions)]}
        empty={t("noVisitsYet")}
        rowClass={(r) => (r.queued ? "row-queued" : undefined)}
        columns={[
          { key: "date", label: tc("date"), render: (r) => formatDate(r.date) },
          { key: "time", label: tc("time") },
          { key: "outcome", label: tc("outcome") },
          { key: "agentId", label: tc("agentId") },
          { key: "entryUpdateBy", label: t("updatedBy") },
          { key: "remark", label: tc("remark"), wrap: true },
          { key: "location", label: tc("location"), render: (r) => <VisitState row={r} /> },
        ]}
      />
    </div>
  );
}
