// A date field in the company's form (issue #42): browsers draw `<input type="date">` in the
// browser's own locale (Chromium in en-US shows mm/dd/yyyy), so the field is a text input showing
// the spec's dd-MMM-yyyy through lib/format.js (27-Nov-2026, the month's name in the user's
// language) that takes typing such as 27-11-2026, 27 Nov 2026 or 2026-11-27 (`parseDate`), with
// the browser's own calendar behind a button (a date input out of sight, opened by showPicker()).
// The value stays the API's "YYYY-MM-DD": `onValue` hears it, "" when cleared, and the typed text
// itself while it is no date, so a screen's "required" rule does not fire on a typo and its
// `validDate` rule (or this field, once left) says what is wrong.
import { useEffect, useRef, useState } from "preact/hooks";
import { Icon } from "./icons";
import { t } from "./date-input-text";
import { datePlaceholder, invalidDate, isDay } from "./date-rules";
import { formatDate, formats } from "./format";
import { parseDate } from "./parse-date";
import { Field } from "./ui";

/** @typedef {import("preact").ComponentChildren} Children */

export { invalidDate, isDay, validDate } from "./date-rules";

/**
 * @param {{ id: string, label?: Children, error?: string | null | false, hint?: Children,
 *   value?: string | null, onValue: (value: string) => void, min?: string, max?: string,
 *   invalidMessage?: string, pickLabel?: string, disabled?: boolean }} props
 */
export function DateInput({ id, label, error, hint, value, onValue, min, max, invalidMessage, pickLabel, disabled }) {
  const current = value || "";
  const [text, setText] = useState(() => formatDate(current));
  const [left, setLeft] = useState(false); // the field was left with text that is no date
  const picker = useRef(/** @type {HTMLInputElement | null} */ (null));
  const locale = formats.get().locale;
  // A value set from outside (a reset, the calendar): shown in the company's form; another
  // language: the month's name in it.
  useEffect(() => {
    if ((parseDate(text) ?? text.trim()) !== current) setText(formatDate(current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  useEffect(() => {
    if (isDay(current)) setText(formatDate(current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  /** @param {string} typed */
  const take = (typed) => {
    setText(typed);
    const iso = parseDate(typed);
    onValue(iso ?? typed.trim());
    if (iso || !typed.trim()) setLeft(false);
  };
  const leave = () => {
    const iso = parseDate(text);
    if (iso) setText(formatDate(iso));
    setLeft(!iso && text.trim() !== "");
  };
  /** @param {Event} e */
  const picked = (e) => {
    const iso = /** @type {HTMLInputElement} */ (e.currentTarget).value;
    if (!iso) return;
    setText(formatDate(iso));
    setLeft(false);
    onValue(iso);
  };
  const open = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // No showPicker (older browsers) or refused: the input's own way of opening.
      input.focus();
      input.click();
    }
  };
  const shown = error || (left ? invalidMessage || invalidDate() : null);
  const calendar = pickLabel || t("calendar");
  return (
    <Field label={label} error={shown} id={id} hint={hint}>
      <div class="date-input">
        <input
          id={id}
          name={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellcheck={false}
          placeholder={datePlaceholder()}
          value={text}
          onInput={(e) => take(e.currentTarget.value)}
          onBlur={leave}
          aria-invalid={!!shown}
          disabled={disabled}
        />
        <button
          type="button"
          class="btn date-input-pick"
          aria-label={calendar}
          title={calendar}
          onClick={open}
          disabled={disabled}
        >
          <Icon name="calendar" />
        </button>
        <input
          ref={picker}
          class="date-input-native"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={isDay(current) ? current : ""}
          min={min}
          max={max}
          onChange={picked}
        />
      </div>
    </Field>
  );
}
