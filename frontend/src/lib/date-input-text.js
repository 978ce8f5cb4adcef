// The English of the date and month fields (lib/date-input.jsx, lib/month-input.jsx, lib/time-input.jsx): ids "dateinput.<name>". Hindi:
// lib/i18n/hi-ui.json. `example` is a date in the field's own form (formatDate of 27-Nov-2026).
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("dateinput", {
  invalid: "Enter a date such as {example}.",
  calendar: "Calendar",
  // An empty field's placeholder: the form to type, never a date (a grey date looks like a value).
  format: "DD-MMM-YYYY",
  year: "Year",
  // The time fields (lib/time-input.jsx): the 24-hour form the app writes times in.
  timeFormat: "HH:MM",
  invalidTime: "Enter a time such as 14:30 (24-hour).",
});
