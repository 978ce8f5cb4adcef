// Every server call of the master screens (outcomes, info types and their sub types, links, users,
// delivery statuses and reasons, broadcasts, rights, products), typed by the generated schemas
// (types/api.d.ts from docs/openapi.json). Screens call these, never a path of their own.
import { api, get, post } from "../../lib/api-client";
import { useApi } from "../../lib/use-api";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["MessageBody"]} MessageBody */
/**
 * What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error).
 * @template T
 * @typedef {{ data: T, loading: boolean, error: any, reload: () => void }} Loaded
 */

// Lists shared by several screens.

/** @returns {Loaded<Schemas["UserType"][]>} */
export const useUserTypes = () => useApi("/master/userType", { initial: [] });
/** @returns {Loaded<Schemas["Country"][]>} */
export const useCountries = () => useApi("/master/country", { initial: [] });

// Outcomes.

/** @returns {Loaded<Schemas["Outcome"][]>} */
export const useOutcomes = () => useApi("/master/outcome", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["Outcome"]>} */
export const outcome = (id) => get(`/master/outcome/${id}`);
/** @param {Schemas["SaveOutcome"]} body @returns {Promise<Schemas["OutcomeSaved"]>} */
export const saveOutcome = (body) => post("/master/outcome", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteOutcome = (id) => post(`/master/outcome/delete/${id}`);

// Info types and their sub types.

/** @returns {Loaded<Schemas["InfoType"][]>} */
export const useInfoTypes = () => useApi("/master/info-type", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["InfoType"]>} */
export const infoType = (id) => get(`/master/info-type/${id}`);
/** @param {Schemas["SaveInfoType"]} body @returns {Promise<Schemas["InfoTypeSaved"]>} */
export const saveInfoType = (body) => post("/master/info-type", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteInfoType = (id) => post(`/master/info-type/delete/${id}`);

/** @returns {Loaded<Schemas["InfoSubType"][]>} */
export const useSubInfos = () => useApi("/master/info-subtype", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["InfoSubType"]>} */
export const subInfo = (id) => get(`/master/info-subtype/${id}`);
/** @param {Schemas["SaveSubType"]} body @returns {Promise<Schemas["InfoSubTypeSaved"]>} */
export const saveSubInfo = (body) => post("/master/info-subtype", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteSubInfo = (id) => post(`/master/info-subtype/delete/${id}`);
/**
 * New sub types of one info type from an .xlsx list (its first column, below a header).
 * @param {string} infoId @param {File} file @returns {Promise<Schemas["UploadResult"]>}
 */
export function uploadSubInfos(infoId, file) {
  const data = new FormData();
  data.append("infoId", infoId);
  data.append("data", file);
  return api("/master/info-type-subtype/upload", { method: "POST", body: data });
}

// Links.

/** @returns {Loaded<Schemas["Link"][]>} */
export const useLinks = () => useApi("/master/link", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["Link"]>} */
export const linkDetail = (id) => get(`/master/link/${id}`);
/** @param {Schemas["SaveLink"]} body @returns {Promise<Schemas["LinkSaved"]>} */
export const saveLink = (body) => post("/master/link", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteLink = (id) => post(`/master/link/delete/${id}`);

// Users.

/** @returns {Loaded<Schemas["UserRow"][]>} */
export const useUsers = () => useApi("/master/user", { initial: [] });
/** The users of one type (the managers an agent may have). @param {number} userType @returns {Loaded<Schemas["UserRow"][]>} */
export const useUsersOfType = (userType) => useApi(`/master/user?userType=${userType}`, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["UserDetail"]>} */
export const userDetail = (id) => get(`/master/user/${id}`);
/** @param {Schemas["SaveUser"]} body @returns {Promise<Schemas["UserSaved"]>} */
export const saveUser = (body) => post("/master/user", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteUser = (id) => post(`/master/user/delete/${id}`);

// Delivery statuses and their additional reasons.

/** @returns {Loaded<Schemas["DeliveryStatus"][]>} */
export const useDeliveryStatuses = () => useApi("/master/deliveryStatus", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["DeliveryStatus"]>} */
export const deliveryStatus = (id) => get(`/master/deliveryStatus/${id}`);
/** @param {Schemas["SaveStatus"]} body @returns {Promise<Schemas["DeliveryStatusSaved"]>} */
export const saveDeliveryStatus = (body) => post("/master/deliveryStatus", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteDeliveryStatus = (id) => post(`/master/deliveryStatus/delete/${id}`);

/** @returns {Loaded<Schemas["AdditionalReason"][]>} */
export const useReasons = () => useApi("/master/additionalReason", { initial: [] });
/** @param {number} id @returns {Promise<Schemas["AdditionalReason"]>} */
export const reason = (id) => get(`/master/additionalReason/${id}`);
/** @param {Schemas["SaveReason"]} body @returns {Promise<Schemas["AdditionalReasonSaved"]>} */
export const saveReason = (body) => post("/master/additionalReason", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteReason = (id) => post(`/master/additionalReason/delete/${id}`);

// Broadcast messages.

/** @returns {Loaded<Schemas["Broadcast"][]>} */
export const useBroadcasts = () => useApi("/chat/broadcastMessage", { initial: [] });
/**
 * Sends a broadcast: the text, to a user type ("0": all) and a country ("": all), with an optional picture.
 * @param {{ messageText: string, userType: string, country: string }} message
 * @param {File | null} image
 * @returns {Promise<Schemas["BroadcastSent"]>}
 */
export function sendBroadcast({ messageText, userType, country }, image) {
  const data = new FormData();
  data.append("messageText", messageText);
  data.append("userType", userType);
  data.append("country", country);
  if (image) data.append("chatImage", image);
  return api("/chat/broadcastMessage", { method: "POST", body: data });
}
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteBroadcast = (id) => post(`/chat/broadcastMessage/delete/${id}`);

// Rights.

/** @returns {Loaded<Schemas["Right"][]>} */
export const useRights = () => useApi("/master/rights", { initial: [] });
/** @returns {Loaded<Schemas["UserTypeRights"][]>} */
export const useRightsByUserType = () => useApi("/master/rights/byUserType", { initial: [] });
/** The whole list of rights one user type holds. @param {Schemas["SaveRights"]} body @returns {Promise<MessageBody>} */
export const saveRights = (body) => post("/master/rights", body);

// Products.

/**
 * The GET of one page of products by name, retired ones too, over name, SKU and category; its
 * answer is a Schemas["ProductPage"] (read with lib/server-page's useServerPage).
 * @param {string} search @param {number} pageNumber
 */
export const productPagePath = (search, pageNumber) =>
  `/master/product?search=${encodeURIComponent(search)}&pageNumber=${pageNumber}`;
/** @param {Schemas["SaveProduct"]} body @returns {Promise<Schemas["ProductSaved"]>} */
export const saveProduct = (body) => post("/master/product", body);
