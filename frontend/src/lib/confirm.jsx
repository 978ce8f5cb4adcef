// The confirmation dialog of spec 1 §8: 'Please confirm..' with Yes and Cancel.
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
