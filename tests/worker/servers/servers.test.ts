// Servers API: create from an upload or URL, list, read, delete, mappings and tool toggles.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deployments, servers, tools } from "../../../worker/db/schema";
import { call, signedIn } from "../helpers";
import { fixtureText, fixtureUrl } from "../openapi/helpers";
import { db, importUrl, json, manyOperations, setPlan, uploadDescription } from "./helpers";
import { keptText } from "../../../worker/lib/kept-text";

describe("POST /api/servers", () => {
  it("creates a server from an uploaded file with its tools, auth config and kept description", async () => {
    const { cookie } = await signedIn();
    // Written as a user's editor left it: a title with characters outside ASCII, kept exactly as uploaded.
    const text = (await fixtureText("petstore-2.0.json")).replace('"title": "Swagger Petstore"', '"title": "Swagger Petstore — Zoë 🐾"');
    expect(text).toContain("🐾");
    const res = await uploadDescription(cookie, "petstore.json", text, { description: "My pets" });
    expect(res.status).toBe(201);
    const { success, data } = await json(res);
    expect(success).toBe(true);
    expect(data).toMatchObject({
      name: "Swagger Petstore — Zoë 🐾",
      description: "My pets",
      version: "1.0.7",
      slug: expect.stringMatching(/^swagger-petstore-zoe(-\d+)?$/),
      baseUrl: "https://petstore.example.com/v2",
      status: "active",
      deployment: null,
      automatedCrawlEnabled: false,
      automatedCrawlFrequency: "weekly",
      originalCrawlUrl: null,
      toolCount: 4,
      activeToolCount: 4,
      authConfig: { authType: "none", authStrategy: "managed", status: "not_configured", accessControl: "access-token" },
      importReport: { openapiVersion: "2.0", operations: 4, tools: 4, skipped: 0, degraded: 0, issues: [] },
    });
    expect(data.endpoints).toEqual([
      { method: "POST", path: "/pet", summary: "Add a new pet to the store", tags: ["pet"] },
      { method: "GET", path: "/pet/findByStatus", summary: "Finds Pets by status" },
      { method: "POST", path: "/pet/{petId}/uploadImage", summary: "uploads an image" },
      { method: "DELETE", path: "/pet/{petId}", summary: "Deletes a pet" },
    ]);
    const row = await db.query.servers.findFirst({ where: eq(servers.id, data.id) });
    expect(await keptText(env.KV, row!.specKey!)).toBe(text);
    const mappings = await db.select().from(tools).where(eq(tools.serverId, data.id));
    expect(mappings.find((t) => t.name === "addPet")?.mapping).toMatchObject({ method: "post", path: "/pet" });
  });

  it("imports from a URL, resolving relative external references on the fixture server", async () => {
    const { cookie } = await signedIn();
    const res = await importUrl(cookie, fixtureUrl("external/main.yaml"), { name: "Pets via URL" });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toMatchObject({ name: "Pets via URL", sourceUrl: fixtureUrl("external/main.yaml"), toolCount: 2 });
    const mappings = await json(await call(`/api/servers/${data.id}/mappings`, { cookie }));
    expect(mappings.data.map((t: { name: string }) => t.name)).toEqual(["listPets", "createPet"]);
    expect(mappings.data[1].inputSchema.properties.owner.properties.email).toEqual({ type: "string", format: "email" });
  });

  it("activates only the plan's first maxToolsPerServer tools", async () => {
    const { cookie } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(12)));
    expect(data).toMatchObject({ toolCount: 12, activeToolCount: 10 });
    const list = await json(await call(`/api/servers/${data.id}/mappings`, { cookie }));
    expect(list.data.map((t: { active: boolean }) => t.active)).toEqual([...Array(10).fill(true), false, false]);
  });

  it("refuses a server beyond the plan's limit with a message pointing to upgrading", async () => {
    const { cookie } = await signedIn();
    expect((await uploadDescription(cookie, "a.json", manyOperations(1))).status).toBe(201);
    const res = await uploadDescription(cookie, "b.json", manyOperations(1));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      error: "Server limit reached: your current plan allows 1 server. Please upgrade your plan to add more.",
    });
  });

  it("gives servers with the same name unique slugs", async () => {
    const { cookie, email } = await signedIn();
    await setPlan(email, "growth");
    const a = await json(await uploadDescription(cookie, "a.json", manyOperations(1, "Same Name Twice")));
    const b = await json(await uploadDescription(cookie, "b.json", manyOperations(1, "Same Name Twice")));
    expect(a.data.slug).toMatch(/^same-name-twice/);
    expect(b.data.slug).not.toBe(a.data.slug);
  });

  it("keeps names unique in the organization: a default name is numbered, a name given twice is refused", async () => {
    const { cookie, email } = await signedIn();
    await setPlan(email, "growth");
    const first = await json(await uploadDescription(cookie, "a.json", manyOperations(1, "Notes API")));
    const second = await json(await uploadDescription(cookie, "b.json", manyOperations(1, "Notes API")));
    const third = await json(await uploadDescription(cookie, "c.json", manyOperations(1, "Notes API")));
    expect([first.data.name, second.data.name, third.data.name]).toEqual(["Notes API", "Notes API (2)", "Notes API (3)"]);
    const refused = await uploadDescription(cookie, "d.json", manyOperations(1, "Other"), { name: " notes api (2) " });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      error: 'A server named "notes api (2)" already exists in your organization. Choose another name.',
    });
    // Another organization may use the same name.
    const other = await signedIn();
    expect((await json(await uploadDescription(other.cookie, "e.json", manyOperations(1, "Other"), { name: "Notes API" }))).data.name).toBe(
      "Notes API",
    );
    // A deleted server's name is free again.
    await call(`/api/servers/${first.data.id}`, { method: "DELETE", cookie });
    expect((await json(await uploadDescription(cookie, "f.json", manyOperations(1, "Other"), { name: "Notes API" }))).data.name).toBe(
      "Notes API",
    );
  });
});

describe("PATCH /api/servers/{id}", () => {
  const patch = (id: string, cookie: string, body: unknown) => call(`/api/servers/${id}`, { method: "PATCH", cookie, json: body });

  it("renames a server and rewrites its description, names staying unique in the organization", async () => {
    const { cookie, email } = await signedIn();
    await setPlan(email, "growth");
    const a = (await json(await uploadDescription(cookie, "a.json", manyOperations(1, "Alpha")))).data;
    await uploadDescription(cookie, "b.json", manyOperations(1, "Beta"));
    const taken = await patch(a.id, cookie, { name: "beta" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      success: false,
      error: 'A server named "beta" already exists in your organization. Choose another name.',
    });
    expect((await patch(a.id, cookie, { name: "  " })).status).toBe(400);
    const renamed = await json(await patch(a.id, cookie, { name: " Alpha Notes ", description: "Notes, kept." }));
    expect(renamed.data).toMatchObject({ id: a.id, name: "Alpha Notes", description: "Notes, kept.", slug: a.slug });
    // A server keeps its own name in another case.
    expect((await json(await patch(a.id, cookie, { name: "ALPHA NOTES" }))).data.name).toBe("ALPHA NOTES");
  });

  it("changes the slug before the first deployment only, never to one given before (a deleted server's included)", async () => {
    const { cookie, email } = await signedIn();
    await setPlan(email, "growth");
    const a = (await json(await uploadDescription(cookie, "a.json", manyOperations(1, `Slug Source ${Date.now()}`)))).data;
    const gone = (await json(await uploadDescription(cookie, "g.json", manyOperations(1, `Slug Gone ${Date.now()}`)))).data;
    const bad = await patch(a.id, cookie, { slug: "Not_A-Slug-" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error:
        "A slug may only contain lower-case letters, digits and '-', start and end with a letter or digit, and be 1 to 48 characters long.",
    });
    const wanted = `notes-${Date.now()}`;
    expect((await json(await patch(a.id, cookie, { slug: wanted }))).data.slug).toBe(wanted);
    // A deleted server's slug is retired: neither a new server nor a rename gets it.
    await call(`/api/servers/${gone.id}`, { method: "DELETE", cookie });
    const retired = await patch(a.id, cookie, { slug: gone.slug });
    expect(retired.status).toBe(409);
    expect(await retired.json()).toEqual({ success: false, error: `The endpoint /s/${gone.slug}/mcp is taken. Choose another slug.` });
    const again = (await json(await uploadDescription(cookie, "g2.json", manyOperations(1, gone.name)))).data;
    expect(again.slug).not.toBe(gone.slug);
    // Once deployed, the endpoint stays.
    await db.insert(deployments).values({ serverId: a.id, contentHash: "h", provider: "loader", status: "deployed" });
    const deployed = await patch(a.id, cookie, { slug: `${wanted}-x` });
    expect(deployed.status).toBe(409);
    expect(await deployed.json()).toEqual({
      success: false,
      error:
        "The endpoint of a server that has been deployed cannot change: MCP clients and their sign-ins use it. Add a new server for a new endpoint.",
    });
  });
});

describe("GET /api/servers", () => {
  it("lists only the organization's servers with counts and the auth badge summary", async () => {
    const { cookie, email } = await signedIn();
    await setPlan(email, "growth");
    const other = await signedIn();
    await uploadDescription(other.cookie, "other.json", manyOperations(1, "Someone else's"));
    await uploadDescription(cookie, "one.json", manyOperations(3, "First"));
    await uploadDescription(cookie, "two.json", manyOperations(2, "Second"));
    const { success, data } = await json(await call("/api/servers", { cookie }));
    expect(success).toBe(true);
    expect(data.map((s: { name: string }) => s.name).sort()).toEqual(["First", "Second"]);
    const first = data.find((s: { name: string }) => s.name === "First");
    expect(Object.keys(first).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "version",
        "slug",
        "baseUrl",
        "endpoints",
        "status",
        "hibernatedReason",
        "deployment",
        "automatedCrawlEnabled",
        "automatedCrawlFrequency",
        "originalCrawlUrl",
        "lastCrawledAt",
        "lastCrawlError",
        "sourceUrl",
        "pendingVersionId",
        "toolCount",
        "activeToolCount",
        "authConfig",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(first).toMatchObject({ toolCount: 3, activeToolCount: 3, endpoints: [{ method: "GET", path: "/things/1" }, {}, {}] });
    expect(first.authConfig).toEqual({
      authType: "none",
      authStrategy: "managed",
      status: "not_configured",
      exposeToPublic: false,
      requireToolportLogin: false,
      accessControl: "access-token",
      updatedAt: expect.any(String),
    });
  });

  it("gives each server its most recently updated deployment, and GET /api/servers/{id} the same", async () => {
    const { cookie } = await signedIn();
    const { data: server } = await json(await uploadDescription(cookie, "deployed.json", manyOperations(1, "Deployed")));
    const at = (iso: string) => new Date(iso);
    await db.insert(deployments).values([
      {
        id: "dep-old",
        serverId: server.id,
        contentHash: "old",
        provider: "loader",
        status: "deployed",
        createdAt: at("2026-01-01"),
        updatedAt: at("2026-01-02"),
      },
      // Created earlier but redeployed last (a deployment's id is its content hash, so a row is reused).
      {
        id: "dep-reused",
        serverId: server.id,
        contentHash: "reused",
        provider: "loader",
        status: "failed",
        error: "upstream refused",
        createdAt: at("2025-12-01"),
        updatedAt: at("2026-02-01"),
      },
    ]);
    const expected = {
      id: "dep-reused",
      status: "failed",
      error: "upstream refused",
      deploymentUrl: null,
      updatedAt: "2026-02-01T00:00:00.000Z",
      cloudflareDeploymentId: null,
      cloudflareProjectId: null,
    };
    const { data: list } = await json(await call("/api/servers", { cookie }));
    expect(list.find((s: { id: string }) => s.id === server.id).deployment).toEqual(expected);
    const { data: one } = await json(await call(`/api/servers/${server.id}`, { cookie }));
    expect(one.deployment).toEqual(expected);
  });
});

describe("server access", () => {
  it("answers 404 for another organization's server on every route", async () => {
    const owner = await signedIn();
    const { data } = await json(await uploadDescription(owner.cookie, "p.json", manyOperations(2)));
    const { cookie } = await signedIn();
    const attempts = [
      call(`/api/servers/${data.id}`, { cookie }),
      call(`/api/servers/${data.id}/mappings`, { cookie }),
      call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName: "op1", active: false }, cookie }),
      call(`/api/servers/${data.id}`, { method: "DELETE", cookie }),
      call(`/api/servers/${data.id}/analyse-auth`, { method: "POST", cookie }),
      call(`/api/servers/${data.id}/auth-config`, { cookie }),
      call(`/api/servers/${data.id}/auth-config`, { method: "POST", json: { authType: "none", authStrategy: "passthrough" }, cookie }),
      call(`/api/servers/${data.id}/auth-config/secrets`, { method: "DELETE", cookie }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Server not found" });
    }
  });

  it("deletes a server with its tools and kept description", async () => {
    const { cookie } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "p.json", manyOperations(2)));
    const row = await db.query.servers.findFirst({ where: eq(servers.id, data.id) });
    const res = await call(`/api/servers/${data.id}`, { method: "DELETE", cookie });
    expect(await res.json()).toEqual({ success: true, data: { id: data.id } });
    expect(await db.select().from(tools).where(eq(tools.serverId, data.id))).toEqual([]);
    expect(await env.KV.get(row!.specKey!)).toBeNull();
    expect((await call(`/api/servers/${data.id}`, { cookie })).status).toBe(404);
    // The freed slot can be used again on the free plan.
    expect((await uploadDescription(cookie, "q.json", manyOperations(1))).status).toBe(201);
  });
});

describe("mappings and tool toggles", () => {
  it("answers tools with name, title, description, active, inputSchema and endpoint", async () => {
    const { cookie } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "anchors.yaml", await fixtureText("anchors-3.0.yaml")));
    const res = await json(await call(`/api/servers/${data.id}/mappings`, { cookie }));
    expect(res.data[0]).toEqual({
      name: "listTasks",
      title: "List tasks",
      description: "List tasks",
      customName: null,
      customDescription: null,
      active: true,
      inputSchema: {
        type: "object",
        properties: { workspace_id: { type: "string", description: "The workspace." }, limit: { type: "integer", default: 20 } },
        required: ["workspace_id"],
      },
      endpoint: { method: "GET", path: "/workspaces/{workspace_id}/tasks", summary: "List tasks" },
    });
  });

  it("enforces the plan's active-tool limit with the spec's message", async () => {
    const { cookie } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "many.json", manyOperations(12)));
    const toggle = (toolName: string, active: boolean) =>
      call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName, active }, cookie });
    const refused = await toggle("op11", true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      error:
        "Tool limit reached: your current plan allows 10 active tools per server. Please disable other tools first or upgrade your plan.",
    });
    expect(await json(await toggle("op1", false))).toEqual({
      success: true,
      data: { toolNames: ["op1"], active: false, activeToolCount: 9 },
    });
    expect(await json(await toggle("op11", true))).toMatchObject({ success: true, data: { activeToolCount: 10 } });
    const bulk = await call(`/api/servers/${data.id}/tools`, {
      method: "PATCH",
      json: { toolNames: ["op1", "op12"], active: true },
      cookie,
    });
    expect(bulk.status).toBe(403);
    expect((await json(bulk)).error).toBe(
      "Cannot enable all tools: your current plan allows 10 active tools per server. You have 0 slots available. Please upgrade your plan or enable tools individually.",
    );
    const unknown = await toggle("nope", true);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: "Tool not found: nope" });
    const invalid = await call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName: "op1" }, cookie });
    expect(invalid.status).toBe(400);
  });

  it("refuses to configure a hibernated server", async () => {
    const { cookie } = await signedIn();
    const { data } = await json(await uploadDescription(cookie, "p.json", manyOperations(2)));
    await db.update(servers).set({ status: "hibernated", hibernatedReason: "servers" }).where(eq(servers.id, data.id));
    const res = await call(`/api/servers/${data.id}/tools`, { method: "PATCH", json: { toolName: "op1", active: false }, cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, error: "This server is paused due to plan limits. Upgrade your plan to resume." });
  });
});
