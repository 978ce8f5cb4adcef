// The Rights screen: the administrator gives area managers Delivery Approve from a phone, the
// manager then has the menu item and the screen, and loses both when the right is taken away; a
// failed save puts the box back. At 390 px the grid scrolls inside its box, never the page.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** Opens a menu item on a phone: the drawer first. */
async function openFromMenu(p, label) {
  await p.getByRole("button", { name: "Menu" }).click();
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").getByRole("link", { name: label, exact: true }).click();
}

async function openRights(p) {
  await openFromMenu(p, "Rights");
  await p.waitForURL((u) => u.hash === "#/master/rights-master");
  await p.getByTestId("rights-grid").waitFor();
}

test("the administrator gives area managers Delivery Approve and takes it away again", async () => {
  const admin = await app.page();
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash === "#/home");
  await openRights(admin);
  await admin.getByRole("heading", { name: "Rights" }).waitFor();

  // Rows under their groups, the user types as columns.
  const grid = admin.getByTestId("rights-grid");
  assert.deepEqual(await grid.locator("thead th").allTextContents(), ["Right", "Administrator", "Back Office", "Area Manager", "RCA"]);
  assert.deepEqual(
    (await grid.locator("th[scope=colgroup]").allTextContents()).slice(0, 6),
    ["Master", "Customer", "Delivery", "Landing", "User", "Report"],
  );
  // The page does not scroll sideways at 390 px; the grid does, in its own box, keeping the names.
  const layout = await admin.evaluate(() => {
    const box = document.querySelector("[data-testid=rights-scroll]");
    box.scrollLeft = box.scrollWidth;
    const name = [...box.querySelectorAll("th[scope=row]")].find((th) => th.textContent.startsWith("Delivery Approve"));
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      scrolled: box.scrollLeft,
      nameLeft: name.getBoundingClientRect().left - box.getBoundingClientRect().left,
    };
  });
  assert.equal(layout.page, 0, "the page scrolls sideways");
  assert.ok(layout.scrolled > 0, "the grid fits without scrolling; the test needs it wider than the phone");
  assert.ok(layout.nameLeft >= 0 && layout.nameLeft < 4, `the right's name scrolled away (${layout.nameLeft})`);

  // Administrators keep the rights that administer users and rights.
  assert.ok(await admin.getByLabel("Rights for Administrator", { exact: true }).isDisabled());
  assert.ok(await admin.getByLabel("Rights for Administrator", { exact: true }).isChecked());

  const approve = admin.getByLabel("Delivery Approve for Area Manager", { exact: true });
  assert.equal(await approve.isChecked(), false);
  await approve.check();
  await expectAlert(admin, "success", "Rights of Area Manager saved.");
  assert.ok(await approve.isChecked());
  assert.ok(await approve.isEnabled(), "the boxes are usable again after the save");

  // The manager signs in and has the menu item and the screen.
  const manager = await app.page();
  await app.login(manager, "am@demo.test");
  await manager.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await openFromMenu(manager, "Delivery Approve");
  await manager.waitForURL((u) => u.hash === "#/customer/delivery/approve");
  await manager.getByRole("heading", { name: "Delivery Approve" }).waitFor();

  // Taken away again: after a reload (the session is read afresh) the item and the screen are gone.
  await approve.uncheck();
  await expectAlert(admin, "success", "Rights of Area Manager saved.");
  assert.equal(await approve.isChecked(), false);
  await manager.goto("/#/landing/retailer-bucket");
  await manager.reload();
  await manager.getByRole("button", { name: "Menu" }).click();
  await manager.getByTestId("sidebar").getByRole("link", { name: "RED101 Delivery" }).waitFor();
  assert.equal(await manager.getByTestId("sidebar").getByRole("link", { name: "Delivery Approve" }).count(), 0);
  await manager.goto("/#/customer/delivery/approve");
  await manager.waitForURL((u) => u.hash === "#/unauthorized");

  // The grid shows what was saved after a reload too.
  await admin.reload();
  await admin.getByTestId("rights-grid").waitFor();
  assert.equal(await admin.getByLabel("Delivery Approve for Area Manager", { exact: true }).isChecked(), false);
  assert.deepEqual([...admin.pageErrors, ...admin.consoleErrors, ...manager.pageErrors, ...manager.consoleErrors], []);
  await admin.context().close();
  await manager.context().close();
});

test("a failed save puts the box back and shows the server's message", async () => {
  const admin = await app.page({ width: 1280, height: 900 });
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash === "#/home");
  await admin.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await admin.getByTestId("sidebar").getByRole("link", { name: "Rights", exact: true }).click();
  await admin.getByTestId("rights-grid").waitFor();
  await admin.route("**/webapi/api/master/rights", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ message: "The rights could not be saved.", code: "rights_not_saved" }) })
      : route.continue(),
  );
  const box = admin.getByLabel("Score Card for Back Office", { exact: true });
  assert.ok(await box.isChecked());
  await box.click();
  await expectAlert(admin, "error", "The rights could not be saved.");
  assert.ok(await box.isChecked(), "the box is back");
  assert.ok(await box.isEnabled());
  await admin.context().close();
});

test("the Rights screen names each right as the menu names its screen", async () => {
  const admin = await app.page({ width: 1280, height: 900 });
  await app.login(admin, "admin@demo.test");
  await admin.waitForURL((u) => u.hash === "#/home");
  const menu = await admin.getByTestId("sidebar").locator("a").allTextContents();
  await admin.goto("/#/master/rights-master");
  await admin.getByTestId("rights-grid").waitFor();
  const rows = await admin
    .getByTestId("rights-grid")
    .locator("th[scope=row]")
    .evaluateAll((ths) => ths.map((th) => ({ code: th.querySelector("small").textContent, label: th.firstChild.textContent })));
  // Rights that open no menu entry: screens reached from another (a customer's), or sign-in itself.
  const noEntry = ["new_customer", "profile_update", "info_add", "order_booking", "visit_photo", "attendance", "collections", "rca_account_login", "forgot_password"];
  const odd = rows.filter((r) => !noEntry.includes(r.code) && !menu.includes(r.label));
  assert.ok(rows.length > 40, `${rows.length} rights`);
  assert.deepEqual(odd, [], "labels the menu does not show");
  await admin.context().close();
});
