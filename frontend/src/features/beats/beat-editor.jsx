// The beat editor (issue #19; right beat_master), `/master/beat/new` and `/master/beat/:beatId`:
// the beat's name, its agent (a manager's own agents, an administrator's any; fixed once saved,
// as the server keeps a beat with its agent), the weekdays it runs, and its customers in visiting
// order, added by the customer search the visit screen uses. Save sends it whole (POST
// /master/beat); the server's refusals (API.md's 400/404/409 messages) show above Save, and a
// refused customer is marked in the list.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { AgentSelect } from "../../lib/agent-select";
import { alertError, alertInfo, alertSuccess } from "../../lib/alerts";
import { useForm } from "../../lib/form";
import { SuggestBox } from "../../lib/suggest";
import { Field, Loading, PageHeader, SubmitButton, TextInput } from "../../lib/ui";
import { BeatStops } from "./beat-stops";
import { refusedBuyer, savedStop, suggestedStop } from "./stops";
import { MAX } from "../../lib/limits";
import { beatDetail, saveBeat, searchCustomers } from "./api";
import { t } from "./text";
import { longDay, shortDay } from "./days";

/** @typedef {import("./api").Schemas} Schemas */
/** @typedef {import("./stops").Stop} Stop */
/** @typedef {{ beatName: string, agentId: number, weekdays: string[], customers: Stop[] }} BeatValues */

const LIST = "/master/beats";
/** The weekday names the API reads and writes, Monday first. */
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MAX_CUSTOMERS = 500;
/** What takes the focus when a field is refused: the first refused one, in the order shown. */
/** @type {Record<keyof BeatValues, string>} */
const FOCUS_OF = { beatName: "beatName", agentId: "agentPicker", weekdays: "day-Mon", customers: "customerSearch" };

/**
 * The server's checks that need no database, with its messages (API.md "Beats").
 * @type {{ beatName: ((v: string) => string | null)[], agentId: ((v: number) => string | null)[],
 *   weekdays: ((v: string[]) => string | null)[], customers: ((v: Stop[]) => string | null)[] }}
 */
const BEAT_RULES = {
  beatName: [
    (v) => (v.trim() === "" ? t("beatNameRequired") : null),
    // Characters as the server counts them, not UTF-16 units.
    (v) => ([...v.trim()].length > MAX.beatName ? t("beatNameMax", { max: MAX.beatName }) : null),
  ],
  agentId: [(v) => (v ? null : t("agentRequired"))],
  weekdays: [(v) => (v.length ? null : t("chooseWeekday"))],
  customers: [
    (v) => (v.length ? null : t("addOneCustomer")),
    (v) => (v.length > MAX_CUSTOMERS ? t("maxCustomers", { max: MAX_CUSTOMERS }) : null),
  ],
};

/**
 * A refused field's message, under it (`below`: under a control that shows none of its own).
 * @param {{ error?: string, below?: boolean }} props
 */
function FieldError({ error, below = false }) {
  if (!error) return null;
  return (
    <small class={below ? "field-error field-error-below" : "field-error"} role="status">
      {error}
    </small>
  );
}

/** @param {{ params?: { beatId?: string } }} props */
export default function BeatEditor({ params }) {
  const [, navigate] = useLocation();
  const beatId = params && params.beatId && params.beatId !== "new" ? Number(params.beatId) : 0;
  const form = useForm(/** @type {BeatValues} */ ({ beatName: "", agentId: 0, weekdays: [], customers: [] }), BEAT_RULES);
  const [agentName, setAgentName] = useState("");
  const [loading, setLoading] = useState(!!beatId);
  const [busy, setBusy] = useState(false);
  // The server's refusal of a save, and the customer it is about (marked in the list).
  const [refusal, setRefusal] = useState(/** @type {{ message: string, buyerId: string | null } | null} */ (null));
  const refusalBox = useRef(/** @type {HTMLParagraphElement | null} */ (null));
  // The refusal sits above Save, below a list that may be long: bring it into view.
  useEffect(() => {
    if (refusal && refusalBox.current) refusalBox.current.scrollIntoView({ block: "nearest" });
  }, [refusal]);
  useEffect(() => {
    if (!beatId) return;
    beatDetail(beatId)
      .then((b) => {
        form.reset({ beatName: b.beatName, agentId: b.agentId, weekdays: b.weekdays, customers: b.customers.map(savedStop) });
        setAgentName(b.agentName);
        setLoading(false);
      })
      .catch((err) => {
        if (err.status === 401) return;
        alertError(err.message);
        navigate(LIST);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per beat; `form` is remade on every render
  }, [beatId]);

  const v = form.values;
  /** @param {string} day */
  const toggleDay = (day) =>
    form.set("weekdays")(
      v.weekdays.includes(day)
        ? v.weekdays.filter((d) => d !== day)
        : WEEKDAYS.filter((d) => d === day || v.weekdays.includes(d)),
    );
  /** @param {Schemas["Suggestion"]} suggestion */
  const add = (suggestion) => {
    if (v.customers.some((c) => c.buyerId === suggestion.buyerId)) {
      alertInfo(t("alreadyOnBeat", { buyerId: suggestion.buyerId }));
      return;
    }
    form.set("customers")([...v.customers, suggestedStop(suggestion)]);
  };
  // Suggestions come from the chosen agent's customers only (before an agent is chosen: all of the
  // caller's), so a customer the server would refuse is never offered.
  /** @param {string} q */
  const search = (q) => searchCustomers(q, v.agentId);
  // Add pressed before the suggestions came (a buyer id typed or scanned whole): that very customer.
  /** @param {string} typed */
  const addTyped = async (typed) => {
    if (!typed) return;
    try {
      const found = await search(typed);
      const exact = found.find((s) => s.buyerId.toLowerCase() === typed.toLowerCase());
      if (exact) add(exact);
      else alertInfo(t("noSuchBuyer", { buyerId: typed }));
    } catch (err) {
      if (err.status !== 401) alertError(err.message);
    }
  };
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setRefusal(null);
    if (!form.validate()) {
      const first = /** @type {(keyof BeatValues)[]} */ (Object.keys(BEAT_RULES)).find((field) =>
        /** @type {((v: unknown) => string | null)[]} */ (BEAT_RULES[field]).some((rule) => rule(v[field])),
      );
      if (first) document.getElementById(FOCUS_OF[first])?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await saveBeat({
        beatId: beatId || null,
        beatName: v.beatName.trim(),
        agentId: v.agentId,
        weekdays: v.weekdays,
        customers: v.customers.map((c) => c.buyerId),
      });
      alertSuccess(r.message);
      navigate(LIST);
    } catch (err) {
      if (err.status !== 401) setRefusal({ message: err.message, buyerId: refusedBuyer(err, v.customers) });
      setBusy(false);
    }
  };

  const title = beatId ? t("editBeat") : t("addBeat");
  // The hint's words around "or by dragging", shown on a screen with a mouse only.
  const hint = t("ownCustomersOnly", { drag: "\u0000" }).split("\u0000");
  if (loading) {
    return (
      <section>
        <PageHeader title={title} back={LIST} />
        <Loading />
      </section>
    );
  }
  return (
    <section>
      <PageHeader title={title} back={LIST} />
      <div class="beat-layout">
        <form id="beatForm" class="card" onSubmit={submit} onFocusOut={form.leave} noValidate>
          <h2>{t("beat")}</h2>
          <TextInput
            id="beatName"
            label={t("beatName")}
            value={v.beatName}
            onInput={form.set("beatName")}
            error={form.errors.beatName}
            maxLength={MAX.beatName}
            autocomplete="off"
          />
          {beatId ? (
            <Field id="agentName" label={t("agent")} hint={t("keepsAgent")}>
              <input id="agentName" value={agentName} readOnly />
            </Field>
          ) : (
            <>
              <AgentSelect value={v.agentId} onChange={form.set("agentId")} />
              <FieldError error={form.errors.agentId} below />
            </>
          )}
          <fieldset class={`choice weekdays${form.errors.weekdays ? " has-error" : ""}`}>
            <legend>{t("weekdays")}</legend>
            {WEEKDAYS.map((d) => (
              <button
                key={d}
                id={`day-${d}`}
                type="button"
                class="day-toggle"
                aria-pressed={v.weekdays.includes(d) ? "true" : "false"}
                title={longDay(d)}
                onClick={() => toggleDay(d)}
              >
                {shortDay(d)}
              </button>
            ))}
            <FieldError error={form.errors.weekdays} />
          </fieldset>
        </form>
        <div class="card">
          <div class="card-title-row">
            <h2>{t("customersInOrder")}</h2>
            {/* No "0 customers" over the empty list's own text (decision 48). */}
            {v.customers.length > 0 && (
              <span class="muted" data-testid="stop-count">
                {t("customerCount", { count: v.customers.length })}
              </span>
            )}
          </div>
          <SuggestBox
            id="customerSearch"
            label={t("addCustomer")}
            placeholder={t("customerSearchHint")}
            buttonText={t("add")}
            clearOnPick
            fetchItems={search}
            labelOf={(s) => s.display}
            onPick={add}
            onSearch={addTyped}
          />
          <p class="hint beat-hint">
            {hint[0]}
            <span class="drag-only">{t("orByDragging")}</span>
            {hint[1]}
          </p>
          <BeatStops
            stops={v.customers}
            onChange={form.set("customers")}
            bad={refusal && refusal.buyerId}
            emptyFocus="customerSearch"
          />
          <FieldError error={form.errors.customers} />
        </div>
      </div>
      {refusal && (
        <p class="form-error" role="alert" data-testid="beat-error" ref={refusalBox}>
          {refusal.message}
        </p>
      )}
      <div class="footer-actions beat-bar">
        <SubmitButton busy={busy} form="beatForm">
          {beatId ? t("update") : t("save")}
        </SubmitButton>
        <a class="btn" href={`#${LIST}`}>
          {t("cancel")}
        </a>
      </div>
    </section>
  );
}
