// `npm test`'s checks before vitest: the three type checks, the lint, the format check, the SPA build
// the browser tests serve and the MCP runtime bundle, run side by side (one per core) rather than one
// after another. Each prints its output when it ends; any failure fails the whole.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Longest first, so the pool ends close to the longest alone. */
const TASKS = [
  ["type check (SPA)", "tsc", ["-p", "web"]],
  ["type check (Worker)", "tsc", ["-p", "."]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["type check (Node)", "tsc", ["-p", "tsconfig.node.json"]],
  ["format check", "npm", ["run", "--silent", "format:check"]],
  ["SPA build", "node", ["scripts/ensure-web-build.mjs"]],
  ["MCP runtime bundle", "node", ["scripts/build-mcp-runtime.mjs", "--if-stale"]],
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

const queue = [...TASKS];
const codes = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) codes.push(await run(task));
  }),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
