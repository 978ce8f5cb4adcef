// Sub info master: sub types per info type, searchable by info type; new ones may come from an
// .xlsx list.
import { useState } from "react";
import { alertError } from "../../lib/alerts";
import { rules, useForm } from "../../lib/form";
import { FormInput, Select } from "../../lib/ui";
import { deleteSubInfo, saveSubInfo, subInfo, uploadSubInfos, useInfoTypes, useSubInfos } from "./api";
import { FileField, FormSelect, MasterForm, MasterList, recordId, useMasterForm } from "./master-screen";
import { t } from "./text";

const LIST = "/master/subinfo-master";

function useInfoTypeOptions() {
  const { data } = useInfoTypes();
  return (data || []).map((t) => ({ value: String(t.infoId), label: t.infoType }));
}

export function SubInfoList() {
  const types = useInfoTypeOptions();
  const [infoId, setInfoId] = useState("");
  return (
    <MasterList
      title={t("subInfoMaster")}
      loaded={useSubInfos()}
      columns={[
        { key: "infoType", label: t("infoType") },
        { key: "infoSubType", label: t("subInfo") },
      ]}
      idOf={(r) => r.infoSubId}
      routes={LIST}
      remove={deleteSubInfo}
      filter={(rows) => (infoId ? rows.filter((r) => String(r.infoId) === infoId) : rows)}
      toolbar={
        <div class="toolbar">
          <Select
            id="filterInfoType"
            label={t("searchByInfoType")}
            value={infoId}
            onChange={(e) => setInfoId(e.currentTarget.value)}
            options={types}
            placeholder={t("all")}
          />
        </div>
      }
    />
  );
}

/** @param {import("./master-screen").FormProps} props */
export function SubInfoForm({ params }) {
  const id = recordId(params);
  const types = useInfoTypeOptions();
  const [file, setFile] = useState(/** @type {File | null} */ (null));
  const form = useForm({ infoId: "", name: "" }, () => ({
    infoId: [rules.required(t("infoTypeRequired"))],
    name: id ? [rules.required(t("subInfoNameRequired"))] : file ? [] : [rules.required(t("subInfoNameOrFile"))],
  }));
  const master = useMasterForm({
    params,
    list: LIST,
    load: subInfo,
    onLoad: (row) => form.reset({ infoId: String(row.infoId), name: row.infoSubType }),
  });

  /** @param {Event} e */
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const v = form.values;
    if (file && !v.name.trim()) {
      if (!file.name.toLowerCase().endsWith(".xlsx")) return alertError(t("onlyXlsx"));
      master.save(() => uploadSubInfos(v.infoId, file));
      return;
    }
    master.save(() => saveSubInfo({ infoSubId: id, infoId: Number(v.infoId), infoSubType: v.name.trim() }));
  };
  return (
    <MasterForm onLeave={form.leave} noun={t("subInfo")} master={master} onSubmit={submit}>
      <FormSelect form={form} id="infoId" label={t("infoType")} options={types} />
      <FormInput form={form} id="name" label={t("subInfoName")} />
      {!id && <FileField id="subinfoFile" label={t("subInfoFile")} accept=".xlsx" onFile={setFile} />}
    </MasterForm>
  );
}
