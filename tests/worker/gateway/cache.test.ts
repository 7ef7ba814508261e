// The gateway's in-isolate caches (server lookup, token checks): every change made through the portal
// is seen by the next call, and counts stay exact.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enforcePlanLimits } from "../../../worker/billing/plan-change";
import { usagePeriod } from "../../../worker/billing/usage";
import { organizationUsage, servers } from "../../../worker/db/schema";
import { cachedServerBySlug, invalidateServerLookups, LOOKUP_TTL_MS } from "../../../worker/servers/read-model";
import { call, signedIn } from "../helpers";
import {
  bearer,
  connectV2,
  createServer,
  db,
  deploy,
  echoTool,
  organizationCalls,
  postMcp,
  settledDeployment,
  toolCall,
} from "../mcp-setup";

const callTool = (slug: string, token: string, id = 1) => postMcp(slug, token, toolCall(id, "ping"));

/** A signed-in member with a deployed server and a token for it. */
async function deployedForMember() {
  const user = await signedIn();
  const server = await createServer(user.organizationId, [echoTool("ping", {})]);
  await deploy(server.id);
  const tokens = await call("/api/access-tokens", {
    method: "POST",
    cookie: user.cookie,
    json: { name: "client", serverIds: [server.id] },
  });
  const { data } = (await tokens.json()) as { data: { token: string; tokenInfo: { id: string } } };
  return { user, server, token: data.token, tokenId: data.tokenInfo.id };
}

afterEach(() => vi.useRealTimers());

describe("cached token checks", () => {
  it("refuses a token revoked through the portal on the very next call", async () => {
    const { user, server, token, tokenId } = await deployedForMember();
    expect((await callTool(server.slug, token)).status).toBe(200);
    expect((await callTool(server.slug, token)).status).toBe(200);
    const revoked = await call(`/api/access-tokens/${tokenId}`, { method: "DELETE", cookie: user.cookie });
    expect(revoked.status).toBe(200);
    const res = await callTool(server.slug, token);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("This access token has been revoked");
  });

  it("refuses the old token of a rotation and accepts the new one at once", async () => {
    const { user, server, token, tokenId } = await deployedForMember();
    expect((await callTool(server.slug, token)).status).toBe(200);
    const rotated = await call(`/api/access-tokens/${tokenId}/rotate`, { method: "POST", cookie: user.cookie });
    const { data } = (await rotated.json()) as { data: { token: string } };
    expect((await callTool(server.slug, token)).status).toBe(401);
    expect((await callTool(server.slug, data.token)).status).toBe(200);
  });
});

describe("cached server lookups", () => {
  it("serves a redeployed server's new tools on the next call", async () => {
    const { user, server, token } = await deployedForMember();
    const client = await connectV2(server.slug, bearer(token));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["ping"]);
    const toggled = await call(`/api/servers/${server.id}/tools`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { toolName: "ping", active: false },
    });
    expect(toggled.status).toBe(200);
    // A toggle changes nothing until the redeploy; the redeploy shows at once.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["ping"]);
    await call(`/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", cookie: user.cookie, json: {} });
    await settledDeployment(server.id);
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
  });

  it("sees auth-config saves, plan downgrades and deletions made through the portal on the next call", async () => {
    const { user, server, token } = await deployedForMember();
    const anonymous = () => callTool(server.slug, "").then((r) => r.status);
    expect((await callTool(server.slug, token)).status).toBe(200);
    expect(await anonymous()).toBe(401);
    const saved = await call(`/api/servers/${server.id}/auth-config`, {
      method: "POST",
      cookie: user.cookie,
      json: { authType: "none", authStrategy: "managed", exposeToPublic: true },
    });
    expect(saved.status).toBe(200);
    expect(await anonymous()).toBe(200);
    // An older second server on the free plan's one-server limit: the plan check hibernates this one.
    const older = await createServer(user.organizationId, [echoTool("ping", {})]);
    await db
      .update(servers)
      .set({ createdAt: new Date(0) })
      .where(eq(servers.id, older.id));
    expect((await enforcePlanLimits(db, user.organizationId)).hibernated).toEqual([server.id]);
    const paused = await callTool(server.slug, "");
    expect(await paused.text()).toContain("hibernated");
    const deleted = await call(`/api/servers/${server.id}`, { method: "DELETE", cookie: user.cookie });
    expect(deleted.status).toBe(200);
    expect(await anonymous()).toBe(404);
  });

  it("reuses a lookup for at most LOOKUP_TTL_MS, and drops it when invalidated", async () => {
    const { server } = await deployedForMember();
    expect((await cachedServerBySlug(db, server.slug))?.server.status).toBe("active");
    // A change made elsewhere (another isolate, the cron): this isolate may still serve its copy…
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "servers" }).where(eq(servers.id, server.id));
    expect((await cachedServerBySlug(db, server.slug))?.server.status).toBe("active");
    // …but not past the TTL,
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + LOOKUP_TTL_MS + 1 });
    expect((await cachedServerBySlug(db, server.slug))?.server.status).toBe("hibernated");
    vi.useRealTimers();
    // and never after an invalidation.
    await db.update(servers).set({ status: "active", hibernatedReason: null }).where(eq(servers.id, server.id));
    invalidateServerLookups();
    expect((await cachedServerBySlug(db, server.slug))?.server.status).toBe("active");
  });

  it("does not cache unknown slugs, so a server is found as soon as it exists", async () => {
    expect(await cachedServerBySlug(db, "not-yet-there")).toBeNull();
    const { server } = await deployedForMember();
    await db.update(servers).set({ slug: "not-yet-there" }).where(eq(servers.id, server.id));
    expect((await cachedServerBySlug(db, "not-yet-there"))?.server.id).toBe(server.id);
  });
});

describe("counting with cached lookups", () => {
  it("counts every call before its answer arrives", async () => {
    const { user, server, token } = await deployedForMember();
    for (let i = 1; i <= 5; i++) {
      expect((await callTool(server.slug, token, i)).status).toBe(200);
      expect(await organizationCalls(user.organizationId)).toBe(i);
    }
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => callTool(server.slug, token, 100 + i)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await organizationCalls(user.organizationId)).toBe(45);
  });

  it("refuses at the limit, then answers 'paused' from the invalidated lookup", async () => {
    const { user, server, token } = await deployedForMember();
    await db.insert(organizationUsage).values({ organizationId: user.organizationId, period: usagePeriod(), toolCalls: 997 });
    const bodies: string[] = [];
    for (let i = 0; i < 5; i++) bodies.push(await (await callTool(server.slug, token, i)).text());
    expect(bodies.filter((b) => b.includes("/echo/ping"))).toHaveLength(3);
    expect(bodies[3]).toContain("Monthly tool-call limit reached");
    expect(bodies[4]).toContain("This MCP server is paused (hibernated)");
    expect(await organizationCalls(user.organizationId)).toBe(1000);
  });
});
