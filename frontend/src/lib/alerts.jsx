// Success and error alerts showing the server's message. One alert at a time, dismissible.
import { useEffect, useState } from "react";

let show = () => {};

export const alertSuccess = (message) => show({ kind: "success", message });
export const alertError = (message) => show({ kind: "error", message });
export const alertInfo = (message) => show({ kind: "info", message });

export function Alerts() {
  const [alert, setAlert] = useState(null);
  useEffect(() => {
    show = (a) => setAlert({ ...a, at: Date.now() });
    return () => (show = () => {});
  }, []);
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
