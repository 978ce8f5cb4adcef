// A paged table: columns, rows, page size as a prop, serial numbers, empty state.
import { t } from "./parts-text";
import { useEffect, useRef, useState } from "react";
import { Empty } from "./ui";

/**
 * A column: `key` (the row's field, shown unless `render` is given), `label` (text, or an element
 * and then `title` names it on phones), `render(row, index)`, `wrap` for free text (addresses,
 * remarks) that may take more than one line on a desktop, where other cells keep to one; `end`
 * keeps the column in view at the right edge of a table wider than its box (the deciding columns:
 * status, actions; issue #55).
 * @typedef {{ key: string, label: import("preact").ComponentChildren, title?: string, wrap?: boolean, end?: boolean, render?: (row: any, index: number) => import("preact").ComponentChildren }} Column
 */

/**
 * A column of web addresses (the row's `key` field), each a link that opens in a new tab.
 * @param {string} key
 * @param {import("preact").ComponentChildren} label
 */
export const webLinkColumn = (key, label) => ({
  key,
  label,
  render: (/** @type {any} */ row) => (
    <a href={row[key]} target="_blank" rel="noopener noreferrer">
      {row[key]}
    </a>
  ),
});

/**
 * The scroll cue of a table wider than its box (issue #55): `data-wide` while its content is
 * wider than the box (a visible scroll bar, and a fade at the edge it continues past), and
 * `data-at-end` once scrolled to the end, and a place in the tab order while it scrolls. Kept up on
 * resizes and scrolls.
 * @param {{ current: HTMLElement | null }} ref
 */
export function useScrollCue(ref) {
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const mark = () => {
      const wide = box.scrollWidth > box.clientWidth + 1;
      box.toggleAttribute("data-wide", wide);
      box.toggleAttribute("data-at-end", wide && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
      // A box that scrolls is reachable from the keyboard, to scroll it with the arrows (axe's
      // scrollable-region-focusable).
      if (wide) box.tabIndex = 0;
      else box.removeAttribute("tabindex");
    };
    mark();
    const seen = typeof ResizeObserver === "function" ? new ResizeObserver(mark) : null;
    if (seen) {
      seen.observe(box);
      if (box.firstElementChild) seen.observe(box.firstElementChild);
    }
    box.addEventListener("scroll", mark, { passive: true });
    window.addEventListener("resize", mark);
    return () => {
      if (seen) seen.disconnect();
      box.removeEventListener("scroll", mark);
      window.removeEventListener("resize", mark);
    };
  });
}

/**
 * `empty` is the empty state's text (the spec's "No Data Available" unless given), `emptyNote` what shows
 * here and how to get it.
 * @param {{ columns: Column[], rows: any[], pageSize?: number, serial?: boolean, empty?: string, emptyNote?: string,
 *   rowClass?: (row: any) => string | undefined, testId?: string }} props
 */
export function DataTable({ columns, rows, pageSize = 30, serial = true, empty, emptyNote, rowClass, testId }) {
  const [page, setPage] = useState(0);
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  useScrollCue(box);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  useEffect(() => {
    if (page >= pages) setPage(0);
  }, [pages, page]);
  if (!rows.length) return <Empty text={empty} note={emptyNote} />;
  const start = page * pageSize;
  const shown = rows.slice(start, start + pageSize);
  return (
    <div class="table-wrap" data-testid={testId} ref={box}>
      <table>
        <thead>
          <tr>
            {serial && <th>{t("serialNo")}</th>}
            {columns.map((c) => (
              <th key={c.key} class={c.end ? "stick-end" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={row.key ?? start + i} class={rowClass ? rowClass(row) : undefined}>
              {serial && (
                <td class="serial" data-label={t("serialNo")}>
                  {start + i + 1}
                </td>
              )}
              {columns.map((c) => (
                <td
                  key={c.key}
                  class={[c.wrap && "wrap", c.end && "stick-end"].filter(Boolean).join(" ") || undefined}
                  data-label={typeof c.label === "string" ? c.label : c.title || ""}
                >
                  {c.render ? c.render(row, start + i) : row[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page + 1} pages={pages} onPage={(n) => setPage(n - 1)} />
    </div>
  );
}

/** Previous / Page n of m / Next, for client-side and server-side paging alike (pages from 1). */
/** @param {{ page: number, pages: number, onPage: (page: number) => void }} props */
export function Pager({ page, pages, onPage }) {
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={t("pages")}>
      <button type="button" class="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </button>
      <span class="nowrap">{t("pageOf", { page, pages })}</span>
      <button type="button" class="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}
