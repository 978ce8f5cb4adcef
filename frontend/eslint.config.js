// ESLint (flat config) for the app (src/) and its unit tests (test/), and for the browser tests
// (tests/browser/, linted from the repository root: `eslint -c frontend/eslint.config.js tests/browser`,
// as `npm run lint` does). `npm run check` runs it with the other gates; Prettier owns the layout,
// so no rule here is about formatting.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import noUiLiteral from "./eslint-rules/no-ui-literal.js";

/**
 * Files not yet on the message catalogue: the no-ui-literal rule skips them. Shrink this list as
 * screens are converted; test/no-ui-literal.test.mjs keeps every entry an existing file.
 */
export const NOT_YET_TRANSLATED = [
  // Every screen is on the catalogue (issue #42); a file put here must say why.
];

export default [
  { ignores: ["dist/", "tools/"] },
  js.configs.recommended,
  {
    rules: {
      // `catch {}` and `() => {}` are how the code says "nothing to do"; `_`-prefixed names are unused on purpose.
      "no-empty": ["error", { allowEmptyCatch: true }],
      "no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["src/**/*.{js,jsx}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      parserOptions: { ecmaFeatures: { jsx: true } },
      // `process.env.APP_VERSION` is replaced by Parcel at build time.
      globals: { ...globals.browser, process: "readonly" },
    },
    plugins: { react, "react-hooks": reactHooks },
    // React code on preact/compat (package.json aliases react to it); the version only tunes the
    // react plugin's checks, so it must not detect the React that wouter pulls in.
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // Preact takes the DOM's own attribute names (`class`, `for`, `stroke-width`, `autocomplete`).
      "react/no-unknown-property": "off",
      // Props are documented with JSDoc and checked by tsc (tsconfig.json), not with prop-types.
      "react/prop-types": "off",
      "react/display-name": "off",
      // Plain-text apostrophes and quotes in JSX are fine in Preact.
      "react/no-unescaped-entities": "off",
      // `render` from react-dom is preact/compat's, Preact's own mounting call, not React 17's.
      "react/no-deprecated": "off",
      // New tabs open the app's own screens (the image viewer): rel="noopener" is enough.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Components call their feature's api module (features/<area>/api.js, typed by the generated
    // schemas), never the API client's api/get/post: test/api-calls.test.mjs lists inline paths,
    // this stops the import itself.
    files: ["src/features/**/*.{js,jsx}", "src/app/**/*.{js,jsx}"],
    ignores: ["src/features/*/api.js"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/lib/api-client"],
              importNames: ["api", "get", "post"],
              message: "Call the server through the feature's api.js (features/<area>/api.js).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every text a user reads comes from the message catalogue (src/lib/i18n/catalogue.js); each
    // area's text.js (or <part>-text.js) is its English.
    files: ["src/**/*.{js,jsx}"],
    ignores: ["src/**/text.js", "src/**/*-text.js", "src/lib/i18n/catalogue.js", "src/service-worker.js", ...NOT_YET_TRANSLATED],
    plugins: { fieldsales: { rules: { "no-ui-literal": noUiLiteral } } },
    rules: { "fieldsales/no-ui-literal": "error" },
  },
  {
    files: ["src/service-worker.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["eslint.config.js", "eslint-rules/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node } },
  },
  {
    // Unit tests under node, with the few browser globals test/support/browser.mjs stubs.
    files: ["test/**/*.mjs"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: {
        ...globals.node,
        window: "readonly",
        document: "readonly",
        localStorage: "readonly",
        sessionStorage: "readonly",
      },
    },
  },
  {
    // Node scripts that drive Chromium: page.evaluate callbacks run in the browser.
    files: ["tests/browser/**/*.mjs"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.node, ...globals.browser } },
  },
];
