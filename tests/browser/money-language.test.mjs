// The money and field screens in Hindi and in the pseudo-locale (issue #42): the agent's visit
// screen with what the customer owes, Collect payment and the Receipt at 390 px; the managers'
// Attendance, Collections and Photos at 390 and 1280 px. In Hindi no visible element's text is cut
// or overflows its box and the headings are Devanagari; in the pseudo-locale every visible text is
// inside "[!! ... !!]" but data (names, ids, figures, dates, money). Screenshots to look at.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chooseSignInLanguage, signInByIds, start } from "./server.mjs";
import { overflowing, recordData, strayTexts } from "./language-checks.mjs";

const SHOTS = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots");
mkdirSync(SHOTS, { recursive: true });

/** A customer of agent1's with open invoices (the demo seeds them). */
const BUYER = "B100005";

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** Opens `path` and waits for it to settle. */
async function open(p, path, ready) {
  await p.goto(`/#${path}`);
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
  if (ready) await p.locator(ready).first().waitFor();
  await p.waitForTimeout(200);
}

/**
 * Signs `email` in on a page of `width` px in `lang` ("hi": chosen on the sign-in screen; "pseudo":
 * the pseudo-locale).
 */
async function signedIn(email, width, lang) {
  const p = await app.page({ width, height: width === 390 ? 844 : 900 });
  p.data = recordData(p);
  await p.context().grantPermissions(["geolocation"], { origin: app.base });
  await p
    .context()
    .setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  if (lang === "pseudo") {
    await p.goto("/?locale=pseudo#/login");
    await p.locator("#userName").waitFor();
  } else {
    // The language chosen on the sign-in screen becomes the user's (a test before may have chosen Hindi).
    await chooseSignInLanguage(p, lang);
  }
  // The sign-in form by its fields (its words are in the language chosen).
  await p.goto("/#/login");
  await signInByIds(p, email);
  await p.waitForURL((u) => !u.hash.startsWith("#/login"));
  await p.waitForFunction(
    () => JSON.parse(localStorage.getItem("fieldsales.session") || "{}").token,
  );
  await p.getByTestId("sidebar").waitFor({ state: "attached" });
  await p.waitForLoadState("networkidle");
  return p;
}

/** The agent's screens: the visit screen's outstanding (opened), Collect payment, a receipt. */
async function agentScreens(p, check) {
  await open(
    p,
    `/customer/visit/${BUYER}`,
    "[data-testid=outstanding-summary]",
  );
  const summary = p.getByTestId("outstanding-summary");
  if ((await summary.getAttribute("aria-expanded")) !== "true")
    await summary.click();
  await p.getByTestId("open-invoices").waitFor();
  await check("visit-outstanding");
  await open(p, `/collections/collect/${BUYER}`, "#payAmount");
  await p.locator("#payAmount").fill("100");
  await p.locator("#payMode").selectOption("cheque");
  await p.getByTestId("allocation-preview").waitFor();
  await check("collect");
  await p.locator("#payChequeNo").fill("004512");
  await p.locator("#payBank").fill("HDFC Bank");
  await p.locator("[data-testid=collect-form] button[type=submit]").click();
  await p.getByTestId("receipt").waitFor();
  await p.waitForLoadState("networkidle");
  await check("receipt");
}

/** The managers' screens: Attendance, Collections (with a receipt open), Photos. */
async function managerScreens(p, check) {
  await open(p, "/attendance", "[data-testid=attendance-summary]");
  await check("attendance");
  // The correction dialog of a day.
  await p
    .locator("[data-testid=attendance-item] .attendance-links button")
    .first()
    .click();
  await p.getByTestId("correct-dialog").waitFor();
  await check("attendance-correct");
  await p
    .locator(
      "[data-testid=correct-dialog] .modal-actions button:not(.btn-primary)",
    )
    .click();
  await open(p, "/collections", "[data-testid=payments-count]");
  await check("collections");
  // Deposit asks first.
  await p
    .locator("[data-testid=payments-table] .row-actions button")
    .first()
    .click();
  await p.locator("[aria-labelledby=confirm-title]").waitFor();
  await check("collections-deposit");
  await p
    .locator(
      "[aria-labelledby=confirm-title] .modal-actions button:not(.btn-primary)",
    )
    .click();
  // A typed date that is no date: the field says so, in the language in force.
  await p.locator("#payFrom").fill("31-31-2026");
  await p.locator("#payTo").click();
  await p
    .locator("#payFrom")
    .locator("xpath=ancestor::*[contains(@class,'field')][1]")
    .locator(".field-error")
    .waitFor();
  await check("collections-bad-date");
  await p.locator("#payFrom").fill("");
  await open(p, "/visit/photos", "[data-testid=photos-count], .empty");
  await check("photos");
}

// English first: a user who chose Hindi on the sign-in screen keeps it.
test("English: the date filters of Attendance, Collections and Photos take the company's form, and say what is wrong", async () => {
  const p = await signedIn("am@demo.test", 1280, "en");
  await open(p, "/attendance", "[data-testid=attendance-summary]");
  await p.locator("#attendance-date").fill("01-01-2026");
  await p
    .getByTestId("attendance-summary")
    .filter({
      hasText: /^01-Jan-2026: \d+ working · \d+ ended · \d+ not started$/,
    })
    .waitFor();
  await p.locator("#attendance-date").fill("2026-13-45");
  await p.locator("#attendance-date").blur();
  await p.getByText("Enter a date such as 27-Nov-2026.").waitFor();

  await open(p, "/collections", "[data-testid=payments-count]");
  await p.locator("#payFrom").fill("01-Jan-2020");
  await p.locator("#payTo").fill("31-12-2020");
  await p.locator("#payTo").blur();
  assert.equal(
    await p.locator("#payTo").inputValue(),
    "31-Dec-2020",
    "shown in the company's form once left",
  );
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("No payments for these filters").waitFor();
  await p.locator("#payFrom").fill("02-01-2021");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("From must be on or before To.").waitFor();
  await p.locator("#payFrom").fill("tomorrow");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("Enter a date such as 27-Nov-2026.").waitFor();

  await open(p, "/visit/photos", "[data-testid=photos-count], .empty");
  await p.locator("#photoFrom").fill("01-01-2020");
  await p.locator("#photoTo").fill("31-01-2020");
  await p.getByRole("button", { name: "Search" }).click();
  await p.waitForLoadState("networkidle");
  await p.getByText("No photos match.", { exact: true }).waitFor();
  // No "0 photos" over the empty list's own text (decision 48).
  assert.equal(await p.getByTestId("photos-count").count(), 0);
  await p.locator("#photoTo").fill("31-31-2020");
  await p.getByRole("button", { name: "Search" }).click();
  await p.getByText("Enter a date such as 27-Nov-2026.").waitFor();
  assert.equal(
    await p.locator("input[type=date]:not(.date-input-native)").count(),
    0,
    "no mm/dd/yyyy picker in sight",
  );
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

// The pseudo-locale first: choosing Hindi on the sign-in screen makes it the user's language.
for (const lang of ["pseudo", "hi"]) {
  test(`${lang}: the agent's visit outstanding, Collect payment and Receipt at 390 px`, async () => {
    const p = await signedIn("agent1@demo.test", 390, lang);
    const problems = [];
    await agentScreens(p, async (name) => {
      await p.screenshot({
        path: join(SHOTS, `money-${lang}-${name}-390.png`),
        fullPage: true,
      });
      if (lang === "hi") {
        const found = await overflowing(p);
        if (found.length)
          problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
        const heading = (
          await p.locator("main h1").first().textContent()
        ).trim();
        if (!/[\u0900-\u097F]/.test(heading))
          problems.push(`${name}: the heading "${heading}" is not Hindi`);
      } else {
        // Data typed by the test: the cheque's number and bank.
        const words = await strayTexts(p, p.data, {
          same: ["HDFC Bank", "004512"],
        });
        if (words.length)
          problems.push(`${name}: ${words.slice(0, 12).join(" | ")}`);
      }
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(p.pageErrors, []);
    await p.context().close();
  });

  for (const width of [390, 1280]) {
    test(`${lang}: Attendance, Collections and Photos at ${width} px`, async () => {
      const p = await signedIn("am@demo.test", width, lang);
      const problems = [];
      await managerScreens(p, async (name) => {
        await p.screenshot({
          path: join(SHOTS, `money-${lang}-${name}-${width}.png`),
          fullPage: true,
        });
        if (lang === "hi") {
          const found = await overflowing(p);
          if (found.length)
            problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
        } else {
          const words = await strayTexts(p, p.data);
          if (words.length)
            problems.push(`${name}: ${words.slice(0, 12).join(" | ")}`);
        }
      });
      assert.deepEqual(problems, []);
      assert.deepEqual(p.pageErrors, []);
      await p.context().close();
    });
  }
}
