// `npm run test:fast`: the quick loop while working — the worker tests (inside workerd, in one shared
// runtime as in `npm test`) and the SPA's component tests, each in a vitest of its own side by side,
// with no type check, no browser (e2e), no Node project (the import corpus, fuzzing, the restart test)
// and without the slowest worker files; `npm test` runs all of them. Extra arguments go to one vitest
// of both projects: `npm run test:fast -- tests/worker/crawl` runs one feature's folder. Prints how long
// the run took.
import { spawnSync } from "node:child_process";
import { vitest } from "./vitest-run.mjs";

/**
 * Worker test files (under tests/worker/) that take several seconds each even on a quiet machine (real
 * Crawl-delays, large descriptions, real sign-ups, full flows and OAuth round trips that faster files
 * of the same feature also cover) or measure load: left to `npm test`.
 */
export const FULL_RUN_ONLY = [
  "gateway/load",
  "auth/rate-limits",
  "calls/call-log",
  "crawl/politeness",
  "openapi/large",
  "api-keys/api-keys",
  "gateway/metering",
  "crawl/extract-job",
  "auth/refusals",
  "oauth/cimd",
  "oauth/refusals",
  "gateway/mcp-matrix",
  "crawl/llm",
  "oauth/grants",
  "crawl/sites",
  "crawl/faults",
  "hardening-secrets",
  "versions/spec-versions",
  "oauth/sdk",
  "api-keys/deploy",
  "openapi/tools-mcp",
  "lib/ssrf",
];

const started = Date.now();
const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
let status = run("node", ["scripts/ensure-web-build.mjs"]) || run("node", ["scripts/build-mcp-runtime.mjs", "--if-stale"]);
if (!status) {
  const exclude = ["--exclude", `tests/worker/{${FULL_RUN_ONLY.join(",")}}.test.ts`];
  const args = process.argv.slice(2);
  const codes =
    args.length > 0
      ? [await vitest(["--project", "worker", "--project", "web", ...exclude, ...args])]
      : await Promise.all([vitest(["--project", "worker", ...exclude], "worker │ "), vitest(["--project", "web"], "web │ ")]);
  status = codes.every((code) => code === 0) ? 0 : 1;
}
console.log(`test:fast took ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(status);
