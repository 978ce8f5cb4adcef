// Every server call of the chat, typed from the OpenAPI document (types/api.d.ts).
import { api, get, post } from "../../lib/api-client";

/** @typedef {import("../../../types/api").components["schemas"]} Schemas */

/** @returns {Promise<Schemas["ChatUser"][]>} the people one may chat with, most unread first */
export const chatUsers = () => get("/chat/users");

/** @returns {Promise<Schemas["UnreadCounts"]>} unread messages per conversation and of the broadcasts */
export const unreadCounts = () => post("/chat/getUnreadCountsByConversation");

/**
 * The conversation with a user (made on first use).
 * @param {number} userId
 * @returns {Promise<Schemas["ConversationId"]>}
 */
export const openConversation = (userId) => post("/chat/createConversation", {}, { query: { userId } });

/**
 * @param {number} conversationId
 * @returns {Promise<Schemas["Message"][]>}
 */
export const chatHistory = (conversationId) => get("/chat/getChatHistory", { query: { conversationId } });

/**
 * The messages after `latestTimestamp` (null: all).
 * @param {number} conversationId
 * @param {string | null} latestTimestamp
 * @returns {Promise<Schemas["Message"][]>}
 */
export const newMessages = (conversationId, latestTimestamp) => post("/chat/getNewMessages", { conversationId, latestTimestamp });

/**
 * @param {number} conversationId
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const markConversationRead = (conversationId) => post("/chat/markAsRead", {}, { query: { conversationId } });

/**
 * @param {Schemas["SendBody"]} body
 * @returns {Promise<Schemas["Message"]>}
 */
export const sendMessage = (body) => post("/chat/sendMessage", body);

/**
 * A picture message (the form holds chatImage, conversationId, receiverId).
 * @param {FormData} form
 * @returns {Promise<Schemas["Message"]>}
 */
export const sendImage = (form) => api("/chat/sendMessageImage", { method: "POST", body: form });

/**
 * The broadcasts after `latestTimestamp` (absent: all).
 * @param {string | null} [latestTimestamp]
 * @returns {Promise<Schemas["BroadcastMessage"][]>}
 */
export const broadcasts = (latestTimestamp) =>
  post("/chat/getNewBroadCastMessages", latestTimestamp === undefined ? {} : { latestTimestamp });

/**
 * @param {number[]} ids
 * @returns {Promise<Schemas["MessageBody"]>}
 */
export const markBroadcastsRead = (ids) => post("/chat/broadcast/markAsRead", ids);
