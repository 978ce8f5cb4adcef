// The agent's phone app offline: an installable app (manifest, service worker) that opens with no
// network, the customer search and details from the phone, visits queued offline and synced when
// the connection returns (exactly once each), a refused visit kept with its reason, the logout
// warning, per-user data on a shared phone, and the offline search's speed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SAVED_OFFLINE = "Saved on this phone, will sync";
const REFUSED = "The chosen outcome no longer exists. Please choose another.";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** The stored session of the page's user. */
const session = (p) => p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));

/** A GET of the API from this test process (so it works while the page is offline). */
async function apiGet(token, path) {
  const r = await fetch(`${app.base}/webapi/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, `GET ${path}: ${r.status}`);
  return r.json();
}

/** A POST of the API from inside an online page (the anti-forgery cookie and header). */
function apiPost(p, path, body) {
  return p.evaluate(
    async ([path, body]) => {
      if (!document.cookie.includes("XSRF-TOKEN=")) await fetch("/healthz");
      const xsrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN=")).slice(11));
      const token = JSON.parse(localStorage.getItem("fieldsales.session")).token;
      const r = await fetch(`/webapi/api${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "X-XSRF-TOKEN": xsrf, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: await r.json() };
    },
    [path, body],
  );
}

/** An agent signed in on a phone whose location is `at`, with the service worker ready. */
async function agentPhone(email, at = { latitude: 12.97, longitude: 77.59, accuracy: 25 }) {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation(at);
  await app.login(p, email);
  // Once in CI (one run of many) Today never came; say where the page was and what it showed.
  await p.waitForURL((u) => u.hash === "#/today").catch(async (e) => {
    const alerts = await p.getByRole("alert").allTextContents();
    throw new Error(`no Today after signing in as ${email}: at ${p.url()}, alerts ${JSON.stringify(alerts)}; ${e.message}`);
  });
  // The tests here start from the customer search, one tap from Today. Once in CI (one run of
  // many) the tap did not navigate within 30 s: the tap is given once more, and the log says where
  // the page was.
  const search = () => p.getByRole("link", { name: "Search customers" }).first().click();
  await search();
  await p.waitForURL((u) => u.hash === "#/customer/visit", { timeout: 10000 }).catch(async () => {
    console.log(`# Search customers did not navigate for ${email}: at ${p.url()}; tapping again`);
    await search();
    await p.waitForURL((u) => u.hash === "#/customer/visit");
  });
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return p;
}

/** An agent's phone with its copy loaded, on the visit screen of `buyerId` as the server gave it. */
async function visitScreenOnline(email, buyerId) {
  const p = await agentPhone(email);
  const { token } = await session(p);
  await offlineCopyLoaded(p);
  await p.goto(`/#/customer/visit/${buyerId}`);
  await p.getByTestId("customer-details").waitFor();
  return { p, token };
}

/** Opens a customer through the search box (offline: the phone's copy answers). */
async function openCustomer(p, typed, buyerId) {
  await p.getByLabel("Search customer").fill(typed);
  await p.getByRole("option").filter({ hasText: buyerId }).first().click();
  await p.waitForURL((u) => u.hash === `#/customer/visit/${buyerId}`);
  await p.getByTestId("customer-details").getByText(buyerId, { exact: true }).waitFor();
}

/** Saves a visit and waits for the form to clear (the save done); the alert is left to check. */
async function saveVisit(p, outcome, remark) {
  // The alert of an earlier save says the same words: gone first, so the next one is this save's.
  const dismiss = p.getByRole("button", { name: "Dismiss" });
  if (await dismiss.isVisible()) await dismiss.click();
  await p.getByLabel("Outcome").selectOption({ label: outcome });
  await p.getByLabel("Remark").fill(remark);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await p.waitForFunction(() => document.querySelector("#remark")?.value === "");
}

/** Today's visits of the caller with a remark starting with `tag`. */
async function visitsTagged(token, tag) {
  const rows = await apiGet(token, "/users/customer/FTMFTD/ftd");
  return rows.filter((r) => (r.remark || "").startsWith(tag));
}

test("the app installs: a valid manifest, and a service worker at the root that controls the page", async () => {
  const p = await app.page();
  await p.goto("/");
  const href = await p.locator("link[rel=manifest]").getAttribute("href");
  const manifest = await p.evaluate((href) => fetch(href).then((r) => r.json()), href);
  assert.equal(manifest.name, "fieldsales");
  assert.ok(manifest.short_name, "a short name");
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.theme_color, "#0f5c8c");
  const manifestUrl = new URL(href, `${app.base}/`);
  assert.equal(new URL(manifest.start_url, manifestUrl).origin + new URL(manifest.start_url, manifestUrl).pathname, `${app.base}/`);
  for (const size of ["192x192", "512x512"]) {
    const icon = manifest.icons.find((i) => i.sizes === size);
    assert.ok(icon, `an icon of ${size}`);
    const r = await p.evaluate((src) => fetch(src).then((r) => [r.status, r.headers.get("content-type")]), new URL(icon.src, manifestUrl).href);
    assert.deepEqual(r, [200, "image/png"], `${size} icon`);
  }

  const reg = await p.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active.scriptURL };
  });
  assert.equal(reg.scope, `${app.base}/`);
  assert.equal(reg.script, `${app.base}/service-worker.js`);
  await p.reload();
  assert.ok(await p.evaluate(() => !!navigator.serviceWorker.controller), "the reloaded page is controlled by the worker");
  // The worker never caches API answers; the app shell is cached whole.
  const cached = await p.evaluate(async () => {
    const names = await caches.keys();
    const urls = [];
    for (const name of names) urls.push(...(await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
    return { names, urls };
  });
  assert.equal(cached.names.length, 1, "one cache per release");
  assert.ok(cached.urls.includes("/index.html"));
  assert.ok(cached.urls.some((u) => /^\/frontend\.[0-9a-f]+\.js$/.test(u)), "the entry chunk");
  assert.ok(!cached.urls.some((u) => u.startsWith("/webapi/") || u === "/healthz"), "no API answer cached");
  if (!process.env.FIELDSALES_DIST) {
    const r = await fetch(`${app.base}/service-worker.js`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("cache-control"), "no-cache", "a new release's worker is always fetched afresh");
  }
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a new release waits until the user says Reload, then takes over the whole page", async () => {
  const p = await app.page();
  await p.goto("/");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await p.reload();
  assert.ok(await p.evaluate(() => !!navigator.serviceWorker.controller));
  // A new release, as the browser sees one: the registration's script changes (here its URL, as
  // the browser fetches a worker's script itself, past Playwright's routes).
  await p.evaluate(() => navigator.serviceWorker.register("service-worker.js?release=next", { scope: "./" }).then(() => true));
  const prompt = p.getByTestId("update-prompt");
  await prompt.getByText("A new version is ready").waitFor({ timeout: 15000 });
  const before = await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => [!!r.waiting, !!r.active]));
  assert.deepEqual(before, [true, true], "the new worker waits beside the running one");
  await Promise.all([p.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
  await p.locator("#root > *").first().waitFor();
  const controller = await p.evaluate(() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL);
  assert.ok(controller && controller.endsWith("?release=next"), `the new worker took over after the reload: ${controller}`);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("offline, an agent opens the app, finds a customer, saves three visits; back online they sync once each", async () => {
  const p = await agentPhone("agent1@demo.test");
  const { token } = await session(p);
  await offlineCopyLoaded(p);
  const posts = [];
  // On the context: a request the service worker lets through is reported there, not on the page.
  p.context().on("request", (r) => r.method() === "POST" && r.url().endsWith("/webapi/api/users/customer/details") && posts.push(r.postDataJSON()));

  await p.context().setOffline(true);
  await p.reload();
  // The service worker opened the app: the shell, the offline bar.
  await p.getByTestId("user-name").waitFor();
  await p.getByTestId("offline-bar").waitFor();

  // The phone's copy answers the search (buyer id prefix), case-insensitively.
  await openCustomer(p, "b10000", "B100001");
  await p.getByTestId("offline-details").waitFor();

  const tag = `offline-${Date.now()}`;
  for (let i = 1; i <= 3; i++) {
    await saveVisit(p, "Follow-up", `${tag} #${i}`);
    await expectAlert(p, "info", SAVED_OFFLINE);
  }
  const bar = p.getByTestId("offline-bar");
  await bar.getByText("Offline: 3 visits waiting").waitFor();
  const waitingRows = p.getByTestId("interactions").locator("tbody tr", { hasText: "Waiting to sync" });
  assert.equal(await waitingRows.count(), 3, "the queued visits head the interactions");
  assert.match(await waitingRows.first().textContent(), new RegExp(`${tag} #3`), "newest first");
  // The bar is on every screen of the shell, and leads to the waiting visits.
  await p.goto("/#/customer/details/ftd");
  await bar.waitFor();
  // That screen's own list needs the network: it says so in an alert, over the bar.
  await expectAlert(p, "error", "The server cannot be reached. Please check your connection.");
  await p.getByRole("button", { name: "Dismiss" }).click();
  await bar.getByRole("link").click();
  await p.waitForURL((u) => u.hash === "#/customer/waiting-visits");
  const listed = p.getByTestId("waiting-visits").locator("tbody tr");
  await listed.nth(2).waitFor();
  assert.equal(await listed.count(), 3);
  assert.match(await listed.first().textContent(), new RegExp(`B100001 - .*Follow-up.*Waiting to sync`), "oldest first, with customer, outcome, state");
  assert.equal(posts.length, 0, "nothing was sent while offline");

  await p.context().setOffline(false);
  await bar.waitFor({ state: "detached", timeout: 15000 });
  const synced = await visitsTagged(token, tag);
  assert.equal(synced.length, 3, `exactly three visits reached the server: ${JSON.stringify(synced)}`);
  assert.deepEqual(synced.map((v) => v.buyerID), ["B100001", "B100001", "B100001"]);
  assert.deepEqual(synced.map((v) => v.remark).sort(), [1, 2, 3].map((i) => `${tag} #${i}`));
  // What went out: a client id per visit (a retry is a duplicate), the phone's time, the accuracy.
  assert.ok(posts.length >= 3, `${posts.length} saves seen`);
  for (const body of posts) {
    assert.match(body.clientId, /^[A-Za-z0-9_-]{1,64}$/);
    assert.ok(!Number.isNaN(Date.parse(body.visitedAt)) && /(Z|[+-]\d{2}:\d{2})$/.test(body.visitedAt), body.visitedAt);
    assert.equal(body.accuracy, 25);
    assert.equal(body.latitude, 12.97);
  }
  assert.equal(new Set(posts.map((b) => b.clientId)).size, 3);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("online, the last interactions show where each visit was saved", async () => {
  // Far from every shop: the server marks the visit off-site.
  const p = await agentPhone("agent1@demo.test", { latitude: 28.61, longitude: 77.2, accuracy: 10 });
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  await saveVisit(p, "Follow-up", "Checked the location column");
  // The save says how far from the shop the check-in was.
  await p.waitForFunction(() => /^Visit saved successfully - [\d,.]+ km from the shop$/.test(document.querySelector("[data-testid=alert-success]")?.textContent));
  const first = p.getByTestId("interactions").locator("tbody tr").first();
  await first.getByText("Checked the location column").waitFor();
  const headers = await p.getByTestId("interactions").locator("thead th").allTextContents();
  assert.ok(headers.includes("Location"), `columns: ${headers}`);
  const cell = await first.locator("td[data-label=Location]").textContent();
  // B100001 has a location, about 1,900 km from Delhi.
  assert.match(cell, /^Off-site [\d,]+\.\d km$/, `the location cell: ${cell}`);
  await p.context().close();
});

test("a queued visit the server refuses stays with its reason until the agent discards it", async () => {
  const admin = await app.page();
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash !== "#/login");
  const created = await apiPost(admin, "/master/outcome", { outComeId: 0, outCome: `Retired soon ${Date.now()}` });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const outcomeId = created.body.outComeId;

  const p = await agentPhone("agent2@demo.test");
  const { token } = await session(p);
  await offlineCopyLoaded(p);
  await p.context().setOffline(true);
  await openCustomer(p, "B100002", "B100002");
  const label = await p.getByLabel("Outcome").locator(`option[value="${outcomeId}"]`).textContent();
  const tag = `refused-${Date.now()}`;
  await saveVisit(p, label, tag);
  await expectAlert(p, "info", SAVED_OFFLINE);

  const retired = await apiPost(admin, `/master/outcome/delete/${outcomeId}`, {});
  assert.equal(retired.status, 200, JSON.stringify(retired.body));
  await p.context().setOffline(false);
  const bar = p.getByTestId("offline-bar");
  await bar.getByText("1 visit not accepted: review").waitFor({ timeout: 15000 });
  await bar.getByRole("link").click();
  const row = p.getByTestId("waiting-visits").locator("tbody tr").first();
  await row.waitFor();
  assert.equal(await row.getByTestId("failure-message").textContent(), REFUSED);
  assert.match(await row.textContent(), /B100002/);
  assert.match(await row.textContent(), new RegExp(label));
  // Retry asks the server again: refused again, still there.
  await row.getByRole("button", { name: "Retry" }).click();
  await row.getByTestId("failure-message").getByText(REFUSED).waitFor();
  assert.equal(await p.getByTestId("waiting-visits").locator("tbody tr").count(), 1);
  // Discard asks first; Cancel keeps it.
  await row.getByRole("button", { name: "Discard" }).click();
  await p.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  assert.equal(await p.getByTestId("waiting-visits").locator("tbody tr").count(), 1);
  await row.getByRole("button", { name: "Discard" }).click();
  await p.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await p.getByText("No visits are waiting").waitFor();
  await bar.waitFor({ state: "detached" });
  assert.equal((await visitsTagged(token, tag)).length, 0, "the refused visit never reached the server");
  await admin.context().close();
  await p.context().close();
});

test("logout with a waiting visit warns; Sync now sends it, Discard drops it; the next user sees nothing of it", async () => {
  const p = await agentPhone("agent3@demo.test");
  const { uid } = await session(p);
  // The page's own sessions end with its logouts; this one reads what reached the server.
  const token = await app.token("agent3@demo.test");
  await offlineCopyLoaded(p);
  await p.goto("/#/customer/visit/B100003");
  await p.getByTestId("customer-details").waitFor();

  // The network fails for the save only: the visit waits on the phone.
  const failSaves = (r) => (r.request().method() === "POST" ? r.abort("internetdisconnected") : r.continue());
  await p.route("**/webapi/api/users/customer/details", failSaves);
  const kept = `kept-${Date.now()}`;
  await saveVisit(p, "Follow-up", kept);
  await expectAlert(p, "info", SAVED_OFFLINE);
  await p.getByRole("link", { name: "Logout" }).click();
  const warning = p.getByTestId("logout-warning");
  await warning.waitFor();
  assert.match(await warning.textContent(), /1 visit saved on this phone has not reached the server/);
  await warning.getByRole("button", { name: "Cancel" }).click();
  await warning.waitFor({ state: "detached" });
  assert.equal(new URL(p.url()).hash, "#/customer/visit/B100003", "Cancel stays signed in");
  // Sync now while the network still fails: the warning stays and says why.
  await p.getByRole("link", { name: "Logout" }).click();
  await warning.getByRole("button", { name: "Sync now" }).click();
  await warning.getByText("The server cannot be reached").waitFor();
  // Back: Sync now sends it and logs out.
  await p.unroute("**/webapi/api/users/customer/details", failSaves);
  await warning.getByRole("button", { name: "Sync now" }).click();
  await p.waitForURL((u) => u.hash === "#/login");
  assert.equal((await visitsTagged(token, kept)).length, 1);

  // Offline, a visit, then "Discard 1 visit": gone from the phone and never sent.
  // The deletion may wait a moment for a connection the sync still had open (it closes on the
  // deletion's versionchange), so the check waits for it rather than racing it.
  const gone = await p
    .waitForFunction(
      (name) => indexedDB.databases().then((l) => !l.some((d) => d.name === name)),
      `fieldsales-offline-${uid}`,
      { timeout: 10_000 },
    )
    .then(() => true, () => false);
  const dbsAfterLogout = await p.evaluate(() => indexedDB.databases().then((l) => l.map((d) => d.name)));
  assert.ok(gone, `logging out removed the agent's offline data: ${dbsAfterLogout}`);
  const relogin = Date.now() - 1000;
  await app.login(p, "agent3@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.getByRole("link", { name: "Search customers" }).first().click();
  await p.waitForURL((u) => u.hash === "#/customer/visit");
  await offlineCopyLoaded(p, { since: relogin });
  await p.context().setOffline(true);
  await openCustomer(p, "B100003", "B100003");
  const dropped = `dropped-${Date.now()}`;
  await saveVisit(p, "Follow-up", dropped);
  await expectAlert(p, "info", SAVED_OFFLINE);
  await p.getByRole("link", { name: "Logout" }).click();
  await warning.getByRole("button", { name: "Discard 1 visit" }).click();
  await p.waitForURL((u) => u.hash === "#/login");
  const dbs = await p.evaluate(() => indexedDB.databases().then((l) => l.map((d) => d.name)));
  assert.ok(!dbs.includes(`fieldsales-offline-${uid}`), `the agent's offline data is gone: ${dbs}`);
  await p.context().setOffline(false);

  // Another agent on the same phone: their own (empty) queue, none of agent3's customers.
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await offlineCopyLoaded(p);
  await p.goto("/#/customer/waiting-visits");
  await p.getByText("No visits are waiting").waitFor();
  assert.equal((await visitsTagged(token, dropped)).length, 0, "the discarded visit never reached the server");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

/** Records the visit saves the page sends: their clientIds, and the token each carried. */
function recordSaves(p) {
  const saves = [];
  p.context().on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/webapi/api/users/customer/details"))
      saves.push({ clientId: r.postDataJSON().clientId, token: (r.headers().authorization || "").slice(7) });
  });
  return saves;
}

/** Waits until the server has `count` visits of the caller tagged `tag`; returns them. */
async function visitsArrive(token, tag, count = 1) {
  const deadline = Date.now() + 20000;
  for (;;) {
    const rows = await visitsTagged(token, tag);
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits for the sign-in screen (the API client sends an ended session to "#/", which shows it). */
const signInShown = (p) => p.getByLabel("Login ID").waitFor();

/** Sends what waits from the Waiting visits screen, and waits until nothing does. */
async function syncFromWaitingScreen(p) {
  await p.goto("/#/customer/waiting-visits");
  await p.getByRole("button", { name: "Sync now" }).click();
  await p.getByText("No visits are waiting").waitFor({ timeout: 15000 });
}

test("signed in with a temporary password, nothing is sent until it is changed; then the waiting visit reaches the server once", async () => {
  const p = await agentPhone("agent4@demo.test");
  await offlineCopyLoaded(p);
  const saves = recordSaves(p);
  await p.context().setOffline(true);
  await openCustomer(p, "B100004", "B100004");
  const tag = `temporary-${Date.now()}`;
  await saveVisit(p, "Follow-up", tag);
  await expectAlert(p, "info", SAVED_OFFLINE);

  // An administrator resets the password meanwhile; the phone learns it as its round's save is
  // answered 401 (the server's session cache may take a moment, so the answer is made here).
  app.cli("user", "reset-password", "agent4@demo.test");
  const temp = app.mailed("agent4@demo.test", "Temporary password: ");
  const ended = (r) => {
    const message = "Your session has expired. Please log in again to continue.";
    return r.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ message, code: "session_expired" }) });
  };
  await p.route("**/webapi/api/users/customer/details", ended, { times: 1 });
  await p.context().setOffline(false);
  await signInShown(p);
  const before = saves.length;
  await app.login(p, "agent4@demo.test", temp);
  await p.waitForURL((u) => u.hash === "#/app/force-password-update");
  // The server refuses everything but the change now: a round here would mark the visit refused.
  await p.waitForTimeout(2000);
  assert.equal(saves.length, before, "nothing is sent under the temporary password");

  await p.getByLabel("Current Password").fill(temp);
  await p.getByLabel("New Password").fill("BrandNewPass42");
  await p.getByLabel("Confirm Password").fill("BrandNewPass42");
  await p.getByRole("button", { name: "Submit" }).click();
  await p.waitForURL((u) => u.hash === "#/login");
  await app.login(p, "agent4@demo.test", "BrandNewPass42");
  await p.waitForURL((u) => u.hash === "#/today");
  const { token } = await session(p);
  const arrived = await visitsArrive(token, tag);
  assert.equal(arrived.length, 1, `the visit reached the server once: ${JSON.stringify(arrived)}`);
  await p.getByTestId("offline-bar").waitFor({ state: "detached" });
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a round refused for the anti-forgery cookie leaves the visit waiting, not refused; the next round sends it once", async () => {
  const p = await agentPhone("agent2@demo.test");
  const { token } = await session(p);
  await offlineCopyLoaded(p);
  await p.context().setOffline(true);
  await openCustomer(p, "B100002", "B100002");
  const tag = `xsrf-${Date.now()}`;
  await saveVisit(p, "Follow-up", tag);
  await expectAlert(p, "info", SAVED_OFFLINE);

  let refused = 0;
  const refuse = (r) => {
    if (r.request().method() !== "POST") return r.continue();
    refused++;
    const message = "The anti-forgery token is missing or invalid. Please reload the page and try again.";
    return r.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ message, code: "xsrf_token_invalid" }) });
  };
  await p.route("**/webapi/api/users/customer/details", refuse);
  await p.context().setOffline(false);
  const deadline = Date.now() + 15000;
  while (!refused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.ok(refused, "the round sent the visit");
  const bar = p.getByTestId("offline-bar");
  // The round is over once the bar no longer says it syncs.
  await p.waitForFunction(() => !/^Syncing/.test(document.querySelector("[data-testid=offline-bar]")?.textContent || ""));
  assert.equal(await bar.textContent(), "1 visit waiting to sync");

  await p.unroute("**/webapi/api/users/customer/details", refuse);
  await syncFromWaitingScreen(p);
  assert.equal((await visitsTagged(token, tag)).length, 1);
  await p.context().close();
});

test("the network lost as a save asks for the anti-forgery cookie: the visit is queued, and sent once later", async () => {
  const { p, token } = await visitScreenOnline("agent3@demo.test", "B100003");
  // The browser still says online; no request gets through, and the page has no cookie yet.
  const lost = (r) => r.abort("internetdisconnected");
  await p.context().route("**/healthz", lost);
  await p.route("**/webapi/**", lost);
  await p.context().clearCookies();
  const tag = `no-cookie-${Date.now()}`;
  await saveVisit(p, "Follow-up", tag);
  await expectAlert(p, "info", SAVED_OFFLINE);
  await p.getByTestId("offline-bar").getByText("Offline: 1 visit waiting").waitFor();

  await p.context().unroute("**/healthz", lost);
  await p.unroute("**/webapi/**", lost);
  await p.context().setOffline(true);
  await p.context().setOffline(false);
  await p.getByTestId("offline-bar").waitFor({ state: "detached", timeout: 15000 });
  assert.equal((await visitsTagged(token, tag)).length, 1);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("an online save answered 503 after the server kept it is queued under the same clientId; the resend is its duplicate", async () => {
  const { p, token } = await visitScreenOnline("agent1@demo.test", "B100001");
  const saves = recordSaves(p);
  // The server saves the visit, but its answer is lost to a proxy's 503.
  const lostAnswer = async (r) => {
    if (r.request().method() !== "POST") return r.continue();
    await r.fetch();
    return r.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable.", code: "server_busy" }) });
  };
  await p.route("**/webapi/api/users/customer/details", lostAnswer);
  const tag = `lost-answer-${Date.now()}`;
  await saveVisit(p, "Follow-up", tag);
  await expectAlert(p, "info", SAVED_OFFLINE);
  await p.unroute("**/webapi/api/users/customer/details", lostAnswer);

  await syncFromWaitingScreen(p);
  assert.equal(saves.length, 2, "sent twice");
  assert.equal(saves[1].clientId, saves[0].clientId, "under one clientId");
  assert.equal((await visitsTagged(token, tag)).length, 1, "one visit at the server");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("an online save whose session expired is queued under its clientId and sent after the agent signs in again", async () => {
  const { p } = await visitScreenOnline("agent1@demo.test", "B100001");
  const saves = recordSaves(p);
  const expired = (r) => {
    if (r.request().method() !== "POST") return r.continue();
    const message = "Your session has expired. Please log in again to continue.";
    return r.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ message, code: "session_expired" }) });
  };
  await p.route("**/webapi/api/users/customer/details", expired);
  const tag = `expired-${Date.now()}`;
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill(tag);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await signInShown(p);
  await expectAlert(p, "info", "Saved on this phone, will sync after you sign in again");
  await p.unroute("**/webapi/api/users/customer/details", expired);
  // Whoever signs in next on this phone is told that it waits, and for whom.
  const note = p.getByTestId("waiting-for-signed-out");
  assert.equal(
    await note.textContent(),
    "Not sent yet: 1 visit or order saved on this phone. It goes to the server when the agent who saved it signs in here again.",
  );

  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const { token } = await session(p);
  const arrived = await visitsArrive(token, tag);
  assert.equal(arrived.length, 1, `one visit at the server: ${JSON.stringify(arrived)}`);
  assert.equal(saves.length, 2);
  assert.equal(saves[1].clientId, saves[0].clientId, "the queued visit kept its clientId");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("an agent's phone asks the browser to keep its offline data; an administrator's does not", async () => {
  for (const [email, asks] of [
    ["agent1@demo.test", true],
    ["admin@demo.test", false],
  ]) {
    const p = await app.page();
    await p.addInitScript(() => {
      window.__persistAsked = 0;
      if (navigator.storage) navigator.storage.persist = async () => (window.__persistAsked++, true);
    });
    await app.login(p, email);
    await p.waitForURL((u) => !u.hash.startsWith("#/login"));
    if (asks) await p.waitForFunction(() => window.__persistAsked > 0, null, { timeout: 10000 });
    else {
      await p.waitForTimeout(1500);
      assert.equal(await p.evaluate(() => window.__persistAsked), 0, `${email} keeps no offline data`);
    }
    await p.context().close();
  }
});

/** Whether the phone keeps the visit screen of `buyerId` for offline use. */
const screenKept = (p, uid, buyerId) =>
  p.evaluate(
    ([uid, buyerId]) =>
      new Promise((ok, fail) => {
        const open = indexedDB.open(`fieldsales-offline-${uid}`);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("details").objectStore("details").get(buyerId);
          get.onsuccess = () => {
            open.result.close();
            ok(!!get.result);
          };
        };
      }),
    [uid, buyerId],
  );

test("a customer given to another agent leaves the phone: its copy and its visit screen kept for offline", async () => {
  const p = await agentPhone("agent3@demo.test");
  const { token, uid } = await session(p);
  await offlineCopyLoaded(p);
  const mine = (await apiGet(token, "/users/customer/offline?cursor=")).customers;
  const given = mine[mine.length - 1];
  await openCustomer(p, given.buyerId, given.buyerId);
  const deadline = Date.now() + 10000;
  while (!(await screenKept(p, uid, given.buyerId))) {
    assert.ok(Date.now() < deadline, "the visit screen was kept for offline");
    await new Promise((r) => setTimeout(r, 100));
  }

  // An administrator gives the customer to agent1 (a customer upload naming another agent).
  const started = Date.now();
  const file = join(mkdtempSync(join(tmpdir(), "fieldsales-offline-")), "customers.xlsx");
  const header = ["Buyer ID", "Buyer Name", "Mobile", "Email", "Address 1", "Address 2", "Postal Code", "City", "State", "Country"];
  const rows = [
    [...header, "Info", "Latitude", "Longitude", "Retailer Type", "Agent Email"],
    [given.buyerId, given.buyerName, "9876512345", "", "", "", "", "", "", "India", "", "", "", "Retailer", "agent1@demo.test"],
  ];
  execFileSync("python3", [join(here, "make_xlsx.py"), file, JSON.stringify(rows)]);
  assert.match(app.cli("import", "customer", file, "--as", "admin@demo.test"), /1 row uploaded, 0 rejected\./);

  // The phone's next refresh (back online) takes the customer off it, with its kept screen.
  await p.context().setOffline(true);
  await p.context().setOffline(false);
  await offlineCopyLoaded(p, { since: started });
  assert.equal(await screenKept(p, uid, given.buyerId), false, "the kept visit screen went with the customer");
  // Offline, neither the kept screen nor the copy (nor the search index over it) knows it now.
  await p.context().setOffline(true);
  await p.goto("/#/customer/visit");
  // The search screen settled first: on a busy machine the customer's address, opened while the
  // search screen was still coming, was answered by neither (the alert never came, once in CI).
  await p.getByLabel("Search customer").waitFor();
  await p.goto(`/#/customer/visit/${encodeURIComponent(given.buyerId)}`);
  await expectAlert(p, "error", "Offline: this customer is not on this phone.");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("the offline search answers in well under 50 ms over 5,000 customers (CPU slowed 4x)", async (t) => {
  const p = await app.page();
  await p.goto("/");
  const cdp = await p.context().newCDPSession(p);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The very code the app runs (lib/offline/search-index.js), loaded into the page.
  const source = readFileSync(join(here, "../../frontend/src/lib/offline/search-index.js"), "utf8").replace(/^export /gm, "");
  const r = await p.evaluate((source) => {
    const { buildIndex, searchIndex } = new Function(`${source}; return { buildIndex, searchIndex };`)();
    const words = ["Sri", "Lakshmi", "Ganesh", "Balaji", "Durga", "Royal", "Metro", "Super", "Family", "Shree"];
    const kinds = ["Stores", "Traders", "Kirana", "Mart", "Provisions", "Agencies"];
    const customers = Array.from({ length: 5000 }, (_, i) => ({
      buyerId: `B${String(100001 + i).padStart(6, "0")}`,
      buyerName: `${words[i % words.length]} ${kinds[(i * 7) % kinds.length]} ${i}`,
      mobile: `9${String((i * 7919) % 1e9).padStart(9, "0")}`,
      city: "Bengaluru",
    }));
    let t0 = performance.now();
    const index = buildIndex(customers);
    const buildMs = performance.now() - t0;
    const queries = ["b1034", "lakshmi", "MART 12", "98", "zzz", "b1", "shree kirana", "9000", "royal", "4999"];
    let hits = 0;
    const times = [];
    t0 = performance.now();
    for (let i = 0; i < 1000; i++) {
      const s = performance.now();
      hits += searchIndex(index, queries[i % queries.length]).length;
      times.push(performance.now() - s);
    }
    const totalMs = performance.now() - t0;
    times.sort((a, b) => a - b);
    return { buildMs, totalMs, p50: times[499], p99: times[989], worst: times[999], hits };
  }, source);
  // The worst single one can catch a pause of the throttled CPU (or a GC): the 99th percentile
  // and the mean are the search's own cost.
  const mean = r.totalMs / 1000;
  t.diagnostic(
    `index of 5,000 built in ${r.buildMs.toFixed(1)} ms; 1,000 searches in ${r.totalMs.toFixed(1)} ms ` +
      `(mean ${mean.toFixed(3)} ms, p50 ${r.p50.toFixed(3)} ms, p99 ${r.p99.toFixed(2)} ms, worst ${r.worst.toFixed(2)} ms), CPU 4x slower`,
  );
  assert.ok(r.hits > 0);
  assert.ok(r.p99 < 50 && mean < 50, `p99 ${r.p99} ms, mean ${mean} ms`);
  assert.ok(r.buildMs < 500, `index built in ${r.buildMs} ms`);
  await p.context().close();
});
