// The receipt of a payment collected on this phone (agents, right collections): from the phone's
// receipts (lib/offline/payments.js), marked "Waiting to sync" while its payment is in the queue;
// or, for a payment recorded online by a user who keeps nothing on the phone, from the server
// (`?paymentId=`).
import { useEffect, useState } from "react";
import { loadEngine, offlineEnabled } from "../../lib/offline/status";
import { keyOf, useResource } from "../../lib/resources";
import { Empty, Loading, PageHeader } from "../../lib/ui";
import { paymentDetail } from "./api";
import { ReceiptActions, ReceiptView, receiptOf } from "./receipt";
import { t } from "./text";

/** @typedef {import("../../../types/api").components["schemas"]["SessionBody"]} User */
/** @typedef {import("./receipt").ReceiptData} ReceiptData */

/** @param {{ params?: { clientId?: string }, user: User }} props */
export default function ReceiptScreen({ params, user }) {
  const clientId = params && params.clientId ? decodeURIComponent(params.clientId) : "";
  // The hash router leaves a query after the path to the screen (as more-screens.jsx reads it).
  const paymentId = Number(new URLSearchParams(window.location.hash.split("?")[1] || "").get("paymentId")) || null;
  const agent = offlineEnabled(user);
  const [waiting, setWaiting] = useState(false);
  const { data, loading } = useResource(
    keyOf("/users/payment/{paymentId}", { path: { paymentId } }, clientId, agent, user.uid),
    () =>
      agent
        ? loadEngine()
            .then((m) => /** @type {Promise<ReceiptData | null>} */ (m.findReceipt(user.uid, clientId)))
            // Not made on this phone (My collections lists the server's too): the server's copy.
            .then((r) => r || (paymentId ? paymentDetail(paymentId).then(receiptOf) : null))
        : paymentId
          ? paymentDetail(paymentId).then(receiptOf)
          : Promise.resolve(null),
  );
  // Waiting while the queue holds the payment; the mark goes when it is sent.
  useEffect(() => {
    if (!agent) return undefined;
    let unwatch = () => {};
    let gone = false;
    loadEngine().then((m) => {
      if (gone) return;
      /** @param {{ clientId: string, state: string }[]} all */
      const take = (all) => !gone && setWaiting(all.some((e) => e.clientId === clientId));
      m.listQueue(user.uid).then(take, () => {});
      unwatch = m.onQueueChange(take);
    });
    return () => {
      gone = true;
      unwatch();
    };
  }, [agent, clientId, user.uid]);
  // An agent goes back to the customer; a reviewer (a receipt opened from Collections) to the list.
  const back = !agent ? "/collections" : data ? `/customer/visit/${encodeURIComponent(data.buyerId)}` : "/customer/visit";
  return (
    <section>
      <PageHeader title={t("receipt")} back={back} />
      {loading ? (
        <Loading />
      ) : !data ? (
        <Empty text={t("notOnPhone")} />
      ) : (
        <>
          <ReceiptView r={data} waiting={waiting} />
          <ReceiptActions r={data} waiting={waiting} />
        </>
      )}
    </section>
  );
}
