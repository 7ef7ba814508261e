// Servers from crawls: creation from an extracted spec, restart with regenerated tools, automated
// crawls (free-plan refusal, paid plans) and the daily sweep through the scheduled handler.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getDb } from "../../../worker/db";
import { crawls, servers, subscriptions, tools } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { DAILY_SWEEP_CRON } from "../../../worker/scheduled";
import { call, signedIn } from "../helpers";
import { crawlAndExtract, waitForCrawl } from "./helpers";

const db = getDb(env.DB);
const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
let serverId: string;

/** Waits until the server's tools were regenerated after `since`. */
async function waitForRefresh(id: string, since: Date, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.query.servers.findFirst({ where: eq(servers.id, id) });
    if ((row?.lastCrawledAt && row.lastCrawledAt > since) || Date.now() > deadline) return row!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  user = await signedIn();
  const { job } = await crawlAndExtract(user.cookie, `${site()}/index.html`, [
    `${site()}/index.html`,
    `${site()}/authentication.html`,
    `${site()}/list-notes.html`,
    `${site()}/get-note.html`,
    `${site()}/create-note.html`,
  ]);
  const res = await call("/api/servers/from-spec", {
    method: "POST",
    cookie: user.cookie,
    json: { specId: job.specId, name: "Acme Notes", description: "Notes" },
  });
  expect(res.status).toBe(201);
  serverId = (await res.json<{ data: { id: string } }>()).data.id;
});

describe("from-spec", () => {
  it("creates the server with its tools and records the crawl URL", async () => {
    const row = await db.query.servers.findFirst({ where: eq(servers.id, serverId) });
    expect(row).toMatchObject({
      name: "Acme Notes",
      description: "Notes",
      originalCrawlUrl: `${site()}/index.html`,
      baseUrl: "https://api.acme-notes.example/v1",
    });
    expect(await db.$count(tools, eq(tools.serverId, serverId))).toBe(3);
  });

  it("answers 404 for another organization's spec", async () => {
    const other = await signedIn();
    const spec = await db.query.crawls.findFirst({ where: eq(crawls.serverId, serverId) });
    expect(spec).toBeTruthy();
    const res = await call("/api/servers/from-spec", { method: "POST", cookie: other.cookie, json: { specId: "missing", name: "x" } });
    expect(await res.json()).toEqual({ success: false, error: "Specification not found" });
  });
});

describe("restart-crawl", () => {
  it("re-crawls the same pages and regenerates the tools, keeping active flags", async () => {
    const [first] = await db.select().from(tools).where(eq(tools.serverId, serverId)).orderBy(tools.position).limit(1);
    await db.update(tools).set({ active: false }).where(eq(tools.id, first.id));
    const since = new Date();
    const res = await call(`/api/servers/${serverId}/restart-crawl`, { method: "POST", cookie: user.cookie });
    const { success, data } = await res.json<{ success: boolean; data: { crawlId: string; urlCount: number } }>();
    expect({ success, urlCount: data.urlCount }).toEqual({ success: true, urlCount: 5 });
    expect((await waitForCrawl(user.cookie, data.crawlId)).status).toBe("completed");
    expect((await waitForRefresh(serverId, since)).lastCrawledAt!.getTime()).toBeGreaterThan(since.getTime() - 1000);
    const after = await db.select().from(tools).where(eq(tools.serverId, serverId));
    expect(after).toHaveLength(3);
    expect(after.find((t) => t.name === first.name)?.active).toBe(false);
  });

  it("refuses servers that were not made from a crawl, and other organizations' servers", async () => {
    const [copy] = await db
      .insert(servers)
      .values({ organizationId: user.organizationId, name: "Uploaded", slug: `uploaded-${crypto.randomUUID().slice(0, 8)}` })
      .returning();
    const res = await call(`/api/servers/${copy.id}/restart-crawl`, { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "This server was not created from a crawl and cannot be recrawled" });
    const other = await signedIn();
    expect((await call(`/api/servers/${serverId}/restart-crawl`, { method: "POST", cookie: other.cookie })).status).toBe(404);
  });
});

describe("automated crawls", () => {
  it("answers requiresUpgrade on the free plan", async () => {
    const res = await call(`/api/servers/${serverId}/automated-crawl`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { enabled: true, frequency: "weekly" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      requiresUpgrade: true,
      error: "Automated crawls are available on paid plans. Upgrade your plan to enable them.",
    });
  });

  it("re-crawls due servers of paid plans through the daily sweep", async () => {
    await db.update(subscriptions).set({ planType: "sprout" }).where(eq(subscriptions.organizationId, user.organizationId));
    const res = await call(`/api/servers/${serverId}/automated-crawl`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { enabled: true, frequency: "monthly" },
    });
    const { data } = await res.json<{ data: { automatedCrawlEnabled: boolean; automatedCrawlFrequency: string; nextCrawlAt: string } }>();
    expect(data).toMatchObject({ automatedCrawlEnabled: true, automatedCrawlFrequency: "monthly" });
    expect(new Date(data.nextCrawlAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    await db
      .update(servers)
      .set({ nextCrawlAt: new Date(Date.now() - 1000) })
      .where(eq(servers.id, serverId));
    const since = new Date();
    await worker.scheduled(createScheduledController({ cron: DAILY_SWEEP_CRON, scheduledTime: Date.now() }), env, createExecutionContext());
    const moved = await db.query.servers.findFirst({ where: eq(servers.id, serverId) });
    expect(moved!.nextCrawlAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await waitForRefresh(serverId, since)).lastCrawledAt!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const latest = await db.query.crawls.findFirst({ where: and(eq(crawls.serverId, serverId)), orderBy: desc(crawls.createdAt) });
    expect(latest!.createdAt.getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
    // The run is recorded as the sweep's (the manual re-crawl above recorded none); the pages did not change.
    const schedule = async () =>
      (await (await call(`/api/servers/${serverId}/automated-runs`, { cookie: user.cookie })).json<{ data: any }>()).data;
    await vi.waitFor(async () => expect((await schedule()).runs[0]?.outcome).toBe("unchanged"), { timeout: 15_000 });
    expect(await schedule()).toMatchObject({
      kind: "crawl",
      enabled: true,
      frequency: "monthly",
      nextRunAt: moved!.nextCrawlAt!.toISOString(),
    });
    expect((await schedule()).runs).toEqual([
      {
        kind: "crawl",
        outcome: "unchanged",
        toolsAdded: 0,
        toolsRemoved: 0,
        toolsChanged: 0,
        changes: [],
        redeployed: false,
        versionId: null,
        error: null,
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
      },
    ]);

    const off = await call(`/api/servers/${serverId}/automated-crawl`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { enabled: false, frequency: "monthly" },
    });
    expect((await off.json<{ data: unknown }>()).data).toEqual({
      automatedCrawlEnabled: false,
      automatedCrawlFrequency: "monthly",
      nextCrawlAt: null,
    });
  });
});
