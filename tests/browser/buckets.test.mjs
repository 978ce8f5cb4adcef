// The area manager's morning: the bucket dashboard for all agents and for one, a bucket list with
// coloured rows, and the visit summary's tile opening today's visits.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const tileValue = (p, label) => p.getByTestId("tiles").locator(".tile", { hasText: label }).locator(".tile-value").textContent();

test("the manager switches agents on the dashboard and opens a bucket list", async () => {
  const p = await app.page();
  await app.login(p, "am@demo.test");
  await p.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  // Counts with the locale's grouping (issue #55).
  assert.equal(await tileValue(p, "My Customer"), "2,400", "all four demo agents' customers");
  assert.deepEqual((await p.getByLabel("Agent").locator("option").allTextContents())[0], "All RedForce(Cumulative)");
  await p.getByTestId("trend").waitFor();
  // The weeks under the chart in the app's date form, never the answer's "10-12" (issue #55): each
  // day, and the month where it starts.
  const weeks = await p.getByTestId("trend").locator("svg > text").evaluateAll((l) => l.map((e) => [...e.children].map((s) => s.textContent)));
  assert.equal(weeks.length, 8);
  for (const [day] of weeks) assert.match(day, /^\d\d$/, JSON.stringify(weeks));
  const months = weeks.flatMap(([, month]) => (month ? [month] : []));
  assert.ok(months.length >= 2 && weeks[0][1], JSON.stringify(weeks));
  for (const month of months) assert.match(month, /^[A-Z][a-z]{2}$/, month);
  // A bucket of every agent counts its customers with the grouping too.
  await p.getByTestId("tiles").locator(".tile", { hasText: "My Customer" }).click();
  await p.getByTestId("bucket-table").waitFor();
  await p.getByText("2,400 in all", { exact: true }).waitFor();
  await p.goBack();

  await p.getByLabel("Agent").selectOption({ label: "Ravi Kumar" });
  await p.waitForURL((u) => u.hash.startsWith("#/landing/retailer-bucket-agent/"));
  await p.waitForFunction(() => document.querySelector("[data-testid=tiles] .tile:nth-child(7) .tile-value")?.textContent === "600");
  const retailers = Number((await tileValue(p, "My Retailers")).replaceAll(",", ""));
  const wholesalers = Number((await tileValue(p, "My Wholesellers")).replaceAll(",", ""));
  assert.equal(retailers + wholesalers, 600);

  await p.getByTestId("tiles").locator(".tile", { hasText: "My Customer" }).click();
  await p.getByRole("heading", { name: "My Customer" }).waitFor();
  await p.getByTestId("bucket-table").waitFor();
  const rows = p.getByTestId("bucket-table").locator("tbody tr");
  assert.equal(await rows.count(), 25, "25 a page");
  // Each row's colour follows the rule: red when not ordered in 10 days, else yellow when not
  // visited in 15 days. The table's cells show the dates the rule reads.
  const flags = await p.evaluate(async (agentPath) => {
    const session = JSON.parse(localStorage.getItem("fieldsales.session"));
    const r = await fetch(`/webapi/api/users/landing/mycustomer/${agentPath}?pageNumber=1&order=desc`, { headers: { Authorization: `Bearer ${session.token}` } });
    return (await r.json()).data.map((row) => (row.isNotOrderedIn10Days ? "row-red" : row.isNotVisitedIn15Days ? "row-yellow" : ""));
  }, new URL(p.url()).hash.split("/").pop());
  const classes = await rows.evaluateAll((trs) => trs.map((tr) => tr.className));
  assert.deepEqual(classes, flags);
  assert.ok(classes.some((c) => c === "row-red"), "some demo customers have not ordered lately");

  // Sorting by last visit date flips the order.
  const firstDesc = await rows.first().locator("td").first().textContent();
  await p.getByRole("button", { name: /Last Visit Date/ }).click();
  await p.waitForFunction((first) => document.querySelector("[data-testid=bucket-table] tbody tr td")?.textContent !== first, firstDesc);
  // A customer opens the visit screen.
  const id = await rows.first().locator("td").first().textContent();
  await rows.first().locator("td").first().getByRole("link").click();
  await p.waitForURL((u) => u.hash === `#/customer/visit/${id}`);
  await p.getByTestId("customer-details").getByText(id, { exact: true }).waitFor();

  // All four agents' customers: the count with the locale's grouping (issue #55).
  await p.goto("/#/landing/retailer-bucket/mycustomer");
  await p.getByText("2,400 in all", { exact: true }).waitFor();
  await p.context().close();
});

test("the visit summary's tile opens today's visits", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  // Save a visit so today has one.
  await p.goto("/#/customer/visit/B100005");
  await p.getByLabel("Outcome").selectOption({ label: "Order placed" });
  await p.getByRole("button", { name: "Save Visit" }).click();
  await p.waitForFunction(() => document.querySelector("[data-testid=alert-success]")?.textContent === "Visit saved successfully - location off on this phone");
  await p.goto("/#/visit/summary");
  const tile = p.getByTestId("summary-tiles").locator(".tile", { hasText: "Total Visits Today" });
  assert.ok(Number(await tile.locator(".tile-value").textContent()) >= 1);
  await tile.click();
  await p.waitForURL((u) => u.hash === "#/customer/details/ftd");
  await p.getByRole("heading", { name: "FTD" }).waitFor();
  await p.getByTestId("visits").locator("tr", { hasText: "Order placed" }).first().waitFor();
  // Figures of a big team with the locale's grouping, never bare (issue #55: "1305.67" as a count).
  await p.route("**/webapi/api/users/customer/visitSummary", async (route) => {
    const response = await route.fetch();
    const json = { ...(await response.json()), avgVisitMonthlyL3M: 1305.67, totalVisitFTM: 12345 };
    await route.fulfill({ response, json });
  });
  await p.goto("/#/visit/summary");
  const figure = (label) => p.getByTestId("summary-tiles").locator(".tile", { hasText: label }).locator(".tile-value").textContent();
  assert.equal(await figure("Monthly Avg Customers Visited (L3M)"), "1,305.67");
  assert.equal(await figure("Total Visits This Month"), "12,345");
  await p.context().close();
});
