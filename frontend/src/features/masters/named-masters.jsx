// Outcome and info type masters: a name each (spec 1 §2 "Administrator screens").

import { useLocation } from "wouter";

import { rules, useForm } from "../../lib/form";
import { useSaving } from "../../lib/use-api";
import { Loading, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { MasterList, saveAndReturn, useEditedRecord } from "./master-list";

/** A one-name master form; `spec` names its API fields, routes and texts. */
function NameForm({ params, spec }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const [busy, saving] = useSaving();
  const form = useForm({ name: "" }, { name: [rules.required(spec.required)] });
  const loading = useEditedRecord(
    id,
    `${spec.api}/${id}`,
    (row) => form.reset({ name: row[spec.nameField] }),
    spec.list,
    navigate,
  );
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    saveAndReturn(saving, spec.api, { [spec.idField]: id, [spec.nameField]: form.values.name.trim() }, spec.list, navigate);
  };
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} ${spec.title}`} back={spec.list} />
      {loading ? (
        <Loading />
      ) : (
        <form onSubmit={submit} noValidate class="narrow-form">
          <TextInput id="name" label={spec.label} value={form.values.name} onInput={form.set("name")} error={form.errors.name} />
          <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
        </form>
      )}
    </section>
  );
}

const OUTCOME = {
  api: "/master/outcome",
  list: "/master/outcome-master",
  idField: "outComeId",
  nameField: "outCome",
  title: "Outcome",
  label: "Outcome",
  required: "Outcome is required",
};

const INFO_TYPE = {
  api: "/master/info-type",
  list: "/master/info-master",
  idField: "infoId",
  nameField: "infoType",
  title: "Info Type",
  label: "Info Type",
  required: "Info Type is required.",
};

export function OutcomeList() {
  return (
    <MasterList
      title="Outcome Master"
      source="/master/outcome"
      columns={[{ key: "outCome", label: "Outcome" }]}
      idOf={(r) => r.outComeId}
      addPath="/master/outcome-master-add"
      editPath={(id) => `/master/outcome-master-edit/${id}`}
      deletePath={(id) => `/master/outcome/delete/${id}`}
    />
  );
}

export const OutcomeForm = ({ params }) => <NameForm params={params} spec={OUTCOME} />;

export function InfoTypeList() {
  return (
    <MasterList
      title="Info Type Master"
      source="/master/info-type"
      columns={[
        { key: "infoType", label: "Info Type" },
        { key: "subInfo", label: "Sub Info", render: (r) => r.subInfo.map((s) => s.infoSubType).join(", ") },
      ]}
      idOf={(r) => r.infoId}
      addPath="/master/info-master-add"
      editPath={(id) => `/master/info-master-edit/${id}`}
      deletePath={(id) => `/master/info-type/delete/${id}`}
    />
  );
}

export const InfoTypeForm = ({ params }) => <NameForm params={params} spec={INFO_TYPE} />;
