// The application: hash routing over the route table (routes.jsx), each route behind its guards
// (guards.jsx); anything else falls back to the login screen. The matched route is found here
// rather than with <Switch>, so the shell stays mounted (menu scroll, no flicker) while only the
// screen changes.
import { Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Redirect, Router, useLocation } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { findRoute, routeCalls } from "./routes";
// Right after the route table and before the shell's modules are evaluated: the opened screen's
// code and first calls start there.
import { opened } from "./start";
import { GuardedRoute } from "./guards";
import { Alerts } from "../lib/alerts-view";
import { Loading } from "../lib/ui";
import { formats, formatsOfSession, setFormats } from "../lib/format-settings";
import { currentLanguage, loadLanguage, onLanguage } from "../lib/i18n/messages";
import { getSession, onSessionChange } from "../lib/session";
import { prefetch } from "../lib/prefetch";
import { refreshSession } from "../lib/session-check";
import { loadEngine, offlineEnabled } from "../lib/offline/status";
import { UpdatePrompt } from "./update-prompt";

/** @typedef {import("../../types/client").GetCall} GetCall */

/** @typedef {import("../lib/session").SessionUser} SessionUser */
/** @typedef {typeof import("../lib/offline/engine")} Engine the offline engine's module */

/** @param {{ user: SessionUser | null }} props */
function CurrentRoute({ user }) {
  const [location] = useLocation();
  const found = findRoute(location);
  // The screen's first calls start with its code's download, for a user the guards let in; right
  // after this render (a layout effect: a plain one would wait for the first paint). On opening the
  // app, app/start.js started them already (prefetch does not ask twice).
  const calls = JSON.stringify(routeCalls(found, user));
  useLayoutEffect(() => {
    if (navigator.onLine) /** @type {GetCall[]} */ (JSON.parse(calls)).forEach(prefetch);
  }, [calls]);
  if (!found) return <Redirect to="/login" />;
  return <GuardedRoute route={found.route} user={user} params={found.params} />;
}

export function App() {
  // The session answer names the formats (lib/format.js) and the language of the server's messages
  // (lib/i18n/messages.js, whose Hindi loads only for a Hindi session): set before the first render
  // and on every change of session; a change of formats renders the app again, every screen with it.
  const [user, setUser] = useState(() => {
    const session = getSession();
    setFormats(formatsOfSession(session));
    loadLanguage(formatsOfSession(session).locale);
    return session;
  });
  const [, setShownFormats] = useState(formats.get());
  useEffect(() => formats.subscribe(setShownFormats), []);
  // The screens' texts (lib/i18n/catalogue.js) change once a language's table has loaded.
  const [, setShownLanguage] = useState(currentLanguage());
  useEffect(() => onLanguage(setShownLanguage), []);
  useEffect(
    () =>
      onSessionChange((next) => {
        setFormats(formatsOfSession(next));
        loadLanguage(formatsOfSession(next).locale);
        setUser(next);
      }),
    [],
  );
  // At startup a stored session is checked once: fresh rights, the app version, an ended session.
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);
  // An agent's offline work (the visit queue, the customer copy) runs while they are signed in;
  // the engine chunk loads only for them, once the opened screen's code is in (app/start.js).
  const offlineUid = user && offlineEnabled(user) ? user.uid : null;
  useEffect(() => {
    if (offlineUid == null) return undefined;
    let stop = false;
    opened.then(loadEngine).then((/** @type {Engine} */ m) => {
      const session = getSession();
      if (!stop && session) m.startOffline(session);
    });
    return () => {
      stop = true;
      loadEngine().then((/** @type {Engine} */ m) => m.stopOffline());
    };
  }, [offlineUid]);
  return (
    <Router hook={useHashLocation}>
      <Alerts />
      <UpdatePrompt />
      <Suspense fallback={<Loading />}>
        <CurrentRoute user={user} />
      </Suspense>
    </Router>
  );
}
