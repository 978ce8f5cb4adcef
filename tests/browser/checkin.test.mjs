// Check-in verification as agents and managers see it: a visit at the counter and one from 20 km
// away, the visit summary's check-ins, the bucket list's last visit, and a proposed shop position
// the manager accepts.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** A GET of the API as the user signed in on page `p`. */
const apiGet = (p, path) =>
  p.evaluate(async (path) => {
    const { token } = JSON.parse(localStorage.getItem("fieldsales.session"));
    const r = await fetch(`/webapi/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return r.json();
  }, path);

/** Signs an agent in on a phone whose position is `at` (with its accuracy in metres). */
async function agentAt(email, at) {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"]);
  await p.context().setGeolocation(at);
  await app.login(p, email);
  await p.waitForURL((u) => u.hash === "#/today");
  return p;
}

/** Saves a visit; `where` is what the save's message says of the check-in. */
async function saveVisit(p, buyer, remark, where) {
  await p.goto(`/#/customer/visit/${buyer}`);
  await p.getByTestId("customer-details").getByText(buyer, { exact: true }).waitFor();
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill(remark);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await expectAlert(p, "success", `Visit saved successfully - ${where}`);
  await p.getByTestId("interactions").getByText(remark).waitFor();
  return p.getByTestId("interactions").locator("tr", { hasText: remark });
}

test("a visit at the counter is verified, one from 20 km away is off-site, and the manager sees both", async () => {
  const probe = await agentAt("agent1@demo.test", { latitude: 0, longitude: 0 });
  const own = await apiGet(probe, "/users/customer/offline");
  const shop = own.customers.find((c) => c.latitude != null && c.longitude != null);
  await probe.context().close();

  const atCounter = await agentAt("agent1@demo.test", { latitude: shop.latitude + 0.0005, longitude: shop.longitude, accuracy: 15 });
  const near = await saveVisit(atCounter, shop.buyerId, "At the counter", "at the shop (56 m)");
  assert.match(await near.textContent(), /Verified/);
  await atCounter.context().close();

  const fromHome = await agentAt("agent1@demo.test", { latitude: shop.latitude + 0.18, longitude: shop.longitude, accuracy: 15 });
  const far = await saveVisit(fromHome, shop.buyerId, "Logged from home", "20.0 km from the shop");
  assert.match(await far.locator(".loc-off-site").textContent(), /^Off-site 20\.0 km$/);
  await fromHome.context().close();

  const manager = await app.page({ width: 1280, height: 800 });
  await app.login(manager, "am@demo.test");
  await manager.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await manager.goto("/#/visit/summary");
  const ravi = manager.getByTestId("check-ins").locator("tr", { hasText: "Ravi Kumar" });
  await ravi.waitFor();
  const cells = await ravi.locator("td").allTextContents();
  const [visits, verified, offSite, noLocation, unlocated] = cells.slice(1, 6).map(Number);
  assert.ok(verified >= 1 && offSite >= 1, cells.join(" | "));
  assert.equal(verified + offSite + noLocation + unlocated, visits, cells.join(" | "));
  // The server's share (two decimals) shown as every percentage is, with one (issue #55).
  const share = Math.round((verified * 10000) / visits) / 100;
  assert.equal(cells[6], new Intl.NumberFormat("en-IN", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share / 100));
  // The visited bucket shows the customer's last visit as off-site.
  const uid = (await apiGet(manager, "/master/allagent")).find((a) => a.name === "Ravi Kumar").uid;
  await manager.goto(`/#/landing/retailer-bucket/visited/${uid}`);
  const row = manager.locator("tr", { hasText: shop.buyerId }).first();
  await row.waitFor();
  assert.match(await row.textContent(), /Off-site/);
  await manager.context().close();
});

test("an accurate visit proposes a shop's position and the manager accepts it", async () => {
  const probe = await agentAt("agent1@demo.test", { latitude: 0, longitude: 0 });
  const own = await apiGet(probe, "/users/customer/offline");
  const shop = own.customers.find((c) => c.latitude == null);
  await probe.context().close();

  const agent = await agentAt("agent1@demo.test", { latitude: 12.93456, longitude: 77.61234, accuracy: 12 });
  const row = await saveVisit(agent, shop.buyerId, "First visit, shop not on the map", "the shop is not on the map yet");
  assert.match(await row.textContent(), /Shop not located/);
  await agent.context().close();

  const manager = await app.page();
  await app.login(manager, "am@demo.test");
  await manager.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await manager.goto(`/#/customer/profile/${shop.buyerId}`);
  const proposal = manager.getByTestId("proposed-location");
  await proposal.waitFor();
  assert.match(await proposal.textContent(), /agent1@demo\.test/);
  assert.match(await proposal.textContent(), /12\.93456, 77\.61234/);
  assert.match(await proposal.textContent(), /accurate to 12 m/);
  await proposal.getByRole("button", { name: "Accept" }).click();
  await expectAlert(manager, "success", "The proposed location is now the customer's.");
  await proposal.waitFor({ state: "detached" });
  await manager.getByText("12.93456, 77.61234").waitFor();
  // An agent never sees the decision buttons.
  const again = await agentAt("agent1@demo.test", { latitude: 12.93456, longitude: 77.61234, accuracy: 12 });
  await again.goto(`/#/customer/profile/${shop.buyerId}`);
  await again.getByText("12.93456, 77.61234").waitFor();
  assert.equal(await again.getByTestId("proposed-location").count(), 0);
  await manager.context().close();
  await again.context().close();
});
