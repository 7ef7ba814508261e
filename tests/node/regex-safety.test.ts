// Every regular expression in the Worker, its Durable Objects and the SPA passes the regex lint (eslint.config.js): none backtracks or moves super-linearly.
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { expect, it } from "vitest";

/** The project's folder, written as `npm run lint` runs in it (no trailing slash: the cache's file is named after it). */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const FOLDERS = ["worker", "durable-objects", "web/src"];
// The cache `npm run lint` keeps (package.json): in `npm test` the lint and this file run side by side on
// the same files and rules, so whichever comes second reads the other's results instead of linting again.
const eslint = new ESLint({ cwd: root, cache: true, cacheLocation: "node_modules/.cache/eslint/" });

/** One line per regex finding: file:line rule message (a parse failure, which has no rule, counts too). */
const findings = (results: ESLint.LintResult[]) =>
  results.flatMap((r) =>
    r.messages
      .filter((m) => !m.ruleId || m.ruleId.startsWith("regexp/"))
      .map((m) => `${relative(root, r.filePath)}:${m.line} ${m.ruleId ?? "parse-error"} ${m.message}`),
  );

it("finds no regex finding in worker/, durable-objects/ or web/src", async () => {
  const results = await eslint.lintFiles(FOLDERS);
  expect(results.length).toBeGreaterThan(100);
  const list = findings(results);
  expect(list.length, `regex findings:\n${list.join("\n")}\n`).toBe(0);
});

it("reports the nested quantifier that once hung the crawl extractor", async () => {
  const code = "export const SIGNATURE = /^\\s*(?:[#>*|-]+\\s*)*(GET|POST)\\s+\\/\\S+/;\n";
  const [result] = await eslint.lintText(code, { filePath: `${root}/worker/crawl/example.ts` });
  expect(result.messages.map((m) => m.ruleId)).toContain("regexp/no-super-linear-backtracking");
});

it("reports an unanchored search that is quadratic on long input, in a .tsx file of the SPA", async () => {
  const code = 'export const Base = ({ url }: { url: string }) => <span>{url.replace(/\\/+$/, "")}</span>;\n';
  const [result] = await eslint.lintText(code, { filePath: `${root}/web/src/features/example.tsx` });
  expect(result.messages.map((m) => m.ruleId).filter((rule) => rule?.startsWith("regexp/"))).toEqual(["regexp/no-super-linear-move"]);
});
