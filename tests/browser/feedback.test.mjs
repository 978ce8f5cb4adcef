// What the app tells the user, and when (issue #41, items 1-5): a message stays on the screen that
// raised it, a visit's save says where the check-in found the phone (from a fresh fix), queued
// visits go within seconds of the network coming back and the app says so, a search without match
// says so and keeps its text, and the Image Viewer asks for nothing without a file.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, PASSWORD, start } from "./server.mjs";

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

/** An agent signed in on a phone whose position is `at`. */
async function agentAt(at) {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation(at);
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  return p;
}

/** Requests of the page whose URL contains `part`, as they are made. */
function requestsTo(p, part) {
  const seen = [];
  p.context().on("request", (r) => r.url().includes(part) && seen.push(`${r.method()} ${r.url()}`));
  return seen;
}

async function saveVisit(p, remark) {
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill(remark);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await p.waitForFunction(() => document.querySelector("#remark")?.value === "");
}

test("a failed sign-in's message is gone once signed in, and a screen's error stays behind when the menu moves on", async () => {
  const p = await app.page();
  await p.goto("/#/login");
  await p.getByLabel("Login ID").fill("agent1@demo.test");
  await p.getByRole("button", { name: "Next" }).click();
  await p.locator("#password").fill("not the password");
  await p.getByLabel("I agree to the terms and conditions").check();
  await p.getByRole("button", { name: "Login" }).click();
  await p.getByTestId("alert-error").waitFor();
  assert.match(await p.getByTestId("alert-error").textContent(), /Invalid Login ID or password/);
  await p.locator("#password").fill(PASSWORD);
  await p.getByRole("button", { name: "Login" }).click();
  await p.waitForURL((u) => u.hash === "#/today");
  await p.getByRole("button", { name: "Menu" }).waitFor();
  assert.equal(await p.getByRole("alert").count(), 0, "no alert over the signed-in screen");

  // An error of one customer's screen does not follow the agent to the next screen.
  await p.goto("/#/customer/visit/B100002");
  await expectAlert(p, "error", "The customer was not found.");
  await p.getByRole("button", { name: "Menu" }).click();
  await p.getByTestId("sidebar").getByRole("link", { name: "Visit Summary" }).click();
  await p.waitForURL((u) => u.hash === "#/visit/summary");
  await p.getByTestId("summary-tiles").waitFor();
  assert.equal(await p.getByRole("alert").count(), 0, "the error stayed on its screen");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a visit's check-in uses a fresh fix, not the one read for Nearest first, and the save says where it was", async () => {
  const probe = await agentAt({ latitude: 0, longitude: 0 });
  const shop = (await apiGet(probe, "/users/customer/offline")).customers.find((c) => c.latitude != null && c.longitude != null);
  await probe.context().close();

  // Far away while Today reads the position (it sorts nearest first by itself once allowed)...
  const p = await agentAt({ latitude: shop.latitude + 1, longitude: shop.longitude, accuracy: 10 });
  await p.getByRole("button", { name: "Nearest first" }).click();
  await p.waitForFunction(() => /km/.test(document.body.textContent));
  // ... then at the counter, 33 m from the shop, when the visit is saved.
  await p.context().setGeolocation({ latitude: shop.latitude + 0.0003, longitude: shop.longitude, accuracy: 10 });
  await p.goto(`/#/customer/visit/${shop.buyerId}`);
  await p.getByTestId("customer-details").getByText(shop.buyerId, { exact: true }).waitFor();
  await saveVisit(p, "Checked in at the counter");
  await expectAlert(p, "success", "Visit saved successfully - at the shop (33 m)");
  await p.context().close();

  // A phone that does not give its position says so.
  const off = await app.page();
  await app.login(off, "agent1@demo.test");
  await off.waitForURL((u) => u.hash === "#/today");
  await off.goto(`/#/customer/visit/${shop.buyerId}`);
  await off.getByTestId("customer-details").getByText(shop.buyerId, { exact: true }).waitFor();
  await saveVisit(off, "No position on this phone");
  await expectAlert(off, "success", "Visit saved successfully - location off on this phone");
  await off.context().close();
});

test("back online without an `online` event, three queued visits reach the server within 20 s and the app says so", { timeout: 90_000 }, async () => {
  const p = await agentAt({ latitude: 12.97, longitude: 77.59, accuracy: 25 });
  const { token } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").getByText("B100001", { exact: true }).waitFor();
  await p.getByLabel("Outcome").locator("option", { hasText: "Follow-up" }).waitFor({ state: "attached" });
  // The network gone for the API only: the browser never thinks itself offline, so `online` never fires.
  await p.route("**/webapi/api/**", (r) => r.abort());
  const tag = `probe-${Date.now()}`;
  for (let i = 1; i <= 3; i++) {
    const dismiss = p.getByRole("button", { name: "Dismiss" });
    if (await dismiss.isVisible()) await dismiss.click();
    await saveVisit(p, `${tag} #${i}`);
    await expectAlert(p, "info", "Saved on this phone, will sync");
  }
  await p.getByTestId("offline-bar").getByText("3 visits waiting").waitFor();
  await p.unroute("**/webapi/api/**");
  const back = Date.now();
  await p.waitForFunction(() => document.querySelector("[data-testid=alert-success]")?.textContent === "3 visits sent.", null, { timeout: 20_000 });
  const r = await fetch(`${app.base}/webapi/api/users/customer/FTMFTD/ftd`, { headers: { Authorization: `Bearer ${token}` } });
  const sent = (await r.json()).filter((v) => (v.remark || "").startsWith(tag));
  assert.equal(sent.length, 3, `three visits on the server ${((Date.now() - back) / 1000).toFixed(1)} s after the network came back`);
  await p.getByTestId("offline-bar").waitFor({ state: "detached" });
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a search without match keeps the text, says so, and asks for no customer id", async () => {
  const p = await agentAt({ latitude: 12.97, longitude: 77.59 });
  const lookups = requestsTo(p, "/webapi/api/users/customer/details/");
  await p.goto("/#/customer/visit");
  const box = p.getByLabel("Search customer");
  await box.fill("xyz");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("No customer matches 'xyz'").waitFor();
  assert.equal(await box.inputValue(), "xyz");
  assert.equal(new URL(p.url()).hash, "#/customer/visit");
  // Typing again takes the message away; a search that matches opens the customer.
  await box.fill("B100001");
  await p.getByText("No customer matches").waitFor({ state: "detached" });
  await p.getByRole("button", { name: "Search" }).click();
  await p.waitForURL((u) => u.hash === "#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  assert.deepEqual(lookups.filter((l) => !l.includes("/details/B100001?")), []);
  await p.context().close();
});

test("the Image Viewer without a file says so and asks the server for nothing", async () => {
  const p = await agentAt({ latitude: 12.97, longitude: 77.59 });
  const media = requestsTo(p, "/users/media");
  await p.goto("/#/image-viewer");
  await p.getByText("No file was named to show.").waitFor();
  assert.deepEqual(media, []);
  await p.context().close();
});
