// "A new version is ready": shown on every screen once a new release's service worker waits.
// Reload switches the whole page to it at once (lib/pwa.js), never half old, half new.
import { t } from "./text";
import { useEffect, useState } from "react";
import { applyUpdate, onUpdateReady } from "../lib/pwa";

export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => onUpdateReady(setReady), []);
  if (!ready) return null;
  return (
    <div class="update-prompt" role="status" data-testid="update-prompt">
      <span>{t("updateReady")}</span>
      <button type="button" class="btn btn-small btn-primary" onClick={applyUpdate}>
        {t("reload")}
      </button>
    </div>
  );
}
