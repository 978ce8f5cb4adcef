// The warning of a logout with visits or orders still on the phone: the shell holds this host,
// which listens for the warning (logout.js); the dialog itself (logout-dialog.jsx) is loaded only
// when one opens, so the first load does not carry it.
import { lazy, Suspense, useEffect, useState } from "react";
import { onLogoutWarning } from "./logout";

const LogoutDialog = lazy(() => import("./logout-dialog"));

/** @typedef {import("./logout").WarningCounts} WarningCounts */

/** @param {{ user: import("../../lib/session").SessionUser }} props */
export function LogoutWarning({ user }) {
  const [counts, setCounts] = useState(/** @type {WarningCounts} */ ({ total: 0, orders: 0 }));
  // Each warning (each logout that meets waiting work) opens the dialog afresh.
  const [shown, setShown] = useState(0);
  useEffect(
    () =>
      onLogoutWarning((next) => {
        setCounts(next);
        setShown((n) => n + 1);
      }),
    [],
  );
  if (!counts.total) return null;
  return (
    <Suspense fallback={null}>
      <LogoutDialog key={shown} user={user} counts={counts} setCounts={setCounts} />
    </Suspense>
  );
}
