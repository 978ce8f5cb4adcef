// The agent's offline bar, on every screen of the shell: offline, and how many visits wait on
// this phone; it leads to the waiting visits screen. Nothing shows while online with none waiting.
import { useEffect, useState } from "react";
import { isOffline, onStatus } from "../lib/offline/status";

const visits = (n) => `${n} ${n === 1 ? "visit" : "visits"}`;

export function OfflineBar() {
  const [status, setStatus] = useState(null);
  useEffect(() => onStatus(setStatus), []);
  if (!status) return null;
  const queued = status.waiting + status.failed;
  const offline = isOffline();
  if (!offline && queued === 0) return null;
  const refused = status.failed > 0 ? `${visits(status.failed)} not accepted` : "";
  let text;
  if (queued === 0) text = "Offline: visits are saved on this phone";
  else if (offline) text = `Offline: ${visits(queued)} waiting${refused ? ` (${refused})` : ""}`;
  else if (status.syncing) text = `Syncing ${visits(status.waiting)}…`;
  else if (status.waiting > 0) text = `${visits(status.waiting)} waiting to sync${refused ? ` (${refused})` : ""}`;
  else text = `${refused}: review`;
  return (
    <div class={`offline-bar${status.failed ? " has-failed" : ""}`} role="status" data-testid="offline-bar">
      <a href="#/customer/waiting-visits">{text}</a>
    </div>
  );
}
