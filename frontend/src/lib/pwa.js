// The service worker's registration and the update prompt: a new release installs beside the
// running one and waits; the shell offers "Reload" (skipWaiting, then one reload) rather than
// letting a page mix the files of two releases.

/** @type {ServiceWorker | null} */
let waitingWorker = null;
/** @type {Set<(ready: boolean) => void>} */
const listeners = new Set();
// Hourly: a phone keeps the app open for days, and the browser checks only on navigation.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** @param {ServiceWorker} worker */
function setWaiting(worker) {
  waitingWorker = worker;
  listeners.forEach((fn) => fn(!!worker));
}

/** Registers the worker (the site root is its scope); quietly does nothing where unsupported. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only a reload the user asked for; the first install takes control without one.
    if (reloading || !waitingWorker) return;
    reloading = true;
    window.location.reload();
  });
  navigator.serviceWorker
    .register(new URL("../service-worker.js", import.meta.url), { type: "module", scope: "./" })
    .then((registration) => {
      // A waiting worker with a controller present is a newer release; without one, the first.
      const track = (/** @type {ServiceWorker | null} */ worker) => {
        if (!worker) return;
        const check = () => worker.state === "installed" && navigator.serviceWorker.controller && setWaiting(worker);
        check();
        worker.addEventListener("statechange", check);
      };
      track(registration.waiting);
      registration.addEventListener("updatefound", () => track(registration.installing));
      setInterval(() => registration.update().catch(() => {}), UPDATE_CHECK_MS);
    })
    .catch((err) => console.warn("the service worker was not registered", err && err.message));
}

/** Calls fn(true) while a new release waits; returns the unsubscribe function. @param {(ready: boolean) => void} fn */
export function onUpdateReady(fn) {
  listeners.add(fn);
  fn(!!waitingWorker);
  return () => listeners.delete(fn);
}

/** Switches to the waiting release: it takes over, then the page reloads (controllerchange). */
export function applyUpdate() {
  if (waitingWorker) waitingWorker.postMessage({ type: "skip-waiting" });
  else window.location.reload();
}
