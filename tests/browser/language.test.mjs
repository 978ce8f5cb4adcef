// Choosing the language (issue #36): the signed-in user's choice at the menu's foot, kept on the
// server, switches the formats and the server's messages at once; the sign-in screen's switch sets
// the language before anyone signs in. Phone-sized (390 px), nothing overflowing.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectAlert, PASSWORD, start } from "./server.mjs";

// Screenshots to look at (not kept in the repository).
const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

const DEVANAGARI = /[\u0900-\u097F]/;

/** The sidebar's language switch (the menu opened first on a phone). */
async function menuSwitch(p) {
  const sidebar = p.getByTestId("sidebar");
  if (!(await sidebar.evaluate((e) => e.classList.contains("open")))) await p.locator(".menu-toggle").click();
  return sidebar.getByTestId("language-switch");
}

/** Nothing wider than the page. */
async function noOverflow(p) {
  const wide = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the page is ${wide}px wider than the screen`);
}

test("an agent picks हिन्दी: dates and the server's refusals in Hindi, kept over a reload, English again", async () => {
  const p = await app.page();
  await app.login(p, "agent1@demo.test");
  await p.waitForURL((u) => u.hash === "#/today");
  const day = p.getByTestId("plan-day");
  await day.waitFor();
  assert.doesNotMatch(await day.innerText(), DEVANAGARI);

  const langs = await menuSwitch(p);
  await langs.getByRole("button", { name: "English" }).waitFor();
  assert.equal(await langs.getByRole("button", { name: "English" }).getAttribute("aria-pressed"), "true");
  const saved = p.waitForResponse((r) => r.url().endsWith("/webapi/api/users/locale"));
  await langs.getByRole("button", { name: "हिन्दी" }).click();
  assert.equal((await saved).status(), 200);
  await p.waitForFunction(
    () => document.querySelector("[data-testid=sidebar] [data-testid=language-switch] button[lang=hi]")?.getAttribute("aria-pressed") === "true",
  );
  // The Today screen's date now names the month in Hindi, at once.
  await p.waitForFunction((re) => new RegExp(re).test(document.querySelector("[data-testid=plan-day]")?.textContent || ""), DEVANAGARI.source);
  mkdirSync(shots, { recursive: true });
  await noOverflow(p);
  await p.screenshot({ path: join(shots, "language-menu-390.png") });
  const box = await langs.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, "the switch fits the menu");

  // A server refusal in Hindi: a wrong current password, on a screen in Hindi.
  await p.goto("/#/user/change-password");
  await p.getByLabel("मौजूदा पासवर्ड").fill("Wrong12345678");
  await p.getByLabel("नया पासवर्ड").fill("Another1234567");
  await p.getByLabel("पासवर्ड की पुष्टि").fill("Another1234567");
  await p.getByRole("button", { name: "जमा करें" }).click();
  await expectAlert(p, "error", "मौजूदा पासवर्ड गलत है।");

  // Kept on the server: a reload (the session refreshed) stays Hindi.
  await p.reload();
  await p.goto("/#/today");
  await p.waitForFunction((re) => new RegExp(re).test(document.querySelector("[data-testid=plan-day]")?.textContent || ""), DEVANAGARI.source);
  const again = await menuSwitch(p);
  await p.waitForFunction(
    () => document.querySelector("[data-testid=sidebar] [data-testid=language-switch] button[lang=hi]")?.getAttribute("aria-pressed") === "true",
  );

  // Back to English: the date and the messages are English again.
  await again.getByRole("button", { name: "English" }).click();
  await p.waitForFunction((re) => !new RegExp(re).test(document.querySelector("[data-testid=plan-day]")?.textContent || "x"), DEVANAGARI.source);
  await p.goto("/#/user/change-password");
  await p.getByLabel("Current Password").fill("Wrong12345678");
  await p.getByLabel("New Password").fill("Another1234567");
  await p.getByLabel("Confirm Password").fill("Another1234567");
  await p.getByRole("button", { name: "Submit" }).click();
  const alert = p.getByTestId("alert-error");
  await alert.waitFor();
  await p.waitForFunction((re) => !new RegExp(re).test(document.querySelector("[data-testid=alert-error]")?.textContent || "अ"), DEVANAGARI.source);
  assert.deepEqual(p.pageErrors, []);
  assert.deepEqual(p.consoleErrors, []);
  await p.context().close();
});

test("the sign-in screen's switch: a failed sign-in's message in Hindi, and the choice sent after a sign-in", async () => {
  const p = await app.page();
  await p.goto("/#/login");
  const langs = p.getByTestId("sign-in-language");
  await langs.getByRole("button", { name: "हिन्दी" }).click();
  assert.equal(await langs.getByRole("button", { name: "हिन्दी" }).getAttribute("aria-pressed"), "true");
  await noOverflow(p);
  await p.screenshot({ path: join(shots, "language-sign-in-390.png") });

  // The sign-in screen itself in Hindi.
  await p.getByRole("heading", { name: "साइन इन" }).waitFor();
  await p.getByLabel("लॉगिन ID").fill("agent2@demo.test");
  await p.getByRole("button", { name: "आगे" }).click();
  await p.locator("#password").fill("wrong-password-1");
  await p.locator("input[name=terms]").check();
  await p.getByRole("button", { name: "लॉगिन", exact: true }).click();
  const alert = p.getByTestId("alert-error");
  await alert.waitFor();
  assert.match(await alert.textContent(), /लॉगिन ID या पासवर्ड गलत/);

  // Kept on this phone: a reload still shows हिन्दी chosen.
  await p.reload();
  await p.getByTestId("sign-in-language").getByRole("button", { name: "हिन्दी" }).waitFor();
  assert.equal(
    await p.getByTestId("sign-in-language").getByRole("button", { name: "हिन्दी" }).getAttribute("aria-pressed"),
    "true",
  );
  // Signing in sends the choice: the session comes back Hindi (the sign-in screen in Hindi).
  await p.goto("/#/login");
  await p.locator("#userName").fill("agent2@demo.test");
  await p.locator("form button[type=submit]").click();
  await p.locator("#password").fill(PASSWORD);
  await p.locator("input[name=terms]").check();
  await p.locator("form button[type=submit]").click();
  await p.waitForURL((u) => u.hash === "#/today");
  await p.waitForFunction(() => JSON.parse(localStorage.getItem("fieldsales.session") || "{}").locale === "hi");
  await p.getByTestId("plan-day").waitFor();
  await p.waitForFunction((re) => new RegExp(re).test(document.querySelector("[data-testid=plan-day]")?.textContent || ""), DEVANAGARI.source);
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});
