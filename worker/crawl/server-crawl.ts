// Servers made from crawls: creation from an extracted spec, restart, automated re-crawls and their sweep.
import { and, asc, desc, eq, isNotNull, lte, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db";
import { crawls, servers, specs } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { pruneRuns } from "../automated-runs/runs";
import { getOrganizationPlan } from "../billing/plans";
import { refuseRedeployUnlessAllowed, type Requester } from "../deploy/deploy";
import { createServer } from "../servers/create";
import { getServerRow } from "../servers/queries";
import { startCrawl } from "./crawls";
import { enqueue } from "../jobs/enqueue";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";
import { MAX_JOB_ATTEMPTS } from "./jobs";
import { giveUpRecrawl } from "./refresh";
import { specContentKey } from "./keys";
import { NOT_FROM_CRAWL_MESSAGE } from "../lib/messages";
import type { CRAWL_FREQUENCIES } from "../lib/choices";

export { NOT_FROM_CRAWL_MESSAGE };
export const SPEC_NOT_FOUND = "Specification not found";
export const REQUIRES_UPGRADE_MESSAGE = "Automated crawls are available on paid plans. Upgrade your plan to enable them.";
export type CrawlFrequency = (typeof CRAWL_FREQUENCIES)[number];
/** At most this many servers are re-crawled by one daily sweep (the rest on the next day). */
export const MAX_SWEEP_SERVERS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
/** When the next automated crawl is due. */
export const nextCrawlAfter = (from: Date, frequency: CrawlFrequency) =>
  new Date(from.getTime() + (frequency === "monthly" ? 30 : 7) * DAY_MS);

/** Creates a server from an extracted spec and records the crawl it came from. */
export async function createServerFromSpec(
  db: Database,
  env: Bindings,
  input: { organizationId: string; userId: string; specId: string; name?: string; description?: string },
) {
  const spec = await db.query.specs.findFirst({ where: and(eq(specs.id, input.specId), eq(specs.organizationId, input.organizationId)) });
  const text = spec && (await env.KV.get(specContentKey(spec.id)));
  if (!spec || !text) fail(404, SPEC_NOT_FOUND);
  const server = await createServer(db, env, { ...input, source: { text, sourceUrl: null, filename: "crawled.json" } });
  const now = new Date();
  const batch = [
    db.update(servers).set({ originalCrawlUrl: spec.sourceUrl, lastCrawledAt: now }).where(eq(servers.id, server.id)),
  ] as const;
  if (spec.crawlId) await db.batch([...batch, db.update(crawls).set({ serverId: server.id }).where(eq(crawls.id, spec.crawlId))]);
  else await db.batch(batch);
  return { ...server, originalCrawlUrl: spec.sourceUrl };
}

/** Starts a re-crawl of a server's documentation (the pages of its last crawl, else the mapped site). */
export async function restartServerCrawl(db: Database, env: Bindings, server: typeof servers.$inferSelect, automated = false) {
  if (!server.originalCrawlUrl) fail(400, NOT_FROM_CRAWL_MESSAGE);
  const last = await db.query.crawls.findFirst({ where: eq(crawls.serverId, server.id), orderBy: desc(crawls.createdAt) });
  const { crawlId, total } = await startCrawl(db, env, {
    organizationId: server.organizationId,
    url: server.originalCrawlUrl,
    selectedUrls: last?.selectedUrls.length ? last.selectedUrls : undefined,
    serverId: server.id,
    automated,
  });
  return { crawlId, urlCount: total };
}

/** POST /api/servers/{id}/restart-crawl for the organization's server; its end redeploys a live server, so only a requester who may deploy restarts one. */
export async function restartCrawl(db: Database, env: Bindings, organizationId: string, serverId: string, requester: Requester) {
  const server = await getServerRow(db, organizationId, serverId);
  if (server.originalCrawlUrl) refuseRedeployUnlessAllowed(requester, server);
  return restartServerCrawl(db, env, server);
}

/** Turns automated crawls on or off; paid plans only (free answers requiresUpgrade). */
export async function setAutomatedCrawl(
  db: Database,
  organizationId: string,
  serverId: string,
  input: { enabled: boolean; frequency: CrawlFrequency },
) {
  const server = await getServerRow(db, organizationId, serverId);
  if (input.enabled) {
    // Servers made from a description URL are kept in step with it on the same schedule (worker/versions/sync.ts).
    if (!server.originalCrawlUrl && !server.sourceUrl) fail(400, NOT_FROM_CRAWL_MESSAGE);
    const { plan } = await getOrganizationPlan(db, organizationId);
    if (!plan.automatedCrawls) fail(403, REQUIRES_UPGRADE_MESSAGE, { requiresUpgrade: true });
  }
  const values = {
    automatedCrawlEnabled: input.enabled,
    automatedCrawlFrequency: input.frequency,
    nextCrawlAt: input.enabled ? nextCrawlAfter(server.lastCrawledAt ?? new Date(), input.frequency) : null,
    updatedAt: new Date(),
  };
  await db.update(servers).set(values).where(eq(servers.id, server.id));
  return {
    automatedCrawlEnabled: values.automatedCrawlEnabled,
    automatedCrawlFrequency: values.automatedCrawlFrequency,
    nextCrawlAt: values.nextCrawlAt,
  };
}

/** Daily sweep: enqueues a re-crawl of each due server and moves its next date on (so a re-run skips it). */
export async function sweepDueServers(db: Database, env: Bindings, now = new Date()) {
  const due = await db
    .select({ id: servers.id, frequency: servers.automatedCrawlFrequency })
    .from(servers)
    .where(
      and(
        eq(servers.automatedCrawlEnabled, true),
        lte(servers.nextCrawlAt, now),
        isNotNull(servers.originalCrawlUrl),
        ne(servers.status, "removed"),
      ),
    )
    .orderBy(asc(servers.nextCrawlAt))
    .limit(MAX_SWEEP_SERVERS);
  if (!due.length) return 0;
  const moves = due.map((s) =>
    db
      .update(servers)
      .set({ nextCrawlAt: nextCrawlAfter(now, s.frequency) })
      .where(eq(servers.id, s.id)),
  );
  await db.batch(moves as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await enqueue(
    env,
    due.map((s) => ({ kind: "recrawl" as const, serverId: s.id })),
  );
  return due.length;
}

/** Queue step of the sweep: re-crawls a server if it still may (automated crawls on, paid plan), as an automated run. */
export async function recrawlServer(db: Database, env: Bindings, serverId: string) {
  const server = await db.query.servers.findFirst({ where: and(eq(servers.id, serverId), ne(servers.status, "removed")) });
  if (!server?.automatedCrawlEnabled || !server.originalCrawlUrl) return;
  const { plan } = await getOrganizationPlan(db, server.organizationId);
  if (!plan.automatedCrawls) return;
  await restartServerCrawl(db, env, server, true);
  await pruneRuns(db, server.id);
}

/** The sweep's re-crawl of a server, on the bus. */
export const recrawlJob: EachHandler<MessageOf<"recrawl">> = {
  mode: "each",
  maxAttempts: MAX_JOB_ATTEMPTS,
  retryDelaySeconds: 30,
  run: ({ db, env }, { serverId }) => recrawlServer(db, env, serverId),
  giveUp: giveUpRecrawl,
};
