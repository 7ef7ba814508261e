// Load scenarios shared by the load test (which asserts) and `npm run bench:load` (which prints):
// many MCP clients calling tools through the gateway, and the servers list of a full organization
// with every D1 statement counted.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { app } from "../../worker/app";
import worker from "../../worker/index";
import { usagePeriod } from "../../worker/billing/usage";
import { organizationUsage, serverUsage } from "../../worker/db/schema";
import { ORIGIN, signUp } from "../../tests/worker/helpers";
import {
  bearer,
  connectV2,
  createOrg,
  createServer,
  createToken,
  db,
  deploy,
  echoTool,
  MCP_ORIGIN,
  settleUsage,
  textOf,
} from "../../tests/worker/mcp-setup";

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export type GatewayLoad = {
  calls: number;
  clients: number;
  failed: number;
  failures: string[];
  seconds: number;
  latenciesMs: number[];
  /** With callLog "split": each side's latencies (sorted), from the same moments of the same run. */
  bySide?: Record<"on" | "off", number[]>;
  countedForOrganization: number;
  countedPerServer: number;
};

/** An MCP client (SDK v2) whose requests reach the Worker's entry with the call log on or off (CALL_LOG). */
async function connectWithCallLog(slug: string, headers: Record<string, string>, callLog: "on" | "off") {
  const fetchWith = async (input: RequestInfo | URL, init?: RequestInit) =>
    worker.fetch(
      new Request(input, init) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, CALL_LOG: callLog },
      createExecutionContext(),
    );
  const client = new Client({ name: `toolport-bench-${callLog}`, version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${MCP_ORIGIN}/s/${slug}/mcp`), { fetch: fetchWith, requestInit: { headers } }),
  );
  return client;
}

/**
 * `clients` MCP clients (SDK v2, each its own connection) share `calls` tools/call over two servers;
 * with `callLog`, every request carries CALL_LOG = on or off (the call log's records written or not);
 * "split" gives half the clients (on both servers) each, side by side in one run.
 */
export async function gatewayLoad(
  calls: number,
  clients: number,
  options: { callLog?: "on" | "off" | "split" } = {},
): Promise<GatewayLoad> {
  const org = await createOrg("growth");
  const tool = echoTool("count_me", { parameters: [{ arg: "n", in: "query", name: "n", required: true }] }, { n: { type: "integer" } }, [
    "n",
  ]);
  const servers = [await createServer(org, [tool]), await createServer(org, [tool])];
  const { token } = await createToken(
    org,
    servers.map((s) => s.id),
  );
  for (const server of servers) await deploy(server.id);
  const sideOf = (i: number): "on" | "off" =>
    options.callLog === "split" ? (Math.floor(i / servers.length) % 2 === 0 ? "off" : "on") : (options.callLog ?? "on");
  const connect = (slug: string, i: number) =>
    options.callLog ? connectWithCallLog(slug, bearer(token), sideOf(i)) : connectV2(slug, bearer(token));
  const connected = await Promise.all(Array.from({ length: clients }, (_, i) => connect(servers[i % servers.length].slug, i)));
  const bySide: Record<"on" | "off", number[]> = { on: [], off: [] };

  let next = 0;
  const failures: string[] = [];
  const latenciesMs: number[] = [];
  const start = performance.now();
  await Promise.all(
    connected.map(async (client, i) => {
      for (let n = next++; n < calls; n = next++) {
        const begun = performance.now();
        try {
          const result = await client.callTool({ name: "count_me", arguments: { n } });
          // Each answer must be this call's own: the upstream echoes the query it received.
          const echoed = result.isError ? null : (JSON.parse(textOf(result)) as { query: string });
          if (echoed?.query !== `n=${n}`) failures.push(`call ${n}: ${textOf(result).slice(0, 200)}`);
        } catch (err) {
          failures.push(`call ${n}: ${(err as Error).message}`);
        }
        latenciesMs.push(performance.now() - begun);
        bySide[sideOf(i)].push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(connected.map((c) => c.close()));

  // The isolate's leases reported and the ledger's counts written to D1, as they are within a second or so on their own.
  await settleUsage();
  const orgRow = await db.query.organizationUsage.findFirst({
    where: and(eq(organizationUsage.organizationId, org), eq(organizationUsage.period, usagePeriod())),
  });
  const perServer = await db.select().from(serverUsage).where(eq(serverUsage.organizationId, org));
  return {
    calls,
    clients,
    failed: failures.length,
    failures: failures.slice(0, 5),
    seconds,
    latenciesMs: latenciesMs.sort((a, b) => a - b),
    ...(options.callLog === "split" ? { bySide: { on: bySide.on.sort((a, b) => a - b), off: bySide.off.sort((a, b) => a - b) } } : {}),
    countedForOrganization: orgRow?.toolCalls ?? 0,
    countedPerServer: perServer.reduce((sum, r) => sum + r.toolCalls, 0),
  };
}

/**
 * The Host check's custom-domain lookup: cached for a few seconds per isolate, so whether a request
 * makes it depends on the time since the last one, not on the route being measured.
 */
const HOST_LOOKUP = /from "custom_domains" inner join "servers" .* where "custom_domains"\."hostname" = \?/;

/** env.DB with every statement counted: prepare (each statement, batched or not) and exec; the Host lookup apart. */
export function countingDb(db: D1Database) {
  const counter = { statements: 0, batches: 0, hostLookups: 0, sql: [] as string[] };
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          if (HOST_LOOKUP.test(query)) counter.hostLookups++;
          else {
            counter.statements++;
            counter.sql.push(query);
          }
          return target.prepare(query);
        };
      if (prop === "exec") return (query: string) => (counter.statements++, counter.sql.push(query), target.exec(query));
      if (prop === "batch") return (statements: D1PreparedStatement[]) => (counter.batches++, target.batch(statements));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

/** Adds `count` servers with `toolsEach` tools to the organization, written in a few large batches. */
export async function fillOrganization(organizationId: string, count: number, toolsEach: number) {
  const ids: string[] = [];
  for (let s = 0; s < count; s++) {
    const server = await createServer(organizationId, []);
    ids.push(server.id);
    const insert = env.DB.prepare(
      "INSERT INTO tools (id, server_id, name, description, active, input_schema, mapping, endpoint, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const rows = Array.from({ length: toolsEach }, (_, t) =>
      insert.bind(
        crypto.randomUUID(),
        server.id,
        `tool_${t}`,
        `Tool ${t} of server ${s}`,
        t % 3 === 0 ? 0 : 1,
        JSON.stringify({ type: "object", properties: { q: { type: "string" } } }),
        JSON.stringify({ method: "get", path: `/things/${t}`, parameters: [] }),
        JSON.stringify({ method: "GET", path: `/things/${t}` }),
        t,
        Date.now(),
        Date.now(),
      ),
    );
    await env.DB.batch(rows);
    if (s % 2 === 0) await deploy(server.id);
  }
  return ids;
}

export type ListQueries = {
  servers: number;
  toolsEach: number;
  statements: number;
  batches: number;
  ms: number;
  listed: number;
  sql: string[];
};

/** GET `path` (default /api/servers) for a fresh user whose organization holds `count` servers × `toolsEach` tools and `tokens` access tokens on all of them. */
export async function serversListQueries(
  count: number,
  toolsEach: number,
  options: { tokens?: number; path?: (serverIds: string[]) => string } = {},
): Promise<ListQueries> {
  const user = await signUp();
  await env.DB.prepare("UPDATE subscriptions SET plan_type = 'growth' WHERE organization_id = ?").bind(user.organizationId).run();
  const ids = await fillOrganization(user.organizationId, count, toolsEach);
  for (let t = 0; t < (options.tokens ?? 0); t++) await createToken(user.organizationId, ids);
  const request = () => new Request(`${ORIGIN}${options.path?.(ids) ?? "/api/servers"}`, { headers: { cookie: user.cookie } });
  await app.fetch(request(), env, createExecutionContext()); // warm the isolate's caches
  const { db: counted, counter } = countingDb(env.DB);
  const start = performance.now();
  const res = await app.fetch(request(), { ...env, DB: counted }, createExecutionContext());
  const body = (await res.json()) as { success: boolean; data: unknown[] };
  const ms = performance.now() - start;
  if (!body.success) throw new Error(`${request().url} failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return {
    servers: count,
    toolsEach,
    statements: counter.statements,
    batches: counter.batches,
    ms,
    listed: body.data.length,
    sql: counter.sql,
  };
}
