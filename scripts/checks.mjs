// The checks of `npm test` (`npm run check` alone): the type checks, the lint and the format check. Each
// prints its output when it ends; any failure fails the whole.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { runCommand } from "./spawn.mjs";

/** TypeScript 7, the native compiler: the same checks in half the CPU of the JavaScript one (`typescript`, which the lint's parser needs). */
const TSC = fileURLToPath(new URL("../node_modules/typescript-7/bin/tsc", import.meta.url));
/** One checker per project: its default four each bind the files they check again, 75 % more CPU and, on two cores, a later end. */
const ONE_CHECKER = ["--checkers", "1"];

/** Longest first, so a pool ends close to the longest alone. */
const TASKS = [
  // One build: the Worker's check emits its declarations (dist/types), which the SPA's check reads
  // instead of checking the Worker's sources again (tsconfig.json is a project web/tsconfig.json references).
  ["type check (Worker, then SPA)", "node", [TSC, "-b", "web", ...ONE_CHECKER]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["type check (Node)", "node", [TSC, "-p", "tsconfig.node.json", ...ONE_CHECKER]],
  ["format check", "npm", ["run", "--silent", "format:check"]],
];

/** Runs one task with its output gathered, then prints it; resolves with its exit code. */
async function run([name, command, args]) {
  const started = Date.now();
  const { code, output } = await runCommand(command, args, { quiet: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`${code === 0 ? "✓" : "✗"} ${name} (${seconds} s)\n${output.trim() ? output.trimEnd() + "\n" : ""}`);
  return code;
}

/** Runs every check, `concurrency` at a time; resolves with 0 when all pass, 1 otherwise. */
export async function runChecks(concurrency = availableParallelism()) {
  const queue = [...TASKS];
  const codes = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) codes.push(await run(task));
    }),
  );
  return codes.every((code) => code === 0) ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await runChecks());
