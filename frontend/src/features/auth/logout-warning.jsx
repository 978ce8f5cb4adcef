// The warning of a logout with visits or orders still on the phone: "Sync now" sends them and logs
// out when none is left; "Discard N visits" (or "Discard 1 visit and 1 order") drops them and logs
// out; Cancel stays signed in.
import { useEffect, useRef, useState } from "react";
import { loadEngine, queuedText } from "../../lib/offline/status";
import { Spinner } from "../../lib/ui";
import { logout, onLogoutWarning } from "./logout";

/** @typedef {typeof import("../../lib/offline/engine")} Engine the offline engine's module */
/** An entry of the phone's queue, as the engine types it. @typedef {Parameters<Engine["kindOf"]>[0] & { state: string }} QueueEntry */

/** @param {{ user: import("../../lib/session").SessionUser }} props */
export function LogoutWarning({ user }) {
  const [counts, setCounts] = useState(
    /** @type {{ total: number, orders: number, photos?: number }} */ ({ total: 0, orders: 0 }),
  );
  const count = counts.total;
  const setCount = (/** @type {number} */ total, orders = 0, photos = 0) => setCounts({ total, orders, photos });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const first = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(
    () =>
      onLogoutWarning((counts) => {
        setCounts(counts);
        setNote("");
      }),
    [],
  );
  const open = count > 0;
  useEffect(() => {
    if (open && first.current) first.current.focus();
  }, [open]);
  if (!count) return null;
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
      setCount(left.length, orders, left.filter((e) => engine.kindOf(e) === "photo").length);
      setNote(
        left.some((e) => e.state === "failed")
          ? `Some ${orders ? (orders === left.length ? "orders" : "visits or orders") : "visits"} were not accepted by the server: see Waiting visits for the reasons.`
          : "The server cannot be reached. Try again when the phone is online.",
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
    <div class="modal-backdrop" onClick={close}>
      <div
        class="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="logout-warning-title"
        data-testid="logout-warning"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="logout-warning-title">
          {counts.orders ? (counts.orders === count ? "Orders" : "Visits and orders") : "Visits"} not sent yet
        </h2>
        <p>
          {queuedText(count, counts.orders, counts.photos)} saved on this phone {count === 1 ? "has" : "have"} not reached the
          server. Logging out removes {count === 1 ? "it" : "them"} from this phone.
        </p>
        {note && (
          <p class="field-error" role="alert">
            {note}{" "}
            <a href="#/customer/waiting-visits" onClick={() => setCount(0)}>
              Waiting visits
            </a>
          </p>
        )}
        <div class="modal-actions">
          <button type="button" class="btn btn-primary" ref={first} disabled={busy} onClick={syncNow}>
            {busy && <Spinner />}
            Sync now
          </button>
          <button type="button" class="btn btn-danger" disabled={busy} onClick={discard}>
            Discard {queuedText(count, counts.orders, counts.photos)}
          </button>
          <button type="button" class="btn" disabled={busy} onClick={close}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
