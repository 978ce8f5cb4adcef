// The visit screen's first calls, named once: the screen makes them (lib/offline/api.js) and the
// route table starts them while the screen's code loads (lib/prefetch.js). Its one import has none
// of its own: the first-load chunk carries it.
import { detailsCall, OUTCOMES_CALL } from "../../lib/offline/paths";

/**
 * The calls the visit screen of `params.buyerId` starts with.
 * @param {Record<string, string>} params
 */
export const visitCalls = (params) => [detailsCall(decodeURIComponent(params.buyerId)), OUTCOMES_CALL];
