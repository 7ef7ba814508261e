// Starts `npm run dev` on a free port with its own local state, waits for it, and stops it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `persistTo` is the local state's folder, for `wrangler d1 execute DB --local --persist-to`. */
export type DevServer = { url: string; persistTo: string; output: () => string; stop: () => Promise<void> };

/** How many times a start that lost a port to another process starting at the same moment is tried. */
const STARTS = 3;

/**
 * `npm run dev` with extra wrangler args; resolves once /api/auth/profile answers. Ports are chosen free
 * and then taken, so two portals starting at once (`npm test`'s two e2e halves) can choose the same one:
 * such a start is tried again on other ports.
 */
export async function startDevServer(wranglerArgs: string[], timeoutMs = 240_000): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(wranglerArgs, timeoutMs);
    } catch (err) {
      if (attempt >= STARTS || !String((err as Error).message).includes("Address already in use")) throw err;
    }
  }
}

async function startOnce(wranglerArgs: string[], timeoutMs: number): Promise<DevServer> {
  const port = await freePort();
  const persistTo = mkdtempSync(join(tmpdir(), "toolport-e2e-"));
  let log = "";
  const child: ChildProcess = spawn(
    "npm",
    ["run", "dev", "--", "--ip", "127.0.0.1", "--persist-to", persistTo, ...wranglerArgs],
    // Without vitest's NODE_ENV=test, so the SPA is built as `npm run dev` builds it (React's production build);
    // without wrangler dev's local trace collector (spans of every request written to a local Durable
    // Object), which no test reads.
    {
      env: { ...process.env, NODE_ENV: undefined, PORT: String(port), BROWSER: "none", CI: "1", X_LOCAL_OBSERVABILITY: "false" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {}
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(persistTo, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/auth/profile`);
      if (res.status === 401) return { url, persistTo, output: () => log, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  await stop();
  throw new Error(`Dev server did not start on ${url}:\n${log.slice(-4000)}`);
}
