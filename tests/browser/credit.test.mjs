// Credit limits on the screens (issue #38), at 390 px: the area manager sets a customer's Credit
// Limit on the profile screen; the agent books an order over it and sees "Awaiting approval" with
// the reason after booking and among the customer's orders; the manager finds it on Credit
// Approval (a reason is required to reject; Approve asks for confirmation) and approves it; the
// agent then sees it Submitted, approved by the manager. Screenshots at 390 and 1280 px.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

// Screenshots to look at (not kept in the repository).
const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const BUYER = "B100005";

/** What `buyer` owes (the demo seeds invoices), as the held reason words it: ₹39,600.50. */
async function outstandingOf(buyer) {
  const token = await app.token("admin@demo.test");
  const r = await fetch(`${app.base}/webapi/api/users/customer/outstanding/${buyer}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, `outstanding of ${buyer}`);
  const { total } = await r.json();
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(total);
}

/** Signs `email` in on a page of `width` and waits for the shell. */
async function signedIn(email, width = 390) {
  const p = await app.page({ width, height: width === 390 ? 844 : 900 });
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p
    .context()
    .setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await app.login(p, email);
  await p.waitForURL((u) => !u.hash.startsWith("#/login"));
  await p.getByTestId("sidebar").waitFor({ state: "attached" });
  return p;
}

/** No sideways scrolling. */
async function fits(p, what) {
  const wide = await p.evaluate(
    () => document.documentElement.scrollWidth > innerWidth,
  );
  assert.equal(wide, false, `${what}: no sideways scrolling`);
}

test("an order over the credit limit waits for the manager's approval, and the agent sees why and then the approval", async () => {
  mkdirSync(shots, { recursive: true });
  // The manager sets the customer's credit limit on the profile screen.
  const manager = await signedIn("am@demo.test");
  await manager.goto(`/#/customer/profile/${BUYER}`);
  const form = manager.getByTestId("credit-limit-form");
  await form.waitFor();
  await form.getByLabel("Credit Limit").fill("-5");
  await form.getByRole("button", { name: "Save credit limit" }).click();
  await form
    .getByText(
      "Credit Limit must be an amount of 0 or more, with at most two decimal places.",
    )
    .waitFor();
  await form.getByLabel("Credit Limit").fill("10");
  await form.getByRole("button", { name: "Save credit limit" }).click();
  await expectAlert(manager, "success", "The credit limit was saved.");
  await manager
    .getByTestId("profile-credit-limit")
    .getByText("₹10.00")
    .waitFor();
  await fits(manager, "profile");
  await form.screenshot({ path: join(shots, "credit-limit-form-390.png") });

  // The agent books an order: held, with the reason.
  const agent = await signedIn("agent1@demo.test");
  await agent.goto(`/#/customer/visit/${BUYER}`);
  await agent.getByTestId("customer-details").waitFor();
  await agent
    .getByTestId("customer-orders")
    .getByRole("link", { name: "Take order" })
    .click();
  await agent.waitForURL((u) => u.hash === `#/customer/order/${BUYER}`);
  await agent.getByLabel("Search products").fill("Cola");
  await agent
    .getByTestId("product-results")
    .getByRole("button", { name: "Add Cola 300ml", exact: true })
    .click();
  const line = agent
    .getByTestId("order-line")
    .filter({ hasText: "Cola 300ml" });
  await line.getByLabel("Quantity of Cola 300ml").fill("12");
  const total = await agent.getByTestId("order-total").textContent();
  await agent.getByRole("button", { name: "Submit order" }).click();
  const done = agent.getByTestId("order-confirmation");
  await done.waitFor();
  // The demo customer has orders not yet mailed: they count as open orders.
  const open = (await agent.getByTestId("order-held").textContent()).match(
    /open orders (₹[\d,]+\.\d\d)/,
  )[1];
  const reason = `Outstanding ${await outstandingOf(BUYER)} + open orders ${open} + this order ${total} exceeds the credit limit ₹10.00.`;
  // The toast names the state; the reason shows once, in the note (issue #55).
  await expectAlert(agent, "info", "Order awaiting approval");
  await agent
    .getByRole("heading", { name: "Order awaiting approval" })
    .waitFor();
  await done.getByText("Awaiting approval", { exact: true }).waitFor();
  assert.equal(
    await agent.getByTestId("order-held").textContent(),
    `Awaiting approval: ${reason} A manager approves it before it is sent to the distributor.`,
  );
  const number = (await done.getByTestId("order-number").textContent()).split(
    " ",
  )[0];
  await fits(agent, "the held order's confirmation");
  await agent.screenshot({
    path: join(shots, "credit-agent-held-390.png"),
    fullPage: true,
  });

  // Among the customer's orders too.
  await done.getByRole("link", { name: "Back to the customer" }).click();
  const row = agent
    .getByTestId("orders")
    .locator("tbody tr")
    .filter({ hasText: number });
  await row.getByText("Awaiting approval", { exact: true }).waitFor();
  assert.equal(await row.getByTestId("held-reason").textContent(), reason);
  await fits(agent, "the visit screen");
  await agent
    .getByTestId("customer-orders")
    .screenshot({ path: join(shots, "credit-agent-orders-390.png") });

  // The manager's Credit Approval screen, from the menu.
  await manager.getByRole("button", { name: "Menu" }).click();
  await manager
    .getByTestId("sidebar")
    .getByRole("link", { name: "Credit Approval" })
    .click();
  await manager.getByRole("heading", { name: "Credit Approval" }).waitFor();
  const card = manager.getByTestId("held-order").filter({ hasText: number });
  await card.waitFor();
  const text = await card.textContent();
  for (const fact of [BUYER, "Ravi Kumar", total, "₹10.00", reason])
    assert.ok(text.includes(fact), `the card shows ${fact}: ${text}`);
  await fits(manager, "Credit Approval");
  // The menu drawer has slid away.
  await manager.waitForFunction(
    () =>
      document.querySelector("[data-testid=sidebar]").getBoundingClientRect()
        .right <= 0,
  );
  await manager.screenshot({
    path: join(shots, "credit-approval-390.png"),
    fullPage: true,
  });
  const wide = await signedIn("am@demo.test", 1280);
  await wide.goto("/#/orders/credit-approval");
  await wide.getByTestId("held-order").filter({ hasText: number }).waitFor();
  await fits(wide, "Credit Approval at 1280");
  await wide.screenshot({
    path: join(shots, "credit-approval-1280.png"),
    fullPage: true,
  });

  // Reject needs a reason; the manager cancels and approves instead.
  await card.getByRole("button", { name: `Reject order ${number}` }).click();
  let dialog = manager.getByRole("dialog");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await dialog.getByText("Give the reason for rejecting the order.").waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await card.getByRole("button", { name: `Approve order ${number}` }).click();
  dialog = manager.getByRole("dialog");
  await dialog.getByText(`Approve order ${number}`).waitFor();
  await dialog.screenshot({
    path: join(shots, "credit-approve-dialog-390.png"),
  });
  await dialog.getByLabel("Reason (optional)").fill("Regular payer");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expectAlert(
    manager,
    "success",
    "The order was approved and will be sent to the distributor.",
  );
  // None left: the empty list says so once, no "0 orders" line over it.
  await manager.getByText("No orders await approval").waitFor();
  assert.equal(await manager.getByTestId("held-count").count(), 0);

  // The agent sees it approved.
  await agent.reload();
  const approved = agent
    .getByTestId("orders")
    .locator("tbody tr")
    .filter({ hasText: number });
  await approved.getByText("Submitted", { exact: true }).waitFor();
  assert.match(
    await approved.getByTestId("credit-decision").textContent(),
    /^Approved by Meera Nair on .+: Regular payer$/,
  );
  await agent
    .getByTestId("customer-orders")
    .screenshot({ path: join(shots, "credit-agent-approved-390.png") });

  for (const p of [manager, agent, wide]) {
    assert.deepEqual(p.pageErrors, []);
    assert.deepEqual(p.consoleErrors, []);
  }
});

test("an order queued offline is judged when it arrives: the agent is told it awaits approval, and sees why", async () => {
  // The first test left the customer a limit of ₹10.00, so any order is over it.
  const p = await signedIn("agent1@demo.test");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await offlineCopyLoaded(p, { products: true });
  await p.goto(`/#/customer/visit/${BUYER}`);
  await p.getByTestId("customer-details").waitFor();
  await p
    .getByTestId("customer-orders")
    .getByRole("link", { name: "Take order" })
    .click();
  await p.waitForURL((u) => u.hash === `#/customer/order/${BUYER}`);
  await p.context().setOffline(true);
  await p.getByLabel("Search products").fill("Cola");
  await p
    .getByTestId("product-results")
    .getByRole("button", { name: "Add Cola 300ml", exact: true })
    .click();
  await p
    .getByTestId("order-line")
    .filter({ hasText: "Cola 300ml" })
    .getByLabel("Quantity of Cola 300ml")
    .fill("2");
  await p.getByRole("button", { name: "Submit order" }).click();
  const done = p.getByTestId("order-confirmation");
  await done.waitFor();
  await expectAlert(p, "info", "Order saved on this phone, will sync");
  await done.getByRole("link", { name: "Back to the customer" }).click();
  await p
    .getByTestId("orders")
    .locator("tbody tr")
    .first()
    .getByText("Waiting to sync")
    .waitFor();

  // Online again: the queue goes, the server holds the order, the phone says so.
  await p.context().setOffline(false);
  const told =
    "1 order is awaiting approval: it is over the customer's credit limit (see the customer's orders).";
  await p.waitForFunction(
    (t) =>
      [...document.querySelectorAll("[data-testid=alert-info]")].some(
        (a) => a.textContent === t,
      ),
    told,
    {
      timeout: 30000,
    },
  );
  await p.reload();
  const row = p.getByTestId("orders").locator("tbody tr").first();
  await row
    .getByText("Awaiting approval", { exact: true })
    .waitFor({ timeout: 15000 });
  assert.match(
    await row.getByTestId("held-reason").textContent(),
    new RegExp(
      `^Outstanding ${(await outstandingOf(BUYER)).replace(/[.$]/g, "\\$&")} \\+ open orders ₹[\\d,]+\\.\\d\\d \\+ this order ₹64\\.00 exceeds the credit limit ₹10\\.00\\.$`,
    ),
  );
  await p
    .getByTestId("customer-orders")
    .screenshot({ path: join(shots, "credit-agent-synced-held-390.png") });
  assert.deepEqual(p.pageErrors, []);
});
