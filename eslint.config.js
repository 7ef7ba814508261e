// Lint: typescript-eslint's recommended rules and a function-length limit over every folder of code,
// and eslint-plugin-regexp's correctness and linear-time rules where regular expressions meet untrusted text.
import { defineConfig, globalIgnores } from "eslint/config";
import { builtinRules } from "eslint/use-at-your-own-risk";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/** The folders whose regular expressions meet pages, descriptions or user input. */
export const regexLintFiles = ["worker/**/*.{ts,tsx,js,mjs}", "durable-objects/**/*.{ts,tsx,js,mjs}", "web/src/**/*.{ts,tsx,js,mjs}"];

/** Every folder of hand-written code. */
export const codeFiles = ["{worker,durable-objects,web/src,scripts,tests,bench}/**/*.{ts,tsx,js,mjs,cjs}"];

/** Lines of a function, not counting blank lines and comments: over 80 is a warning (a screen), over 100 an error. */
const FUNCTION_LINES = { skipBlankLines: true, skipComments: true, IIFEs: true };

// `max-lines-per-function` once more under a second name, so one run both warns at 80 and fails at 100.
const length = { rules: { "function-over-100-lines": builtinRules.get("max-lines-per-function") } };

export default defineConfig([
  // Generated: the route tree, the MCP runtime bundle (its source is linted under worker/runtime), the
  // bindings' types, build output; fixtures are pages and scripts of documentation sites, not our code.
  globalIgnores([
    "web/src/route-tree.gen.ts",
    "worker/deploy/runtime-bundle.js",
    "worker-configuration.d.ts",
    "**/dist/**",
    "**/.wrangler/**",
    "tests/fixtures/**",
    "bench/**/out/**",
  ]),
  {
    files: codeFiles,
    extends: [tseslint.configs.recommended],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    plugins: { length },
    rules: {
      "max-lines-per-function": ["warn", { max: 80, ...FUNCTION_LINES }],
      "length/function-over-100-lines": ["error", { max: 100, ...FUNCTION_LINES }],
      // A leading underscore names what is deliberately unused: an omitted field (`{ token: _, ...rest }`),
      // a handler's unused argument, a skipped inferred type.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests and benchmarks read answers as they come and assert their shape: the assertion, not the type, is the check.
    files: ["{tests,bench}/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: regexLintFiles,
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
]);
