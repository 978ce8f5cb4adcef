// The month field: the month's name in the user's language and the year, as two selects, instead
// of the browser's month picker (whose form follows the browser, not the company). Its value is
// "YYYY-MM", as the API takes it.
import { t } from "./date-input-text";
import { Field } from "./ui";
import { monthNames } from "./format";
import "./month-input.css";

/**
 * `years` back from this year are offered (the reports look back, not ahead).
 * @param {{ id: string, label: string, value: string, onValue: (v: string) => void, error?: string | null, years?: number }} props
 */
export function MonthInput({ id, label, value, onValue, error, years = 6 }) {
  const [year, month] = (value || "").split("-");
  const thisYear = new Date().getFullYear();
  const yearOptions = Array.from({ length: years }, (_, i) => String(thisYear - i));
  if (year && !yearOptions.includes(year)) yearOptions.push(year);
  const pad = (/** @type {number} */ m) => String(m).padStart(2, "0");
  return (
    <Field label={label} error={error} id={id}>
      <div class="month-input">
        <select
          id={id}
          name={id}
          value={month || ""}
          aria-invalid={!!error}
          onChange={(e) => onValue(`${year || thisYear}-${e.currentTarget.value}`)}
        >
          {monthNames().map((name, i) => (
            <option key={name} value={pad(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label={t("year")}
          value={year || String(thisYear)}
          onChange={(e) => onValue(`${e.currentTarget.value}-${month || pad(new Date().getMonth() + 1)}`)}
        >
          {yearOptions.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
