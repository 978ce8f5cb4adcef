// Starts the real fieldsales binary on a temporary database with the demo company, and a
// headless Debian Chromium driven by Playwright. One server per test file.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const BIN = process.env.FIELDSALES_BIN || resolve(here, "../../target/release/fieldsales");
export const PASSWORD = "Demo12345678";

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

/** Starts the server and a browser; returns helpers. Call `stop()` when done. */
export async function start() {
  const dir = mkdtempSync(join(tmpdir(), "fieldsales-browser-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const globalArgs = ["--db", join(dir, "t.db"), "--data-dir", join(dir, "data")];
  const server = spawn(BIN, [...globalArgs, "serve", "--demo", "--addr", `127.0.0.1:${port}`, "--login-rate", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, RUST_LOG: "warn" },
  });
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
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
  });

  /** A fresh browser page (phone-sized unless a viewport is given) that fails on page errors. */
  async function page(viewport = { width: 390, height: 844 }) {
    const context = await browser.newContext({ viewport, baseURL: base });
    const p = await context.newPage();
    p.pageErrors = [];
    p.on("pageerror", (e) => p.pageErrors.push(e.message));
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
    const lines = readFileSync(join(dir, "data", "outbox.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const mail = lines.reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const line = mail.body.split("\n").find((l) => l.startsWith(label));
    return line.slice(label.length).trim();
  }

  /** Runs the CLI against this server's database. */
  function cli(...args) {
    const r = spawnSync(BIN, [...globalArgs, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`fieldsales ${args.join(" ")} failed: ${r.stderr}`);
    return r.stdout;
  }

  async function stop() {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }

  return { base, page, login, mailed, cli, stop };
}
