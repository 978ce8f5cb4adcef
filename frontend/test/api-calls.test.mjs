// Gate: components call their feature's api module, never the API client with a path of their own.
// Every server call with an inline path ("/users/...", `/report/${name}`) lives in a
// features/<area>/api.js (typed by the generated schemas) or in lib/ (the client and the shared
// loaders); anywhere else under src/ it is listed here and fails the check.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

// A call of the API client or of a loader that takes a path (api, get, post, api.get, client.post,
// useApi, useServerPage, prefetch, prefetched), whose first argument is a string or template
// starting with "/"; and a suggestion box's `fetchPath` that gives one.
const CALL = /(?<![\w$])((?:[\w$]+\.)?(?:api|get|post|put|patch|del|useApi|useServerPage|prefetch|prefetched))\s*\(\s*(["'`])\//g;
const FETCH_PATH = /\bfetchPath\s*=\s*\{\s*(?:\([^)]*\)|[\w$]+)\s*=>\s*(["'`])\//g;

/**
 * The inline API calls in a file's text: [{ line, call }] with the call's first line, trimmed.
 * @param {string} text
 */
export function inlineCalls(text) {
  const found = [];
  for (const pattern of [CALL, FETCH_PATH]) {
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split("\n").length;
      found.push({ line, call: text.split("\n")[line - 1].trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Where calls with a path belong: lib/ and each feature's api.js. */
const allowed = (/** @type {string} */ path) => path.startsWith("lib/") || /^features\/[^/]+\/api\.js$/.test(path);

/** Every .js/.jsx file under src/, as a path relative to it with "/" separators. */
function sources(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.jsx?$/.test(entry.name) ? [relative(SRC, path).split(sep).join("/")] : [];
  });
}

/** The offenders among `paths`: "file:line  call". */
const offenders = (/** @type {string[]} */ paths) =>
  paths
    .filter((path) => !allowed(path))
    .flatMap((path) => inlineCalls(readFileSync(join(SRC, path), "utf8")).map(({ line, call }) => `${path}:${line}  ${call}`));

const all = sources();
const features = [...new Set(all.filter((p) => p.startsWith("features/")).map((p) => p.split("/")[1]))].sort();

test("the scanner finds the call shapes it is meant to", () => {
  const text = [
    'const a = await get("/users/home");',
    "post(`/users/block/${id}`);",
    'api("/report/x", { timeout: 0 });',
    'client.get("/master/country");',
    "useApi(\n  '/users/block', { initial: [] });",
    "<SuggestBox fetchPath={(q) => `/users/customer/search?search=${q}`} />",
    'navigate("/login"); params.get("token"); get(pathOf(id)); widget("/x"); budget("/y");',
  ].join("\n");
  assert.deepEqual(
    inlineCalls(text).map((c) => c.line),
    [1, 2, 3, 4, 5, 7],
  );
});

test("app/, main.jsx and the other top-level files call no API path of their own", () => {
  const outside = all.filter((p) => !p.startsWith("features/"));
  const found = offenders(outside);
  assert.deepEqual(found, [], `move these calls into a feature's api.js or lib/:\n${found.join("\n")}`);
});

for (const feature of features) {
  test(`features/${feature} calls the server through its api.js only`, () => {
    const found = offenders(all.filter((p) => p.startsWith(`features/${feature}/`)));
    assert.deepEqual(found, [], `move these calls into features/${feature}/api.js:\n${found.join("\n")}`);
  });
}
