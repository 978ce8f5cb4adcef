// The agent's day (Today, issue #19): the agent's home on a phone with the plan's own numbers, the
// customers in beat order one tap from their visit screens, a visit saved there counted on the
// way back; nearest first by the phone's position; the stored plan offline with the phone's
// waiting visit counted in; a manager's view of one agent's day; the dashboards' four plan tiles.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** A GET of the API as the page's signed-in user. */
const api = (p, path) =>
  p.evaluate(async (path) => {
    const { token } = JSON.parse(localStorage.getItem("fieldsales.session"));
    const r = await fetch(`/webapi/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r.json();
  }, path);

const progressOf = (plan) => `${plan.visitedAsPlanned} of ${plan.planned} visited, ${plan.productive} ordered`;

/** Waits until the progress line says exactly `text`. */
async function progressIs(p, text) {
  try {
    await p.waitForFunction((t) => document.querySelector("[data-testid=plan-progress]")?.textContent === t, text, { timeout: 10000 });
  } finally {
    assert.equal(await p.getByTestId("plan-progress").textContent(), text);
  }
}

/** The planned customers as listed: [{ id, state, text }]. */
const listed = (p) =>
  p
    .getByTestId("plan-list")
    .getByTestId("plan-item")
    .evaluateAll((items) => items.map((e) => ({ id: e.dataset.buyerId, state: e.dataset.state, text: e.textContent })));

const item = (p, buyerId) => p.locator(`[data-testid=plan-list] [data-testid=plan-item][data-buyer-id="${buyerId}"]`);

const hasPosition = (c) => c.latitude != null && c.longitude != null;

/** Metres between two positions (haversine), as the screen computes them. */
function metres(a, b) {
  const rad = (d) => (d * Math.PI) / 180;
  const h = Math.sin((rad(b.latitude) - rad(a.latitude)) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin((rad(b.longitude) - rad(a.longitude)) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

/** "24-Nov-2026" of "2026-11-24". */
function shownDate(iso) {
  const [y, m, d] = iso.split("-");
  return `${d}-${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(m) - 1]}-${y}`;
}

/** Opens a planned customer by tapping it and saves a visit there; `alert` is the save's message. */
async function visitFromToday(p, buyerId, kind, alert) {
  await item(p, buyerId).getByRole("link").click();
  await p.waitForURL((u) => u.hash === `#/customer/visit/${buyerId}`);
  await p.getByTestId("customer-details").getByText(buyerId, { exact: true }).waitFor();
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill(`Planned stop ${buyerId}`);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await expectAlert(p, kind, alert);
  await p.goBack();
  await p.waitForURL((u) => u.hash === "#/today");
}

test("an agent lands on Today: the plan's numbers, its customers in order one tap from a visit that counts on the way back", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const plan = await api(p, "/users/plan/today");
  assert.ok(plan.planned > 0 && plan.visitedAsPlanned < plan.planned, `the demo day has customers left to visit: ${progressOf(plan)}`);
  await progressIs(p, progressOf(plan));
  const bar = p.getByRole("progressbar");
  assert.equal(await bar.getAttribute("aria-valuenow"), String(plan.visitedAsPlanned));
  assert.equal(await bar.getAttribute("aria-valuemax"), String(plan.planned));

  // The day: its date and beats.
  const day = await p.getByTestId("plan-day").textContent();
  assert.ok(day.includes(shownDate(plan.date)), day);
  for (const b of plan.beats) assert.ok(day.includes(b.beatName), `${b.beatName} in "${day}"`);

  // The planned customers in beat order, each with its state; the unplanned ones apart.
  const rows = await listed(p);
  assert.deepEqual(
    rows.map((r) => r.id),
    plan.customers.map((c) => c.buyerId),
  );
  for (const [i, c] of plan.customers.entries()) {
    assert.match(rows[i].text, c.visited ? /Visited/ : /Not visited/, `${c.buyerId}: ${rows[i].text}`);
    assert.equal(rows[i].state === "none", !c.visited && !c.ordered, `${c.buyerId} is ${rows[i].state}`);
    if (c.ordered) assert.match(rows[i].text, /Ordered/);
    if (c.locationStatus === "no-location") assert.match(rows[i].text, /No location/);
  }
  if (plan.unplannedVisits.length) {
    await p.getByRole("heading", { name: `Unplanned visits (${plan.unplannedVisits.length})` }).waitFor();
    const unplanned = await p.getByTestId("unplanned-list").getByTestId("plan-item").evaluateAll((l) => l.map((e) => e.dataset.buyerId));
    assert.deepEqual(
      unplanned,
      plan.unplannedVisits.map((u) => u.buyerId),
    );
  }
  // The search and the map one tap away.
  assert.equal(await p.getByRole("link", { name: "Search customers" }).first().getAttribute("href"), "#/customer/visit");
  assert.equal(await p.getByRole("link", { name: "Show on map" }).getAttribute("href"), "#/map/today");

  // One tap opens the visit screen; the visit saved there shows on the way back.
  const next = plan.customers.find((c) => !c.visited && !c.ordered);
  await visitFromToday(p, next.buyerId, "success", "Visit saved successfully - location off on this phone");
  await progressIs(p, progressOf({ ...plan, visitedAsPlanned: plan.visitedAsPlanned + 1 }));
  const now = item(p, next.buyerId);
  assert.notEqual(await now.getAttribute("data-state"), "none");
  assert.match(await now.textContent(), /Visited/);
  assert.doesNotMatch(await now.textContent(), /Not visited/);
  // The page fits the phone.
  assert.ok((await p.evaluate(() => document.scrollingElement.scrollWidth)) <= 390);
  assert.deepEqual(p.pageErrors, []);
  assert.deepEqual(p.consoleErrors, []);
  await p.context().close();
});

test("signing in, Today asks the server for the agent's plan and working day once each", async () => {
  const p = await app.page();
  const asked = { "/users/plan/today": 0, "/users/day/today": 0 };
  p.on("request", (r) => {
    const path = new URL(r.url()).pathname.replace(/^.*\/webapi\/api/, "");
    if (path in asked) asked[path] += 1;
  });
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.getByTestId("plan-progress").waitFor();
  // By the time the offline copy is stored, the phone's queue has been counted at start (which
  // used to load both again).
  await offlineCopyLoaded(p);
  await p.waitForTimeout(500);
  assert.deepEqual(asked, { "/users/plan/today": 1, "/users/day/today": 1 });
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("nearest first: on the button once the position is allowed, and by itself when it already is", async () => {
  const p = await app.page();
  await app.login(p, "agent3@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const plan = await api(p, "/users/plan/today");
  const located = plan.customers.filter(hasPosition);
  assert.ok(located.length >= 3, `the demo plan has ${located.length} located customers`);
  // The phone stands about 110 m north of the plan's last located customer.
  const last = located[located.length - 1];
  const here = { latitude: last.latitude + 0.001, longitude: last.longitude };
  const nearest = [...located].sort((a, b) => metres(here, a) - metres(here, b)).map((c) => c.buyerId);
  const expected = [...nearest, ...plan.customers.filter((c) => !hasPosition(c)).map((c) => c.buyerId)];
  const planOrder = plan.customers.map((c) => c.buyerId);
  assert.notDeepEqual(expected, planOrder, "the test needs an order that differs from the plan's");

  // Not allowed: the plan's order, and nothing asked.
  await progressIs(p, progressOf(plan));
  assert.deepEqual(
    (await listed(p)).map((r) => r.id),
    planOrder,
  );
  assert.equal(await p.getByRole("button", { name: "Nearest first" }).getAttribute("aria-pressed"), "false");
  assert.equal(await p.locator(".plan-distance").count(), 0);

  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation(here);
  await p.getByRole("button", { name: "Nearest first" }).click();
  await p.waitForFunction((id) => document.querySelector("[data-testid=plan-list] [data-testid=plan-item]")?.dataset.buyerId === id, expected[0]);
  assert.deepEqual(
    (await listed(p)).map((r) => r.id),
    expected,
  );
  assert.equal(await p.getByRole("button", { name: "Nearest first" }).getAttribute("aria-pressed"), "true");
  // Distances beside the located customers, nearest first: about 110 m to the first.
  const distances = await p.locator("[data-testid=plan-list] .plan-distance").allTextContents();
  assert.equal(distances.length, located.length);
  assert.match(distances[0], /^1[01]\d m$/, distances[0]);
  const inMetres = distances.map((d) => (d.endsWith(" km") ? parseFloat(d) * 1000 : parseFloat(d)));
  for (let i = 1; i < inMetres.length; i++) assert.ok(inMetres[i] >= inMetres[i - 1], `distances ascend: ${distances}`);
  await p.getByRole("button", { name: "Plan order" }).click();
  assert.deepEqual(
    (await listed(p)).map((r) => r.id),
    planOrder,
  );
  await p.context().close();

  // Already allowed: Today sorts by itself (without waiting on the position to show the plan).
  const q = await app.page();
  await q.context().grantPermissions(["geolocation"], { origin: app.base });
  await q.context().setGeolocation(here);
  await app.login(q, "agent3@demo.test");
  await q.waitForURL((u) => u.hash === "#/today");
  await q.waitForFunction((id) => document.querySelector("[data-testid=plan-list] [data-testid=plan-item]")?.dataset.buyerId === id, expected[0]);
  assert.deepEqual(
    (await listed(q)).map((r) => r.id),
    expected,
  );
  assert.deepEqual(q.pageErrors, []);
  await q.context().close();
});

/** Waits until the phone keeps a plan for the page's user (IndexedDB, the store's meta). */
async function planKept(p) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const kept = await p.evaluate(async () => {
      const { uid } = JSON.parse(localStorage.getItem("fieldsales.session"));
      const name = `fieldsales-offline-${uid}`;
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return false;
      const db = await new Promise((ok, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      try {
        if (!db.objectStoreNames.contains("meta")) return false;
        return await new Promise((ok) => {
          const r = db.transaction("meta").objectStore("meta").get("plan");
          r.onsuccess = () => ok(!!r.result);
        });
      } finally {
        db.close();
      }
    });
    if (kept) return;
    assert.ok(Date.now() < deadline, "the plan was not kept on the phone");
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("offline, Today opens from the plan kept on the phone, and a visit saved offline counts at once", async () => {
  const p = await app.page();
  await app.login(p, "agent2@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const plan = await api(p, "/users/plan/today");
  await progressIs(p, progressOf(plan));
  const order = (await listed(p)).map((r) => r.id);
  const next = plan.customers.find((c) => !c.visited && !c.ordered);
  // Seen online once: its visit screen and the outcomes stay on the phone.
  await item(p, next.buyerId).getByRole("link").click();
  await p.getByTestId("customer-details").getByText(next.buyerId, { exact: true }).waitFor();
  await p.getByLabel("Outcome").locator("option", { hasText: "Follow-up" }).waitFor({ state: "attached" });
  await p.goBack();
  await progressIs(p, progressOf(plan));
  await planKept(p);

  await p.context().setOffline(true);
  await p.reload();
  const note = p.getByTestId("offline-plan");
  await note.waitFor();
  assert.match(await note.textContent(), /^Offline: the plan as loaded on \d{2}-\w{3}-\d{4} \d{2}:\d{2}\.$/);
  await progressIs(p, progressOf(plan));
  assert.deepEqual(
    (await listed(p)).map((r) => r.id),
    order,
  );

  // A visit saved offline waits on the phone, and Today counts it already.
  await visitFromToday(p, next.buyerId, "info", "Saved on this phone, will sync");
  await note.waitFor();
  await progressIs(p, progressOf({ ...plan, visitedAsPlanned: plan.visitedAsPlanned + 1 }));
  await item(p, next.buyerId).getByText("Waiting to sync").waitFor();
  assert.notEqual(await item(p, next.buyerId).getAttribute("data-state"), "none");

  // Online again: the visit goes, and Today shows the server's plan with it.
  await p.context().setOffline(false);
  await note.waitFor({ state: "detached", timeout: 15000 });
  await item(p, next.buyerId).getByText("Waiting to sync").waitFor({ state: "detached", timeout: 15000 });
  await progressIs(p, progressOf({ ...plan, visitedAsPlanned: plan.visitedAsPlanned + 1 }));
  const after = await api(p, "/users/plan/today");
  assert.equal(after.visitedAsPlanned, plan.visitedAsPlanned + 1);
  assert.equal(after.customers.find((c) => c.buyerId === next.buyerId).visited, true);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a manager opens an agent's day at #/today/<agentId> or picks the agent; an agent cannot", async () => {
  const m = await app.page({ width: 1280, height: 800 });
  await app.login(m, "am@demo.test");
  await m.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  const agents = await api(m, "/master/allagent?addSelfAccount=false");
  const ravi = agents.find((a) => a.name === "Ravi Kumar");
  const other = agents.find((a) => a.name !== "Ravi Kumar");

  await m.goto("/#/today");
  await m.getByLabel("Agent").selectOption({ label: "Ravi Kumar" });
  await m.waitForURL((u) => u.hash === `#/today/${ravi.uid}`);
  await m.getByRole("heading", { name: "Today: Ravi Kumar" }).waitFor();
  const plan = await api(m, `/users/plan/today?agentId=${ravi.uid}`);
  await progressIs(m, progressOf(plan));
  assert.deepEqual(
    (await listed(m)).map((r) => r.id),
    plan.customers.map((c) => c.buyerId),
  );
  assert.equal(await m.getByRole("link", { name: "Show on map" }).getAttribute("href"), `#/map/today/${ravi.uid}`);
  // No "nearest first" on someone else's day.
  assert.equal(await m.getByRole("button", { name: "Nearest first" }).count(), 0);

  await m.goto(`/#/today/${other.uid}`);
  await m.getByRole("heading", { name: `Today: ${other.name}` }).waitFor();
  await progressIs(m, progressOf(await api(m, `/users/plan/today?agentId=${other.uid}`)));
  assert.deepEqual(m.pageErrors, []);
  await m.context().close();

  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto(`/#/today/${other.uid}`);
  await p.waitForURL((u) => u.hash === "#/unauthorized");
  await p.context().close();
});

/** The plan tiles as [label, value] pairs, and where they lead (null: not a link). */
const planTiles = (p) =>
  p
    .getByTestId("plan-tiles")
    .locator(".tile")
    .evaluateAll((tiles) => tiles.map((t) => [t.querySelector(".tile-label").textContent, t.querySelector(".tile-value").textContent, t.getAttribute("href")]));

const tilesOf = (landing, href) => [
  ["Planned Today", String(landing.plannedToday), href],
  ["Visited As Planned", String(landing.visitedAsPlannedToday), href],
  ["Ordered As Planned", String(landing.productiveToday), href],
  ["Unplanned Visits", String(landing.unplannedToday), href],
];

test("the dashboard shows today's plan in four tiles, for the agent and the manager", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const { uid } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  await p.goto("/#/landing/retailer-bucket");
  await p.getByTestId("plan-tiles").waitFor();
  const landing = await api(p, `/users/landing/${uid}`);
  const plan = await api(p, "/users/plan/today");
  assert.equal(landing.plannedToday, plan.planned);
  assert.equal(landing.visitedAsPlannedToday, plan.visitedAsPlanned);
  assert.deepEqual(await planTiles(p), tilesOf(landing, "#/today"));
  await p.context().close();

  const m = await app.page({ width: 1280, height: 800 });
  await app.login(m, "am@demo.test");
  await m.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await m.getByTestId("plan-tiles").waitFor();
  // All agents together: the sums, not a link to one agent's day.
  assert.deepEqual(await planTiles(m), tilesOf(await api(m, "/users/landing/0"), null));
  await m.getByLabel("Agent").selectOption({ label: "Ravi Kumar" });
  await m.waitForURL((u) => u.hash === `#/landing/retailer-bucket-agent/${uid}`);
  const one = await api(m, `/users/landing/${uid}`);
  await m.waitForFunction((v) => document.querySelector("[data-testid=plan-tiles] .tile-value")?.textContent === v, String(one.plannedToday));
  assert.deepEqual(await planTiles(m), tilesOf(one, `#/today/${uid}`));
  await m.getByTestId("plan-tiles").locator(".tile").first().click();
  await m.waitForURL((u) => u.hash === `#/today/${uid}`);
  await progressIs(m, progressOf(await api(m, `/users/plan/today?agentId=${uid}`)));
  assert.deepEqual(m.pageErrors, []);
  await m.context().close();
});
