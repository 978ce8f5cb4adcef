// Gate (issue #51): the phone's code has no import circle (static or dynamic imports alike). The
// last one ran through lib/api-client.js, which imported the offline layer that imports it; the
// session's end is an event now (onSessionEnded).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const IMPORT = /^(?:import|export)\s[^;]*?from\s+"([^"]+)"|^import\s+"([^"]+)"|import\("([^"]+)"\)/gm;

/** A file's code without its comments: a JSDoc `import("./x").T` names a type, and loads nothing. @param {string} text */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(?<![:"'])\/\/[^\n]*/g, "");

/** Every .js/.jsx file under `dir`. @param {string} dir @returns {string[]} */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.jsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** The file a relative import names, if it is ours. @param {string} from @param {string} spec */
function target(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  return ["", ".js", ".jsx"].map((ext) => base + ext).find((p) => existsSync(p) && /\.jsx?$/.test(p)) ?? null;
}

/** The circles (strongly connected groups of two files or more) of `edges`. @param {Map<string, string[]>} edges */
export function circles(edges) {
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const on = new Set();
  /** @type {string[][]} */ const found = [];
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

test("the circle finder finds a circle and only that", () => {
  const edges = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a"]],
    ["d", ["a"]],
  ]);
  assert.deepEqual(circles(edges), [["a", "b", "c"]]);
});

test("the phone's code has no import circle", () => {
  const edges = new Map(
    sources(SRC).map((file) => [
      file,
      [...withoutComments(readFileSync(file, "utf8")).matchAll(IMPORT)]
        .map((m) => target(file, m[1] ?? m[2] ?? m[3]))
        .filter((p) => p !== null),
    ]),
  );
  const found = circles(edges).map((group) => group.map((p) => relative(SRC, p).split(sep).join("/")).join(" <-> "));
  assert.deepEqual(found, [], `import circles:\n${found.join("\n")}`);
});
