// The weekdays as the API names them (Mon...Sun), shown in the language in force.
import { t } from "./text";

/** @type {Record<string, [Parameters<typeof t>[0], Parameters<typeof t>[0]]>} */
const NAMES = {
  Mon: ["dayMon", "longMon"],
  Tue: ["dayTue", "longTue"],
  Wed: ["dayWed", "longWed"],
  Thu: ["dayThu", "longThu"],
  Fri: ["dayFri", "longFri"],
  Sat: ["daySat", "longSat"],
  Sun: ["daySun", "longSun"],
};

/** A weekday's short name ("Mon"); a day the API adds later keeps its own. @param {string} day */
export const shortDay = (day) => (NAMES[day] ? t(NAMES[day][0]) : day);

/** A weekday's full name ("Monday"). @param {string} day */
export const longDay = (day) => (NAMES[day] ? t(NAMES[day][1]) : day);
