// An agent's day in Hindi on a 390 px phone (issue #42): sign in, Today, search a customer, save a
// visit, book an order, go offline (a visit saved on the phone, the waiting list) and back. At each
// step the screen is photographed (looked at by a person when the screens change), its heading and
// messages are in Devanagari, and no element's text is cut or overflows its box.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chooseSignInLanguage, offlineCopyLoaded, signInByIds, start } from "./server.mjs";
import { overflowing } from "./language-checks.mjs";

const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");
mkdirSync(shots, { recursive: true });
const DEVANAGARI = /[\u0900-\u097F]/;

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

test("an agent's day in Hindi at 390 px: every step in Devanagari, no text cut or overflowing", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p.context().setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  const problems = [];
  /** One step: the screenshot, the heading in Hindi, nothing overflowing. */
  async function step(name) {
    await p.waitForLoadState("networkidle");
    await p.waitForFunction(() => !document.querySelector(".loading"));
    await p.screenshot({ path: join(shots, `hindi-journey-${name}-390.png`), fullPage: true });
    const found = await overflowing(p);
    if (found.length) problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
    const heading = (await p.locator(".auth-card h1, main h1").first().textContent()).trim();
    if (!DEVANAGARI.test(heading)) problems.push(`${name}: the heading "${heading}" is not Hindi`);
  }
  /** The newest alert's text, which must be Hindi. */
  async function alertInHindi(kind) {
    const alert = p.getByTestId(`alert-${kind}`);
    await alert.waitFor();
    const text = await alert.textContent();
    assert.match(text, DEVANAGARI, `the ${kind} message is Hindi: ${text}`);
    await p.locator(".alert button").first().click();
    return text;
  }

  // Sign in, choosing Hindi on the sign-in screen.
  await chooseSignInLanguage(p, "hi");
  await step("sign-in");
  await signInByIds(p, "agent1@demo.test");

  // Today.
  await p.waitForURL((u) => u.hash === "#/today");
  await p.getByTestId("plan-day").waitFor();
  await step("today");
  assert.match(await p.getByTestId("plan-day").textContent(), DEVANAGARI, "the plan's day line is Hindi");

  // Search a customer and open it.
  await p.goto("/#/customer/visit");
  await p.locator("#customerSearch").fill("B10000");
  await p.getByRole("option").filter({ hasText: "B100001" }).first().click();
  await p.waitForURL((u) => u.hash === "#/customer/visit/B100001");
  await p.getByTestId("customer-details").getByText("B100001", { exact: true }).waitFor();
  await step("visit");

  // Save a visit.
  const tag = `hindi-${Date.now()}`;
  await p.locator("#outcomeId").selectOption({ label: "Follow-up" });
  await p.locator("#remark").fill(`${tag} online`);
  await p.locator("form:has(#remark) button[type=submit]").click();
  await alertInHindi("success");
  await step("visit-saved");

  // Book an order: the first Must Sell suggestion, submitted.
  await offlineCopyLoaded(p, { products: true });
  await p.goto("/#/customer/order/B100001");
  await p.getByTestId("order-customer").getByText("B100001").waitFor();
  await p.getByTestId("must-sell-suggestions").getByRole("button").first().click();
  await p.getByTestId("order-line").first().waitFor();
  await step("order");
  await p.locator(".order-bar button[type=submit]").click();
  await p.getByTestId("order-confirmation").waitFor();
  await alertInHindi("success");
  await step("order-booked");

  // Offline: the app opens from the phone, a visit waits on it, the bar and waiting list say so.
  await p.context().setOffline(true);
  await p.goto("/#/customer/visit/B100001");
  await p.reload();
  await p.getByTestId("offline-bar").waitFor();
  await p.getByTestId("customer-details").waitFor();
  await p.locator("#outcomeId").selectOption({ label: "Follow-up" });
  await p.locator("#remark").fill(`${tag} offline`);
  await p.locator("form:has(#remark) button[type=submit]").click();
  await alertInHindi("info");
  const bar = p.getByTestId("offline-bar");
  await bar.getByText("1", { exact: false }).waitFor();
  assert.match(await bar.textContent(), DEVANAGARI, "the offline bar is Hindi");
  await step("offline-visit");
  await bar.getByRole("link").click();
  await p.waitForURL((u) => u.hash === "#/customer/waiting-visits");
  await p.getByTestId("waiting-visits").locator("tbody tr").first().waitFor();
  await step("waiting-list");

  // Back online: the visit syncs, the bar goes.
  await p.context().setOffline(false);
  await bar.waitFor({ state: "detached", timeout: 15000 });
  const token = (await p.evaluate(() => JSON.parse(localStorage.getItem("fieldsales.session")))).token;
  const r = await fetch(`${app.base}/webapi/api/users/customer/FTMFTD/ftd`, { headers: { Authorization: `Bearer ${token}` } });
  const synced = (await r.json()).filter((v) => (v.remark || "").startsWith(tag));
  assert.deepEqual(synced.map((v) => v.remark).sort(), [`${tag} offline`, `${tag} online`], "both visits reached the server, once each");
  await step("back-online");

  assert.deepEqual(problems, [], "steps not in Hindi, or texts cut or overflowing");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});
