// Delivery approve (spec 2 §2): pending updates 30 a page, select-all and 'Approve Selected', and
// the 'Delivery Update Status' modal to approve or reject one with a remark.
import { t } from "./text";
import { useState } from "react";
import { alertSuccess } from "../../lib/alerts";
import { AuthImage, viewerHref } from "../../lib/auth-image";
import { formatDate, money } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { DataTable } from "../../lib/table";
import { Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { saveApprovals, usePendingApprovals } from "./api";
import { Facts, orderFacts, rejectionFacts } from "./delivery-facts";
import { deliveryApprovalLabel } from "../../lib/enum-text";
import { Modal, ModalActions } from "../../lib/modal";

/** @typedef {import("./api").Schemas} Schemas */

/** @param {Schemas["ApprovalRecord"][]} records @param {() => void} onDone */
async function save(records, onDone) {
  const r = await saveApprovals(records);
  alertSuccess(r.message);
  onDone();
}

/**
 * Approve or reject one update, with a remark when rejecting.
 * @param {{ delivery: Schemas["Delivery"], onClose: () => void, onSaved: () => void }} props
 */
function StatusModal({ delivery, onClose, onSaved }) {
  const [busy, saving] = useSaving();
  const form = useForm({ approveStatus: "", remark: "" }, (v) => ({
    approveStatus: [rules.required(t("selectApproveStatus"))],
    remark: v.approveStatus === "Reject" ? [rules.required(t("enterRemark")), rules.maxLength(200, t("remarkTooLong"))] : [],
  }));
  const v = form.values;
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    await saving(() =>
      save(
        [
          {
            deliveryId: delivery.deliveryId,
            approveStatus: v.approveStatus,
            rejectedReason: v.approveStatus === "Reject" ? v.remark.trim() : null,
          },
        ],
        onSaved,
      ),
    );
  };
  /** @type {import("./delivery-facts").Fact[]} */
  const facts = [
    ...orderFacts(delivery),
    [t("logisticAmount"), money(delivery.logisticsCharges)],
    [t("deliveryStatus"), delivery.deliveryStatus],
    [t("status"), deliveryApprovalLabel(delivery.approveStatus)],
    ...rejectionFacts(delivery),
  ];
  return (
    <Modal onSubmit={submit} onFocusOut={form.leave} titleId="approve-title" title={t("updateStatusTitle")}>
      <Facts facts={facts} />
      <Select
        id="approveStatus"
        label={t("approvalStatus")}
        value={v.approveStatus}
        onChange={form.set("approveStatus")}
        options={[
          { value: "Approve", label: t("approve") },
          { value: "Reject", label: t("reject") },
        ]}
        error={form.errors.approveStatus}
      />
      {v.approveStatus === "Reject" && (
        <Field label={t("remark")} id="rejectRemark" error={form.errors.remark}>
          <textarea id="rejectRemark" rows={3} value={v.remark} onInput={form.set("remark")} />
        </Field>
      )}
      <ModalActions closeText={t("cancel")} onClose={onClose}>
        <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
      </ModalActions>
    </Modal>
  );
}

export default function ApproveScreen() {
  const { data, loading, reload } = usePendingApprovals();
  const [chosen, setChosen] = useState(/** @type {number[]} */ ([]));
  const [busy, saving] = useSaving();
  const [editing, setEditing] = useState(/** @type {Schemas["Delivery"] | null} */ (null));
  const rows = data || [];
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  /** @param {number} id */
  const toggle = (id) => setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  const done = () => {
    setChosen([]);
    setEditing(null);
    reload();
  };
  return (
    <section>
      <PageHeader title={t("approveTitle")}>
        <button
          type="button"
          class="btn btn-primary"
          disabled={!chosen.length || busy}
          onClick={() =>
            saving(() =>
              save(
                chosen.map((id) => ({ deliveryId: id, approveStatus: "Approve", rejectedReason: null })),
                done,
              ),
            )
          }
        >
          {t("approveSelected")}
        </button>
      </PageHeader>
      {loading ? (
        <Loading />
      ) : (
        <DataTable
          pageSize={30}
          serial={false}
          testId="approve-table"
          rows={rows}
          empty={t("nothingWaiting")}
          columns={[
            {
              key: "pick",
              title: t("select"),
              label: (
                <input
                  type="checkbox"
                  aria-label={t("selectAll")}
                  checked={allChosen}
                  onChange={() => setChosen(allChosen ? [] : rows.map((d) => d.deliveryId))}
                />
              ),
              render: (d) => (
                <input
                  type="checkbox"
                  aria-label={t("selectOrder", { order: d.orderID })}
                  checked={chosen.includes(d.deliveryId)}
                  onChange={() => toggle(d.deliveryId)}
                />
              ),
            },
            { key: "orderID", label: t("orderId") },
            // What decides an approval first, in view on a desktop without scrolling (issue #55).
            { key: "deliveryStatus", label: t("status") },
            {
              key: "reasonDescription",
              label: t("rejectedReason"),
              render: (d) => d.reasonDescription || d.rejectedReason || "",
            },
            { key: "agentID", label: t("agentId") },
            { key: "orderDate", label: t("orderDate"), render: (d) => formatDate(d.orderDate) },
            { key: "plannedDeliveryDate", label: t("plannedDeliveryDate"), render: (d) => formatDate(d.plannedDeliveryDate) },
            { key: "sellerName", label: t("distributor") },
            { key: "buyerName", label: t("retailer") },
            { key: "logisticsCharges", label: t("logisticAmount"), render: (d) => money(d.logisticsCharges) },
            { key: "otherReason", label: t("otherReason"), wrap: true },
            {
              key: "image",
              label: t("image"),
              render: (d) =>
                d.imageUrl ? (
                  <a href={viewerHref(d.imageUrl)} target="_blank" rel="noopener">
                    <AuthImage url={d.imageUrl} alt={t("deliveryOf", { order: d.orderID })} className="thumb" />
                  </a>
                ) : (
                  "—"
                ),
            },
            {
              key: "update",
              label: t("update"),
              end: true,
              render: (d) => (
                <button type="button" class="btn btn-small" onClick={() => setEditing(d)}>
                  {t("update")}
                </button>
              ),
            },
          ]}
        />
      )}
      {editing && <StatusModal delivery={editing} onClose={() => setEditing(null)} onSaved={done} />}
    </section>
  );
}
