// Building blocks every screen uses: fields with their error, buttons with a spinner,
// page headers with a back arrow, loading and empty states.
import { t } from "./text";
import { Icon } from "./icons";

/** @typedef {import("preact").ComponentChildren} Children */
/** @typedef {string | null | undefined | false} FieldError a rule's message; empty when the field is fine */

/** @param {{ label?: Children, error?: FieldError, id: string, children?: Children, hint?: Children }} props */
export function Field({ label, error, id, children, hint }) {
  return (
    <div class={`field${error ? " has-error" : ""}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && !error && <small class="hint">{hint}</small>}
      {error && (
        <small class="field-error" role="status">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * An input with its label and error; other attributes go to the `<input>`.
 * @param {{ id: string, label?: Children, error?: FieldError, value?: string | number | null, hint?: Children }
 *   & Omit<import("preact").InputHTMLAttributes<HTMLInputElement>, "id" | "label" | "value">} props
 */
export function TextInput({ id, label, error, hint, value, onInput, type = "text", ...rest }) {
  return (
    <Field label={label} error={error} id={id} hint={hint}>
      <input id={id} name={id} type={type} value={value ?? ""} onInput={onInput} aria-invalid={!!error} {...rest} />
    </Field>
  );
}

/**
 * What FormInput takes of a `useForm`: the values, the errors and the input handler of a field.
 * @typedef {{ values: Record<string, any>, errors: Record<string, string>, set: (field: any) => (e: any) => void }} BoundForm
 */

/**
 * A TextInput bound to the `useForm` field its id names: the field's value, input handler and error.
 * @param {{ form: BoundForm, id: string, label?: Children, hint?: Children }
 *   & Omit<import("preact").InputHTMLAttributes<HTMLInputElement>, "id" | "label" | "value" | "onInput" | "form">} props
 */
export function FormInput({ form, id, ...rest }) {
  return <TextInput id={id} value={form.values[id]} onInput={form.set(id)} error={form.errors[id]} {...rest} />;
}

/**
 * A select with its label and error; `placeholder: null` leaves out the empty first option.
 * @param {{ id: string, label?: Children, error?: FieldError, value?: string | number | null,
 *   options: { value: string | number, label: Children }[], placeholder?: string | null, hint?: Children }
 *   & Omit<import("preact").SelectHTMLAttributes<HTMLSelectElement>, "id" | "label" | "value">} props
 */
export function Select({ id, label, error, hint, value, onChange, options, placeholder = t("select"), ...rest }) {
  return (
    <Field label={label} error={error} id={id} hint={hint}>
      <select id={id} name={id} value={value ?? ""} onChange={onChange} aria-invalid={!!error} {...rest}>
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function Spinner() {
  return <span class="spinner" aria-hidden="true" />;
}

/** @param {{ busy?: boolean, children?: Children } & import("preact").ButtonHTMLAttributes<HTMLButtonElement>} props */
export function SubmitButton({ busy, children, ...rest }) {
  return (
    <button type="submit" class="btn btn-primary" disabled={busy} aria-busy={busy} {...rest}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** @param {{ title: Children, back?: string | null | false, children?: Children }} props */
export function PageHeader({ title, back, children }) {
  return (
    <div class="page-header">
      {back && (
        <a class="back-arrow" href={`#${back}`} aria-label={t("back")}>
          <Icon name="back" size={22} />
        </a>
      )}
      <h1>{title}</h1>
      <div class="page-actions">{children}</div>
    </div>
  );
}

/** @param {{ text?: string }} props */
export function Loading({ text = t("loading") }) {
  return (
    <p class="loading" role="status">
      <Spinner /> {text}
    </p>
  );
}

/**
 * The empty state: the spec's text, and under it, when given, what shows here and how to get it.
 * @param {{ text?: Children, note?: Children }} props
 */
export function Empty({ text = t("noData"), note }) {
  if (!note) return <p class="empty">{text}</p>;
  return (
    <div class="empty-state">
      <p class="empty">{text}</p>
      <p class="empty-note">{note}</p>
    </div>
  );
}
