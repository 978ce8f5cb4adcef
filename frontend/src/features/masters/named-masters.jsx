// Outcome and info type masters: a name each (spec 1 §2 "Administrator screens").
import { rules, useForm } from "../../lib/form";
import { FormInput } from "../../lib/ui";
import { deleteInfoType, deleteOutcome, infoType, outcome, saveInfoType, saveOutcome, useInfoTypes, useOutcomes } from "./api";
import { MasterForm, MasterList, useMasterForm } from "./master-screen";
import { t } from "./text";

/** @typedef {import("./master-screen").FormProps} FormProps */

/**
 * A one-name master form: `load(id)` gives the record's name, `send(id, name)` saves it.
 * @param {{ params: FormProps["params"], list: string, noun: string, required: string,
 *   load: (id: number) => Promise<string>, send: (id: number, name: string) => Promise<{ message: string }> }} props
 */
function NameForm({ params, list, noun, required, load, send }) {
  const form = useForm({ name: "" }, { name: [rules.required(required)] });
  const master = useMasterForm({ params, list, load, onLoad: (name) => form.reset({ name }) });
  return (
    <MasterForm
      onLeave={form.leave}
      noun={noun}
      master={master}
      onSubmit={master.submit(form, () => send(master.id, form.values.name.trim()))}
    >
      <FormInput form={form} id="name" label={noun} />
    </MasterForm>
  );
}

const OUTCOMES = "/master/outcome-master";
const INFO_TYPES = "/master/info-master";

export function OutcomeList() {
  return (
    <MasterList
      title={t("outcomeMaster")}
      loaded={useOutcomes()}
      columns={[{ key: "outCome", label: t("outcome") }]}
      idOf={(r) => r.outComeId}
      routes={OUTCOMES}
      remove={deleteOutcome}
    />
  );
}

/** @param {FormProps} props */
export const OutcomeForm = ({ params }) => (
  <NameForm
    params={params}
    list={OUTCOMES}
    noun={t("outcome")}
    required={t("outcomeRequired")}
    load={(id) => outcome(id).then((r) => r.outCome)}
    send={(id, name) => saveOutcome({ outComeId: id, outCome: name })}
  />
);

export function InfoTypeList() {
  return (
    <MasterList
      title={t("infoTypeMaster")}
      loaded={useInfoTypes()}
      columns={[
        { key: "infoType", label: t("infoType") },
        { key: "subInfo", label: t("subInfo"), render: (r) => r.subInfo.map((s) => s.infoSubType).join(", ") },
      ]}
      idOf={(r) => r.infoId}
      routes={INFO_TYPES}
      remove={deleteInfoType}
    />
  );
}

/** @param {FormProps} props */
export const InfoTypeForm = ({ params }) => (
  <NameForm
    params={params}
    list={INFO_TYPES}
    noun={t("infoType")}
    required={t("infoTypeRequired")}
    load={(id) => infoType(id).then((r) => r.infoType)}
    send={(id, name) => saveInfoType({ infoId: id, infoType: name })}
  />
);
