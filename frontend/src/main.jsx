// Entry point: mounts the app.
import { render } from "react-dom";
import { App } from "./app/app";

render(<App />, document.getElementById("root"));
