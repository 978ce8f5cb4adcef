// The confirmation dialog of spec 1 §8: 'Please confirm' with Yes and Cancel; and Escape for every
// dialog of the app (issue #55).
import { t } from "./parts-text";
import { useEffect, useRef } from "react";

/**
 * @param {{ open: boolean, title?: string, message?: import("preact").ComponentChildren, onYes: () => void,
 *   onCancel: () => void }} props
 */
export function ConfirmDialog({ open, title = t("confirmTitle"), message = t("confirmDelete"), onYes, onCancel }) {
  const yes = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => {
    if (open && yes.current) yes.current.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div class="modal-backdrop" onClick={onCancel}>
      <div class="modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="confirm-title">{title}</h2>
        <p>{message}</p>
        <div class="modal-actions">
          <button type="button" class="btn btn-primary" ref={yes} onClick={onYes}>
            {t("yes")}
          </button>
          <button type="button" class="btn" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * Escape closes the dialog on top, as a press on its backdrop does (every dialog that may be
 * dismissed closes on its backdrop; one that must be answered has no handler there and stays).
 * Installed once by the shell; the remover is returned.
 */
export function closeDialogsOnEscape() {
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    const backdrops = document.querySelectorAll(".modal-backdrop");
    const top = backdrops[backdrops.length - 1];
    if (!top) return;
    e.preventDefault();
    top.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
