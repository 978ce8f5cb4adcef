// The English of the error pages: ids "errors.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../../lib/i18n/catalogue";

export const t = catalogue("errors", {
  forbiddenTitle: "403 Forbidden",
  forbidden: "Access to this resource is forbidden.",
  goHome: "Go to my home page",
  unauthorizedTitle: "Unauthorized",
  unauthorized: "You do not have permission to open this page.",
});
