// The API client (lib/api-client.js): headers (bearer, impersonation, anti-forgery, JSON), the
// server's message in ApiError, and the session rules of spec 2 §8, with fetch, cookies and
// storage stubbed.
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import { onAlert } from "../src/lib/alerts.js";
import { API_BASE, ApiError, api, get, post, refusesCaller, REQUEST_TIMEOUT_MS } from "../src/lib/api-client.js";
import { getOwnSession, getSession, IMPERSONATION_KEY, setSession, startImpersonation } from "../src/lib/session.js";

const user = { uid: 3, token: "t-own", userType: 3, userRights: [] };
let alerts = [];
onAlert((a) => alerts.push(a));

beforeEach(() => {
  resetBrowser();
  alerts = [];
});
afterEach(() => mock.timers.reset());

/** A fetch that never answers: it fails only when its signal aborts, as the browser's does. */
const hanging = (url, init) =>
  new Promise((_, fail) => {
    const abort = () => fail(new DOMException("The operation was aborted.", "AbortError"));
    if (init.signal.aborted) abort();
    else init.signal.addEventListener("abort", abort);
  });

/** The error a call rejects with. */
async function failure(call) {
  try {
    await call;
  } catch (err) {
    return err;
  }
  assert.fail("the call should have failed");
}

test("a GET sends the bearer token, no anti-forgery header and no body, and gives the JSON", async () => {
  setSession(user);
  const calls = stubFetch(() => json(200, { ok: 1 }));
  assert.deepEqual(await get("/master/outcome"), { ok: 1 });
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, `${API_BASE}/master/outcome`);
  assert.equal(calls[0].init.method, "GET");
  assert.equal(calls[0].init.credentials, "same-origin");
  assert.deepEqual(calls[0].init.headers, { Authorization: "Bearer t-own" });
  assert.equal(calls[0].init.body, undefined);
});

test("signed out, no Authorization header; an empty answer is null", async () => {
  const calls = stubFetch(() => new Response("", { status: 200 }));
  assert.equal(await get("/login/config"), null);
  assert.deepEqual(calls[0].init.headers, {});
});

test("a POST sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN, and its body as JSON", async () => {
  setSession(user);
  document.cookie = "other=1; XSRF-TOKEN=abc%3D%3D";
  const calls = stubFetch(() => json(200, { message: "Saved" }));
  assert.deepEqual(await post("/master/link", { linkName: "A" }), { message: "Saved" });
  assert.equal(calls.length, 1);
  const { headers, body, method } = calls[0].init;
  assert.equal(method, "POST");
  assert.equal(headers["X-XSRF-TOKEN"], "abc==");
  assert.equal(headers["Content-Type"], "application/json");
  assert.equal(body, JSON.stringify({ linkName: "A" }));
});

test("without the cookie a POST first asks /healthz for one", async () => {
  const calls = stubFetch((url) => {
    if (url === "/healthz") document.cookie = "XSRF-TOKEN=fresh";
    return json(200, {});
  });
  await post("/login/otp", { userName: "a" });
  assert.deepEqual(
    calls.map((c) => c.url),
    ["/healthz", `${API_BASE}/login/otp`],
  );
  assert.equal(calls[1].init.headers["X-XSRF-TOKEN"], "fresh");
});

test("a POST whose /healthz fetch fails (no network) is status 0, and the call itself never goes", async () => {
  setSession(user);
  const calls = stubFetch(() => {
    throw new TypeError("Failed to fetch");
  });
  const err = await failure(post("/users/customer/details", { clientId: "c1" }));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 0);
  assert.equal(err.message, "The server cannot be reached. Please check your connection.");
  assert.deepEqual(
    calls.map((c) => c.url),
    ["/healthz"],
  );
});

test("a call with no answer after 30 s gives up as status 0", async () => {
  setSession(user);
  document.cookie = "XSRF-TOKEN=x";
  mock.timers.enable({ apis: ["setTimeout"] });
  const calls = stubFetch(hanging);
  const call = failure(post("/users/order", { clientId: "o1" }));
  await Promise.resolve();
  mock.timers.tick(REQUEST_TIMEOUT_MS);
  const err = await call;
  assert.equal(REQUEST_TIMEOUT_MS, 30000);
  assert.equal(err.status, 0);
  assert.equal(err.message, "The server cannot be reached. Please check your connection.");
  assert.equal(calls.length, 1);
  assert.ok(calls[0].init.signal.aborted);
});

test("an upload (FormData) and a call with timeout 0 wait as long as the answer takes", async () => {
  document.cookie = "XSRF-TOKEN=x";
  mock.timers.enable({ apis: ["setTimeout"] });
  const calls = stubFetch(hanging);
  api("/users/uploadCustomer", { method: "POST", body: new FormData() }).catch(() => {});
  api("/report/orders", { timeout: 0 }).catch(() => {});
  await Promise.resolve();
  mock.timers.tick(10 * REQUEST_TIMEOUT_MS);
  assert.equal(calls.length, 2);
  assert.deepEqual(
    calls.map((c) => c.init.signal.aborted),
    [false, false],
  );
});

test("refusesCaller: an ended session, a pending password change, a missing anti-forgery cookie; not a refused request", () => {
  assert.ok(refusesCaller(new ApiError(401, "Your session has expired. Please log in again to continue.")));
  assert.ok(refusesCaller(new ApiError(403, "Please change your password to continue.")));
  assert.ok(
    refusesCaller(new ApiError(403, "The anti-forgery token is missing or invalid. Please reload the page and try again.")),
  );
  assert.ok(!refusesCaller(new ApiError(403, "You do not have the right to do this.")));
  assert.ok(!refusesCaller(new ApiError(400, "Please change your password to continue.")));
  assert.ok(!refusesCaller(new ApiError(0, "The server cannot be reached. Please check your connection.")));
  assert.ok(!refusesCaller(new Error("Please change your password to continue.")));
});

test("FormData goes as it is, without a JSON content type", async () => {
  document.cookie = "XSRF-TOKEN=x";
  const calls = stubFetch(() => json(200, {}));
  const form = new FormData();
  form.append("file", "data");
  await api("/master/upload", { method: "POST", body: form });
  assert.equal(calls[0].init.body, form);
  assert.equal(calls[0].init.headers["Content-Type"], undefined);
});

test("an impersonation tab sends the other user's token beside the own bearer token", async () => {
  setSession(user);
  startImpersonation({ uid: 9, token: "t-other", userType: 4 });
  const calls = stubFetch(() => json(200, []));
  await get("/users/customer/visit");
  assert.equal(calls[0].init.headers.Authorization, "Bearer t-own");
  assert.equal(calls[0].init.headers["X-Impersonation-Token"], "Bearer t-other");
});

test("a refusal rejects with ApiError carrying the server's message and status", async () => {
  setSession(user);
  stubFetch(() => json(409, { message: "Link Name already exists" }));
  const err = await failure(post("/master/link", {}));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 409);
  assert.equal(err.message, "Link Name already exists");
  assert.deepEqual(getOwnSession(), user, "the session stays");
  assert.deepEqual(alerts, [], "the caller shows the message");
});

test("an answer without a message, or not JSON, still gives a readable one", async () => {
  stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
  const err = await failure(get("/anything"));
  assert.equal(err.status, 502);
  assert.equal(err.message, "The request failed (502).");
});

test("a network failure is status 0 with the connection message", async () => {
  stubFetch(() => {
    throw new TypeError("Failed to fetch");
  });
  const err = await failure(get("/anything"));
  assert.equal(err.status, 0);
  assert.equal(err.message, "The server cannot be reached. Please check your connection.");
});

test("raw gives a successful answer's Response itself", async () => {
  stubFetch(() => new Response("xlsx bytes", { status: 200 }));
  const response = await api("/download", { raw: true });
  assert.equal(await response.text(), "xlsx bytes");
});

test("a 401 ends the session: the message shows, the stored session goes, back to the login", async () => {
  setSession(user);
  window.location.hash = "#/customer/visit";
  stubFetch(() => json(401, { message: "Your session has expired. Please log in again to continue." }));
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 401);
  assert.equal(getOwnSession(), null);
  assert.equal(window.location.hash, "#/");
  assert.deepEqual(alerts, [{ kind: "error", message: "Your session has expired. Please log in again to continue." }]);
});

test("the spec's session messages end the session whatever the status", async () => {
  setSession(user);
  stubFetch(() => json(400, { message: "You're not logged in. Please log in to continue." }));
  await failure(get("/users/session"));
  assert.equal(getOwnSession(), null);
});

test("a 401 from the sign-in calls (a wrong password) keeps the page", async () => {
  stubFetch(() => json(401, { message: "Invalid credentials" }));
  const err = await failure(post("/login/password", {}));
  assert.equal(err.message, "Invalid credentials");
  assert.equal(window.location.hash, "");
  assert.deepEqual(alerts, []);
});

test("a late 401 for a session already replaced does not end the new one", async () => {
  setSession(user);
  const next = { ...user, token: "t-next" };
  stubFetch(() => {
    setSession(next); // another user signed in while the call was out
    return json(401, { message: "Your session has expired. Please log in again to continue." });
  });
  await failure(get("/users/offline/sync"));
  assert.deepEqual(getOwnSession(), next);
  assert.equal(window.location.hash, "");
});

test("a 401 to a call made signed out (a background poll) leaves the sign-in form where it is", async () => {
  window.location.hash = "#/login";
  stubFetch(() => json(401, { message: "You're not logged in. Please log in to continue." }));
  const err = await failure(get("/chat/getUnreadCountsByConversation"));
  assert.equal(err.status, 401);
  assert.equal(window.location.hash, "#/login");
  assert.deepEqual(alerts, []);
});

test("an ended impersonation sends the tab back to the own account", async () => {
  setSession(user);
  startImpersonation({ uid: 9, token: "t-other", userType: 4 });
  const message = "The session in the other user's account has ended. Please start it again.";
  stubFetch(() => json(403, { message }));
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 403);
  assert.equal(sessionStorage.getItem(IMPERSONATION_KEY), null);
  assert.equal(getSession().uid, user.uid);
  assert.deepEqual(getOwnSession(), user, "the own session stays");
  assert.equal(window.location.hash, "#/home");
  assert.deepEqual(alerts, [{ kind: "error", message }]);
});
