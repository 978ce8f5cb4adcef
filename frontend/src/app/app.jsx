// The application: hash routing over the route table (routes.jsx), each route behind its guards
// (guards.jsx); anything else falls back to the login screen.
import { Suspense, useEffect, useState } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { ROUTES } from "./routes";
import { GuardedRoute } from "./guards";
import { Alerts } from "../lib/alerts";
import { Loading } from "../lib/ui";
import { getSession, onSessionChange } from "../lib/session";
import { refreshSession } from "../lib/session-check";

export function App() {
  const [user, setUser] = useState(getSession());
  useEffect(() => onSessionChange(setUser), []);
  // At startup a stored session is checked once: fresh rights, the app version, an ended session.
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);
  return (
    <Router hook={useHashLocation}>
      <Alerts />
      <Suspense fallback={<Loading />}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params) => <GuardedRoute route={route} user={user} params={{ ...params, ...route.params }} />}
            </Route>
          ))}
          <Route>
            <Redirect to="/login" />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
