// Runs a command of the project's scripts to its end, its output shown as it comes or gathered.
import { spawn } from "node:child_process";

/**
 * Runs `command args` and resolves with its exit code (1 when it could not start or a signal ended it)
 * and, when `quiet`, its output (stdout and stderr as they came) instead of showing it. Never rejects.
 */
export function runCommand(command, args, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
    child.once("error", (err) => {
      const message = `Could not start ${command}: ${err.message}\n`;
      if (quiet) output += message;
      else process.stderr.write(message);
      resolve({ code: 1, output });
    });
    child.once("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}
