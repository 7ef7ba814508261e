// `npm run test:fast`: the quick loop — the worker tests (inside workerd) and the SPA's component
// tests, with no type check, no browser (e2e), no load test and without the slowest worker files;
// `npm test` still runs all of them. The worker files share one runtime here instead of one each
// (about half the time: the per-file start-up and module loading dominate); `npm test` keeps every
// file isolated. Extra arguments go to vitest. Prints how long the run took.
import { spawnSync } from "node:child_process";

/**
 * Worker test files that take several seconds each even on a quiet machine (real Crawl-delays, large
 * descriptions, many sign-ins and OAuth round trips) or measure load: left to `npm test`.
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
];

const started = Date.now();
const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
let status = run("node", ["scripts/ensure-web-build.mjs"]) || run("node", ["scripts/build-mcp-runtime.mjs", "--if-stale"]);
if (!status) {
  const exclude = `tests/worker/{${FULL_RUN_ONLY.join(",")}}.test.ts`;
  // TOOLPORT_TEST_FAST: the worker project (vitest.config.ts) shares one runtime between its files; the
  // component tests keep their isolation, since jsdom state (the signed-in user, toasts) must not leak.
  const env = { ...process.env, TOOLPORT_TEST_FAST: "1" };
  status = run("npx", ["vitest", "run", "--project", "worker", "--project", "web", "--exclude", exclude, ...process.argv.slice(2)], env);
}
console.log(`test:fast took ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(status);
