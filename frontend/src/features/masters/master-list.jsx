// The list every master screen shares: title with back arrow and Add, 30 rows a page with serial
// numbers, Modify and Delete on each row, and the spec's delete confirmation.
import { useEffect, useState } from "react";
import { get, post } from "../../lib/api-client";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { DataTable } from "../../lib/table";
import { Loading, PageHeader } from "../../lib/ui";
import { useApi } from "../../lib/use-api";

/**
 * source: GET path; columns: table columns; idOf(row); editPath(id); deletePath(id);
 * canEdit/canDelete(row) decide which buttons a row shows; filter(rows) narrows what is shown.
 * @param {{ title: string, source: string, columns: import("../../lib/table").Column[], idOf: (row: any) => any,
 *   addPath: string, editPath: (id: any) => string, deletePath: (id: any) => string,
 *   canEdit?: (row: any) => boolean, canDelete?: (row: any) => boolean, filter?: (rows: any[]) => any[],
 *   toolbar?: import("preact").ComponentChildren, back?: string }} props
 */
export function MasterList({
  title,
  source,
  columns,
  idOf,
  addPath,
  editPath,
  deletePath,
  canEdit = () => true,
  canDelete = () => true,
  filter,
  toolbar,
  back = "/home",
}) {
  const { data, loading, reload } = useApi(source, { initial: [] });
  const [doomed, setDoomed] = useState(null);
  const remove = async () => {
    const id = doomed;
    setDoomed(null);
    try {
      const r = await post(deletePath(id));
      alertSuccess(r.message);
      reload();
    } catch (err) {
      alertError(err.message);
    }
  };
  const rows = filter ? filter(data || []) : data || [];
  const actions = {
    key: "actions",
    label: "Actions",
    render: (row) => (
      <span class="row-actions">
        {canEdit(row) && (
          <a class="btn btn-small" href={`#${editPath(idOf(row))}`}>
            Modify
          </a>
        )}
        {canDelete(row) && (
          <button type="button" class="btn btn-small btn-danger" onClick={() => setDoomed(idOf(row))}>
            Delete
          </button>
        )}
      </span>
    ),
  };
  return (
    <section>
      <PageHeader title={title} back={back}>
        <a class="btn btn-primary" href={`#${addPath}`}>
          Add
        </a>
      </PageHeader>
      {toolbar}
      {loading ? <Loading /> : <DataTable columns={[...columns, actions]} rows={rows} pageSize={30} testId="master-table" />}
      <ConfirmDialog open={doomed !== null} onYes={remove} onCancel={() => setDoomed(null)} />
    </section>
  );
}

/** Saves a master form (through `useSaving`'s `saving`) and goes back to its list. */
export function saveAndReturn(saving, path, body, listPath, navigate) {
  return saving(async () => {
    const r = await post(path, body);
    alertSuccess(r.message);
    navigate(listPath);
  });
}

/**
 * The record a Modify form edits: loads `path` when there is an id and hands it to `onLoad`; an id
 * that cannot be loaded goes back to the list. Returns whether it is still loading.
 */
export function useEditedRecord(id, path, onLoad, listPath, navigate) {
  const [loading, setLoading] = useState(!!id);
  useEffect(() => {
    if (!id) return;
    get(path)
      .then(onLoad)
      .catch(() => navigate(listPath))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per id; `onLoad` is the caller's, remade on every render
  }, [id]);
  return loading;
}
