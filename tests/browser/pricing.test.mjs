// Orders priced on the phone (issue #52), at 390 px: offline, the agent books 10 pieces under
// "every 10 get 1 free of another product" plus a 5 % slab on a second product; the screen shows
// the free line, the discount, CGST and SGST and the total, priced from the phone's copy of schemes
// and rates; back online the server books exactly that total; the Hindi screen shows the same
// figures. Needs the full pricing engine (src/pricing, lib/pricing/engine.js) for the schemes.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, test } from "node:test";
import { expectAlert, offlineCopyLoaded, start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const money = (paise) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
/** `(base * bp + 5000) div 10000`: the contract's rounding. */
const ofBp = (base, bp) => Math.floor((base * bp + 5000) / 10000);
const sql = (text) => execFileSync("sqlite3", [app.db, text], { encoding: "utf8" }).trim();

async function api(token, method, path, body) {
  const value = await app.xsrf();
  const r = await fetch(`${app.base}/webapi/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-XSRF-TOKEN": value, Cookie: `XSRF-TOKEN=${value}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: await r.json() };
}

/** The schemes and rates of the journey, stored as the schemes master stores them. */
function setUp() {
  const id = (name) => Number(sql(`SELECT product_id FROM products WHERE name = '${name}'`));
  const [cola, tea, soap] = [id("Cola 300ml"), id("Tea Leaf 250g"), id("Bath Soap 100g")];
  sql("UPDATE products SET gst_rate_bp = 1800 WHERE name = 'Cola 300ml'; UPDATE products SET gst_rate_bp = 500 WHERE name = 'Tea Leaf 250g'");
  sql("UPDATE distributors SET state = 'Karnataka'; UPDATE customers SET state = 'Karnataka' WHERE buyer_id = 'B100001'");
  const schemes = [
    { schemeId: 901, version: 1, name: "Cola 10 + 1 soap", kind: "free_every", validFrom: "2000-01-01", products: [cola], every: 10, freeProductId: soap, freeQuantity: 1 },
    { schemeId: 902, version: 1, name: "Tea 5 %", kind: "line_percent", validFrom: "2000-01-01", products: [tea], slabs: [{ minQuantity: 2, percentBp: 500 }] },
  ];
  for (const s of schemes)
    sql(
      `INSERT INTO schemes (scheme_id, version, name, kind, valid_from, priority, body, created_at)
       VALUES (${s.schemeId}, 1, '${s.name}', '${s.kind}', '2000-01-01', 0, '${JSON.stringify(s)}', strftime('%s', 'now'))`,
    );
  const price = (p) => Number(sql(`SELECT price_paise FROM products WHERE product_id = ${p}`));
  const colaGross = 10 * price(cola);
  const teaGross = 2 * price(tea);
  const teaOff = ofBp(teaGross, 500);
  const teaTaxable = teaGross - teaOff;
  const colaTax = ofBp(colaGross, 1800);
  const teaTax = ofBp(teaTaxable, 500);
  const half = (t) => Math.floor(t / 2);
  return {
    discount: teaOff,
    taxable: colaGross + teaTaxable,
    cgst: half(colaTax) + half(teaTax),
    sgst: colaTax - half(colaTax) + teaTax - half(teaTax),
    total: colaGross + colaTax + teaTaxable + teaTax,
  };
}

/** Waits until the phone keeps the schemes copy. */
async function schemesLoaded(p) {
  const { uid } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  for (let i = 0; i < 80; i++) {
    const kept = await p.evaluate(async (uid) => {
      const db = await new Promise((ok) => {
        const r = indexedDB.open(`fieldsales-offline-${uid}`);
        r.onsuccess = () => ok(r.result);
      });
      try {
        const got = await new Promise((ok) => {
          const r = db.transaction("meta").objectStore("meta").get("schemes");
          r.onsuccess = () => ok(r.result);
        });
        return !!got && got.schemes.length >= 2;
      } finally {
        db.close();
      }
    }, uid);
    if (kept) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail("the schemes copy did not load");
}

/** The journey's basket on the order screen of B100001: 10 Cola, 2 Tea. */
async function basket(p) {
  for (const [query, name, qty] of [
    ["cola", "Cola 300ml", "10"],
    ["tea", "Tea Leaf 250g", "2"],
  ]) {
    await p.locator("#productSearch").fill(query);
    // By the product's exact name (the button's own label is in the screen's language).
    const strong = p.locator("strong", { hasText: new RegExp(`^${name}$`) });
    await p.getByTestId("product-results").locator("li").filter({ has: strong }).getByRole("button").click();
    await p.locator(`[data-testid=order-line]:has-text("${name}") input[type=number]`).fill(qty);
  }
}

/** The summary's figures as shown. */
async function figures(p) {
  const text = async (id) => (await p.getByTestId(id).textContent()).trim();
  return {
    discount: await text("order-discount"),
    taxable: await text("order-taxable"),
    cgst: await text("order-cgst"),
    sgst: await text("order-sgst"),
    total: await text("order-summary-total"),
    free: (await p.getByTestId("free-line").allTextContents()).join("|"),
  };
}

test("offline at 390 px, free pieces, a slab and GST priced on the phone are booked at exactly that total; Hindi shows the same", async () => {
  const expected = setUp();
  const p = await app.page({ width: 390, height: 844 });
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await offlineCopyLoaded(p, { products: true });
  await schemesLoaded(p);
  const { token } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  await p.goto("/#/customer/visit/B100001");
  await p.getByTestId("customer-details").waitFor();
  const before = (await api(token, "GET", "/users/orders?buyerId=B100001")).body.totalRecords;

  await p.context().setOffline(true);
  await p.goto("/#/customer/order/B100001");
  await p.getByTestId("order-customer").waitFor();
  await basket(p);
  const shown = await figures(p);
  assert.deepEqual(shown, {
    discount: money(expected.discount),
    taxable: money(expected.taxable),
    cgst: money(expected.cgst),
    sgst: money(expected.sgst),
    total: money(expected.total),
    free: shown.free,
  });
  assert.match(shown.free, /Bath Soap 100g × 1 \(free\)/);
  assert.equal((await p.getByTestId("order-total").textContent()).trim(), money(expected.total));
  await p.locator(`[data-testid=order-line]:has-text("Tea Leaf 250g") [data-testid=line-discount]`).waitFor();
  // Nothing wider than the phone.
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll at 390 px");
  await p.getByRole("button", { name: "Submit order" }).click();
  await expectAlert(p, "info", "Order saved on this phone, will sync");

  await p.context().setOffline(false);
  let booked;
  for (let i = 0; i < 120 && !booked; i++) {
    const list = (await api(token, "GET", "/users/orders?buyerId=B100001")).body;
    if (list.totalRecords > before) booked = list.data[0];
    else await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(booked, "the queued order reached the server");
  const detail = (await api(token, "GET", `/users/order/${booked.orderId}`)).body;
  assert.equal(Math.round(detail.total * 100), expected.total, JSON.stringify(detail.totals));
  assert.equal(detail.free.length, 1);
  await p.context().close();

  // The same basket in Hindi: the same figures.
  assert.equal((await api(token, "POST", "/users/locale", { locale: "hi" })).status, 200);
  const h = await app.page({ width: 390, height: 844 });
  await app.login(h, "agent1@demo.test");
  await h.waitForURL((u) => u.hash === "#/today");
  await h.goto("/#/customer/order/B100001");
  await h.getByTestId("order-customer").waitFor();
  await basket(h);
  const hindi = await figures(h);
  assert.deepEqual({ ...hindi, free: "" }, { ...shown, free: "" });
  assert.match(hindi.free, /मुफ़्त/);
  assert.match(await h.getByTestId("order-summary").textContent(), /कर योग्य मूल्य/);
  assert.deepEqual(h.pageErrors, []);
  await h.context().close();
});
