// A beat's customers in visiting order: each moves up or down by its buttons (which keep the
// keyboard focus on the moved customer and say where it went), or by dragging it (HTML5 drag and
// drop, for a mouse), and is taken off by its remove button.
import { useLayoutEffect, useState } from "react";
import { Icon } from "../../lib/icons";
import { t } from "./text";

/** @typedef {import("./stops").Stop} Stop */

/**
 * A stop's up, down or remove button, an icon named by its label; `data-move` says which (the
 * focus finds the moved stop's button by it).
 * @param {{ way: "up" | "down" | "remove", label: string, disabled?: boolean, onClick: () => void }} props
 */
function StopButton({ way, label, disabled = false, onClick }) {
  return (
    <button
      type="button"
      class={way === "remove" ? "icon-btn icon-btn-danger" : "icon-btn"}
      data-move={way}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={way === "remove" ? "close" : way} size={18} />
    </button>
  );
}

/**
 * `list` with the item at `from` moved to `to`.
 * @template T
 * @param {T[]} list @param {number} from @param {number} to
 */
function moved(list, from, to) {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * stops: [{ buyerId, name, detail }]; onChange(next) gets the whole new order; `bad` is the buyer id
 * the server refused, shown marked; `emptyFocus` is the id of what takes the focus when the last
 * customer is removed.
 * @param {{ stops: Stop[], onChange: (next: Stop[]) => void, bad: string | null, emptyFocus: string }} props
 */
export function BeatStops({ stops, onChange, bad, emptyFocus }) {
  const [dragging, setDragging] = useState(/** @type {number | null} */ (null));
  const [over, setOver] = useState(/** @type {number | null} */ (null));
  const [said, setSaid] = useState("");
  // After a move or removal by button the keyboard focus stays with the list: on the same button
  // of the moved customer (at the top or bottom, the other arrow), or on the remove button of the
  // customer that took the removed one's place (none left: the search box, `emptyFocus`).
  // A layout effect: the focus moves in the same frame the list is redrawn, before a key press
  // can land on the button that was just disabled.
  const [refocus, setRefocus] = useState(
    /** @type {{ buyerId: string | null, button: "up" | "down" | "remove" } | null} */ (null),
  );
  useLayoutEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    if (!refocus.buyerId) {
      document.getElementById(emptyFocus)?.focus();
      return;
    }
    const row = document.querySelector(`[data-stop="${CSS.escape(refocus.buyerId)}"]`);
    if (!row) return;
    const button = /** @type {HTMLButtonElement | null} */ (row.querySelector(`[data-move="${refocus.button}"]`));
    const other = /** @type {HTMLButtonElement | null} */ (
      row.querySelector(`[data-move="${refocus.button === "up" ? "down" : "up"}"]`)
    );
    (button && !button.disabled ? button : other)?.focus();
  }, [refocus, emptyFocus]);

  /** @param {number} from @param {number} to @param {"up" | "down"} [way] */
  const move = (from, to, way) => {
    if (to < 0 || to >= stops.length || to === from) return;
    const stop = stops[from];
    onChange(moved(stops, from, to));
    setSaid(t("movedTo", { name: stop.name, place: to + 1, count: stops.length }));
    if (way) setRefocus({ buyerId: stop.buyerId, button: way });
  };
  /** @param {number} i */
  const remove = (i) => {
    const stop = stops[i];
    onChange(stops.filter((_, j) => j !== i));
    setSaid(t("removed", { name: stop.name }));
    const next = stops[i + 1] || stops[i - 1];
    setRefocus({ buyerId: next ? next.buyerId : null, button: "remove" });
  };
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  return (
    <>
      <p class="visually-hidden" aria-live="polite">
        {said}
      </p>
      {stops.length === 0 ? (
        <p class="empty">{t("noStops")}</p>
      ) : (
        <ol class="beat-stops" data-testid="beat-stops">
          {stops.map((s, i) => (
            <li
              key={s.buyerId}
              data-stop={s.buyerId}
              class={[
                "beat-stop",
                dragging === i && "dragging",
                over === i && dragging !== i && "drag-over",
                bad === s.buyerId && "stop-bad",
              ]
                .filter(Boolean)
                .join(" ")}
              draggable
              onDragStart={(e) => {
                if (e.dataTransfer) {
                  e.dataTransfer.effectAllowed = "move";
                  // Some browsers start a drag only with data set.
                  e.dataTransfer.setData("text/plain", s.buyerId);
                }
                setDragging(i);
              }}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                if (e.dataTransfer) e.dataTransfer.dropEffect = "move";
                if (over !== i) setOver(i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                endDrag();
              }}
              onDragEnd={endDrag}
            >
              <span class="stop-place" aria-hidden="true">
                {i + 1}
              </span>
              <span class="stop-grip" aria-hidden="true" title={t("dragToReorder")}>
                <Icon name="grip" size={18} />
              </span>
              <span class="stop-info">
                <strong>{s.name}</strong>
                {s.detail && <small class="muted">{s.detail}</small>}
              </span>
              <span class="stop-actions">
                <StopButton
                  way="up"
                  label={t("moveUp", { name: s.name })}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1, "up")}
                />
                <StopButton
                  way="down"
                  label={t("moveDown", { name: s.name })}
                  disabled={i === stops.length - 1}
                  onClick={() => move(i, i + 1, "down")}
                />
                <StopButton way="remove" label={t("remove", { name: s.name })} onClick={() => remove(i)} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
