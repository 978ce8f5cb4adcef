// The application: hash routing over the route table, guards, the shell for signed-in screens.
import { Suspense, useEffect, useState } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { ROUTES } from "./routes";
import { Shell } from "./shell";
import { Alerts } from "../lib/alerts";
import { Loading } from "../lib/ui";
import { getSession, hasRight, onSessionChange } from "../lib/session";

function Guarded({ route, user, params }) {
  const Screen = route.screen;
  if (route.public) {
    return (
      <div class="public-page">
        <Screen params={params} user={user} />
      </div>
    );
  }
  if (!user) return <Redirect to="/login" />;
  if (user.forcePasswordUpdate) return <Redirect to="/app/force-password-update" />;
  if (route.right && !hasRight(user, route.right)) return <Redirect to="/unauthorized" />;
  return (
    <Shell user={user}>
      <Screen params={params} user={user} />
    </Shell>
  );
}

export function App() {
  const [user, setUser] = useState(getSession());
  useEffect(() => onSessionChange(setUser), []);
  return (
    <Router hook={useHashLocation}>
      <Alerts />
      <Suspense fallback={<Loading />}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params) => <Guarded route={route} user={user} params={{ ...params, ...route.params }} />}
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
