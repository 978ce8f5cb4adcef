// The rows of a scheme the administrator adds and removes: its slabs, a combo's components.
import { t } from "./text";

/** Each kind of rows: its Add and ✕ texts, and how few rows a scheme needs. */
const KINDS = /** @type {const} */ ({
  slabs: { add: "addSlab", remove: "removeSlab", least: 1 },
  components: { add: "addComponent", remove: "removeComponent", least: 2 },
});

/**
 * The rows `of` the scheme: each row's fields (`children`, given the row, its index and a setter
 * of its fields), its ✕ (disabled at the fewest rows the scheme needs) and Add (a `blank` row).
 * @template {object} Row
 * @param {{ of: keyof typeof KINDS, rows: Row[], blank: Row, onChange: (rows: Row[]) => void,
 *   children: (row: Row, i: number, set: (change: Partial<Row>) => void) => import("preact").ComponentChildren }} props
 */
export function SchemeRows({ of, rows, blank, onChange, children }) {
  const kind = KINDS[of];
  return (
    <fieldset class="scheme-rows" data-testid={`scheme-${of}`}>
      <legend>{t(of)}</legend>
      {rows.map((row, i) => (
        <div class="scheme-row" key={i}>
          {children(row, i, (change) => onChange(rows.map((x, j) => (j === i ? { ...x, ...change } : x))))}
          <button
            type="button"
            class="btn btn-small"
            aria-label={t(kind.remove, { n: i + 1 })}
            disabled={rows.length <= kind.least}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" class="btn btn-small" onClick={() => onChange([...rows, blank])}>
        {t(kind.add)}
      </button>
    </fieldset>
  );
}
