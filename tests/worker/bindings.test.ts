// One round trip through each binding: D1, KV, both Durable Objects, the Queue, cron, Worker Loader.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  runDurableObjectAlarm,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../worker/index";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { CRAWL_TIMEOUT_MESSAGE } from "../../durable-objects/crawl-session";
import { DEPLOYMENT_TIMEOUT_MESSAGE } from "../../durable-objects/deployment";
import { GENERATED_COMPATIBILITY_FLAGS } from "../../worker/hosting/loader";
import { storeDeployment, storeDeploymentConfig } from "../../worker/hosting/store";
import { generateServer } from "../../worker/deploy/generate";
import type { RuntimeConfig } from "../../worker/runtime/types";
import { pageContentKey } from "../../worker/crawl/keys";
import { getDb } from "../../worker/db";
import { organizations, plans, servers } from "../../worker/db/schema";
import { MONTHLY_ROLLOVER_CRON } from "../../worker/scheduled";
import { call, signedIn } from "./helpers";

const db = getDb(env.DB);

describe("D1", () => {
  it("has the migrations applied and the three plans seeded", async () => {
    const rows = await db.select().from(plans).orderBy(plans.sortOrder);
    expect(rows.map((p) => [p.type, p.price, p.maxServers, p.maxToolsPerServer, p.maxToolCallsPerMonth, p.automatedCrawls])).toEqual([
      ["free", 0, 1, 10, 1000, false],
      ["sprout", 1900, 5, 1000, 25000, true],
      ["growth", 9900, 25, 5000, 250000, true],
    ]);
  });

  it("answers the plans through the API", async () => {
    const { cookie } = await signedIn();
    const res = await call("/api/billing/plans", { cookie });
    const body = (await res.json()) as { success: boolean; data: { type: string; popular: boolean }[] };
    expect(body.success).toBe(true);
    expect(body.data.map((p) => [p.type, p.popular])).toEqual([
      ["free", false],
      ["sprout", true],
      ["growth", false],
    ]);
    const sub = await (await call("/api/billing/subscription", { cookie })).json();
    expect(sub).toMatchObject({ success: true, data: { plan: { type: "free" }, status: "active" } });
  });
});

describe("KV", () => {
  it("stores and reads back a value", async () => {
    await env.KV.put("round-trip", "value", { expirationTtl: 60 });
    expect(await env.KV.get("round-trip")).toBe("value");
  });
});

describe("Deployment Durable Object", () => {
  const job = (deploymentId: string) => ({ deploymentId, serverId: "server-1", slug: "s1", provider: "loader" as const, toolCount: 2 });

  it("runs a recorded deployment as a job, keeping status and a timestamped log", async () => {
    const config = {
      serverId: "server-1",
      name: "Bindings",
      version: "1.0.0",
      description: "",
      baseUrl: "https://api.example.com",
      auth: { type: "none", strategy: "managed" },
      staticValues: {},
      tools: [],
      upstreamTimeoutMs: 1000,
      maxResponseBytes: 100_000,
    };
    const generated = await generateServer(config as RuntimeConfig);
    await storeDeploymentConfig(env, generated.deploymentId, generated.config);
    await storeDeployment(env, generated);
    const stub = env.DEPLOYMENT.getByName("server-1");
    await stub.begin(job(generated.deploymentId));
    const state = await stub.settle(generated.deploymentId);
    expect(state).toMatchObject({ status: "deployed", error: null });
    expect(state.log.map((l) => l.message)).toEqual([
      "Deployment started",
      `Generated 2 active tools (deployment ${generated.deploymentId})`,
      "Stored 0 tools and the generated modules",
      "Loaded the server's isolate and checked it answers MCP initialize",
      "Deployment completed",
    ]);
    expect(Date.parse(state.log[0].at)).not.toBeNaN();
  });

  it("fails a deployment whose time limit has passed when its alarm fires", async () => {
    const stub = env.DEPLOYMENT.getByName("server-2");
    await stub.begin(job("dep-2"), 0);
    await runDurableObjectAlarm(stub); // false when the runtime ran it first
    const state = await stub.state();
    expect(state).toMatchObject({ status: "failed", error: DEPLOYMENT_TIMEOUT_MESSAGE });
    // Settling it later changes nothing.
    expect((await stub.settle("dep-2")).status).toBe("failed");
  });
});

describe("CrawlSession Durable Object", () => {
  it("tracks pages until the crawl completes", async () => {
    const stub = env.CRAWL_SESSION.getByName("crawl-1");
    await stub.start("crawl-1", ["https://a.example/1", "https://a.example/2"]);
    expect(await stub.claim("https://a.example/1")).toBe(true);
    await stub.record("https://a.example/1", { status: "completed", title: "One" });
    const snapshot = await stub.record("https://a.example/2", { status: "failed", error: "HTTP 404" });
    expect(snapshot).toMatchObject({ status: "completed", total: 2, completed: 1, errorCount: 1 });
    expect(await stub.claim("https://a.example/1")).toBe(false);
  });

  it("fails the crawl with the spec's message when its time limit passes", async () => {
    const stub = env.CRAWL_SESSION.getByName("crawl-2");
    await stub.start("crawl-2", ["https://a.example/1"]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.snapshot()).toMatchObject({ status: "failed", error: CRAWL_TIMEOUT_MESSAGE });
  });
});

describe("Queue", () => {
  it("accepts a message from the producer binding", async () => {
    await expect(env.CRAWL_QUEUE.send({ kind: "page", crawlId: "crawl-never-started", url: "https://a.example/" })).resolves.toBeDefined();
  });

  it("crawls a page from a consumed message and reports it to its session", async () => {
    const url = `${inject("fixtureOrigin")}/docs/hello.html`;
    const stub = env.CRAWL_SESSION.getByName("crawl-q");
    await stub.start("crawl-q", [url]);
    const batch = createMessageBatch("toolport-crawl", [
      { id: "m1", timestamp: Date.now(), attempts: 1, body: { kind: "page" as const, crawlId: "crawl-q", url } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(await stub.snapshot()).toMatchObject({
      status: "completed",
      pages: [{ url, status: "completed", title: "Hello API reference" }],
    });
    expect(await env.KV.get(pageContentKey("crawl-q", url))).toContain("GET /v1/hello");
  });
});

describe("scheduled handler", () => {
  it("resumes servers paused for the monthly tool-call limit on the 1st", async () => {
    const { cookie } = await signedIn();
    expect(cookie).toBeTruthy();
    const [org] = await db.select().from(organizations).limit(1);
    const [paused] = await db
      .insert(servers)
      .values({
        organizationId: org.id,
        name: "Paused",
        slug: `paused-${crypto.randomUUID()}`,
        status: "hibernated",
        hibernatedReason: "tool_calls",
      })
      .returning();
    const [downgraded] = await db
      .insert(servers)
      .values({
        organizationId: org.id,
        name: "Over plan",
        slug: `over-${crypto.randomUUID()}`,
        status: "hibernated",
        hibernatedReason: "servers",
      })
      .returning();
    const controller = createScheduledController({ cron: MONTHLY_ROLLOVER_CRON, scheduledTime: Date.UTC(2026, 11, 1, 0, 5) });
    await worker.scheduled(controller, env, createExecutionContext());
    expect((await db.query.servers.findFirst({ where: eq(servers.id, paused.id) }))?.status).toBe("active");
    expect((await db.query.servers.findFirst({ where: eq(servers.id, downgraded.id) }))?.status).toBe("hibernated");
  });

  it("runs through PortalScheduled, the entrypoint the gateway Worker hands its Cron events to", async () => {
    const [org] = await db.select().from(organizations).limit(1);
    const [paused] = await db
      .insert(servers)
      .values({
        organizationId: org.id,
        name: "Paused",
        slug: `paused-${crypto.randomUUID()}`,
        status: "hibernated",
        hibernatedReason: "tool_calls",
      })
      .returning();
    await exports.PortalScheduled.fire({ cron: MONTHLY_ROLLOVER_CRON, scheduledTime: Date.now() });
    expect((await db.query.servers.findFirst({ where: eq(servers.id, paused.id) }))?.status).toBe("active");
    // A cron the portal has no trigger for fails, naming the ones it has; a local event without one is the daily sweep.
    const unknown = await exports.PortalScheduled.fire({ cron: "1 2 3 4 5", scheduledTime: Date.now() }).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(unknown).toBe('No Cron Trigger "1 2 3 4 5": the portal runs "0 3 * * *" (daily sweep) and "5 0 1 * *" (monthly roll-over)');
    expect(await exports.PortalScheduled.fire({ cron: "", scheduledTime: Date.now() })).toBeUndefined();
  });
});

describe("Worker Loader", () => {
  it("runs a module in its own isolate", async () => {
    const worker = env.LOADER.get("round-trip", async () => ({
      compatibilityDate: "2026-10-20",
      mainModule: "main.js",
      modules: { "main.js": `export default { fetch: () => new Response("hello from a loaded worker") }` },
    }));
    const res = await worker.getEntrypoint().fetch("http://loaded.test/");
    expect(await res.text()).toBe("hello from a loaded worker");
  });

  it("runs the portal and generated servers with global_fetch_strictly_public, which leaves fetches to a local upstream working under workerd", async () => {
    const upstream = `${inject("upstreamOrigin")}/text`;
    expect(Cloudflare.compatibilityFlags.global_fetch_strictly_public).toBe(true);
    expect(await (await fetch(upstream)).text()).toBe("plain hello");
    const source = `export default { async fetch(request) {
      const upstream = await fetch(new URL(request.url).searchParams.get("target"));
      return Response.json({ strictlyPublic: Cloudflare.compatibilityFlags.global_fetch_strictly_public, upstream: await upstream.text() });
    } }`;
    const worker = env.LOADER.get("strictly-public", async () => ({
      compatibilityDate: "2026-10-20",
      compatibilityFlags: GENERATED_COMPATIBILITY_FLAGS,
      mainModule: "main.js",
      modules: { "main.js": source },
    }));
    const res = await worker.getEntrypoint().fetch(`http://loaded.test/?target=${encodeURIComponent(upstream)}`);
    expect(await res.json()).toEqual({ strictlyPublic: true, upstream: "plain hello" });
  });
});
