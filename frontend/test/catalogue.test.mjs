// The screens' message catalogue (src/lib/i18n/catalogue.js): every id of every area has Hindi
// (lib/i18n/hi-ui.json) with the same values; plurals follow each language; the pseudo-locale
// wraps every text; and the lint gate (eslint-rules/no-ui-literal.js) fails on a literal text.
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, test } from "node:test";
import { ESLint } from "eslint";
import { ENGLISH, formatMessage, setPseudo } from "../src/lib/i18n/catalogue.js";
import { loadLanguage } from "../src/lib/i18n/messages.js";
import { queuedText } from "../src/lib/offline/state.js";
import { NOT_YET_TRANSLATED } from "../eslint.config.js";

const frontend = fileURLToPath(new URL("..", import.meta.url));
const src = join(frontend, "src");
const hindi = JSON.parse(readFileSync(join(src, "lib/i18n/hi-ui.json"), "utf8"));

/** Every area's English: the text.js and *-text.js files (and bucket-titles.js), loaded as the screens load them. */
const catalogues = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "text.js" || name.endsWith("-text.js") || name === "bucket-titles.js") catalogues.push(path);
  }
})(src);
for (const path of catalogues) await import(pathToFileURL(path).href);

/**
 * The values a text takes ({name}, {count, plural, ...}, and those inside the branches), sorted,
 * once each; a branch's own words ("one {# visit}") are not values.
 * @param {string} text
 * @returns {string[]}
 */
function values(text) {
  const found = new Set();
  (function scan(/** @type {string} */ part) {
    let depth = 0;
    let start = -1;
    for (let i = 0; i < part.length; i++) {
      if (part[i] === "{" && depth++ === 0) start = i;
      else if (part[i] === "}" && --depth === 0) {
        const [name, kind, ...rest] = part.slice(start + 1, i).split(",");
        found.add(name.trim());
        if (kind !== undefined) {
          // The branches: "one {...} other {...}"; each body is a text of its own.
          const body = rest.join(",");
          let d = 0;
          let s = -1;
          for (let j = 0; j < body.length; j++) {
            if (body[j] === "{" && d++ === 0) s = j;
            else if (body[j] === "}" && --d === 0) scan(body.slice(s + 1, j));
          }
        }
      }
    }
  })(text);
  return [...found].sort();
}

/** Ids whose Hindi is the English on purpose (a name, an abbreviation). */
const SAME_IN_HINDI = [
  "app.brand",
  "auth.brand",
  "auth.otp",
  "customers.pdf",
  "buckets.sku",
  "masters.sku",
  "orders.sku",
  "orders.cgst",
  "orders.sgst",
  "orders.igst",
  "orders.gst",
  // The payment system's name, as every Hindi text writes it (test/glossary.test.mjs).
  "collections.upi",
  // RCA: the spec's name of an agent (user type 4), kept in both languages.
  "enum.userType4",
];

beforeEach(() => resetBrowser());
afterEach(async () => {
  setPseudo(false);
  await loadLanguage("en");
});

test("every id has a Hindi text in Devanagari with the same values, and Hindi has no unknown id", () => {
  assert.ok(ENGLISH.size > 250, `the catalogue's English is loaded (${ENGLISH.size} ids)`);
  for (const [id, english] of ENGLISH) {
    assert.equal(typeof hindi[id], "string", `${id}: no Hindi text`);
    if (!SAME_IN_HINDI.includes(id)) assert.match(hindi[id], /[\u0900-\u097F]/, `${id}: Hindi in Devanagari`);
    assert.deepEqual(values(hindi[id]), values(english), `${id}: values`);
  }
  assert.deepEqual(
    Object.keys(hindi).filter((id) => !ENGLISH.has(id)),
    [],
    "Hindi texts of ids no screen has",
  );
});

test("ICU texts: values, plurals by the language's rules, select", async () => {
  const visits = "{count, plural, one {# visit waiting} other {# visits waiting}}";
  assert.equal(formatMessage(visits, { count: 1 }), "1 visit waiting");
  assert.equal(formatMessage(visits, { count: 3 }), "3 visits waiting");
  assert.equal(formatMessage(visits, { count: 0 }), "0 visits waiting");
  assert.equal(formatMessage("{n, plural, =0 {none} one {# item} other {# items}}", { n: 0 }), "none");
  assert.equal(formatMessage("Page {page} of {pages}", { page: 2, pages: 5 }), "Page 2 of 5");
  assert.equal(formatMessage("{kind, select, orders {Orders} other {Visits}} not sent", { kind: "orders" }), "Orders not sent");
  assert.equal(formatMessage("{kind, select, orders {Orders} other {Visits}} not sent", { kind: "x" }), "Visits not sent");
  assert.equal(queuedText(1), "1 visit");
  assert.equal(queuedText(3), "3 visits");
  assert.equal(queuedText(3, { orders: 1 }), "2 visits and 1 order");
  assert.equal(queuedText(2, { days: 1 }), "1 visit and 1 start/end of day");
  await loadLanguage("hi");
  // Hindi's plural rule: 0 and 1 are "one"; both forms are written out in hi-ui.json.
  assert.equal(queuedText(1), "1 विज़िट");
  assert.equal(queuedText(3), "3 विज़िट");
  assert.equal(queuedText(3, { orders: 1 }), "2 विज़िट और 1 ऑर्डर");
  assert.equal(new Intl.PluralRules("hi").select(0), "one");
});

test("the pseudo-locale wraps every catalogue text", () => {
  setPseudo(true);
  assert.equal(queuedText(2), "[!! 2 visits !!]");
});

test("the lint gate fails on texts a user reads and passes catalogue calls", async () => {
  const eslint = new ESLint({ cwd: frontend });
  const lint = async (/** @type {string} */ code) => {
    const [result] = await eslint.lintText(code, { filePath: join(src, "features/fixture/fixture-screen.jsx") });
    return result.messages.filter((m) => m.ruleId === "fieldsales/no-ui-literal").map((m) => m.message);
  };
  const bad = `import { alertError } from "../../lib/alerts";
export function Screen({ on }) {
  alertError("Could not save.");
  return (
    <div title="Your visits" aria-label={on ? "Open" : "Closed"}>
      Hello agent
      <input placeholder="Search customers" />
      <DataTable empty="Nothing here" rows={[]} />
      {"Loose text"}
      {[{ label: "Column" }].length}
    </div>
  );
}`;
  const found = await lint(bad);
  for (const text of [
    "Could not save.",
    "Your visits",
    "Open",
    "Closed",
    "Hello agent",
    "Search customers",
    "Loose text",
    "Column",
  ])
    assert.ok(
      found.some((m) => m.includes(`"${text}`)),
      `the gate reports "${text}": ${found.join(" | ")}`,
    );
  const good = `import { t } from "./text";
export function Screen({ n }) {
  return (
    <div title={t("title")} class="tiles" data-testid="x">
      {t("hello")} {n} · — {": "}
      <input placeholder={t("search")} type="text" />
    </div>
  );
}`;
  assert.deepEqual(await lint(good), []);
});

test("every entry of the lint gate's allowlist names files that exist", () => {
  for (const entry of NOT_YET_TRANSLATED) {
    const path = join(frontend, entry.replace(/\/\*\*$/, ""));
    assert.ok(existsSync(path), `${entry}: no such file or folder (remove it from NOT_YET_TRANSLATED)`);
  }
});

test("every right the phone knows is worded in both languages (the Rights screen shows no code)", async () => {
  const { RIGHT } = await import("../src/lib/rights.js");
  for (const code of Object.values(RIGHT)) {
    assert.ok(ENGLISH.has(`enum.${code}`), `${code}: no English in lib/enum-text.js`);
    assert.match(hindi[`enum.${code}`] || "", /[\u0900-\u097F]/, `${code}: no Hindi`);
  }
});
