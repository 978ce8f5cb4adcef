// Schemes (issue #52; right scheme_master, administrators): the trade schemes, 30 a page, those not
// ended first (GET /master/scheme?active=&pageNumber=); Add and Edit in one form that follows the
// kind (POST /master/scheme: an edit is a new version, orders keep the one they were priced with);
// End with a confirmation (POST /master/scheme/{id}/end: it no longer applies from tomorrow). The
// server's refusals show in the user's language, by their code.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertSuccess } from "../../lib/alerts";
import { ConfirmDialog } from "../../lib/confirm";
import { DateInput } from "../../lib/date-input";
import { formatDate, money } from "../../lib/format";
import { invalidate } from "../../lib/resource-store";
import { ServerTable } from "../../lib/server-page";
import { PageHeader, Select, SubmitButton, TextInput } from "../../lib/ui";
import { Modal, ModalActions } from "../../lib/modal";
import { allProducts, endScheme, saveScheme, scheme, useSchemeList } from "./api";
import { SchemeRows } from "./scheme-rows";
import { KINDS, LINE_KINDS, SLABLESS, bodyOf, emptyForm, formOf, problemsOf, rewardOf, thresholdOf } from "./scheme-form";
import { t } from "./text";
import "./schemes.css";

const PAGE = 30;

/** @typedef {import("./scheme-form").SchemeForm} SchemeForm */
/** @typedef {{ productId: number, productName: string }} ProductRef */

/** The label of a kind. @param {string} kind */
const kindLabel = (kind) =>
  ({
    free_every: t("kindFreeEvery"),
    free_slab: t("kindFreeSlab"),
    line_percent: t("kindLinePercent"),
    line_flat: t("kindLineFlat"),
    combo: t("kindCombo"),
    order_percent: t("kindOrderPercent"),
    order_flat: t("kindOrderFlat"),
  })[kind] ?? kind;

/** @param {string} id @param {any} errors */
const err = (id, errors) => (errors[id] ? t(errors[id]) : undefined);

/**
 * The product choices (a filter over the catalogue, ticked ones first).
 * @param {{ products: ProductRef[], value: number[], onChange: (v: number[]) => void }} props
 */
function ProductPicker({ products, value, onChange }) {
  const [filter, setFilter] = useState("");
  const shown = products.filter(
    (p) => value.includes(p.productId) || p.productName.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  shown.sort((a, b) => Number(value.includes(b.productId)) - Number(value.includes(a.productId)));
  return (
    <fieldset class="choice scheme-products" data-testid="scheme-products">
      <legend>{t("pickProducts")}</legend>
      <input
        type="search"
        aria-label={t("filterProducts")}
        placeholder={t("filterProducts")}
        value={filter}
        onInput={(e) => setFilter(e.currentTarget.value)}
      />
      <div class="scheme-product-list">
        {shown.slice(0, 50).map((p) => (
          <label key={p.productId}>
            <input
              type="checkbox"
              checked={value.includes(p.productId)}
              onChange={() =>
                onChange(value.includes(p.productId) ? value.filter((x) => x !== p.productId) : [...value, p.productId])
              }
            />{" "}
            {p.productName}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Add (no `schemeId`) or Edit (a new version of `schemeId`).
 * @param {{ schemeId: number | null, onClose: () => void, onSaved: () => void }} props
 */
function SchemeDialog({ schemeId, onClose, onSaved }) {
  const [form, setForm] = useState(/** @type {SchemeForm | null} */ (schemeId ? null : emptyForm()));
  const [version, setVersion] = useState(/** @type {number | null} */ (null));
  const [products, setProducts] = useState(/** @type {ProductRef[]} */ ([]));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [serverError, setServerError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    allProducts()
      .then((list) => setProducts(list.map((p) => ({ productId: p.productId, productName: p.productName }))))
      .catch((e) => alertError(e.message));
    if (schemeId)
      scheme(schemeId)
        .then((s) => {
          setForm(formOf(s));
          setVersion(s.version ?? null);
        })
        .catch((e) => {
          alertError(e.message);
          onClose();
        });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per dialog
  }, []);
  if (!form) return null;
  const f = form;
  /** @param {Partial<SchemeForm>} change */
  const update = (change) => setForm({ ...f, ...change });
  /** @param {keyof SchemeForm} field */
  const input = (field) => (/** @type {any} */ e) => update({ [field]: e.currentTarget.value });
  /**
   * A number of the scheme, its field, id and error all of one name.
   * @param {"every" | "freeQuantity" | "flat" | "maxDiscount"} field
   * @param {string} label
   * @param {"numeric" | "decimal"} inputMode
   */
  const numberInput = (field, label, inputMode) => (
    <TextInput
      id={field}
      label={label}
      value={f[field]}
      onInput={input(field)}
      inputMode={inputMode}
      error={err(field, errors)}
    />
  );
  /**
   * A choice of the scheme among `options` ([value, label]), one always taken.
   * @param {"threshold" | "comboReward"} field
   * @param {string} label
   * @param {[string, string][]} options
   */
  const choiceInput = (field, label, options) => (
    <Select
      id={field}
      label={label}
      value={f[field]}
      onChange={input(field)}
      placeholder={null}
      options={options.map(([value, text]) => ({ value, label: text }))}
    />
  );
  const productOptions = products.map((p) => ({ value: String(p.productId), label: p.productName }));
  const byValue = thresholdOf(f) === "value";
  const reward = rewardOf(f.kind);
  const rewardLabel =
    reward === "free"
      ? t("freeQuantity")
      : reward === "percent"
        ? t("percent")
        : f.kind === "line_flat"
          ? t("flatPerPiece")
          : t("flat");
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    const found = problemsOf(f);
    setErrors(found);
    setServerError("");
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const r = await saveScheme(/** @type {any} */ (bodyOf(f, schemeId)));
      alertSuccess(r.message);
      onSaved();
    } catch (/** @type {any} */ e) {
      // The server's refusal, in the user's language by its code (lib/api-client.js).
      setServerError(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      onClose={() => !busy && onClose()}
      class="modal modal-wide scheme-dialog"
      titleId="scheme-title"
      title={schemeId ? t("editTitle") : t("addTitle")}
    >
      {version !== null && <p class="muted">{t("version", { version })}</p>}
      <form onSubmit={submit} noValidate>
        <TextInput
          id="schemeName"
          label={t("name")}
          value={f.name}
          onInput={input("name")}
          error={err("name", errors)}
          maxLength={200}
        />
        <Select
          id="schemeKind"
          label={t("kind")}
          value={f.kind}
          onChange={input("kind")}
          error={err("kind", errors)}
          options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
        />
        <div class="scheme-pair">
          <DateInput
            id="validFrom"
            label={t("validFrom")}
            value={f.validFrom}
            onValue={(v) => update({ validFrom: v })}
            error={err("validFrom", errors)}
          />
          <DateInput id="validTo" label={t("validTo")} value={f.validTo} onValue={(v) => update({ validTo: v })} />
        </div>
        <div class="scheme-pair">
          <TextInput id="priority" label={t("priority")} value={f.priority} onInput={input("priority")} inputMode="numeric" />
          <TextInput
            id="exclusiveGroup"
            label={t("exclusiveGroup")}
            value={f.exclusiveGroup}
            onInput={input("exclusiveGroup")}
            maxLength={100}
          />
        </div>
        {LINE_KINDS.includes(f.kind) && (
          <ProductPicker products={products} value={f.products} onChange={(v) => update({ products: v })} />
        )}
        {f.kind === "free_every" && (
          <div class="scheme-pair">
            {numberInput("every", t("every"), "numeric")}
            {numberInput("freeQuantity", t("freeQuantity"), "numeric")}
          </div>
        )}
        {(f.kind === "free_every" || f.kind === "free_slab" || (f.kind === "combo" && f.comboReward === "free")) && (
          <Select
            id="freeProduct"
            label={t("freeProduct")}
            value={f.freeProductId}
            onChange={input("freeProductId")}
            placeholder={f.kind === "combo" ? undefined : t("sameProduct")}
            options={productOptions}
          />
        )}
        {f.kind === "line_percent" &&
          choiceInput("threshold", t("threshold"), [
            ["quantity", t("byQuantity")],
            ["value", t("byValue")],
          ])}
        {f.kind && !SLABLESS.includes(f.kind) && (
          <SchemeRows of="slabs" rows={f.slabs} blank={{ min: "", reward: "" }} onChange={(slabs) => update({ slabs })}>
            {(s, i, set) => (
              <>
                <TextInput
                  id={`slab${i}min`}
                  label={byValue ? t("minValue") : t("minQuantity")}
                  value={s.min}
                  inputMode={byValue ? "decimal" : "numeric"}
                  error={err(`slab${i}min`, errors)}
                  onInput={(e) => set({ min: e.currentTarget.value })}
                />
                <TextInput
                  id={`slab${i}reward`}
                  label={rewardLabel}
                  value={s.reward}
                  inputMode={reward === "free" ? "numeric" : "decimal"}
                  error={err(`slab${i}reward`, errors)}
                  onInput={(e) => set({ reward: e.currentTarget.value })}
                />
              </>
            )}
          </SchemeRows>
        )}
        {f.kind === "combo" && (
          <>
            <SchemeRows
              of="components"
              rows={f.components}
              blank={{ productId: "", quantity: "" }}
              onChange={(components) => update({ components })}
            >
              {(c, i, set) => (
                <>
                  <Select
                    id={`component${i}product`}
                    label={t("product")}
                    value={c.productId}
                    options={productOptions}
                    onChange={(e) => set({ productId: e.currentTarget.value })}
                  />
                  <TextInput
                    id={`component${i}quantity`}
                    label={t("quantity")}
                    value={c.quantity}
                    inputMode="numeric"
                    error={err(`component${i}`, errors)}
                    onInput={(e) => set({ quantity: e.currentTarget.value })}
                  />
                </>
              )}
            </SchemeRows>
            {choiceInput("comboReward", t("comboReward"), [
              ["free", t("comboFree")],
              ["flat", t("comboFlat")],
            ])}
            {f.comboReward === "free"
              ? numberInput("freeQuantity", t("freeQuantity"), "numeric")
              : numberInput("flat", t("flat"), "decimal")}
          </>
        )}
        {f.kind === "order_percent" && numberInput("maxDiscount", t("maxDiscount"), "decimal")}
        <fieldset class="choice">
          <legend>{t("retailerTypes")}</legend>
          {[
            ["Retailer", t("retailer")],
            ["Wholesaler", t("wholesaler")],
          ].map(([value, label]) => (
            <label key={value}>
              <input
                type="checkbox"
                checked={f.retailerTypes.includes(value)}
                onChange={() =>
                  update({
                    retailerTypes: f.retailerTypes.includes(value)
                      ? f.retailerTypes.filter((x) => x !== value)
                      : [...f.retailerTypes, value],
                  })
                }
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        <TextInput id="states" label={t("states")} value={f.states} onInput={input("states")} />
        {serverError && (
          <p class="field-error scheme-refusal" role="alert" data-testid="scheme-refusal">
            {serverError}
          </p>
        )}
        <ModalActions closeText={t("cancel")} onClose={onClose} disabled={busy}>
          <SubmitButton busy={busy}>{t("save")}</SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** What a scheme gives, in a few words. @param {Record<string, any>} s */
function summary(s) {
  if (s.kind === "free_every") return t("summaryEvery", { free: s.freeQuantity, every: s.every });
  if (s.kind === "combo") return t("summaryCombo", { count: (s.components ?? []).length });
  return t("summarySlabs", { count: (s.slabs ?? []).length });
}

/** Where a scheme stands. @param {Record<string, any>} s @param {string} today */
function statusOf(s, today) {
  if (s.status === "ended") return t("statusEnded");
  if (s.status === "upcoming") return t("statusUpcoming");
  return s.validTo === today ? t("endsToday") : t("statusActive");
}

/** Today in the company's time zone, as the server's dates. */
function todayText() {
  const d = new Date();
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function SchemesScreen() {
  const [, navigate] = useLocation();
  const list = useSchemeList();
  const { page, setPage, answer } = list;
  const active = list.filter.active;
  const [editing, setEditing] = useState(/** @type {{ schemeId: number | null } | null} */ (null));
  const [ending, setEnding] = useState(/** @type {Record<string, any> | null} */ (null));
  const today = todayText();
  const end = async () => {
    const s = ending;
    setEnding(null);
    if (!s) return;
    try {
      const r = await endScheme(s.schemeId);
      alertSuccess(r.message);
      invalidate("/master/scheme");
    } catch (/** @type {any} */ e) {
      alertError(e.message);
    }
  };
  return (
    <section class="schemes-screen">
      <PageHeader title={t("schemes")} back="/home">
        <button type="button" class="btn" onClick={() => navigate("/master/scheme-upload")}>
          {t("upload")}
        </button>
        <button type="button" class="btn btn-primary" onClick={() => setEditing({ schemeId: null })}>
          {t("add")}
        </button>
      </PageHeader>
      <Select
        id="schemeActive"
        label={t("show")}
        value={active}
        placeholder={null}
        onChange={(e) => list.apply({ active: e.currentTarget.value })}
        options={[
          { value: "true", label: t("showActive") },
          { value: "false", label: t("showEnded") },
          { value: "", label: t("showAll") },
        ]}
      />
      <ServerTable
        answer={answer}
        page={page}
        onPage={setPage}
        pageSize={PAGE}
        rowKey="schemeId"
        nouns={[t("schemeOne"), t("schemeMany")]}
        countTestId="schemes-count"
        testId="schemes-table"
        empty={t("noSchemes")}
        rowClass={(s) => (s.status === "ended" ? "row-retired" : undefined)}
        columns={[
          { key: "name", label: t("name"), wrap: true },
          {
            key: "kind",
            label: t("kind"),
            wrap: true,
            render: (s) => (
              <div>
                <div>{kindLabel(s.kind)}</div>
                <div class="muted">{summary(s) + (s.maxDiscount != null ? ` · ≤ ${money(s.maxDiscount)}` : "")}</div>
              </div>
            ),
          },
          {
            key: "valid",
            label: t("validity"),
            render: (s) => (
              <>
                {formatDate(s.validFrom)} –<br />
                {s.validTo ? formatDate(s.validTo) : t("openEnded")}
              </>
            ),
          },
          { key: "status", label: t("status"), render: (s) => statusOf(s, today) },
          {
            key: "actions",
            end: true,
            label: t("actions"),
            render: (s) => (
              <span class="scheme-actions">
                <button
                  type="button"
                  class="btn btn-small"
                  aria-label={t("editNamed", { name: s.name })}
                  onClick={() => setEditing({ schemeId: s.schemeId })}
                >
                  {t("edit")}
                </button>
                {s.status !== "ended" && s.validTo !== today && (
                  <button
                    type="button"
                    class="btn btn-small"
                    aria-label={t("endNamed", { name: s.name })}
                    onClick={() => setEnding(s)}
                  >
                    {t("end")}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      {editing && (
        <SchemeDialog
          schemeId={editing.schemeId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            invalidate("/master/scheme");
          }}
        />
      )}
      <ConfirmDialog
        open={!!ending}
        title={t("endTitle")}
        message={ending ? t("endConfirm", { name: ending.name }) : ""}
        onYes={end}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}
