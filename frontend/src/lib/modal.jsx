// The app's dialog box over a backdrop, and Escape for every dialog (issue #55).

/**
 * A dialog over the page. With `onClose`, a press on the backdrop (or Escape, below) closes it;
 * without, it must be answered. With `onSubmit` the box is a form (validated by the caller). The
 * `title` heads it and names it (`titleId`), else `label` names it.
 * @param {{ onClose?: () => void, onSubmit?: (e: Event) => void, onFocusOut?: (e: FocusEvent) => void,
 *   class?: string, titleId?: string, title?: import("preact").ComponentChildren, label?: string, testId?: string,
 *   children?: import("preact").ComponentChildren }} props
 */
export function Modal({ onClose, onSubmit, onFocusOut, class: boxClass = "modal", titleId, title, label, testId, children }) {
  const Box = onSubmit ? "form" : "div";
  return (
    <div class="modal-backdrop" onClick={onClose}>
      <Box
        class={boxClass}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-label={label}
        data-testid={testId}
        onClick={onClose && ((/** @type {Event} */ e) => e.stopPropagation())}
        onSubmit={onSubmit}
        onFocusOut={onFocusOut}
        noValidate={!!onSubmit || undefined}
      >
        {title !== undefined && <h2 id={titleId}>{title}</h2>}
        {children}
      </Box>
    </div>
  );
}

/**
 * A dialog's buttons: its own (`children`), then the one that closes it (`closeText`: Cancel,
 * Close), disabled while the dialog works when `disabled`.
 * @param {{ closeText: string, onClose: () => void, disabled?: boolean, children?: import("preact").ComponentChildren }} props
 */
export function ModalActions({ closeText, onClose, disabled, children }) {
  return (
    <div class="modal-actions">
      {children}
      <button type="button" class="btn" disabled={disabled} onClick={onClose}>
        {closeText}
      </button>
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
