// Entry point: mounts the app and registers the service worker (offline app shell).
import { render } from "react-dom";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/pwa";

render(<App />, document.getElementById("root"));
registerServiceWorker();
