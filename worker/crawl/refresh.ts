// After a server's re-crawl: a new description from the pages, tools re-imported (active flags and
// static parameter values kept where the tool still exists), and a redeploy when the server was deployed;
// an automated re-crawl's run records the outcome; one started by hand is told to the organization.
import { and, eq, ne } from "drizzle-orm";
import type { CrawlSnapshot } from "../../durable-objects/crawl-session";
import { finishCrawlRun, recordRun } from "../automated-runs/runs";
import type { Database } from "../db";
import { servers } from "../db/schema";
import type { Bindings } from "../env";
import { redeployIfLive, SYSTEM } from "../deploy/deploy";
import { recrawlEvent } from "../notifications/events";
import { recordNotification } from "../notifications/notifications";
import { reimportServer } from "../servers/reimport";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";
import { extractPages, MAX_JOB_ATTEMPTS, saveSpec } from "./jobs";

export const NO_ENDPOINTS_RECRAWL_MESSAGE = "The re-crawled pages documented no API endpoints, so the tools were kept as they were";

/**
 * Records why a server's re-crawl (or scheduled sync) left its tools as they were: on the server (shown
 * with it), on the crawl, whose status tells a waiting browser that the refresh is over, and on the
 * automated run, whether it got as far as a crawl or not.
 */
export async function recordCrawlError(
  db: Database,
  env: Bindings,
  job: { serverId: string; crawlId?: string; kind?: string },
  message: string,
) {
  await db
    .update(servers)
    .set({ lastCrawlError: message.slice(0, 1000) })
    .where(eq(servers.id, job.serverId));
  const failed = { outcome: "failed" as const, error: message };
  if (job.crawlId) {
    if (!(await finishCrawlRun(db, job.crawlId, failed))) await notifyRecrawl(db, job.serverId, job.crawlId, { error: message });
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
    return recordCrawlError(
      db,
      env,
      job,
      snap.status === "failed" ? `The re-crawl failed: ${snap.error || "Unknown error"}` : "The re-crawl was cancelled",
    );
  }
  const { draft } = await extractPages(env, job.crawlId, server.originalCrawlUrl);
  if (!draft) return recordCrawlError(db, env, job, NO_ENDPOINTS_RECRAWL_MESSAGE);
  await saveSpec(db, env, {
    organizationId: server.organizationId,
    crawlId: job.crawlId,
    sourceUrl: server.originalCrawlUrl,
    document: draft,
  });
  const text = JSON.stringify(draft);
  const { diff } = await reimportServer(
    db,
    env,
    server.organizationId,
    server.id,
    { text, sourceUrl: null, filename: "crawled.json" },
    {
      keepBaseUrl: true,
      serverValues: { lastCrawledAt: new Date(), lastCrawlError: null },
    },
  );
  const redeployed = (await redeployIfLive(db, env, server, SYSTEM))?.status === "deployed";
  const automated = await finishCrawlRun(db, job.crawlId, { outcome: diff.entries.length > 0 ? "applied" : "unchanged", diff, redeployed });
  if (!automated)
    await recordNotification(db, server.organizationId, recrawlEvent(server, job.crawlId, { counts: diff.counts, redeployed }));
  await session.refreshed(null);
}

/** Tells the organization how a re-crawl started by hand ended (an automated run tells its own). */
async function notifyRecrawl(db: Database, serverId: string, crawlId: string, outcome: { error: string }) {
  const server = await db.query.servers.findFirst({
    where: eq(servers.id, serverId),
    columns: { id: true, name: true, organizationId: true },
  });
  if (server) await recordNotification(db, server.organizationId, recrawlEvent(server, crawlId, outcome));
}

/** Says why a re-crawl's job (its refresh, the sweep's re-crawl, or a scheduled sync) could not be completed, after its last attempt. */
export const giveUpRecrawl = (
  { db, env }: { db: Database; env: Bindings },
  job: { serverId: string; crawlId?: string; kind: string },
  reason: string,
) => recordCrawlError(db, env, job, `The re-crawl could not be completed: ${reason}`);

/** The refresh of a server after its re-crawl, on the bus. */
export const refreshJob: EachHandler<MessageOf<"refresh">> = {
  mode: "each",
  maxAttempts: MAX_JOB_ATTEMPTS,
  retryDelaySeconds: 30,
  run: ({ db, env }, job) => refreshServer(db, env, job),
  giveUp: giveUpRecrawl,
};
