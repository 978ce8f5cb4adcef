// The phone benchmark (client side): what a field agent feels on a mid-range phone on a poor network.
// Drives the real server and Chromium (tests/browser/server.mjs) with the CPU slowed 4x and DevTools'
// "Slow 4G" network, both through the Chrome DevTools Protocol, and times three things, RUNS times each:
//   cold    an agent who used the app before (session and the phone's customer copy in place) opens a
//           customer's visit screen by URL in a fresh browser context: no HTTP cache, no service worker,
//           no Cache Storage; from navigation start to the screen ready for input;
//   cached  the same screen again in the same browser, now with the service worker and its cache warm;
//   save    on that ready screen: an outcome and a remark, Save Visit, until the screen says it is saved.
// And after them (issue #39 target 7), on a throttled "Slow 3G" (400 kbit/s down and up, 400 ms RTT, CPU
// 4x), PHONE_COPY_RUNS times (3): a new phone (no worker, no cache, no IndexedDB) opens the sign-in page
// and its worker installs while the agent types (the app shell: everything the worker keeps, counted
// decoded from Cache Storage and on the wire); the agent (5,000 customers: the demo's, and a customer
// import as the upload does for the rest) signs in, and the clock runs from the Login click to "all
// customers stored" (the copy's last page in IndexedDB: its customersSyncedAt). Its bytes on the wire
// are the encoded lengths of every response in that time (CDP Network.loadingFinished), beside the
// network's floor (those bytes at the emulated bandwidth and two round trips).
// The page and its service worker are throttled each (Chromium emulates per DevTools target; see
// throttleWorkers); phone_verify_* show the throttling at work (an API call, a file the worker fetches,
// a fixed loop of JavaScript, each without and with it).
// Prints one key=value line per figure (for bench/run.sh's figures file); exits non-zero only when it
// could not measure (a missed target is a finding, not a failure). PHONE_WATERFALL=1 also prints each
// run's requests to stderr (start, end, bytes, who asked), which is how a missed target is explained.
//   FIELDSALES_BIN=/path/to/fieldsales node bench/phone.mjs
//   FIELDSALES_DIST=dist ...   the frontend from that folder (after `npm run build`), see frontServer
// Knobs: PHONE_RUNS (5; 0 skips the runs and the throttling's verification), PHONE_COPY_RUNS (3; 0 skips the copy), PHONE_COPY_CUSTOMERS (5000), PHONE_WATERFALL.
import { spawnSync } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { loadavg, tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { PASSWORD, start } from "../tests/browser/server.mjs";

const RUNS = Number(process.env.PHONE_RUNS || 5);
const COPY_RUNS = Number(process.env.PHONE_COPY_RUNS ?? 3);
const COPY_CUSTOMERS = Number(process.env.PHONE_COPY_CUSTOMERS || 5000);
const WATERFALL = !!process.env.PHONE_WATERFALL;
const AGENT = "agent1@demo.test";
/** One of agent1's customers in the demo company. */
const BUYER = "B100001";
const CPU_RATE = 4;
/**
 * DevTools' "Slow 4G" preset (devtools-frontend, core/sdk/NetworkManager.ts `Slow4GConditions`, called
 * "Fast 3G" until May 2024): 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up (bytes/s here), and 150 ms RTT
 * x 3.75 as the latency Chromium adds to every request (it stands for DNS, TCP and TLS round trips too).
 */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180000,
  uploadThroughput: 84375,
  connectionType: "cellular4g",
};
/** Issue #39's "Slow 3G": 400 kbit/s down and up (50,000 B/s), 400 ms added to every request. */
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: 50000,
  uploadThroughput: 50000,
  connectionType: "cellular3g",
};
const COPY_PROFILE = `cpu${CPU_RATE}x-slow3g-${SLOW_3G.latency}ms-${(SLOW_3G.downloadThroughput * 8) / 1e3}kbit-${(SLOW_3G.uploadThroughput * 8) / 1e3}kbit`;
/** The network the worker's script is held back by (frontServer) and workers are throttled to (throttleWorkers). */
let network = SLOW_4G;
const PROFILE = `cpu${CPU_RATE}x-slow4g-${SLOW_4G.latency}ms-${(SLOW_4G.downloadThroughput * 8) / 1e6}mbit-${(SLOW_4G.uploadThroughput * 8) / 1e3}kbit`;
const VIEWPORT = { width: 390, height: 844 };
const SAVED = "Visit saved successfully.";

/**
 * Records, in the page, when the visit screen is ready for input: the customer's details show the
 * buyer id and the form's first input (the Outcome select) is enabled with its outcomes loaded;
 * and, after a Save Visit, when the success alert shows and when the new visit is listed. Each time
 * is taken after the next frame (requestAnimationFrame, then a task), i.e. once it could be seen,
 * on the page's own clock: performance.now() counts from the navigation's start.
 */
function pageProbe({ buyer, saved }) {
  const marks = (window.__marks = {});
  const afterPaint = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = null;
    requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now())));
  };
  const check = () => {
    const details = document.querySelector("[data-testid=customer-details]");
    const outcome = document.getElementById("outcomeId");
    if (details && details.textContent.includes(buyer) && outcome && !outcome.disabled && outcome.options.length > 1)
      afterPaint("ready");
    if (marks.submit === undefined) return;
    const alert = document.querySelector("[data-testid=alert-success]");
    // The server's message, with where the check-in found the phone after it (lib/location-badge.jsx).
    if (alert && alert.textContent.startsWith(saved.replace(/\.$/, ""))) afterPaint("saved");
    const first = document.querySelector("[data-testid=interactions] tbody tr");
    if (first && window.__remark && first.textContent.includes(window.__remark)) afterPaint("listed");
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener("submit", () => (marks.submit = performance.now()), true);
}

/**
 * The phone's way to the server: a small proxy in front of it. Two things need it:
 * - The service worker's script is fetched by the browser itself, outside every DevTools target, so
 *   no emulation slows it; the proxy holds it back by the emulated latency, as a phone's network
 *   would. That also gives the worker's throttle (throttleWorkers) time to be in place before the
 *   worker's install starts its precache.
 * - With FIELDSALES_DIST (`dist`), it serves that folder the way the server serves its embedded copy
 *   (gzip, the same cache headers and CSP) over real HTTP. server.mjs's own way (answering from
 *   Playwright's route handler) is not throttled by Chromium's emulation: files arrive in 10 ms, not 700.
 * Everything else goes to the server as it is.
 */
function frontServer(dist, backend) {
  const target = new URL(backend);
  const types = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
  };
  const text = (type) => /^text\/|javascript|json|svg|manifest/.test(type);
  const fingerprinted = (name) => name.split(".").some((part) => part.length >= 8 && /^[0-9a-f]+$/.test(part));
  return fetch(`${backend}/`).then((r) => {
    const csp = r.headers.get("content-security-policy");
    const server = createServer(async (req, res) => {
      const path = decodeURIComponent(new URL(req.url, backend).pathname);
      if (path === "/service-worker.js") await new Promise((r) => setTimeout(r, network.latency));
      const file = dist && (path === "/" ? join(dist, "index.html") : join(dist, path));
      const isFile = !!dist && file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
      if (!isFile && (!dist || path.startsWith("/webapi/") || path === "/healthz" || !extname(path))) {
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode, up.headers);
            up.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        req.pipe(upstream);
        return;
      }
      if (!isFile) return res.writeHead(404).end("Not found");
      const type =
        types[extname(file)] || (file.endsWith(".webmanifest") ? "application/manifest+json" : "application/octet-stream");
      let body = readFileSync(file);
      const headers = {
        "content-type": type,
        "cache-control": fingerprinted(path) ? "public, max-age=31536000, immutable" : "no-cache",
      };
      if (csp) headers["content-security-policy"] = csp;
      if (text(type) && body.length > 256 && /gzip/.test(req.headers["accept-encoding"] || "")) {
        body = gzipSync(body);
        headers["content-encoding"] = "gzip";
      }
      res.writeHead(200, headers).end(body);
    });
    return new Promise((ok) =>
      server.listen(0, "127.0.0.1", () => ok({ base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })),
    );
  });
}

/**
 * Throttles the service workers of one browser context as its page is: Chromium's emulation is per
 * DevTools target, and a worker's own requests (its precache at install, a file it fetches for the
 * page) are not the page's. A browser session attaches to every worker of the context as it is
 * created (in the non-flat mode: Playwright's CDPSession names no child session) and throttles it.
 * (A page session's auto-attach reaches the worker too, but its emulation did not slow the worker's
 * fetches.) The worker runs meanwhile, so its very first requests may beat the throttle: the
 * waterfall check (summarize) names any request faster than the emulated latency, and
 * phone_cold_worker_unthrottled_requests counts the worker's. The worker thread's CPU cannot be
 * slowed this way (no Emulation domain on a worker).
 */
async function throttleWorkers(browser, contextId, log) {
  const bs = await browser.newBrowserCDPSession();
  let next = 0;
  let count = 0;
  const pending = new Map();
  bs.on("Target.receivedMessageFromTarget", (e) => {
    const m = JSON.parse(e.message);
    if (m.id && pending.has(m.id)) (pending.get(m.id)(m), pending.delete(m.id));
    else if (m.method && log) log(m.method, m.params, "sw");
  });
  const send = (sessionId, method, params = {}) =>
    new Promise((ok) => {
      const id = ++next;
      pending.set(id, ok);
      bs.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => ok({}));
    });
  let applied = Promise.resolve();
  const attach = async (info) => {
    if (info.type !== "service_worker" || info.browserContextId !== contextId) return;
    count++;
    const { sessionId } = await bs.send("Target.attachToTarget", { targetId: info.targetId, flatten: false });
    // One after the other: sent together, the emulation was lost (the domain's enabling is not done).
    await send(sessionId, "Network.enable");
    await send(sessionId, "Network.emulateNetworkConditions", network);
  };
  // Workers there already, then each new one (browser-level auto-attach exists only in the flat mode).
  const track = (info) => (applied = Promise.all([applied, attach(info).catch(() => {})]));
  bs.on("Target.targetCreated", (e) => track(e.targetInfo));
  await bs.send("Target.setDiscoverTargets", { discover: true });
  return { count: () => count, applied: () => applied, close: () => bs.detach().catch(() => {}) };
}

/** The browser context id of a page's CDP session (to pick that context's workers). */
async function contextIdOf(cdp) {
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  return targetInfo.browserContextId;
}

/** A fresh phone: a new browser context (empty HTTP cache, no worker) with the agent's stored state. */
async function phone(browser, base, storageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, baseURL: base, storageState });
  await context.grantPermissions(["geolocation"], { origin: base });
  await context.setGeolocation({ latitude: 12.97, longitude: 77.59, accuracy: 20 });
  await context.addInitScript(pageProbe, { buyer: BUYER, saved: SAVED });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  return { context, page };
}

/** Counts requests in flight in the context (the page's and its worker's); resolves once quiet for `ms`. */
function quietWatch(context) {
  let inFlight = 0;
  let last = Date.now();
  const up = () => (inFlight++, (last = Date.now()));
  const down = () => (inFlight--, (last = Date.now()));
  context.on("request", up);
  context.on("requestfinished", down);
  context.on("requestfailed", down);
  return async (ms = 800, timeout = 60000) => {
    const deadline = Date.now() + timeout;
    while (inFlight > 0 || Date.now() - last < ms) {
      if (Date.now() > deadline) throw new Error(`the network did not go quiet (${inFlight} requests in flight)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

/** The Network events of a CDP session (page or worker) as rows of a waterfall, by request id. */
function recorder() {
  const rows = new Map();
  const on = (method, p, who) => {
    const key = `${who}:${p.requestId}`;
    if (method === "Network.requestWillBeSent") {
      if (rows.has(key) && p.redirectResponse) rows.get(key).redirected = true;
      const u = new URL(p.request.url);
      rows.set(key, {
        who,
        url: u.pathname + u.search,
        type: p.type,
        method: p.request.method,
        start: p.timestamp,
        end: null,
        bytes: 0,
        decoded: 0,
      });
    } else if (method === "Network.responseReceived" && rows.has(key)) {
      const r = rows.get(key);
      r.status = p.response.status;
      r.fromSW = p.response.fromServiceWorker;
      r.fromCache = p.response.fromDiskCache || p.response.fromPrefetchCache;
    } else if (method === "Network.dataReceived" && rows.has(key)) {
      rows.get(key).decoded += p.dataLength;
    } else if (method === "Network.loadingFinished" && rows.has(key)) {
      const r = rows.get(key);
      r.end = p.timestamp;
      r.bytes = p.encodedDataLength;
    } else if (method === "Network.loadingFailed" && rows.has(key)) {
      rows.get(key).end = p.timestamp;
      rows.get(key).failed = p.errorText;
    } else if (method === "Network.requestServedFromCache" && rows.has(key)) rows.get(key).fromCache = true;
  };
  return { rows, on, clear: () => rows.clear() };
}

/** Opens the visit screen by URL and returns when it is ready, in ms from navigation start. */
async function openVisit(page) {
  await page.goto(`/#/customer/visit/${BUYER}`, { waitUntil: "commit" });
  await page.waitForFunction(() => typeof window.__marks.ready === "number", null, { polling: 100, timeout: 60000 });
  return page.evaluate(() => window.__marks.ready);
}

/** The waterfall of one load: every request from the navigation's start until `untilMs`, and a summary. */
function summarize(rec, label, untilMs) {
  const all = [...rec.rows.values()].filter((r) => r.start != null);
  const doc = all.find((r) => r.type === "Document" && r.who === "page");
  if (!doc) return null;
  const t0 = doc.start;
  const ms = (t) => (t == null ? null : Math.round((t - t0) * 1000));
  const rows = all.map((r) => ({ ...r, s: ms(r.start), e: ms(r.end) })).sort((a, b) => a.s - b.s);
  const before = rows.filter((r) => r.s <= untilMs);
  const network = before.filter((r) => r.who === "page" && !r.fromSW && !r.fromCache);
  const summary = {
    requests: before.length,
    networkRequests: network.length,
    networkBytes: network.reduce((n, r) => n + (r.bytes || 0), 0),
    workerBytes: before.filter((r) => r.who === "sw").reduce((n, r) => n + (r.bytes || 0), 0),
  };
  // Every request that went over the network took at least the emulated latency, the worker's too.
  const fast = rows.filter((r) => !r.fromSW && !r.fromCache && r.e != null && !r.failed && r.e - r.s < SLOW_4G.latency - 5);
  summary.workerUnthrottled = fast.filter((r) => r.who === "sw").length;
  if (fast.length)
    console.error(`${label}: ${fast.length} requests faster than the emulated latency: ${fast.map((r) => r.url).join(", ")}`);
  if (WATERFALL) {
    console.error(
      `\n${label}: ready at ${Math.round(untilMs)} ms; ${summary.networkRequests} page requests over the network before it, ${summary.networkBytes} B`,
    );
    for (const r of rows) {
      const from = r.fromSW ? " [sw]" : r.fromCache ? " [cache]" : "";
      const mark = r.s > untilMs ? "  (after ready)" : "";
      console.error(
        `  ${String(r.s).padStart(6)} → ${String(r.e ?? "…").padStart(6)} ms ${String(r.bytes || 0).padStart(7)} B  ${r.who.padEnd(4)} ${r.method} ${r.url}${from}${r.failed ? ` FAILED ${r.failed}` : ""}${mark}`,
      );
    }
  }
  return summary;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Makes up the agent's book to `want` customers: counts the copy the server sends them, then imports
 * the rest as the customer upload does (`fieldsales import customer`, an .xlsx written by
 * tests/browser/make_xlsx.py), spread over the map and with real-looking names and addresses.
 */
async function makeUpCustomers(app, want) {
  const token = await app.token(AGENT);
  let cursor = "";
  let have = 0;
  for (let i = 0; i < 100; i++) {
    const r = await fetch(`${app.base}/webapi/api/users/customer/offline?cursor=${encodeURIComponent(cursor)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!r.ok) throw new Error(`the offline copy answered ${r.status}`);
    const page = await r.json();
    have += (page.customers || []).length;
    cursor = page.cursor;
    if (page.complete) break;
  }
  if (have >= want) return have;
  const header = ["Buyer ID", "Buyer Name", "Mobile", "Email", "Address 1", "Address 2", "Postal Code", "City", "State",
    "Country", "Info", "Latitude", "Longitude", "Retailer Type", "Agent Email"];
  const names = ["Sri Lakshmi", "Ganesh", "Balaji", "Star", "Green Leaf", "Metro", "Royal", "Super", "Family", "New India"];
  const kinds = ["Stores", "Traders", "Kirana", "Mart", "General Stores", "Agencies"];
  const cities = ["Bengaluru", "Mysuru", "Tumakuru", "Mandya", "Hassan"];
  // Mobiles, house numbers and coordinates from a fixed pseudo-random sequence: counted or gridded
  // ones would compress far better than a real book does, and flatter the bytes on the wire.
  let seed = 20261128;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const rows = [header];
  for (let i = 0; i < want - have; i++)
    rows.push([`P${String(i + 1).padStart(6, "0")}`, `${names[rand(10)]} ${kinds[rand(6)]} ${rand(1000)}`,
      `9${String(rand(1e9)).padStart(9, "0")}`, "", `${rand(900) + 1}, ${rand(60) + 1}th Cross, ${names[rand(10)]} Nagar`, "",
      String(560001 + rand(100)), cities[rand(5)], "Karnataka", "India", "", (12.8 + rand(400000) / 1e6).toFixed(6),
      (77.4 + rand(400000) / 1e6).toFixed(6), "Retailer", AGENT]);
  const dir = mkdtempSync(join(tmpdir(), "phone-copy-"));
  try {
    writeFileSync(join(dir, "rows.json"), JSON.stringify(rows));
    const xlsx = join(dir, "customers.xlsx");
    const made = spawnSync("python3", [resolve(import.meta.dirname, "../tests/browser/make_xlsx.py"), xlsx, `@${join(dir, "rows.json")}`], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`make_xlsx.py failed: ${made.stderr}`);
    app.cli("import", "customer", xlsx);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return want;
}

/** In the page: polls the user's IndexedDB until the copy is complete (customersSyncedAt); its time and count. */
function copyStored(limitMs) {
  const read = (name) =>
    new Promise((ok) => {
      const open = indexedDB.open(name);
      open.onerror = () => ok(null);
      open.onsuccess = () => {
        const db = open.result;
        try {
          const tx = db.transaction(["meta", "customers"]);
          const synced = tx.objectStore("meta").get("customersSyncedAt");
          const count = tx.objectStore("customers").count();
          tx.oncomplete = () => (db.close(), ok({ synced: synced.result, count: count.result }));
          tx.onerror = () => (db.close(), ok(null));
        } catch {
          db.close();
          ok(null);
        }
      };
    });
  return (async () => {
    const deadline = performance.now() + limitMs;
    while (performance.now() < deadline) {
      // Only a database the app made already: opening a missing one would make it without its stores.
      const d = (await indexedDB.databases()).find((x) => x.name && x.name.startsWith("fieldsales-offline-"));
      const got = d ? await read(d.name) : null;
      if (got && got.synced) return { at: performance.now(), count: got.count };
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  })();
}

/**
 * One first offline copy on Slow 3G (see the top): a new phone opens the app and its worker installs;
 * then sign-in, timed from the Login click to the copy complete in IndexedDB.
 */
async function firstCopy(browser, base, run) {
  network = SLOW_3G;
  const { context, page } = await phone(browser, base);
  const rec = recorder();
  const cdp = await context.newCDPSession(page);
  for (const m of ["requestWillBeSent", "responseReceived", "dataReceived", "loadingFinished", "loadingFailed", "requestServedFromCache"])
    cdp.on(`Network.${m}`, (p) => rec.on(`Network.${m}`, p, "page"));
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  const workers = await throttleWorkers(browser, await contextIdOf(cdp), rec.on);
  const quiet = quietWatch(context);
  try {
    const opened = Date.now();
    await page.goto("/#/login", { waitUntil: "commit" });
    await page.getByLabel("Login ID").waitFor({ timeout: 120000 });
    const formMs = Date.now() - opened;
    // The agent types their id and password meanwhile: the worker installs (the shell) first.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await quiet(1500, 180000);
    const openMs = Date.now() - opened - 1500;
    const done = (r) => r.end != null && !r.failed;
    const before = [...rec.rows.values()].filter(done);
    const shell = await page.evaluate(async () => {
      let bytes = 0;
      let files = 0;
      for (const key of await caches.keys()) {
        if (!key.startsWith("fieldsales-shell-")) continue;
        const cache = await caches.open(key);
        for (const req of await cache.keys()) {
          const res = await cache.match(req);
          if (res) bytes += (await res.arrayBuffer()).byteLength;
          files++;
        }
      }
      return { bytes, files };
    });
    const shellWire = before.filter((r) => r.who === "sw").reduce((n, r) => n + r.bytes, 0);
    const openWire = before.reduce((n, r) => n + r.bytes, 0);

    await page.getByLabel("Login ID").fill(AGENT);
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator("#password").fill(PASSWORD);
    await page.getByLabel("I agree to the terms and conditions").check();
    await quiet(300, 60000);
    rec.clear();
    await page.getByRole("button", { name: "Login" }).click();
    const stored = await page.evaluate(copyStored, 120000);
    if (!stored) throw new Error("the copy was not complete within 120 s");
    const rows = [...rec.rows.values()];
    const submit = await page.evaluate(() => window.__marks.submit);
    const copyMs = stored.at - submit;
    const copy = rows.filter((r) => r.url.includes("/users/customer/offline"));
    const r = {
      formMs,
      openMs,
      shellBytes: shell.bytes,
      shellFiles: shell.files,
      shellWire,
      openWire,
      copyMs,
      count: stored.count,
      wire: rows.filter(done).reduce((n, x) => n + x.bytes, 0),
      requests: rows.length,
      pages: copy.length,
      copyWire: copy.filter(done).reduce((n, x) => n + x.bytes, 0),
      copyDecoded: copy.reduce((n, x) => n + x.decoded, 0),
    };
    console.error(
      `copy run ${run}: ${stored.count} customers stored ${Math.round(copyMs)} ms after Login (${r.pages} pages, ${r.copyWire} B on the wire of ${r.copyDecoded} B; ${r.requests} requests, ${r.wire} B in all); before: form ${formMs} ms, worker installed and quiet ${openMs} ms, shell ${shell.files} files ${shell.bytes} B (${shellWire} B by the worker)`,
    );
    if (WATERFALL) {
      const t0 = Math.min(...rows.map((x) => x.start));
      const ms = (t) => String(Math.round((t - t0) * 1000)).padStart(6);
      for (const x of rows.sort((a, b) => a.start - b.start))
        console.error(`  ${ms(x.start)} → ${x.end == null ? "     …" : ms(x.end)} ms ${String(x.bytes).padStart(7)} B (${x.decoded} B decoded) ${x.who} ${x.method} ${x.url}`);
    }
    if (page.errors.length) throw new Error(`page errors: ${page.errors.join("; ")}`);
    return r;
  } finally {
    await workers.close();
    await context.close();
    network = SLOW_4G;
  }
}

async function main() {
  const loadStart = loadavg()[0];
  const app = await start();
  const out = [];
  const figure = (key, value) => out.push(`${key}=${value}`);
  let front = null;
  try {
    // The browser server.mjs launched (its page() helper is not used: see frontServer).
    const first = await app.page();
    const browser = first.context().browser();
    await first.context().close();
    front = await frontServer(process.env.FIELDSALES_DIST ? resolve(process.env.FIELDSALES_DIST) : null, app.base);
    const base = front.base;

    // Sign-in is not what is measured: the agent signs in once, unthrottled, and the app does its
    // first-start work (the customer copy, outcomes, product list in IndexedDB; the worker). That
    // state (localStorage: the session; IndexedDB: the phone's copy; cookies) is what every run's
    // fresh phone starts from, so each cold run is an agent who used the app before and whose
    // browser has no cached files: no HTTP cache, no service worker, no Cache Storage.
    const setup = await phone(browser, base);
    const settle = quietWatch(setup.context);
    await app.login(setup.page, AGENT);
    await setup.page.waitForURL((u) => u.hash === "#/today", { timeout: 30000 });
    await setup.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await settle(1500);
    const storageState = await setup.context.storageState({ indexedDB: true });
    const idb = storageState.origins.flatMap((o) => o.indexedDB || []);
    if (!idb.some((d) => d.name.startsWith("fieldsales-offline-"))) throw new Error("the agent's offline store was not captured");

    // Verification that the throttling applies: the same small API call, a file the worker fetches
    // for the page (a query its cache does not hold) and a fixed loop of JavaScript, first on a phone
    // without throttling (then with only the page's network throttled), then on one throttled as the
    // runs are, from its start.
    const verify = async (throttle) => {
      const { context, page } = await phone(browser, base, storageState);
      const cdp = await context.newCDPSession(page);
      if (throttle) {
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
      }
      await page.goto("/");
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      const entry = await page.evaluate(() => [...document.scripts].map((s) => new URL(s.src).pathname).find((s) => s));
      const timed = (url) =>
        page.evaluate(async (url) => {
          const t = performance.now();
          await (await fetch(url, { cache: "no-store" })).arrayBuffer();
          return Math.round(performance.now() - t);
        }, url);
      const spin = () =>
        page.evaluate(() => {
          const t = performance.now();
          let x = 0;
          for (let i = 0; i < 2e7; i++) x = (x + i * 7) % 1000003;
          return Math.round(performance.now() - t) + (x < 0 ? 1 : 0);
        });
      const workers = throttle ? await throttleWorkers(browser, await contextIdOf(cdp)) : null;
      if (workers) {
        for (let i = 0; i < 50 && !workers.count(); i++) await new Promise((r) => setTimeout(r, 100));
        await workers.applied();
      }
      const r = { api: await timed("/healthz"), worker: await timed(`${entry}?probe=1`), cpu: await spin() };
      if (workers) await workers.close();
      if (!throttle) {
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
        r.workerPageOnly = await timed(`${entry}?probe=2`);
      }
      await context.close();
      return r;
    };
    // PHONE_RUNS=0 (the copy alone) skips the verification too.
    if (RUNS > 0) {
      const plain = await verify(false);
      const throttled = await verify(true);
      figure("phone_verify_api_plain_ms", plain.api);
      figure("phone_verify_api_throttled_ms", throttled.api);
      figure("phone_verify_worker_fetch_plain_ms", plain.worker);
      figure("phone_verify_worker_fetch_page_only_ms", plain.workerPageOnly);
      figure("phone_verify_worker_fetch_throttled_ms", throttled.worker);
      figure("phone_verify_cpu_plain_ms", plain.cpu);
      figure("phone_verify_cpu_throttled_ms", throttled.cpu);
      if (throttled.api < SLOW_4G.latency || throttled.worker < SLOW_4G.latency || throttled.cpu < 2 * plain.cpu)
        throw new Error(`the throttling did not apply: ${JSON.stringify(throttled)}`);
    }
    await setup.context.close();

    const cold = [];
    const cached = [];
    const saved = [];
    const listed = [];
    const coldSummaries = [];
    const cachedSummaries = [];
    for (let run = 1; run <= RUNS; run++) {
      const { context, page } = await phone(browser, base, storageState);
      const quiet = quietWatch(context);
      const rec = recorder();
      const cdp = await context.newCDPSession(page);
      for (const m of ["requestWillBeSent", "responseReceived", "loadingFinished", "loadingFailed", "requestServedFromCache"])
        cdp.on(`Network.${m}`, (p) => rec.on(`Network.${m}`, p, "page"));
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
      const workers = await throttleWorkers(browser, await contextIdOf(cdp), rec.on);

      const coldMs = await openVisit(page);
      cold.push(coldMs);
      coldSummaries.push(summarize(rec, `cold run ${run}`, coldMs));
      // The worker installed during that load (its precache) and the app's background work: both
      // done before the second load, as on a phone opened again later.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await quiet(1500);
      await page.goto("about:blank");
      rec.clear();
      const cachedMs = await openVisit(page);
      cached.push(cachedMs);
      cachedSummaries.push(summarize(rec, `cached run ${run}`, cachedMs));
      if (!(await page.evaluate(() => !!navigator.serviceWorker.controller)))
        throw new Error("the second load was not served by the worker");
      await quiet(1500);

      // The save: what a visit needs (an outcome; a remark), then Save Visit.
      const remark = `phone bench ${run} ${Date.now()}`;
      await page.getByLabel("Outcome").selectOption({ label: "Follow-up" });
      await page.getByLabel("Remark").fill(remark);
      await page.evaluate((r) => (window.__remark = r), remark);
      rec.clear();
      await page.getByRole("button", { name: "Save Visit" }).click();
      await page.waitForFunction(
        () => typeof window.__marks.saved === "number" && typeof window.__marks.listed === "number",
        null,
        {
          polling: 100,
          timeout: 60000,
        },
      );
      const m = await page.evaluate(() => window.__marks);
      saved.push(m.saved - m.submit);
      listed.push(m.listed - m.submit);
      if (WATERFALL) {
        console.error(
          `\nsave run ${run}: saved ${Math.round(m.saved - m.submit)} ms, listed ${Math.round(m.listed - m.submit)} ms after submit`,
        );
        for (const r of [...rec.rows.values()].sort((a, b) => a.start - b.start))
          console.error(
            `  ${r.method} ${r.url} ${Math.round(((r.end ?? r.start) - r.start) * 1000)} ms ${r.bytes || 0} B ${r.who}`,
          );
      }
      if (page.errors.length) throw new Error(`page errors: ${page.errors.join("; ")}`);
      console.error(
        `run ${run}: cold ${Math.round(coldMs)} ms, cached ${Math.round(cachedMs)} ms, save ${Math.round(m.saved - m.submit)} ms (${workers.count()} worker throttled)`,
      );
      await workers.close();
      await context.close();
    }

    const round = (x) => Math.round(x);
    figure("phone_profile", PROFILE);
    figure("phone_runs", RUNS);
    figure("phone_frontend", process.env.FIELDSALES_DIST ? `dist:${process.env.FIELDSALES_DIST}` : "embedded");
    // The 4x is on top of this machine's speed: a busy machine (another build) makes every figure slower.
    figure("phone_host_load", `${loadStart.toFixed(1)}/${loadavg()[0].toFixed(1)}`);
    if (cold.length) figure("phone_cold_median_ms", round(median(cold)));
    if (cold.length) figure("phone_cold_max_ms", round(Math.max(...cold)));
    if (cold.length) figure("phone_cached_median_ms", round(median(cached)));
    if (cold.length) figure("phone_cached_max_ms", round(Math.max(...cached)));
    if (cold.length) figure("phone_save_median_ms", round(median(saved)));
    if (cold.length) figure("phone_save_max_ms", round(Math.max(...saved)));
    if (cold.length) figure("phone_save_listed_median_ms", round(median(listed)));
    const s = coldSummaries.filter(Boolean);
    const c = cachedSummaries.filter(Boolean);
    if (s.length) {
      figure("phone_cold_requests_before_ready", median(s.map((x) => x.networkRequests)));
      figure("phone_cold_bytes_before_ready", median(s.map((x) => x.networkBytes)));
      figure("phone_cold_worker_bytes_before_ready", median(s.map((x) => x.workerBytes)));
      // The worker's requests that beat its throttle (see throttleWorkers), over all cold runs.
      figure(
        "phone_cold_worker_unthrottled_requests",
        s.reduce((n, x) => n + x.workerUnthrottled, 0),
      );
    }
    if (c.length) {
      figure("phone_cached_requests_before_ready", median(c.map((x) => x.networkRequests)));
      figure("phone_cached_bytes_before_ready", median(c.map((x) => x.networkBytes)));
    }

    if (COPY_RUNS > 0) {
      const customers = await makeUpCustomers(app, COPY_CUSTOMERS);
      const copies = [];
      for (let run = 1; run <= COPY_RUNS; run++) copies.push(await firstCopy(browser, base, run));
      const med = (k) => round(median(copies.map((x) => x[k])));
      figure("phone_copy_profile", COPY_PROFILE);
      figure("phone_copy_runs", COPY_RUNS);
      figure("phone_copy_customers", customers);
      figure("phone_copy_stored_customers", Math.min(...copies.map((x) => x.count)));
      figure("phone_copy_median_ms", med("copyMs"));
      figure("phone_copy_max_ms", round(Math.max(...copies.map((x) => x.copyMs))));
      figure("phone_copy_pages", med("pages"));
      figure("phone_copy_wire_bytes", med("copyWire"));
      figure("phone_copy_decoded_bytes", med("copyDecoded"));
      figure("phone_copy_signin_wire_bytes", med("wire"));
      figure("phone_copy_signin_requests", med("requests"));
      // The network's own floor: every byte from the Login click to the copy stored at the emulated
      // bandwidth, plus two round trips (the sign-in, then the first page; the rest could overlap).
      figure("phone_copy_wire_floor_ms", round((med("wire") / SLOW_3G.downloadThroughput) * 1000 + 2 * SLOW_3G.latency));
      figure("phone_copy_form_ms", med("formMs"));
      figure("phone_copy_open_ms", med("openMs"));
      figure("phone_copy_open_wire_bytes", med("openWire"));
      figure("phone_shell_bytes", med("shellBytes"));
      figure("phone_shell_files", med("shellFiles"));
      figure("phone_shell_worker_wire_bytes", med("shellWire"));
    }
  } finally {
    // What was measured is printed even when a later part failed.
    console.log(out.join("\n"));
    if (front) front.close();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(`phone benchmark failed: ${err.stack || err}`);
  process.exit(1);
});
