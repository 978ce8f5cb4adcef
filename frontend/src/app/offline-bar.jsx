// The agent's offline bar, on every screen of the shell: offline, and how many visits, orders,
// payments and photos wait on this phone; it leads to the waiting screen. Nothing shows while
// online with none waiting.
import { t } from "./text";
import { useEffect, useState } from "react";
import { isOffline, onStatus, queuedText } from "../lib/offline/state";

/**
 * What the bar reads of the offline status (lib/offline/status.js).
 * @typedef {{ waiting: number, failed: number, waitingOrders?: number, failedOrders?: number,
 *   waitingPayments?: number, failedPayments?: number, waitingPhotos?: number, failedPhotos?: number, waitingDays?: number, failedDays?: number,
 *   syncing?: boolean }} QueueStatus
 */

export function OfflineBar() {
  const [status, setStatus] = useState(/** @type {QueueStatus | null} */ (null));
  useEffect(() => onStatus(setStatus), []);
  if (!status) return null;
  const queued = status.waiting + status.failed;
  const offline = isOffline();
  if (!offline && queued === 0) return null;
  const failedOrders = status.failedOrders || 0;
  const waitingOrders = status.waitingOrders || 0;
  const failedPayments = status.failedPayments || 0;
  const waitingPayments = status.waitingPayments || 0;
  const failedPhotos = status.failedPhotos || 0;
  const waitingPhotos = status.waitingPhotos || 0;
  const failedDays = status.failedDays || 0;
  const waitingDays = status.waitingDays || 0;
  const refused =
    status.failed > 0
      ? t("notAccepted", {
          queued: queuedText(status.failed, {
            orders: failedOrders,
            payments: failedPayments,
            photos: failedPhotos,
            days: failedDays,
          }),
        })
      : "";
  let text;
  if (queued === 0) text = t("offlineNone");
  else if (offline) {
    const all = queuedText(queued, {
      orders: waitingOrders + failedOrders,
      payments: waitingPayments + failedPayments,
      photos: waitingPhotos + failedPhotos,
      days: waitingDays + failedDays,
    });
    text = refused ? t("offlineWaitingRefused", { queued: all, refused }) : t("offlineWaiting", { queued: all });
  } else if (status.syncing)
    text = t("syncing", {
      queued: queuedText(status.waiting, {
        orders: waitingOrders,
        payments: waitingPayments,
        photos: waitingPhotos,
        days: waitingDays,
      }),
    });
  else if (status.waiting > 0) {
    const waiting = queuedText(status.waiting, {
      orders: waitingOrders,
      payments: waitingPayments,
      photos: waitingPhotos,
      days: waitingDays,
    });
    text = refused ? t("waitingToSyncRefused", { queued: waiting, refused }) : t("waitingToSync", { queued: waiting });
  } else text = t("review", { refused });
  return (
    <div class={`offline-bar${status.failed ? " has-failed" : ""}`} role="status" data-testid="offline-bar">
      <a href="#/customer/waiting-visits">{text}</a>
    </div>
  );
}
