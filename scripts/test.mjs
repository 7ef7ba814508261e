// `npm test`: the checks (scripts/checks.mjs) and every vitest project, side by side. The worker, web
// and Node projects run in one vitest (one project after another, in tests/sequencer.ts's order, three
// files at a time); the browser files (e2e), which spend most of their time waiting on Chromium and the
// portal, run beside them as two halves with a portal each. Each line is marked with its run
// (`e2e 1/2 │` …); the checks run one at a time in the cores' idle time. The portals' local secrets
// (.dev.vars) are made first.
// Arguments (files, a project, options) go to one plain `vitest run` instead, without the checks.
import { runChecks } from "./checks.mjs";
import { ensureDevVars } from "./dev-vars.mjs";
import { vitest } from "./vitest-run.mjs";

const started = Date.now();

/** Each vitest of `npm test`: its line prefix and arguments. */
const RUNS = [
  // Three files at a time: several worker files wait on timers (sign-in limits, Crawl-delays, queues).
  ["", ["--project", "worker", "--project", "web", "--project", "node", "--maxWorkers", "3"]],
  // The browser files in two halves, each with a portal of its own (its global set-up's), one file at a
  // time on it (vitest.config.ts says why).
  ["e2e 1/2 │ ", ["--project", "e2e", "--shard", "1/2"]],
  ["e2e 2/2 │ ", ["--project", "e2e", "--shard", "2/2"]],
];
const args = process.argv.slice(2);
const codes =
  args.length > 0
    ? [await vitest(args)]
    : (ensureDevVars(), await Promise.all([...RUNS.map(([prefix, runArgs]) => vitest(runArgs, prefix)), runChecks(1)]));
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s after its pretest`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
