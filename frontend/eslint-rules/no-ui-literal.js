// ESLint rule: no text meant for a user written as a literal in a component. Every such text is a
// message of the catalogue (src/lib/i18n/catalogue.js: `t("name")`), so it can be shown in the
// user's language. Reported: JSX text with letters, string literals (or templates with words) in
// JSX children and in the attributes a user reads (placeholder, title, aria-label, alt, label...),
// in the `label`/`title`/`text`... properties of object literals, and as the text of an alert
// (alertError/alertSuccess/alertInfo) or a confirm(). Figures, punctuation and symbols pass.

/** A user-facing word: two Latin letters in a row, or any Devanagari. */
const WORDS = /[A-Za-z]{2}|\p{Script=Devanagari}/u;

/** Attributes and properties whose string a user reads. */
const READ = new Set([
  "placeholder",
  "title",
  "aria-label",
  "alt",
  "label",
  "hint",
  "note",
  "text",
  "heading",
  "confirmLabel",
  "cancelLabel",
  "empty",
  "emptyText",
  "emptyNote",
  "message",
]);

/** Functions whose first argument is a text shown to the user (alerts, confirm, a form rule's message). */
const SHOWN = new Set(["alertError", "alertSuccess", "alertInfo", "confirm", "alert", "required"]);

/** @param {any} node */
function literalText(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((/** @type {any} */ q) => q.value.cooked).join(" ");
  return null;
}

/**
 * The literals a user would read in an expression: itself, or the branches of `a ? "x" : "y"`,
 * `a && "x"`, `a || "x"`.
 * @param {any} node
 * @returns {any[]}
 */
function shownLiterals(node) {
  if (!node) return [];
  if (node.type === "ConditionalExpression") return [...shownLiterals(node.consequent), ...shownLiterals(node.alternate)];
  if (node.type === "LogicalExpression") return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  const text = literalText(node);
  return text !== null && WORDS.test(text) ? [node] : [];
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Texts a user reads come from the message catalogue (t()), not literals." },
    messages: { literal: 'A text a user reads ("{{text}}"): put it in the catalogue and show t("...").' },
    schema: [],
  },
  create(context) {
    /** @param {any} node @param {string} text */
    const report = (node, text) =>
      context.report({ node, messageId: "literal", data: { text: text.trim().replace(/\s+/g, " ").slice(0, 40) } });
    /** @param {any} expression */
    const check = (expression) => shownLiterals(expression).forEach((n) => report(n, literalText(n) || ""));
    return {
      JSXText(node) {
        if (WORDS.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent && node.parent.type === "JSXAttribute") return;
        check(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXNamespacedName" ? node.name.name.name : node.name.name;
        if (!READ.has(String(name)) || !node.value) return;
        if (node.value.type === "JSXExpressionContainer") check(node.value.expression);
        else check(node.value);
      },
      Property(node) {
        const key = node.key && (node.key.name ?? node.key.value);
        if (!node.computed && READ.has(String(key))) check(node.value);
      },
      AssignmentPattern(node) {
        // A default text: `function Empty({ text = "No Data Available" })`.
        const key = node.left && node.left.name;
        if (READ.has(String(key))) check(node.right);
      },
      CallExpression(node) {
        const callee = node.callee.type === "MemberExpression" ? node.callee.property : node.callee;
        if (callee && SHOWN.has(callee.name) && node.arguments.length) check(node.arguments[0]);
      },
    };
  },
};
