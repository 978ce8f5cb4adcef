// The application shell as a new user meets it: the home's live picture, addresses typed without '#',
// icons that draw without an emoji font, and menu items that open the screen they name.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

test("the administrator's home shows today's live figures, as the screens it leads to count them", async () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const p = await app.page(size);
    await app.login(p, "admin@demo.test");
    await p.waitForURL((u) => u.hash === "#/home");
    const board = p.getByRole("figure", { name: "Dashboard" });
    await board.waitFor();
    const token = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")).token);
    const api = async (path) =>
      (await fetch(`${app.base}/webapi/api${path}`, { headers: { Authorization: `Bearer ${token}`, Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t" } })).json();
    const summary = await api("/users/customerTracking/cumulativeView/0");
    const pending = await api("/users/delivery/approval");
    const blocked = (await api("/users/block")).filter((u) => u.isBlocked).length;
    const tile = (label) => board.locator("a.tile", { hasText: label });
    const value = async (label) => (await tile(label).locator(".tile-value").textContent()).trim();
    assert.equal(await value("Visits today"), String(summary.totalVisitFTD));
    // The verified share as every percentage is shown: one decimal (issue #55).
    assert.match(await tile("Visits today").textContent(), /verified at the shop \(\d+\.\d%\)/);
    assert.equal(await value("Orders today"), String(summary.uniqueOrderFTD));
    const orderValue = summary.orderValueFTD.toLocaleString("en-IN", { style: "currency", currency: "INR" });
    assert.match(await tile("Orders today").textContent(), new RegExp(`Value ${orderValue.replace(/[.]/g, "\\.")}$`));
    assert.equal(await value("Deliveries pending approval"), String(pending.length));
    assert.equal(await value("Blocked users"), String(blocked));
    assert.equal(await value("Uploads with errors"), String((await api("/users/home")).uploadsWithErrors));
    assert.match(await tile("Agents not started").textContent(), /of \d+ agents have no visit today/);
    // Legible: every tile within the screen, no text under 12 px.
    const boxes = await board.locator("a.tile").evaluateAll((ts) =>
      ts.map((t) => ({ right: t.getBoundingClientRect().right, small: [...t.querySelectorAll("span, strong")].some((e) => parseFloat(getComputedStyle(e).fontSize) < 12) })),
    );
    assert.equal(boxes.length, 6);
    for (const b of boxes) assert.ok(b.right <= size.width && !b.small, JSON.stringify(b));
    // Each tile leads to its screen; the visits tile to the visit summary, which says the same.
    await tile("Visits today").click();
    await p.waitForURL((u) => u.hash === "#/visit/summary");
    const shown = p.getByTestId("summary-tiles").locator(".tile", { hasText: "Total Visits Today" }).locator(".tile-value");
    assert.equal((await shown.textContent()).trim(), String(summary.totalVisitFTD));
    for (const [label, hash] of [
      ["Orders today", "#/customer/orders"],
      ["Deliveries pending approval", "#/customer/delivery/approve"],
      ["Blocked users", "#/user/unblock-user"],
      // No upload with errors today: the first upload screen of the menu.
      ["Uploads with errors", "#/master/customer-master-upload"],
      ["Agents not started", "#/today"],
    ]) {
      await p.goto("/#/home");
      await tile(label).click();
      await p.waitForURL((u) => u.hash === hash);
    }
    assert.deepEqual(p.pageErrors, []);
    await p.context().close();
  }
});

test("an address without '#' opens its screen, and a reload keeps it", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/customer/visit/B100001");
  await p.waitForURL((u) => u.pathname === "/" && u.hash === "#/customer/visit/B100001");
  await p.getByTestId("customer-details").getByText("B100001", { exact: true }).waitFor();
  await p.reload();
  await p.getByTestId("customer-details").getByText("B100001", { exact: true }).waitFor();
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();

  const admin = await app.page({ width: 1280, height: 800 });
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash === "#/home");
  await admin.goto("/master/user-master");
  await admin.waitForURL((u) => u.hash === "#/master/user-master");
  await admin.getByRole("heading", { name: "User Master" }).waitFor();
  await admin.context().close();
});

test("icons are drawn, not emoji, and the site has an icon", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const emoji = /\p{Extended_Pictographic}/u;
  await p.getByRole("button", { name: "Chat" }).click();
  const window = p.getByTestId("chat-window");
  await window.getByRole("button", { name: /Broadcasts/ }).waitFor();
  for (const [name, locator] of [
    ["menu", p.getByRole("button", { name: "Menu" })],
    ["chat", p.locator(".chat-fab")],
    ["broadcasts", window.getByRole("button", { name: /Broadcasts/ })],
    ["top", p.locator(".back-to-top")],
  ]) {
    assert.equal(await locator.locator("svg").count(), 1, `${name} has its SVG icon`);
    assert.doesNotMatch(await locator.textContent(), emoji, `${name} shows an emoji`);
  }
  await window.getByRole("button", { name: /Meera Nair/ }).click();
  const attach = window.locator(".chat-attach");
  assert.equal(await attach.locator("svg").count(), 1);
  assert.doesNotMatch(await attach.textContent(), emoji);

  const icon = await fetch(`${app.base}/favicon.ico`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get("content-type"), "image/x-icon");
  const linked = await p.evaluate(() => [...document.querySelectorAll("link[rel~=icon]")].map((l) => l.href));
  for (const href of linked) assert.equal((await fetch(href)).status, 200, href);
  assert.ok(linked.length >= 2);
  await p.context().close();
});

test("a menu item opens its screen for a user holding only the item's right", async () => {
  // Area managers hold neither Info Status Update nor the My Customer report: give them only those.
  const admin = await app.page({ width: 1280, height: 800 });
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash === "#/home");
  await admin.goto("/#/master/rights-master");
  for (const right of ["Info Status Update", "My Customer Report"]) {
    const box = admin.getByLabel(`${right} for Area Manager`, { exact: true });
    assert.equal(await box.isChecked(), false, right);
    await box.check();
    await admin.waitForFunction((label) => !document.querySelector(`[aria-label="${label}"]`)?.disabled, `${right} for Area Manager`);
  }
  const manager = await app.page({ width: 1280, height: 800 });
  await app.login(manager, "am@demo.test");
  await manager.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  const sidebar = manager.getByTestId("sidebar");
  await sidebar.getByRole("link", { name: "Info Status Update" }).click();
  await manager.getByRole("heading", { name: "Info Status Update" }).waitFor();
  await sidebar.locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await sidebar.getByRole("link", { name: "My Customer" }).click();
  await manager.getByRole("heading", { name: "My Customer" }).waitFor();
  assert.equal(new URL(manager.url()).hash, "#/master/report/mycustomer");
  await admin.context().close();
  await manager.context().close();
});
