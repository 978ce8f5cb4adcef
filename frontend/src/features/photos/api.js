// The Photos screen's server calls (CONTRACT "Photos and attendance"): the list of visit photos
// with its filters, and a photo's bytes. They live in lib/photos/api.js, shared with the offline
// queue (the upload) and the visit screen (a customer's photos).
export { photoBlob, photoPage, photosPagePath, uploadPhoto } from "../../lib/photos/api";
