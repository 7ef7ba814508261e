// npm run bench:mcp — tools/call as an MCP client sees it, beside a floor and a peer, in one run
// against one local upstream:
//   direct     the upstream called straight from Node
//   floor      a Worker that only forwards to the upstream, under `wrangler dev` like the portal,
//              called with GETs (the goals are judged against these) and with MCP-shaped POSTs; and
//              its GETs through the one step the design adds to every call (ARCHITECTURE.md: a server's
//              modules run in an isolate of their own): a Worker Loader isolate handed the request by
//              RPC makes the upstream call (floor/forward.js), the least any call of a deployed server costs
//   Toolport   the MCP gateway and portal Workers under `wrangler dev` as `npm run dev` runs them
//              (throw-away state), the description imported and deployed through the portal's API,
//              called with the official SDK client and an access token
//   peer       @ivotoby/openapi-mcp-server (Node, Streamable HTTP) on the same description
// Latency: sequential calls, p50/p99, and what each adds over calling the upstream directly.
// Server CPU: what the serving workerd processes spent per call (Linux /proc), sequential and under the
// 16-way load, with the part of it that wrangler dev's own proxy took (the workerd in front of the
// Workers', which no deployed call passes: over half of the floor's); on a shared machine CPU moves far
// less than latency, which waits for whatever else runs.
// On two cores the 16-way throughput is CPU-bound: its ratio follows the ratio of CPU under load.
// Throughput: 16 clients, each with its own MCP session, every answer checked to be its own; the clients
// share the machine with the servers, so their CPU per call (printed) is part of what the ratios compare.
// Then a large server (large.mjs): GitHub, every tool active, beside the peer on the same description.
// Every wrangler dev here (floor and Toolport alike) runs without its local trace collector
// (untracedEnv in scripts/local-portal.mjs): it is no part of a deployed Worker's call path.
// Figures are printed, never asserted.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployFixture, untracedEnv, withLocalPortal } from "../../scripts/local-portal.mjs";
import { descriptionOf, startUpstream } from "./echo.mjs";
import { largeReport, measurePeer, measureToolport, peerDescriptionFile } from "./large.mjs";

const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const WARMUP = 50;
const CONCURRENCY = 16;
const THROUGHPUT_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);
/**
 * This benchmark on the code before the usage ledger and the shorter call path (commit 50da41f), on
 * the same 2-core machine with nothing else running: tools/call 6.21 ms over the floor, tools/list
 * 2.21 ms, 167 calls/s at 16-way (0.37× the floor's).
 */
const BEFORE = { throughput: 167 };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => `${n.toFixed(2).padStart(6)} ms`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  } catch {
    return "unknown";
  }
};

/**
 * CPU milliseconds the workerd processes under `root` (a process id) have used, from /proc, and how much
 * of it was wrangler dev's own proxy (the workerd listening on the port clients call; the Workers run
 * in another, on a port of its own choosing), which no deployed Worker's call passes; null where there is none.
 */
function workerdCpuMs(root) {
  if (!root) return null;
  const parents = new Map();
  const workerd = new Map();
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        const fields = stat.slice(close + 2).split(" ");
        parents.set(Number(pid), Number(fields[1]));
        if (stat.slice(stat.indexOf("(") + 1, close) !== "workerd") continue;
        const entry = readFileSync(`/proc/${pid}/cmdline`, "utf8")
          .split("\0")
          .find((a) => a.startsWith("--socket-addr=entry="));
        // utime and stime, in clock ticks of 10 ms
        workerd.set(Number(pid), {
          ms: (Number(fields[11]) + Number(fields[12])) * 10,
          proxy: entry !== undefined && !entry.endsWith(":0"),
        });
      } catch {}
    }
  } catch {
    return null;
  }
  const under = (pid) => {
    for (let p = pid, depth = 0; p > 1 && depth < 20; p = parents.get(p) ?? 0, depth++) if (p === root) return true;
    return false;
  };
  const used = { ms: 0, proxy: 0 };
  for (const [pid, { ms, proxy }] of workerd)
    if (under(pid)) {
      used.ms += ms;
      if (proxy) used.proxy += ms;
    }
  return used;
}

/** CPU per call between two workerdCpuMs readings: { ms, proxy }, or null. */
const cpuPerCall = (before, after, calls) =>
  before === null || after === null ? null : { ms: (after.ms - before.ms) / calls, proxy: (after.proxy - before.proxy) / calls };

/** p50 and p99 of `n` sequential calls, and (given the server's process) its workerd CPU per call. */
async function timed(fn, n, server) {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const times = [];
  const cpuBefore = workerdCpuMs(server);
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  const cpuAfter = workerdCpuMs(server);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpu: cpuPerCall(cpuBefore, cpuAfter, n) };
}

/**
 * `calls` calls shared by `concurrency` workers, each made by `make(worker)`; answers calls/s, wrong
 * answers and (given the server's process) its workerd CPU per call under this load.
 */
async function throughput(concurrency, calls, make, server) {
  const callers = await Promise.all(Array.from({ length: concurrency }, (_, i) => make(i)));
  let next = 0;
  let wrong = 0;
  const cpuBefore = workerdCpuMs(server);
  const clientBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    callers.map(async (call) => {
      while (next < calls) {
        const n = next++;
        if (!(await call(n))) wrong++;
      }
    }),
  );
  const perSecond = calls / ((performance.now() - start) / 1000);
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = workerdCpuMs(server);
  await Promise.all(callers.map((c) => c.close?.()));
  return { perSecond, wrong, cpu: cpuPerCall(cpuBefore, cpuAfter, calls), clientCpu: (client.user + client.system) / 1000 / calls };
}

async function waitFor(url, what) {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(url);
      return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${what} did not start`);
}

/** A child process (its own group, so wrangler's workerd stops with it); `quiet` drops its stderr. */
function startChild(command, args, quiet = false) {
  const child = spawn(command, args, { env: untracedEnv, stdio: ["ignore", "ignore", quiet ? "ignore" : "inherit"], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  return Object.assign(stop, { pid: child.pid });
}

async function withFloor(upstream, run) {
  const port = 9100 + Math.floor(Math.random() * 200);
  const stop = startChild("npx", [
    "wrangler",
    "dev",
    "--config",
    "bench/mcp/floor/wrangler.toml",
    "--port",
    String(port),
    "--var",
    `UPSTREAM:${upstream}`,
  ]);
  try {
    await waitFor(`http://localhost:${port}/`, "The forwarding Worker");
    return await run(`http://localhost:${port}`, stop.pid);
  } finally {
    stop();
  }
}

/** The peer serving `spec` (a description file; the echo description unless given). */
async function withPeer(upstream, run, spec = echoSpecFile(upstream)) {
  const port = 9400 + Math.floor(Math.random() * 200);
  const bin = join(import.meta.dirname, "..", "node_modules", "@ivotoby", "openapi-mcp-server", "bin", "mcp-server.js");
  // It logs every message it sends (a 2 MB tools/list included) to stderr.
  const stop = startChild(
    "node",
    [bin, "--api-base-url", upstream, "--openapi-spec", spec, "--transport", "http", "--port", String(port)],
    true,
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/mcp`, "@ivotoby/openapi-mcp-server");
    return await run(`http://127.0.0.1:${port}/mcp`);
  } finally {
    stop();
  }
}

function echoSpecFile(upstream) {
  const spec = join(mkdtempSync(join(tmpdir(), "bench-peer-")), "echo.json");
  writeFileSync(spec, descriptionOf(upstream));
  return spec;
}

async function connect(url, token) {
  const client = new Client({ name: "bench-mcp", version: "1.0.0" });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Latency and throughput of one MCP server, every answer checked. */
async function measureMcp(url, token, server) {
  const client = await connect(url, token);
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name.toLowerCase().includes("echo"))?.name ?? tools[0].name;
  const callOn = (c) => async (n) => {
    const q = `q${n}`;
    const result = await c.callTool({ name: tool, arguments: { word: "bench", q } });
    // The peer pretty-prints the API's JSON: compare without white space.
    const text = (result.content?.map((part) => part.text ?? "").join("") ?? "").replace(/\s/g, "");
    return !result.isError && text.includes(`"q":"${q}"`);
  };
  const checked = callOn(client);
  const call = await timed(
    async (n) => {
      if (!(await checked(n))) throw new Error(`Wrong answer from ${url}`);
    },
    CALLS,
    server,
  );
  const list = await timed(() => client.listTools(), CALLS);
  await client.close();
  const load = await throughput(
    CONCURRENCY,
    THROUGHPUT_CALLS,
    async () => {
      const own = await connect(url, token);
      return Object.assign(callOn(own), { close: () => own.close() });
    },
    server,
  );
  return { call, list, load };
}

/**
 * The request an MCP client sends for a tools/call, minus what only Toolport reads: a POST with the
 * JSON-RPC body and the transport's headers, sent to the upstream's URL (which answers any method).
 */
const mcpShaped = (n) => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
  body: JSON.stringify({ method: "tools/call", params: { name: "echo", arguments: { word: "bench", q: `q${n}` } }, jsonrpc: "2.0", id: n }),
});

/** Latency and throughput of plain HTTP calls of the upstream's URL: GETs, or (`shaped`) MCP-shaped POSTs. */
async function measureHttp(origin, shaped = false, server) {
  const get = async (n) => {
    const res = await fetch(`${origin}/echo/bench?q=q${n}`, shaped ? mcpShaped(n) : undefined);
    return (await res.json()).q === `q${n}`;
  };
  const call = await timed(get, CALLS, server);
  const load = await throughput(CONCURRENCY, THROUGHPUT_CALLS, async () => get, server);
  return { call, load };
}

/** The small server beside the floor and the peer (see the top of this file). */
async function smallSection(upstream) {
  const direct = await measureHttp(upstream);
  const [floor, floorPost, floorHop, floorHopPost] = await withFloor(upstream, async (origin, server) => [
    await measureHttp(origin, false, server),
    await measureHttp(origin, true, server),
    await measureHttp(`${origin}/hop`, false, server),
    await measureHttp(`${origin}/hop`, true, server),
  ]);
  const toolport = await withLocalPortal(async (origin, { group }) => {
    const { mcpUrl, token } = await deployFixture(origin, {
      description: descriptionOf(upstream),
      fileName: "echo.json",
      name: "Echo",
      plan: "growth",
    });
    return measureMcp(mcpUrl, token, group);
  }, untracedEnv);
  const peer = await withPeer(upstream, (url) => measureMcp(url, null));

  const added = (m) => m.call.p50 - direct.call.p50;
  const row = (name, m, note = "") =>
    `  ${name.padEnd(34)} p50 ${fmt(m.call.p50)}  p99 ${fmt(m.call.p99)}  added p50 ${fmt(added(m))}  ${m.load.perSecond.toFixed(0).padStart(5)} calls/s${m.load.wrong !== undefined ? `  ${m.load.wrong} wrong` : ""}${m.call.cpu != null ? `  server CPU ${fmt(m.call.cpu.ms)}/call, ${fmt(m.load.cpu.ms)}/call under load (wrangler's proxy ${fmt(m.load.cpu.proxy)})` : ""}  client CPU ${fmt(m.load.clientCpu)}/call under load${note}`;
  const cpuOver =
    toolport.call.cpu != null && floor.call.cpu != null ? ` server CPU +${fmt(toolport.call.cpu.ms - floor.call.cpu.ms)} per call` : "";
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  return [
    `bench:mcp — as a client sees it (${CALLS} sequential calls each; ${THROUGHPUT_CALLS} calls by ${CONCURRENCY} clients; upstream ${upstream})`,
    row("upstream directly (Node fetch)", direct),
    row("floor: Worker that only forwards", floor),
    row("  the same, MCP-shaped POSTs", floorPost),
    row("  GETs through an isolate hop", floorHop),
    row("  MCP-shaped POSTs through it", floorHopPost),
    row("Toolport tools/call (SDK client)", toolport),
    row("peer: @ivotoby/openapi-mcp-server", peer),
    "",
    `  tools/list                         Toolport p50 ${fmt(toolport.list.p50)}  peer p50 ${fmt(peer.list.p50)}  floor request p50 ${fmt(floor.call.p50)}`,
    "",
    `  Toolport over the floor            tools/call p50 +${fmt(added(toolport) - added(floor))} (goal ≤ 1 ms)   tools/list p50 +${fmt(toolport.list.p50 - floor.call.p50)} (goal ≤ 2 ms) ${cpuOver}`,
    `  Toolport over the peer             tools/call p50 +${fmt(added(toolport) - added(peer))}`,
    `  throughput at ${CONCURRENCY}-way               ${ratio(toolport.load.perSecond, floor.load.perSecond)} the floor's (goal ≥ 0.85×; ${ratio(toolport.load.perSecond, floorPost.load.perSecond)} with MCP-shaped POSTs)   ${ratio(toolport.load.perSecond, peer.load.perSecond)} the peer's   ${ratio(toolport.load.perSecond, BEFORE.throughput)} before (${BEFORE.throughput} calls/s at 50da41f; goal ≥ 2×)`,
    `  the design's isolate hop           GETs p50 +${fmt(added(floorHop) - added(floor))}, ${ratio(floorHop.load.perSecond, floor.load.perSecond)} the floor's throughput;  MCP-shaped POSTs through it (the least an MCP call can cost here) p50 +${fmt(added(floorHopPost) - added(floor))}, ${ratio(floorHopPost.load.perSecond, floor.load.perSecond)};  Toolport ${ratio(toolport.load.perSecond, floorHopPost.load.perSecond)} of that`,
    `  wrong answers under ${CONCURRENCY} sessions    Toolport ${toolport.load.wrong}   peer ${peer.load.wrong}`,
    `  machine load (1, 5, 15 min)        ${loadavg()}`,
  ];
}

/** GitHub as one large server, beside the peer on the same description (see large.mjs). */
async function largeSection(upstream) {
  const toolport = await withLocalPortal((origin) => measureToolport(origin, upstream), untracedEnv);
  const peer = await withPeer(upstream, measurePeer, peerDescriptionFile(upstream));
  return largeReport(toolport, peer);
}

// BENCH_SECTIONS=small or =large runs one section; both by default.
const SECTIONS = (process.env.BENCH_SECTIONS ?? "small,large").split(",");
const { server: upstreamServer, origin: upstream } = await startUpstream();
try {
  const lines = [""];
  if (SECTIONS.includes("small")) lines.push(...(await smallSection(upstream)), "");
  if (SECTIONS.includes("large")) lines.push(...(await largeSection(upstream)), "");
  console.log(lines.join("\n"));
} finally {
  upstreamServer.close();
  upstreamServer.closeAllConnections();
}
