// After a server's re-crawl: a new description from the pages, tools re-imported (active flags and
// static parameter values kept where the tool still exists), and a redeploy when the server was deployed;
// an automated re-crawl's run records the outcome.
import { and, eq, ne } from "drizzle-orm";
import type { CrawlSnapshot } from "../../durable-objects/crawl-session";
import { finishCrawlRun, recordRun } from "../automated-runs/runs";
import type { Database } from "../db";
import { servers } from "../db/schema";
import type { Bindings } from "../env";
import { redeployIfLive, SYSTEM } from "../deploy/deploy";
import { reimportServer } from "../servers/reimport";
import { extractPages, saveSpec } from "./jobs";

export const NO_ENDPOINTS_RECRAWL_MESSAGE = "The re-crawled pages documented no API endpoints, so the tools were kept as they were";

/**
 * Records why a server's re-crawl (or scheduled sync) left its tools as they were: on the server (shown
 * with it), on the crawl, whose status tells a waiting browser that the refresh is over, and on the
 * automated run, whether it got as far as a crawl or not.
 */
export async function recordCrawlError(db: Database, env: Bindings, job: { serverId: string; crawlId?: string; kind?: string }, message: string) {
  await db.update(servers).set({ lastCrawlError: message.slice(0, 1000) }).where(eq(servers.id, job.serverId));
  const failed = { outcome: "failed" as const, error: message };
  if (job.crawlId) {
    await finishCrawlRun(db, job.crawlId, failed);
    await env.CRAWL_SESSION.getByName(job.crawlId).refreshed(message);
  } else if (job.kind === "recrawl" || job.kind === "sync") {
    await recordRun(db, job.serverId, job.kind === "sync" ? "sync" : "crawl", new Date(), failed);
  }
}

/** Regenerates a server from its finished re-crawl; a failed or empty crawl leaves the tools as they were, and says why. */
export async function refreshServer(db: Database, env: Bindings, job: { serverId: string; crawlId: string }) {
  const session = env.CRAWL_SESSION.getByName(job.crawlId);
  const server = await db.query.servers.findFirst({ where: and(eq(servers.id, job.serverId), ne(servers.status, "removed")) });
  if (!server?.originalCrawlUrl) {
    await session.refreshed("The server was deleted or is no longer linked to a crawl");
    return;
  }
  const snap = (await session.snapshot()) as CrawlSnapshot;
  if (snap.status !== "completed") {
    return recordCrawlError(db, env, job, snap.status === "failed" ? `The re-crawl failed: ${snap.error || "Unknown error"}` : "The re-crawl was cancelled");
  }
  const { draft } = await extractPages(env, job.crawlId, server.originalCrawlUrl);
  if (!draft) return recordCrawlError(db, env, job, NO_ENDPOINTS_RECRAWL_MESSAGE);
  await saveSpec(db, env, { organizationId: server.organizationId, crawlId: job.crawlId, sourceUrl: server.originalCrawlUrl, document: draft });
  const text = JSON.stringify(draft);
  const { diff } = await reimportServer(db, env, server.organizationId, server.id, { text, sourceUrl: null, filename: "crawled.json" }, {
    keepBaseUrl: true,
    serverValues: { lastCrawledAt: new Date(), lastCrawlError: null },
  });
  const redeployed = (await redeployIfLive(env, db, server, SYSTEM))?.status === "deployed";
  await finishCrawlRun(db, job.crawlId, { outcome: diff.entries.length > 0 ? "applied" : "unchanged", diff, redeployed });
  await session.refreshed(null);
}
