// Success and error alerts showing the server's message: any code raises one here, and the one
// <Alerts/> view (alerts-view.jsx, mounted by the app) shows it, one at a time, dismissible.

/** @typedef {{ kind: "success" | "error" | "info", message: string }} Alert */

/** @type {(alert: Alert) => void} the mounted view shows it; nothing shows before it mounts */
let show = () => {};

/** @param {string} message */
export const alertSuccess = (message) => show({ kind: "success", message });
/** @param {string} message */
export const alertError = (message) => show({ kind: "error", message });
/** @param {string} message */
export const alertInfo = (message) => show({ kind: "info", message });

/**
 * The view takes the alerts from now on; the returned function lets go.
 * @param {(alert: Alert) => void} fn
 */
export function onAlert(fn) {
  show = fn;
  return () => {
    if (show === fn) show = () => {};
  };
}
