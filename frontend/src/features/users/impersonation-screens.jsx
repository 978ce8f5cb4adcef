// Check RCA/AM A/C (spec 2 "Impersonation screen", §4 "Impersonation"): an administrator picks an
// agent or a manager and opens their account in a new tab; that tab's landing route exchanges the
// one-time token for the other user's session, kept in this tab only.
import { t } from "./text";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { alertError, alertInfo } from "../../lib/alerts";
import { homeRouteFor, startImpersonation } from "../../lib/session";
import { Loading, PageHeader, SubmitButton } from "../../lib/ui";
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

/** @param {{ kind: Kind }} props */
function Picker({ kind }) {
  const { data } = useApi(SOURCES[kind], { initial: /** @type {Account[]} */ ([]) });
  const [text, setText] = useState("");
  const [busy, saving] = useSaving();
  const id = `pick${kind}`;
  const login = async (/** @type {import("preact").JSX.TargetedSubmitEvent<HTMLFormElement>} */ e) => {
    e.preventDefault();
    if (busy || !text.trim()) return;
    const chosen = data.find((u) => `${u.name} (${u.userName})` === text.trim() || u.userName === text.trim());
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
      <label for={id}>{t("search", { kind })}</label>
      <input
        id={id}
        list={`${id}-list`}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        placeholder={t("nameOrLogin")}
        autocomplete="off"
      />
      <datalist id={`${id}-list`}>
        {text.trim() && data.map((u) => <option key={u.uid} value={`${u.name} (${u.userName})`} />)}
      </datalist>
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
