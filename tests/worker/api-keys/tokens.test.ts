// A key with 'servers' assigns existing access tokens to servers one at a time and lists them by name
// and id only (the whole create → configure → deploy flow is in api-docs/examples.test.ts); it never
// creates, rotates, reveals or revokes a token, and never reaches another organization's tokens.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessTokens } from "../../../worker/db/schema";
import { keyWith, withKey } from "./helpers";
import { call, signedIn } from "../helpers";
import { createServer, createToken, db, echoTool } from "../mcp-setup";

type User = Awaited<ReturnType<typeof signedIn>>;

/** An access token issued in the portal by the user (the value is shown to them once). */
async function portalToken(user: User, name: string) {
  const res = await call("/api/access-tokens", { method: "POST", cookie: user.cookie, json: { name } });
  return ((await res.json()) as any).data as { token: string; tokenInfo: { id: string; prefix: string } };
}

describe("a key assigning access tokens", () => {
  it("unassigns a token, lists only tokens that can be assigned, and refuses revoked ones", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    const [kept, revoked] = [await portalToken(user, "Kept"), await portalToken(user, "Revoked")];
    await createToken(user.organizationId, [], { expiresAt: new Date(Date.now() - 1000) });
    await call(`/api/access-tokens/${revoked.tokenInfo.id}`, { method: "DELETE", cookie: user.cookie });
    const { key } = await keyWith(user, ["read", "servers"]);
    const path = (id: string) => `/api/servers/${server.id}/access-tokens/${id}`;

    expect((await withKey(key, `/api/servers/${server.id}/access-tokens`)).body.data).toEqual([
      { id: kept.tokenInfo.id, name: "Kept", assigned: false },
    ]);
    expect(await withKey(key, path(revoked.tokenInfo.id), { method: "PUT" })).toEqual({
      status: 409,
      body: { success: false, error: "This token has been revoked and can no longer be changed" },
    });
    expect((await withKey(key, path(kept.tokenInfo.id), { method: "PUT" })).status).toBe(200);
    // Assigning twice is the same as once.
    expect((await withKey(key, path(kept.tokenInfo.id), { method: "PUT" })).body.data.assigned).toBe(true);
    const tokens = ((await (await call("/api/access-tokens", { cookie: user.cookie })).json()) as any).data;
    expect(tokens.find((t: any) => t.id === kept.tokenInfo.id).serverAssignments).toEqual([
      { serverId: server.id, serverName: server.name },
    ]);
    expect(await withKey(key, path(kept.tokenInfo.id), { method: "DELETE" })).toEqual({
      status: 200,
      body: { success: true, data: { id: kept.tokenInfo.id, name: "Kept", assigned: false } },
    });
    expect((await withKey(key, `/api/servers/${server.id}/access-tokens`)).body.data[0].assigned).toBe(false);
  });

  it("never reaches another organization's tokens or servers", async () => {
    const [user, stranger] = [await signedIn(), await signedIn()];
    const server = await createServer(user.organizationId, []);
    const foreignServer = await createServer(stranger.organizationId, []);
    const foreign = await portalToken(stranger, "Stranger's token");
    const own = await portalToken(user, "Own");
    const { key } = await keyWith(user, ["read", "servers"]);
    const notFound = (error: string) => ({ status: 404, body: { success: false, error } });
    expect(await withKey(key, `/api/servers/${server.id}/access-tokens/${foreign.tokenInfo.id}`, { method: "PUT" })).toEqual(
      notFound("Access token not found"),
    );
    expect(await withKey(key, `/api/servers/${foreignServer.id}/access-tokens/${own.tokenInfo.id}`, { method: "PUT" })).toEqual(
      notFound("Server not found"),
    );
    expect(await withKey(key, `/api/servers/${foreignServer.id}/access-tokens`)).toEqual(notFound("Server not found"));
    const listed = await withKey(key, `/api/servers/${server.id}/access-tokens`);
    expect(JSON.stringify(listed)).not.toContain(foreign.tokenInfo.id);
    const row = await db.query.accessTokens.findFirst({ where: eq(accessTokens.id, foreign.tokenInfo.id) });
    expect(row?.isActive).toBe(true);
  });

  it("still refuses creating, rotating, listing in full and revoking tokens with a key, and assigning without 'servers'", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, []);
    const issued = await portalToken(user, "Kept");
    const { key } = await keyWith(user, ["read", "servers", "deploy"]);
    const refused = {
      status: 403,
      body: { success: false, error: "API keys cannot be used for access token management: sign in to the portal instead" },
    };
    expect(await withKey(key, "/api/access-tokens")).toEqual(refused);
    expect(await withKey(key, "/api/access-tokens", { method: "POST", json: { name: "Mine", serverIds: [server.id] } })).toEqual(refused);
    expect(await withKey(key, `/api/access-tokens/${issued.tokenInfo.id}/rotate`, { method: "POST" })).toEqual(refused);
    expect(await withKey(key, `/api/access-tokens/${issued.tokenInfo.id}`, { method: "DELETE" })).toEqual(refused);
    expect(
      await withKey(key, `/api/access-tokens/${issued.tokenInfo.id}/servers`, { method: "POST", json: { serverIds: [server.id] } }),
    ).toEqual(refused);
    const { key: readOnly } = await keyWith(user, ["read"]);
    expect(await withKey(readOnly, `/api/servers/${server.id}/access-tokens/${issued.tokenInfo.id}`, { method: "PUT" })).toEqual({
      status: 403,
      body: { success: false, error: "This API key lacks the 'servers' scope this route needs" },
    });
    expect((await db.query.accessTokens.findFirst({ where: eq(accessTokens.id, issued.tokenInfo.id) }))?.isActive).toBe(true);
  });
});
