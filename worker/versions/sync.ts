// Servers made from a description URL stay in step with it: "Sync now" and the weekly or monthly
// schedule re-fetch the URL, apply a change that breaks no call by themselves, and hold a breaking
// one as a pending version for the owner to review ("update available").
import { and, asc, eq, isNotNull, isNull, lte, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db";
import { servers } from "../db/schema";
import type { Bindings } from "../env";
import { recordRun } from "../automated-runs/runs";
import { getOrganizationPlan } from "../billing/plans";
import { refuseRedeployUnlessAllowed, SYSTEM, type Requester } from "../deploy/deploy";
import { MAX_SWEEP_SERVERS, nextCrawlAfter } from "../crawl/server-crawl";
import { MAX_JOB_ATTEMPTS } from "../crawl/jobs";
import { giveUpRecrawl } from "../crawl/refresh";
import { enqueue } from "../jobs/enqueue";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";
import { fail } from "../lib/errors";
import { fetchDescription } from "../servers/source";
import { getServerRow } from "../servers/queries";
import { applyVersion, dropVersion, prepareVersion, type VersionAnswer } from "./versions";

export const NOT_FROM_URL_MESSAGE = "Only servers created from a description URL can be synced: upload the new description instead";

export type SyncOutcome =
  | { outcome: "unchanged"; version: null }
  | { outcome: "applied"; version: VersionAnswer }
  | { outcome: "held"; version: VersionAnswer };

/** Re-fetches the server's description URL and applies or holds what changed; applying redeploys a live server, so only a requester who may deploy syncs one. */
export async function syncServer(
  db: Database,
  env: Bindings,
  server: typeof servers.$inferSelect,
  requester: Requester,
): Promise<SyncOutcome> {
  if (!server.sourceUrl || server.originalCrawlUrl) fail(400, NOT_FROM_URL_MESSAGE);
  refuseRedeployUnlessAllowed(requester, server);
  const source = await fetchDescription(server.sourceUrl, env);
  const version = await prepareVersion(db, env, server.organizationId, server.id, source, "sync");
  await db.update(servers).set({ lastCrawledAt: new Date(), lastCrawlError: null }).where(eq(servers.id, server.id));
  if (version.diff && version.diff.entries.length === 0 && !version.diff.authChanged) {
    await dropVersion(db, env, version.id);
    return { outcome: "unchanged", version: null };
  }
  if (version.breaking) return { outcome: "held", version };
  const applied = await applyVersion(db, env, server.organizationId, server.id, version.id, requester);
  return { outcome: "applied", version: applied.version };
}

/** POST /api/servers/{id}/sync for the organization's server. */
export async function syncNow(db: Database, env: Bindings, organizationId: string, serverId: string, requester: Requester) {
  return syncServer(db, env, await getServerRow(db, organizationId, serverId), requester);
}

/** Daily sweep: enqueues a sync of each URL server whose automated update is due, moving its next date on. */
export async function sweepDueSyncs(db: Database, env: Bindings, now = new Date()) {
  const due = await db
    .select({ id: servers.id, frequency: servers.automatedCrawlFrequency })
    .from(servers)
    .where(
      and(
        eq(servers.automatedCrawlEnabled, true),
        lte(servers.nextCrawlAt, now),
        isNotNull(servers.sourceUrl),
        isNull(servers.originalCrawlUrl),
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
    due.map((s) => ({ kind: "sync" as const, serverId: s.id })),
  );
  return due.length;
}

/** Queue step of the sweep: syncs a server if it still may (automated updates on, paid plan, not paused), as an automated run. */
export async function syncServerJob(db: Database, env: Bindings, serverId: string) {
  const server = await db.query.servers.findFirst({ where: and(eq(servers.id, serverId), ne(servers.status, "removed")) });
  if (!server?.automatedCrawlEnabled || !server.sourceUrl || server.originalCrawlUrl || server.status === "hibernated") return;
  const { plan } = await getOrganizationPlan(db, server.organizationId);
  if (!plan.automatedCrawls) return;
  const startedAt = new Date();
  let synced: SyncOutcome;
  try {
    synced = await syncServer(db, env, server, SYSTEM);
  } catch (err) {
    // The URL failing or the description no longer importing leaves the tools as they were, and says why.
    const error = `The scheduled update failed: ${(err as Error).message}`;
    await db
      .update(servers)
      .set({ lastCrawlError: error.slice(0, 1000) })
      .where(eq(servers.id, server.id));
    return recordRun(db, server.id, "sync", startedAt, { outcome: "failed", error });
  }
  const { outcome, version } = synced;
  // Applying redeploys a deployed server: it then serves another deployment.
  const after = await db.query.servers.findFirst({ where: eq(servers.id, server.id), columns: { activeDeploymentId: true } });
  const redeployed = outcome === "applied" && !!after?.activeDeploymentId && after.activeDeploymentId !== server.activeDeploymentId;
  await recordRun(db, server.id, "sync", startedAt, {
    outcome,
    diff: version?.diff,
    redeployed,
    versionId: outcome === "held" ? version.id : null,
  });
}

/** The sweep's update of a server from its description URL, on the bus. */
export const syncJob: EachHandler<MessageOf<"sync">> = {
  mode: "each",
  maxAttempts: MAX_JOB_ATTEMPTS,
  retryDelaySeconds: 30,
  run: ({ db, env }, { serverId }) => syncServerJob(db, env, serverId),
  giveUp: giveUpRecrawl,
};
