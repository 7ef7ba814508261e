// The process side of `npm run dev`: which port and wrangler arguments a command line means, and
// children that live and die together (the watch build in a process group of its own, so everything
// it started goes with it).
import { spawn } from "node:child_process";

/**
 * The wrangler dev arguments and port for `npm run dev -- <args>`: a `--port N` or `--port=N` among
 * the arguments wins over $PORT (8787 by default) and is passed on exactly once; `--persist-to <dir>`
 * is answered separately because the migrations need it too.
 */
export function devArgs(args, envPort) {
  const wranglerArgs = [];
  let port = envPort || "8787";
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--port" && i + 1 < args.length) port = args[++i];
    else if (arg.startsWith("--port=")) port = arg.slice("--port=".length);
    else wranglerArgs.push(arg);
  }
  const persistAt = wranglerArgs.indexOf("--persist-to");
  const persist = persistAt >= 0 ? wranglerArgs.slice(persistAt, persistAt + 2) : [];
  return { port, persist, wranglerArgs: ["--port", port, ...wranglerArgs] };
}

/** Sends `signal` to a child: to its whole process group when it has one of its own. */
function signal(child, name) {
  try {
    if (child.ownGroup) process.kill(-child.pid, name);
    else child.kill(name);
  } catch {
    // Gone already.
  }
}

/**
 * Starts the commands together (one with `after`, a promise, once it resolves); when one exits (or
 * fails to start) or this process is told to stop, the others are terminated (SIGKILL after `graceMs`)
 * before this process exits with the first code. A command with `ownGroup` runs in a process group of
 * its own, so what it started ends with it; the others stay in the terminal's group, where an
 * interactive wrangler may read the keyboard.
 */
export function runTogether(commands, { graceMs = 5_000 } = {}) {
  const children = [];
  const running = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
  let stopping = false;
  const stopAll = (code) => {
    if (stopping) return;
    stopping = true;
    children.forEach((child) => signal(child, "SIGTERM"));
    setTimeout(() => children.forEach((child) => signal(child, "SIGKILL")), graceMs).unref();
    const finish = () => {
      if (running().length > 0) return;
      // A command may exit before what it started: those groups are ended for good.
      children.forEach((child) => child.ownGroup && signal(child, "SIGKILL"));
      process.exit(code);
    };
    children.forEach((child) => child.once("exit", finish));
    finish();
  };
  const start = ({ command, args, ownGroup = false }) => {
    if (stopping) return;
    const stdio = [ownGroup ? "ignore" : "inherit", "inherit", "inherit"];
    const child = Object.assign(spawn(command, args, { stdio, detached: ownGroup }), { ownGroup });
    children.push(child);
    child.once("exit", (code, sig) => stopAll(code ?? (sig ? 1 : 0)));
    child.once("error", (err) => {
      console.error(`Could not start ${child.spawnfile}: ${err.message}`);
      stopAll(1);
    });
  };
  for (const command of commands) {
    if (command.after) command.after.then(() => start(command));
    else start(command);
  }
  process.on("SIGINT", () => stopAll(130));
  process.on("SIGTERM", () => stopAll(143));
  // Last resort when this process ends another way: no own group outlives it.
  process.on("exit", () => children.forEach((child) => child.ownGroup && signal(child, "SIGKILL")));
  return children;
}
