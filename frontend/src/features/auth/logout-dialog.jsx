// The warning of a logout with visits or orders still on the phone (its host: logout-warning.jsx):
// "Sync now" sends them and logs out when none is left; "Discard N visits" (or "Discard 1 visit and
// 1 order") drops them and logs out; Cancel stays signed in.
import { useEffect, useRef, useState } from "react";
import { queuedText } from "../../lib/offline/state";
import { loadEngine } from "../../lib/offline/status";
import { tl } from "./logout-text";
import { Spinner } from "../../lib/ui";
import { Modal, ModalActions } from "../../lib/modal";
import { logout } from "./logout";

/** @typedef {typeof import("../../lib/offline/engine")} Engine the offline engine's module */
/** An entry of the phone's queue, as the engine types it. @typedef {Parameters<Engine["kindOf"]>[0] & { state: string }} QueueEntry */

/** @typedef {import("./logout").WarningCounts} WarningCounts */

/**
 * The open warning: `counts` as the logout found them, `setCounts` the host's (a total of 0 closes
 * it). Each warning mounts it afresh (the host's key): no note of the last one, the focus on Sync now.
 * @param {{ user: import("../../lib/session").SessionUser, counts: WarningCounts, setCounts: (counts: WarningCounts) => void }} props
 */
export default function LogoutDialog({ user, counts, setCounts }) {
  const count = counts.total;
  const setCount = (/** @type {number} */ total, orders = 0, payments = 0, photos = 0) =>
    setCounts({ total, orders, payments, photos });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const first = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => {
    if (first.current) first.current.focus();
  }, []);
  const close = () => !busy && setCount(0);
  const syncNow = async () => {
    setBusy(true);
    try {
      /** @type {Engine} */
      const engine = await loadEngine();
      /** @type {QueueEntry[]} */
      const left = await engine.syncNow(user.uid);
      if (!left.length) {
        setCount(0);
        await logout();
        return;
      }
      const orders = left.filter((e) => engine.kindOf(e) === "order").length;
      setCount(
        left.length,
        orders,
        left.filter((e) => engine.kindOf(e) === "payment").length,
        left.filter((e) => engine.kindOf(e) === "photo").length,
      );
      setNote(
        left.some((e) => e.state === "failed")
          ? tl("someRefused", { kind: orders ? (orders === left.length ? "orders" : "mixed") : "visits" })
          : tl("unreachable"),
      );
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      await logout({ discard: true });
      setCount(0);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      onClose={close}
      titleId="logout-warning-title"
      title={tl("title", { kind: counts.orders ? (counts.orders === count ? "orders" : "mixed") : "visits" })}
      testId="logout-warning"
    >
      <p>{tl("body", { count, queued: queuedText(count, counts) })}</p>
      {note && (
        <p class="field-error" role="alert">
          {note}{" "}
          <a href="#/customer/waiting-visits" onClick={() => setCount(0)}>
            {tl("waitingVisits")}
          </a>
        </p>
      )}
      <ModalActions closeText={tl("cancel")} onClose={close} disabled={busy}>
        <button type="button" class="btn btn-primary" ref={first} disabled={busy} onClick={syncNow}>
          {busy && <Spinner />}
          {tl("syncNow")}
        </button>
        <button type="button" class="btn btn-danger" disabled={busy} onClick={discard}>
          {tl("discard", { queued: queuedText(count, counts) })}
        </button>
      </ModalActions>
    </Modal>
  );
}
