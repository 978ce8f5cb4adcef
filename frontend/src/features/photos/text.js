// The English of the manager's Photos screen: ids "photos.<name>". Hindi: lib/i18n/hi-ui.json.
// (The photo parts the visit screen shares, labels and tiles, are lib/photos' own.)
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("photos", {
  title: "Photos",
  allAgents: "All agents",
  customer: "Customer (Buyer ID)",
  from: "From",
  to: "To",
  fromAfterTo: "From must be on or before To.",
  label: "Label",
  anyLabel: "Any label",
  duplicates: "Duplicates",
  allPhotos: "All photos",
  duplicatesOnly: "Possible duplicates only",
  notFlagged: "Not flagged",
  search: "Search",
  count: "{count, plural, one {# photo} other {# photos}}",
  noneMatch: "No photos match.",
});
