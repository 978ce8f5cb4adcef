// The message catalogue on the manager and administrator screens (issue #42): the master screens
// (users, products, the named masters, sub info, links, delivery statuses and reasons, broadcasts,
// rights), the report screens and the beat screens.
// - pseudo-locale: every visible text is a catalogue text ("[!! ... !!]") or data (the rule of
//   pseudo-locale.test.mjs: a string of a server's JSON answer, figures and symbols, a date);
// - Hindi at 390 px: the screen's heading is Hindi, no element's text is cut or overflows its box
//   and the page is never wider than the screen (a table's frame scrolls, by design);
// - English and Hindi at 1280 px: no table cell breaks a word over two lines (layout-checks.mjs).
// Screenshots of every screen go to $SCREENSHOTS (default: <tmp>/fieldsales-shots/admin).
// The side menu (app/menu.js, not yet converted) is left out of the pseudo-locale check.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { layoutChecks } from "./layout-checks.mjs";
import { signInByIds, start } from "./server.mjs";
import { overflowing, recordData, strayTexts } from "./language-checks.mjs";

const shots =
  process.env.SCREENSHOTS || join(tmpdir(), "fieldsales-shots", "admin");
mkdirSync(shots, { recursive: true });

let app;
before(async () => (app = await start()));
after(async () => app && (await app.stop()));

/** The screens walked, by name: their address (the beat editor of a saved beat is found on the way). */
const SCREENS = [
  ["users", "/master/user-master"],
  ["user-add", "/master/user/add"],
  ["products", "/master/product-master"],
  ["outcomes", "/master/outcome-master"],
  ["outcome-add", "/master/outcome-master-add"],
  ["info-types", "/master/info-master"],
  ["info-type-add", "/master/info-master-add"],
  ["sub-infos", "/master/subinfo-master"],
  ["sub-info-add", "/master/subinfo-master-add"],
  ["links", "/master/link-master"],
  ["link-add", "/master/link-master-add"],
  ["delivery-statuses", "/master/delivery-status"],
  ["delivery-status-add", "/master/delivery-status-master-add"],
  ["reasons", "/master/additional-reason-master"],
  ["reason-add", "/master/additional-reason-master-add"],
  ["broadcasts", "/master/broadcast-master"],
  ["broadcast-add", "/master/broadcast-master-add"],
  ["rights", "/master/rights-master"],
  ["beats", "/master/beats"],
  ["beat-new", "/master/beat/new"],
  ["report-visits", "/master/report/customer-visit"],
  ["report-productivity", "/master/report/productivity"],
  ["report-monthly", "/master/report/monthly-summary"],
  ["report-delivery", "/master/report/delivery"],
  ["report-buyers", "/master/report/buyer-details"],
  ["block", "/user/unblock-user"],
];

/** Per screen, names the server sends in English that the Hindi screen must say in Hindi. */
const ENGLISH_NAMES = {
  broadcasts: ["All"],
  block: ["Administrator", "Back Office", "Area Manager"],
};

/** The link form's placeholder: how a web address starts, in every language. */
const SAME_EVERYWHERE = ["https://"];

/** Signs the administrator in (by the form's ids: the labels follow the language). */
async function signIn(p, query = "") {
  await p.goto(`/${query}#/login`);
  await signInByIds(p, "admin@demo.test");
  await p.waitForURL((u) => u.hash === "#/home");
  await p.waitForLoadState("networkidle");
}

/** Puts the signed-in user's language in force through the side menu's switch. */
async function setLanguage(p, lang) {
  await p.evaluate(
    (l) =>
      document
        .querySelector(
          `[data-testid=sidebar] [data-testid=language-switch] button[lang=${l}]`,
        )
        .click(),
    lang,
  );
  await p.waitForFunction(
    (l) =>
      document.documentElement.lang === l &&
      document
        .querySelector(
          `[data-testid=sidebar] [data-testid=language-switch] button[lang=${l}]`,
        )
        ?.getAttribute("aria-pressed") === "true",
    lang,
  );
  await p.waitForLoadState("networkidle");
}

/** Opens a screen and waits for it to settle (its loading gone). */
async function open(p, path) {
  await p.goto(`/#${path}`);
  await p.waitForFunction((want) => location.hash === `#${want}`, path);
  await p.waitForLoadState("networkidle");
  await p.waitForFunction(() => !document.querySelector(".loading"));
  await p.locator("main h1").first().waitFor();
  assert.equal(
    new URL(p.url()).hash,
    `#${path}`,
    `${path} stays open (no redirect)`,
  );
}

/** Walks every screen (and a saved beat's editor, when there is one), calling `check(name)` on each. */
async function walk(p, check) {
  for (const [name, path] of SCREENS) {
    await open(p, path);
    await check(name);
  }
  await open(p, "/master/beats");
  const edit = p
    .locator('[data-testid=beats-table] a[href^="#/master/beat/"]')
    .first();
  if (await edit.count()) {
    const href = await edit.getAttribute("href");
    await open(p, href.slice(1));
    await check("beat-edit");
  }
}

test("pseudo-locale: the master, report and beat screens show catalogue texts or data only", async () => {
  const p = await app.page({ width: 1280, height: 900 });
  const data = recordData(p);
  await signIn(p, "?locale=pseudo");
  const problems = [];
  await walk(p, async (name) => {
    const stray = await strayTexts(p, data, { same: SAME_EVERYWHERE });
    if (stray.length)
      problems.push(`${name}: ${stray.slice(0, 12).join(" | ")}`);
    // A form sent empty: its checks' messages are catalogue texts too.
    if (!/-add$|-new$|^report-/.test(name)) return;
    await p.locator("main button[type=submit]").last().click();
    await p.locator(".field-error").first().waitFor();
    const refused = await strayTexts(p, data, { same: SAME_EVERYWHERE });
    if (refused.length)
      problems.push(`${name}, sent empty: ${refused.slice(0, 12).join(" | ")}`);
  });
  assert.deepEqual(problems, [], "texts outside the catalogue");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

test("Hindi at 390 px: headings in Hindi, nothing cut or overflowing, the page never wider than the screen", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await signIn(p);
  await setLanguage(p, "hi");
  const problems = [];
  await walk(p, async (name) => {
    await p.screenshot({
      path: join(shots, `hi-390-${name}.png`),
      fullPage: true,
    });
    const found = await overflowing(p);
    if (found.length) problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
    const heading = (await p.locator("main h1").first().textContent()).trim();
    if (!/[\u0900-\u097F]/.test(heading))
      problems.push(`${name}: the heading "${heading}" is not Hindi`);
    // The browser's own file input speaks the browser's language ("Choose File"); the screens show theirs.
    if (await p.locator("main input[type=file]:not(.visually-hidden)").count())
      problems.push(`${name}: the browser's own file input`);
    // The server's English names of user types (a broadcast to every type is "All") shown in Hindi.
    for (const english of ENGLISH_NAMES[name] || [])
      if (await p.locator("main").getByText(english, { exact: true }).count())
        problems.push(`${name}: "${english}" in English`);
  });
  await setLanguage(p, "en");
  assert.deepEqual(problems, [], "texts cut or overflowing in Hindi");
  assert.deepEqual(p.pageErrors, []);
  await p.context().close();
});

for (const lang of ["en", "hi"]) {
  test(`${lang === "en" ? "English" : "Hindi"} at 1280 px: no table cell breaks a word over two lines`, async () => {
    const p = await app.page({ width: 1280, height: 900 });
    await signIn(p);
    await setLanguage(p, lang);
    const problems = [];
    await walk(p, async (name) => {
      await p.screenshot({
        path: join(shots, `${lang}-1280-${name}.png`),
        fullPage: true,
      });
      const found = await p.evaluate(layoutChecks);
      if (found.length) problems.push(`${name}: ${found.join("; ")}`);
      const wide = await overflowing(p);
      if (wide.length) problems.push(`${name}: ${wide.slice(0, 6).join("; ")}`);
    });
    if (lang !== "en") await setLanguage(p, "en");
    assert.deepEqual(
      problems,
      [],
      "tables breaking words or texts overflowing",
    );
    assert.deepEqual(p.pageErrors, []);
    await p.context().close();
  });
}

test("English at 390 px: nothing cut or overflowing", async () => {
  const p = await app.page({ width: 390, height: 844 });
  await signIn(p);
  const problems = [];
  await walk(p, async (name) => {
    await p.screenshot({
      path: join(shots, `en-390-${name}.png`),
      fullPage: true,
    });
    const found = await overflowing(p);
    if (found.length) problems.push(`${name}: ${found.slice(0, 6).join("; ")}`);
  });
  assert.deepEqual(problems, [], "texts cut or overflowing in English");
  await p.context().close();
});
