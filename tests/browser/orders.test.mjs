// Order booking on the screens (issue #18): an agent takes an order from the visit screen (a Must
// Sell suggestion, a searched product in cases, the total, the outcome), sees the server's answer,
// finds the order among the customer's orders and its visit among the last interactions, and
// cancels it; prices changed meanwhile are told; an order booked offline waits on the phone with a
// visit, is counted by the offline bar and the logout warning, and reaches the server exactly once
// even when the first answer is lost; the orders list of managers and administrators; the
// administrator's product screen (validation, a new price, retiring a product).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

// Money as the screens show it (lib/format.js): the company's currency (INR) with Indian grouping, "₹1,00,000.00".
const money = (n) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(Number(n));
const cents = (n) => Math.round(n * 100) / 100;
// What `quantity` pieces of `product` cost the retailer, GST included, in rupees: the contract's
// rounding of the tax on the line's whole paise.
const withGst = (quantity, product) => {
  const gross = Math.round(product.price * 100) * quantity;
  return (gross + Math.floor((gross * (product.gstRateBp ?? 0) + 5000) / 10000)) / 100;
};

/** The stored session of the page's user. */
const session = (p) => p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));

/** A GET of the API from this test process (so it works while the page is offline). */
async function apiGet(token, path) {
  const r = await fetch(`${app.base}/webapi/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, `GET ${path}: ${r.status}`);
  return r.json();
}

/** A POST of the API from this test process, with the double-submit anti-forgery cookie. */
async function apiPost(token, path, body) {
  const r = await fetch(`${app.base}/webapi/api${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Cookie: "XSRF-TOKEN=t", "X-XSRF-TOKEN": "t", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

/** The whole catalogue (retired too) as an administrator sees it, by name. */
async function catalogue(adminToken) {
  const first = await apiGet(adminToken, "/master/product?pageNumber=1");
  const all = [...first.data];
  for (let page = 2; page <= Math.ceil(first.totalRecords / 30); page++) all.push(...(await apiGet(adminToken, `/master/product?pageNumber=${page}`)).data);
  return new Map(all.map((p) => [p.productName, p]));
}

/** An agent signed in on a phone with a location, the service worker ready. */
async function agentPhone(email) {
  const p = await app.page();
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await app.login(p, email);
  await p.waitForURL((u) => u.hash === "#/today");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return p;
}

/** Opens the order screen of B100001 from its visit screen. */
async function takeOrder(p) {
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  await p.getByTestId("customer-orders").getByRole("link", { name: "Take order" }).click();
  await p.waitForURL((u) => u.hash === "#/customer/order/B100001");
  await p.getByTestId("order-customer").getByText("B100001").waitFor();
}

/** Searches a product and adds it; returns its line. */
async function addSearched(p, query, name) {
  await p.getByLabel("Search products").fill(query);
  await p.getByTestId("product-results").getByRole("button", { name: `Add ${name}`, exact: true }).click();
  return p.getByTestId("order-line").filter({ hasText: name });
}

/** A product of the catalogue that is neither in `skip` nor retired. */
function anotherProduct(products, skip) {
  for (const p of products.values()) if (p.active && p.price != null && p.packSize > 1 && !skip.includes(p.productName)) return p;
  throw new Error("no product left");
}

test("an agent takes an order from the visit screen: a Must Sell suggestion, a searched product in cases, the total, the outcome; then cancels it", async () => {
  const adminToken = await app.token("admin@demo.test");
  const products = await catalogue(adminToken);
  const p = await agentPhone("agent1@demo.test");
  const { token } = await session(p);
  const posts = [];
  p.context().on("request", (r) => r.method() === "POST" && r.url().endsWith("/webapi/api/users/order") && posts.push(r.postDataJSON()));
  await takeOrder(p);

  // The first Must Sell product, with its last quantity, in one tap.
  const chip = p.getByTestId("must-sell-suggestions").getByRole("button").first();
  const chipName = await chip.locator("span").textContent();
  const lastQty = Number((await chip.locator("small").textContent()).match(/Last (\d+) units?/)[1]);
  await chip.click();
  const mustLine = p.getByTestId("order-line").filter({ hasText: chipName });
  assert.equal(await mustLine.getByLabel(`Quantity of ${chipName}`).inputValue(), String(lastQty));
  assert.equal(await chip.isDisabled(), true, "a product on the order is not suggested twice");

  // A searched product (by SKU), switched to cases.
  const other = anotherProduct(products, [chipName]);
  const line = await addSearched(p, other.sku, other.productName);
  await line.getByLabel(`Quantity of ${other.productName}`).fill("2");
  await line.getByRole("button", { name: "Cases" }).click();
  await line.getByText(`= ${2 * other.packSize} units`).waitFor();
  const expected = cents(withGst(lastQty, products.get(chipName)) + withGst(2 * other.packSize, other));
  await p.getByTestId("order-total").getByText(money(expected), { exact: true }).waitFor();
  assert.equal(await line.getByTestId("line-total").textContent(), money(withGst(2 * other.packSize, other)));

  // The outcome defaults to "Order placed"; the total and Submit stay in view at the bottom.
  assert.equal(await p.getByLabel("Visit outcome").locator("option:checked").textContent(), "Order placed");
  const bar = await p.evaluate(() => {
    const r = document.querySelector(".order-bar").getBoundingClientRect();
    const fab = document.querySelector(".chat-fab").getBoundingClientRect();
    return { bottom: r.bottom, top: r.top, fabBottom: fab.bottom, height: innerHeight, wide: document.documentElement.scrollWidth > innerWidth };
  });
  assert.ok(bar.bottom <= bar.height + 1 && bar.top < bar.height, `the order bar is on screen: ${JSON.stringify(bar)}`);
  assert.ok(bar.fabBottom <= bar.top + 1, `the chat button is clear of the order bar: ${JSON.stringify(bar)}`);
  assert.equal(bar.wide, false, "no sideways scrolling at 390 px");
  // The customer's usual distributor unless another is picked; one without email says its orders wait.
  const distributor = p.getByLabel("Distributor");
  assert.equal(await distributor.locator("option:checked").textContent(), "Usual distributor");
  assert.equal(await distributor.locator("option", { hasText: "Metro Wholesale (no email: orders wait)" }).count(), 1);
  await distributor.selectOption({ label: "Coastal Trading Co" });
  const tag = `order-${Date.now()}`;
  await p.getByLabel("Remark").fill(tag);
  await p.getByRole("button", { name: "Submit order" }).click();

  const done = p.getByTestId("order-confirmation");
  await done.waitFor();
  await expectAlert(p, "success", "Order submitted successfully.");
  await done.getByText("Coastal Trading Co").waitFor();
  const number = await done.getByTestId("order-number").textContent();
  assert.match(number, /^APP\d{6}$/, "the order number alone, no database id (issue #55)");
  assert.equal(await done.getByTestId("confirmed-total").textContent(), money(expected));
  assert.equal(await done.getByTestId("confirmed-lines").locator("tbody tr").count(), 2);
  assert.equal(await p.getByTestId("price-changed").count(), 0, "the prices did not change");
  // One call: the order in units with the screen's prices, and its visit with its own clientId.
  assert.equal(posts.length, 1);
  const sent = posts[0];
  assert.deepEqual(
    sent.lines.map((l) => [l.productId, l.quantity]),
    [
      [products.get(chipName).productId, lastQty],
      [other.productId, 2 * other.packSize],
    ],
  );
  assert.equal(sent.expectedTotal, expected);
  assert.equal(typeof sent.distributorId, "number");
  assert.equal(sent.visit.outcomeId, 1);
  assert.equal(sent.visit.accuracy, 20);
  assert.match(sent.clientId, /^[A-Za-z0-9_-]{1,64}$/);
  assert.notEqual(sent.visit.clientId, sent.clientId);

  // Back on the visit screen: the order among the customer's orders, its visit in the interactions.
  await done.getByRole("link", { name: "Back to the customer" }).click();
  await p.waitForURL((u) => u.hash === "#/customer/visit/B100001");
  const orderNumber = number.split(" ")[0];
  const row = p.getByTestId("orders").locator("tbody tr").filter({ hasText: orderNumber });
  await row.getByText("Submitted").waitFor();
  assert.match(await row.textContent(), new RegExp(money(expected).replace(".", "\\.")));
  const visit = p.getByTestId("interactions").locator("tbody tr").first();
  await visit.getByText(tag).waitFor();
  assert.match(await visit.textContent(), /Order placed/);

  // Cancel, after a confirmation.
  await row.getByRole("button", { name: "Cancel" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByText("Cancel this order?").waitFor();
  await dialog.getByRole("button", { name: "Yes" }).click();
  await row.getByText("Cancelled").waitFor();
  assert.equal(await row.getByRole("button", { name: "Cancel" }).count(), 0, "a cancelled order cannot be cancelled again");
  // The order number is APP and the id in six figures (orders::queries, "APP{:06}").
  const orderId = Number(number.slice(3));
  assert.equal((await apiGet(token, `/users/order/${orderId}`)).status, "Cancelled");
  assert.deepEqual(p.pageErrors, []);
  assert.deepEqual(p.consoleErrors, []);
  await p.context().close();
});

test("a price changed while the order screen was open is booked at the server's price, and the agent is told", async () => {
  const adminToken = await app.token("admin@demo.test");
  const products = await catalogue(adminToken);
  const p = await agentPhone("agent1@demo.test");
  await takeOrder(p);
  const product = anotherProduct(products, ["Shampoo Sachet"]);
  const line = await addSearched(p, product.productName, product.productName);
  await line.getByLabel(`Quantity of ${product.productName}`).fill("3");
  await p.getByTestId("order-total").getByText(money(withGst(3, product)), { exact: true }).waitFor();
  const newPrice = product.price + 5;
  const saved = await apiPost(adminToken, "/master/product", { ...product, price: newPrice });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  try {
    await p.getByRole("button", { name: "Submit order" }).click();
    const repriced = money(withGst(3, { ...product, price: newPrice }));
    const note = `Prices changed since you opened the order: the total is now ${repriced}.`;
    await p.getByTestId("price-changed").getByText(note).waitFor();
    await expectAlert(p, "info", note);
    assert.equal(await p.getByTestId("confirmed-total").textContent(), repriced);
  } finally {
    await apiPost(adminToken, "/master/product", product);
  }
  await p.context().close();
});

test("offline, an order waits on the phone with its visit, is counted with the visits, and reaches the server exactly once", async () => {
  const adminToken = await app.token("admin@demo.test");
  const products = await catalogue(adminToken);
  const p = await agentPhone("agent1@demo.test");
  const { token } = await session(p);
  await offlineCopyLoaded(p, { products: true });
  // Seen online once: the visit screen (with Must Sell) is kept on the phone.
  await takeOrder(p);
  const before = (await apiGet(token, "/users/orders?buyerId=B100001")).totalRecords;
  const posts = [];
  p.context().on("request", (r) => r.method() === "POST" && r.url().endsWith("/webapi/api/users/order") && posts.push(r.postDataJSON()));

  await p.context().setOffline(true);
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("offline-details").waitFor();
  // A plain visit first, then the order.
  await p.getByLabel("Outcome").selectOption({ label: "Follow-up" });
  await p.getByLabel("Remark").fill(`offline-visit-${Date.now()}`);
  await p.getByRole("button", { name: "Save Visit" }).click();
  await expectAlert(p, "info", "Saved on this phone, will sync");
  await p.getByRole("button", { name: "Dismiss" }).click();
  await p.getByTestId("customer-orders").getByRole("link", { name: "Take order" }).click();
  await p.waitForURL((u) => u.hash === "#/customer/order/B100001");
  // The product list comes from the phone.
  const product = anotherProduct(products, ["Shampoo Sachet"]);
  const line = await addSearched(p, product.category.slice(0, 4).toLowerCase(), product.productName);
  await line.getByLabel(`Quantity of ${product.productName}`).fill("1");
  await line.getByRole("button", { name: "Cases" }).click();
  const total = money(withGst(product.packSize, product));
  await p.getByTestId("order-total").getByText(total, { exact: true }).waitFor();
  await p.getByRole("button", { name: "Submit order" }).click();
  const done = p.getByTestId("order-confirmation");
  await done.waitFor();
  await expectAlert(p, "info", "Order saved on this phone, will sync");
  assert.equal(await done.getByTestId("order-number").textContent(), "Waiting to sync");
  assert.equal(await done.getByTestId("confirmed-total").textContent(), total);
  const offlineBar = p.getByTestId("offline-bar");
  await offlineBar.getByText("Offline: 1 visit and 1 order waiting").waitFor();
  assert.equal(posts.length, 0, "nothing was sent while offline");

  // The visit screen shows the order waiting and its visit at the top of the interactions.
  await done.getByRole("link", { name: "Back to the customer" }).click();
  await p.getByTestId("orders").locator("tbody tr").first().getByText("Waiting to sync").waitFor();
  assert.equal(await p.getByTestId("interactions").locator("tbody tr", { hasText: "Waiting to sync" }).count(), 2, "the visit and the order's visit");
  // The waiting screen lists it; the logout warning counts it.
  await offlineBar.getByRole("link").click();
  await p.waitForURL((u) => u.hash === "#/customer/waiting-visits");
  const waiting = p.getByTestId("waiting-orders").locator("tbody tr");
  await waiting.first().waitFor();
  assert.equal(await waiting.count(), 1);
  assert.match(await waiting.first().textContent(), new RegExp(`B100001.*${product.productName} x ${product.packSize}.*Waiting to sync`));
  assert.equal(await p.getByTestId("waiting-visits").locator("tbody tr").count(), 1);
  await p.getByRole("link", { name: "Logout" }).click();
  const warning = p.getByTestId("logout-warning");
  assert.match(await warning.textContent(), /1 visit and 1 order saved on this phone have not reached the server/);
  await warning.getByRole("button", { name: "Discard 1 visit and 1 order" }).waitFor();
  await warning.getByRole("button", { name: "Cancel" }).click();

  // Online again, the first answer is lost on the way back (the server booked it): the order
  // stays queued, goes again (here at the next start of the app) and is answered as the same
  // booking.
  // `lost` counts answers dropped after the server has answered, so the booking exists by then.
  let intercepted = false;
  let lost = 0;
  await p.route("**/webapi/api/users/order", async (route) => {
    if (route.request().method() !== "POST" || intercepted) return route.continue();
    intercepted = true;
    await route.fetch();
    lost++;
    return route.abort("internetdisconnected");
  });
  await p.context().setOffline(false);
  await p.waitForFunction(() => [...document.querySelectorAll("[data-testid=waiting-visits] tbody tr")].length === 0, null, { timeout: 15000 });
  for (let i = 0; lost === 0 && i < 100; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(lost, 1, "the first send's answer was lost");
  assert.equal(await waiting.count(), 1, "the order whose answer was lost still waits");
  assert.equal((await apiGet(token, "/users/orders?buyerId=B100001")).totalRecords, before + 1, "the server booked it");
  await p.reload();
  await p.getByTestId("user-name").waitFor();
  await p.getByText("No visits are waiting: everything saved on this phone has reached the server.").waitFor({ timeout: 15000 });
  await offlineBar.waitFor({ state: "detached", timeout: 15000 });
  const after = await apiGet(token, "/users/orders?buyerId=B100001");
  assert.equal(after.totalRecords, before + 1, "exactly one order reached the server");
  assert.equal(after.data[0].total, withGst(product.packSize, product));
  assert.equal(after.data[0].lineCount, 1);
  assert.ok(posts.length >= 2, `${posts.length} sends`);
  assert.equal(new Set(posts.map((b) => b.clientId)).size, 1, "every send carried the same clientId");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("a queued order the server refuses stays with its reason until the agent discards it", async () => {
  const adminToken = await app.token("admin@demo.test");
  const name = `Test Biscuit ${Date.now()}`;
  const created = await apiPost(adminToken, "/master/product", { productName: name, sku: "TB-1", price: 12.5, packSize: 10, category: "Tests" });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const p = await agentPhone("agent2@demo.test");
  const { token } = await session(p);
  await offlineCopyLoaded(p, { products: true });
  await p.goto("/#/customer/visit/B100002");
  await p.getByTestId("customer-details").waitFor();
  const before = (await apiGet(token, "/users/orders?buyerId=B100002")).totalRecords;
  await p.context().setOffline(true);
  await p.getByTestId("customer-orders").getByRole("link", { name: "Take order" }).click();
  await p.waitForURL((u) => u.hash === "#/customer/order/B100002");
  await addSearched(p, "TB-1", name);
  await p.getByRole("button", { name: "Submit order" }).click();
  await expectAlert(p, "info", "Order saved on this phone, will sync");

  // Retired while the order waited: the server refuses it.
  const retired = await apiPost(adminToken, "/master/product", { productId: created.body.productId, productName: name, sku: "TB-1", price: 12.5, packSize: 10, category: "Tests", active: false });
  assert.equal(retired.status, 200, JSON.stringify(retired.body));
  await p.context().setOffline(false);
  const bar = p.getByTestId("offline-bar");
  await bar.getByText("1 order not accepted: review").waitFor({ timeout: 15000 });
  await bar.getByRole("link").click();
  const row = p.getByTestId("waiting-orders").locator("tbody tr").first();
  await row.waitFor();
  const refused = `${name} is no longer sold and cannot be ordered.`;
  assert.equal(await row.getByTestId("failure-message").textContent(), refused);
  await row.getByRole("button", { name: "Retry" }).click();
  await row.getByTestId("failure-message").getByText(refused).waitFor();
  await row.getByRole("button", { name: "Discard" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByText("Discard this order? It has not reached the server and will be lost.").waitFor();
  await dialog.getByRole("button", { name: "Yes" }).click();
  await p.getByText("No visits are waiting: everything saved on this phone has reached the server.").waitFor();
  await bar.waitFor({ state: "detached" });
  assert.equal((await apiGet(token, "/users/orders?buyerId=B100002")).totalRecords, before, "no order was booked");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("managers and administrators list orders with status, customer, agent, distributor, total and why one waits", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").getByRole("link", { name: "Orders", exact: true }).click();
  await p.waitForURL((u) => u.hash === "#/customer/orders");
  const table = p.getByTestId("orders-table");
  await table.locator("tbody tr").first().waitFor();
  const headers = await table.locator("thead th").allTextContents();
  assert.deepEqual(headers, ["Order", "Date", "Status", "Customer", "Agent", "Distributor", "Total", "Waiting", "Actions"]);
  const waiting = table.locator("tbody tr", { hasText: "Metro Wholesale" }).filter({ hasText: "Submitted" }).first();
  await waiting.getByText("The distributor has no email address.").waitFor();
  // View shows the lines.
  await waiting.getByRole("button", { name: /^View order/ }).click();
  const dialog = p.getByRole("dialog");
  await dialog.locator("tbody tr").first().waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  // A period with no orders; From after To is refused on the screen.
  await p.getByLabel("From").fill("2001-01-01");
  await p.getByLabel("To").fill("2001-01-31");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("No orders in this period").waitFor();
  await p.getByLabel("From").fill("2001-02-01");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("From must be on or before To.").waitFor();
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();

  // A manager holds rpt_orders: the list, without the administrators' reason column's contents.
  const m = await app.page();
  await app.login(m, "am@demo.test");
  await m.waitForURL((u) => u.hash === "#/landing/retailer-bucket");
  await m.goto("/#/customer/orders");
  await m.getByTestId("orders-table").locator("tbody tr").first().waitFor();
  assert.equal(await m.evaluate(() => document.documentElement.scrollWidth > innerWidth), false, "no sideways scrolling at 390 px");
  await m.context().close();
});

test("the administrator edits a product's price and retires one on the product screen; mistakes are explained", async () => {
  const agentToken = await app.token("agent2@demo.test");
  const p = await app.page();
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.goto("/#/master/product-master");
  const table = p.getByTestId("products-table");
  await table.locator("tbody tr").first().waitFor();
  // More than a page of products: 30 a page.
  const adminToken = await app.token("admin@demo.test");
  let all = (await apiGet(adminToken, "/master/product")).totalRecords;
  assert.ok(all >= 21, "the 20 demo products and a retired one");
  for (; all < 35; all++) assert.equal((await apiPost(adminToken, "/master/product", { productName: `Zz Paging ${all}`, price: 1 })).status, 200);
  await p.reload();
  await p.getByTestId("products-count").getByText(`${all} products`).waitFor();
  assert.equal(await table.locator("tbody tr").count(), 30, "30 a page");
  const pager = p.getByRole("navigation", { name: "Pages" });
  await pager.getByText("Page 1 of 2").waitFor();
  await pager.getByRole("button", { name: "Next" }).click();
  await pager.getByText("Page 2 of 2").waitFor();
  await table.locator("tbody tr").nth(all - 31).waitFor();
  assert.equal(await table.locator("tbody tr").count(), all - 30);
  await p.getByLabel("Search name, SKU or category").fill("Coffee Jar");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByTestId("products-count").getByText("1 product").waitFor();

  // Validation: the server's rules, on the screen.
  await table.getByRole("button", { name: "Modify Coffee Jar 100g" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByLabel("Product Name").fill("");
  await dialog.getByLabel("Price (a unit)").fill("abc");
  await dialog.getByLabel("Pack Size (units a case)").fill("2.5");
  await dialog.getByRole("button", { name: "Update" }).click();
  await dialog.getByText("Product Name is required").waitFor();
  await dialog.getByText("Price must be an amount of 0 or more, with at most two decimal places.").waitFor();
  await dialog.getByText("Pack Size must be a whole number of units, 1 or more.").waitFor();
  // A name another product has: the server's message.
  await dialog.getByLabel("Product Name").fill("Tea Leaf 250g");
  await dialog.getByLabel("Price (a unit)").fill("315.5");
  await dialog.getByLabel("Pack Size (units a case)").fill("24");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "error", "A product with this name already exists.");
  await dialog.getByLabel("Product Name").fill("Coffee Jar 100g");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "Product saved.");
  await dialog.waitFor({ state: "detached" });
  await table.locator("tbody tr", { hasText: "Coffee Jar 100g" }).getByText("₹315.50").waitFor();
  const coffee = (await apiGet(agentToken, "/master/product?search=CJ-100")).data[0];
  assert.equal(coffee.price, 315.5);

  // Retiring: Active off. The agent's product list no longer has it; the screen still shows it.
  await p.getByLabel("Search name, SKU or category").fill("SS-1");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByTestId("products-count").getByText("1 product").waitFor();
  await table.getByRole("button", { name: "Modify Shampoo Sachet" }).click();
  await dialog.getByLabel("Active (off: retired, no longer orderable)").uncheck();
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectAlert(p, "success", "Product saved.");
  await table.locator("tbody tr", { hasText: "Shampoo Sachet" }).getByText("Retired").waitFor();
  assert.equal((await apiGet(agentToken, "/master/product?search=Shampoo")).totalRecords, 0);
  assert.equal(await p.evaluate(() => document.documentElement.scrollWidth > innerWidth), false, "no sideways scrolling at 390 px");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});
