// The confirmation dialog of spec 1 §8: 'Please confirm' with Yes and Cancel.
import { t } from "./parts-text";
import { useEffect, useRef } from "react";
import { Modal, ModalActions } from "./modal";

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
    <Modal onClose={onCancel} titleId="confirm-title" title={title}>
      <p>{message}</p>
      <ModalActions closeText={t("cancel")} onClose={onCancel}>
        <button type="button" class="btn btn-primary" ref={yes} onClick={onYes}>
          {t("yes")}
        </button>
      </ModalActions>
    </Modal>
  );
}
