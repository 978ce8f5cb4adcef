// RED101 Delivery (spec 2 §2): search with suggestions, the delivered tiles, a 5-row table, and
// the detail panel where the agent sets status, reason ('Other' reveals a text), and a picture.
import { t } from "./text";
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { formatDate, number, percent } from "../../lib/format";
import { rules, useForm } from "../../lib/form";
import { SuggestBox } from "../../lib/suggest";
import { DataTable } from "../../lib/table";
import { FilePick } from "../../lib/file-pick";
import { Field, Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useSaving } from "../../lib/use-api";
import { AREA_MANAGER } from "../../lib/rights";
import { Facts, orderFacts, rejectionFacts } from "./delivery-facts";
import { deliveryApprovalLabel } from "../../lib/enum-text";
import {
  deliveryDetails,
  deliveryScreen,
  reasonsOf,
  searchDeliveries,
  updateDelivery,
  useAgents,
  useDeliveryStatuses,
} from "./api";

/** @typedef {import("./api").Schemas} Schemas */

const OTHER = "0";

/** @param {{ d: Schemas["OrderDelivered"] | null | undefined }} props */
function Tiles({ d }) {
  if (!d) return null;
  const tiles = [
    [t("deliveredToday"), number(d.ftd)],
    [t("deliveredMonth"), number(d.ftm)],
    [t("deliveredTodayPct"), percent(d.ftdPercentage)],
    [t("deliveredMonthPct"), percent(d.ftmPercentage)],
  ];
  return (
    <div class="tiles" data-testid="delivery-tiles">
      {tiles.map(([label, value]) => (
        <div key={label} class="tile">
          <span class="tile-label">{label}</span>
          <strong class="tile-value">{value}</strong>
        </div>
      ))}
    </div>
  );
}

/** @param {{ delivery: Schemas["Delivery"], onSaved: () => void }} props */
function UpdateForm({ delivery, onSaved }) {
  const { data: statuses } = useDeliveryStatuses();
  const [reasons, setReasons] = useState(/** @type {Schemas["AdditionalReason"][]} */ ([]));
  const [image, setImage] = useState(/** @type {File | null} */ (null));
  const [busy, saving] = useSaving();
  /** @param {string} id */
  const statusOf = (id) => (statuses || []).find((s) => String(s.deliveryStatusID) === String(id));
  const form = useForm({ deliveryStatusID: "", reasonCodeID: "", otherReason: "" }, (v) => ({
    deliveryStatusID: [rules.required(t("statusRequired"))],
    reasonCodeID: reasons.length ? [rules.required(t("reasonRequired"))] : [],
    otherReason: v.reasonCodeID === OTHER ? [rules.required(t("enterOtherReason"))] : [],
  }));
  const v = form.values;
  /** @param {{ currentTarget: { value: string } }} e */
  const chooseStatus = (e) => {
    const id = e.currentTarget.value;
    // A new status filters the reasons to it and clears the reason and the other text.
    form.setValues({ deliveryStatusID: id, reasonCodeID: "", otherReason: "" });
    setReasons([]);
    const status = statusOf(id);
    if (status && status.additionalReasonCode) {
      reasonsOf(id)
        .then(setReasons)
        .catch(() => setReasons([]));
    }
  };
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    if (!form.validate()) return;
    const update = {
      deliveryId: delivery.deliveryId,
      deliveryStatusID: v.deliveryStatusID,
      reasonCodeID: reasons.length ? v.reasonCodeID : null,
      otherReason: v.reasonCodeID === OTHER ? v.otherReason.trim() : "",
    };
    await saving(async () => {
      const r = await updateDelivery(update, image);
      alertSuccess(r.message);
      onSaved();
    });
  };
  return (
    <form onSubmit={submit} onFocusOut={form.leave} noValidate>
      <Select
        id="deliveryStatusID"
        label={t("deliveryStatus")}
        value={v.deliveryStatusID}
        onChange={chooseStatus}
        options={(statuses || []).map((s) => ({ value: String(s.deliveryStatusID), label: s.deliveryStatus }))}
        error={form.errors.deliveryStatusID}
      />
      {reasons.length > 0 && (
        <Select
          id="reasonCodeID"
          label={t("additionalReason")}
          value={v.reasonCodeID}
          onChange={form.set("reasonCodeID")}
          options={[
            ...reasons.map((r) => ({ value: String(r.reasonCodeID), label: r.additionalReasonCode })),
            { value: OTHER, label: t("other") },
          ]}
          error={form.errors.reasonCodeID}
        />
      )}
      {reasons.length > 0 && v.reasonCodeID === OTHER && (
        <Field label={t("otherReason")} id="otherReason" error={form.errors.otherReason}>
          <input id="otherReason" maxLength={200} value={v.otherReason} onInput={form.set("otherReason")} />
        </Field>
      )}
      <Field label={t("image")} id="imagedata">
        <FilePick id="imagedata" accept=".jpeg,.jpg,.bmp,.png" capture="environment" onFile={setImage} />
      </Field>
      <SubmitButton busy={busy}>{t("submit")}</SubmitButton>
    </form>
  );
}

/**
 * @param {{ delivery: Schemas["Delivery"], canModify: boolean, onClose: () => void, onSaved: () => void }} props
 */
function Detail({ delivery, canModify, onClose, onSaved }) {
  /** @type {import("./delivery-facts").Fact[]} */
  const facts = [
    ...orderFacts(delivery),
    [t("retailerName"), delivery.buyerName],
    [t("retailerAddress"), delivery.address],
    ...(delivery.afilliateID
      ? /** @type {import("./delivery-facts").Fact[]} */ ([
          [t("affiliateId"), delivery.afilliateID],
          [t("affiliateName"), delivery.affilitateName],
        ])
      : []),
    [t("deliveryStatus"), delivery.deliveryStatus || "—"],
    [t("approval"), deliveryApprovalLabel(delivery.approveStatus)],
    ...rejectionFacts(delivery),
  ];
  return (
    <div class="card" data-testid="delivery-detail">
      <div class="page-header">
        <h2>{t("deliveryOf", { order: delivery.orderID })}</h2>
        <button type="button" class="btn btn-small page-actions" onClick={onClose}>
          {t("close")}
        </button>
      </div>
      <Facts facts={facts} />
      {canModify && delivery.canModify ? (
        <UpdateForm delivery={delivery} onSaved={onSaved} />
      ) : (
        <p class="muted">{t("noLongerModifiable")}</p>
      )}
    </div>
  );
}

/** @param {{ user: Schemas["SessionBody"] }} props */
export default function DeliveryScreen({ user }) {
  const manager = user.userType === AREA_MANAGER;
  const agents = useAgents(manager);
  const [agent, setAgent] = useState("");
  const [screen, setScreen] = useState(/** @type {Schemas["DeliveryScreen"] | null} */ (null));
  const [selected, setSelected] = useState(/** @type {Schemas["Delivery"] | null} */ (null));
  useEffect(() => {
    if (manager && !agent && agents.data && agents.data.length) setAgent(String(agents.data[0].uid));
  }, [agents.data, manager, agent]);
  const loadDefault = () => {
    if (manager && !agent) return;
    deliveryScreen(manager ? agent : null)
      .then((s) => {
        setScreen(s);
        setSelected(null);
      })
      .catch((err) => alertError(err.message));
  };
  useEffect(loadDefault, [agent, manager]);
  /** @param {Schemas["DeliverySuggestion"]} s */
  const pick = (s) =>
    deliveryDetails({ query: s.display, matchedColumn: s.matchedColumn })
      .then((r) => {
        setScreen({ ...screen, canModify: r.canModify, deliveryDetails: r.deliveryDetails });
        setSelected(null);
      })
      .catch((err) => alertError(err.message));
  return (
    <section>
      <PageHeader title={t("searchTitle")} />
      {manager && (
        <Select
          id="agent"
          label={t("agent")}
          value={agent}
          onChange={(e) => setAgent(e.currentTarget.value)}
          placeholder={null}
          options={(agents.data || []).map((a) => ({ value: String(a.uid), label: a.name }))}
        />
      )}
      <SuggestBox
        id="deliverySearch"
        label={t("searchDelivery")}
        placeholder={t("orderIdOrName")}
        fetchItems={searchDeliveries}
        labelOf={(s) => s.display}
        onPick={pick}
      />
      {!screen ? (
        <Loading />
      ) : (
        <>
          <Tiles d={screen.orderDelivered} />
          <DataTable
            pageSize={5}
            serial={false}
            testId="delivery-table"
            rows={screen.deliveryDetails}
            empty={t("noDeliveries")}
            columns={[
              { key: "orderID", label: t("orderId") },
              { key: "plannedDeliveryDate", label: t("plannedDelivery"), render: (d) => formatDate(d.plannedDeliveryDate) },
              { key: "buyerName", label: t("retailer") },
              { key: "deliveryStatus", label: t("deliveryStatus"), render: (d) => d.deliveryStatus || "—" },
              { key: "status", label: t("approval"), render: (r) => deliveryApprovalLabel(r.approveStatus) },
              {
                key: "open",
                label: "",
                title: t("details"),
                render: (d) => (
                  <button type="button" class="btn btn-small" onClick={() => setSelected(d)}>
                    {t("view")}
                  </button>
                ),
              },
            ]}
          />
          {selected && (
            <Detail delivery={selected} canModify={screen.canModify} onClose={() => setSelected(null)} onSaved={loadDefault} />
          )}
        </>
      )}
    </section>
  );
}
