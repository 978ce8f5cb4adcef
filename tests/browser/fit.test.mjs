// Issue #41 items 12 and 13 at 390 px: the map's pins never pile into one blob and the bucket map
// reaches every page; tab labels, placeholders, the Rights grid and the Score Card show their text
// whole and in line.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { start } from "./server.mjs";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

async function signedIn(email, viewport) {
  const p = await app.page(viewport);
  await app.login(p, email);
  await p.waitForURL((u) => !["#/login", "#/", ""].includes(u.hash));
  return p;
}

/** Each pin of the map: its number and its centre; and the map's box. */
const pinsOf = (p) =>
  p.getByTestId("map").evaluate((map) => ({
    map: map.getBoundingClientRect().toJSON(),
    pins: [...map.querySelectorAll("[data-testid=map-pin]")].map((e) => {
      const b = e.getBoundingClientRect();
      return { seq: e.textContent, x: b.left + b.width / 2, y: b.top + b.height / 2, size: b.width };
    }),
  }));

test("at 390 the day plan's pins each show their number and none covers another", async () => {
  const p = await signedIn("agent1@demo.test");
  await p.goto("/#/map/today");
  await p.getByTestId("map-pin").first().waitFor();
  // The map has fitted itself to the pins (Leaflet's zoom animation over).
  await p.waitForTimeout(800);
  const { map, pins } = await pinsOf(p);
  assert.ok(pins.length >= 20, `the demo plan has ${pins.length} located customers`);
  assert.deepEqual(
    pins.map((x) => Number(x.seq)).sort((a, b) => a - b),
    [...new Set(pins.map((x) => Number(x.seq)))].sort((a, b) => a - b),
    "every pin carries its own number",
  );
  for (const [i, a] of pins.entries()) {
    assert.ok(a.x >= map.left && a.x <= map.right && a.y >= map.top && a.y <= map.bottom, `pin ${a.seq} is outside the map`);
    for (const b of pins.slice(i + 1)) {
      const apart = Math.hypot(a.x - b.x, a.y - b.y);
      assert.ok(apart >= a.size - 0.5, `pins ${a.seq} and ${b.seq} overlap: ${apart.toFixed(1)} px apart`);
    }
  }
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("at 390 the bucket map pages through the whole bucket", async () => {
  const p = await signedIn("agent1@demo.test");
  const { uid } = await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")));
  await p.goto(`/#/map/bucket/retailers/${uid}`);
  const pager = p.getByRole("navigation", { name: "Pages" });
  await pager.getByText(/^Page 1 of \d+$/).waitFor();
  const pages = Number((await pager.getByText(/^Page 1 of/).textContent()).split(" of ")[1]);
  assert.ok(pages > 2, `the demo bucket has ${pages} pages`);
  await p.getByTestId("map-pin").first().waitFor();
  const numbers = async () => (await pinsOf(p)).pins.map((x) => Number(x.seq));
  assert.ok((await numbers()).every((n) => n >= 1 && n <= 25));

  await pager.getByRole("button", { name: "Next" }).click();
  await p.waitForURL((u) => u.hash === `#/map/bucket/retailers/${uid}?pageNumber=2&order=desc`);
  await pager.getByText(`Page 2 of ${pages}`).waitFor();
  await p.waitForFunction(() => [...document.querySelectorAll("[data-testid=map-pin]")].some((e) => Number(e.textContent) > 25));
  assert.ok((await numbers()).every((n) => n >= 26 && n <= 50), `page 2 numbers its pins 26 to 50: ${await numbers()}`);

  // The last page too, and the phone's back returns to the page before.
  await p.goto(`/#/map/bucket/retailers/${uid}?pageNumber=${pages}&order=desc`);
  await pager.getByText(`Page ${pages} of ${pages}`).waitFor();
  assert.ok(await pager.getByRole("button", { name: "Next" }).isDisabled());
  await p.goBack();
  await pager.getByText(`Page 2 of ${pages}`).waitFor();
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

/**
 * Whether a field shows its whole placeholder (an input) or chosen option (a select). An input is
 * given the text as its value and must not scroll (a search box keeps room for its clear button);
 * a select's text is measured with a canvas against its box less the padding and the arrow.
 */
const shownWhole = (locator) =>
  locator.evaluate((e) => {
    if (e.tagName === "INPUT") {
      const before = e.value;
      e.value = e.placeholder;
      const whole = e.scrollWidth <= e.clientWidth;
      e.value = before;
      return { text: e.placeholder, whole };
    }
    const style = getComputedStyle(e);
    const text = e.selectedOptions[0].textContent;
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { text, whole: ctx.measureText(text).width <= room };
  });

test("at 390 the visit screen's tabs show their whole labels", async () => {
  const p = await signedIn("agent1@demo.test");
  await p.goto("/#/customer/visit/B100001");
  const tabs = p.getByRole("tab");
  await tabs.first().waitFor();
  const boxes = await p.getByRole("tablist").evaluate((list) => {
    const outer = list.getBoundingClientRect();
    return [...list.querySelectorAll("[role=tab]")].map((t) => {
      const b = t.getBoundingClientRect();
      return { label: t.textContent, inside: b.left >= outer.left && b.right <= outer.right, whole: t.scrollWidth <= t.clientWidth };
    });
  });
  assert.deepEqual(
    boxes.map((b) => b.label),
    ["Must Sell", "Best Sellers", "Price Comparison"],
  );
  for (const b of boxes) assert.ok(b.inside && b.whole, `the tab "${b.label}" is cut: ${JSON.stringify(b)}`);
  await p.context().close();
});

test("at 390 the delivery search and the order's distributor show their whole placeholder", async () => {
  const p = await signedIn("agent1@demo.test");
  await p.goto("/#/customer/delivery");
  const search = p.locator("#deliverySearch");
  await search.waitFor();
  assert.deepEqual(await shownWhole(search), { text: "Order ID or name", whole: true });

  await p.goto("/#/customer/order/B100001");
  const distributor = p.getByLabel("Distributor");
  await distributor.waitFor();
  assert.deepEqual(await shownWhole(distributor), { text: "Usual distributor", whole: true });
  // What an untouched choice means is said under it.
  await p.getByText("Left as it is, the order goes to the distributor of the customer's most recent order.").waitFor();
  await p.context().close();
});

test("at 390 the Rights grid breaks no word: a right's code wraps at its underscores", async () => {
  const p = await signedIn("admin@demo.test");
  await p.goto("/#/master/rights-master");
  const grid = p.getByTestId("rights-grid");
  await grid.waitFor();
  const broken = await grid.evaluate((table) => {
    const out = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  assert.deepEqual(broken, []);
  // The code still reads as one, for a search or a copy.
  await grid.getByText("additional_reason_master", { exact: true }).waitFor();
  await p.context().close();
});

test("at 390 the Score Card's values start in one column", async () => {
  const p = await signedIn("am@demo.test");
  await p.goto("/#/score/card");
  await p.waitForFunction(() => document.querySelectorAll("#agent option").length > 2);
  await p.getByLabel("Agent").selectOption({ label: "Priya Sharma" });
  const card = p.getByTestId("scorecard");
  await card.getByText("agent2@demo.test").waitFor();
  const lefts = await card.locator("dd").evaluateAll((l) => l.map((e) => Math.round(e.getBoundingClientRect().left)));
  assert.equal(lefts.length, 13);
  assert.deepEqual([...new Set(lefts)].length, 1, `the values start at ${lefts}`);
  const right = await card.evaluate((e) => Math.round(e.getBoundingClientRect().right));
  for (const r of await card.locator("dd").evaluateAll((l) => l.map((e) => e.getBoundingClientRect().right))) assert.ok(r <= right, "a value leaves the card");
  await p.context().close();
});
