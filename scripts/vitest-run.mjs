// Runs `vitest run` as a child process, each output line prefixed, for `npm test` and `npm run test:fast`.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** Runs `vitest run <args>`, each output line prefixed with `prefix`; resolves with its exit code. */
export function vitest(args, prefix = "") {
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
