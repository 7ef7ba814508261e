// `npm run dev`: a --port among the arguments wins over $PORT and reaches wrangler once; the watch
// build starts once the portal answers (with a built SPA newer than its sources, at their first change), and when wrangler ends, nothing it was started with (the watch
// build and what it ran) is left behind.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { devArgs } from "../../scripts/dev-process.mjs";
import { freePort } from "../e2e/dev-server";

const DEV_SCRIPT = resolve("scripts/dev.mjs");

/** Stand-ins for the project's vite and wrangler: the watch build runs a grandchild and waits; wrangler dev fails like wrangler on bad arguments. */
const FAKE_VITE = `#!/bin/sh
echo "vite $*" >> "$FAKE_DIR/commands.log"
case "$*" in
  "build --watch"*)
    node -e 'require("fs").writeFileSync(process.env.FAKE_DIR + "/watch.pid", String(process.pid)); setInterval(() => {}, 1000)' &
    wait ;;
esac
exit 0
`;
const FAKE_WRANGLER = `#!/bin/sh
echo "wrangler $*" >> "$FAKE_DIR/commands.log"
case "$1" in
  dev)
    ports=0; for a in "$@"; do case "$a" in --port|--port=*) ports=$((ports + 1)) ;; esac; done
    if [ "$ports" -gt 1 ]; then echo "--port expects a single value" >&2; exit 1; fi
    for a in "$@"; do if [ "$a" = "--bogus-flag" ]; then echo "Unknown argument: bogus-flag" >&2; exit 1; fi; done
    node -e 'require("http").createServer((q, s) => s.end("ok")).listen(Number(process.env.FAKE_PORT), "localhost")' &
    server=$!
    while [ ! -s "$FAKE_DIR/watch.pid" ]; do sleep 0.05; done
    kill $server; echo "The portal stopped" >&2; exit 1 ;;
esac
exit 0
`;

/** Whether a process still runs (a zombie waiting to be reaped does not). */
function isRunning(pid: number) {
  if (existsSync("/proc")) {
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
    return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm run dev's arguments", () => {
  it("takes --port N or --port=N over $PORT and passes the port to wrangler once", () => {
    expect(devArgs(["--port", "8790"], "9000")).toEqual({ port: "8790", persist: [], wranglerArgs: ["--port", "8790"] });
    expect(devArgs(["--port=8791", "--ip", "127.0.0.1"], undefined)).toEqual({
      port: "8791",
      persist: [],
      wranglerArgs: ["--port", "8791", "--ip", "127.0.0.1"],
    });
    expect(devArgs(["--persist-to", "/tmp/state"], "9000")).toEqual({
      port: "9000",
      persist: ["--persist-to", "/tmp/state"],
      wranglerArgs: ["--port", "9000", "--persist-to", "/tmp/state"],
    });
    expect(devArgs([], undefined).wranglerArgs).toEqual(["--port", "8787"]);
  });
});

/**
 * Runs dev.mjs with the stand-ins on PATH in a fresh directory (`prepare` may add files first, `started`
 * runs once the portal answers); resolves with its exit code, its errors and the stand-ins' log.
 */
async function runDev(
  args: string[],
  port: number,
  check: (dir: string) => Promise<void> = async () => {},
  {
    prepare = () => {},
    started = async () => {},
  }: { prepare?: (dir: string) => void; started?: (dir: string, output: () => string) => Promise<void> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "toolport-dev-"));
  try {
    prepare(dir);
    for (const [name, script] of [
      ["vite", FAKE_VITE],
      ["wrangler", FAKE_WRANGLER],
    ]) {
      writeFileSync(join(dir, name), script);
      chmodSync(join(dir, name), 0o755);
    }
    const child = spawn(process.execPath, [DEV_SCRIPT, ...args], {
      cwd: dir,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, FAKE_DIR: dir, FAKE_PORT: String(port), PORT: "9000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    let output = "";
    child.stderr.on("data", (d) => (errors += d));
    child.stdout.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((done) => child.once("exit", done));
    await started(dir, () => output);
    const code = await exited;
    await check(dir);
    return { code, errors, commands: readFileSync(join(dir, "commands.log"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("npm run dev's children", () => {
  it("ends with wrangler's code and starts no watch build when wrangler fails to start", async () => {
    const port = await freePort();
    const { code, errors, commands } = await runDev(["--port", String(port), "--bogus-flag"], port);
    expect(errors).toContain("Unknown argument: bogus-flag");
    expect(code).toBe(1);
    expect(commands).toContain(`wrangler dev -c wrangler.gateway.toml -c wrangler.toml --port ${port} --bogus-flag\n`);
    expect(commands).not.toContain("vite build --watch");
  }, 30_000);

  it("starts the watch build once the portal answers, and ends it and everything it started when wrangler ends", async () => {
    const port = await freePort();
    let watchPid = 0;
    const { code, errors, commands } = await runDev(["--port", String(port)], port, async (dir) => {
      watchPid = Number(readFileSync(join(dir, "watch.pid"), "utf8"));
      // The SIGKILL dev.mjs sends last may take a moment to land.
      for (let i = 0; i < 40 && isRunning(watchPid); i++) await new Promise((r) => setTimeout(r, 50));
    });
    expect(errors).toContain("The portal stopped");
    expect(code).toBe(1);
    expect(commands).toContain("vite build --watch");
    expect(watchPid).toBeGreaterThan(0);
    expect(isRunning(watchPid)).toBe(false);
  }, 30_000);

  it("starts the watch build only at the first change of a source when the built SPA is newer than its sources", async () => {
    const port = await freePort();
    const { code, commands } = await runDev(["--port", String(port)], port, async () => {}, {
      prepare: (dir) => {
        mkdirSync(join(dir, "web/src"), { recursive: true });
        mkdirSync(join(dir, "web/dist"), { recursive: true });
        writeFileSync(join(dir, "web/src/main.tsx"), "export {};\n");
        utimesSync(join(dir, "web/src/main.tsx"), new Date(2020, 0, 1), new Date(2020, 0, 1));
        writeFileSync(join(dir, "web/dist/index.html"), "<!doctype html>\n");
      },
      started: async (dir, output) => {
        // The Cron Trigger commands are printed once the portal answers, when a stale SPA's watch build would start.
        while (!output().includes("/cdn-cgi/handler/scheduled")) await new Promise((r) => setTimeout(r, 50));
        expect(readFileSync(join(dir, "commands.log"), "utf8")).not.toContain("vite build --watch");
        writeFileSync(join(dir, "web/src/main.tsx"), "export const changed = true;\n");
      },
    });
    // The stand-in wrangler ends once the watch build has started.
    expect(code).toBe(1);
    expect(commands).toContain("vite build --watch");
  }, 30_000);
});
