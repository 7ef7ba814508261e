// Connected apps: OAuth calls are metered and their grant's last use recorded; the organization's
// grants are listed newest first (to a session or a read-scoped portal key) and revoked only by
// their own organization's signed-in users.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { oauthGrants, serverUsage, subscriptions } from "../../../worker/db/schema";
import { recordGrant } from "../../../worker/oauth/grants";
import { call, signedIn } from "../helpers";
import { bearer, connectV2, createServer, db, deploy, echoOf, echoTool, MCP_ORIGIN } from "../mcp-setup";
import { listToolsWith, portal, registerClient, signInWithOAuth } from "./setup";

async function connectedApp() {
  const owner = await signedIn();
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
    // Reported by the isolate, then written to D1 by the organization's ledger, each within a second or so.
    await vi.waitFor(
      async () => {
        const [usage] = await db.select().from(serverUsage).where(eq(serverUsage.serverId, server.id));
        expect(usage?.toolCalls).toBe(1);
      },
      { timeout: 10_000, interval: 100 },
    );
    await vi.waitFor(async () => {
      const [grant] = await db.select().from(oauthGrants).where(eq(oauthGrants.organizationId, owner.organizationId));
      expect(grant.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  it("replaces a client's grant when it signs the same user in again, and keeps grants the OAuth store still holds", async () => {
    const { owner, server, tokens } = await connectedApp();
    const clientId = (
      (await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()) as { data: { clientId: string }[] }
    ).data[0].clientId;
    const again = await signInWithOAuth(clientId, server.slug, owner.cookie);
    expect((await listToolsWith(server.slug, tokens.access_token)).status).toBe(401);
    expect((await listToolsWith(server.slug, again.access_token)).status).toBe(200);
    const list = async () =>
      ((await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()) as { data: { id: string }[] }).data;
    expect(await list()).toHaveLength(1);

    // Another installation of a metadata-document client keeps its grant beside the new one (the store still holds it).
    const [userId] = again.access_token.split(":");
    await env.OAUTH_KV.put(`grant:${userId}:installation-2`, "{}");
    await recordGrant(db, env, {
      id: "installation-2",
      organizationId: owner.organizationId,
      serverId: server.id,
      userId,
      clientId,
      clientName: "Second installation",
    });
    await recordGrant(db, env, {
      id: "installation-3",
      organizationId: owner.organizationId,
      serverId: server.id,
      userId,
      clientId,
      clientName: "Third installation",
    });
    expect((await list()).map((g) => g.id)).toContain("installation-2");
    expect(await list()).toHaveLength(3);
  });

  it("leaves out grants past their 30 days, which the OAuth store has dropped", async () => {
    const { owner } = await connectedApp();
    await db
      .update(oauthGrants)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(oauthGrants.organizationId, owner.organizationId));
    expect(await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()).toEqual({ success: true, data: [] });
  });

  it("lists grants to a read-scoped portal key, which cannot revoke them", async () => {
    const { owner } = await connectedApp();
    await db
      .insert(subscriptions)
      .values({ organizationId: owner.organizationId, planType: "growth" })
      .onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType: "growth" } });
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
    const stranger = await signedIn();
    const mine = (await (await portal("/api/oauth/grants", { headers: { cookie: owner.cookie } })).json()) as { data: { id: string }[] };
    const theirs = await portal("/api/oauth/grants", { headers: { cookie: stranger.cookie } });
    expect(await theirs.json()).toEqual({ success: true, data: [] });
    const revoke = await portal(`/api/oauth/grants/${mine.data[0].id}`, {
      method: "DELETE",
      headers: { cookie: stranger.cookie, origin: MCP_ORIGIN },
    });
    expect(revoke.status).toBe(404);
    const client = await connectV2(server.slug, bearer(tokens.access_token));
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });
});
