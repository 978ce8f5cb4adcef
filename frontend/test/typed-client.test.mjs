// Gate (issue #51): every server call names a path of the description (types/api.d.ts `paths`,
// generated from docs/openapi.json) with its path and query parameters, and its answer's type
// follows from them (types/client.d.ts). Proven here: no call builds its path as a template string;
// a call with a parameter the description does not name fails tsc; and a path removed from
// docs/openapi.json, the types regenerated, fails tsc where the client calls it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const FRONTEND = fileURLToPath(new URL("../", import.meta.url));
const SRC = join(FRONTEND, "src");
const SPEC = join(FRONTEND, "..", "docs", "openapi.json");
const TSC = join(FRONTEND, "node_modules", "typescript", "bin", "tsc");
const GENERATOR = join(FRONTEND, "tools", "api-types", "node_modules", "openapi-typescript", "bin", "cli.js");

// A call of the client, of the prefetch or of the data layer whose path is a template string
// (`/users/${id}`), and a function that gives a path so built (`(id) => \`/master/user/${id}\``).
const TEMPLATE_CALL =
  /(?<![\w$.])(?:api|get|post|put|patch|del|prefetch|prefetched|sharedPrefetch|useGet|useServerPage|useFilteredList|urlOf|keyOf|fetchUrl)\s*\(\s*`/g;
const TEMPLATE_PATH = /=>\s*`(\/[^`$?]*)/g;
/** The description's paths under the API base. */
const API_PATHS = Object.keys(JSON.parse(readFileSync(SPEC, "utf8")).paths)
  .filter((p) => p.startsWith("/webapi/api/"))
  .map((p) => p.slice("/webapi/api".length));
/** Whether a template's fixed start is the start of an API path (not a screen's route). @param {string} start */
const apiStart = (start) => start.split("/").length > 2 && API_PATHS.some((p) => p.startsWith(start));

/** The template-string paths in a file's text: the lines they start on. @param {string} text */
export function templatePaths(text) {
  const lines = [];
  const lineOf = (/** @type {number | undefined} */ at) => text.slice(0, at).split("\n").length;
  for (const m of text.matchAll(TEMPLATE_CALL)) lines.push(lineOf(m.index));
  for (const m of text.matchAll(TEMPLATE_PATH)) if (apiStart(m[1])) lines.push(lineOf(m.index));
  return lines.sort((a, b) => a - b);
}

/** Every .js/.jsx file under `dir`, relative to src/ with "/" separators. @param {string} [dir] @returns {string[]} */
function sources(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.jsx?$/.test(entry.name) ? [relative(SRC, path).split(sep).join("/")] : [];
  });
}

test("the scanner finds a path built as a template string", () => {
  const text = [
    "get(`/users/order/${id}`);",
    'get("/users/order/{orderId}", { path: { orderId: id } });',
    "post(`/users/block/${id}`, {});",
    "export const pagePath = (n) => `/master/beat?pageNumber=${n}`;",
    "useGet(`/users/landing/${agent}`);",
    "const href = `#/customer/visit/${id}`;",
    "cells.get(`${x},${y}`);",
    "const edit = (id) => `/master/user-edit/${id}`;",
  ].join("\n");
  assert.deepEqual(templatePaths(text), [1, 3, 4, 5]);
});

test("no server call under src/ builds its path as a template string", () => {
  const found = sources().flatMap((path) =>
    templatePaths(readFileSync(join(SRC, path), "utf8")).map((line) => `${path}:${line}`),
  );
  assert.deepEqual(found, [], `name the description's path and pass its parameters ({ path, query }):\n${found.join("\n")}`);
});

/**
 * Runs tsc over `files` with the app's compiler options (tsconfig.json extended); its output, and
 * whether it failed.
 * @param {string} dir where the tsconfig goes
 * @param {string[]} files
 */
function tsc(dir, files) {
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: join(FRONTEND, "tsconfig.json"),
      include: [],
      files: [join(dir, "types", "globals.d.ts"), ...files],
    }),
  );
  const run = spawnSync(process.execPath, [TSC, "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  return { failed: run.status !== 0, out: `${run.stdout}${run.stderr}` };
}

test("a call with a path or a parameter the description does not have fails tsc", () => {
  const dir = mkdtempSync(join(tmpdir(), "typed-client-"));
  try {
    cpSync(join(FRONTEND, "types"), join(dir, "types"), { recursive: true });
    const client = JSON.stringify(join(SRC, "lib", "api-client.js"));
    const probe = (/** @type {string} */ body) => {
      const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.js`);
      writeFileSync(file, `import { get, post } from ${client};\n${body}\n`);
      return tsc(dir, [file]);
    };
    const good = probe(
      [
        '/** @type {Promise<import("../../types/api").components["schemas"]["OrderPage"]>} */',
        'export const a = get("/users/orders", { query: { from: "2026-01-01", pageNumber: 2 } });',
        'export const b = post("/users/order/{orderId}/approve", { reason: null }, { path: { orderId: 1 } });',
      ]
        .join("\n")
        .replace('"../../types/api"', JSON.stringify(join(FRONTEND, "types", "api"))),
    );
    assert.equal(good.failed, false, `the calls as described should pass:\n${good.out}`);
    for (const [what, call] of [
      ["a query parameter it does not name", 'get("/users/orders", { query: { nope: 1 } });'],
      ["a path it does not have", 'get("/users/no-such-list");'],
      ["a missing path parameter", 'get("/users/order/{orderId}");'],
      ["a path parameter it does not name", 'get("/users/order/{orderId}", { path: { id: 1 } });'],
      ["a template-string path", "const id = 1; get(`/users/order/${id}`);"],
      ["a body field it does not name", 'post("/users/order/{orderId}/approve", { why: "x" }, { path: { orderId: 1 } });'],
    ]) {
      const bad = probe(call);
      assert.equal(bad.failed, true, `${what} should fail tsc: ${call}`);
    }
    const typed = probe(["/** @type {Promise<string>} */", 'export const wrong = get("/users/orders");'].join("\n"));
    assert.equal(typed.failed, true, "a wrapper that claims another answer type than the description's should fail tsc");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a path removed from docs/openapi.json, the types regenerated, fails tsc where the client calls it", (t) => {
  if (!existsSync(GENERATOR)) {
    t.skip("the generator is not installed (cd frontend/tools/api-types && npm ci)");
    return;
  }
  const gone = "/webapi/api/users/orders/held";
  const dir = mkdtempSync(join(tmpdir(), "typed-client-"));
  try {
    const spec = JSON.parse(readFileSync(SPEC, "utf8"));
    assert.ok(spec.paths[gone], `${gone} is in docs/openapi.json`);
    delete spec.paths[gone];
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(spec));
    // The client as it is, beside the types regenerated from the description without the path.
    cpSync(SRC, join(dir, "src"), { recursive: true });
    cpSync(join(FRONTEND, "types"), join(dir, "types"), { recursive: true });
    symlinkSync(join(FRONTEND, "node_modules"), join(dir, "node_modules"), "dir");
    const gen = spawnSync(process.execPath, [GENERATOR, join(dir, "openapi.json"), "-o", join(dir, "types", "api.d.ts")], {
      encoding: "utf8",
    });
    assert.equal(gen.status, 0, gen.stderr);
    const caller = join(dir, "src", "features", "orders", "api.js");
    assert.match(readFileSync(caller, "utf8"), /"\/users\/orders\/held"/, "features/orders/api.js calls the path");
    const { failed, out } = tsc(dir, [caller]);
    assert.equal(failed, true, "tsc should fail without the path");
    assert.match(out, /features\/orders\/api\.js.*"\/users\/orders\/held"/s);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
