// Check RCA/AM A/C (spec 2 "Impersonation screen", §4 "Impersonation"): an administrator picks an
// agent or a manager and opens their account in a new tab; that tab's landing route exchanges the
// one-time token for the other user's session, kept in this tab only.
import { t } from "./text";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertInfo } from "../../lib/alerts";
import { homeRouteFor, startImpersonation } from "../../lib/session";
import { Loading, PageHeader, Select, SubmitButton } from "../../lib/ui";
import { useApi, useSaving } from "../../lib/use-api";
import { amList, impersonate, impersonationToken, rcaList } from "./api";

/** @typedef {import("../../../types/api").components["schemas"]["Account"]} Account */
/** @typedef {"RCA" | "AM"} Kind */

/** @type {Record<Kind, () => string>} */
const FAILED = { RCA: () => t("failedRca"), AM: () => t("failedAm") };
/** @type {Record<Kind, () => string>} */
const INVALID = { RCA: () => t("invalidRca"), AM: () => t("invalidAm") };

/** The accounts of each kind an administrator may open. */
const SOURCES = { RCA: rcaList, AM: amList };

/** An account as the pickers show it: "Ravi Kumar (agent1@demo.test)". @param {Account} u */
const shown = (u) => `${u.name} (${u.userName})`;

/**
 * The accounts a search keeps (spec 2 "Impersonation screen": a search box with suggestions and a
 * dropdown): every one for no text, else those whose name or login id holds the text.
 * @param {Account[]} list @param {string} text
 */
export function matching(list, text) {
  const q = text.trim().toLowerCase();
  return q ? list.filter((u) => shown(u).toLowerCase().includes(q)) : list;
}

/**
 * One kind's picker: the search box narrows the dropdown (a text that is exactly one account
 * chooses it), the dropdown chooses, Login opens the chosen account.
 * @param {{ kind: Kind }} props
 */
function Picker({ kind }) {
  const { data } = useApi(SOURCES[kind], { initial: /** @type {Account[]} */ ([]) });
  const [text, setText] = useState("");
  const [chosenId, setChosenId] = useState("");
  const [busy, saving] = useSaving();
  const id = `pick${kind}`;
  const options = matching(data, text);
  /** @param {string} typed */
  const search = (typed) => {
    setText(typed);
    const exact = data.find((u) => shown(u) === typed.trim() || u.userName === typed.trim());
    const left = matching(data, typed);
    // An exact text, or the one account left, is chosen; a choice the search hides is dropped.
    if (exact) setChosenId(String(exact.uid));
    else if (left.length === 1) setChosenId(String(left[0].uid));
    else if (!left.some((u) => String(u.uid) === chosenId)) setChosenId("");
  };
  const login = async (/** @type {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} */ e) => {
    e.preventDefault();
    if (busy) return;
    const chosen = options.find((u) => String(u.uid) === chosenId);
    if (!chosen) {
      alertInfo(INVALID[kind]());
      return;
    }
    // The tab is opened now, inside the click, so no pop-up blocker stops it.
    const tab = window.open("about:blank", "_blank");
    await saving(async () => {
      try {
        const r = await impersonationToken(chosen.userName);
        if (tab) tab.location.href = `${window.location.pathname}#/user/rca-am-login/${r.token}`;
      } catch (err) {
        if (tab) tab.close();
        alertError(FAILED[kind]());
      }
    });
  };
  return (
    <form class="card" onSubmit={login} noValidate>
      <h2>{kind}</h2>
      <div class="field">
        <label for={id}>{t("search", { kind })}</label>
        <input
          id={id}
          type="search"
          list={`${id}-list`}
          value={text}
          onInput={(e) => search(e.currentTarget.value)}
          placeholder={t("nameOrLogin")}
          autocomplete="off"
        />
        <datalist id={`${id}-list`}>{text.trim() && options.map((u) => <option key={u.uid} value={shown(u)} />)}</datalist>
      </div>
      <Select
        id={`${id}-user`}
        label={t("account", { kind })}
        value={chosenId}
        onChange={(e) => setChosenId(e.currentTarget.value)}
        options={options.map((u) => ({ value: String(u.uid), label: shown(u) }))}
        placeholder={options.length ? t("select") : t("noneFound")}
        data-testid={`pick-${kind}`}
      />
      <div class="actions">
        <SubmitButton busy={busy}>{t("login")}</SubmitButton>
      </div>
    </form>
  );
}

export function ImpersonationScreen() {
  return (
    <section>
      <PageHeader title={t("checkAccount")} back="/home" />
      <div class="visit-layout">
        <Picker kind="RCA" />
        <Picker kind="AM" />
      </div>
    </section>
  );
}

/** @param {import("../../lib/session").ScreenProps} props */
export function ImpersonationLanding({ params }) {
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    impersonate(params.token)
      .then((user) => {
        startImpersonation(user);
        navigate(homeRouteFor(user.userType));
      })
      .catch(() => {
        setFailed(true);
        alertError(FAILED.RCA());
      });
  }, [params.token, navigate]);
  return <section class="message-page">{failed ? <p>{FAILED.RCA()}</p> : <Loading text={t("loggingIn")} />}</section>;
}
