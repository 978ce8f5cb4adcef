// One Hindi word per idea (issue #55): every text of the screens' catalogue (text.js files, Hindi in
// lib/i18n/hi-ui.json) and of the server's (docs/messages.json, Hindi in hi-messages.json) whose
// English names an idea of the glossary says it in Hindi with the glossary's word, and no Hindi
// text uses another word for it. A new text with a stray word fails here.
import { resetBrowser } from "./support/browser.mjs";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { test } from "node:test";
import { ENGLISH } from "../src/lib/i18n/catalogue.js";

resetBrowser();
const src = fileURLToPath(new URL("../src", import.meta.url));
const read = (/** @type {string} */ p) => JSON.parse(readFileSync(p, "utf8"));
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name === "text.js" || name.endsWith("-text.js") || name === "bucket-titles.js") files.push(path);
  }
})(src);
for (const path of files) await import(pathToFileURL(path).href);

/** [English, then Hindi] of every text: the screens' and the server's. */
const hindiUi = read(join(src, "lib/i18n/hi-ui.json"));
const hindiServer = read(join(src, "lib/i18n/hi-messages.json"));
const englishServer = read(join(src, "../../docs/messages.json"));
const texts = [
  ...[...ENGLISH].map(([id, en]) => ({ id, en, hi: hindiUi[id] })),
  ...Object.entries(englishServer).map(([code, en]) => ({ id: `server ${code}`, en, hi: hindiServer[code] })),
].filter((x) => typeof x.hi === "string");

/**
 * The glossary: the English (a pattern), the one Hindi word for it, and the other words seen for
 * the same idea, which no Hindi text may use.
 * @type {{ en: RegExp, hi: string, not: (string | RegExp)[] }[]}
 */
export const GLOSSARY = [
  { en: /\bbuyer id\b/i, hi: "खरीदार ID", not: ["बायर", "Buyer", "खरीदार आईडी", "ग्राहक ID"] },
  {
    en: /\b(awaiting|pending) approval\b/i,
    hi: "मंज़ूरी की प्रतीक्षा",
    not: ["मंज़ूरी बाकी", "मंज़ूरी के लिए बाकी", "मंज़ूरी के इंतज़ार", "मंज़ूरी का इंतज़ार", "मंजूरी", "अनुमोदन", "लंबित"],
  },
  { en: /^please confirm$/i, hi: "कृपया पुष्टि करें", not: ["पक्का करें", "पुष्टि करें.."] },
  { en: /\bcredit limit\b/i, hi: "क्रेडिट सीमा", not: ["क्रेडिट लिमिट"] },
  { en: /\boutstanding\b/i, hi: "बकाया", not: ["शेष राशि", "बाकी रकम"] },
  { en: /\breceipt\b/i, hi: "रसीद", not: ["रिसीट", "पावती"] },
  { en: /\bdistributor\b/i, hi: "डिस्ट्रीब्यूटर", not: ["वितरक"] },
  { en: /\bUPI\b/, hi: "UPI", not: ["यूपीआई"] },
  { en: /\bdate\b/i, hi: "तारीख", not: ["तारीख़", "दिनांक"] },
  { en: /\bphotos?\b/i, hi: "फ़ोटो", not: ["फोटो", "तस्वीर"] },
  { en: /\bvisits?\b/i, hi: "विज़िट", not: ["विजिट", "दौरे"] },
  // Approval is मंज़ूरी (approve: मंज़ूर करें); "अस्वीकृत" (rejected) holds "स्वीकृत" and stays, and
  // "स्वीकार" is the server's accepting, another idea.
  { en: /\bapprov/i, hi: "मंज़ूर", not: [/(?<!अ)स्वीकृ/, "अनुमोद"] },
  { en: /\bsaved?\b/i, hi: "सेव", not: ["सहेज"] },
  { en: /\bproducts?\b/i, hi: "प्रोडक्ट", not: [/उत्पाद(?!कता)/] },
  { en: /\bSKU\b/, hi: "SKU", not: ["एसकेयू"] },
  { en: /\bcategory\b/i, hi: "श्रेणी", not: ["कैटेगरी"] },
  { en: /\bcollections?\b/i, hi: "कलेक्शन", not: ["वसूली"] },
  { en: /\bmust sell\b/i, hi: "मस्ट सेल", not: ["ज़रूर बेचें"] },
  // A visiting plan (a delivery's planned date is its तय date).
  { en: /\b(un)?plan(ned)?\b(?! deliver)/i, hi: "प्लान", not: ["योजना"] },
  // An order of goods, not an order of things (the visiting order, the plan's order).
  { en: /\borders?\b(?! of the)(?<!visiting order)(?<!plan order)/i, hi: "ऑर्डर", not: ["आर्डर", "आदेश"] },
];

test("one Hindi word per idea, over the screens' and the server's catalogues", () => {
  const problems = [];
  for (const g of GLOSSARY) {
    for (const x of texts) {
      for (const word of g.not)
        if (typeof word === "string" ? x.hi.includes(word) : word.test(x.hi))
          problems.push(`${x.id}: "${word}" where the glossary says "${g.hi}": ${x.hi}`);
    }
  }
  // The required word only where the English is the idea itself (short texts: labels, titles),
  // as a longer sentence may say it another way round.
  for (const g of GLOSSARY) {
    for (const x of texts) {
      // A value ({date}, {order}) is not the word itself.
      const words = x.en.replace(/\{[^{}]*\}/g, "");
      if (words.length <= 40 && g.en.test(words) && !x.hi.includes(g.hi))
        problems.push(`${x.id}: "${x.en}" without "${g.hi}": ${x.hi}`);
    }
  }
  assert.deepEqual(problems, []);
});
