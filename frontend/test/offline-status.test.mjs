// Who keeps offline data, and the network-or-phone rule (lib/offline/status.js).
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { ApiError } from "../src/lib/api-client.js";
import { getStatus, setStatus } from "../src/lib/offline/state.js";
import { networkOr, offlineEnabled } from "../src/lib/offline/status.js";
import { AGENT, BACK_OFFICE } from "../src/lib/rights.js";
import { IMPERSONATION_KEY } from "../src/lib/session.js";

const agent = { uid: 7, token: "agent-token", userType: AGENT, userRights: [] };
const unreachable = new ApiError(0, "The server cannot be reached. Please check your connection.");

beforeEach(() => {
  resetBrowser();
  navigator.onLine = true;
  setStatus({ reachable: true });
});

test("agents keep offline data; other users, impersonation tabs and signed-out pages do not", () => {
  assert.ok(offlineEnabled(agent));
  assert.ok(!offlineEnabled({ ...agent, userType: BACK_OFFICE }));
  assert.ok(!offlineEnabled({ ...agent, token: "" }));
  assert.ok(!offlineEnabled(null));
  sessionStorage.setItem(IMPERSONATION_KEY, "other");
  assert.ok(!offlineEnabled(agent));
});

test("an agent signed in with a temporary password keeps none until it is changed", () => {
  assert.ok(!offlineEnabled({ ...agent, forcePasswordUpdate: true }));
  assert.ok(offlineEnabled({ ...agent, forcePasswordUpdate: false }));
});

test("networkOr: the answer online; the phone's when offline or unreachable; a refusal propagates", async () => {
  assert.equal(
    await networkOr(
      async () => "server",
      () => "phone",
    ),
    "server",
  );
  await assert.rejects(
    networkOr(
      () => Promise.reject(new ApiError(503, "busy")),
      () => "phone",
    ),
    { status: 503 },
  );
  assert.equal(
    await networkOr(
      () => Promise.reject(unreachable),
      () => "phone",
    ),
    "phone",
  );
  assert.equal(getStatus().reachable, false);
  navigator.onLine = false;
  assert.equal(
    await networkOr(
      () => assert.fail("no call offline"),
      () => "phone",
    ),
    "phone",
  );
});

test("networkOr: the errors a caller names fall back too; only status 0 says the server is out of reach", async () => {
  const busy = new ApiError(503, "busy");
  assert.equal(
    await networkOr(
      () => Promise.reject(busy),
      () => "phone",
      (err) => err.status === 0 || err.status >= 500,
    ),
    "phone",
  );
  assert.equal(getStatus().reachable, true);
});
