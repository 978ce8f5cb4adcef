// The English of the file fields (lib/file-pick.jsx): ids "filepick.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "./i18n/catalogue";

export const t = catalogue("filepick", {
  choose: "Choose file",
  none: "No file chosen",
});
