// The api modules of auth, home, users, reports and uploads (features/*/api.js): each function
// asks the path, method and body its screen asked before the calls moved out of the components.
import { json, resetBrowser, stubFetch } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { API_BASE } from "../src/lib/api-client.js";
import * as auth from "../src/features/auth/api.js";
import * as home from "../src/features/home/api.js";
import * as users from "../src/features/users/api.js";
import * as reports from "../src/features/reports/api.js";
import * as uploads from "../src/features/uploads/api.js";
import { checkDownloadToken } from "../src/lib/download.js";
import { sessionUser } from "../src/lib/session-check.js";
import { dayPlan } from "../src/lib/plan.js";

let calls = [];
beforeEach(() => {
  resetBrowser();
  document.cookie = "XSRF-TOKEN=x";
  calls = stubFetch(() => json(200, { ok: true }));
});

/** The one call made: [method, path under API_BASE, body as sent]. */
function asked() {
  assert.equal(calls.length, 1);
  const { url, init } = calls[0];
  assert.ok(url.startsWith(API_BASE), url);
  return [init.method, url.slice(API_BASE.length), init.body];
}

const cases = [
  [() => auth.checkUser("a@b"), ["POST", "/login/checkUser", '{"userName":"a@b"}']],
  [() => auth.generateOtp("a@b"), ["POST", "/login/generateOTP", '{"userName":"a@b"}']],
  [() => auth.signIn(false, { userName: "a" }), ["POST", "/login/auth", '{"userName":"a"}']],
  [() => auth.signIn(true, { userName: "a" }), ["POST", "/login/authOTP", '{"userName":"a"}']],
  [() => auth.resetPassword("a@b"), ["POST", "/login/reset", '{"userName":"a@b"}']],
  [() => auth.updatePassword({ currentPassword: "x" }), ["POST", "/users/passwordUpdate", '{"currentPassword":"x"}']],
  [() => auth.logOut(), ["POST", "/logout", "{}"]],
  [() => home.homeFigures(), ["GET", "/users/home", undefined]],
  [() => users.blockList(false), ["GET", "/users/block", undefined]],
  [() => users.blockList(true), ["GET", "/users/block?fromUserAgent=true", undefined]],
  [() => users.setBlocked(7, true), ["POST", "/users/block/7?fromUserAgent=false", "{}"]],
  [() => users.setBlocked(7, false), ["POST", "/users/unblock/7?fromUserAgent=false", "{}"]],
  [() => users.resetAgent(7), ["POST", "/users/unblock/7?fromUserAgent=true&reset=true", "{}"]],
  [() => users.rcaList(), ["GET", "/users/rca-list", undefined]],
  [() => users.amList(), ["GET", "/users/am-list", undefined]],
  [() => users.impersonationToken("rca1"), ["POST", "/users/impersonate-rca", '{"userName":"rca1"}']],
  [() => users.impersonate("tok"), ["POST", "/users/impersonate-rca-token", '{"userName":"tok"}']],
  [() => reports.reportUserTypes(), ["GET", "/master/userType?showAll=false", undefined]],
  [() => reports.reportCountries(), ["GET", "/master/country", undefined]],
  [
    () =>
      reports.datedReport("customer-visit", {
        fromDate: "2026-01-01",
        toDate: "2026-01-31",
        search: "",
        userType: "0",
        country: "",
      }),
    ["GET", "/report/customer-visit?fromDate=2026-01-01&toDate=2026-01-31&search=&userType=0&country=", undefined],
  ],
  [
    () => reports.monthlyReport({ country: ["IN"], userType: [4], reportName: "monthly-summary", monthYear: "2026-01" }),
    ["POST", "/report/monthlyReport", '{"country":["IN"],"userType":[4],"reportName":"monthly-summary","monthYear":"2026-01"}'],
  ],
  [
    () => reports.deliveryReport({ reportName: "OrderDate", monthYear: "2026-01", fromDate: "a", toDate: "b", country: ["IN"] }),
    [
      "POST",
      "/report/deliveryReport",
      '{"reportName":"OrderDate","monthYear":"2026-01","fromDate":"a","toDate":"b","country":["IN"]}',
    ],
  ],
  [() => reports.buyerImagesReport({ country: ["IN"] }), ["POST", "/report/buyerImagesReport", '{"country":["IN"]}']],
  [() => reports.myCustomerReport(), ["GET", "/report/mycustomerReport", undefined]],
  [() => uploads.customerWorkbook(), ["GET", "/users/customer/download", undefined]],
  [() => checkDownloadToken("a b"), ["GET", "/report/check-download-token-valid?token=a%20b", undefined]],
  [() => sessionUser(), ["GET", "/users/session", undefined]],
  [() => dayPlan(), ["GET", "/users/plan/today", undefined]],
  [() => dayPlan(12), ["GET", "/users/plan/today?agentId=12", undefined]],
];

for (const [call, expected] of cases) {
  test(`${expected[0]} ${expected[1]}`, async () => {
    assert.deepEqual(await call(), { ok: true });
    assert.deepEqual(asked(), expected);
  });
}

test("each upload kind posts its workbook to its own path, with no timeout", async () => {
  const paths = {
    customer: "/users/customer/upload",
    customerdelete: "/users/customer/upload",
    product: "/users/product/upload",
    distributor: "/users/distributor/upload",
    scorecard: "/users/scoreCard/upload",
    delivery: "/users/delivery/upload",
    order: "/users/order/upload",
    beat: "/users/beat/upload",
  };
  for (const [kind, path] of Object.entries(paths)) {
    calls.length = 0;
    const form = new FormData();
    await uploads.uploadWorkbook(kind, form);
    const [method, asked_, body] = asked();
    assert.deepEqual([method, asked_], ["POST", path], kind);
    assert.equal(body, form);
  }
});
