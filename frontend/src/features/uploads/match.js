// Someone else's export read as one of our upload kinds (issue #50): a first guess of which of
// their columns stands for which of ours, from the names (case, punctuation and spacing aside,
// shared words, and the names billing programs such as Tally give), and the mapping each user's
// browser remembers per kind for their next file.

/** Words of a header: lower case, letters and digits only ("Party's Name" -> ["partys", "name"]). */
const words = (/** @type {string} */ header) =>
  header
    .toLowerCase()
    .replace(/['’.]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Words too common in headers to tell one column from another alone. */
const GENERIC = new Set(["date", "no", "name", "id", "number", "of", "the"]);

/** What billing programs call our columns (their words, as `words` gives them). */
const KNOWN = /** @type {Record<string, string[]>} */ ({
  "Invoice No": ["ref no", "bill no", "invoice number", "voucher no", "inv no"],
  "Buyer ID": ["partys name", "party name", "party", "customer", "customer name", "buyer", "ledger"],
  "Invoice Date": ["date", "bill date", "voucher date", "inv date"],
  Amount: ["pending amount", "balance", "bill amount", "outstanding", "amount due"],
  "Due Date": ["due on", "due"],
});

/**
 * The likeliest of `theirs` for each of `ours`, each of theirs given at most once: the same name
 * first, then a name billing programs use, then the most telling words shared.
 * @param {{ header: string }[]} ours
 * @param {string[]} theirs
 * @returns {Record<string, string>} our header -> their header ("" where none fits)
 */
export function guessMatch(ours, theirs) {
  const same = (/** @type {string} */ a, /** @type {string} */ b) => words(a).join(" ") === words(b).join(" ");
  /** @type {[number, string, string][]} score, ours, theirs */
  const pairs = [];
  for (const { header } of ours) {
    for (const their of theirs) {
      const known = (KNOWN[header] || []).includes(words(their).join(" "));
      const shared = words(their).filter((w) => !GENERIC.has(w) && words(header).includes(w)).length;
      const score = same(header, their) ? 100 : known ? 50 : shared;
      if (score > 0) pairs.push([score, header, their]);
    }
  }
  pairs.sort((a, b) => b[0] - a[0]);
  /** @type {Record<string, string>} */
  const chosen = Object.fromEntries(ours.map((o) => [o.header, ""]));
  const taken = new Set();
  for (const [, our, their] of pairs) {
    if (chosen[our] || taken.has(their)) continue;
    chosen[our] = their;
    taken.add(their);
  }
  return chosen;
}

/**
 * The mapping the upload sends: their header -> ours, for each of ours matched.
 * @param {Record<string, string>} chosen our header -> their header
 */
export const mappingOf = (chosen) =>
  Object.fromEntries(
    Object.entries(chosen)
      .filter(([, their]) => their)
      .map(([our, their]) => [their, our]),
  );

const key = (/** @type {string} */ kind) => `fieldsales.uploadMapping.${kind}`;

/** The mapping remembered for `kind` in this browser, or null. @param {string} kind */
export function rememberedMapping(kind) {
  try {
    const value = JSON.parse(localStorage.getItem(key(kind)) || "null");
    return value && typeof value === "object" && !Array.isArray(value) ? /** @type {Record<string, string>} */ (value) : null;
  } catch {
    return null;
  }
}

/** Remembers `mapping` for the next file of `kind`. @param {string} kind @param {Record<string, string>} mapping */
export const rememberMapping = (kind, mapping) => localStorage.setItem(key(kind), JSON.stringify(mapping));
