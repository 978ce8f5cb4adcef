// An agent's day on a phone: find a customer, save a visit, add a customer, update a profile, add
// info with a file; a manager reads an agent's scorecard; an administrator reviews the info.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000a49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

test("an agent finds a customer and saves a visit", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  // The customer search is one tap from Today.
  await p.getByRole("link", { name: "Search customers" }).first().click();
  await p.waitForURL((u) => u.hash === "#/customer/visit");
  await p.getByLabel("Search customer").fill("B100001");
  await p.getByRole("option").first().click();
  await p.waitForURL((u) => u.hash === "#/customer/visit/B100001");
  const details = p.getByTestId("customer-details");
  await details.getByText("B100001").waitFor();
  assert.match(await details.textContent(), /India/);

  await p.getByRole("button", { name: "Save Visit" }).click();
  await p.getByText("Visit Outcome is required").waitFor();
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill("Asked to call on Monday");
  await p.getByRole("button", { name: "Save Visit" }).click();
  await expectAlert(
    p,
    "success",
    "Visit saved successfully - location off on this phone",
  );
  const first = p.getByTestId("interactions").locator("tbody tr").first();
  await first.getByText("Asked to call on Monday").waitFor();
  assert.match(await first.textContent(), /Follow-up/);
  assert.match(
    await first.textContent(),
    /\d{2}-[A-Z][a-z]{2}-\d{4}/,
    "dates show as dd-MMM-yyyy",
  );

  // Today's visits list shows it too.
  await p.goto("/#/customer/details/ftd");
  await p.getByRole("heading", { name: "FTD" }).waitFor();
  await p.getByTestId("visits").getByText("Asked to call on Monday").waitFor();
  // Another agent's customer is not found.
  await p.goto("/#/customer/visit/B100002");
  await expectAlert(p, "error", "The customer was not found.");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("the visit screen opened by its address asks for the outcomes once: the offline copy's refresh shares its early call", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await offlineCopyLoaded(p);
  let asked = 0;
  let copyAsked = false;
  p.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith("/webapi/api/master/outcome")) asked += 1;
    if (path.endsWith("/webapi/api/users/customer/offline")) copyAsked = true;
  });
  // A fresh load at the screen's address (the address set without the app seeing it, then a
  // reload): the route starts the outcomes' call while the code loads, and the offline engine
  // refreshes the copy (the outcomes with it) at start.
  await p.evaluate(() =>
    history.replaceState(null, "", "#/customer/visit/B100001"),
  );
  await p.reload();
  await p.getByTestId("customer-details").getByText("B100001").waitFor();
  await p.waitForFunction(
    () => document.getElementById("outcomeId")?.options.length > 1,
  );
  // The refresh has run (it asks for the copy's next page beside the outcomes) and its calls are over.
  for (const until = Date.now() + 20000; !copyAsked && Date.now() < until;)
    await p.waitForTimeout(100);
  assert.ok(copyAsked, "the offline copy was refreshed at start");
  await p.waitForLoadState("networkidle");
  assert.equal(asked, 1);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("an agent reads the best sellers and compares a product's prices", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  const tabs = p.locator(".card").filter({ has: p.getByRole("tablist") });

  await p.getByRole("tab", { name: "Best Sellers" }).click();
  const best = p.getByTestId("best-sellers").locator("tbody tr");
  await best.first().waitFor();
  assert.equal(await best.count(), 5, "five at first");
  await tabs.getByRole("button", { name: "Show More" }).click();
  assert.ok((await best.count()) > 5, "Show More adds rows");

  await p.getByRole("tab", { name: "Price Comparison" }).click();
  await tabs.getByLabel("Product").fill("Cola 3");
  // The suggestions, not the return form's product list on the same screen.
  await p
    .getByRole("listbox")
    .getByRole("option", { name: /Cola 300ml/ })
    .click();
  const rows = tabs.getByRole("table").locator("tbody tr");
  await rows.first().waitFor();
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent.trim()),
    ),
  );
  // Last Order Date, Product, Unit Price, Distributor Name, FAO Name: one row per distributor, cheapest first.
  assert.ok(
    shown.length >= 2 && shown.every((cells) => cells[1] === "Cola 300ml"),
    JSON.stringify(shown),
  );
  assert.ok(
    shown.every((cells) => /^₹[\d,]+\.\d\d$/.test(cells[2])),
    `prices in rupees: ${JSON.stringify(shown)}`,
  );
  const prices = shown.map((cells) => Number(cells[2].replace(/[^\d.]/g, "")));
  assert.ok(
    new Set(prices).size >= 2,
    `distributors price differently: ${prices}`,
  );
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => a - b),
    "cheapest first",
  );
  assert.equal(
    new Set(shown.map((cells) => cells[3])).size,
    shown.length,
    "one row per distributor",
  );
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("the visit screen fits a 360 px phone", async () => {
  const p = await app.page({ width: 360, height: 740 });
  await app.login(p, "agent3@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/visit/B100003");
  await p.getByTestId("customer-details").waitFor();
  const width = await p.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width}px wide`);
  await p.context().close();
});

test("an agent adds a customer, updates the profile and adds info with a file", async () => {
  const p = await app.page();
  await app.login(p, "agent2@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/visit");
  await p.getByRole("link", { name: "Add Customer" }).click();
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Mobile No. is Required").waitFor();
  await p.getByText("Buyer Name is Required").waitFor();
  await p.getByLabel("Mobile No.").fill("98765");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Mobile No. should contain atleast 10 numbers").waitFor();
  await p.getByLabel("Mobile No.").fill("987654321012");
  await p.getByText("Mobile No. should contain atmost 11 numbers").waitFor();
  await p.getByLabel("Mobile No.").fill("9876501234");
  await p.getByLabel("Buyer Name").fill("Harbour View Mart");
  await p.getByRole("button", { name: "Save" }).click();
  await p.waitForURL((u) => u.hash.startsWith("#/customer/visit/N"));
  const buyer = decodeURIComponent(new URL(p.url()).hash.split("/").pop());
  await p
    .getByTestId("customer-details")
    .getByText("Harbour View Mart")
    .waitFor();

  await p.getByRole("link", { name: "Profile Update" }).click();
  // The inputs start with the current values; with every field emptied there is nothing to send.
  await p.getByTestId("profile-card").waitFor();
  assert.equal(await p.getByLabel("Mobile").inputValue(), "9876501234");
  await p.getByLabel("Mobile").fill("");
  await p.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "info", "Atleast one field to have an input");
  await p.getByLabel("City").fill("Kochi");
  await p.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "Profile updated successfully.");
  await p.waitForURL((u) => u.hash === `#/customer/visit/${buyer}`);
  await p.getByTestId("customer-details").getByText("Kochi").waitFor();

  await p.getByRole("link", { name: "Add Info" }).click();
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Info Type is required.").waitFor();
  await p.getByLabel("Info Type").selectOption({ label: "Shop condition" });
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Info Sub Type is required.").waitFor();
  await p.getByLabel("Renovated").check();
  await p.getByLabel("Remark").fill("New shelves");
  await p
    .locator("#img1")
    .setInputFiles({ name: "shelves.png", mimeType: "image/png", buffer: PNG });
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Customer info saved successfully.");
  await p.getByRole("link", { name: "Add Info" }).click();
  await p.getByText("New shelves").waitFor();
  await p.context().close();
});

test("an agent's profile update proposes the shop's location; the manager accepts it", async () => {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"]);
  await p.context().setGeolocation({ latitude: 12.9352, longitude: 77.6245 });
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/profile/B100001");
  await p.getByLabel("Set the shop's location to where I am now").check();
  const [request] = await Promise.all([
    p.waitForRequest(
      (r) =>
        r.url().endsWith("/webapi/api/users/customer/profile") &&
        r.method() === "POST",
    ),
    p.getByRole("button", { name: "Update" }).click(),
  ]);
  const body = request.postDataJSON();
  assert.equal(body.latitude, 12.9352);
  assert.equal(body.longitude, 77.6245);
  // An agent never moves a shop (security, second round): the position waits for the manager.
  await expectAlert(
    p,
    "success",
    "Profile updated successfully. The shop's location was sent to your manager for approval.",
  );
  await p.waitForURL((u) => u.hash === "#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  const maps = p.getByRole("link", { name: "Open in maps" });
  const before = (await maps.count()) ? await maps.getAttribute("href") : "";
  assert.doesNotMatch(before ?? "", /q=12\.9352,77\.6245$/);
  await p.context().close();

  const manager = await app.page({ width: 1280, height: 800 });
  await app.login(manager, "am@demo.test");
  await manager.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await manager.goto("/#/customer/profile/B100001");
  const proposal = manager.getByTestId("proposed-location");
  await proposal.waitFor();
  assert.match(await proposal.textContent(), /Typed by .*12\.93520, 77\.62450/);
  await proposal.getByRole("button", { name: "Accept" }).click();
  await proposal.waitFor({ state: "detached" });
  await manager.goto("/#/customer/visit/B100001");
  const accepted = manager.getByRole("link", { name: "Open in maps" });
  await accepted.waitFor();
  assert.match(await accepted.getAttribute("href"), /q=12\.9352,77\.6245$/);
  await manager.context().close();
});

test("on a phone the visit screen's footer is one row, clear of the chat button and the Top link", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  const boxes = await p.evaluate(() => {
    const rect = (el) => el.getBoundingClientRect().toJSON();
    return {
      buttons: [...document.querySelectorAll(".footer-actions .btn")].map(rect),
      footer: rect(document.querySelector(".footer-actions")),
      fab: rect(document.querySelector(".chat-fab")),
      top: rect(document.querySelector(".back-to-top")),
    };
  });
  assert.equal(
    boxes.buttons.length,
    3,
    "Profile Update, Add Info, New Customer",
  );
  assert.equal(
    new Set(boxes.buttons.map((b) => Math.round(b.top))).size,
    1,
    "the footer's buttons share one row",
  );
  const overlaps = (a, b) =>
    a.left < b.right &&
    b.left < a.right &&
    a.top < b.bottom &&
    b.top < a.bottom;
  assert.ok(
    !overlaps(boxes.fab, boxes.footer),
    `the chat button covers the footer: ${JSON.stringify(boxes)}`,
  );
  assert.ok(
    !overlaps(boxes.top, boxes.footer),
    `the Top link covers the footer: ${JSON.stringify(boxes)}`,
  );
  await p.context().close();
});

test("a manager picks an agent's scorecard", async () => {
  const p = await app.page();
  await app.login(p, "am@demo.test");
  await p.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await p.goto("/#/score/card");
  await p.getByText("No Data Available").waitFor();
  await p.waitForFunction(
    () => document.querySelectorAll("#agent option").length === 5,
  );
  const options = await p
    .getByLabel("Agent")
    .locator("option")
    .allTextContents();
  // The empty choice says what to do (issue #55: it was a blank line).
  assert.deepEqual(options, [
    "Choose an agent",
    "Arjun Das",
    "Nimal Perera",
    "Priya Sharma",
    "Ravi Kumar",
  ]);
  await p.getByLabel("Agent").selectOption({ label: "Priya Sharma" });
  await p.getByTestId("scorecard").getByText("agent2@demo.test").waitFor();
  await p.context().close();
});

test("an administrator sets an info status with a remark", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p
    .getByTestId("sidebar")
    .locator("details")
    .evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p
    .getByTestId("sidebar")
    .getByRole("link", { name: "Info Status Update" })
    .click();
  const row = p
    .getByTestId("info-updates")
    .locator("tr", { hasText: "New shelves" });
  await row.getByRole("button", { name: "Update Status" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.getByText("Please Enter Remark").waitFor();
  await dialog.getByLabel("Remark").fill("x".repeat(201));
  await dialog
    .getByText("The remark is limited to a maximum of 200 characters.")
    .waitFor();
  await dialog.getByLabel("Remark").fill("Checked on the phone call");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectAlert(p, "success", "Status updated successfully.");
  await row.getByText("Checked on the phone call").waitFor();
  await p.context().close();
});
