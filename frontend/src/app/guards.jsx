// Route guards as components. A route of the table (routes.jsx) is either a signed-out screen
// (no shell) or a signed-in one: no session goes to login, a pending forced password change goes
// to the change screen, a missing right goes to /unauthorized (spec 1 §4 and §5, spec 2 §2 "Shell").
import { Suspense } from "react";
import { Redirect } from "wouter";
import { Shell } from "./shell";
import { hasRight } from "../lib/session";
import { Loading } from "../lib/ui";

/** @typedef {import("../lib/session").SessionUser} SessionUser */
/** @typedef {import("preact").ComponentChildren} Children */

/**
 * A signed-out screen: login, forgot password, forced password change. No shell.
 * @param {{ children: Children }} props
 */
export function PublicPage({ children }) {
  return (
    <div class="public-page">
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </div>
  );
}

/**
 * Needs a session; a user who must change their password gets nothing else.
 * @param {{ user: SessionUser | null, children: Children }} props
 */
export function RequireUser({ user, children }) {
  if (!user || !user.token) return <Redirect to="/login" />;
  if (user.forcePasswordUpdate) return <Redirect to="/app/force-password-update" />;
  return children;
}

/**
 * Needs `right` (null: any signed-in user).
 * @param {{ user: SessionUser | null, right?: string | null, children: Children }} props
 */
export function RequireRight({ user, right, children }) {
  if (right && !hasRight(user, right)) return <Redirect to="/unauthorized" />;
  return children;
}

/**
 * One route of the table, with its guards and, when signed in, the shell. The screen is keyed by
 * its route, so moving to another route starts it afresh while the shell stays.
 * @param {{ route: import("./routes").Route, user: SessionUser | null, params: Record<string, string> }} props
 */
export function GuardedRoute({ route, user, params }) {
  const Screen = route.screen;
  if (route.public) {
    return (
      <PublicPage>
        <Screen key={route.path} params={params} user={user} />
      </PublicPage>
    );
  }
  return (
    <RequireUser user={user}>
      {/* RequireUser shows this only with a user; `user &&` says so to the type checker. */}
      {user && (
        <RequireRight user={user} right={route.right}>
          <Shell user={user}>
            <Screen key={route.path} params={params} user={user} />
          </Shell>
        </RequireRight>
      )}
    </RequireUser>
  );
}
