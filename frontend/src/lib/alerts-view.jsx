// The alert view (lib/alerts.js raises the alerts): the latest one, dismissible; success and info
// alerts go away by themselves after 6 s, errors stay until dismissed or until the user leaves the
// screen. A message belongs to the screen that raised it; one raised together with the navigation
// it causes (forgot password back to sign-in, an ended session back to the root) belongs to the
// screen it lands on. So an alert takes its screen only once the raising turn is over: SETTLE_MS
// without a move, or the user's next tap or key, whichever comes first.
import { t } from "./text";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { onAlert } from "./alerts";

/** @typedef {import("./alerts").Alert} Alert */

const SETTLE_MS = 150;
const INPUT = ["pointerdown", "keydown"];
let raised = 0;

export function Alerts() {
  // The screen is the route's path: a query (a list's page) is the same screen.
  const screen = useLocation()[0].split("?")[0];
  const [alert, setAlert] = useState(/** @type {(Alert & { id: number, screen: string | null }) | null} */ (null));
  useEffect(() => onAlert((a) => setAlert({ ...a, id: ++raised, screen: null })), []);
  const unsettled = !!alert && alert.screen === null;
  useEffect(() => {
    if (!unsettled) return undefined;
    const settle = () => setAlert((a) => (a && a.screen === null ? { ...a, screen } : a));
    const timer = setTimeout(settle, SETTLE_MS);
    INPUT.forEach((type) => addEventListener(type, settle, true));
    return () => {
      clearTimeout(timer);
      INPUT.forEach((type) => removeEventListener(type, settle, true));
    };
  }, [unsettled, screen]);
  const gone = !!alert && alert.screen !== null && alert.screen !== screen;
  useEffect(() => {
    if (gone) setAlert(null);
  }, [gone]);
  const fading = alert && alert.kind !== "error" ? alert.id : 0;
  useEffect(() => {
    if (!fading) return undefined;
    const timer = setTimeout(() => setAlert(null), 6000);
    return () => clearTimeout(timer);
  }, [fading]);
  if (!alert || gone) return null;
  return (
    <div class={`alert alert-${alert.kind}`} role="alert">
      <span data-testid={`alert-${alert.kind}`}>{alert.message}</span>
      <button type="button" class="alert-close" aria-label={t("dismiss")} onClick={() => setAlert(null)}>
        ×
      </button>
    </div>
  );
}
