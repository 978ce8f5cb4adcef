// Delivery status and additional reason masters (spec 2 §2).

import { useLocation } from "wouter";

import { rules, useForm } from "../../lib/form";
import { Loading, PageHeader, Select, SubmitButton, TextInput } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { MasterList, saveAndReturn, useEditedRecord } from "./master-list";

const STATUS_LIST = "/master/delivery-status";
const REASON_LIST = "/master/additional-reason-master";
const yesNo = (b) => (b ? "Yes" : "No");
const YES_NO = [
  { value: "false", label: "No" },
  { value: "true", label: "Yes" },
];

export function DeliveryStatusList() {
  return (
    <MasterList
      title="Delivery Status"
      source="/master/deliveryStatus"
      columns={[
        { key: "deliveryStatus", label: "Delivery Status" },
        { key: "recordLock", label: "Record Lock", render: (r) => yesNo(r.recordLock) },
        { key: "additionalReasonCode", label: "Additional Reason Code", render: (r) => yesNo(r.additionalReasonCode) },
      ]}
      idOf={(r) => r.deliveryStatusID}
      addPath="/master/delivery-status-master-add"
      editPath={(id) => `/master/delivery-status-master-edit/${id}`}
      deletePath={(id) => `/master/deliveryStatus/delete/${id}`}
    />
  );
}

export function DeliveryStatusForm({ params }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const [busy, saving] = useSaving();
  const form = useForm(
    { deliveryStatus: "", recordLock: "false", additionalReasonCode: "false" },
    { deliveryStatus: [rules.required("Delivery Status is Required")] },
  );
  const loading = useEditedRecord(
    id,
    `/master/deliveryStatus/${id}`,
    (s) =>
      form.reset({
        deliveryStatus: s.deliveryStatus,
        recordLock: String(s.recordLock),
        additionalReasonCode: String(s.additionalReasonCode),
      }),
    STATUS_LIST,
    navigate,
  );
  const v = form.values;
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const body = {
      deliveryStatusID: id,
      deliveryStatus: v.deliveryStatus.trim(),
      recordLock: v.recordLock === "true",
      additionalReasonCode: v.additionalReasonCode === "true",
    };
    saveAndReturn(saving, "/master/deliveryStatus", body, STATUS_LIST, navigate);
  };
  if (loading) return <Loading />;
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} Delivery Status`} back={STATUS_LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <TextInput
          id="deliveryStatus"
          label="Delivery Status"
          value={v.deliveryStatus}
          onInput={form.set("deliveryStatus")}
          error={form.errors.deliveryStatus}
        />
        <Select
          id="recordLock"
          label="Record Lock"
          value={v.recordLock}
          onChange={form.set("recordLock")}
          options={YES_NO}
          placeholder={null}
        />
        <Select
          id="additionalReasonCode"
          label="Additional Reason Code"
          value={v.additionalReasonCode}
          onChange={form.set("additionalReasonCode")}
          options={YES_NO}
          placeholder={null}
        />
        <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
      </form>
    </section>
  );
}

export function ReasonList() {
  return (
    <MasterList
      title="Additional Reason Master"
      source="/master/additionalReason"
      columns={[
        { key: "additionalReasonCode", label: "Additional Reason Code" },
        { key: "deliveryStatus", label: "Delivery Status" },
      ]}
      idOf={(r) => r.reasonCodeID}
      addPath="/master/additional-reason-master-add"
      editPath={(id) => `/master/additional-reason-master-edit/${id}`}
      deletePath={(id) => `/master/additionalReason/delete/${id}`}
    />
  );
}

export function ReasonForm({ params }) {
  const [, navigate] = useLocation();
  const id = params && params.id ? Number(params.id) : 0;
  const { data: statuses } = useApi("/master/deliveryStatus", { initial: [] });
  const [busy, saving] = useSaving();
  const form = useForm(
    { deliveryStatusID: "", additionalReasonCode: "" },
    {
      deliveryStatusID: [rules.required("Delivery Status is Required")],
      additionalReasonCode: [rules.required("Additional Reason Code is Required")],
    },
  );
  const loading = useEditedRecord(
    id,
    `/master/additionalReason/${id}`,
    (r) => form.reset({ deliveryStatusID: String(r.deliveryStatusID), additionalReasonCode: r.additionalReasonCode }),
    REASON_LIST,
    navigate,
  );
  const v = form.values;
  const submit = (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    saveAndReturn(
      saving,
      "/master/additionalReason",
      { reasonCodeID: id, deliveryStatusID: Number(v.deliveryStatusID), additionalReasonCode: v.additionalReasonCode.trim() },
      REASON_LIST,
      navigate,
    );
  };
  if (loading) return <Loading />;
  return (
    <section>
      <PageHeader title={`${id ? "Modify" : "Add"} Additional Reason`} back={REASON_LIST} />
      <form onSubmit={submit} noValidate class="narrow-form">
        <Select
          id="deliveryStatusID"
          label="Delivery Status"
          value={v.deliveryStatusID}
          onChange={form.set("deliveryStatusID")}
          options={(statuses || []).map((s) => ({ value: String(s.deliveryStatusID), label: s.deliveryStatus }))}
          error={form.errors.deliveryStatusID}
        />
        <TextInput
          id="additionalReasonCode"
          label="Additional Reason Code"
          value={v.additionalReasonCode}
          onInput={form.set("additionalReasonCode")}
          error={form.errors.additionalReasonCode}
        />
        <SubmitButton busy={busy}>{id ? "Update" : "Save"}</SubmitButton>
      </form>
    </section>
  );
}
