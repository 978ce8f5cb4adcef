// A small form helper: values, rules with the spec's messages, errors shown after a submit.
// A rule is `(value, allValues) => message | null`; `rules` builds the common ones, and
// lib/password-rules.js holds the password rule.
import { useState } from "react";

export const rules = {
  required: (message) => (v) => (v === undefined || v === null || String(v).trim() === "" ? message : null),
  maxLength: (n, message) => (v) => (v && String(v).length > n ? message : null),
  digitsBetween: (min, max, minMessage, maxMessage) => (v) => {
    if (v === undefined || v === null || String(v).trim() === "") return null;
    const n = Number(String(v).trim());
    if (!/^\d+$/.test(String(v).trim()) || n < min) return minMessage;
    return n > max ? maxMessage : null;
  },
};

/** `spec` maps field names to a list of rules; each rule returns a message or null. */
export function useForm(initial, spec = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(false);

  const check = (v) => {
    const found = {};
    for (const [field, list] of Object.entries(typeof spec === "function" ? spec(v) : spec)) {
      for (const rule of list) {
        const message = rule(v[field], v);
        if (message) {
          found[field] = message;
          break;
        }
      }
    }
    return found;
  };

  const set = (field) => (e) => {
    const value = e && e.target ? (e.target.type === "checkbox" ? e.target.checked : e.target.value) : e;
    setValues((old) => {
      const next = { ...old, [field]: value };
      if (submitted) setErrors(check(next));
      return next;
    });
  };

  /** Validates; returns true when the form may be sent. */
  const validate = () => {
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const reset = (next = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, setValues, errors, set, validate, reset };
}
