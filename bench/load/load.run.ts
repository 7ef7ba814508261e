// `npm run bench:load`: the gateway under many concurrent MCP clients, and the servers and tokens
// lists of a full organization (D1 statements counted), inside workerd with the real bindings.
// Figures are printed.
import { it } from "vitest";
import { gatewayLoad, percentile, serversListQueries } from "./load";

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The gateway with the call log on and off, side by side. The machine is shared and its load comes
 * in bursts, so each run splits its clients in two halves, one recording and one not, calling the
 * same servers at the same moments; each side reports its p50 and the calls it completed per second,
 * and the figures are medians over several runs. (Recording's queue consumer writes D1 in this same
 * workerd, so its cost falls on both halves alike.)
 */
async function callLogComparison() {
  const [calls, clients, rounds] = [2000, 16, 5];
  await gatewayLoad(500, clients, { callLog: "split" }); // warms the isolate and both code paths
  const runs = { off: [] as { p50: number; throughput: number }[], on: [] as { p50: number; throughput: number }[] };
  for (let round = 0; round < rounds; round++) {
    const load = await gatewayLoad(calls, clients, { callLog: "split" });
    if (load.failed > 0) throw new Error(`call log: ${load.failed} calls failed: ${load.failures.join(" | ")}`);
    for (const side of ["off", "on"] as const)
      runs[side].push({ p50: percentile(load.bySide![side], 50), throughput: load.bySide![side].length / load.seconds });
  }
  const summary = (side: "on" | "off") => ({
    p50: median(runs[side].map((r) => r.p50)),
    throughput: median(runs[side].map((r) => r.throughput)),
  });
  const [off, on] = [summary("off"), summary("on")];
  const change = (a: number, b: number) => `${b >= a ? "+" : ""}${(((b - a) / a) * 100).toFixed(1)} %`;
  return [
    `  Call log: ${rounds} runs of ${calls} tools/call, ${clients} clients, half recording and half not (medians)`,
    `    recording off   p50 ${ms(off.p50)}   throughput ${off.throughput.toFixed(0)} calls/s`,
    `    recording on    p50 ${ms(on.p50)}   throughput ${on.throughput.toFixed(0)} calls/s`,
    `    difference      p50 ${change(off.p50, on.p50)}   throughput ${change(off.throughput, on.throughput)}`,
  ];
}

it("measures the portal under load", async () => {
  const lines = ["", "Load benchmark (inside workerd, local upstream)"];
  for (const [calls, clients] of [
    [2000, 64],
    [2000, 16],
  ]) {
    const load = await gatewayLoad(calls, clients);
    const l = load.latenciesMs;
    lines.push(
      `  MCP gateway: ${calls} tools/call, ${clients} concurrent clients`,
      `    throughput ${(calls / load.seconds).toFixed(0)} calls/s in ${load.seconds.toFixed(1)} s   latency p50 ${ms(percentile(l, 50))}  p95 ${ms(percentile(l, 95))}  p99 ${ms(percentile(l, 99))}  max ${ms(l.at(-1)!)}`,
      `    failed ${load.failed}   counted ${load.countedForOrganization} for the organization, ${load.countedPerServer} over its servers${load.failures.length ? `\n    first failures: ${load.failures.join(" | ")}` : ""}`,
    );
  }
  lines.push(...(await callLogComparison()));
  for (const [servers, toolsEach] of [
    [1, 1],
    [5, 50],
    [25, 250],
  ]) {
    const list = await serversListQueries(servers, toolsEach);
    lines.push(
      `  GET /api/servers: ${servers} servers × ${toolsEach} tools → ${list.statements} D1 statements (${list.batches} batches), ${ms(list.ms)}`,
    );
  }
  const tokens = await serversListQueries(25, 1, { tokens: 25, path: () => "/api/access-tokens" });
  lines.push(`  GET /api/access-tokens: 25 tokens × 25 servers → ${tokens.statements} D1 statements, ${ms(tokens.ms)}`);
  console.log([...lines, ""].join("\n"));
}, 600_000);
