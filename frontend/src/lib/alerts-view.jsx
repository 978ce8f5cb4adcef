// The alert view (lib/alerts.js raises the alerts): the latest one, dismissible; success and info
// alerts go away by themselves after 6 s, errors stay until dismissed.
import { useEffect, useState } from "react";
import { onAlert } from "./alerts";

/** @typedef {import("./alerts").Alert} Alert */

export function Alerts() {
  const [alert, setAlert] = useState(/** @type {(Alert & { at: number }) | null} */ (null));
  useEffect(() => onAlert((a) => setAlert({ ...a, at: Date.now() })), []);
  useEffect(() => {
    if (!alert || alert.kind === "error") return undefined;
    const timer = setTimeout(() => setAlert(null), 6000);
    return () => clearTimeout(timer);
  }, [alert]);
  if (!alert) return null;
  return (
    <div class={`alert alert-${alert.kind}`} role="alert">
      <span data-testid={`alert-${alert.kind}`}>{alert.message}</span>
      <button type="button" class="alert-close" aria-label="Dismiss" onClick={() => setAlert(null)}>
        ×
      </button>
    </div>
  );
}
