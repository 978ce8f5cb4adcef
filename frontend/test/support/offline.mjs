// The phone of a signed-in agent for the offline layer's tests (lib/offline/): fake-indexeddb for
// IndexedDB, the browser globals of browser.mjs, the agent's session and the anti-forgery cookie a
// POST needs. Import it before the modules under test.
import "fake-indexeddb/auto";
import { json, resetBrowser, stubFetch } from "./browser.mjs";

// Node's BroadcastChannel keeps the process alive while it listens (the queue's tells the other
// tabs of a change): the tests' lets the process end.
const NodeChannel = globalThis.BroadcastChannel;
globalThis.BroadcastChannel = class extends NodeChannel {
  /** @param {string} name */
  constructor(name) {
    super(name);
    this.unref();
  }
};

const { setSession } = await import("../../src/lib/session.js");
const { deleteUserData } = await import("../../src/lib/offline/store.js");

export { json, stubFetch };

/** An agent (user type 4) with no rights beyond the offline ones. */
export const AGENT_USER = { uid: 41, token: "t-agent", userType: 4, userRights: [] };

/** Signs `user` in on a fresh phone: storage reset, their offline database deleted, the cookie set. */
export async function freshPhone(user = AGENT_USER) {
  resetBrowser();
  setSession(user);
  await deleteUserData(user.uid);
  document.cookie = "XSRF-TOKEN=xsrf";
  navigator.onLine = true;
}

/** The JSON body a stubbed fetch was called with. @param {{ init: RequestInit }} call */
export const bodyOf = (call) => JSON.parse(String(call.init.body));

/** The path under /webapi/api of a stubbed call. @param {{ url: string }} call */
export const pathOf = (call) => call.url.replace(/^\/webapi\/api/, "");
