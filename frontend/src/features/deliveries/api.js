// Every server call of the delivery screens (the agent's and manager's delivery screen, the
// approval list), typed by the generated schemas (types/api.d.ts from docs/openapi.json).
import { api, get, post } from "../../lib/api-client";
import { useGet } from "../../lib/resource-store";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["MessageBody"]} MessageBody */
/**
 * What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error).
 * @template T
 * @typedef {{ data: T, loading: boolean, error: any, reload: () => void }} Loaded
 */

/** The caller's agents (a manager's agent picker); nothing loads when `wanted` is false. @param {boolean} wanted @returns {Loaded<Schemas["AgentItem"][]>} */
export const useAgents = (wanted) => useGet(wanted && "/master/allagent", { query: { addSelfAccount: false } }, { initial: [] });
/** @returns {Loaded<Schemas["DeliveryStatus"][]>} */
export const useDeliveryStatuses = () => useGet("/master/deliveryStatus", {}, { initial: [] });
/** The additional reasons of one delivery status. @param {string | number} statusId @returns {Promise<Schemas["AdditionalReason"][]>} */
export const reasonsOf = (statusId) => get("/master/additionalReason", { query: { deliveryStatusID: statusId } });

/**
 * The delivery screen as it opens: the caller's own deliveries, or (`agent` given, a manager) that agent's.
 * @param {string | number | null} [agent] @returns {Promise<Schemas["DeliveryScreen"]>}
 */
export const deliveryScreen = (agent) =>
  agent ? get("/users/delivery/initAM/{agent}", { path: { agent: Number(agent) } }) : get("/users/delivery/init");
/** Suggestions as the search box is typed in. @param {string} query @returns {Promise<Schemas["DeliverySuggestion"][]>} */
export const searchDeliveries = (query) => get("/users/delivery/search", { query: { query } });
/** The deliveries a picked suggestion names. @param {Schemas["DetailsRequest"]} body @returns {Promise<Schemas["DeliveryScreen"]>} */
export const deliveryDetails = (body) => post("/users/delivery/details", body);

/**
 * An agent's update of one delivery: its status, the reason ("0": other, with a text), a picture.
 * @param {{ deliveryId: number, deliveryStatusID: string, reasonCodeID: string | null, otherReason: string }} update
 * @param {File | null} image
 * @returns {Promise<MessageBody>}
 */
export function updateDelivery({ deliveryId, deliveryStatusID, reasonCodeID, otherReason }, image) {
  const data = new FormData();
  data.append("deliveryId", String(deliveryId));
  data.append("deliveryStatusID", deliveryStatusID);
  if (reasonCodeID !== null) data.append("reasonCodeID", reasonCodeID);
  data.append("otherReason", otherReason);
  if (image) data.append("imagedata", image);
  return api("/users/delivery/update", { method: "POST", body: data });
}

/** The updates waiting for approval. @returns {Loaded<Schemas["Delivery"][]>} */
export const usePendingApprovals = () => useGet("/users/delivery/approval", {}, { initial: [] });
/** Approves or rejects updates. @param {Schemas["ApprovalRecord"][]} records @returns {Promise<MessageBody>} */
export const saveApprovals = (records) => post("/users/delivery/approval/update", records);
