// One small store: a value, its readers and its listeners. The shell's state that lives outside
// Preact (the offline status, the offline queue) is one of these, so each module keeps its own
// value and nobody writes the listener set by hand again.

/**
 * @template T
 * @typedef {{ get: () => T, set: (next: T) => void, update: (patch: Partial<T>) => void,
 *   subscribe: (fn: (value: T) => void, now?: boolean) => () => void }} Store
 */

/**
 * A store holding `initial`: `set` replaces the value and tells every listener; `update` merges a
 * patch into an object value; `subscribe(fn, now)` calls fn on every change (and at once when
 * `now`) and gives the function that unsubscribes.
 * @template T
 * @param {T} initial
 * @returns {Store<T>}
 */
export function createStore(initial) {
  let value = initial;
  /** @type {Set<(value: T) => void>} */
  const listeners = new Set();
  /** @param {T} next */
  const set = (next) => {
    value = next;
    listeners.forEach((fn) => fn(value));
  };
  return {
    get: () => value,
    set,
    update: (patch) => set({ ...value, ...patch }),
    subscribe(fn, now = false) {
      listeners.add(fn);
      if (now) fn(value);
      return () => {
        listeners.delete(fn);
      };
    },
  };
}
