// A CPU profile of one Worker of the small section's call path, under wrangler dev as bench:mcp runs it:
//   node bench/mcp/profile.mjs [target]
// target: a pattern of workerd inspector target ids, e.g. '^core:user:toolport-gateway$' (the default),
// '^core:user:toolport$' (the portal: queue consumer, usage ledger) or ':lean$' (the server's isolate).
// Attach to one target at a time: profiling every target of the process stalled it. Writes the profile
// to the temporary directory as bench-profile-<target>.cpuprofile (Chrome DevTools opens it) and prints self time per call.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployFixture, untracedEnv, withLocalPortal } from "../../scripts/local-portal.mjs";
import { descriptionOf, startUpstream } from "./echo.mjs";

const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const target = new RegExp(process.argv[2] ?? "^core:user:toolport-gateway$");

/** The inspector targets of the workerd that runs the portal's Workers (the one listing the gateway). */
async function inspectorTargets() {
  const ports = [
    ...execFileSync("ss", ["-ltnp"])
      .toString()
      .matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd"/g),
  ].map((m) => m[1]);
  for (const port of ports) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) })).json();
      if (list.some((t) => t.id === "core:user:toolport-gateway")) return list;
    } catch {}
  }
  throw new Error("No workerd inspector lists the gateway Worker");
}

/** A DevTools protocol session on `url`: send(method, params) answers the result. */
async function devtools(url) {
  const ws = new WebSocket(url.replace("localhost", "127.0.0.1"));
  const waiting = new Map();
  let id = 0;
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  };
  await new Promise((opened, failed) => Object.assign(ws, { onopen: opened, onerror: failed }));
  const send = (method, params = {}) =>
    new Promise((answered) => {
      waiting.set(++id, answered);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Self time per call of each function (name, file and line), largest first. */
function selfTimes(profile, calls) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((nodeId, i) => {
    const { functionName, url, lineNumber } = nodes.get(nodeId).callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").at(-1)}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...self].sort((a, b) => b[1] - a[1]).map(([key, us]) => `${(us / 1000 / calls).toFixed(3).padStart(8)} ms  ${key}`);
}

const { server, origin: upstream } = await startUpstream();
try {
  await withLocalPortal(async (origin) => {
    const { mcpUrl, token } = await deployFixture(origin, {
      description: descriptionOf(upstream),
      fileName: "echo.json",
      name: "Echo",
      plan: "growth",
    });
    const client = new Client({ name: "bench-mcp-profile", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    const tool = (await client.listTools()).tools[0].name;
    const call = async (n) => {
      const result = await client.callTool({ name: tool, arguments: { word: "bench", q: `q${n}` } });
      if (result.isError || !result.content[0].text.includes(`"q${n}"`)) throw new Error("Wrong answer");
    };
    // Warm: the server's isolate is loaded (and listed as a target) by the first call.
    for (let i = 0; i < 100; i++) await call(i);
    const found = (await inspectorTargets()).find((t) => target.test(t.id));
    if (!found) throw new Error(`No inspector target matches ${target}`);
    const session = await devtools(found.webSocketDebuggerUrl);
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 250 });
    await session.send("Profiler.start");
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await call(i);
    const wall = (performance.now() - started) / CALLS;
    const { profile } = await session.send("Profiler.stop");
    session.close();
    await client.close();
    const file = join(tmpdir(), `bench-profile-${found.id.replace(/[^\w-]+/g, "_")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`${found.id}: ${CALLS} tools/call, ${wall.toFixed(2)} ms each while profiled; ${file}`);
    console.log("Self time per call (idle and program included):");
    console.log(selfTimes(profile, CALLS).slice(0, 40).join("\n"));
  }, untracedEnv);
} finally {
  server.close();
  server.closeAllConnections();
}
