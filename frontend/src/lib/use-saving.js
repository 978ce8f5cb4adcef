// The one way to run a save from a form: a busy flag and the save's errors alerted. Apart from
// lib/use-api.js so the shell (the language switch) carries it without the data layer.
import { useState } from "react";
import { alertError } from "./alerts";

/**
 * A saving flag and the one way to run a save: the flag disables the submit button and shows its
 * spinner while `work` runs; a failure shows the server's message in an error alert.
 * @returns {[boolean, (work: () => unknown) => Promise<void>]}
 */
export function useSaving() {
  const [busy, setBusy] = useState(false);
  /** @param {() => unknown} work */
  const saving = async (work) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      alertError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return [busy, saving];
}
