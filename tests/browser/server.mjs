// Starts the real fieldsales binary on a temporary database with the demo company, and a
// headless Debian Chromium driven by Playwright. One server per test file.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

// The app registers a service worker. Without this, Playwright lets the worker's own requests
// bypass the context's routes (FIELDSALES_DIST) and its offline switch (setOffline); read by
// playwright-core, which runs in this process, when a worker starts.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= "1";

const here = dirname(fileURLToPath(import.meta.url));
export const BIN =
  process.env.FIELDSALES_BIN ||
  resolve(here, "../../target/release/fieldsales");
export const PASSWORD = "Demo12345678";
/**
 * FIELDSALES_DIST=<folder> serves the frontend from that folder (e.g. ../../dist after
 * `npm run build`) instead of the copy embedded in the binary, so frontend changes can be tested
 * without rebuilding the server. The API still comes from the binary.
 */
const DIST = process.env.FIELDSALES_DIST
  ? resolve(process.env.FIELDSALES_DIST)
  : null;
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/** Answers a request for a frontend file from DIST the way the server does (index.html for routes). */
function serveFromDist(route, headers) {
  const path = decodeURIComponent(new URL(route.request().url()).pathname);
  let file = join(DIST, path);
  if (
    !file.startsWith(DIST) ||
    !existsSync(file) ||
    statSync(file).isDirectory()
  ) {
    if (extname(path)) return route.fulfill({ status: 404, body: "not found" });
    // A route typed without '#': the server's own answer (a redirect to its '#' route).
    if (path !== "/") return route.continue();
    file = join(DIST, "index.html");
  }
  return route.fulfill({
    status: 200,
    headers,
    contentType: TYPES[extname(file)] || "application/octet-stream",
    body: readFileSync(file),
  });
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on("error", fail);
  });
}

/**
 * Starts the server and a browser; returns helpers. Call `stop()` when done. `tileUrl` is the map's
 * tile URL template (FIELDSALES_TILE_URL); none by default, so no test reaches the internet.
 */
export async function start({ tileUrl = "" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-browser-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const globalArgs = [
    "--db",
    join(dir, "t.db"),
    "--data-dir",
    join(dir, "data"),
  ];
  const server = spawn(
    BIN,
    [
      ...globalArgs,
      "serve",
      "--demo",
      "--addr",
      `127.0.0.1:${port}`,
      "--login-rate",
      "0",
      "--account-login-rate",
      "0",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, RUST_LOG: "warn", FIELDSALES_TILE_URL: tileUrl },
    },
  );
  let log = "";
  server.stdout.on("data", (d) => (log += d));
  server.stderr.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Frontend files served from DIST keep the server's security headers (CSP above all).
  let distHeaders = {};
  if (DIST) {
    const r = await fetch(`${base}/`);
    distHeaders = {
      "content-security-policy": r.headers.get("content-security-policy") || "",
    };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });

  /** A fresh browser page (phone-sized unless a viewport is given) recording page and console errors. */
  async function page(viewport = { width: 390, height: 844 }) {
    const context = await browser.newContext({ viewport, baseURL: base });
    if (DIST)
      await context.route(
        (url) =>
          !url.pathname.startsWith("/webapi/") && url.pathname !== "/healthz",
        (r) => serveFromDist(r, distHeaders),
      );
    const p = await context.newPage();
    p.pageErrors = [];
    p.on("pageerror", (e) => p.pageErrors.push(e.message));
    // Console errors other than the browser's own note on a failed request (a 401 or 400 that a
    // test provokes on purpose): CSP violations, React warnings logged as errors, and the like.
    p.consoleErrors = [];
    p.on(
      "console",
      (m) =>
        m.type() === "error" &&
        !m.text().startsWith("Failed to load resource") &&
        p.consoleErrors.push(m.text()),
    );
    return p;
  }

  /** Signs in through the two-step form with a password. */
  async function login(p, email, password = PASSWORD) {
    await p.goto("/#/login");
    await p.getByLabel("Login ID").fill(email);
    await p.getByRole("button", { name: "Next" }).click();
    await p.locator("#password").fill(password);
    await p.getByLabel("I agree to the terms and conditions").check();
    await p.getByRole("button", { name: "Login" }).click();
  }

  /** The newest mail to `to` in the outbox, and the value after `label` in it. */
  function mailed(to, label) {
    const lines = readFileSync(join(dir, "data", "outbox.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const mail = lines.reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const line = mail.body.split("\n").find((l) => l.startsWith(label));
    return line.slice(label.length).trim();
  }

  /** Runs the CLI against this server's database. */
  function cli(...args) {
    const r = spawnSync(BIN, [...globalArgs, ...args], { encoding: "utf8" });
    if (r.status !== 0)
      throw new Error(`fieldsales ${args.join(" ")} failed: ${r.stderr}`);
    return r.stdout;
  }

  // Never leave the server behind, even when a test run is interrupted.
  const killServer = () => server.exitCode === null && server.kill("SIGTERM");
  process.once("exit", killServer);

  async function stop() {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }

  /** The anti-forgery cookie's value, as the server hands it out (double submit: cookie and header). */
  async function xsrf() {
    const health = await fetch(`${base}/healthz`);
    return health.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("XSRF-TOKEN="))
      .slice(11);
  }
  /** A token of `email`'s own, signed in from the test process (another session than a page's). */
  async function token(email) {
    const value = await xsrf();
    const r = await fetch(`${base}/webapi/api/login/auth`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-XSRF-TOKEN": value,
        Cookie: `XSRF-TOKEN=${value}`,
      },
      body: JSON.stringify({
        userName: email,
        password: PASSWORD,
        terms: true,
        loginMethod: "password",
      }),
    });
    assert.equal(r.status, 200, `signing in ${email}`);
    return (await r.json()).token;
  }
  // `db`: the server's database file (a test may set up rows the screens have no form for yet).
  return { base, page, login, mailed, cli, stop, xsrf, token, db: join(dir, "t.db") };
}

/** Waits until the alert of `kind` says exactly `text` (the screens show the server's message there). */
export async function expectAlert(p, kind, text) {
  const alert = p.getByTestId(`alert-${kind}`);
  try {
    await p.waitForFunction(
      ([k, t]) =>
        document.querySelector(`[data-testid=alert-${k}]`)?.textContent === t,
      [kind, text],
      { timeout: 5000 },
    );
  } finally {
    assert.equal(await alert.textContent(), text);
  }
}

/**
 * Waits until the phone's offline copy of the signed-in user is stored (customers complete since
 * `since`, the outcomes, and the products when `products`): what the phone needs to work offline.
 */
export async function offlineCopyLoaded(
  p,
  { since = 0, products = false } = {},
) {
  const { uid } = await p.evaluate(() =>
    JSON.parse(localStorage.getItem("fieldsales.session")),
  );
  const deadline = Date.now() + 20000;
  // A loop of evaluations: waitForFunction would take the predicate's promise itself as truthy.
  for (;;) {
    const done = await p.evaluate(
      async ([uid, since, products]) => {
        const name = `fieldsales-offline-${uid}`;
        // Opening a database that does not exist would create it empty, under the app's feet.
        if (!(await indexedDB.databases()).some((d) => d.name === name))
          return false;
        const db = await new Promise((ok, fail) => {
          const r = indexedDB.open(name);
          r.onsuccess = () => ok(r.result);
          r.onerror = () => fail(r.error);
        });
        try {
          if (!db.objectStoreNames.contains("meta")) return false;
          const get = (key) =>
            new Promise((ok) => {
              const r = db.transaction("meta").objectStore("meta").get(key);
              r.onsuccess = () => ok(r.result);
            });
          const synced = await get("customersSyncedAt");
          return (
            !!synced &&
            Date.parse(synced) >= since &&
            !!(await get("outcomes")) &&
            (!products || !!(await get("products")))
          );
        } finally {
          db.close();
        }
      },
      [uid, since, products],
    );
    if (done) return;
    assert.ok(Date.now() < deadline, "the offline copy did not load");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Signs in through the form on the screen by its fields' ids, whatever language it is in, and waits
 * until the session is stored.
 */
export async function signInByIds(p, email, password = PASSWORD) {
  await p.locator("#userName").fill(email);
  await p.locator("form button[type=submit]").click();
  await p.locator("#password").fill(password);
  await p.locator("input[name=terms]").check();
  await p.locator("form button[type=submit]").click();
  await p.waitForURL((u) => !u.hash.startsWith("#/login"));
  await p.waitForFunction(
    () => JSON.parse(localStorage.getItem("fieldsales.session") || "{}").token,
  );
}

/** Chooses a language on the sign-in screen ("hi" or "en") and waits for its heading in it. */
export async function chooseSignInLanguage(p, lang) {
  await p.goto("/#/login");
  await p
    .getByTestId("sign-in-language")
    .getByRole("button", { name: lang === "hi" ? "हिन्दी" : "English" })
    .click();
  const title = lang === "hi" ? "साइन इन" : "Sign in";
  await p.waitForFunction(
    (title) => document.querySelector(".auth-card h1")?.textContent === title,
    title,
  );
}
