// `npm test`: the checks (scripts/checks.mjs) and every vitest project, side by side. One vitest runs
// its projects one after another, so each project runs in a vitest of its own and they overlap: the
// Node files and the browser files (e2e) spend most of their time waiting on the processes they start,
// Chromium and the portal, which the worker and web files use. Each line is marked with its project
// (`worker │`, `e2e │` …); the checks run one at a time in the cores' idle time. Arguments (files, a
// project, options) go to one plain `vitest run` instead, without the checks.
import { runChecks } from "./checks.mjs";
import { vitest } from "./vitest-run.mjs";

const started = Date.now();

/** Each project's vitest, with how many of its files run at once. */
const PROJECTS = [
  // Several worker files wait on timers (sign-in limits, Crawl-delays, queues): three at a time.
  ["worker", 3],
  ["web", 2],
  ["node", 2],
  // One at a time (vitest.config.ts says why).
  ["e2e", 1],
];

const args = process.argv.slice(2);
const codes =
  args.length > 0
    ? [await vitest(args)]
    : await Promise.all([
        ...PROJECTS.map(([name, workers]) => vitest(["--project", name, "--maxWorkers", String(workers)], `${name} │ `)),
        runChecks(1),
      ]);
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s after its pretest`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
