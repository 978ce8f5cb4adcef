// The English of the shell (app/*.jsx): ids "app.<name>". Hindi: lib/i18n/hi-ui.json.
import { catalogue } from "../lib/i18n/catalogue";

export const t = catalogue("app", {
  actingAs: "You are working in {name}'s account as {by}.",
  end: "End",
  menu: "Menu",
  brand: "fieldsales",
  logout: "Logout",
  mainMenu: "Main menu",
  top: "Top",
  updateReady: "A new version is ready",
  reload: "Reload",
  notAccepted: "{queued} not accepted",
  offlineNone: "Offline: visits and orders are saved on this phone",
  offlineWaiting: "Offline: {queued} waiting",
  offlineWaitingRefused: "Offline: {queued} waiting ({refused})",
  syncing: "Syncing {queued}…",
  waitingToSync: "{queued} waiting to sync",
  waitingToSyncRefused: "{queued} waiting to sync ({refused})",
  review: "{refused}: review",
});
