// `npm run dev`: a --port among the arguments wins over $PORT and reaches wrangler once, and when
// wrangler fails to start, nothing it was started with (the watch build and what npx ran) is left behind.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { devArgs } from "../../scripts/dev-process.mjs";

const DEV_SCRIPT = resolve("scripts/dev.mjs");

/** A stand-in for npx: logs each command; the watch build runs a grandchild (as npx does) and waits; wrangler dev fails like wrangler on bad arguments. */
const FAKE_NPX = `#!/bin/sh
echo "$*" >> "$FAKE_DIR/commands.log"
case "$*" in
  "vite build --watch"*)
    node -e 'require("fs").writeFileSync(process.env.FAKE_DIR + "/watch.pid", String(process.pid)); setInterval(() => {}, 1000)' &
    wait ;;
  "wrangler dev"*)
    while [ ! -s "$FAKE_DIR/watch.pid" ]; do sleep 0.05; done
    ports=0; for a in "$@"; do case "$a" in --port|--port=*) ports=$((ports + 1)) ;; esac; done
    if [ "$ports" -gt 1 ]; then echo "--port expects a single value" >&2; exit 1; fi
    for a in "$@"; do if [ "$a" = "--bogus-flag" ]; then echo "Unknown argument: bogus-flag" >&2; exit 1; fi; done
    exit 0 ;;
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
    expect(devArgs(["--port=8791", "--ip", "127.0.0.1"], undefined)).toEqual({ port: "8791", persist: [], wranglerArgs: ["--port", "8791", "--ip", "127.0.0.1"] });
    expect(devArgs(["--persist-to", "/tmp/state"], "9000")).toEqual({ port: "9000", persist: ["--persist-to", "/tmp/state"], wranglerArgs: ["--port", "9000", "--persist-to", "/tmp/state"] });
    expect(devArgs([], undefined).wranglerArgs).toEqual(["--port", "8787"]);
  });
});

describe("npm run dev's children", () => {
  it("ends the watch build and everything npx started for it when wrangler fails to start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolport-dev-"));
    try {
      writeFileSync(join(dir, "npx"), FAKE_NPX);
      chmodSync(join(dir, "npx"), 0o755);
      const child = spawn(process.execPath, [DEV_SCRIPT, "--port", "8790", "--bogus-flag"], {
        cwd: dir,
        env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, FAKE_DIR: dir, PORT: "9000" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stderr.on("data", (d) => (output += d));
      const code = await new Promise<number | null>((done) => child.once("exit", done));
      expect(output).toContain("Unknown argument: bogus-flag");
      expect(code).toBe(1);
      expect(readFileSync(join(dir, "commands.log"), "utf8")).toContain("wrangler dev --port 8790 --bogus-flag\n");
      const watchPid = Number(readFileSync(join(dir, "watch.pid"), "utf8"));
      // The SIGKILL dev.mjs sends last may take a moment to land.
      for (let i = 0; i < 40 && isRunning(watchPid); i++) await new Promise((r) => setTimeout(r, 50));
      expect(isRunning(watchPid)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
