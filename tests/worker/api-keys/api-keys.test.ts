// Portal API keys: show-once creation, scopes per route group, session-only areas, plan, revocation,
// expiry, MCP tokens refused on /api, keys refused on the MCP gateway, cookie + bearer, tenancy, limits.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { apiKeys, plans, subscriptions } from "../../../worker/db/schema";
import { sha256Hex } from "../../../worker/lib/crypto";
import { verifyAccessToken } from "../../../worker/tokens/verify";
import { createKey, keyWith, withKey } from "./helpers";
import { call, signedIn } from "../helpers";
import { bearer, createServer, createToken, db, deploy, echoTool, MCP_ORIGIN, settledDeployment, workerFetch } from "../mcp-setup";

const ALL = ["read", "servers", "deploy"];

/**
 * A plan without API access, for this test only: the worker test files share one database, so it goes
 * again when the test ends and every other file sees the seeded three.
 */
async function addPlanWithoutApiAccess() {
  await db
    .insert(plans)
    .values({
      id: "plan_no_api",
      type: "no-api" as "free",
      name: "No API",
      price: 0,
      description: "A plan without API access",
      maxServers: 1,
      maxToolsPerServer: 10,
      maxToolCallsPerMonth: 100,
      automatedCrawls: false,
      apiAccess: false,
      prioritySupport: false,
      customDomain: false,
      sortOrder: 99,
    })
    .onConflictDoNothing();
  onTestFinished(async () => {
    await db
      .update(subscriptions)
      .set({ planType: "free" })
      .where(eq(subscriptions.planType, "no-api" as "free"));
    await db.delete(plans).where(eq(plans.id, "plan_no_api"));
  });
}

describe("creating, listing and revoking keys", () => {
  it("shows the key once, stores only its hash and lists it without the secret", async () => {
    const user = await signedIn();
    const { status, body } = await createKey(user, { name: "GitHub Actions", scopes: ["read", "deploy"], expiresInDays: 30 });
    expect(status).toBe(201);
    const { key, apiKey } = body.data;
    expect(key).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: "GitHub Actions",
      scopes: ["read", "deploy"],
      prefix: key.slice(0, 10),
      lastUsedAt: null,
      revokedAt: null,
    });
    const expires = new Date(apiKey.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(29.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(30 * 86_400_000);
    const row = await db.query.apiKeys.findFirst({ where: eq(apiKeys.id, apiKey.id) });
    expect(row?.keyHash).toBe(await sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = (await (await call("/api/api-keys", { cookie: user.cookie })).json()) as any;
    expect(list.data.map((k: { id: string }) => k.id)).toEqual([apiKey.id]);
    expect(JSON.stringify(list)).not.toContain(key);
    expect(JSON.stringify(list)).not.toContain(row!.keyHash);
  });

  it("refuses a key without a name or a scope, or with an unknown scope", async () => {
    const user = await signedIn();
    expect(await createKey(user, { name: " ", scopes: ["read"] })).toMatchObject({ status: 400, body: { success: false } });
    expect(await createKey(user, { scopes: [] })).toMatchObject({
      status: 400,
      body: { success: false, error: "scopes: Choose at least one scope" },
    });
    expect((await createKey(user, { scopes: ["admin"] })).status).toBe(400);
  });

  it("revokes a key, after which it answers 401, and never revokes another organization's key", async () => {
    const [user, stranger] = [await signedIn(), await signedIn()];
    const { key, id } = await keyWith(user, ["read"]);
    expect((await withKey(key, "/api/servers")).status).toBe(200);
    expect((await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    const revoked = await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: user.cookie });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as any).data.revokedAt).not.toBeNull();
    expect(await withKey(key, "/api/servers")).toEqual({ status: 401, body: { success: false, error: "This API key has been revoked" } });
    expect((await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(409);
  });
});

describe("what a key may call", () => {
  it("lets a read key list and read servers but not change them", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    const { key } = await keyWith(user, ["read"]);
    const list = await withKey(key, "/api/servers");
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([server.id]);
    expect((await withKey(key, `/api/servers/${server.id}`)).status).toBe(200);
    const toggle = await withKey(key, `/api/servers/${server.id}/tools`, {
      method: "PATCH",
      json: { toolName: "list_items", active: false },
    });
    expect(toggle).toEqual({ status: 403, body: { success: false, error: "This API key lacks the 'servers' scope this route needs" } });
    expect((await withKey(key, "/api/crawl/map", { method: "POST", json: { url: "https://docs.example.com/" } })).body.error).toContain(
      "'servers'",
    );
    expect((await withKey(key, `/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", json: {} })).body.error).toContain(
      "'deploy'",
    );
  });

  it("lets a servers key configure tools but neither read nor deploy", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    const { key } = await keyWith(user, ["servers"]);
    const toggle = await withKey(key, `/api/servers/${server.id}/tools`, {
      method: "PATCH",
      json: { toolName: "list_items", active: false },
    });
    expect(toggle.status).toBe(200);
    expect((await withKey(key, "/api/servers")).body.error).toContain("'read'");
    expect((await withKey(key, `/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", json: {} })).status).toBe(403);
  });

  it("lets a deploy key deploy but not configure", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    const { key } = await keyWith(user, ["deploy"]);
    const deployed = await withKey(key, `/api/servers/${server.id}/deploy/cloudflare`, { method: "POST", json: {} });
    expect(deployed.status).toBe(200);
    expect((await settledDeployment(server.id))?.status).toBe("deployed");
    expect((await withKey(key, `/api/servers/${server.id}`, { method: "DELETE" })).body.error).toContain("'servers'");
  });

  it("refuses billing, superadmin, API keys, access tokens and sign-in routes whatever the scopes", async () => {
    const user = await signedIn();
    const { key } = await keyWith(user, ALL);
    const refusals = [
      ["GET", "/api/billing/subscription", "billing"],
      ["POST", "/api/billing/checkout", "billing"],
      ["GET", "/api/superadmin/servers", "superadmin"],
      ["GET", "/api/api-keys", "API key management"],
      ["POST", "/api/api-keys", "API key management"],
      ["GET", "/api/access-tokens", "access token management"],
      ["POST", "/api/access-tokens", "access token management"],
      ["GET", "/api/auth/profile", "sign-in"],
      ["POST", "/api/auth/sign-out", "sign-in"],
    ];
    for (const [method, path, label] of refusals) {
      const res = await withKey(key, path, { method, json: method === "GET" ? undefined : {} });
      expect
        .soft(res, `${method} ${path}`)
        .toEqual({ status: 403, body: { success: false, error: `API keys cannot be used for ${label}: sign in to the portal instead` } });
    }
  });

  it("refuses a key whose organization's plan has no API access, at creation and after a downgrade", async () => {
    await addPlanWithoutApiAccess();
    const user = await signedIn();
    const { key } = await keyWith(user, ALL);
    await db
      .insert(subscriptions)
      .values({ organizationId: user.organizationId, planType: "no-api" as "free" })
      .onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType: "no-api" as "free" } });
    expect(await withKey(key, "/api/servers")).toEqual({
      status: 403,
      body: { success: false, error: "Your organization's plan does not include API access: upgrade the plan to use API keys" },
    });
    const refused = await createKey(user, { scopes: ["read"] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain("does not include API access");
  });
});

describe("keys that do not authenticate", () => {
  it("answers 401 for an expired or unknown key", async () => {
    const user = await signedIn();
    const { key, id } = await keyWith(user, ["read"], { expiresInDays: 1 });
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect(await withKey(key, "/api/servers")).toEqual({ status: 401, body: { success: false, error: "This API key has expired" } });
    expect(await withKey(`tpk_${"x".repeat(43)}`, "/api/servers")).toEqual({
      status: 401,
      body: { success: false, error: "Invalid API key" },
    });
  });

  it("refuses an MCP access token on /api with 401, even beside a valid session cookie", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, []);
    const { token } = await createToken(user.organizationId, [server.id]);
    const res = await withKey(token, "/api/servers", { cookie: user.cookie });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: expect.stringContaining("Only portal API keys") });
  });

  it("is refused by the MCP gateway: a portal key is not an access token", async () => {
    const user = await signedIn();
    const server = await createServer(user.organizationId, [echoTool("list_items", {})]);
    await deploy(server.id);
    const { key } = await keyWith(user, ALL);
    expect(await verifyAccessToken(env, key, server.id)).toMatchObject({ ok: false, reason: "invalid" });
    const res = await workerFetch(`${MCP_ORIGIN}/s/${server.slug}/mcp`, {
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    });
    expect(res.status).toBe(401);
  });
});

describe("a key's identity", () => {
  it("judges a request with a cookie and a key by the key alone, without the cookie CSRF check", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const serverA = await createServer(a.organizationId, []);
    const serverB = await createServer(b.organizationId, [echoTool("list_items", {})]);
    const { key } = await keyWith(b, ["read", "servers"]);
    const list = await withKey(key, "/api/servers", { cookie: a.cookie });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([serverB.id]);
    // A's session cannot lend the key's request rights the key lacks, nor reach A's servers.
    expect((await withKey(key, `/api/servers/${serverA.id}`, { cookie: a.cookie })).status).toBe(404);
    expect((await withKey(key, "/api/access-tokens", { cookie: a.cookie })).status).toBe(403);
    const foreign = await withKey(key, `/api/servers/${serverB.id}/tools`, {
      method: "PATCH",
      headers: { origin: "https://ci.example" },
      json: { toolName: "list_items", active: false },
    });
    expect(foreign.status).toBe(200);
  });

  it("sees only its own organization's servers", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const serverB = await createServer(b.organizationId, []);
    const { key } = await keyWith(a, ALL);
    expect((await withKey(key, "/api/servers")).body.data).toEqual([]);
    expect((await withKey(key, `/api/servers/${serverB.id}`)).status).toBe(404);
    expect((await withKey(key, `/api/servers/${serverB.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("records lastUsedAt at most once a minute", async () => {
    const user = await signedIn();
    const { key, id } = await keyWith(user, ["read"]);
    await withKey(key, "/api/servers");
    const first = (await db.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) }))!.lastUsedAt;
    expect(first).not.toBeNull();
    await withKey(key, "/api/servers");
    expect((await db.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) }))!.lastUsedAt).toEqual(first);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, id));
    await withKey(key, "/api/servers");
    expect((await db.query.apiKeys.findFirst({ where: eq(apiKeys.id, id) }))!.lastUsedAt!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it("is rate-limited per key with 429 and Retry-After", async () => {
    const user = await signedIn();
    const [{ key }, other] = [await keyWith(user, ["read"]), await keyWith(user, ["read"])];
    let limited: Response | undefined;
    // The limiter counts per fixed minute (120 a minute): 250 calls pass 120 in one minute even when a new minute starts among them.
    for (let i = 0; i < 250 && !limited; i++) {
      const res = await call("/api/servers", { headers: bearer(key) });
      if (res.status === 429) limited = res;
      else await res.body?.cancel();
    }
    expect(limited?.headers.get("retry-after")).toBe("60");
    expect((await withKey(other.key, "/api/servers")).status).toBe(200);
  });
});

describe("the API description", () => {
  it("describes the key routes and a bearer scheme offered only where keys work", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as any;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths["/api/api-keys"])).toEqual(["get", "post"]);
    expect(doc.paths["/api/api-keys/{id}"].delete.operationId).toBe("revoke_api_key");
    expect(doc.paths["/api/servers"].get.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(doc.paths["/api/servers/{id}/deploy/cloudflare"].post.description).toContain("'deploy' scope");
    for (const [path, method] of [
      ["/api/servers/{id}/spec/{versionId}/apply", "post"],
      ["/api/servers/{id}/sync", "post"],
      ["/api/servers/{id}/restart-crawl", "post"],
    ]) {
      expect(doc.paths[path][method].description, path).toContain("API keys need the 'servers' scope.");
      expect(doc.paths[path][method].description, path).toContain(
        "On a deployed server this redeploys it, so an API key needs the 'deploy' scope as well.",
      );
    }
    expect(doc.paths["/api/servers/{id}/access-tokens"].get.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(doc.paths["/api/servers/{id}/access-tokens/{tokenId}"].put.description).toContain("'servers' scope");
    expect(doc.paths["/api/billing/subscription"].get.security).toBeUndefined();
    expect(doc.paths["/api/api-keys"].post.description).toContain("Not available to API keys");
  });
});
