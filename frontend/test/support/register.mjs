// `node --import ./test/support/register.mjs`: lets node load the app's modules as Parcel does
// (see resolve.mjs).
import { register } from "node:module";

register("./resolve.mjs", import.meta.url);
