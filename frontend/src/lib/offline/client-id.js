// New entries' ids, apart from the engine (engine.js exports it too): a screen that names its entry
// before it is saved (a visit's photos) needs no engine chunk for that.

/** A new visit id (the server's clientId: 1-64 of A-Za-z0-9_-); a repeat of it is a duplicate. */
export function newClientId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  // Plain http on a LAN address has no randomUUID (secure contexts only).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
