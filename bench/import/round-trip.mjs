// The GitHub import round trip as a user meets it: its description (10 MB, 1,223 operations) uploaded
// to POST /api/servers of a local portal (both Workers under `wrangler dev`, as `npm run dev` serves
// them) until the answer names the new server with its tools. The first upload warms the portal's
// isolate and is not counted; each server is deleted after its run. Beside each run's wall time, the
// CPU the local portal's processes (wrangler and its workerd) and this client spent on it: on a
// shared machine it moves less than the wall time, which waits for other processes' turns.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { api, signedUp, withLocalPortal } from "../../scripts/local-portal.mjs";

const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");

/**
 * CPU milliseconds (user and system) and minor page faults of the processes of process group `group`, from Linux
 * /proc (0 elsewhere).
 */
function groupUsage(group) {
  const used = { ms: 0, faults: 0 };
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // After the command's name: state, ppid, pgrp, …; minflt is the 8th, utime and stime the 12th and 13th (ticks of 10 ms).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[2]) !== group) continue;
        used.ms += (Number(fields[11]) + Number(fields[12])) * 10;
        used.faults += Number(fields[7]);
      } catch {}
    }
  } catch {}
  return used;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * What first touching a 4 KB page of fresh memory costs on this machine, in microseconds: filling a fresh 256 MB
 * buffer (each page faulted in) against filling it again. A virtual machine without huge pages can charge far more
 * than bare metal, and an import first touches thousands of pages (the upload's buffers, its decoded text).
 */
export function pageFaultMicros() {
  const bytes = 256 * 1024 * 1024;
  const buffer = Buffer.allocUnsafeSlow(bytes);
  let started = performance.now();
  buffer.fill(1);
  const first = performance.now() - started;
  started = performance.now();
  buffer.fill(2);
  const again = performance.now() - started;
  return ((first - again) * 1000) / (bytes / 4096);
}

/** An upload of GitHub's description the portal refuses once its form is read (a .txt file): the least any import of it costs here. */
async function refusedUpload(origin, cookie, bytes) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "application/json" }), "api.github.com.txt");
  const started = performance.now();
  const res = await fetch(`${origin}/api/servers`, { method: "POST", headers: { origin, cookie, accept: "application/json" }, body: form });
  const body = await res.json();
  if (res.status !== 400 || !/Unsupported file type/.test(body.error))
    throw new Error(`The refused upload answered ${res.status}: ${JSON.stringify(body)}`);
  return performance.now() - started;
}

/**
 * Median and each run's time (ms) of `runs` GitHub imports through the portal, with the median CPU per
 * import of the portal's processes and of this client; then the median of `later` more imports, once
 * the first ones have warmed the portal's code (V8 optimises the import's functions as they repeat).
 */
export async function githubRoundTrip(runs = 5, later = 5) {
  const bytes = readFileSync(GITHUB);
  return withLocalPortal(async (origin, { group }) => {
    const cookie = await signedUp(origin, "growth");
    const [times, portalCpu, portalFaults, clientCpu] = [[], [], [], []];
    const laterTimes = [];
    for (let i = 0; i <= runs + later; i++) {
      const form = new FormData();
      form.append("file", new Blob([bytes], { type: "application/json" }), "api.github.com.json");
      form.append("name", `GitHub ${i}`);
      const [usage, client] = [groupUsage(group), process.cpuUsage()];
      const started = performance.now();
      const { body } = await api(origin, "/api/servers", { cookie, form });
      const ms = performance.now() - started;
      const spent = process.cpuUsage(client);
      const tools = body.data.importReport?.tools;
      if (!(tools >= 1_223) || body.data.activeToolCount !== tools)
        throw new Error(`The import answered ${tools} tools: ${JSON.stringify(body.data).slice(0, 300)}`);
      if (i > runs) laterTimes.push(ms);
      else if (i > 0) {
        times.push(ms);
        const after = groupUsage(group);
        portalCpu.push(after.ms - usage.ms);
        portalFaults.push(after.faults - usage.faults);
        clientCpu.push((spent.user + spent.system) / 1000);
      }
      await api(origin, `/api/servers/${body.data.id}`, { cookie, method: "DELETE" });
    }
    const floorTimes = [];
    for (let i = 0; i < runs; i++) floorTimes.push(await refusedUpload(origin, cookie, bytes));
    return {
      floorMedian: median(floorTimes),
      median: median(times),
      times,
      laterMedian: median(laterTimes),
      laterTimes,
      portalCpuMs: median(portalCpu),
      portalFaults: median(portalFaults),
      clientCpuMs: median(clientCpu),
    };
  });
}
