// The map (issue #19): Leaflet only in the map's own chunk (not on the first load); the day plan as
// numbered pins in the plan's order, coloured by state, inside the map, with the legend and the
// customers without a position; tiles from the server's setting (a route of the test answers
// them: no test reaches the internet), none when the setting is "" or when they fail; "Show on
// map" from a bucket list shows that page's customers.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex");
const TILES = "http://tiles.test/{z}/{x}/{y}.png";

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

const hasPosition = (c) => c.latitude != null && c.longitude != null;

/** The pin state of a planned customer, as the screens work it out (lib/plan.js planStatus). */
function planStatus(c) {
  if (c.ordered) return "ordered";
  if (!c.visited) return "none";
  if (c.locationStatus === "verified") return "verified";
  if (c.locationStatus === "off-site" || c.locationStatus === "no-location") return "offsite";
  return "visited";
}

/** Every pin: its number, customer, state class and box; and the map's box. */
const pinsOf = (p) =>
  p.evaluate(() => {
    const box = (e) => e.getBoundingClientRect().toJSON();
    const map = document.querySelector("[data-testid=map]");
    const pins = [...map.querySelectorAll("[data-testid=map-pin]")].map((e) => ({
      seq: Number(e.textContent),
      id: e.dataset.buyerId,
      state: [...e.classList].find((c) => c.startsWith("pin-")).slice(4),
      box: box(e),
    }));
    return { map: box(map), pins };
  });

const inside = (b, outer) => b.left >= outer.left && b.right <= outer.right && b.top >= outer.top && b.bottom <= outer.bottom && b.width > 0;

async function signedIn(a, email, viewport) {
  const p = await a.page(viewport);
  await a.login(p, email);
  await p.waitForURL((u) => !["#/login", "#/", ""].includes(u.hash));
  return p;
}

test("Leaflet and its styles load with the map, not on the first load", async () => {
  const p = await signedIn(app, "agent1@demo.test");
  await p.getByTestId("plan-progress").waitFor();
  const files = () => p.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((n) => /\.(js|css)$/.test(n)));
  const leafletIn = (paths) => p.evaluate((paths) => Promise.all(paths.map((f) => fetch(f).then((r) => r.text()).then((t) => t.includes("leaflet-pane")))), paths);
  const first = await files();
  assert.ok(first.some((f) => f.endsWith(".js")), `scripts of the first load: ${first}`);
  assert.equal(await p.evaluate(() => typeof window.L), "undefined", "Leaflet ran on the first load");
  assert.deepEqual(await leafletIn(first), first.map(() => false), `no file of the first load holds Leaflet: ${first}`);
  const leafletStyles = () => p.evaluate(() => [...document.styleSheets].some((s) => [...s.cssRules].some((r) => r.selectorText === ".leaflet-container")));
  assert.equal(await leafletStyles(), false);

  await p.getByRole("link", { name: "Show on map" }).click();
  await p.waitForURL((u) => u.hash === "#/map/today");
  await p.getByTestId("map-pin").first().waitFor();
  const added = (await files()).filter((f) => !first.includes(f));
  assert.ok(added.some((f) => f.endsWith(".css")), `the map brings its styles: ${added}`);
  assert.ok((await leafletIn(added)).some(Boolean), `the map's files hold Leaflet: ${added}`);
  assert.equal(await p.evaluate(() => typeof window.L), "object");
  assert.equal(await leafletStyles(), true);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("#/map/today: a numbered pin per located customer inside the map, coloured as the legend says, the others listed", async () => {
  const p = await signedIn(app, "agent1@demo.test");
  const tileRequests = [];
  p.on("request", (r) => /\/\d+\/\d+\/\d+\.png/.test(r.url()) && tileRequests.push(r.url()));
  await p.goto("/#/map/today");
  const plan = await api(p, "/users/plan/today");
  const located = plan.customers.map((c, i) => ({ ...c, seq: i + 1 })).filter(hasPosition);
  const unlocated = plan.customers.length - located.length;
  assert.ok(located.length >= 2, `the demo plan has ${located.length} located customers`);
  await p.getByTestId("map-pin").nth(located.length - 1).waitFor();
  // The map has fitted itself to the pins (Leaflet's zoom animation over).
  await p.waitForTimeout(600);

  const { map, pins } = await pinsOf(p);
  assert.equal(pins.length, located.length);
  assert.deepEqual(
    pins.map((x) => [x.id, x.seq, x.state]).sort((a, b) => a[1] - b[1]),
    located.map((c) => [c.buyerId, c.seq, planStatus(c)]),
  );
  for (const x of pins) assert.ok(inside(x.box, map), `pin ${x.seq} at ${JSON.stringify(x.box)} is inside the map ${JSON.stringify(map)}`);
  // The legend names each colour with its count over every customer of the screen, pinned or
  // listed beside the map, so its counts add up to the plan; the four main ones always.
  const legend = await p.getByTestId("map-legend").locator("li").evaluateAll((l) => l.map((e) => [e.dataset.state, e.textContent]));
  const count = (s) => plan.customers.filter((c) => planStatus(c) === s).length;
  // The demo plan has visited shops without a position: listed beside the map, counted too.
  assert.ok(
    plan.customers.some((c) => !hasPosition(c) && planStatus(c) !== "none"),
    "a visited planned shop without a position",
  );
  assert.equal(legend.reduce((sum, [, t]) => sum + Number(t.match(/\((\d+)\)$/)[1]), 0), plan.customers.length, `${JSON.stringify(legend)}`);
  for (const [state, words] of [
    ["none", "Not visited"],
    ["verified", "Visited on site"],
    ["offsite", "Visited off-site or without location"],
    ["ordered", "Ordered"],
  ]) {
    assert.ok(legend.some(([s, t]) => s === state && t === `${words} (${count(state)})`), `legend ${state}: ${JSON.stringify(legend)}`);
  }
  for (const x of pins) assert.ok(legend.some(([s]) => s === x.state), `the legend explains ${x.state}`);
  await p.getByRole("heading", { name: `No position: ${unlocated}` }).waitFor();
  assert.equal(await p.getByTestId("no-position").locator("li").count(), unlocated);

  // No tile server set: no tiles, a plain background, and the pins all the same.
  assert.equal(await p.locator(".leaflet-tile").count(), 0);
  assert.deepEqual(tileRequests, []);
  assert.ok(await p.getByTestId("map").evaluate((e) => e.classList.contains("map-plain")));

  // A pin opens its customer.
  const first = located[0];
  await p.locator(`[data-testid=map-pin][data-buyer-id="${first.buyerId}"]`).click();
  const popup = p.locator(".leaflet-popup");
  await popup.getByText(`${first.seq}. ${first.buyerName}`).waitFor();
  await popup.getByRole("link", { name: "Open visit screen" }).click();
  await p.waitForURL((u) => u.hash === `#/customer/visit/${first.buyerId}`);
  assert.deepEqual(p.pageErrors, []);
  assert.deepEqual(p.consoleErrors, []);
  await p.context().close();
});

test("with a tile server set, its tiles are drawn under the pins; when they fail, a note and the pins stay", async () => {
  const tiled = await start({ tileUrl: TILES });
  try {
    const p = await signedIn(tiled, "agent1@demo.test", { width: 1280, height: 800 });
    const settings = await api(p, "/users/map/settings");
    assert.equal(settings.tileUrl, TILES);
    const requested = [];
    await p.route("http://tiles.test/**", (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "image/png", body: PNG });
    });
    await p.goto("/#/map/today");
    await p.getByTestId("map-pin").first().waitFor();
    await p.locator(".leaflet-tile-loaded").first().waitFor();
    assert.ok(requested.length > 0);
    for (const url of requested) assert.match(url, /^http:\/\/tiles\.test\/\d+\/\d+\/\d+\.png$/);
    const drawn = await p.locator(".leaflet-tile-loaded").evaluateAll((l) => l.filter((img) => img.complete && img.naturalWidth > 0).length);
    assert.ok(drawn > 0, "tiles are drawn (the page's security policy lets them in)");
    if (settings.attribution) await p.locator(".leaflet-control-attribution").getByText(settings.attribution).waitFor();
    assert.equal(await p.getByTestId("tiles-failed").count(), 0);
    assert.deepEqual(p.consoleErrors, []);

    // The tile server unreachable (offline, blocked): the pins on a plain background, said so.
    await p.unroute("http://tiles.test/**");
    await p.route("http://tiles.test/**", (route) => route.abort("internetdisconnected"));
    const pins = await p.getByTestId("map-pin").count();
    await p.reload();
    await p.getByTestId("tiles-failed").waitFor();
    assert.equal(await p.getByTestId("map-pin").count(), pins);
    assert.deepEqual(p.pageErrors, []);
    await p.context().close();
  } finally {
    await tiled.stop();
  }
});

test("Show on map from a bucket list shows every customer of the bucket, clustered, not a page (issue #55)", async () => {
  const p = await signedIn(app, "agent1@demo.test", { width: 1280, height: 800 });
  const { uid } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  await p.goto(`/#/landing/retailer-bucket/retailers/${uid}`);
  await p.getByTestId("bucket-table").waitFor();
  // Oldest visits first, from the second page: the map still shows the whole bucket.
  await p.getByRole("button", { name: /Last Visit Date/ }).click();
  await p.getByRole("button", { name: "Next" }).click();
  await p.getByText("Page 2 of").waitFor();
  await p.getByRole("link", { name: "Show on map" }).click();
  await p.waitForURL((u) => u.hash.startsWith(`#/map/bucket/retailers/${uid}?`));
  await p.getByRole("heading", { name: "My Retailers on the map" }).waitFor();
  assert.equal(await p.getByRole("button", { name: "Next" }).count(), 0, "no pager: the whole bucket");

  const first = await api(p, `/users/landing/retailers/${uid}?pageNumber=1&order=asc`);
  const rows = [...first.data];
  for (let n = 2; n <= Math.ceil(first.totalRecords / 25); n++) rows.push(...(await api(p, `/users/landing/retailers/${uid}?pageNumber=${n}&order=asc`)).data);
  const located = rows.filter(hasPosition);
  assert.ok(rows.length > 25, `the bucket holds more than a page (${rows.length})`);
  await p.getByTestId("bucket-count").getByText(`${rows.length} customers of the bucket, ${located.length} on the map`).waitFor();
  await p.waitForTimeout(600);
  // Each located customer is a pin or counted in a cluster marker; all inside the map.
  const counted = await p.evaluate(() => {
    const pins = document.querySelectorAll("[data-testid=map-pin]");
    const groups = [...document.querySelectorAll("[data-testid=map-cluster]")];
    return pins.length + groups.reduce((n, g) => n + Number(g.dataset.count), 0);
  });
  assert.equal(counted, located.length);
  await p.getByRole("heading", { name: `No position: ${rows.length - located.length}` }).waitFor();
  // The long list scrolls beside the map; the page stays about a screen tall (it was 8,400 px).
  const heights = await p.evaluate(() => ({ page: document.scrollingElement.scrollHeight, list: document.querySelector("[data-testid=no-position]").scrollHeight }));
  assert.ok(heights.list > 1600 && heights.page < 1200, JSON.stringify(heights));
  await p.getByTestId("map-legend").getByText(/^Never visited \(\d+\)$/).waitFor();
  // Back to the list.
  await p.getByRole("link", { name: "Back" }).click();
  await p.waitForURL((u) => u.hash === `#/landing/retailer-bucket/retailers/${uid}`);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});
