// Every server call of the customer screens, typed from the OpenAPI document (types/api.d.ts).
// The visit screen's own (its answer, the search, the save, the outcomes) are the offline layer's
// too, and live there (lib/offline/api.js).
import { api, get, post } from "../../lib/api-client";
import { useGet } from "../../lib/resource-store";

export { customerSearch, outcomeList, saveVisit, visitScreen } from "../../lib/offline/api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/**
 * Product suggestions for the price comparison.
 * @param {string} query
 * @returns {Promise<Schemas["ProductSuggestion"][]>}
 */
export const productSuggestions = (query) => get("/users/product/search", { query: { query } });

/**
 * What the customer paid for a product lately, per distributor.
 * @param {string} buyerId
 * @param {string} productName
 * @returns {Promise<Schemas["PriceRow"][]>}
 */
export const priceComparison = (buyerId, productName) =>
  get("/users/product/pricecomparison/{id}", { path: { id: buyerId }, query: { productName } });

/**
 * The customer's recent orders (the first page).
 * @param {string} buyerId
 * @returns {Promise<Schemas["OrderPage"]>}
 */
export const customerOrders = (buyerId) => get("/users/orders", { query: { buyerId } });

/**
 * Cancels a Submitted order.
 * @param {number} orderId
 * @returns {Promise<Schemas["OrderCancelled"]>}
 */
export const cancelOrder = (orderId) => post("/users/order/{orderId}/cancel", {}, { path: { orderId } });

/**
 * A new customer (a field left out is the server's default: none).
 * @param {Partial<Schemas["NewCustomer"]>} body
 * @returns {Promise<Schemas["CustomerAdded"]>}
 */
export const addCustomer = (body) => post("/users/customer", body);

/**
 * @param {string} buyerId
 * @returns {Promise<Schemas["ProfileAnswer"]>}
 */
export const customerProfile = (buyerId) => get("/users/customer/profile", { query: { buyerId } });

/**
 * A profile update (a field left out is no change).
 * @param {Partial<Schemas["UpdateProfile"]>} body
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const updateProfile = (body) => post("/users/customer/profile", body);

/**
 * Sets a customer's credit limit (managers and administrators); null removes it.
 * @param {string} buyerId
 * @param {number | null} creditLimit
 * @returns {Promise<Schemas["CreditLimitSaved"]>}
 */
export const setCreditLimit = (buyerId, creditLimit) => post("/users/customer/creditLimit", { buyerId, creditLimit });

/**
 * Accepts or rejects the proposed shop position.
 * @param {string} buyerId
 * @param {"accept" | "reject"} decision
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const decideLocation = (buyerId, decision) =>
  post(
    decision === "accept" ? "/users/customer/location/{id}/accept" : "/users/customer/location/{id}/reject",
    {},
    { path: { id: buyerId } },
  );

/** @returns {Promise<Schemas["InfoType"][]>} the info types with their sub types */
export const infoTypes = () => get("/master/info-type-subtype");

/**
 * The customer's last 3 info entries.
 * @param {string} buyerId
 * @returns {Promise<Schemas["HistoryRow"][]>}
 */
export const infoHistory = (buyerId) => get("/users/customer/infohistory/{id}", { path: { id: buyerId } });

/**
 * Adds customer info (the form with its files).
 * @param {string} buyerId
 * @param {FormData} form
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const addInfo = (buyerId, form) =>
  api("/users/customer/info/{id}", { params: { path: { id: buyerId } }, method: "POST", body: form });

/**
 * One page (30) of the info waiting for its status.
 * @param {number} pageNumber
 * @returns {Promise<Schemas["ReviewPage"]>}
 */
export const infoUpdates = (pageNumber) => get("/users/infoUpdateWithPaging", { query: { pageNumber, pageSize: "30" } });

/**
 * @param {Schemas["StatusUpdate"]} body
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const updateInfoStatus = (body) => post("/users/infoUpdate", body);

/**
 * The visits of the day ("ftd") or the month ("ftm").
 * @param {string} which
 * @returns {Promise<Schemas["VisitRow"][]>}
 */
export const ftmFtd = (which) => get("/users/customer/FTMFTD/{id}", { path: { id: which } });

/** @returns {Promise<Schemas["AgentItem"][]>} a manager's agents */
export const agentList = () => get("/users/agentList");

/** @returns {Promise<Schemas["Scorecard"] | null>} the caller's score card of the month */
export const ownScorecard = () => get("/users/scorecard");

/**
 * @param {string} agent an agent's uid
 * @returns {Promise<Schemas["Scorecard"] | null>}
 */
export const agentScorecard = (agent) => get("/users/scorecardAM/{id}", { path: { id: Number(agent) } });

/**
 * A stored file (customer info image or pdf), as the raw answer.
 * @param {string} fileName
 * @returns {Promise<Response>}
 */
export const mediaFile = (fileName) => api("/users/media", { params: { query: { fileName } }, raw: true });

/**
 * The order a customer's last shelf count suggests (issue #54).
 * @param {string} buyerId
 * @returns {Promise<import("../../../types/api").components["schemas"]["SuggestedOrder"]>}
 */
export const suggestedOrder = (buyerId) => get("/users/customer/suggested-order/{buyerId}", { path: { buyerId } });

// The screens' data (lib/resource-store.js: keyed by the call's URL, shared, asked again by
// `invalidate(path)` after a write).

/** A customer's profile. @param {string} buyerId */
export const useCustomerProfile = (buyerId) => useGet("/users/customer/profile", { query: { buyerId } });
/** The info types with their sub types. */
export const useInfoTypes = () => useGet("/master/info-type-subtype");
/** A customer's info history. @param {string} buyerId */
export const useInfoHistory = (buyerId) => useGet("/users/customer/infohistory/{id}", { path: { id: buyerId } });
/** One page (30) of the info updates to review. @param {number} pageNumber */
export const useInfoUpdates = (pageNumber) => useGet("/users/infoUpdateWithPaging", { query: { pageNumber, pageSize: "30" } });
/** The first-time-this-month / first-time-today visits. @param {string} which "ftm" or "ftd" */
export const useFtmFtd = (which) => useGet("/users/customer/FTMFTD/{id}", { path: { id: which } });
/** The caller's agents (a manager's picker); nothing loads when `wanted` is false. @param {boolean} wanted */
export const useAgentList = (wanted) => useGet(wanted && "/users/agentList");
/**
 * The score card: the caller's own, or (a manager) an agent's, nothing until one is picked.
 * @param {boolean} manager @param {string} agent an agent's uid, "" for none
 */
export const useScorecard = (manager, agent) => {
  const own = useGet(!manager && "/users/scorecard");
  const agents = useGet(manager && !!agent && "/users/scorecardAM/{id}", { path: { id: Number(agent) } });
  return manager ? agents : own;
};
