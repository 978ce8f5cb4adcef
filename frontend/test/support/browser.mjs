// The few browser globals lib/ modules touch (storage, cookies, the location hash, fetch), as
// plain objects the tests can read and reset. Import it before the module under test.

/** Web Storage over a Map. */
export class MemoryStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();
globalThis.document = { cookie: "" };
// Node 21+ has a navigator of its own (without onLine); a phone is online until a test says not.
if (!globalThis.navigator) globalThis.navigator = /** @type {any} */ ({});
Object.defineProperty(globalThis.navigator, "onLine", { value: true, writable: true, configurable: true });
globalThis.window = {
  addEventListener() {},
  location: {
    hash: "",
    reloads: 0,
    reload() {
      this.reloads += 1;
    },
  },
};

/** Back to a fresh browser: empty storage and cookies, hash "", no reloads. */
export function resetBrowser() {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "";
  window.location.hash = "";
  window.location.reloads = 0;
}

/**
 * Replaces fetch: `answer(url, init)` gives a Response (or throws, as a network failure does);
 * returns the list of calls made, each { url, init }.
 */
export function stubFetch(answer) {
  const calls = [];
  globalThis.fetch = async (url, init = {}) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return calls;
}

/** A JSON answer with a status. */
export const json = (status, body) =>
  new Response(body === undefined ? "" : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
