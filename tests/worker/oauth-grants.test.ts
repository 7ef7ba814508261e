// Connected apps: OAuth calls are metered and their grant's last use recorded; the organization's
// grants are listed newest first (to a session or a read-scoped portal key) and revoked only by
// their own organization's signed-in users.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { oauthGrants, serverUsage, subscriptions } from "../../worker/db/schema";
import { call, signUp } from "./helpers";
import { bearer, connectV2, createServer, db, deploy, echoOf, echoTool, MCP_ORIGIN } from "./mcp-setup";
import { portal, registerClient, signInWithOAuth } from "./oauth-setup";

async function connectedApp() {
  const owner = await signUp();
  const server = await createServer(owner.organizationId, [echoTool("list_pets", {})]);
  await deploy(server.id);
  const clientId = await registerClient([`http://127.0.0.1:33418/callback`], "Grants Test Client");
  const tokens = await signInWithOAuth(clientId, server.slug, owner.cookie);
  return { owner, server, tokens };
}

describe("connected apps", () => {
  it("meters OAuth tool calls like any other and records the grant's last use", async () => {
    const { owner, server, tokens } = await connectedApp();
    const before = Date.now();
    const client = await connectV2(server.slug, bearer(tokens.access_token));
    expect(echoOf(await client.callTool({ name: "list_pets", arguments: {} })).path).toBe("/echo/list_pets");
    await client.close();
    await vi.waitFor(async () => {
      const [usage] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
      expect(usage?.toolCalls).toBe(1);
    });
    await vi.waitFor(async () => {
      const [grant] = await db.select().from(oauthGrants).where(eq(oauthGrants.organizationId, owner.organizationId));
      expect(grant.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  it("leaves out grants past their 30 days, which the OAuth store has dropped", async () => {
    const { owner } = await connectedApp();
    await db.update(oauthGrants).set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).where(eq(oauthGrants.organizationId, owner.organizationId));
    expect(await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()).toEqual({ success: true, data: [] });
  });

  it("lists grants to a read-scoped portal key, which cannot revoke them", async () => {
    const { owner } = await connectedApp();
    await db.insert(subscriptions).values({ organizationId: owner.organizationId, planType: "growth" }).onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType: "growth" } });
    const created = await call("/api/api-keys", { method: "POST", cookie: owner.cookie, json: { name: "CI", scopes: ["read"] } });
    expect(created.status).toBe(201);
    const key = ((await created.json()) as { data: { key: string } }).data.key;
    const listed = await call("/api/oauth/grants", { headers: bearer(key) });
    expect(listed.status).toBe(200);
    const { data } = (await listed.json()) as { data: { id: string; clientName: string; userEmail: string }[] };
    expect(data).toMatchObject([{ clientName: "Grants Test Client", userEmail: owner.email }]);
    const revoke = await call(`/api/oauth/grants/${data[0].id}`, { method: "DELETE", headers: bearer(key) });
    expect(revoke.status).toBe(403);
  });

  it("never shows or revokes another organization's grants", async () => {
    const { owner, server, tokens } = await connectedApp();
    const stranger = await signUp();
    const mine = (await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()) as { data: { id: string }[] };
    const theirs = await portal("/api/oauth/grants", { headers: { cookie: stranger.cookie } });
    expect(await theirs.json()).toEqual({ success: true, data: [] });
    const revoke = await portal(`/api/oauth/grants/${mine.data[0].id}`, { method: "DELETE", headers: { cookie: stranger.cookie, origin: MCP_ORIGIN } });
    expect(revoke.status).toBe(404);
    const client = await connectV2(server.slug, bearer(tokens.access_token));
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });
});
