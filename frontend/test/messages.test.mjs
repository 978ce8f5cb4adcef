// The server's messages in the user's language (lib/i18n/messages.js): the Hindi catalogue covers
// every code of the server's catalogue (docs/messages.json) with the same parameters, and an
// ApiError's message is the text of its code in the language loaded, the English as sent otherwise.
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, test } from "node:test";
import { ApiError, get } from "../src/lib/api-client.js";
import { currentLanguage, languageOf, loadLanguage, messageFor } from "../src/lib/i18n/messages.js";

const read = (/** @type {string} */ path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const english = read("../../docs/messages.json");
const hindi = read("../src/lib/i18n/hi-messages.json");
/** The parameter names of a text, sorted, each as often as it occurs. */
const placeholders = (/** @type {string} */ text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

beforeEach(() => resetBrowser());
afterEach(() => loadLanguage("en"));

/** The error a call rejects with. */
async function failure(call) {
  try {
    await call;
  } catch (err) {
    return err;
  }
  assert.fail("the call should have failed");
}

test("every code of the server's catalogue has an English and a Hindi text with the same placeholders", () => {
  const codes = Object.keys(english);
  assert.ok(codes.length > 100, "docs/messages.json lists the catalogue");
  for (const code of codes) {
    assert.equal(typeof english[code], "string", code);
    assert.ok(english[code].trim(), `${code}: English text`);
    assert.equal(typeof hindi[code], "string", `${code}: no Hindi text`);
    assert.ok(hindi[code].trim(), `${code}: empty Hindi text`);
    assert.match(hindi[code], /[\u0900-\u097F]/, `${code}: Hindi in Devanagari`);
    assert.deepEqual(placeholders(hindi[code]), placeholders(english[code]), `${code}: placeholders`);
  }
  const unknown = Object.keys(hindi).filter((code) => !Object.hasOwn(english, code));
  assert.deepEqual(unknown, [], "Hindi texts of codes the server does not have");
});

test("languageOf: a locale's language, English for one without a catalogue", () => {
  assert.equal(languageOf("hi"), "hi");
  assert.equal(languageOf("hi-IN"), "hi");
  assert.equal(languageOf("en_IN"), "en");
  assert.equal(languageOf("ta"), "en");
  assert.equal(languageOf(null), "en");
});

test("with Hindi loaded, an ApiError has the Hindi of its code, params filled; an unknown code the English", async () => {
  await loadLanguage("hi");
  assert.equal(currentLanguage(), "hi");
  stubFetch(() => json(401, { message: english.session_expired, code: "session_expired" }));
  let err = await failure(get("/users/session"));
  assert.ok(err instanceof ApiError);
  assert.equal(err.code, "session_expired");
  assert.equal(err.message, hindi.session_expired);
  assert.equal(err.english, english.session_expired);

  stubFetch(() =>
    json(400, {
      message: "Line 3: this product is already on line 1; change the quantity there instead.",
      code: "order_line_repeated",
      field: "lines",
      params: { line: 3, first: 1 },
    }),
  );
  err = await failure(get("/orders"));
  assert.equal(err.message, "लाइन 3: यह प्रोडक्ट पहले से लाइन 1 पर है; मात्रा वहीं बदलें।");
  assert.equal(err.field, "lines");
  assert.deepEqual(err.params, { line: 3, first: 1 });

  stubFetch(() => json(400, { message: "Something new the client does not know.", code: "brand_new_code" }));
  err = await failure(get("/orders"));
  assert.equal(err.message, "Something new the client does not know.");
  assert.equal(err.english, "Something new the client does not know.");

  // No code, or a parameter the answer lacks: the English as sent.
  assert.equal(messageFor("", null, "As sent."), "As sent.");
  assert.equal(messageFor("user_blocked", {}, "User Asha is blocked."), "User Asha is blocked.");
  assert.equal(messageFor("user_blocked", { name: "Asha" }, "User Asha is blocked."), "यूज़र Asha ब्लॉक कर दिया गया।");
});

test("with English, an ApiError has the English as the server sent it", async () => {
  await loadLanguage("hi");
  await loadLanguage("en");
  assert.equal(currentLanguage(), "en");
  stubFetch(() => json(401, { message: english.session_expired, code: "session_expired" }));
  const err = await failure(get("/users/session"));
  assert.equal(err.message, english.session_expired);
  assert.equal(err.english, english.session_expired);
  assert.equal(messageFor("user_blocked", { name: "Asha" }, "User Asha is blocked."), "User Asha is blocked.");
});

test("the latest loadLanguage wins over an earlier one still loading", async () => {
  const hi = loadLanguage("hi");
  const en = loadLanguage("en");
  await Promise.all([hi, en]);
  assert.equal(currentLanguage(), "en");
});
