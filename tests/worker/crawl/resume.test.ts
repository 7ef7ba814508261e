// A crawl whose page messages were lost (the portal stopped) resumes: its CrawlSession, woken after
// the crawl went quiet, sends the open pages to the queue again — at once, or from its alarm when the
// quiet is younger — and the outcome is written to the crawl's D1 row once, by the session.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { RESUME_AFTER_MS } from "../../../durable-objects/crawl-session";
import { getDb } from "../../../worker/db";
import { crawls } from "../../../worker/db/schema";
import { call, signedIn } from "../helpers";

const db = getDb(env.DB);
const urls = () => ["get-note", "list-notes"].map((p) => `${inject("fixtureOrigin")}/docs-reference/${p}.html`);

/** Starts a session for `crawlId` without sending its pages to the queue: as if the messages were lost. */
async function lostCrawl(crawlId: string) {
  const session = env.CRAWL_SESSION.getByName(crawlId);
  await session.start(crawlId, urls());
  return session;
}

/** Makes the crawl look quiet for `ms`: no page claimed or recorded since. */
const quietFor = (crawlId: string, ms: number) =>
  runInDurableObject(
    env.CRAWL_SESSION.getByName(crawlId),
    (_o, state) => void state.storage.sql.exec(`UPDATE pages SET updated_at = ?`, Date.now() - ms),
  );

describe("crawl resume", () => {
  it("sends the open pages again when the session wakes to a crawl quiet for long enough", async () => {
    const crawlId = crypto.randomUUID();
    const session = await lostCrawl(crawlId);
    await quietFor(crawlId, RESUME_AFTER_MS + 1000);
    await evictDurableObject(session);
    await session.snapshot(); // wakes it
    await vi.waitFor(async () => expect(await session.snapshot()).toMatchObject({ status: "completed", completed: 2 }), {
      timeout: 20_000,
      interval: 100,
    });
  });

  it("looks again from its alarm when the quiet was younger", async () => {
    const crawlId = crypto.randomUUID();
    const session = await lostCrawl(crawlId);
    await quietFor(crawlId, 1000);
    await evictDurableObject(session);
    expect((await session.snapshot()).status).toBe("crawling"); // wakes it: too soon to send anything again
    await quietFor(crawlId, RESUME_AFTER_MS + 1000);
    expect(await runDurableObjectAlarm(session)).toBe(true);
    await vi.waitFor(async () => expect(await session.snapshot()).toMatchObject({ status: "completed", completed: 2 }), {
      timeout: 20_000,
      interval: 100,
    });
  });

  it("writes a crawl started through the API to D1 once it ends, and GET /api/crawl/{id} writes nothing", async () => {
    const { cookie } = await signedIn();
    const res = await call("/api/crawl/crawl", { method: "POST", cookie, json: { url: urls()[0], selectedUrls: urls() } });
    const { crawlId } = await res.json<{ crawlId: string }>();
    const row = () => db.query.crawls.findFirst({ where: eq(crawls.id, crawlId) });
    const before = await row();
    expect(before).toMatchObject({ status: "crawling", completed: 0 });
    await vi.waitFor(async () => expect((await row())?.status).toBe("completed"), { timeout: 20_000, interval: 100 });
    expect(await row()).toMatchObject({ status: "completed", completed: 2, errorCount: 0, error: null });
    // Reading the status afterwards changes nothing in D1.
    const written = (await row())!.updatedAt.getTime();
    expect((await (await call(`/api/crawl/${crawlId}`, { cookie })).json<{ status: string }>()).status).toBe("completed");
    expect((await row())!.updatedAt.getTime()).toBe(written);
  });
});
