// Every regular expression in the Worker, its Durable Objects and the SPA passes the regex lint
// (eslint.config.js): none backtracks or moves super-linearly. `npm run lint`, part of `npm test`, holds
// the whole tree to these rules as errors; this file checks that the lint config applies them there and
// that they report the patterns that matter.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { expect, it } from "vitest";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const eslint = new ESLint({ cwd: root });

/** The linear-time rules, each an error: a finding fails `npm run lint`. */
const LINEAR_TIME = ["regexp/no-super-linear-backtracking", "regexp/no-super-linear-move", "regexp/no-dupe-disjunctions"];

it.each(["worker/crawl/extract/example.ts", "durable-objects/example.ts", "web/src/features/example.tsx"])(
  "holds %s to the linear-time regex rules as errors",
  async (file) => {
    const config = await eslint.calculateConfigForFile(`${root}/${file}`);
    for (const rule of LINEAR_TIME) expect([rule, [config.rules[rule]].flat()[0]]).toEqual([rule, 2]);
  },
);

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
