// The MCP gateway Worker (worker/gateway/worker.ts, in front of the portal): it answers /s/{slug}/mcp on
// the portal's host itself, hands everything else to the portal unchanged, and without the secrets the
// call path needs it hands the portal everything rather than answer with weaker checks.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usagePeriod } from "../../../worker/billing/usage";
import { organizationUsage } from "../../../worker/db/schema";
import gatewayWorker, { type GatewayBindings } from "../../../worker/gateway/worker";
import {
  bearer,
  createOrg,
  createServer,
  createToken,
  db,
  deploy,
  echoOf,
  echoTool,
  MCP_ORIGIN,
  settledDeployment,
  settleUsage,
} from "../mcp-setup";

/** The gateway's env with a portal that records what it is handed. */
function withPortal(overrides: Partial<GatewayBindings> = {}) {
  const handed: Request[] = [];
  const PORTAL = {
    fetch: async (request: Request) => (handed.push(request), new Response("the portal's answer", { status: 202 })),
  } as unknown as Fetcher;
  return { handed, env: { ...env, ...overrides, PORTAL } as GatewayBindings };
}

async function send(gatewayEnv: GatewayBindings, request: Request) {
  const ctx = createExecutionContext();
  const res = await gatewayWorker.fetch(request as Request<unknown, IncomingRequestCfProperties>, gatewayEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const rpc = (url: string, body: unknown, token?: string) =>
  new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...(token ? bearer(token) : {}),
    },
    body: JSON.stringify(body),
  });

describe("the MCP gateway Worker", () => {
  it("answers a tools/call on the portal's host itself, metered and checked as the portal would", async () => {
    const organizationId = await createOrg();
    const server = await createServer(organizationId, [echoTool("ping", {})]);
    await deploy(server.id);
    expect((await settledDeployment(server.id))?.status).toBe("deployed");
    const { token } = await createToken(organizationId, [server.id]);
    const { handed, env: gatewayEnv } = withPortal();

    const res = await send(
      gatewayEnv,
      rpc(
        `${MCP_ORIGIN}/s/${server.slug}/mcp`,
        { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "ping", arguments: {} } },
        token,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const answer = (await res.json()) as { id: number; result: unknown };
    expect(answer.id).toBe(7);
    expect(echoOf(answer.result)).toMatchObject({ method: "GET", path: "/echo/ping" });

    const refused = await send(gatewayEnv, rpc(`${MCP_ORIGIN}/s/${server.slug}/mcp`, { jsonrpc: "2.0", id: 8, method: "tools/list" }));
    expect(refused.status).toBe(401);
    expect(handed).toEqual([]);

    await settleUsage();
    const usage = await db.query.organizationUsage.findFirst({
      where: and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod())),
    });
    expect(usage?.toolCalls).toBe(1);
  });

  it("hands the portal every other request as it came: pages, the API, preflights, root info, other methods and other hosts", async () => {
    const { handed, env: gatewayEnv } = withPortal();
    const requests = [
      new Request(`${MCP_ORIGIN}/`),
      new Request(`${MCP_ORIGIN}/api/servers`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
      new Request(`${MCP_ORIGIN}/s/some-server/mcp`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      }),
      new Request(`${MCP_ORIGIN}/s/some-server`),
      new Request(`${MCP_ORIGIN}/s/some-server/mcp`, { method: "PUT", body: "{}" }),
      new Request(`${MCP_ORIGIN}/s/some-server/mcp/extra`, { method: "POST", body: "{}" }),
      rpc("https://mcp.customer.example/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }),
      rpc("https://mcp.customer.example/s/some-server/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }),
    ];
    for (const request of requests) {
      const res = await send(gatewayEnv, request);
      expect([res.status, await res.text()]).toEqual([202, "the portal's answer"]);
    }
    expect(handed).toHaveLength(requests.length);
    handed.forEach((request, i) => expect(request).toBe(requests[i]));
  });

  it("hands MCP calls to the portal when it lacks SECRETS_KEY, or PUBLIC_URL in production", async () => {
    const call = () => rpc("https://toolport.example.com/s/none/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    for (const overrides of [
      { SECRETS_KEY: undefined },
      { SECRETS_KEY: "" },
      { ENVIRONMENT: "production", PUBLIC_URL: undefined },
      { ENVIRONMENT: "Production", PUBLIC_URL: "" },
    ] as Partial<GatewayBindings>[]) {
      const { handed, env: gatewayEnv } = withPortal(overrides);
      expect((await send(gatewayEnv, call())).status).toBe(202);
      expect(handed).toHaveLength(1);
    }
    // Configured for production: the call is its own (here: no such server).
    const { handed, env: gatewayEnv } = withPortal({ ENVIRONMENT: "production", PUBLIC_URL: "https://toolport.example.com" });
    const res = await send(gatewayEnv, call());
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: "No MCP server at /s/none" } });
    expect(handed).toEqual([]);
  });
});
