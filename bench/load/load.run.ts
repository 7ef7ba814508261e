// `npm run bench:load`: the gateway under many concurrent MCP clients, and the servers and tokens
// lists of a full organization (D1 statements counted), inside workerd with the real bindings.
// Figures are printed.
import { it } from "vitest";
import { gatewayLoad, percentile, serversListQueries } from "./load";

const ms = (n: number) => `${n.toFixed(1)} ms`;

it("measures the portal under load", async () => {
  const lines = ["", "Load benchmark (inside workerd, local upstream)"];
  for (const [calls, clients] of [[2000, 64], [2000, 16]]) {
    const load = await gatewayLoad(calls, clients);
    const l = load.latenciesMs;
    lines.push(
      `  MCP gateway: ${calls} tools/call, ${clients} concurrent clients`,
      `    throughput ${(calls / load.seconds).toFixed(0)} calls/s in ${load.seconds.toFixed(1)} s   latency p50 ${ms(percentile(l, 50))}  p95 ${ms(percentile(l, 95))}  p99 ${ms(percentile(l, 99))}  max ${ms(l.at(-1)!)}`,
      `    failed ${load.failed}   counted ${load.countedForOrganization} for the organization, ${load.countedPerServer} over its servers${load.failures.length ? `\n    first failures: ${load.failures.join(" | ")}` : ""}`,
    );
  }
  for (const [servers, toolsEach] of [[1, 1], [5, 50], [25, 250]]) {
    const list = await serversListQueries(servers, toolsEach);
    lines.push(`  GET /api/servers: ${servers} servers × ${toolsEach} tools → ${list.statements} D1 statements (${list.batches} batches), ${ms(list.ms)}`);
  }
  const tokens = await serversListQueries(25, 1, { tokens: 25, path: () => "/api/access-tokens" });
  lines.push(`  GET /api/access-tokens: 25 tokens × 25 servers → ${tokens.statements} D1 statements, ${ms(tokens.ms)}`);
  console.log([...lines, ""].join("\n"));
}, 600_000);
