// Today, the order screens and the side menu in the agent's language (issue #42): in Hindi at
// 390 px no text is cut or overflows its box (scrollWidth against clientWidth on every visible
// element, and nothing spilling out of its card), and each screen's heading is Devanagari; with
// the pseudo-locale every visible text of these screens is a catalogue text ("[!! ... !!]") or
// data; and in English at 1280 px the Orders list's nine columns fit beside the menu (View in
// sight without scrolling the table). Walked: Today with the working day card, booking an order
// over the customer's credit limit (lines in units and cases, the total in ₹, the hold notice),
// Credit Approval with its reject dialog, a manager's Today, the Orders list with an order's
// lines, and the side menu of an agent, a manager and an administrator.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { signInByIds, start } from "./server.mjs";
import { overflowing, recordData, strayTexts } from "./language-checks.mjs";

const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");
mkdirSync(shots, { recursive: true });

let app;
before(async () => {
  app = await start();
  // An order over B100005's limit is held for approval: the hold notice and Credit Approval.
  const token = await app.token("admin@demo.test");
  const value = await app.xsrf();
  const r = await fetch(`${app.base}/webapi/api/users/customer/creditLimit`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "X-XSRF-TOKEN": value,
      Cookie: `XSRF-TOKEN=${value}`,
    },
    body: JSON.stringify({ buyerId: "B100005", creditLimit: 10 }),
  });
  assert.equal(r.status, 200, "credit limit set");
});
after(async () => app && (await app.stop()));

const DEVANAGARI = /[\u0900-\u097F]/;
/** Signs `email` in on a page of `width` in `lang` ("hi", "en" or "pseudo"): the user's language set first. */
async function signedIn(email, width, lang) {
  const token = await app.token(email);
  const value = await app.xsrf();
  const set = await fetch(`${app.base}/webapi/api/users/locale`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "X-XSRF-TOKEN": value,
      Cookie: `XSRF-TOKEN=${value}`,
    },
    body: JSON.stringify({ locale: lang === "hi" ? "hi" : "en" }),
  });
  assert.equal(set.status, 200, `${email}'s language`);
  const p = await app.page({ width, height: width === 390 ? 844 : 900 });
  p.data = recordData(p);
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p
    .context()
    .setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await p.goto(lang === "pseudo" ? "/?locale=pseudo#/login" : "/#/login");
  await p.locator("#userName").waitFor();
  await signInByIds(p, email);
  await p.waitForURL((u) => !u.hash.startsWith("#/login"));
  await p.waitForFunction(
    () => JSON.parse(localStorage.getItem("fieldsales.session") || "{}").token,
  );
  await p.getByTestId("sidebar").waitFor({ state: "attached" });
  await p.waitForLoadState("networkidle");
  return p;
}

/** Goes to a screen and waits for it to settle. */
async function open(p, path) {
  await p.goto(`/#${path}`);
  await p.waitForFunction((want) => location.hash === `#${want}`, path);
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
}

/** Checks the page as it is now in `lang`: Hindi fits with Devanagari headings; pseudo has no stray text. */
async function check(p, lang, name, problems) {
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
  await p.screenshot({
    path: join(shots, `i18n-${lang}-${name}.png`),
    fullPage: true,
  });
  if (lang === "hi") {
    const found = await overflowing(p);
    if (found.length) problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
    const heading = await p.evaluate(() =>
      (
        document.querySelector(".content h1, .modal h2")?.textContent || ""
      ).trim(),
    );
    if (heading && !DEVANAGARI.test(heading) && !/^APP\d+$/.test(heading))
      problems.push(`${name}: the heading "${heading}" is not Hindi`);
  } else {
    let stray = await strayTexts(p, p.data);
    // An answer may show before its response event reaches this side: look again a little later.
    for (let tries = 0; stray.length && tries < 3; tries++) {
      await p.waitForTimeout(300);
      stray = await strayTexts(p, p.data);
    }
    if (stray.length)
      problems.push(`${name}: ${stray.slice(0, 12).join(" | ")}`);
  }
}

/** Opens the side menu with its groups unfolded, checks it, and closes it again on a phone. */
async function checkMenu(p, lang, name, problems) {
  const sidebar = p.getByTestId("sidebar");
  const phone = p.viewportSize().width < 900;
  if (phone) await p.locator(".menu-toggle").click();
  await sidebar
    .locator("details")
    .evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.waitForFunction(
    () =>
      document.querySelector("[data-testid=sidebar]").getBoundingClientRect()
        .left >= 0,
  );
  await p.waitForTimeout(300);
  const labels = await sidebar.locator("a[href], summary").allInnerTexts();
  if (lang === "hi") {
    const english = labels.filter((l) => !DEVANAGARI.test(l));
    if (english.length)
      problems.push(
        `${name}: menu entries not in Hindi: ${english.join(" | ")}`,
      );
  }
  if (lang === "pseudo") {
    const bare = labels.filter((l) => !/^\[!! .+ !!\]$/.test(l.trim()));
    if (bare.length)
      problems.push(
        `${name}: menu entries outside the catalogue: ${bare.join(" | ")}`,
      );
  } else await check(p, lang, name, problems);
  await sidebar.screenshot({ path: join(shots, `i18n-${lang}-${name}.png`) });
  if (phone) await p.locator(".menu-toggle").click();
}

/** The walk over the screens in `lang`, at 390 px (the Orders list also at 1280 px). */
async function walk(lang) {
  const problems = [];
  // The agent: Today and the working day, the menu, an order over the credit limit.
  const agent = await signedIn("agent1@demo.test", 390, lang);
  await open(agent, "/today");
  await agent.getByTestId("plan-day").waitFor();
  await agent.getByTestId("work-day").waitFor();
  await check(agent, lang, "today", problems);
  if (await agent.getByTestId("start-day").count()) {
    await agent.getByTestId("start-day").click();
    await agent.getByTestId("end-day").waitFor();
    await check(agent, lang, "today-working", problems);
  }
  if (await agent.getByTestId("end-day").count()) {
    await agent.getByTestId("end-day").click();
    await agent.getByRole("dialog").waitFor();
    await check(agent, lang, "today-end-day", problems);
    await agent.getByRole("dialog").locator("button").first().click();
    await agent.waitForFunction(
      () =>
        document.querySelector("[data-testid=work-day]")?.dataset.state ===
        "ended",
    );
    await check(agent, lang, "today-ended", problems);
  }
  await checkMenu(agent, lang, "menu-agent", problems);
  await open(agent, "/customer/order/B100005");
  await agent.locator("#productSearch").fill("Cola");
  await agent
    .getByTestId("product-results")
    .locator("button:not([disabled])")
    .first()
    .click();
  await agent.locator("#productSearch").fill("Water");
  await agent
    .getByTestId("product-results")
    .locator("button:not([disabled])")
    .first()
    .click();
  // The second line in cases.
  await agent
    .getByTestId("order-line")
    .nth(1)
    .locator(".seg button")
    .nth(1)
    .click();
  assert.match(
    await agent.getByTestId("order-total").textContent(),
    /^₹[\d,]+\.\d\d$/,
    "the total in ₹",
  );
  await check(agent, lang, "order", problems);
  // (Dispatched: the floating Top link may sit over the bar's button in a short viewport.)
  await agent
    .locator("form.order-screen button[type=submit]")
    .dispatchEvent("click");
  await agent.getByTestId("order-held").waitFor();
  await check(agent, lang, "order-held", problems);
  await agent.context().close();

  // The manager: Credit Approval and its reject dialog, Today's agent chooser, the menu.
  const manager = await signedIn("am@demo.test", 390, lang);
  await open(manager, "/orders/credit-approval");
  await manager.getByTestId("held-order").first().waitFor();
  await check(manager, lang, "credit-approval", problems);
  await manager
    .getByTestId("held-order")
    .first()
    .locator(".btn-danger")
    .click();
  await manager.locator("form.modal button[type=submit]").click();
  await manager.locator("form.modal .field-error").waitFor();
  await check(manager, lang, "credit-reject", problems);
  await manager.locator("form.modal button[type=button]").click();
  await open(manager, "/today");
  await check(manager, lang, "today-chooser", problems);
  await checkMenu(manager, lang, "menu-manager", problems);
  await manager.context().close();

  // The administrator: the Orders list and an order's lines, at 390 and 1280 px; the menu.
  for (const width of [390, 1280]) {
    const admin = await signedIn("admin@demo.test", width, lang);
    await open(admin, "/customer/orders");
    const table = admin.getByTestId("orders-table");
    await table.locator("tbody tr").first().waitFor();
    await check(admin, lang, `orders-${width}`, problems);
    if (width === 1280 && lang === "hi") {
      const wide = await table.evaluate((w) => w.scrollWidth - w.clientWidth);
      if (wide > 0)
        problems.push(
          `orders-1280: the table is ${wide}px wider than its frame`,
        );
    }
    await table.locator("tbody tr").first().getByRole("button").click();
    await admin.getByRole("dialog").locator("tbody tr").first().waitFor();
    await check(admin, lang, `order-lines-${width}`, problems);
    await admin.getByRole("dialog").locator(".modal-actions button").click();
    await checkMenu(admin, lang, `menu-admin-${width}`, problems);
    await admin.context().close();
  }
  return problems;
}

test("Hindi at 390 px: Today, the order screens and the menu in Devanagari, no text cut or overflowing", async () => {
  assert.deepEqual(
    await walk("hi"),
    [],
    "texts cut, overflowing or not in Hindi",
  );
});

test("pseudo-locale: every visible text of Today, the order screens and the menu is a catalogue text or data", async () => {
  assert.deepEqual(await walk("pseudo"), [], "texts outside the catalogue");
});

test("English at 1280 px: the Orders list fits beside the menu, its last column inside the frame", async () => {
  const p = await signedIn("admin@demo.test", 1280, "en");
  await open(p, "/customer/orders");
  const table = p.getByTestId("orders-table");
  await table.locator("tbody tr").first().waitFor();
  await p.screenshot({ path: join(shots, "i18n-en-orders-1280.png") });
  const { scroll, client } = await table.evaluate((w) => ({
    scroll: w.scrollWidth,
    client: w.clientWidth,
  }));
  assert.ok(
    scroll <= client,
    `the table is ${scroll - client}px wider than its frame`,
  );
  const frame = await table.boundingBox();
  const view = await table
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: /^View order/ })
    .boundingBox();
  assert.ok(
    view && view.x + view.width <= frame.x + frame.width,
    "View sits inside the frame",
  );
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});
