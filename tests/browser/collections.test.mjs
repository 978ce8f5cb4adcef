// Collections at the counter (issue #38), at 390 px: the agent sees the customer's outstanding and
// ageing on the visit screen, goes offline, collects a partial payment and gets its receipt number
// at once; back online the payment syncs, the server holds one payment (a repeat of its clientId is
// a duplicate), allocated oldest first, and the balance and ageing are the new ones on the agent's
// screen and the manager's. Two phones of one agent collecting offline at the same time get
// different receipt numbers, and both payments land. Screenshots at 390 and 1280 px.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { layoutChecks } from "./layout-checks.mjs";
import { offlineCopyLoaded, start } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-collections");
mkdirSync(SHOTS, { recursive: true });
const RECEIPT = /^R\d+-[A-Z0-9]{8}-\d{4,}$/;

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** The stored session of the page's user. */
const session = (p) => p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));

/** A call of the API from this test process (works while the pages are offline). */
async function call(token, method, path, body) {
  const xsrf = await app.xsrf();
  const headers = { Authorization: `Bearer ${token}`, "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` };
  if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json";
  const r = await fetch(`${app.base}/webapi/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text && r.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

/** A calendar day `days` from today (negative: before), as YYYY-MM-DD in the phone's time zone. */
function day(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Uploads invoices (rows after the header) as the administrator; returns the answer. */
async function uploadInvoices(adminToken, rows) {
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-invoices-"));
  const file = join(dir, "invoices.xlsx");
  execFileSync("python3", [join(here, "make_xlsx.py"), file, JSON.stringify([["Invoice No", "Buyer ID", "Invoice Date", "Amount", "Due Date", "Distributor Name"], ...rows])]);
  const form = new FormData();
  form.append("invoicedata", new Blob([readFileSync(file)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), "invoices.xlsx");
  const r = await call(adminToken, "POST", "/users/invoice/upload", form);
  assert.equal(r.status, 200, `invoice upload: ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

/** An agent signed in on a phone (390 px), the service worker ready and the copy loaded. */
async function agentPhone(email) {
  const p = await app.page();
  await app.login(p, email);
  await p.waitForURL((u) => u.hash === "#/today");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await offlineCopyLoaded(p);
  return p;
}

/** The outstanding summary line on the screen, once it says `text`. */
async function summarySays(p, text) {
  await p.waitForFunction(
    (t) => document.querySelector("[data-testid=outstanding-summary]")?.textContent.replace(/[▾▴]/g, "").trim() === t,
    text,
    { timeout: 15000 },
  ).catch(async (e) => {
    const now = await p.getByTestId("outstanding").textContent().catch(() => "(no panel)");
    throw new Error(`the outstanding did not say "${text}": ${now}; ${e.message}`);
  });
}

/** The ageing buckets shown, as { label: amount text }. */
async function ageingShown(p) {
  const summary = p.getByTestId("outstanding-summary");
  if ((await summary.getAttribute("aria-expanded")) !== "true") await summary.click();
  const buckets = p.getByTestId("ageing").locator(".ageing-bucket");
  await buckets.first().waitFor();
  const out = {};
  for (const b of await buckets.all()) out[(await b.locator("dt").textContent()).trim()] = (await b.locator("dd").textContent()).trim();
  return out;
}

/** Collects a payment on the collect screen; returns the receipt number shown. */
async function collect(p, buyerId, amount) {
  await p.goto(`/#/customer/visit/${buyerId}`);
  await p
    .getByRole("link", { name: "Collect payment" })
    .click({ timeout: 15000 })
    .catch(async (e) => {
      await p.screenshot({ path: join(SHOTS, "no-collect-link.png"), fullPage: true });
      throw new Error(`no Collect payment on ${p.url()}: ${await p.locator("main").textContent()}; ${e.message}`);
    });
  await p.waitForURL((u) => u.hash === `#/collections/collect/${buyerId}`);
  await p.locator("#payAmount").fill(String(amount));
  await p.locator("#payMode").selectOption("cash");
  await p.getByTestId("allocation-preview").waitFor();
  await p.getByRole("button", { name: "Save payment" }).click();
  await p.getByTestId("receipt").waitFor();
  return (await p.getByTestId("receipt-no").textContent()).trim();
}

/** The payments of the server with this receipt number (as the administrator sees them). */
async function paymentsWithReceipt(token, receiptNo) {
  const r = await call(token, "GET", "/users/payments?agentId=&from=&to=&mode=&status=&pageNumber=1");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data.filter((row) => row.receiptNo === receiptNo);
}

/** Sends the queue now: what the app does when the connection comes back. */
async function backOnline(p) {
  await p.context().setOffline(false);
  await p.evaluate(() => window.dispatchEvent(new Event("online")));
  await p.getByTestId("offline-bar").waitFor({ state: "detached", timeout: 20000 });
}

// Two of agent1's demo customers (every fourth is agent1's), each with demo invoices.
const BUYER = "B100005";
const OTHER_BUYER = "B100009";
const money = (n) => `₹${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("offline at 390 px: outstanding and ageing, a partial payment with its receipt at once, synced once, oldest first, new balance for agent and manager", async () => {
  const admin = await app.token("admin@demo.test");
  const before = await call(admin, "GET", `/users/customer/outstanding/${BUYER}`);
  assert.equal(before.status, 200, JSON.stringify(before.body));
  // Three invoices of our own, older than any the demo may have: 95 days overdue, 40, and not yet due.
  const tag = `T${Date.now() % 1_000_000}`;
  await uploadInvoices(admin, [
    [`${tag}-1`, BUYER, day(-400), "1000", day(-95)],
    [`${tag}-2`, BUYER, day(-399), "2000.50", day(-40)],
    [`${tag}-3`, BUYER, day(-398), "500", day(10)],
  ]);
  const o = (await call(admin, "GET", `/users/customer/outstanding/${BUYER}`)).body;
  const mine = o.invoices.filter((i) => i.invoiceNo.startsWith(tag));
  assert.deepEqual(
    mine.map((i) => [i.invoiceNo, i.balance, i.daysOverdue]),
    [
      [`${tag}-1`, 1000, 95],
      [`${tag}-2`, 2000.5, 40],
      [`${tag}-3`, 500, 0],
    ],
  );
  const totalBefore = o.total;
  assert.equal(Math.round(totalBefore * 100), Math.round(before.body.total * 100) + 350050);

  const p = await agentPhone("agent1@demo.test");
  const { uid, token } = await session(p);
  await p.goto(`/#/customer/visit/${BUYER}`);
  await p.getByTestId("customer-details").waitFor();
  const overdue = (list) => list.filter((i) => i.daysOverdue > 0).length;
  await summarySays(p, `Outstanding ${money(totalBefore)} · ${overdue(o.invoices)} overdue`);
  const ageing = await ageingShown(p);
  assert.equal(ageing["90+ days"], money(o.ageing.days90plus));
  assert.equal(ageing["31-60 days"], money(o.ageing.days31to60));
  assert.ok(await p.getByTestId("open-invoices").getByText(`${tag}-1`).isVisible());
  await p.screenshot({ path: join(SHOTS, "visit-outstanding-390.png"), fullPage: true });
  assert.deepEqual(await p.evaluate(layoutChecks), []);

  // Offline: the phone's copy answers, as of its sync time.
  await p.context().setOffline(true);
  await p.reload();
  await p.getByTestId("offline-bar").waitFor();
  await p.getByTestId("outstanding-as-of").waitFor();
  assert.match(await p.getByTestId("outstanding-as-of").textContent(), /^Offline: as of \d{2}-\w{3}-\d{4} \d{2}:\d{2}\.$/);
  await summarySays(p, `Outstanding ${money(totalBefore)} · ${overdue(o.invoices)} overdue`);

  // 1,200.25 pays the oldest (the demo's own first, if any) and part of the next.
  const paid = 1200.25;
  const receiptNo = await collect(p, BUYER, paid);
  assert.match(receiptNo, RECEIPT);
  assert.ok(receiptNo.startsWith(`R${uid}-`), receiptNo);
  await p.getByTestId("receipt-waiting").waitFor();
  assert.equal(await p.getByTestId("receipt-amount").textContent(), money(paid));
  await p.screenshot({ path: join(SHOTS, "receipt-offline-390.png"), fullPage: true });
  // The waiting list shows the payment apart.
  await p.goto("/#/customer/waiting-visits");
  const row = p.getByTestId("waiting-payments").locator("tbody tr").first();
  await row.waitFor();
  assert.match(await row.textContent(), new RegExp(`Payment ${money(paid).replace(/[.]/g, "\\.")} from .*, waiting`));
  // The phone's balance is down at once.
  await p.goto(`/#/customer/visit/${BUYER}`);
  const expected = Math.round(totalBefore * 100 - paid * 100) / 100;
  await summarySays(p, `Outstanding ${money(expected)} · ${overdue(o.invoices) - (o.invoices[0].balance <= paid ? 1 : 0)} overdue`);

  await backOnline(p);
  const held = await paymentsWithReceipt(admin, receiptNo);
  assert.equal(held.length, 1, `one payment: ${JSON.stringify(held)}`);
  const detail = (await call(admin, "GET", `/users/payment/${held[0].paymentId}`)).body;
  assert.equal(detail.receiptNo, receiptNo);
  assert.equal(detail.amount, paid);
  // Oldest first: the open invoices in the server's order, each paid up before the next is touched.
  let left = Math.round(paid * 100);
  const want = [];
  for (const i of o.invoices) {
    if (left <= 0) break;
    const take = Math.min(left, Math.round(i.balance * 100));
    want.push([i.invoiceNo, take / 100]);
    left -= take;
  }
  assert.deepEqual(
    detail.allocations.map((a) => [a.invoiceNo, a.amount]),
    want,
  );
  // The same request again, with the same clientId: a duplicate, still one payment.
  const clientId = receiptNo.slice(`R${uid}-`.length);
  const again = await call(token, "POST", "/users/payment", {
    clientId,
    buyerId: BUYER,
    amount: paid,
    mode: "cash",
    collectedAt: new Date().toISOString(),
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.duplicate, true);
  assert.equal(again.body.paymentId, held[0].paymentId);
  assert.equal((await paymentsWithReceipt(admin, receiptNo)).length, 1);

  // The agent's screen online: the server's figures, the same new balance.
  const after = (await call(admin, "GET", `/users/customer/outstanding/${BUYER}`)).body;
  assert.equal(Math.round(after.total * 100), Math.round(totalBefore * 100 - paid * 100));
  await p.reload();
  await summarySays(p, `Outstanding ${money(after.total)} · ${overdue(after.invoices)} overdue`);
  assert.equal(await p.getByTestId("outstanding-as-of").count(), 0);
  const agedAfter = await ageingShown(p);
  assert.equal(agedAfter["90+ days"], money(after.ageing.days90plus));
  assert.equal(agedAfter["31-60 days"], money(after.ageing.days31to60));
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();

  // The manager: the customer's new balance, and the payment on the Collections screen.
  for (const width of [390, 1280]) {
    const m = await app.page({ width, height: width === 390 ? 844 : 900 });
    await app.login(m, "am@demo.test");
    await m.waitForURL((u) => u.hash !== "#/login");
    await m.goto(`/#/customer/visit/${BUYER}`);
    await m.getByTestId("outstanding-summary").waitFor();
    await summarySays(m, `Outstanding ${money(after.total)} · ${overdue(after.invoices)} overdue`);
    assert.equal(await m.getByRole("link", { name: "Collect payment" }).count(), 0, "a manager does not collect");
    const aged = await ageingShown(m);
    assert.equal(aged["90+ days"], money(after.ageing.days90plus));
    assert.equal(aged["0-30 days"], money(after.ageing.days0to30));
    assert.deepEqual(await m.evaluate(layoutChecks), []);
    await m.screenshot({ path: join(SHOTS, `manager-visit-${width}.png`), fullPage: true });
    await m.goto("/#/collections");
    const listed = m.getByTestId("payments-table").getByRole("button", { name: `View receipt ${receiptNo}` });
    await listed.waitFor();
    await m.screenshot({ path: join(SHOTS, `collections-${width}.png`), fullPage: true });
    // No cell breaks a word or a figure, no floating control covers a button; the table fits its box at 1280.
    assert.deepEqual(await m.evaluate(layoutChecks), []);
    if (width === 1280) {
      const fits = await m.getByTestId("payments-table").evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      assert.ok(fits, "the payments table fits at 1280 px");
    }
    await listed.click();
    await m.getByRole("dialog").getByTestId("receipt-allocations").waitFor();
    await m.screenshot({ path: join(SHOTS, `collections-receipt-${width}.png`) });
    await m.getByRole("button", { name: "Close" }).click();
    if (width === 1280) {
      // The agent handed the cash in: the manager marks it deposited, after a confirmation.
      await m.getByRole("button", { name: `Deposit receipt ${receiptNo}` }).click();
      await m.getByRole("dialog").getByText("Mark this payment as deposited?", { exact: false }).waitFor();
      await m.getByRole("button", { name: "Yes" }).click();
      await m.getByRole("button", { name: `Deposit receipt ${receiptNo}` }).waitFor({ state: "detached" });
      assert.equal((await paymentsWithReceipt(admin, receiptNo))[0].status, "deposited");
      assert.equal(await m.getByRole("button", { name: `Reverse receipt ${receiptNo}` }).count(), 0, "a manager does not reverse");
    }
    assert.deepEqual(m.pageErrors, []);
    await m.context().close();
  }

  // A bounced cheque: the administrator reverses the payment with a reason; the balance is back.
  const a = await app.page({ width: 1280, height: 900 });
  await app.login(a, "admin@demo.test");
  await a.waitForURL((u) => u.hash !== "#/login");
  await a.goto("/#/collections");
  await a.getByRole("button", { name: `Reverse receipt ${receiptNo}` }).click();
  await a.getByRole("button", { name: "Reverse", exact: true }).click();
  await a.getByText("The reason for the reversal is required.").waitFor();
  await a.getByLabel("Reason").fill("Counted twice at the shop");
  await a.getByRole("button", { name: "Reverse", exact: true }).click();
  await a.getByRole("button", { name: `Reverse receipt ${receiptNo}` }).waitFor({ state: "detached" });
  const reversed = (await paymentsWithReceipt(admin, receiptNo))[0];
  assert.deepEqual([reversed.status, reversed.reversalReason], ["reversed", "Counted twice at the shop"]);
  const back = (await call(admin, "GET", `/users/customer/outstanding/${BUYER}`)).body;
  assert.equal(back.total, totalBefore);
  assert.deepEqual(a.pageErrors, []);
  await a.context().close();
});

test("two phones of one agent collecting offline at the same time: different receipt numbers, both payments land", async () => {
  const admin = await app.token("admin@demo.test");
  const phones = [await agentPhone("agent1@demo.test"), await agentPhone("agent1@demo.test")];
  for (const p of phones) await p.context().setOffline(true);
  const receipts = [];
  for (const p of phones) {
    await p.reload();
    await p.getByTestId("offline-bar").waitFor();
    receipts.push(await collect(p, OTHER_BUYER, 10));
  }
  assert.notEqual(receipts[0], receipts[1]);
  for (const r of receipts) assert.match(r, RECEIPT);
  // Each phone its own tag: the receipts differ in it, not by chance of a counter.
  assert.notEqual(receipts[0].split("-")[1], receipts[1].split("-")[1]);
  await Promise.all(phones.map((p) => backOnline(p)));
  const landed = await Promise.all(receipts.map((r) => paymentsWithReceipt(admin, r)));
  assert.deepEqual(
    landed.map((l) => l.length),
    [1, 1],
  );
  assert.notEqual(landed[0][0].paymentId, landed[1][0].paymentId);
  await phones[0].screenshot({ path: join(SHOTS, "two-phones-receipt-390.png") });
  for (const p of phones) await p.context().close();
});
