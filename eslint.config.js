// Regex-safety lint: only eslint-plugin-regexp's correctness and linear-time rules, over every folder that handles untrusted input.
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/** The folders whose regular expressions meet pages, descriptions or user input. */
export const regexLintFiles = ["worker/**/*.{ts,tsx,js,mjs}", "durable-objects/**/*.{ts,tsx,js,mjs}", "web/src/**/*.{ts,tsx,js,mjs}"];

export default [
  // Generated: the route tree, and the MCP runtime bundle (its source is linted under worker/runtime).
  { ignores: ["web/src/route-tree.gen.ts", "worker/deploy/runtime-bundle.js"] },
  {
    files: regexLintFiles,
    languageOptions: { parser: tseslint.parser, ecmaVersion: "latest", sourceType: "module" },
    // Only the rules below run; directives naming rules of other linters are neither errors nor "unused".
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { regexp },
    rules: {
      // Linear time: the point of this lint (house rule: untrusted text meets only linear code).
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      // Quadratic when an unanchored search moves over long input that never matches; exceptions carry
      // a one-line disable comment saying why their input is bounded.
      "regexp/no-super-linear-move": ["error", { report: "potential", ignoreSticky: true, ignorePartial: true }],
      // Ambiguous alternatives are both a bug and a source of exponential backtracking.
      "regexp/no-dupe-disjunctions": ["error", { report: "interesting" }],
      // Correctness: patterns that do not do what they appear to.
      "regexp/no-misleading-capturing-group": "error",
      "regexp/confusing-quantifier": "error",
      "regexp/no-contradiction-with-assertion": "error",
      "regexp/no-empty-alternative": "error",
      "regexp/no-empty-character-class": "error",
      "regexp/no-empty-lookarounds-assertion": "error",
      "regexp/no-escape-backspace": "error",
      "regexp/no-invalid-regexp": "error",
      "regexp/no-lazy-ends": "error",
      "regexp/no-misleading-unicode-character": "error",
      "regexp/no-missing-g-flag": "error",
      "regexp/no-optional-assertion": "error",
      "regexp/no-potentially-useless-backreference": "error",
      "regexp/no-useless-assertions": "error",
      "regexp/optimal-lookaround-quantifier": "error",
      "regexp/strict": "error",
    },
  },
];
