// The tour's layout checks (issue #41), run in the page; layout.test.mjs runs them on chosen screens.
/**
 * Layout checks (issue #41): at a desktop width no table cell breaks a word or a number over two
 * lines (each whitespace-separated word's range must lie on one line), and on every size no
 * floating control covers a visible button (the point at each button's centre is the button's).
 */
export function layoutChecks() {
  const problems = [];
  if (window.innerWidth >= 900) {
    const broken = new Set();
    for (const cell of document.querySelectorAll(".table-wrap td")) {
      if (!cell.checkVisibility()) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set(
            [...range.getClientRects()]
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) broken.add(m[0]);
        }
      }
    }
    if (broken.size)
      problems.push(
        `table cells break words over lines: ${[...broken]
          .slice(0, 5)
          .map((w) => `"${w}"`)
          .join(", ")}`,
      );
  }
  const covered = [];
  for (const b of document.querySelectorAll("button, .btn, [role=button]")) {
    const r = b.getBoundingClientRect();
    if (
      !b.checkVisibility() ||
      r.width === 0 ||
      r.bottom <= 0 ||
      r.top >= window.innerHeight ||
      r.right <= 0 ||
      r.left >= window.innerWidth
    )
      continue;
    const at = document.elementFromPoint(
      r.left + r.width / 2,
      r.top + r.height / 2,
    );
    // A modal's backdrop covers the page on purpose; only fixed floating controls are faults.
    if (!at || b.contains(at) || at.closest(".modal-backdrop, .modal"))
      continue;
    const floating = at.closest(".chat-fab, .back-to-top, .chat-window");
    if (floating)
      covered.push(
        `"${(b.textContent || b.getAttribute("aria-label") || "").trim().slice(0, 30)}" under .${floating.className.split(" ")[0]}`,
      );
  }
  if (covered.length)
    problems.push(
      `floating controls cover buttons: ${covered.slice(0, 5).join("; ")}`,
    );
  return problems;
}

/**
 * The classes of issue #55, run in the page: an empty date field shows no date (its placeholder
 * has no digit) and its whole form (a placeholder cut to "DD-MMM-YYY" hides it), and a table wider
 * than its box shows its scroll cue (lib/table.jsx `data-wide`).
 */
export function classChecks() {
  const problems = [];
  const measure = document.createElement("canvas").getContext("2d");
  for (const input of document.querySelectorAll(".date-input input[type=text]")) {
    if (!input.checkVisibility() || input.value) continue;
    if (/\d/.test(input.placeholder)) problems.push(`empty date field #${input.id} shows a date: "${input.placeholder}"`);
    const style = getComputedStyle(input);
    measure.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (measure.measureText(input.placeholder).width > room + 1)
      problems.push(`empty date field #${input.id} cuts its placeholder "${input.placeholder}" to ${Math.round(room)}px`);
  }
  for (const box of document.querySelectorAll(".table-wrap")) {
    if (box.checkVisibility() && box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute("data-wide"))
      problems.push(`table ${box.dataset.testid || ""} is ${box.scrollWidth}px wide in a ${box.clientWidth}px box without a scroll cue`);
  }
  return problems;
}

/**
 * Controls covered by a floating or sticky one (issue #55), run in the page after a scroll: `all`
 * (scrolled to the end) counts every control under the Top link, the chat or a sticky footer bar;
 * otherwise (mid-page, where content passes under a bar by design) the bars' own buttons only.
 * @param {boolean} all
 */
export function coveredControls(all) {
  const covered = [];
  const floating = ".chat-fab, .back-to-top, .chat-window, .footer-actions";
  const controls = all ? "button, .btn, [role=button], input, select, textarea" : ".footer-actions button, .footer-actions .btn";
  for (const c of document.querySelectorAll(controls)) {
    const r = c.getBoundingClientRect();
    if (!c.checkVisibility() || r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth)
      continue;
    if (c.closest(floating) && all && !c.closest(".footer-actions")) continue;
    // Under the sticky header (and the chat button on it) content scrolls by design.
    if (r.top + r.height / 2 < 60) continue;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!at || c.contains(at) || at.closest(".modal-backdrop, .modal, .leaflet-container")) continue;
    const over = at.closest(floating);
    if (over && !over.contains(c))
      covered.push(`"${(c.textContent || c.getAttribute("aria-label") || c.id || c.tagName).trim().slice(0, 30)}" under .${over.className.split(" ")[0]}`);
  }
  return covered.length ? [`controls covered after scrolling ${all ? "to the end" : "half way"}: ${covered.slice(0, 5).join("; ")}`] : [];
}
