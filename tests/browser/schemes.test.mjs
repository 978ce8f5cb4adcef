// Schemes (issue #52): an administrator creates "buy 10 get 1 free", sees it in the list, edits it
// (a new version), ends it; a refused scheme shows the server's message in the user's language. The
// screen is photographed at 390 and 1280 px in English and Hindi (looked at by a person when the
// screen changes), and nothing on it is cut or overflows.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectAlert, start } from "./server.mjs";
import { overflowing } from "./language-checks.mjs";

const shots = process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots", "schemes");
mkdirSync(shots, { recursive: true });
const DEVANAGARI = /[\u0900-\u097F]/;

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** Puts the signed-in user's language in force through the side menu's switch. */
async function setLanguage(p, lang) {
  await p.evaluate((l) => document.querySelector(`[data-testid=sidebar] [data-testid=language-switch] button[lang=${l}]`).click(), lang);
  await p.waitForFunction((l) => document.documentElement.lang === l, lang);
  await p.waitForLoadState("networkidle");
}

async function openSchemes(p) {
  await p.goto("/#/master/schemes");
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
  await p.getByTestId("schemes-table").waitFor();
}

const rowOf = (p, text) => p.getByTestId("schemes-table").locator("tr", { hasText: text });

/** Fills the scheme form for a free_every scheme (by the fields' ids: the labels follow the language). */
async function fillFreeEvery(p, { name, from, to = "" }) {
  await p.locator("#schemeName").fill(name);
  await p.locator("#schemeKind").selectOption("free_every");
  await p.locator("#validFrom").fill(from);
  await p.locator("#validFrom").blur();
  if (to) {
    await p.locator("#validTo").fill(to);
    await p.locator("#validTo").blur();
  }
  await p.getByTestId("scheme-products").locator("input[type=checkbox]").first().check();
  await p.locator("#every").fill("10");
  await p.locator("#freeQuantity").fill("1");
}

async function shoot(p, name) {
  await p.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  const found = await overflowing(p);
  assert.deepEqual(found, [], `${name}: nothing cut or overflowing`);
}

test("an administrator creates, edits (a new version) and ends a scheme; a refusal is shown", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  await app.login(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.getByTestId("sidebar").locator("details").evaluateAll((groups) => groups.forEach((g) => (g.open = true)));
  await p.getByTestId("sidebar").getByRole("link", { name: "Schemes", exact: true }).click();
  await p.getByRole("heading", { name: "Schemes" }).waitFor();

  await p.getByRole("button", { name: "Add scheme" }).click();
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("Scheme Name is required.").waitFor();
  await fillFreeEvery(p, { name: "Buy 10 get 1 free", from: "2026-01-01" });
  await shoot(p, "en-1280-form");
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Scheme saved.");
  await rowOf(p, "Buy 10 get 1 free").waitFor();
  assert.match(await rowOf(p, "Buy 10 get 1 free").textContent(), /1 free for every 10/);

  // A refusal of the server: the last day before the first.
  await p.getByRole("button", { name: "Add scheme" }).click();
  await fillFreeEvery(p, { name: "Wrong dates", from: "2026-02-01", to: "2026-01-15" });
  await p.getByRole("button", { name: "Save" }).click();
  const refusal = p.getByTestId("scheme-refusal");
  await refusal.waitFor();
  assert.equal((await refusal.textContent()).trim(), "Valid To must not be before Valid From.");
  await shoot(p, "en-1280-refusal");
  await p.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  assert.equal(await rowOf(p, "Wrong dates").count(), 0, "nothing stored");

  // Edit: a new version.
  await rowOf(p, "Buy 10 get 1 free").getByRole("button", { name: "Edit" }).click();
  await p.getByText("Version 1").waitFor();
  await p.waitForFunction(() => document.querySelector("#every")?.value === "10");
  await p.locator("#every").fill("12");
  await p.getByRole("button", { name: "Save" }).click();
  await expectAlert(p, "success", "Scheme saved.");
  await rowOf(p, "1 free for every 12").waitFor();
  await rowOf(p, "Buy 10 get 1 free").getByRole("button", { name: "Edit" }).click();
  await p.getByText("Version 2").waitFor();
  await p.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await shoot(p, "en-1280-list");

  // End, after the confirmation.
  await rowOf(p, "Buy 10 get 1 free").getByRole("button", { name: "End" }).click();
  const dialog = p.getByRole("dialog");
  assert.match(await dialog.locator("p").textContent(), /will not apply from tomorrow/);
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expectAlert(p, "success", "The scheme ends today: it no longer applies from tomorrow.");
  await rowOf(p, "Ends today").waitFor();
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

for (const width of [390, 1280]) {
  for (const lang of ["en", "hi"]) {
    test(`the Schemes screen in ${lang === "en" ? "English" : "Hindi"} at ${width} px`, async () => {
      const p = await app.page({ width, height: width === 390 ? 844 : 900 });
      await app.login(p, "admin@demo.test");
      await p.waitForURL((u) => u.hash === "#/home");
      await setLanguage(p, lang);
      await openSchemes(p);
      const heading = (await p.locator("main h1").first().textContent()).trim();
      if (lang === "hi") assert.match(heading, DEVANAGARI);
      await shoot(p, `${lang}-${width}-list`);
      // The form, refused by the server in the user's language.
      await p.locator("main .page-header button.btn-primary, main button.btn-primary").first().click();
      await fillFreeEvery(p, { name: `Dates ${lang} ${width}`, from: "2026-02-01", to: "2026-01-15" });
      await p.locator(".modal button[type=submit]").click();
      const refusal = p.getByTestId("scheme-refusal");
      await refusal.waitFor();
      if (lang === "hi") assert.match(await refusal.textContent(), DEVANAGARI);
      await shoot(p, `${lang}-${width}-form`);
      await setLanguage(p, "en").catch(() => {});
      assert.deepEqual(p.pageErrors, []);
      await p.context().close();
    });
  }
}
