// Sub info master: sub types per info type, searchable by info type; new ones may come from an
// .xlsx list.
import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../lib/api-client";
import { alertError, alertSuccess } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { Field, Loading, PageHeader, Select, SubmitButton, TextInput } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { MasterList, saveAndReturn, useEditedRecord } from "./master-list";

const LIST = "/master/subinfo-master";

function useInfoTypeOptions() {
  const { data } = useApi("/master/info-type", { initial: [] });
  return (data || []).map((t) => ({ value: String(t.infoId), label: t.infoType }));
}

export function SubInfoList() {
  const types = useInfoTypeOptions();
  const [infoId, setInfoId] = useState("");
  return (
    <MasterList
      title="Sub Info Master"
      source="/master/info-subtype"
      columns={[
        { key: "infoType", label: "Info Type" },
        { key: "infoSubType", label: "Sub Info" },
      ]}
      idOf={(r) => r.infoSubId}
      addPath="/master/subinfo-master-add"
      editPath={(id) => `/master/subinfo-master-edit/${id}`}
      deletePath={(id) => `/master/info-subtype/delete/${id}`}
      filter={(rows) => (infoId ? rows.filter((r) => String(r.infoId) === infoId) : rows)}
      toolbar={
        <div class="toolbar">
          <Select
            id="filterInfoType"
            label="Search by Info Type"
            value={infoId}
            onChange={(e) => setInfoId(e.currentTarget.value)}
            options={types}
            placeholder="All"
          />
        </div>
      }
    />
  );
}

export function SubInfoForm({ params }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const types = useInfoTypeOptions();
  const [busy, saving] = useSaving();
  const [file, setFile] = useState(null);
  const form = useForm({ infoId: "", name: "" }, () => ({
    infoId: [rules.required("Info Type is required.")],
    name: id
      ? [rules.required("Please Enter SubInfo Name")]
      : file
        ? []
        : [rules.required("Please Enter SubInfo Name or upload excel of SubInfo Type")],
  }));
  const loading = useEditedRecord(
    id,
    `/master/info-subtype/${id}`,
    (row) => form.reset({ infoId: String(row.infoId), name: row.infoSubType }),
    LIST,
    navigate,
  );

  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    if (file && !form.values.name.trim()) {
      if (!file.name.toLowerCase().endsWith(".xlsx")) return alertError("Only .xlsx files can be uploaded.");
      const data = new FormData();
      data.append("infoId", form.values.infoId);
      data.append("data", file);
      await saving(async () => {
        const r = await api("/master/info-type-subtype/upload", { method: "POST", body: data });
        alertSuccess(r.message);
        navigate(LIST);
      });
      return;
    }
    saveAndReturn(
      saving,
      "/master/info-subtype",
      { infoSubId: id, infoId: Number(form.values.infoId), infoSubType: form.values.name.trim() },
      LIST,
      navigate,
    );
  };
  if (loading) return <Loading />;
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} Sub Info`} back={LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <Select
          id="infoId"
          label="Info Type"
          value={form.values.infoId}
          onChange={form.set("infoId")}
          options={types}
          error={form.errors.infoId}
        />
        <TextInput id="name" label="Sub Info Name" value={form.values.name} onInput={form.set("name")} error={form.errors.name} />
        {!id && (
          <Field label="Or upload an .xlsx list (first column, below a header)" id="subinfoFile">
            <input id="subinfoFile" type="file" accept=".xlsx" onChange={(e) => setFile(e.currentTarget.files[0] || null)} />
          </Field>
        )}
        <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
      </form>
    </section>
  );
}
