// `npm test`: the checks (scripts/checks.mjs) and every vitest project, side by side. The browser files
// (e2e) run one at a time against the shared portal and spend most of their time waiting on Chromium
// and the portal, so they run in a vitest of their own beside the other projects, not after them (their
// lines are marked `e2e │`); the checks run one at a time in the cores' idle time. Arguments (files, a
// project, options) go to one plain `vitest run` instead, without the checks.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { runChecks } from "./checks.mjs";

const started = Date.now();

/** Runs `vitest run <args>`, each output line prefixed; resolves with its exit code. */
function vitest(args, prefix = "") {
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
    child.once("error", (err) => (console.error(`Could not start vitest: ${err.message}`), resolve(1)));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
const codes =
  args.length > 0
    ? [await vitest(args)]
    : await Promise.all([
        // Three files at a time: several of these files wait on timers (sign-in limits, Crawl-delays, queues).
        vitest(["--project", "worker", "--project", "web", "--project", "node", "--maxWorkers", "3"]),
        vitest(["--project", "e2e"], "e2e │ "),
        runChecks(1),
      ]);
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s after its pretest`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
