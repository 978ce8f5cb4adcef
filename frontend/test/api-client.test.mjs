// The API client (lib/api-client.js): headers (bearer, impersonation, anti-forgery, JSON), the
// server's message and code in ApiError, and the session rules of spec 2 §8 decided by status and
// code (never by the English text), with fetch, cookies and storage stubbed.
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import { onAlert } from "../src/lib/alerts.js";
import {
  API_BASE,
  ApiError,
  api,
  endsImpersonation,
  endsSession,
  get,
  post,
  refusesCaller,
  REQUEST_TIMEOUT_MS,
} from "../src/lib/api-client.js";
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

const EXPIRED = "Your session has expired. Please log in again to continue.";
const CHANGE = "Please change your password to continue.";
const XSRF = "The anti-forgery token is missing or invalid. Please reload the page and try again.";

test("refusesCaller: an ended session, a pending password change, a missing anti-forgery cookie, by code; not a refused request", () => {
  assert.ok(refusesCaller(new ApiError(401, EXPIRED, { code: "session_expired" })));
  assert.ok(refusesCaller(new ApiError(401, "whatever the text")), "any 401");
  assert.ok(refusesCaller(new ApiError(400, "whatever the text", { code: "not_logged_in" })));
  assert.ok(refusesCaller(new ApiError(403, CHANGE, { code: "password_change_required" })));
  assert.ok(refusesCaller(new ApiError(403, XSRF, { code: "xsrf_token_invalid" })));
  assert.ok(!refusesCaller(new ApiError(403, "You do not have the right to do this.", { code: "forbidden" })));
  assert.ok(!refusesCaller(new ApiError(400, CHANGE, { code: "password_change_required" })), "only as a 403");
  assert.ok(!refusesCaller(new ApiError(0, "The server cannot be reached. Please check your connection.")));
  assert.ok(!refusesCaller(new Error(CHANGE)));
});

test("the text alone decides nothing: a 403 with the spec's texts but another code (or none) refuses the request only", () => {
  for (const text of [EXPIRED, CHANGE, XSRF, "You're not logged in. Please log in to continue."]) {
    assert.ok(!refusesCaller(new ApiError(403, text, { code: "something_else" })), text);
    assert.ok(!refusesCaller(new ApiError(403, text)), text);
    assert.ok(!endsSession(new ApiError(403, text, { code: "something_else" })), text);
  }
  assert.ok(endsSession(new ApiError(403, "any text", { code: "session_expired" })));
  assert.ok(endsImpersonation(new ApiError(403, "any text", { code: "impersonation_ended" })));
  assert.ok(!endsImpersonation(new ApiError(401, "any text", { code: "impersonation_ended" })));
  assert.ok(!endsImpersonation(new ApiError(403, "The session in the other user's account has ended. Close this tab.")));
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
  stubFetch(() =>
    json(409, { message: "Link Name already exists", code: "link_name_taken", field: "linkName", params: { name: "A" } }),
  );
  const err = await failure(post("/master/link", {}));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 409);
  assert.equal(err.message, "Link Name already exists");
  assert.equal(err.code, "link_name_taken");
  assert.equal(err.field, "linkName");
  assert.deepEqual(err.params, { name: "A" });
  assert.deepEqual(getOwnSession(), user, "the session stays");
  assert.deepEqual(alerts, [], "the caller shows the message");
});

test("an answer without a message, or not JSON, still gives a readable one", async () => {
  stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
  const err = await failure(get("/anything"));
  assert.equal(err.status, 502);
  assert.equal(err.message, "The request failed (502).");
  assert.equal(err.code, "", "no code without a body");
  assert.equal(err.field, null);
  assert.equal(err.params, null);
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
  stubFetch(() => json(401, { message: EXPIRED, code: "session_expired" }));
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 401);
  assert.equal(getOwnSession(), null);
  assert.equal(window.location.hash, "#/");
  assert.deepEqual(alerts, [{ kind: "error", message: "Your session has expired. Please log in again to continue." }]);
});

test("a 401 ends the session whatever its code or text", async () => {
  setSession(user);
  stubFetch(() => json(401, { message: "Something else entirely", code: "unclassified" }));
  await failure(get("/users/session"));
  assert.equal(getOwnSession(), null);
  assert.equal(window.location.hash, "#/");
});

test("the session codes end the session whatever the status", async () => {
  for (const code of ["session_expired", "not_logged_in"]) {
    setSession(user);
    window.location.hash = "";
    stubFetch(() => json(400, { message: "any text", code }));
    await failure(get("/users/session"));
    assert.equal(getOwnSession(), null, code);
    assert.equal(window.location.hash, "#/", code);
  }
});

test("a 403 with a session text but another code refuses the request and keeps the session", async () => {
  setSession(user);
  stubFetch(() => json(403, { message: EXPIRED, code: "customer_forbidden" }));
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 403);
  assert.equal(err.code, "customer_forbidden");
  assert.deepEqual(getOwnSession(), user, "the session stays");
  assert.equal(window.location.hash, "");
  assert.deepEqual(alerts, []);
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
  stubFetch(() => json(403, { message, code: "impersonation_ended" }));
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 403);
  assert.equal(sessionStorage.getItem(IMPERSONATION_KEY), null);
  assert.equal(getSession().uid, user.uid);
  assert.deepEqual(getOwnSession(), user, "the own session stays");
  assert.equal(window.location.hash, "#/home");
  assert.deepEqual(alerts, [{ kind: "error", message }]);
});

test("a 403 with the impersonation text but another code keeps the impersonation", async () => {
  setSession(user);
  startImpersonation({ uid: 9, token: "t-other", userType: 4 });
  stubFetch(() =>
    json(403, { message: "The session in the other user's account has ended. Close this tab.", code: "forbidden" }),
  );
  const err = await failure(get("/users/customer/visit"));
  assert.equal(err.status, 403);
  assert.equal(sessionStorage.getItem(IMPERSONATION_KEY), "t-other");
  assert.equal(getSession().uid, 9);
  assert.deepEqual(alerts, []);
});
