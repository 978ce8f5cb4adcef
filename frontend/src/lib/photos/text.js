// The English of a visit's photos (taking them: photo-capture.jsx; showing them: photo-view.jsx;
// their labels and sizes: image.js): ids "photo.<name>". Photo counts are the queue's (lib/text.js).
// Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../i18n/catalogue";

export const t = catalogue("photo", {
  shelf: "Shelf",
  display: "Display",
  competitor: "Competitor",
  other: "Other",
  noLabel: "No label",
  kb: "{size} KB",
  mb: "{size} MB",
  notAPhoto: "This file is not a photo the app can read. Take the photo again.",
  preparing: "Preparing photo…",
  take: "Take photo",
  countOf: "{count} of {max}",
  photoN: "Photo {n}",
  labelOfN: "Label of photo {n}",
  remove: "Remove",
  removeN: "Remove photo {n}",
  photo: "Photo",
  labelAt: "{label} at {customer}",
  open: "Open {photo}",
  possibleDuplicate: "Possible duplicate",
  similarTo: "Possible duplicate of photo {id}",
  close: "Close",
  notLoaded: "The photo could not be loaded.",
  visitPhotos: "Visit photos",
  noPhotos: "No photos of this customer's visits yet.",
});
