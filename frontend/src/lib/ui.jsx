// Building blocks every screen uses: fields with their error, buttons with a spinner,
// page headers with a back arrow, loading and empty states.
import { Icon } from "./icons";

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

export function TextInput({ id, label, error, value, onInput, type = "text", ...rest }) {
  return (
    <Field label={label} error={error} id={id}>
      <input id={id} name={id} type={type} value={value ?? ""} onInput={onInput} aria-invalid={!!error} {...rest} />
    </Field>
  );
}

export function Select({ id, label, error, value, onChange, options, placeholder = "Select", ...rest }) {
  return (
    <Field label={label} error={error} id={id}>
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

export function SubmitButton({ busy, children, ...rest }) {
  return (
    <button type="submit" class="btn btn-primary" disabled={busy} aria-busy={busy} {...rest}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

export function PageHeader({ title, back, children }) {
  return (
    <div class="page-header">
      {back && (
        <a class="back-arrow" href={`#${back}`} aria-label="Back">
          <Icon name="back" size={22} />
        </a>
      )}
      <h1>{title}</h1>
      <div class="page-actions">{children}</div>
    </div>
  );
}

export function Loading({ text = "Loading…" }) {
  return (
    <p class="loading" role="status">
      <Spinner /> {text}
    </p>
  );
}

export function Empty({ text = "No Data Available" }) {
  return <p class="empty">{text}</p>;
}
