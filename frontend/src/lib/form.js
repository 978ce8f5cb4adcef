// A small form helper: values, rules with the spec's messages, errors shown once the user has left
// a field (issue #55: a required field says so as the user moves on, not only on Submit) and for
// every field after a submit. The form hears fields being left through `leave`, its focusout
// handler (`<form onFocusOut={form.leave}>`), which knows a field by its `name` (or id).
// A rule is `(value, allValues) => message | null`; `rules` builds the common ones, and
// lib/password-rules.js holds the password rule.
import { useState } from "react";

/** @typedef {(value: any, values: any) => string | null} Rule the value is any field's (text, a checkbox, a list); a message when the value breaks the rule, else null */

export const rules = {
  /** @type {(message: string) => Rule} */
  required: (message) => (v) => (v === undefined || v === null || String(v).trim() === "" ? message : null),
  /** @type {(n: number, message: string) => Rule} */
  maxLength: (n, message) => (v) => (v && String(v).length > n ? message : null),
  /** @type {(min: number, max: number, minMessage: string, maxMessage: string) => Rule} */
  digitsBetween: (min, max, minMessage, maxMessage) => (v) => {
    if (v === undefined || v === null || String(v).trim() === "") return null;
    const n = Number(String(v).trim());
    if (!/^\d+$/.test(String(v).trim()) || n < min) return minMessage;
    return n > max ? maxMessage : null;
  },
};

/**
 * `spec` maps field names to a list of rules (or is a function of the values giving that map);
 * each rule returns a message or null.
 * @template {Record<string, any>} T
 * @param {T} initial
 * @param {Partial<Record<keyof T, Rule[]>> | ((values: T) => Partial<Record<keyof T, Rule[]>>)} [spec]
 */
export function useForm(initial, spec = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [submitted, setSubmitted] = useState(false);
  /** The fields the user has left (their errors show before a submit). */
  const [left, setLeft] = useState(/** @type {Set<string>} */ (new Set()));

  /** @param {T} v */
  const check = (v) => {
    /** @type {Record<string, string>} field -> its first broken rule's message */
    const found = {};
    for (const [field, list] of Object.entries(typeof spec === "function" ? spec(v) : spec)) {
      for (const rule of list ?? []) {
        const message = rule(v[field], v);
        if (message) {
          found[field] = message;
          break;
        }
      }
    }
    return found;
  };

  /**
   * The input handler of a field: takes an input or change event (a checkbox gives `checked`) or the value itself.
   * @param {keyof T} field
   * @returns {(e: any) => void}
   */
  const set = (field) => (e) => {
    const value = e && e.target ? (e.target.type === "checkbox" ? e.target.checked : e.target.value) : e;
    setValues((old) => {
      const next = { ...old, [field]: value };
      if (submitted) setErrors(check(next));
      else if (left.size) setErrors(shownOf(check(next), left));
      return next;
    });
  };

  /** The errors of the fields in `fields` alone. @param {Record<string, string>} found @param {Set<string>} fields */
  const shownOf = (found, fields) => Object.fromEntries(Object.entries(found).filter(([f]) => fields.has(f)));

  /**
   * The form's focusout handler: the field left (by its name, else its id) shows its error from
   * now on; moving within the field's own box (a date's calendar button) is not leaving it.
   * @param {FocusEvent} e
   */
  const leave = (e) => {
    const el = /** @type {HTMLInputElement | null} */ (e.target);
    const field = el && (el.name || el.id);
    if (!field || submitted || !(field in values)) return;
    const to = /** @type {Element | null} */ (e.relatedTarget);
    const box = el.closest(".field");
    if (box && to && box.contains(to)) return;
    const next = left.has(field) ? left : new Set([...left, field]);
    setLeft(next);
    setErrors(shownOf(check(values), next));
  };

  /** Validates; returns true when the form may be sent. */
  const validate = () => {
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** @param {T} [next] */
  const reset = (next = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
    setLeft(new Set());
  };

  return { values, setValues, errors, set, validate, reset, leave };
}
