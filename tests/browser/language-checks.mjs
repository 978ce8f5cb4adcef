// The language checks of the browser tests (issue #42), shared by pseudo-locale.test.mjs and
// hindi-journey.test.mjs: which visible texts are outside the catalogue (the pseudo-locale's
// wrappers), and which elements' texts are cut or overflow their box.
//
// Data, the rule: a piece of text is data when the server sent it as a value in a JSON answer
// (names, addresses, ids: any string of an answer except its `message` and `code`), or it is made
// of figures, punctuation and symbols only (counts, money, distances, times), or it is a date of
// the spec's forms (27-Nov-2026, 27 Nov 2026). The language switch names each language in itself
// ("English", "हिन्दी") in every language, by design.

/** Texts that are the same in every language on purpose. */
const SAME_EVERYWHERE = ["English", "हिन्दी"];
/**
 * The spec's date and time forms, the day and month of Must Sell's "Last Ordered" ("12 Nov"),
 * distances ("1.2 km", "25 m"), from lib/format.js, and numbers with figures and dashes: data.
 */
const DATES = [
  /\b\d{1,2}[- ][\p{L}.]{2,6}[- ]\d{4}\b/gu,
  /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:AM|PM|am|pm)?/g,
  /\b\d{1,2} \p{L}{3,5}\b/gu,
  /\b\d[\d,.]*\s?(?:km|m)\b/g,
  // The month field's names (Intl's, lib/format.js monthNames).
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/g,
  // Numbers made on the phone: receipts (R3-HJZ9R2QG-0001), invoices (INV-DEMO-00003).
  /\b[A-Z0-9]*\d[A-Z0-9]*(?:-[A-Z0-9]+)+\b/g,
];

/** Records every string value of the page's JSON answers from the server: the data shown. */
export function recordData(p) {
  const data = new Set();
  /** Answers still being read: the check waits for them. */
  data.pending = new Set();
  const walk = (value, key) => {
    if (typeof value === "string") {
      if (key !== "message" && key !== "code" && value.trim().length > 1)
        data.add(value.trim());
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === "object")
      Object.entries(value).forEach(([k, v]) => walk(v, k));
  };
  p.on("response", (r) => {
    if (
      !r.url().includes("/webapi/") ||
      !(r.headers()["content-type"] || "").includes("json")
    )
      return;
    const reading = r
      .json()
      .then((body) => walk(body, ""))
      .catch(() => {
        // not JSON after all, or gone with its page
      })
      .finally(() => data.pending.delete(reading));
    data.pending.add(reading);
  });
  return data;
}

/**
 * The visible texts and read attributes of the page, each with the wrapped pieces ("[!! ... !!]")
 * taken out.
 */
export async function unwrapped(p, skip = []) {
  const raw = await p.evaluate((skip) => {
    // The map's attribution names its sources, in their own words.
    const hidden = [".leaflet-control-container", ...skip].flatMap((s) => [
      ...document.querySelectorAll(s),
    ]);
    hidden.forEach((e) => (e.style.display = "none"));
    const texts = [document.body.innerText];
    for (const e of document.querySelectorAll(
      "[placeholder], [title], [aria-label], [alt]",
    )) {
      if (!e.checkVisibility() || hidden.some((h) => h.contains(e))) continue;
      for (const a of ["placeholder", "title", "aria-label", "alt"])
        if (e.getAttribute(a)) texts.push(e.getAttribute(a));
    }
    hidden.forEach((e) => (e.style.display = ""));
    return texts;
  }, skip);
  return raw.map((text) => {
    let out = text;
    for (let before = ""; before !== out;) {
      before = out;
      out = out.replace(/\[!! (?:(?!\[!! )[\s\S])*? !!\]/g, " ");
    }
    return out;
  });
}

/**
 * The pieces of text outside the wrappers that are not data (see the rule above); `same` adds texts
 * a test typed itself, `skip` selectors of parts left out.
 */
export async function strayTexts(p, data, { same = [], skip = [] } = {}) {
  // The page may show an answer before its response event reaches this side: look again a little
  // later before calling a text stray.
  for (let tries = 0; ; tries++) {
    const stray = await strayNow(p, data, same, skip);
    if (!stray.length || tries === 3) return stray;
    await p.waitForTimeout(300);
  }
}

async function strayNow(p, data, same, skip) {
  await Promise.all([...data.pending]);
  const known = [...data, ...SAME_EVERYWHERE, ...same].sort(
    (a, b) => b.length - a.length,
  );
  const stray = new Set();
  for (let text of await unwrapped(p, skip)) {
    for (const d of known) if (text.includes(d)) text = text.split(d).join(" ");
    for (const re of DATES) text = text.replace(re, " ");
    for (const token of text.split(/\s+/))
      if (token && !/^[\p{N}\p{P}\p{S}]+$/u.test(token)) stray.add(token);
  }
  return [...stray];
}

/**
 * Elements whose content is wider than their box (cut or overflowing), boxes spilling out of their
 * card, and the page's own overflow.
 * The chat's button is left out: its unread badge sits over its edge on purpose.
 */
export async function overflowing(p) {
  return p.evaluate(() => {
    const found = [];
    const page =
      document.documentElement.scrollWidth -
      document.documentElement.clientWidth;
    if (page > 0) found.push(`the page is ${page}px wider than the screen`);
    for (const e of document.body.querySelectorAll("*")) {
      // The screen readers' texts (.visually-hidden) are clipped to nothing on purpose.
      if (
        !e.checkVisibility() ||
        e.clientWidth === 0 ||
        e.closest(".leaflet-container, svg, .visually-hidden, .chat-fab")
      )
        continue;
      const style = getComputedStyle(e);
      // A scroller (the tables' frame) scrolls by design; what is inside it is checked on its own.
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      if (e.scrollWidth > e.clientWidth + 1) {
        const what = `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`;
        found.push(
          `${what} "${(e.textContent || "").trim().slice(0, 40)}" ${e.scrollWidth}>${e.clientWidth}`,
        );
      }
    }
    // A box reaching past the right edge of its card (a table's last column), unless a scroller
    // between them holds it.
    const scrolls = (e, upTo) => {
      for (let x = e.parentElement; x && x !== upTo; x = x.parentElement) {
        const o = getComputedStyle(x).overflowX;
        if (o === "auto" || o === "scroll") return true;
      }
      return false;
    };
    for (const card of document.querySelectorAll(".card, .modal")) {
      if (!card.checkVisibility()) continue;
      const right = card.getBoundingClientRect().right;
      for (const e of card.querySelectorAll("*")) {
        if (
          !e.checkVisibility() ||
          e.closest(".visually-hidden") ||
          getComputedStyle(e).position === "fixed"
        )
          continue;
        const b = e.getBoundingClientRect();
        if (b.width && b.right > right + 1 && !scrolls(e, card)) {
          found.push(
            `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent || "").trim().slice(0, 40)}" spills ${Math.round(b.right - right)}px out of its card`,
          );
          break;
        }
      }
    }
    return found;
  });
}
