// The screen the app opens on: its code and first calls start here, before the rest of the app is
// evaluated and rendered (app.jsx imports this module right after the route table). On a slow phone
// that is about 0.1 s before the first render would start them; the screen's lazy load and
// CurrentRoute (app.jsx) then find them under way.
import { prefetch } from "../lib/prefetch";
import { getSession } from "../lib/session";
import { findRoute, letsIn, routeCalls } from "./routes";

const found = findRoute("/" + location.hash.replace(/^#?\/?/, ""));
const user = getSession();
const shown = found && (found.route.public || letsIn(found.route, user));

/**
 * Settles once the opened screen's code is in (at once where none started). What can wait for it
 * does, the offline engine (app.jsx): its chunk then takes no share of the screen's network.
 * A failed load is the screen's to show (its lazy load asks again).
 * @type {Promise<unknown>}
 */
export const opened = found && shown ? found.route.screen.load().catch(() => {}) : Promise.resolve();
if (navigator.onLine) routeCalls(found, user).forEach(prefetch);
