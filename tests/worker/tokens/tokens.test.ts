// Access tokens: show-once, hashing, expiry, revoke, rotate, assignments, and what the gateway sees.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../worker/db";
import { accessTokens, servers } from "../../../worker/db/schema";
import { sha256Hex } from "../../../worker/lib/crypto";
import { verifyAccessToken } from "../../../worker/tokens/verify";
import { call, signedIn } from "../helpers";

const db = getDb(env.DB);

async function addServer(organizationId: string, name = "Petstore") {
  const [server] = await db
    .insert(servers)
    .values({ organizationId, name, slug: `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}` })
    .returning();
  return server;
}

async function generate(cookie: string, body: Record<string, unknown>) {
  const res = await call("/api/access-tokens", { method: "POST", cookie, json: body });
  return { status: res.status, body: (await res.json()) as any };
}

describe("generating a token", () => {
  it("shows the token once and stores only its hash", async () => {
    const user = await signedIn();
    const server = await addServer(user.organizationId);
    const { status, body } = await generate(user.cookie, { name: "CI token", serverIds: [server.id] });
    expect(status).toBe(201);
    const { token, tokenInfo } = body.data;
    expect(token).toMatch(/^tp_[A-Za-z0-9_-]{43}$/);
    expect(tokenInfo).toMatchObject({
      name: "CI token",
      isActive: true,
      expiresAt: null,
      lastUsedAt: null,
      prefix: token.slice(0, 9),
      serverAssignments: [{ serverId: server.id, serverName: "Petstore" }],
    });
    const row = await db.query.accessTokens.findFirst({ where: eq(accessTokens.id, tokenInfo.id) });
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = (await (await call("/api/access-tokens", { cookie: user.cookie })).json()) as any;
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(token);
    expect(JSON.stringify(list)).not.toContain(row!.tokenHash);
  });

  it("lets the gateway accept it for its servers only", async () => {
    const user = await signedIn();
    const [assigned, other] = [await addServer(user.organizationId), await addServer(user.organizationId, "Other")];
    const { body } = await generate(user.cookie, { serverIds: [assigned.id] });
    expect(await verifyAccessToken(env, body.data.token, assigned.id)).toMatchObject({ ok: true, organizationId: user.organizationId });
    expect(await verifyAccessToken(env, body.data.token, other.id)).toMatchObject({ ok: false, reason: "not_assigned" });
    expect(await verifyAccessToken(env, "tp_not-a-real-token", assigned.id)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await verifyAccessToken(env, null, assigned.id)).toMatchObject({ ok: false, reason: "missing" });
  });

  it("refuses an expiry in the past and servers of another organization", async () => {
    const user = await signedIn();
    const stranger = await signedIn();
    const theirs = await addServer(stranger.organizationId);
    expect((await generate(user.cookie, { expiresAt: "2020-01-01T00:00:00Z" })).status).toBe(400);
    const foreign = await generate(user.cookie, { serverIds: [theirs.id] });
    expect(foreign).toEqual({ status: 404, body: { success: false, error: "Server not found" } });
    expect(await db.query.accessTokens.findFirst({ where: eq(accessTokens.organizationId, user.organizationId) })).toBeUndefined();
  });
});

describe("expiry", () => {
  it("makes the gateway refuse an expired token and forbids changing it", async () => {
    const user = await signedIn();
    const server = await addServer(user.organizationId);
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const { body } = await generate(user.cookie, { serverIds: [server.id], expiresAt });
    expect(body.data.tokenInfo.expiresAt).toBe(expiresAt);
    await db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, body.data.tokenInfo.id));
    await env.KV.delete(`token:${await sha256Hex(body.data.token)}`);
    expect(await verifyAccessToken(env, body.data.token, server.id)).toMatchObject({ ok: false, reason: "expired" });
    const rotate = await call(`/api/access-tokens/${body.data.tokenInfo.id}/rotate`, { method: "POST", cookie: user.cookie });
    expect(rotate.status).toBe(409);
    expect(await rotate.json()).toEqual({ success: false, error: "This token has expired and can no longer be changed" });
  });
});

describe("revoking", () => {
  it("is refused by the gateway at once, even with a cached lookup", async () => {
    const user = await signedIn();
    const server = await addServer(user.organizationId);
    const { body } = await generate(user.cookie, { serverIds: [server.id] });
    expect((await verifyAccessToken(env, body.data.token, server.id)).ok).toBe(true); // now cached
    const res = await call(`/api/access-tokens/${body.data.tokenInfo.id}`, { method: "DELETE", cookie: user.cookie });
    expect(await res.json()).toEqual({ success: true });
    expect(await verifyAccessToken(env, body.data.token, server.id)).toMatchObject({ ok: false, reason: "revoked" });
    const list = (await (await call("/api/access-tokens", { cookie: user.cookie })).json()) as any;
    expect(list.data[0].isActive).toBe(false);
    const again = await call(`/api/access-tokens/${body.data.tokenInfo.id}`, { method: "DELETE", cookie: user.cookie });
    expect(again.status).toBe(409);
  });
});

describe("rotating", () => {
  it("revokes the old token and issues a new one with the same name and servers", async () => {
    const user = await signedIn();
    const server = await addServer(user.organizationId);
    const { body } = await generate(user.cookie, { name: "Rotated", serverIds: [server.id] });
    await verifyAccessToken(env, body.data.token, server.id);
    const res = await call(`/api/access-tokens/${body.data.tokenInfo.id}/rotate`, { method: "POST", cookie: user.cookie });
    const rotated = (await res.json()) as any;
    expect(rotated.data.token).not.toBe(body.data.token);
    expect(rotated.data.tokenInfo).toMatchObject({ name: "Rotated", serverAssignments: [{ serverId: server.id }] });
    expect(await verifyAccessToken(env, body.data.token, server.id)).toMatchObject({ reason: "revoked" });
    expect((await verifyAccessToken(env, rotated.data.token, server.id)).ok).toBe(true);
  });
});

describe("server assignments", () => {
  it("replaces the assignments and the gateway follows at once", async () => {
    const user = await signedIn();
    const [a, b] = [await addServer(user.organizationId, "A"), await addServer(user.organizationId, "B")];
    const { body } = await generate(user.cookie, { serverIds: [a.id] });
    expect((await verifyAccessToken(env, body.data.token, a.id)).ok).toBe(true);
    const res = await call(`/api/access-tokens/${body.data.tokenInfo.id}/servers`, {
      method: "POST",
      cookie: user.cookie,
      json: { serverIds: [b.id] },
    });
    expect(((await res.json()) as any).data.serverAssignments).toEqual([{ serverId: b.id, serverName: "B" }]);
    expect(await verifyAccessToken(env, body.data.token, a.id)).toMatchObject({ reason: "not_assigned" });
    expect((await verifyAccessToken(env, body.data.token, b.id)).ok).toBe(true);

    const assigned = await call(`/api/servers/${b.id}/assigned-tokens`, { cookie: user.cookie });
    expect(await assigned.json()).toEqual({ success: true, data: [body.data.tokenInfo.id] });
  });

  it("lists only active tokens as a server's assigned tokens", async () => {
    const user = await signedIn();
    const server = await addServer(user.organizationId);
    const kept = await generate(user.cookie, { serverIds: [server.id] });
    const revoked = await generate(user.cookie, { serverIds: [server.id] });
    await call(`/api/access-tokens/${revoked.body.data.tokenInfo.id}`, { method: "DELETE", cookie: user.cookie });
    const res = await call(`/api/servers/${server.id}/assigned-tokens`, { cookie: user.cookie });
    expect(await res.json()).toEqual({ success: true, data: [kept.body.data.tokenInfo.id] });
  });

  it("answers 404 for another organization's token", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { body } = await generate(owner.cookie, {});
    for (const [method, path] of [
      ["DELETE", `/api/access-tokens/${body.data.tokenInfo.id}`],
      ["POST", `/api/access-tokens/${body.data.tokenInfo.id}/rotate`],
      ["POST", `/api/access-tokens/${body.data.tokenInfo.id}/servers`],
    ]) {
      const res = await call(path, { method, cookie: stranger.cookie, json: { serverIds: [] } });
      expect(res.status).toBe(404);
    }
    expect(((await (await call("/api/access-tokens", { cookie: stranger.cookie })).json()) as any).data).toEqual([]);
  });
});
