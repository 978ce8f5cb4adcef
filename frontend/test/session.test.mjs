// The session helpers (lib/session.js): where each user lands, rights, the stored session and an
// impersonation tab's, and the reload on a new server version.
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { ADMINISTRATOR, AGENT, AREA_MANAGER, BACK_OFFICE, RIGHT } from "../src/lib/rights.js";
import {
  APP_VERSION,
  checkVersion,
  clearSession,
  endImpersonation,
  getOwnSession,
  getSession,
  hasRight,
  homeRouteFor,
  IMPERSONATION_KEY,
  landingRouteFor,
  onSessionChange,
  setSession,
  startImpersonation,
} from "../src/lib/session.js";

const admin = { uid: 1, token: "admin-token", userType: ADMINISTRATOR, name: "Admin", userRights: [RIGHT.USER_MASTER] };
const agent = { uid: 7, token: "agent-token", userType: AGENT, name: "Agent", userRights: [RIGHT.CUSTOMER_VISIT] };

beforeEach(resetBrowser);

test("the user types are the server's numbers", () => {
  assert.deepEqual([ADMINISTRATOR, BACK_OFFICE, AREA_MANAGER, AGENT], [1, 2, 3, 4]);
});

test("each user type has its home (spec 1 §2; agents their day, issue #19)", () => {
  assert.equal(homeRouteFor(ADMINISTRATOR), "/home");
  assert.equal(homeRouteFor(BACK_OFFICE), "/customer/visit");
  assert.equal(homeRouteFor(AREA_MANAGER), "/landing/retailer-bucket");
  assert.equal(homeRouteFor(AGENT), "/today");
  assert.equal(homeRouteFor("4"), "/today", "a type given as text");
  assert.equal(homeRouteFor(undefined), "/customer/visit");
});

test("the landing route: login when signed out, the forced change first, else home", () => {
  assert.equal(landingRouteFor(null), "/login");
  assert.equal(landingRouteFor({ userType: AGENT }), "/login", "no token");
  assert.equal(landingRouteFor({ ...agent, forcePasswordUpdate: true }), "/app/force-password-update");
  assert.equal(landingRouteFor(agent), "/today");
  assert.equal(landingRouteFor({ ...admin, userType: AREA_MANAGER }), "/landing/retailer-bucket");
});

test("hasRight reads the session's rights and is false without a user or rights", () => {
  assert.equal(hasRight(agent, RIGHT.CUSTOMER_VISIT), true);
  assert.equal(hasRight(agent, RIGHT.USER_MASTER), false);
  assert.equal(hasRight(null, RIGHT.CUSTOMER_VISIT), false);
  assert.equal(hasRight({ ...agent, userRights: undefined }, RIGHT.CUSTOMER_VISIT), false);
});

test("the session is kept in localStorage; listeners hear every change", () => {
  const heard = [];
  const stop = onSessionChange((u) => heard.push(u && u.uid));
  assert.equal(getSession(), null);
  setSession(admin);
  assert.deepEqual(getSession(), admin);
  assert.deepEqual(JSON.parse(localStorage.getItem("fieldsales.session")), admin);
  clearSession();
  assert.equal(getSession(), null);
  stop();
  setSession(agent);
  assert.deepEqual(heard, [1, null]);
});

test("a damaged stored session reads as signed out", () => {
  localStorage.setItem("fieldsales.session", "{not json");
  assert.equal(getOwnSession(), null);
  assert.equal(landingRouteFor(getSession()), "/login");
});

test("an impersonation tab works as the other user while the own session stays", () => {
  setSession(admin);
  startImpersonation(agent);
  assert.equal(sessionStorage.getItem(IMPERSONATION_KEY), "agent-token");
  assert.equal(getSession().uid, agent.uid);
  assert.equal(getOwnSession().uid, admin.uid);
  endImpersonation();
  assert.equal(sessionStorage.getItem(IMPERSONATION_KEY), null);
  assert.equal(getSession().uid, admin.uid);
});

test("a new server version reloads the page once, not again for the same version", () => {
  checkVersion({ ...agent, appVersion: APP_VERSION });
  checkVersion({ ...agent });
  assert.equal(window.location.reloads, 0);
  checkVersion({ ...agent, appVersion: "99.0.0" });
  checkVersion({ ...agent, appVersion: "99.0.0" });
  assert.equal(window.location.reloads, 1);
});
