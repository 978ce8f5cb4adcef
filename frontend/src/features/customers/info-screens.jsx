// Add customer info (type, sub types, remark, up to three files, last 3 entries) and the
// administrator's Info Status Update list with its remark modal.
import { t } from "./text";
import { useState } from "react";
import { useLocation } from "wouter";
import { alertSuccess } from "../../lib/alerts";
import { formatDate } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { currentPosition } from "../../lib/location";
import { DataTable, Pager } from "../../lib/table";
import { FilePick } from "../../lib/file-pick";
import { Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { AGENT } from "../../lib/rights";
import { MAX } from "../../lib/limits";
import { Modal, ModalActions } from "../../lib/modal";
import { addInfo, updateInfoStatus, useInfoHistory, useInfoTypes, useInfoUpdates } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

const SLOTS = ["img1", "img2", "img3"];

/** @param {{ params: { buyerId: string }, user: Schemas["SessionBody"] }} props */
export function InfoScreen({ params, user }) {
  const [, navigate] = useLocation();
  const buyerId = decodeURIComponent(params.buyerId);
  const { data: types } = useInfoTypes();
  const history = useInfoHistory(buyerId);
  const [files, setFiles] = useState(/** @type {Record<string, File | null>} */ ({}));
  const [busy, saving] = useSaving();
  /** @param {string} id */
  const subsOf = (id) => ((types || []).find((type) => String(type.infoId) === String(id)) || { subInfo: [] }).subInfo;
  const form = useForm({ infoTypeId: "", subTypes: /** @type {number[]} */ ([]), remark: "" }, (v) => ({
    infoTypeId: [rules.required(t("infoTypeRequired"))],
    subTypes: subsOf(v.infoTypeId).length ? [(list) => (list.length ? null : t("infoSubTypeRequired"))] : [],
  }));
  const v = form.values;
  /** @param {number} id */
  const toggle = (id) => form.set("subTypes")(v.subTypes.includes(id) ? v.subTypes.filter((s) => s !== id) : [...v.subTypes, id]);
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const data = new FormData();
    data.append("infoTypeId", v.infoTypeId);
    v.subTypes.forEach((s) => data.append("infoSubTypeId", String(s)));
    data.append("remark", v.remark.trim());
    SLOTS.forEach((slot) => {
      const file = files[slot];
      if (file) data.append(slot, file);
    });
    await saving(async () => {
      const position = user.userType === AGENT ? await currentPosition() : null;
      if (position) {
        data.append("latitude", String(position.latitude));
        data.append("longitude", String(position.longitude));
      }
      const r = await addInfo(buyerId, data);
      alertSuccess(r.message);
      navigate(`/customer/visit/${encodeURIComponent(buyerId)}`);
    });
  };
  return (
    <section>
      <PageHeader title={t("addInfo")} back={`/customer/visit/${encodeURIComponent(buyerId)}`} />
      <form onSubmit={submit} onFocusOut={form.leave} noValidate class="narrow-form">
        <Select
          id="infoTypeId"
          label={t("infoType")}
          value={v.infoTypeId}
          onChange={(e) => form.setValues({ ...v, infoTypeId: e.currentTarget.value, subTypes: [] })}
          options={(types || []).map((type) => ({ value: String(type.infoId), label: type.infoType }))}
          error={form.errors.infoTypeId}
        />
        {subsOf(v.infoTypeId).length > 0 && (
          <fieldset class={`choice${form.errors.subTypes ? " has-error" : ""}`}>
            <legend>{t("infoSubType")}</legend>
            {subsOf(v.infoTypeId).map((s) => (
              <label key={s.infoSubId}>
                <input type="checkbox" checked={v.subTypes.includes(s.infoSubId)} onChange={() => toggle(s.infoSubId)} />{" "}
                {s.infoSubType}
              </label>
            ))}
            {form.errors.subTypes && <small class="field-error">{form.errors.subTypes}</small>}
          </fieldset>
        )}
        <Field label={t("remark")} id="remark">
          <textarea id="remark" rows={3} maxLength={MAX.infoRemark} value={v.remark} onInput={form.set("remark")} />
        </Field>
        {SLOTS.map((slot, i) => (
          <Field key={slot} label={t("fileN", { n: i + 1 })} id={slot}>
            <FilePick id={slot} accept=".jpeg,.jpg,.bmp,.png,.pdf" onFile={(file) => setFiles({ ...files, [slot]: file })} />
          </Field>
        ))}
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
      <div class="card">
        <h2>{t("lastEntries")}</h2>
        {history.loading ? (
          <Loading />
        ) : (
          <DataTable
            serial={false}
            rows={history.data || []}
            empty={t("noInfo")}
            columns={[
              { key: "date", label: t("date"), render: (r) => formatDate(r.date) },
              { key: "infoType", label: t("infoType") },
              { key: "remark", label: t("remark"), wrap: true },
              { key: "superAdminStatus", label: t("status") },
            ]}
          />
        )}
      </div>
    </section>
  );
}

/** @param {string | null | undefined} url */
function fileLink(url) {
  if (!url) return null;
  const name = new URL(url, window.location.origin).searchParams.get("fileName") || "";
  const label = name.endsWith(".pdf") ? t("pdf") : t("image");
  return (
    <a href={`#/image-viewer?fileName=${encodeURIComponent(name)}`} target="_blank" rel="noopener">
      {label}
    </a>
  );
}

export function InfoUpdateScreen() {
  const [page, setPage] = useState(1);
  // The page shown stays until its next answer (a status saved reloads it).
  const { data, reload: load } = useInfoUpdates(page);
  const [editing, setEditing] = useState(/** @type {Schemas["ReviewRow"] | null} */ (null));
  const pages = data ? Math.max(1, Math.ceil(data.totalRecords / 30)) : 1;
  return (
    <section>
      <PageHeader title={t("infoStatusUpdate")} back="/home" />
      {!data ? (
        <Loading />
      ) : (
        <>
          <DataTable
            serial={false}
            pageSize={30}
            testId="info-updates"
            emptyNote={t("infoUpdatesNote")}
            rows={data.data}
            columns={[
              { key: "buyerID", label: t("buyerId") },
              { key: "buyerName", label: t("buyerName") },
              { key: "mobile", label: t("mobile") },
              { key: "address", label: t("address"), wrap: true },
              { key: "infoType", label: t("infoType") },
              { key: "subTypes", label: t("subTypes") },
              { key: "remark", label: t("remark"), wrap: true },
              {
                key: "files",
                label: t("files"),
                render: (r) => <span class="row-actions">{[r.image1, r.image2, r.image3].map(fileLink)}</span>,
              },
              { key: "customerInfoDate", label: t("date"), render: (r) => formatDate(r.customerInfoDate) },
              { key: "superAdminStatus", label: t("status") },
              {
                key: "update",
                label: t("update"),
                render: (r) => (
                  <button type="button" class="btn btn-small" onClick={() => setEditing(r)}>
                    {t("updateStatus")}
                  </button>
                ),
              },
            ]}
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      {editing && <StatusModal row={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), load())} />}
    </section>
  );
}

/** @param {{ row: Schemas["ReviewRow"], onClose: () => void, onSaved: () => void }} props */
function StatusModal({ row, onClose, onSaved }) {
  const [busy, saving] = useSaving();
  const form = useForm(
    { remark: "" },
    {
      remark: [rules.required(t("enterRemark")), rules.maxLength(200, "The remark is limited to a maximum of 200 characters.")],
    },
  );
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(async () => {
      const r = await updateInfoStatus({ id: row.id, adminStatus: form.values.remark.trim() });
      alertSuccess(r.message);
      onSaved();
    });
  };
  return (
    <Modal onSubmit={submit} onFocusOut={form.leave} titleId="status-title" title={t("updateStatus")}>
      <p class="muted">
        {row.buyerID} · {row.buyerName} · {row.infoType}
      </p>
      <Field label={t("remark")} id="statusRemark" error={form.errors.remark}>
        <textarea id="statusRemark" rows={3} value={form.values.remark} onInput={form.set("remark")} />
      </Field>
      <ModalActions closeText={t("cancel")} onClose={onClose}>
        <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
      </ModalActions>
    </Modal>
  );
}
