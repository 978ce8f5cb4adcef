// A time field in the app's one time format (issue #55): `<input type="time">` draws the browser's
// own clock (Chromium in en-US shows "08:05 AM") beside texts that say "08:05", so the field is a
// text input in the 24-hour "HH:MM" the app writes everywhere, taking looser typing (lib/parse-time.js).
// `onValue` hears "HH:MM", "" when cleared, and the typed text itself while it is no time (a
// screen's rule says what is wrong; this field says so once it is left).
import { useEffect, useState } from "preact/hooks";
import { t } from "./date-input-text";
import { parseTime } from "./parse-time";
import { Field } from "./ui";

export { parseTime } from "./parse-time";

/**
 * @param {{ id: string, label?: import("preact").ComponentChildren, error?: string | null | false,
 *   value?: string | null, onValue: (value: string) => void, disabled?: boolean }} props
 */
export function TimeInput({ id, label, error, value, onValue, disabled }) {
  const current = value || "";
  const [text, setText] = useState(current);
  const [left, setLeft] = useState(false);
  useEffect(() => {
    if ((parseTime(text) ?? text.trim()) !== current) setText(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  /** @param {string} typed */
  const take = (typed) => {
    setText(typed);
    const time = parseTime(typed);
    onValue(time ?? typed.trim());
    if (time || !typed.trim()) setLeft(false);
  };
  const leave = () => {
    const time = parseTime(text);
    if (time) setText(time);
    setLeft(!time && text.trim() !== "");
  };
  const shown = error || (left ? t("invalidTime") : null);
  return (
    <Field label={label} error={shown} id={id}>
      <input
        id={id}
        name={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellcheck={false}
        placeholder={t("timeFormat")}
        maxLength={10}
        value={text}
        onInput={(e) => take(e.currentTarget.value)}
        onBlur={leave}
        aria-invalid={!!shown}
        disabled={disabled}
        class="time-input"
      />
    </Field>
  );
}
