// APIs of any size: every operation becomes a tool (none cut at 2,000), the report counts exactly
// whatever the length of its list, tools beyond the plan's limit are imported inactive and can be
// toggled in bulk; a description over 20 MB goes to R2 and is imported by a queue job with progress.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import worker from "../../../worker/index";
import { getDb } from "../../../worker/db";
import { servers, subscriptions, tools } from "../../../worker/db/schema";
import type { JobMessage } from "../../../worker/jobs/messages";
import { walkDescription } from "../../../worker/openapi/json-stream";
import { call, signedIn } from "../helpers";

const db = getDb(env.DB);

/**
 * A description with `good` convertible operations (a get and a post per path) and `broken`
 * operations that are not objects (each skipped with a report entry).
 */
function generated(good: number, broken: number, padding = 0) {
  const paths: Record<string, unknown> = {};
  const pad = "x".repeat(padding);
  for (let i = 0; i < good / 2; i++) {
    paths[`/things${i}/{id}`] = {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: `getThing${i}`,
        tags: [i % 2 ? "odd" : "even"],
        summary: `Get thing ${i}`,
        description: pad,
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } } },
      },
      post: {
        operationId: `updateThing${i}`,
        tags: ["writes"],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: { "200": { description: "ok" } },
      },
    };
  }
  for (let i = 0; i < broken; i++) paths[`/broken${i}`] = { get: "not an operation" };
  return {
    openapi: "3.0.3",
    info: { title: "Generated", version: "2.0.0" },
    servers: [{ url: "https://generated.example.com" }],
    paths,
    security: [{ bearer: [] }],
    components: {
      schemas: { Thing: { type: "object", properties: { name: { type: "string" }, size: { type: "integer" } } } },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
  };
}

async function sproutUser() {
  const user = await signedIn();
  await db
    .insert(subscriptions)
    .values({ organizationId: user.organizationId, planType: "sprout" })
    .onConflictDoUpdate({ target: subscriptions.organizationId, set: { planType: "sprout" } });
  return user;
}

const upload = (cookie: string, text: string, filename = "generated.json") => {
  const form = new FormData();
  form.append("file", new File([text], filename, { type: "application/json" }));
  return call("/api/servers", { method: "POST", cookie, body: form });
};

const countTools = async (serverId: string, active?: boolean) => {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(tools)
    .where(
      active === undefined ? eq(tools.serverId, serverId) : sql`${tools.serverId} = ${serverId} and ${tools.active} = ${active ? 1 : 0}`,
    );
  return Number(n);
};

describe("a description with more than 2,000 operations", () => {
  it("imports every operation as a tool and counts the report exactly past its 1,000 listed entries", async () => {
    const user = await signedIn();
    const res = await upload(user.cookie, JSON.stringify(generated(2600, 1100)));
    expect(res.status).toBe(201);
    const { data } = await res.json<{
      data: {
        id: string;
        toolCount: number;
        activeToolCount: number;
        importReport: Record<string, unknown> & { issues: { operation: string; kind: string; reason: string }[] };
      };
    }>();
    const { issues, ...counts } = data.importReport;
    expect(counts).toEqual({
      openapiVersion: "3.0.3",
      operations: 3700,
      tools: 2600,
      skipped: 1100,
      degraded: 0,
      activeTools: 10,
      inactiveTools: 2590,
    });
    expect(issues).toHaveLength(1001);
    expect(issues.at(-1)).toEqual({ operation: "(report)", kind: "degraded", reason: "100 more issues not listed" });
    expect(data).toMatchObject({ toolCount: 2600, activeToolCount: 10 });
    expect(await countTools(data.id)).toBe(2600);
    expect(await countTools(data.id, true)).toBe(10);
    // The mappings are read in pages; the summary leaves out input schemas.
    type Mapping = { name: string; inputSchema?: unknown; description: string };
    const full = (await (await call(`/api/servers/${data.id}/mappings`, { cookie: user.cookie })).json<{ data: Mapping[] }>()).data;
    expect(full).toHaveLength(2600);
    expect(full[2599]).toMatchObject({ name: "updateThing1299", inputSchema: { type: "object" } });
    const summary = (
      await (await call(`/api/servers/${data.id}/mappings?view=summary`, { cookie: user.cookie })).json<{ data: Mapping[] }>()
    ).data;
    expect(summary.map((t) => t.name)).toEqual(full.map((t) => t.name));
    expect(summary.some((t) => "inputSchema" in t)).toBe(false);
  });

  it("toggles hundreds of tools in one call (names bound in chunks) within the plan's limit", async () => {
    const user = await sproutUser();
    const res = await upload(user.cookie, JSON.stringify(generated(2400, 0)));
    const { data } = await res.json<{ data: { id: string; activeToolCount: number } }>();
    expect(data.activeToolCount).toBe(1000);
    const firstThousand = await db
      .select({ name: tools.name })
      .from(tools)
      .where(sql`${tools.serverId} = ${data.id} and ${tools.active} = 1`);
    const off = await call(`/api/servers/${data.id}/tools`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { toolNames: firstThousand.map((t) => t.name), active: false },
    });
    expect(await off.json()).toMatchObject({ success: true, data: { active: false, activeToolCount: 0 } });
    // Every "writes" (post) tool: 1,200 of them, more than the plan's 1,000.
    const writes = await db
      .select({ name: tools.name })
      .from(tools)
      .where(sql`${tools.serverId} = ${data.id} and ${tools.name} like 'updateThing%'`);
    const tooMany = await call(`/api/servers/${data.id}/tools`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { toolNames: writes.map((t) => t.name), active: true },
    });
    expect(tooMany.status).toBe(403);
    const on = await call(`/api/servers/${data.id}/tools`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { toolNames: writes.slice(0, 240).map((t) => t.name), active: true },
    });
    expect(await on.json()).toMatchObject({ success: true, data: { activeToolCount: 240 } });
    expect(await countTools(data.id, true)).toBe(240);
  });
});

describe("the streamed JSON walk", () => {
  it("reads members and path items split across chunks of any size exactly as JSON.parse does", async () => {
    const description = {
      openapi: "3.1.0",
      'x-tricky "key" {[,:]}': ["a", { b: "}\\" }, 1.5e3, null, true],
      info: { title: "Ünïcødé ✓ \u2028 title", version: "1" },
      paths: {
        "/a/{id}": { get: { summary: 'braces } ] , : " in text', responses: { "200": { description: "ok" } } } },
        '/b"quoted"': { post: { responses: {} }, parameters: [] },
        "/c": {},
      },
      components: { schemas: { Empty: {}, List: { type: "array", items: [] } } },
    };
    const bytes = new TextEncoder().encode(`\uFEFF \n${JSON.stringify(description, null, 1)}\n`);
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      });
      const members: Record<string, unknown> = {};
      const items: [string, unknown][] = [];
      const { pathItems } = await walkDescription(stream, {
        wantMember: (key) => key !== "info",
        wantPathItems: true,
        onMember: (key, value) => void (members[key] = value),
        onPathItem: (path, item) => void items.push([path, item]),
      });
      const { paths, info: _, ...rest } = description;
      expect(members, `chunks of ${size}`).toEqual(rest);
      expect(items, `chunks of ${size}`).toEqual(Object.entries(paths));
      expect(pathItems).toBe(3);
    }
  });
});

/** Delivers one import job message through the Worker's queue handler. */
async function deliver(jobId: string) {
  const batch = createMessageBatch<JobMessage>("toolport-jobs", [
    { id: `import-${jobId}`, timestamp: new Date(), attempts: 1, body: { kind: "import", jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

type JobAnswer = {
  id: string;
  status: string;
  serverId: string | null;
  error: string | null;
  progress: Record<string, number>;
  report: Record<string, unknown> | null;
};

describe("a description over 20 MB: the queue job", () => {
  it("is refused by the in-request import and imported through R2 by a queue job that reports progress and exact counts", async () => {
    const user = await signedIn();
    const text = JSON.stringify(generated(6000, 1500, 8000));
    expect(text.length).toBeGreaterThan(21 * 1024 * 1024);
    expect((await upload(user.cookie, text)).status).toBe(413);

    const res = await call("/api/imports?filename=big.json&name=Big%20API", {
      method: "POST",
      cookie: user.cookie,
      body: text,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(202);
    const { data: job } = await res.json<{ data: JobAnswer }>();
    expect(job).toMatchObject({ status: "pending", serverId: null, progress: { bytes: new TextEncoder().encode(text).byteLength } });
    expect(await env.UPLOADS.head(`imports/${job.id}`)).not.toBeNull();

    const result = await deliver(job.id);
    expect(result.explicitAcks).toEqual([`import-${job.id}`]);
    const done = (await (await call(`/api/imports/${job.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done.status).toBe("completed");
    expect(done.progress).toMatchObject({ pathItems: 4500, totalPathItems: 4500, operations: 7500, tools: 6000 });
    const { issues, ...counts } = done.report as { issues: unknown[] };
    expect(counts).toEqual({
      openapiVersion: "3.0.3",
      operations: 7500,
      tools: 6000,
      skipped: 1500,
      degraded: 0,
      activeTools: 10,
      inactiveTools: 5990,
    });
    expect(issues).toHaveLength(1001);
    const server = await db.query.servers.findFirst({ where: eq(servers.id, done.serverId!) });
    expect(server).toMatchObject({
      name: "Big API",
      organizationId: user.organizationId,
      baseUrl: "https://generated.example.com",
      version: "2.0.0",
    });
    expect(server!.endpoints).toHaveLength(5000);
    expect(await countTools(done.serverId!)).toBe(6000);
    expect(await countTools(done.serverId!, true)).toBe(10);
    // Past 5,000 tools the mappings are the summary, descriptions cut to 300 characters.
    const mappings = (
      await (
        await call(`/api/servers/${done.serverId}/mappings`, { cookie: user.cookie })
      ).json<{ data: { inputSchema?: unknown; description: string }[] }>()
    ).data;
    expect(mappings).toHaveLength(6000);
    expect(mappings.some((t) => "inputSchema" in t || t.description.length > 300)).toBe(false);
    // The authentication step finds the declared scheme though the description is not kept.
    const analysed = await call(`/api/servers/${done.serverId}/analyse-auth`, { method: "POST", cookie: user.cookie });
    expect(await analysed.json()).toMatchObject({ success: true, data: { authCandidates: [{ type: "bearer" }] } });
    // The server answers like any other, and the stored description is gone.
    expect(await (await call(`/api/servers/${done.serverId}`, { cookie: user.cookie })).json()).toMatchObject({
      data: { toolCount: 6000, activeToolCount: 10 },
    });
    expect(await env.UPLOADS.head(`imports/${job.id}`)).toBeNull();
    // Another organization sees no such job.
    const other = await signedIn();
    expect((await call(`/api/imports/${job.id}`, { cookie: other.cookie })).status).toBe(404);
  }, 120_000);
});

describe("a description over 20 MB: handed over to a job", () => {
  it("hands a description with more than 5,000 operations over from POST /api/servers to a job (YAML kept as JSON)", async () => {
    const user = await signedIn();
    const { stringify } = await import("yaml");
    const res = await upload(user.cookie, stringify(generated(5200, 0)), "many.yaml");
    expect(res.status).toBe(202);
    const { data } = await res.json<{ data: { importJob: JobAnswer } }>();
    expect(data.importJob).toMatchObject({ status: "pending", serverId: null });
    await deliver(data.importJob.id);
    const done = (await (await call(`/api/imports/${data.importJob.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done).toMatchObject({ status: "completed", report: { operations: 5200, tools: 5200, skipped: 0, degraded: 0 } });
    expect(await countTools(done.serverId!)).toBe(5200);
  }, 120_000);

  it("hands JSON over 16 MB from POST /api/servers to a job without parsing it in the request", async () => {
    const user = await signedIn();
    // 40 operations padded to about 17 MB: few tools, but too large to parse beside them in the request.
    const text = JSON.stringify(generated(40, 0, 900_000));
    expect(text.length).toBeGreaterThan(16 * 1024 * 1024);
    const res = await upload(user.cookie, text, "padded.json");
    expect(res.status).toBe(202);
    const { data } = await res.json<{ data: { importJob: JobAnswer } }>();
    await deliver(data.importJob.id);
    const done = (await (await call(`/api/imports/${data.importJob.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done).toMatchObject({ status: "completed", report: { operations: 40, tools: 40, skipped: 0 } });
  }, 120_000);

  it("fetches a URL too large for the request again for a job (21 MB) through the guarded fetch", async () => {
    const user = await signedIn();
    const url = `${inject("fixtureOrigin")}/_huge.json`;
    const form = new FormData();
    form.append("url", url);
    expect((await call("/api/servers", { method: "POST", cookie: user.cookie, body: form })).status).toBe(413);
    const res = await call("/api/imports", { method: "POST", cookie: user.cookie, json: { url, name: "Huge by URL" } });
    expect(res.status).toBe(202);
    const { data: job } = await res.json<{ data: JobAnswer }>();
    expect(job.progress.bytes).toBeGreaterThan(21 * 1024 * 1024);
    await deliver(job.id);
    const done = (await (await call(`/api/imports/${job.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done).toMatchObject({ status: "completed", report: { operations: 1, tools: 1, skipped: 0 } });
    expect(await db.query.servers.findFirst({ where: eq(servers.id, done.serverId!) })).toMatchObject({
      name: "Huge by URL",
      sourceUrl: url,
    });

    // The URL goes through the same guarded fetch as every user-given URL (internal hosts refused outside development).
    const refused = await call("/api/imports", { method: "POST", cookie: user.cookie, json: { url: "file:///etc/passwd" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, error: "Only http and https URLs are supported" });
  }, 120_000);
});

describe("a description over 20 MB: Swagger 2.0 and failures", () => {
  it("imports a Swagger 2.0 description through the job, upgrading its path items group by group", async () => {
    const user = await signedIn();
    const text = await (await fetch(`${inject("fixtureOrigin")}/openapi/petstore-2.0.json`)).text();
    const res = await call("/api/imports?filename=petstore.json", {
      method: "POST",
      cookie: user.cookie,
      body: text,
      headers: { "content-type": "application/octet-stream" },
    });
    const { data: job } = await res.json<{ data: JobAnswer }>();
    await deliver(job.id);
    const done = (await (await call(`/api/imports/${job.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done).toMatchObject({ status: "completed", report: { openapiVersion: "2.0", operations: 4, tools: 4 } });
    const addPet = await db.query.tools.findFirst({
      where: (t, { and, eq: is }) => and(is(t.serverId, done.serverId!), is(t.name, "addPet")),
    });
    expect(addPet!.inputSchema).toMatchObject({ required: ["name", "photoUrls"] });
    expect(JSON.stringify(addPet!.inputSchema)).not.toContain("$ref");
    expect(await db.query.servers.findFirst({ where: eq(servers.id, done.serverId!) })).toMatchObject({
      baseUrl: "https://petstore.example.com/v2",
    });
  });

  it("ends the job failed with the reason when the stored text is not a JSON description", async () => {
    const user = await signedIn();
    const res = await call("/api/imports?filename=big.yaml", {
      method: "POST",
      cookie: user.cookie,
      body: "openapi: 3.0.0\npaths: {}\n",
      headers: { "content-type": "application/yaml" },
    });
    const { data: job } = await res.json<{ data: JobAnswer }>();
    await deliver(job.id);
    const done = (await (await call(`/api/imports/${job.id}`, { cookie: user.cookie })).json<{ data: JobAnswer }>()).data;
    expect(done).toMatchObject({
      status: "failed",
      serverId: null,
      error: "The description is not a JSON object: descriptions this large are imported from JSON (convert the YAML to JSON first)",
    });
    expect(await env.UPLOADS.head(`imports/${job.id}`)).toBeNull();
  });
});
