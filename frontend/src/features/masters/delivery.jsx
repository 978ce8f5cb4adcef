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

/** @typedef {import("./api").Schemas} Schemas */
/** @typedef {import("./master-screen").FormProps} FormProps */

const STATUS_LIST = "/master/delivery-status";
const REASON_LIST = "/master/additional-reason-master";
/** @param {boolean} b */
const yesNo = (b) => (b ? "Yes" : "No");

const YES_NO = [
  { value: "false", label: "No" },
  { value: "true", label: "Yes" },
];

export function DeliveryStatusList() {
  return (
    <MasterList
      title="Delivery Status"
      loaded={useDeliveryStatuses()}
      columns={[
        { key: "deliveryStatus", label: "Delivery Status" },
        { key: "recordLock", label: "Record Lock", render: (r) => yesNo(r.recordLock) },
        { key: "additionalReasonCode", label: "Additional Reason Code", render: (r) => yesNo(r.additionalReasonCode) },
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
    { deliveryStatus: [rules.required("Delivery Status is Required")] },
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
    <MasterForm noun="Delivery Status" master={master} onSubmit={master.submit(form, send)}>
      <FormInput form={form} id="deliveryStatus" label="Delivery Status" />
      <FormSelect form={form} id="recordLock" label="Record Lock" options={YES_NO} placeholder={null} />
      <FormSelect form={form} id="additionalReasonCode" label="Additional Reason Code" options={YES_NO} placeholder={null} />
    </MasterForm>
  );
}

export function ReasonList() {
  return (
    <MasterList
      title="Additional Reason Master"
      loaded={useReasons()}
      columns={[
        { key: "additionalReasonCode", label: "Additional Reason Code" },
        { key: "deliveryStatus", label: "Delivery Status" },
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
      deliveryStatusID: [rules.required("Delivery Status is Required")],
      additionalReasonCode: [rules.required("Additional Reason Code is Required")],
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
    <MasterForm noun="Additional Reason" master={master} onSubmit={master.submit(form, send)}>
      <FormSelect
        form={form}
        id="deliveryStatusID"
        label="Delivery Status"
        options={(statuses || []).map((s) => ({ value: String(s.deliveryStatusID), label: s.deliveryStatus }))}
      />
      <FormInput form={form} id="additionalReasonCode" label="Additional Reason Code" />
    </MasterForm>
  );
}
