// Helpers for MCP tests: organizations, servers, tools, auth configs and access tokens inserted
// directly, deployments through the real code, and SDK clients wired to the Worker's fetch.
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { inject } from "vitest";
import { and, eq } from "drizzle-orm";
import { usagePeriod } from "../../worker/billing/usage";
import { getDb } from "../../worker/db";
import type { Bindings } from "../../worker/env";
import { accessTokens, authConfigs, organizations, organizationUsage, servers, subscriptions, tokenServers } from "../../worker/db/schema";
import { encryptJson, sha256Hex } from "../../worker/lib/crypto";
import { deployServer, getDeployment, type DeployOptions } from "../../worker/deploy/deploy";
import { settleUsage as settleMeteredUsage } from "../../worker/gateway/metering";
import type { JsonSchemaObject, ToolMapping, UpstreamCredentials } from "../../worker/openapi/types";
import { insertTools } from "../../worker/servers/create";

export const db = getDb(env.DB);
/** The gateway only answers loopback hosts in local development (DNS-rebinding protection). */
export const MCP_ORIGIN = "http://localhost";
export const upstream = () => inject("upstreamOrigin");

export type ToolSpec = {
  name: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  mapping: ToolMapping;
  active?: boolean;
};
export type AuthSpec = {
  authType?: "none" | "bearer" | "apiKey" | "basic" | "oauth2";
  authStrategy?: "managed" | "passthrough";
  secrets?: UpstreamCredentials;
  settings?: Record<string, unknown>;
  exposeToPublic?: boolean;
  staticValues?: Record<string, string>;
};

const unique = () => crypto.randomUUID().slice(0, 8);

/** A fresh organization, on the given plan (free when omitted). */
export async function createOrg(plan?: "free" | "sprout" | "growth") {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Org ${unique()}`, slug: `org-${unique()}` })
    .returning();
  if (plan) await db.insert(subscriptions).values({ organizationId: org.id, planType: plan });
  return org.id;
}

/** A server with tools and (optionally) an auth config, inserted as the import engine would. */
export async function createServer(organizationId: string, toolSpecs: ToolSpec[], auth: AuthSpec = {}, baseUrl = upstream()) {
  const slug = `srv-${unique()}`;
  const [server] = await db
    .insert(servers)
    .values({ organizationId, name: `Test API ${slug}`, description: "An API used by tests", slug, baseUrl })
    .returning();
  const rows = toolSpecs.map((t, position) => ({
    serverId: server.id,
    name: t.name,
    description: t.description ?? `Calls ${t.mapping.method.toUpperCase()} ${t.mapping.path}`,
    active: t.active ?? true,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema ?? null,
    mapping: t.mapping,
    endpoint: { method: t.mapping.method, path: t.mapping.path },
    position,
  }));
  // Written as the import engine writes them.
  const inserts = insertTools(db, rows);
  if (inserts.length > 0) await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  await db.insert(authConfigs).values({
    serverId: server.id,
    authType: auth.authType ?? "none",
    authStrategy: auth.authStrategy ?? "managed",
    status: "configured",
    exposeToPublic: auth.exposeToPublic ?? false,
    authContextValues: auth.staticValues ?? {},
    settings: auth.settings ?? {},
    secretsCiphertext: auth.secrets ? await encryptJson(env.SECRETS_KEY, auth.secrets) : null,
  });
  return server;
}

/** An access token (tp_…) of the organization assigned to the given servers. */
export async function createToken(organizationId: string, serverIds: string[], overrides: { isActive?: boolean; expiresAt?: Date } = {}) {
  const token = `tp_${crypto.randomUUID().replace(/-/g, "")}`;
  const [row] = await db
    .insert(accessTokens)
    .values({ organizationId, tokenHash: await sha256Hex(token), prefix: token.slice(0, 8), ...overrides })
    .returning();
  if (serverIds.length > 0) await db.insert(tokenServers).values(serverIds.map((serverId) => ({ tokenId: row.id, serverId })));
  return { token, id: row.id };
}

export const deploy = (serverId: string, options: DeployOptions = {}) =>
  deployServer(db, env, serverId, { origin: MCP_ORIGIN, ...options });

/** Waits until the server's latest deployment (started through the API, which answers at once) has run; answers it. */
export async function settledDeployment(serverId: string) {
  const stub = env.DEPLOYMENT.getByName(serverId);
  const { deploymentId } = await stub.state();
  if (deploymentId) await stub.settle(deploymentId);
  return getDeployment(db, env, serverId);
}

/**
 * Gives the server's Deployment object, which runs its deployments, these hosting-provider settings
 * (e.g. Cloudflare's API at a local fake) over the Worker's own, as a configured portal would have them.
 */
export async function useProviderSettings(serverId: string, settings: Partial<Bindings>) {
  await runInDurableObject(env.DEPLOYMENT.getByName(serverId), (instance) => {
    const object = instance as unknown as { env: Bindings };
    object.env = { ...object.env, ...settings };
  });
}

/** A fetch that goes through the portal Worker's real entry. */
export const workerFetch = (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init));

/** Reports this isolate's metering leases and has the ledgers write their counts to D1 (the pages' source) now. */
export const settleUsage = () => settleMeteredUsage(env);

/** An MCP client (SDK v2) connected to /s/{slug}/mcp. */
export async function connectV2(slug: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: "toolport-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${MCP_ORIGIN}/s/${slug}/mcp`), {
    fetch: workerFetch,
    requestInit: { headers },
  });
  await client.connect(transport);
  return client;
}

/** An MCP client (SDK v1, @modelcontextprotocol/sdk) connected to /s/{slug}/mcp. */
export async function connectV1(slug: string, headers: Record<string, string> = {}) {
  const { Client: V1Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport: V1Transport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const client = new V1Client({ name: "toolport-test-v1", version: "1.0.0" });
  const transport = new V1Transport(new URL(`${MCP_ORIGIN}/s/${slug}/mcp`), { fetch: workerFetch, requestInit: { headers } });
  await client.connect(transport);
  return client;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A deployed server of a new organization (on `plan`) with these tools and upstream auth, and a token assigned to it. */
export async function servedServer(
  toolSpecs: ToolSpec[],
  options: { plan?: "free" | "sprout" | "growth"; auth?: AuthSpec; deploy?: DeployOptions } = {},
) {
  const org = await createOrg(options.plan);
  const server = await createServer(org, toolSpecs, options.auth);
  const { token } = await createToken(org, [server.id]);
  const deployment = await deploy(server.id, options.deploy);
  return { org, server, token, deployment };
}

/** The headers of a Streamable HTTP client's POST. */
export const MCP_POST_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};
/** POSTs one JSON-RPC message (or a raw body) to /s/{slug}/mcp with the token, as an MCP client does. */
export const postMcp = (slug: string, token: string, message: unknown, headers: Record<string, string> = MCP_POST_HEADERS) =>
  workerFetch(`${MCP_ORIGIN}/s/${slug}/mcp`, {
    method: "POST",
    headers: { ...headers, ...bearer(token) },
    body: typeof message === "string" ? message : JSON.stringify(message),
  });
/** A JSON-RPC tools/call message; without an id, a notification. */
export const toolCall = (id: number | undefined, name: string, args: unknown = {}) => ({
  jsonrpc: "2.0",
  ...(id === undefined ? {} : { id }),
  method: "tools/call",
  params: { name, arguments: args },
});
/** tools/list on the server's endpoint with the token. */
export const listTools = (slug: string, token: string) => postMcp(slug, token, { jsonrpc: "2.0", id: 1, method: "tools/list" });

/** The organization's tool calls this month, once this isolate's leases are settled. */
export const organizationCalls = async (organizationId: string) =>
  (await settleUsage(),
  await db.query.organizationUsage.findFirst({
    where: and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.period, usagePeriod())),
  }))?.toolCalls ?? 0;
/** Requests the local upstream received at /counted/{key}. */
export const upstreamHits = async (key: string) => ((await (await fetch(`${upstream()}/hits/${key}`)).json()) as { hits: number }).hits;
/** The upstream's request lines that carried this text (it logs every request it receives). */
export const upstreamReceived = async (containing: string) =>
  (await (await fetch(`${upstream()}/_received?containing=${encodeURIComponent(containing)}`)).json()) as string[];

/** The text of the first content block of a tool result. */
export const textOf = (result: unknown) => (result as { content: { type: string; text?: string }[] }).content[0]?.text ?? "";
/** The upstream echo of a tool call (the echo route answers JSON). */
export const echoOf = (result: unknown) =>
  JSON.parse(textOf(result)) as { method: string; path: string; query: string; headers: Record<string, string>; body: any };

/** A tool that echoes: GET {path} with the given parameters. */
export const echoTool = (
  name: string,
  mapping: Partial<ToolMapping>,
  properties: JsonSchemaObject["properties"] = {},
  required: string[] = [],
): ToolSpec => ({
  name,
  inputSchema: { type: "object", properties, required },
  mapping: { method: "get", path: `/echo/${name}`, parameters: [], ...mapping },
});
