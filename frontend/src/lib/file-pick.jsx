// A file field in the user's language (issue #55): the browser's own file input writes "Choose File"
// and "No file chosen" in the browser's language, not the app's. The input stays the field's
// control (its label, its id) out of sight; the button that opens it and the chosen name are ours.
import { useState } from "react";
import { t } from "./file-pick-text";

/** The button and the chosen file's name on one line (a style of its own: no stylesheet to load). */
const ROW = { display: "flex", alignItems: "center", gap: "12px", flexWrap: "wrap", overflowWrap: "anywhere" };
/** The hidden input's keyboard focus, shown on the button. */
const FOCUSED = { outline: "2px solid var(--brand)", outlineOffset: "2px" };

/**
 * `onFile` gets the chosen file, or null when the choice is cleared.
 * @param {{ id: string, accept: string, capture?: "environment", onFile: (file: File | null) => void }} props
 */
export function FilePick({ id, accept, capture, onFile }) {
  const [name, setName] = useState("");
  const [focused, setFocused] = useState(false);
  return (
    <div style={ROW}>
      <input
        id={id}
        class="visually-hidden"
        type="file"
        accept={accept}
        capture={capture}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          const file = (e.currentTarget.files && e.currentTarget.files[0]) || null;
          setName(file ? file.name : "");
          onFile(file);
        }}
      />
      <label for={id} class="btn" aria-hidden="true" style={focused ? FOCUSED : undefined}>
        {t("choose")}
      </label>
      <span class="muted">{name || t("none")}</span>
    </div>
  );
}
