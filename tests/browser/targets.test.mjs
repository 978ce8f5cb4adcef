// Targets on the screens (issue #53): an agent books an order offline at 390 px and Today's
// sales-value bar moves at once, saying it includes waiting work; back online the server's figure
// equals it. The team view at 1280 px and 390 px, in English and Hindi (screenshots in
// $SHOTS or /tmp/targets-shots), coloured by percent, sortable, targets set in place.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

const shots = process.env.SHOTS || "/tmp/targets-shots";
mkdirSync(shots, { recursive: true });

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const month = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
};
const session = (p) =>
  p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));

async function api(token, method, path, body) {
  const value = await app.xsrf();
  const r = await fetch(`${app.base}/webapi/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Cookie: `XSRF-TOKEN=${value}`,
      "X-XSRF-TOKEN": value,
      "Content-Type": "application/json",
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await r.json();
  assert.equal(r.status, 200, `${method} ${path}: ${JSON.stringify(answer)}`);
  return answer;
}

/** The taxable value booking stored for the order sent with `clientId`. */
function storedTaxable(clientId) {
  const sql = `SELECT taxable_paise FROM orders WHERE client_id = '${clientId}';`;
  return Number(
    execFileSync("sqlite3", [app.db, sql], { encoding: "utf8" }).trim(),
  );
}

/** An agent signed in on a phone with a location, the service worker ready. */
async function agentPhone(email) {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p
    .context()
    .setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await app.login(p, email);
  await p.waitForURL((u) => u.hash === "#/today");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return p;
}

const salesBar = (p) => p.getByTestId("target-sales_value");
const achievedOnScreen = async (p) =>
  Number(await salesBar(p).getAttribute("data-achieved"));

test("an order booked offline moves Today's sales-value bar at once, marked waiting; online the server's figure equals it", async () => {
  const admin = await app.token("admin@demo.test");
  const p = await agentPhone("agent1@demo.test");
  const { uid, token } = await session(p);
  await api(admin, "POST", "/master/target", {
    agentId: uid,
    month: month(),
    measure: "sales_value",
    target: 500000,
  });
  await api(admin, "POST", "/master/target", {
    agentId: uid,
    month: month(),
    measure: "productive_calls",
    target: 40,
  });
  await offlineCopyLoaded(p, { products: true });
  // Seen online once: the visit screen is kept on the phone; Today's targets too.
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  await p.goto("/#/today");
  await salesBar(p).waitFor();
  const before = await achievedOnScreen(p);
  assert.equal(
    before,
    (await api(token, "GET", `/users/targets?month=${month()}`)).measures[0]
      .achieved,
  );

  await p.context().setOffline(true);
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("offline-details").waitFor();
  await p
    .getByTestId("customer-orders")
    .getByRole("link", { name: "Take order" })
    .click();
  await p.waitForURL((u) => u.hash === "#/customer/order/B100001");
  const products = (await api(admin, "GET", "/master/product?pageNumber=1"))
    .data;
  const product = products.find(
    (x) => x.active && x.price != null && x.productName !== "Shampoo Sachet",
  );
  await p.getByLabel("Search products").fill(product.productName.slice(0, 5));
  await p
    .getByTestId("product-results")
    .getByRole("button", { name: `Add ${product.productName}`, exact: true })
    .click();
  const line = p
    .getByTestId("order-line")
    .filter({ hasText: product.productName });
  await line.getByLabel(`Quantity of ${product.productName}`).fill("3");
  await p.getByRole("button", { name: "Submit order" }).click();
  await p.getByTestId("order-confirmation").waitFor();
  await expectAlert(p, "info", "Order saved on this phone, will sync");

  // Today, still offline: the bar moved by the order's value, and says it includes waiting work.
  await p.goto("/#/today");
  await p.getByTestId("targets-waiting").waitFor();
  assert.equal(
    await p.getByTestId("targets-waiting").textContent(),
    "includes 1 waiting",
  );
  const expected =
    Math.round(before * 100 + 3 * Math.round(product.price * 100)) / 100;
  assert.equal(await achievedOnScreen(p), expected);
  await p.getByTestId("targets-card").scrollIntoViewIfNeeded();
  await p.screenshot({ path: join(shots, "today-targets-offline-390.png") });

  // Online: the order reaches the server, the card loads the server's figure, which equals it.
  const clientIds = await p.evaluate(
    (id) =>
      new Promise((ok) => {
        const r = indexedDB.open(`fieldsales-offline-${id}`);
        r.onsuccess = () => {
          const q = r.result.transaction("queue").objectStore("queue").getAll();
          q.onsuccess = () =>
            ok(
              q.result.filter((e) => e.kind === "order").map((e) => e.clientId),
            );
        };
      }),
    uid,
  );
  assert.equal(clientIds.length, 1);
  await p.context().setOffline(false);
  await p
    .getByTestId("offline-bar")
    .waitFor({ state: "detached", timeout: 20000 });
  const stored = storedTaxable(clientIds[0]);
  assert.equal(
    stored,
    3 * Math.round(product.price * 100),
    "the stored taxable value is the order's",
  );
  await p.reload();
  await salesBar(p).waitFor();
  assert.equal(await p.getByTestId("targets-waiting").count(), 0);
  assert.equal(await achievedOnScreen(p), expected);
  assert.equal(
    (await api(token, "GET", `/users/targets?month=${month()}`)).measures[0]
      .achieved,
    expected,
  );
  await p.getByTestId("targets-card").scrollIntoViewIfNeeded();
  await p.screenshot({ path: join(shots, "today-targets-online-390.png") });
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("the team view at 1280 and 390 px, in English and Hindi: coloured by percent, sortable, targets set in place", async () => {
  const manager = await app.token("am@demo.test");
  const agents = (
    await api(manager, "GET", `/users/targets/team?month=${month()}`)
  ).agents;
  for (const [i, a] of agents.entries()) {
    await api(manager, "POST", "/master/target", {
      agentId: a.agentId,
      month: month(),
      measure: "visits",
      target: 2 + i * 20,
    });
    await api(manager, "POST", "/master/target", {
      agentId: a.agentId,
      month: month(),
      measure: "sales_value",
      target: 1000 * (i + 1),
    });
  }
  for (const lang of ["en", "hi"]) {
    const token = await app.token("am@demo.test");
    await api(token, "POST", "/users/locale", { locale: lang });
    for (const width of [1280, 390]) {
      const p = await app.page({ width, height: width > 400 ? 900 : 844 });
      await app.login(p, "am@demo.test");
      await p.waitForFunction(
        () => !!localStorage.getItem("fieldsales.session"),
      );
      await p.goto("/#/targets");
      const rows = p.getByTestId("team-row");
      await rows.first().waitFor();
      assert.equal(await rows.count(), agents.length);
      // Colours follow the percent of the cell.
      const cells = await p
        .locator("[data-testid=team-row] td[data-measure=visits]")
        .evaluateAll((tds) =>
          tds.map((td) => [td.className, td.getAttribute("data-percent")]),
        );
      for (const [cls, pct] of cells) {
        const x = Number(pct);
        const want =
          x >= 100
            ? "pct-met"
            : x >= 80
              ? "pct-high"
              : x >= 50
                ? "pct-mid"
                : "pct-low";
        assert.equal(cls, want, `${pct}%`);
      }
      // The page is never wider than the screen: the grid scrolls inside its frame.
      assert.ok(
        await p.evaluate(
          () => document.documentElement.scrollWidth <= window.innerWidth + 1,
        ),
        "no page overflow",
      );
      if (lang === "hi")
        assert.match(
          await p.locator("main h1").first().textContent(),
          /[\u0900-\u097F]/,
        );
      await p.screenshot({
        path: join(shots, `team-${lang}-${width}.png`),
        fullPage: true,
      });
      if (lang === "en" && width === 1280) {
        // Sorted by visits' percent, highest first.
        await p.getByTestId("sort-visits").click();
        const pcts = await p
          .locator("[data-testid=team-row] td[data-measure=visits]")
          .evaluateAll((tds) =>
            tds.map((td) => Number(td.getAttribute("data-percent") || -1)),
          );
        assert.deepEqual(
          pcts,
          [...pcts].sort((a, b) => b - a),
        );
        // Set in place: the first agent's visits target.
        await p.getByRole("button", { name: "Set targets" }).click();
        const first = agents[0];
        const field = p.getByTestId(`edit-${first.agentId}-visits`);
        await field.fill("25");
        await field.press("Enter");
        await expectAlert(
          p,
          "success",
          `Target saved: ${first.agentName}, Visits.`,
        );
        const after = await api(
          manager,
          "GET",
          `/users/targets?agentId=${first.agentId}&month=${month()}`,
        );
        assert.equal(
          after.measures.find((m) => m.measure === "visits").target,
          25,
        );
        await p.screenshot({
          path: join(shots, "team-en-1280-editing.png"),
          fullPage: true,
        });
      }
      assert.deepEqual(p.pageErrors, []);
      await p.context().close();
    }
  }
});
