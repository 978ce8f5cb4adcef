// The report screens' server calls: the form's choices and each report's generation (answered
// with a single-use download link). A report is built while its request waits, however long a wide
// one takes: no timeout.
import { api, get } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["DownloadLink"]} DownloadLink */

/** The user types a report filters by. @returns {Promise<Schemas["UserType"][]>} */
export const reportUserTypes = () => get("/master/userType", { query: { showAll: false } });

/** The countries a report filters by. @returns {Promise<Schemas["Country"][]>} */
export const reportCountries = () => get("/master/country");

/**
 * A dated report (GET /report/{name} with its filters).
 * @param {string} report the server's report name
 * @param {Record<string, string>} filters fromDate, toDate, search, userType, country
 * @returns {Promise<DownloadLink>}
 */
export const datedReport = (report, filters) =>
  api("/report/{name}", { params: { path: { name: report }, query: filters }, timeout: 0 });

/**
 * A monthly summary: by month, so without the dates the body's schema also names.
 * @param {Omit<Schemas["MonthlyBody"], "fromDate" | "toDate">} body
 * @returns {Promise<DownloadLink>}
 */
export const monthlyReport = (body) => api("/report/monthlyReport", { method: "POST", body, timeout: 0 });

/** @param {Schemas["DeliveryBody"]} body @returns {Promise<DownloadLink>} */
export const deliveryReport = (body) => api("/report/deliveryReport", { method: "POST", body, timeout: 0 });

/** @param {Schemas["CountryBody"]} body @returns {Promise<DownloadLink>} */
export const buyerImagesReport = (body) => api("/report/buyerImagesReport", { method: "POST", body, timeout: 0 });

/** @returns {Promise<DownloadLink>} */
export const myCustomerReport = () => api("/report/mycustomerReport", { timeout: 0 });
