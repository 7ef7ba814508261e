// The access matrix: for every route the app registers, a second organization's user gets 403 or
// 404 on the first organization's resources, and no answer carries the first organization's data.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { getDb } from "../../worker/db";
import {
  authConfigs,
  crawls,
  deployments,
  extractionJobs,
  importJobs,
  oauthGrants,
  servers,
  specs,
  specVersions,
  tools,
} from "../../worker/db/schema";
import { encryptJson } from "../../worker/lib/crypto";
import { call, signedIn } from "./helpers";

const db = getDb(env.DB);
const SECRET = "sk-live-owner-secret-value";

/** Organization A's resources, created directly so the matrix does not depend on other features. */
async function ownerFixture() {
  const owner = await signedIn({ name: "Owner Org" });
  const [server] = await db
    .insert(servers)
    .values({
      organizationId: owner.organizationId,
      createdBy: owner.userId,
      name: "Owner Secret API",
      slug: `owner-${crypto.randomUUID()}`,
      originalCrawlUrl: "https://docs.owner.example/",
    })
    .returning();
  await db.insert(tools).values({
    serverId: server.id,
    name: "owner_tool",
    description: "Owner tool",
    inputSchema: { type: "object", properties: {} },
    mapping: { method: "get", path: "/x", parameters: [] },
    endpoint: { method: "GET", path: "/x" },
  });
  await db.insert(authConfigs).values({
    serverId: server.id,
    authType: "bearer",
    status: "configured",
    secretsCiphertext: await encryptJson(env.SECRETS_KEY, { token: SECRET }),
  });
  const [deployment] = await db
    .insert(deployments)
    .values({ serverId: server.id, contentHash: "hash", provider: "loader", status: "deployed" })
    .returning();
  const [crawl] = await db.insert(crawls).values({ organizationId: owner.organizationId, url: "https://docs.owner.example/" }).returning();
  const [spec] = await db
    .insert(specs)
    .values({ organizationId: owner.organizationId, crawlId: crawl.id, contentKey: "spec:owner" })
    .returning();
  const [grant] = await db
    .insert(oauthGrants)
    .values({
      id: crypto.randomUUID(),
      organizationId: owner.organizationId,
      serverId: server.id,
      userId: owner.userId,
      clientId: "owner-client",
      clientName: "Owner client",
    })
    .returning();
  const [version] = await db
    .insert(specVersions)
    .values({ serverId: server.id, organizationId: owner.organizationId, status: "pending", origin: "file", toolCount: 1 })
    .returning();
  const [job] = await db
    .insert(extractionJobs)
    .values({ organizationId: owner.organizationId, crawlId: crawl.id, specId: spec.id })
    .returning();
  const [importJob] = await db
    .insert(importJobs)
    .values({ organizationId: owner.organizationId, objectKey: "imports/owner", filename: "owner.json" })
    .returning();
  const token = (
    (await (
      await call("/api/access-tokens", { method: "POST", cookie: owner.cookie, json: { name: "Owner token", serverIds: [server.id] } })
    ).json()) as any
  ).data;
  const apiKey = (
    (await (
      await call("/api/api-keys", { method: "POST", cookie: owner.cookie, json: { name: "Owner key", scopes: ["read"] } })
    ).json()) as any
  ).data;
  const checkout = (
    (await (await call("/api/billing/checkout", { method: "POST", cookie: owner.cookie, json: { planType: "sprout" } })).json()) as any
  ).data;
  return {
    owner,
    ids: {
      server: server.id,
      slug: server.slug,
      token: token.tokenInfo.id,
      apiKey: apiKey.apiKey.id,
      crawl: crawl.id,
      job: job.id,
      importJob: importJob.id,
      grant: grant.id,
      version: version.id,
      spec: spec.id,
      deployment: deployment.id,
      checkout: new URL(checkout.url).pathname.split("/").at(-1)!,
    },
    // Strings that must never reach organization B.
    secrets: [server.name, SECRET, token.token, token.tokenInfo.id, "Owner token", owner.email, apiKey.key, apiKey.apiKey.id, "Owner key"],
  };
}

type Fixture = Awaited<ReturnType<typeof ownerFixture>>;

/** Fills a route's parameters with organization A's resources. */
function fill(path: string, { ids }: Fixture) {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    if (name === "id" && path.startsWith("/api/access-tokens/")) return ids.token;
    if (name === "tokenId") return ids.token;
    if (name === "id" && path.includes("/api-keys/")) return ids.apiKey;
    if (name === "id" && path.includes("/test-checkout/")) return ids.checkout;
    if (name === "id" && (path.includes("/servers/") || path.startsWith("/servers/"))) return ids.server;
    if (name === "id" && path.startsWith("/api/crawl/")) return ids.crawl;
    if (name === "id" && path.startsWith("/api/imports/")) return ids.importJob;
    // A consent request id is a capability of the user's browser, not an organization's resource: an unknown one is tried.
    if (name === "id" && path.startsWith("/api/oauth/")) return path.includes("/grants/") ? ids.grant : "unknown-request";
    if (name === "crawlId") return ids.crawl;
    if (name === "jobId") return ids.job;
    if (name === "versionId") return ids.version;
    if (name === "slug") return ids.slug;
    throw new Error(`The access matrix does not know the parameter :${name} of ${path}; add it here`);
  });
}

/** Valid bodies, so that a refusal comes from the ownership check rather than from validation. */
const BODIES: Record<string, unknown> = {
  "PATCH /api/servers/:id": { name: "Taken over" },
  "PATCH /api/servers/:id/tools": { toolName: "owner_tool", active: false },
  "PATCH /api/servers/:id/tool-mode": { toolMode: "search" },
  "PATCH /api/servers/:id/call-log": { recordPayloads: true },
  "POST /api/servers/:id/auth-config": { authType: "none", authStrategy: "passthrough", exposeToPublic: false },
  "POST /api/access-tokens/:id/servers": { serverIds: [] },
  "POST /api/servers/:id/deploy/cloudflare": { apiConfig: {} },
  "PATCH /api/servers/:id/automated-crawl": { enabled: false, frequency: "weekly" },
  "POST /api/servers/from-spec": { name: "Stolen" },
  "POST /api/oauth/requests/:id": { approve: true },
  "PUT /api/servers/:id/domain": { hostname: "mcp.stolen.example.com" },
  "POST /api/servers/:id/try-it": { tool: "owner_tool", arguments: {} },
};

// Routes that act only on the caller's own organization, whatever the path says, or are public by design.
const OWN_SCOPE = new Set(["POST /api/billing/test-portal/:action{cancel|reactivate|free}", "GET /s/:slug"]);

function registeredRoutes() {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== "ALL" && r.method !== "OPTIONS" && !r.path.endsWith("/*") && !r.path.startsWith("/api/auth/"))
    .map((r) => `${r.method} ${r.path}`)
    .filter((key) => !seen.has(key) && seen.add(key));
}

describe("access matrix", () => {
  it("refuses every route on another organization's resources", async () => {
    const fixture = await ownerFixture();
    const stranger = await signedIn({ name: "Stranger" });
    const checked: string[] = [];
    for (const route of registeredRoutes()) {
      if (OWN_SCOPE.has(route) || !route.includes(":")) continue;
      const [method, path] = route.split(" ");
      const res = await call(fill(path, fixture), {
        method,
        cookie: stranger.cookie,
        json: method === "GET" || method === "DELETE" ? undefined : (BODIES[route] ?? {}),
      });
      const text = await res.text();
      const allowed = path.startsWith("/s/") ? [401, 403, 404] : path.startsWith("/api/superadmin") ? [403] : [403, 404];
      expect.soft(allowed, `${route} answered ${res.status}: ${text.slice(0, 200)}`).toContain(res.status);
      for (const secret of fixture.secrets) expect.soft(text, `${route} leaked ${secret}`).not.toContain(secret);
      checked.push(route);
    }
    expect(checked.length).toBeGreaterThan(10);
  });

  it("answers lists without another organization's data", async () => {
    const fixture = await ownerFixture();
    const stranger = await signedIn({ name: "Stranger" });
    for (const route of registeredRoutes()) {
      const [method, path] = route.split(" ");
      if (method !== "GET" || route.includes(":") || !path.startsWith("/api/")) continue;
      const res = await call(path, { cookie: stranger.cookie });
      const text = await res.text();
      for (const secret of [...fixture.secrets, fixture.ids.server]) expect.soft(text, `${route} leaked ${secret}`).not.toContain(secret);
    }
  });

  it("leaves organization A's resources unchanged after organization B's attempts", async () => {
    const fixture = await ownerFixture();
    const stranger = await signedIn();
    await call(`/api/servers/${fixture.ids.server}`, { method: "PATCH", cookie: stranger.cookie, json: { name: "Taken over" } });
    await call(`/api/servers/${fixture.ids.server}`, { method: "DELETE", cookie: stranger.cookie });
    await call(`/api/access-tokens/${fixture.ids.token}`, { method: "DELETE", cookie: stranger.cookie });
    const list = ((await (await call("/api/servers", { cookie: fixture.owner.cookie })).json()) as any).data;
    expect(list.map((s: { id: string }) => s.id)).toContain(fixture.ids.server);
    expect(list.find((s: { id: string }) => s.id === fixture.ids.server).name).not.toBe("Taken over");
    const tokens = ((await (await call("/api/access-tokens", { cookie: fixture.owner.cookie })).json()) as any).data;
    expect(tokens[0]).toMatchObject({ id: fixture.ids.token, isActive: true });
  });
});
