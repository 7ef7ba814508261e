// Deployments are immutable: each runs the runtime it was deployed with, even after the portal's
// runtime changes; one whose runtime is gone is marked as needing a redeploy (deploy modal and server
// card), and a redeploy fixes it.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deployments, servers } from "../../../worker/db/schema";
import { loadSearchPart, loadStoredDeployment, REDEPLOY_NEEDED_MESSAGE } from "../../../worker/hosting/store";
import { getDeployment } from "../../../worker/deploy/deploy";
import { invalidateServerLookups } from "../../../worker/servers/read-model";
import { RUNTIME_HASH } from "../../../worker/deploy/runtime-bundle";
import { createOrg, createServer, createToken, db, deploy, echoTool, listTools, postMcp } from "../mcp-setup";

/** A runtime bundle as an older portal could have deployed it: it answers every request with a marker. */
const OLD_RUNTIME = `export function servePacked(config) {
  return { fetch: () => Response.json({ jsonrpc: "2.0", id: 1, result: { servedBy: "old runtime", tools: config.toolNames.length } }) };
}`;

/** A deployed server, and a second deployment of it made as an older portal (other runtime hash, kept as one module) would have made it. */
async function deployedByAnOlderPortal(stored: { runtimeHash: string; runtime?: string }) {
  const org = await createOrg();
  const server = await createServer(org, [echoTool("ping", {})]);
  const { token } = await createToken(org, [server.id]);
  const { deploymentId } = await deploy(server.id);
  const current = (await loadStoredDeployment(env, deploymentId))!;
  const oldId = `old${crypto.randomUUID().replace(/-/g, "")}`.slice(0, 32);
  if (stored.runtime) await env.KV.put(`mcp-runtime:${stored.runtimeHash}`, stored.runtime);
  await env.KV.put(`mcp-deployment:${oldId}`, JSON.stringify({ ...current, runtimeHash: stored.runtimeHash }));
  await activate(server.id, oldId);
  return { server, token, oldId };
}

/** Makes deployment `id` (its modules kept in KV) the server's active one. */
async function activate(serverId: string, id: string) {
  await db.insert(deployments).values({ id, serverId, contentHash: id, provider: "loader", status: "deployed", updatedAt: new Date() });
  await db.update(servers).set({ activeDeploymentId: id }).where(eq(servers.id, serverId));
  invalidateServerLookups();
}

/** An MCP initialize of the server, as a client sends it first. */
const initialize = (slug: string, token: string) =>
  postMcp(slug, token, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "check", version: "1" } },
  });

const errorOf = async (deploymentId: string) => (await db.query.deployments.findFirst({ where: eq(deployments.id, deploymentId) }))?.error;

describe("an old deployment after a runtime upgrade", () => {
  it("keeps running the runtime it was deployed with, not the portal's current one", async () => {
    const runtimeHash = `old-${crypto.randomUUID()}`;
    const { server, token, oldId } = await deployedByAnOlderPortal({ runtimeHash, runtime: OLD_RUNTIME });
    const res = await listTools(server.slug, token);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 1, result: { servedBy: "old runtime", tools: 1 } });
    expect((await getDeployment(db, env, server.id))?.redeployNeeded).toBe(false);
    expect(await errorOf(oldId)).toBeNull();
  });

  it("is marked as needing a redeploy when its runtime is gone, and a redeploy fixes it", async () => {
    // A runtime hash no longer stored.
    const { server, token, oldId } = await deployedByAnOlderPortal({ runtimeHash: `gone-${crypto.randomUUID()}` });
    const res = await listTools(server.slug, token);
    expect([res.status, await res.json()]).toEqual([
      503,
      { jsonrpc: "2.0", id: null, error: { code: -32005, message: REDEPLOY_NEEDED_MESSAGE } },
    ]);
    // The server card's deployment (the row the list answers) says so too.
    expect(await errorOf(oldId)).toBe(REDEPLOY_NEEDED_MESSAGE);
    expect((await getDeployment(db, env, server.id))?.redeployNeeded).toBe(true);

    const redeployed = await deploy(server.id);
    expect(redeployed).toMatchObject({ status: "deployed", error: null, redeployNeeded: false });
    const again = await listTools(server.slug, token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toEqual(["ping"]);
  });
});

describe("a deployment's tools text", () => {
  it("is read only by a request that reads a tool: initialize is answered without it, and a tools/list without it fails", async () => {
    // A deployment whose modules are kept but whose tools text is not (yet, or any more).
    const { server, token } = await deployedByAnOlderPortal({ runtimeHash: RUNTIME_HASH });
    const initialized = await initialize(server.slug, token);
    expect(initialized.status).toBe(200);
    expect(((await initialized.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(server.name);
    const list = await listTools(server.slug, token);
    expect(((await list.json()) as { error?: { code: number } }).error?.code).toBe(-32603);
  });

  it("is not read by a search-mode server's list or search, which read the search part kept apart; describe_tool reads its tool", async () => {
    const org = await createOrg();
    const server = await createServer(org, [echoTool("ping", {}), echoTool("pong", {})]);
    await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
    const { token } = await createToken(org, [server.id]);
    const { deploymentId } = await deploy(server.id);
    // The same deployment kept as its modules and its search part only.
    const stored = (await loadStoredDeployment(env, deploymentId))!;
    const id = `part${crypto.randomUUID().replace(/-/g, "")}`.slice(0, 32);
    await env.KV.put(`mcp-deployment-search:${id}`, (await loadSearchPart(env, deploymentId, stored))!);
    await env.KV.put(`mcp-deployment:${id}`, JSON.stringify(stored));
    await activate(server.id, id);
    const call = (n: number, name: string, args: Record<string, unknown>) =>
      postMcp(server.slug, token, { jsonrpc: "2.0", id: n, method: "tools/call", params: { name, arguments: args } });
    // initialize has the isolate load its index ahead of the first search.
    const initialized = await initialize(server.slug, token);
    expect(initialized.status).toBe(200);
    const list = (await (await listTools(server.slug, token)).json()) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((t) => t.name)).toEqual(["search_tools", "describe_tool", "call_tool"]);
    const found = (await (await call(1, "search_tools", { query: "pong" })).json()) as { result: { content: { text: string }[] } };
    expect(JSON.parse(found.result.content[0].text)[0]).toMatchObject({ name: "pong" });
    const described = (await (await call(2, "describe_tool", { name: "pong" })).json()) as { error?: { code: number } };
    expect(described.error?.code).toBe(-32603);
  });
});
