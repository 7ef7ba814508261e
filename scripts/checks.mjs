// The checks of `npm test` (`npm run check` alone): the three type checks, the lint and the format
// check. Each prints its output when it ends; any failure fails the whole.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** Longest first, so a pool ends close to the longest alone. */
const TASKS = [
  ["type check (SPA)", "tsc", ["-p", "web"]],
  ["type check (Worker)", "tsc", ["-p", "."]],
  ["format check", "npm", ["run", "--silent", "format:check"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["type check (Node)", "tsc", ["-p", "tsconfig.node.json"]],
];

/** Runs one task with its output gathered; resolves with its exit code. */
function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const end = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? "✓" : "✗"} ${name} (${seconds} s)\n${output.trim() ? output.trimEnd() + "\n" : ""}`);
      resolve(code);
    };
    child.once("error", (err) => end(((output += `Could not start ${command}: ${err.message}`), 1)));
    child.once("exit", (code) => end(code ?? 1));
  });
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
