// Delivery status and additional reason masters (spec 2 §2).
import { rules, useForm } from "../../lib/form";
import { FormInput } from "../../lib/ui";
import {
  deleteDeliveryStatus,
  deleteReason,
  deliveryStatus,
  reason,
  saveDeliveryStatus,
  saveReason,
  useDeliveryStatuses,
  useReasons,
} from "./api";
import { FormSelect, MasterForm, MasterList, useMasterForm } from "./master-screen";
import { t } from "./text";

/** @typedef {import("./api").Schemas} Schemas */
/** @typedef {import("./master-screen").FormProps} FormProps */

const STATUS_LIST = "/master/delivery-status";
const REASON_LIST = "/master/additional-reason-master";
/** @param {boolean} b */
const yesNo = (b) => (b ? t("yes") : t("no"));

/** The Yes/No choices (a function: the texts follow the language in force). */
const yesNoOptions = () => [
  { value: "false", label: t("no") },
  { value: "true", label: t("yes") },
];

export function DeliveryStatusList() {
  return (
    <MasterList
      title={t("deliveryStatus")}
      loaded={useDeliveryStatuses()}
      columns={[
        { key: "deliveryStatus", label: t("deliveryStatus") },
        { key: "recordLock", label: t("recordLock"), render: (r) => yesNo(r.recordLock) },
        { key: "additionalReasonCode", label: t("additionalReasonCode"), render: (r) => yesNo(r.additionalReasonCode) },
      ]}
      idOf={(r) => r.deliveryStatusID}
      routes="/master/delivery-status-master"
      remove={deleteDeliveryStatus}
    />
  );
}

/** @param {FormProps} props */
export function DeliveryStatusForm({ params }) {
  const form = useForm(
    { deliveryStatus: "", recordLock: "false", additionalReasonCode: "false" },
    { deliveryStatus: [rules.required(t("deliveryStatusRequired"))] },
  );
  const master = useMasterForm({
    params,
    list: STATUS_LIST,
    load: deliveryStatus,
    onLoad: (s) =>
      form.reset({
        deliveryStatus: s.deliveryStatus,
        recordLock: String(s.recordLock),
        additionalReasonCode: String(s.additionalReasonCode),
      }),
  });
  const v = form.values;
  const send = () =>
    saveDeliveryStatus({
      deliveryStatusID: master.id,
      deliveryStatus: v.deliveryStatus.trim(),
      recordLock: v.recordLock === "true",
      additionalReasonCode: v.additionalReasonCode === "true",
    });
  return (
    <MasterForm onLeave={form.leave} noun={t("deliveryStatus")} master={master} onSubmit={master.submit(form, send)}>
      <FormInput form={form} id="deliveryStatus" label={t("deliveryStatus")} />
      <FormSelect form={form} id="recordLock" label={t("recordLock")} options={yesNoOptions()} placeholder={null} />
      <FormSelect
        form={form}
        id="additionalReasonCode"
        label={t("additionalReasonCode")}
        options={yesNoOptions()}
        placeholder={null}
      />
    </MasterForm>
  );
}

export function ReasonList() {
  return (
    <MasterList
      title={t("additionalReasonMaster")}
      loaded={useReasons()}
      columns={[
        { key: "additionalReasonCode", label: t("additionalReasonCode") },
        { key: "deliveryStatus", label: t("deliveryStatus") },
      ]}
      idOf={(r) => r.reasonCodeID}
      routes={REASON_LIST}
      remove={deleteReason}
    />
  );
}

/** @param {FormProps} props */
export function ReasonForm({ params }) {
  const { data: statuses } = useDeliveryStatuses();
  const form = useForm(
    { deliveryStatusID: "", additionalReasonCode: "" },
    {
      deliveryStatusID: [rules.required(t("deliveryStatusRequired"))],
      additionalReasonCode: [rules.required(t("additionalReasonCodeRequired"))],
    },
  );
  const master = useMasterForm({
    params,
    list: REASON_LIST,
    load: reason,
    onLoad: (r) => form.reset({ deliveryStatusID: String(r.deliveryStatusID), additionalReasonCode: r.additionalReasonCode }),
  });
  const v = form.values;
  const send = () =>
    saveReason({
      reasonCodeID: master.id,
      deliveryStatusID: Number(v.deliveryStatusID),
      additionalReasonCode: v.additionalReasonCode.trim(),
    });
  return (
    <MasterForm onLeave={form.leave} noun={t("additionalReason")} master={master} onSubmit={master.submit(form, send)}>
      <FormSelect
        form={form}
        id="deliveryStatusID"
        label={t("deliveryStatus")}
        options={(statuses || []).map((s) => ({ value: String(s.deliveryStatusID), label: s.deliveryStatus }))}
      />
      <FormInput form={form} id="additionalReasonCode" label={t("additionalReasonCode")} />
    </MasterForm>
  );
}
