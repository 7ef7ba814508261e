// Crawls of an organization: start (one CrawlSession and one queue message per page), status, cancel.
// The D1 row is the crawl's record for listing and scoping; its CrawlSession owns the status while it runs.
import { and, eq } from "drizzle-orm";
import { startCrawlRun } from "../automated-runs/runs";
import type { Database } from "../db";
import { crawls } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { checkPublicUrl } from "../lib/safe-fetch";
import { crawlStatusOf, type CrawlSnapshot } from "../../durable-objects/crawl-session";
import { normalizeLink, siteOf } from "./links";
import { enqueue } from "../jobs/enqueue";
import { listPages, NO_PAGES_MESSAGE, openSite } from "./map";
import { SiteRobots } from "./robots";

/** At most this many pages per crawl (a larger `limit` or selection is cut). */
export const MAX_CRAWL_PAGES = 200;
export const CRAWL_NOT_FOUND = "Crawl not found";

export type StartCrawlInput = {
  organizationId: string;
  url: string;
  selectedUrls?: string[];
  limit?: number;
  serverId?: string | null;
  /** A server's scheduled re-crawl: its automated run is recorded with the crawl, before any page can finish it. */
  automated?: boolean;
};

/**
 * The pages to crawl — the selection (kept to the start URL's site) or, without one, the site's
 * listed pages — and robots.txt's Crawl-delays; each robots.txt is read once for both.
 */
async function pagesToCrawl(env: Bindings, start: URL, input: StartCrawlInput) {
  const limit = Math.min(input.limit ?? MAX_CRAWL_PAGES, MAX_CRAWL_PAGES);
  const site = siteOf(start.hostname);
  const robots = new SiteRobots(env);
  const chosen = input.selectedUrls?.length ? input.selectedUrls : (await listPages(env, await openSite(env, start, robots))).links;
  if (!chosen.length) fail(404, NO_PAGES_MESSAGE);
  const urls = new Set<string>();
  for (const raw of chosen) {
    const link = normalizeLink(raw, start);
    if (!link) continue;
    const host = new URL(link).hostname;
    if (host === site || host.endsWith(`.${site}`) || host === start.hostname) urls.add(link);
    if (urls.size >= limit) break;
  }
  return robots.filter([...urls]);
}

/** Starts crawling; answers the crawl id and the number of pages queued. */
export async function startCrawl(db: Database, env: Bindings, input: StartCrawlInput) {
  // The start URL is checked once; every fetch still checks its own target (lib/safe-fetch).
  const start = checkPublicUrl(input.url, env);
  const { urls, crawlDelays } = await pagesToCrawl(env, start, input);
  if (!urls.length) fail(400, NO_PAGES_MESSAGE);
  const crawlId = crypto.randomUUID();
  const row = db.insert(crawls).values({
    id: crawlId,
    organizationId: input.organizationId,
    serverId: input.serverId ?? null,
    url: start.href,
    status: "crawling",
    total: urls.length,
    selectedUrls: urls,
  });
  if (input.automated && input.serverId) await db.batch([row, startCrawlRun(db, input.serverId, crawlId)]);
  else await row;
  // A server's re-crawl regenerates its tools once the crawl is over.
  const onDone = input.serverId ? { kind: "refresh" as const, serverId: input.serverId, crawlId } : undefined;
  await env.CRAWL_SESSION.getByName(crawlId).start(crawlId, urls, undefined, onDone, crawlDelays);
  await enqueue(
    env,
    urls.map((url) => ({ kind: "page" as const, crawlId, url })),
  );
  return { crawlId, total: urls.length, urls };
}

/** The organization's crawl row, or 404 (also for another organization's crawl). */
export async function getCrawlRow(db: Database, organizationId: string, crawlId: string) {
  const row = await db.query.crawls.findFirst({ where: and(eq(crawls.id, crawlId), eq(crawls.organizationId, organizationId)) });
  if (!row) fail(404, CRAWL_NOT_FOUND);
  return row;
}

/** A crawl's status fields (status, pages completed and total, each page's status), from its CrawlSession, which owns them. */
export async function getCrawlStatus(db: Database, env: Bindings, organizationId: string, crawlId: string) {
  await getCrawlRow(db, organizationId, crawlId);
  return crawlStatusOf((await env.CRAWL_SESSION.getByName(crawlId).snapshot()) as CrawlSnapshot);
}

/** Cancels a crawl: pages not yet fetched are skipped by the consumer; the session records the outcome. */
export async function cancelCrawl(db: Database, env: Bindings, organizationId: string, crawlId: string) {
  await getCrawlRow(db, organizationId, crawlId);
  const snap = (await env.CRAWL_SESSION.getByName(crawlId).cancel()) as CrawlSnapshot;
  return { status: snap.status };
}
