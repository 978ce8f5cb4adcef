// What the master screens share: the list (title with back arrow and Add, 30 rows a page with
// serial numbers, Modify and Delete on each row, the spec's delete confirmation), the Add/Modify
// form's frame (title, the record loaded when modifying, Save or Update, back to the list with the
// server's message) and the user type and country choices several forms offer.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { DataTable } from "../../lib/table";
import { FilePick } from "../../lib/file-pick";
import { Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { useCountries, useUserTypes } from "./api";
import { t } from "./text";
import { userTypeLabel } from "../../lib/enum-text";

/** @typedef {import("preact").ComponentChildren} Children */
/** @typedef {import("./api").MessageBody} MessageBody */
/** @template T @typedef {import("./api").Loaded<T>} Loaded */
/** @typedef {{ params?: { id?: string } }} FormProps the route's props of an Add (no id) or Modify form */
/**
 * A column of a master list (see lib/table's Column) whose `render` gets the list's row type.
 * @template T
 * @typedef {{ key: string, label: Children, render?: (row: T) => Children }} MasterColumn
 */

/**
 * `loaded`: the rows (a loading hook of ./api); `idOf(row)`; `routes`: the list's route stem, Add
 * opening `${routes}-add` and Modify `${routes}-edit/:id` unless `addPath`/`editPath` say otherwise;
 * `remove(id)` deletes; canEdit/canDelete(row) decide which buttons a row shows; filter(rows) narrows
 * what is shown.
 * @template T
 * @param {{ title: string, loaded: Loaded<T[]>, columns: MasterColumn<T>[], idOf: (row: T) => number,
 *   routes: string, addPath?: string, editPath?: (id: number) => string, remove: (id: number) => Promise<MessageBody>,
 *   canEdit?: (row: T) => boolean, canDelete?: (row: T) => boolean, filter?: (rows: T[]) => T[],
 *   toolbar?: Children, back?: string }} props
 */
export function MasterList({
  title,
  loaded,
  columns,
  idOf,
  routes,
  addPath = `${routes}-add`,
  editPath = (id) => `${routes}-edit/${id}`,
  remove,
  canEdit = () => true,
  canDelete = () => true,
  filter,
  toolbar,
  back = "/home",
}) {
  const { data, loading, reload } = loaded;
  const [doomed, setDoomed] = useState(/** @type {number | null} */ (null));
  const confirmed = async () => {
    const id = doomed;
    setDoomed(null);
    if (id === null) return;
    try {
      const r = await remove(id);
      alertSuccess(r.message);
      reload();
    } catch (err) {
      alertError(err.message);
    }
  };
  const rows = filter ? filter(data || []) : data || [];
  const actions = {
    key: "actions",
    end: true,
    label: t("actions"),
    /** @param {T} row */
    render: (row) => (
      <span class="row-actions">
        {canEdit(row) && (
          <a class="btn btn-small" href={`#${editPath(idOf(row))}`}>
            {t("modify")}
          </a>
        )}
        {canDelete(row) && (
          <button type="button" class="btn btn-small btn-danger" onClick={() => setDoomed(idOf(row))}>
            {t("delete")}
          </button>
        )}
      </span>
    ),
  };
  return (
    <section>
      <PageHeader title={title} back={back}>
        <a class="btn btn-primary" href={`#${addPath}`}>
          {t("add")}
        </a>
      </PageHeader>
      {toolbar}
      {loading ? <Loading /> : <DataTable columns={[...columns, actions]} rows={rows} pageSize={30} testId="master-table" />}
      <ConfirmDialog open={doomed !== null} onYes={confirmed} onCancel={() => setDoomed(null)} />
    </section>
  );
}

/** The id a Modify form's route names (NaN when it is no number), 0 for an Add form. @param {FormProps["params"]} params */
export const recordId = (params) => (params && params.id ? Number(params.id) : 0);

/**
 * An Add/Modify master form's state: `id` (0: adding), `loading` while the record being modified
 * loads (through `load(id)`, handed to `onLoad`; a record that cannot be loaded goes back to `list`),
 * `busy` while saving, and `save(send)`: runs `send()`, shows the server's message and goes back to
 * `list` (a failure shows its message and stays).
 * @template T
 * @param {{ params: FormProps["params"], list: string, load?: (id: number) => Promise<T>, onLoad?: (row: T) => void }} options
 */
export function useMasterForm({ params, list, load, onLoad }) {
  const [, navigate] = useLocation();
  const id = recordId(params);
  const [busy, saving] = useSaving();
  const [loading, setLoading] = useState(!!(params && params.id) && !!load);
  useEffect(() => {
    // A Modify address that names no record ("undefined", a typo) goes back to the list as a record
    // that cannot be loaded does: it never turns into an Add form (issue #55).
    if (params && params.id && !(id > 0)) navigate(list);
    if (!(id > 0) || !load || !onLoad) return;
    load(id)
      .then(onLoad)
      .catch(() => navigate(list))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per id; `onLoad` is the caller's, remade on every render
  }, [id]);
  /** @param {() => Promise<{ message: string }>} send */
  const save = (send) =>
    saving(async () => {
      const r = await send();
      alertSuccess(r.message);
      navigate(list);
    });
  /**
   * The submit handler of a form whose checks are all its rules: valid, `send()` is saved.
   * @param {{ validate: () => boolean }} form @param {() => Promise<{ message: string }>} send
   */
  const submit = (form, send) => (/** @type {Event} */ e) => {
    e.preventDefault();
    if (form.validate()) save(send);
  };
  return { id, list, loading, busy, save, submit };
}

/**
 * The frame of an Add/Modify master form: "Add {noun}" or "Modify {noun}" with the back arrow to
 * its list, Loading while the record loads, then the fields and Save (Update when modifying).
 * `onLeave`: the form's focusout handler (`useForm`'s `leave`: a field left shows its error).
 * @param {{ noun: string, master: ReturnType<typeof useMasterForm>, onSubmit: (e: Event) => void,
 *   onLeave?: (e: FocusEvent) => void, submitText?: string, children: Children }} props
 */
export function MasterForm({ noun, master, onSubmit, onLeave, submitText, children }) {
  return (
    <section>
      <PageHeader title={t(master.id ? "modifyTitle" : "addTitle", { noun })} back={master.list} />
      {master.loading ? (
        <Loading />
      ) : (
        <form onSubmit={onSubmit} onFocusOut={onLeave} noValidate class="narrow-form">
          {children}
          <SubmitButton busy={master.busy}>{submitText || (master.id ? t("update") : t("save"))}</SubmitButton>
        </form>
      )}
    </section>
  );
}

/**
 * A Select bound to the \`useForm\` field its id names: the field's value, change handler and error.
 * @param {{ form: import("../../lib/ui").BoundForm, id: string, label: string,
 *   options: { value: string | number, label: Children }[], placeholder?: string | null }} props
 */
export function FormSelect({ form, id, ...rest }) {
  return <Select id={id} value={form.values[id]} onChange={form.set(id)} error={form.errors[id]} {...rest} />;
}

/**
 * A file input with its label: `onFile` gets the chosen file, or null when the choice is cleared.
 * @param {{ id: string, label: string, accept: string, onFile: (file: File | null) => void }} props
 */
export function FileField({ id, label, accept, onFile }) {
  return (
    <Field label={label} id={id}>
      <FilePick id={id} accept={accept} onFile={onFile} />
    </Field>
  );
}

/**
 * The user types as dropdown options, and whether a type (its id, as a number or text) is one
 * whose users belong to a country.
 */
export function useUserTypeChoice() {
  const { data } = useUserTypes();
  const types = data || [];
  return {
    options: types.map((t) => ({ value: String(t.userTypeId), label: userTypeLabel(t.userTypeId, t.userType) })),
    /** @param {string | number} typeId */
    supportsCountry: (typeId) => types.some((t) => String(t.userTypeId) === String(typeId) && t.isCountrySupported),
  };
}

/** The countries as dropdown options (the value is the country's name, as the API takes it). */
export function useCountryOptions() {
  const { data } = useCountries();
  return (data || []).map((c) => ({ value: c.country, label: c.country, id: c.countryId }));
}
