// The screen the app opens on: its code and first calls start here, before the rest of the app is
// evaluated and rendered (app.jsx imports this module right after the route table, for this side
// effect). On a slow phone that is about 0.1 s before the first render would start them; the
// screen's lazy load and CurrentRoute (app.jsx) then find them under way.
import { prefetch } from "../lib/prefetch";
import { getSession } from "../lib/session";
import { findRoute, letsIn, routeCalls } from "./routes";

const found = findRoute("/" + location.hash.replace(/^#?\/?/, ""));
const user = getSession();
if (found && (found.route.public || letsIn(found.route, user))) {
  // A failed load is the screen's to show: its lazy load asks again.
  found.route.screen.load().catch(() => {});
  if (navigator.onLine) routeCalls(found, user).forEach(prefetch);
}
