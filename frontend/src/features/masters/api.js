// Every server call of the master screens (outcomes, info types and their sub types, links, users,
// delivery statuses and reasons, broadcasts, rights, products), typed by the generated schemas
// (types/api.d.ts from docs/openapi.json). Screens call these, never a path of their own.
import { api, get, post } from "../../lib/api-client";
import { useFilteredList } from "../../lib/filtered-list";
import { useGet } from "../../lib/resource-store";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["MessageBody"]} MessageBody */
/**
 * What a loading hook gives a screen: `data` is the answer (`initial` until it comes, and after an error).
 * @template T
 * @typedef {{ data: T, loading: boolean, error: any, reload: () => void }} Loaded
 */

// Lists shared by several screens.

/** @returns {Loaded<Schemas["UserType"][]>} */
export const useUserTypes = () => useGet("/master/userType", {}, { initial: [] });
/** @returns {Loaded<Schemas["Country"][]>} */
export const useCountries = () => useGet("/master/country", {}, { initial: [] });

// Outcomes.

/** @returns {Loaded<Schemas["Outcome"][]>} */
export const useOutcomes = () => useGet("/master/outcome", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["Outcome"]>} */
export const outcome = (id) => get("/master/outcome/{id}", { path: { id } });
/** @param {Schemas["SaveOutcome"]} body @returns {Promise<Schemas["OutcomeSaved"]>} */
export const saveOutcome = (body) => post("/master/outcome", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteOutcome = (id) => post("/master/outcome/delete/{id}", {}, { path: { id } });

// Info types and their sub types.

/** @returns {Loaded<Schemas["InfoType"][]>} */
export const useInfoTypes = () => useGet("/master/info-type", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["InfoType"]>} */
export const infoType = (id) => get("/master/info-type/{id}", { path: { id } });
/** @param {Schemas["SaveInfoType"]} body @returns {Promise<Schemas["InfoTypeSaved"]>} */
export const saveInfoType = (body) => post("/master/info-type", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteInfoType = (id) => post("/master/info-type/delete/{id}", {}, { path: { id } });

/** @returns {Loaded<Schemas["InfoSubType"][]>} */
export const useSubInfos = () => useGet("/master/info-subtype", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["InfoSubType"]>} */
export const subInfo = (id) => get("/master/info-subtype/{id}", { path: { id } });
/** @param {Schemas["SaveSubType"]} body @returns {Promise<Schemas["InfoSubTypeSaved"]>} */
export const saveSubInfo = (body) => post("/master/info-subtype", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteSubInfo = (id) => post("/master/info-subtype/delete/{id}", {}, { path: { id } });
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
export const useLinks = () => useGet("/master/link", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["Link"]>} */
export const linkDetail = (id) => get("/master/link/{id}", { path: { id } });
/** @param {Schemas["SaveLink"]} body @returns {Promise<Schemas["LinkSaved"]>} */
export const saveLink = (body) => post("/master/link", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteLink = (id) => post("/master/link/delete/{id}", {}, { path: { id } });

// Users.

/** @returns {Loaded<Schemas["UserRow"][]>} */
export const useUsers = () => useGet("/master/user", {}, { initial: [] });
/** The users of one type (the managers an agent may have). @param {number} userType @returns {Loaded<Schemas["UserRow"][]>} */
export const useUsersOfType = (userType) => useGet("/master/user", { query: { userType } }, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["UserDetail"]>} */
export const userDetail = (id) => get("/master/user/{id}", { path: { id } });
/** @param {Schemas["SaveUser"]} body @returns {Promise<Schemas["UserSaved"]>} */
export const saveUser = (body) => post("/master/user", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteUser = (id) => post("/master/user/delete/{id}", {}, { path: { id } });

// Delivery statuses and their additional reasons.

/** @returns {Loaded<Schemas["DeliveryStatus"][]>} */
export const useDeliveryStatuses = () => useGet("/master/deliveryStatus", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["DeliveryStatus"]>} */
export const deliveryStatus = (id) => get("/master/deliveryStatus/{id}", { path: { id } });
/** @param {Schemas["SaveStatus"]} body @returns {Promise<Schemas["DeliveryStatusSaved"]>} */
export const saveDeliveryStatus = (body) => post("/master/deliveryStatus", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteDeliveryStatus = (id) => post("/master/deliveryStatus/delete/{id}", {}, { path: { id } });

/** @returns {Loaded<Schemas["AdditionalReason"][]>} */
export const useReasons = () => useGet("/master/additionalReason", {}, { initial: [] });
/** @param {number} id @returns {Promise<Schemas["AdditionalReason"]>} */
export const reason = (id) => get("/master/additionalReason/{id}", { path: { id } });
/** @param {Schemas["SaveReason"]} body @returns {Promise<Schemas["AdditionalReasonSaved"]>} */
export const saveReason = (body) => post("/master/additionalReason", body);
/** @param {number} id @returns {Promise<MessageBody>} */
export const deleteReason = (id) => post("/master/additionalReason/delete/{id}", {}, { path: { id } });

// Broadcast messages.

/** @returns {Loaded<Schemas["Broadcast"][]>} */
export const useBroadcasts = () => useGet("/chat/broadcastMessage", {}, { initial: [] });
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
export const deleteBroadcast = (id) => post("/chat/broadcastMessage/delete/{id}", {}, { path: { id } });

// Rights.

/** @returns {Loaded<Schemas["Right"][]>} */
export const useRights = () => useGet("/master/rights", {}, { initial: [] });
/** @returns {Loaded<Schemas["UserTypeRights"][]>} */
export const useRightsByUserType = () => useGet("/master/rights/byUserType", {}, { initial: [] });
/** The whole list of rights one user type holds. @param {Schemas["SaveRights"]} body @returns {Promise<MessageBody>} */
export const saveRights = (body) => post("/master/rights", body);

// Products.

/**
 * The product list's pages by name, retired ones too, searched over name, SKU and category
 * (lib/filtered-list.js).
 */
export const useProductList = () =>
  useFilteredList("/master/product", { search: "" }, (applied, pageNumber) => ({ ...applied, pageNumber }));
/** @param {Schemas["SaveProduct"]} body @returns {Promise<Schemas["ProductSaved"]>} */
export const saveProduct = (body) => post("/master/product", body);
