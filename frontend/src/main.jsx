// Entry point: mounts the app and registers the service worker (offline app shell).
import { render } from "react-dom";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/pwa";

const root = document.getElementById("root");
if (root) render(<App />, root);
registerServiceWorker();
