// The service worker: precaches this release's app shell (index.html, every chunk, the icons and
// the manifest) so the app opens with no network, and answers the app's own files from that cache.
// API answers are never cached: /webapi/ and /healthz go straight to the network.
import { manifest, version } from "@parcel/service-worker";

/** This worker's global scope (`self`), typed as the service worker it is. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const PREFIX = "fieldsales-shell-";
// One cache per release: a new worker fills its own and the old one goes on activate, so a page
// never mixes files of two releases.
const CACHE = PREFIX + version;
/** The app's root (the worker sits there), e.g. "/" or "/fieldsales/" behind a proxy. */
const ROOT = new URL("./", sw.location.href).pathname;
const INDEX = new URL("./index.html", sw.location.href).href;

/** @param {string} path */
const isApi = (path) =>
  path.startsWith("/webapi/") || path === "/healthz" || path.startsWith(ROOT + "webapi/") || path === ROOT + "healthz";

/**
 * Parcel names built files `name.<hash>.ext` (the server's `is_fingerprinted`): such a name's bytes
 * never change, so a copy in the HTTP cache is this release's too.
 * @param {string} url
 */
const isFingerprinted = (url) =>
  (url.split("/").pop() || "").split(".").some((part) => part.length >= 8 && /^[0-9a-f]+$/i.test(part));

sw.addEventListener("install", (event) => {
  // "no-cache" for the rest (index.html, the manifest): they must be this release's, not a copy from
  // the HTTP cache. A fingerprinted file the page loaded already comes from the HTTP cache: on a
  // slow network the first start downloads the entry chunks once, not twice.
  // Each file once: Parcel lists a CSS bundle shared by two chunks twice, and addAll refuses duplicates
  // (the install would fail, and the app would never work offline).
  const requests = [...new Set(manifest)].map((url) => {
    const href = new URL(url, sw.location.href).href;
    return new Request(href, { cache: isFingerprinted(href) ? "default" : "no-cache" });
  });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

// A new release waits until the page says "Reload" (lib/pwa.js), so a page keeps its own files.
sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") sw.skipWaiting();
});

/** @param {Request | string} request */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return cache.match(request);
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || isApi(url.pathname)) return;
  if (request.mode === "navigate") {
    if (url.pathname === ROOT || url.pathname === ROOT + "index.html") {
      // The cached shell first: the release this worker holds opens whole, online or not; a newer
      // one is offered by the update prompt once its worker has installed.
      event.respondWith(fromCache(INDEX).then((hit) => hit || fetch(request)));
    } else {
      // A route typed without '#': the server redirects it to its hash route; offline, so do we.
      const route = url.pathname.slice(ROOT.length).replace(/\/+$/, "");
      event.respondWith(fetch(request).catch(() => Response.redirect(`${ROOT}#/${route}${url.search}`, 302)));
    }
    return;
  }
  event.respondWith(fromCache(request).then((hit) => hit || fetch(request)));
});
