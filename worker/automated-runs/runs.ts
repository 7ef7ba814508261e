// A server's automated runs: each re-crawl or description sync the daily sweep queued, recorded by its
// queue job from start to outcome (what changed, what was held for review, why it failed), and told to
// the organization's notifications when there is something to tell.
import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db";
import { automatedRuns, servers, type AutomatedRunChange, type NotificationKind } from "../db/schema";
import { recordNotification } from "../notifications/notifications";
import type { SpecDiff } from "../versions/diff";
import { getServerRow } from "../servers/queries";

type RunRow = typeof automatedRuns.$inferSelect;
/** What a finished run records. */
export type RunResult = Pick<RunRow, "outcome"> & Partial<Pick<RunRow, "redeployed" | "versionId" | "error">> & { diff?: SpecDiff | null };

/** Runs kept per server (the oldest go as new ones come). */
export const RUNS_KEPT = 20;
/** Changes kept by name per run. */
const CHANGES_KEPT = 20;

/** The columns of a run's result: counts from the diff (renames count as changes), the first changes by name. */
function resultValues({ diff, ...result }: RunResult) {
  const counts = diff?.counts ?? { added: 0, removed: 0, renamed: 0, changed: 0 };
  const changes: AutomatedRunChange[] = (diff?.entries ?? []).slice(0, CHANGES_KEPT).map(({ kind, tool }) => ({ kind, tool }));
  return {
    ...result,
    error: result.error?.slice(0, 1000) ?? null,
    toolsAdded: counts.added,
    toolsRemoved: counts.removed,
    toolsChanged: counts.renamed + counts.changed,
    changes,
    finishedAt: new Date(),
  };
}

/** Forgets a server's runs beyond the newest RUNS_KEPT. */
export async function pruneRuns(db: Database, serverId: string) {
  const last = await db.query.automatedRuns.findFirst({
    where: eq(automatedRuns.serverId, serverId),
    orderBy: desc(automatedRuns.startedAt),
    offset: RUNS_KEPT - 1,
  });
  if (last) await db.delete(automatedRuns).where(and(eq(automatedRuns.serverId, serverId), lt(automatedRuns.startedAt, last.startedAt)));
}

/** The insert that starts an automated re-crawl's run (batched with the crawl's row); the crawl's refresh finishes it. */
export const startCrawlRun = (db: Database, serverId: string, crawlId: string) =>
  db.insert(automatedRuns).values({ serverId, kind: "crawl", crawlId, startedAt: new Date() });

/** Finishes the automated run of a re-crawl; a crawl started by hand has none. Answers whether the crawl is an automated run's. */
export async function finishCrawlRun(db: Database, crawlId: string, result: RunResult) {
  const values = resultValues(result);
  const [run] = await db
    .update(automatedRuns)
    .set(values)
    .where(and(eq(automatedRuns.crawlId, crawlId), eq(automatedRuns.outcome, "running")))
    .returning();
  if (run) await notifyRun(db, run);
  return Boolean(run ?? (await db.query.automatedRuns.findFirst({ where: eq(automatedRuns.crawlId, crawlId), columns: { id: true } })));
}

/** Records a run that started at `startedAt` and is over: a sync, or a re-crawl that could not start. */
export async function recordRun(db: Database, serverId: string, kind: RunRow["kind"], startedAt: Date, result: RunResult) {
  const [run] = await db
    .insert(automatedRuns)
    .values({ serverId, kind, startedAt, ...resultValues(result) })
    .returning();
  await pruneRuns(db, serverId);
  await notifyRun(db, run);
}

/** "1 added, 2 changed": the counts that are not zero. */
const countsOf = (run: RunRow) =>
  [`${run.toolsAdded} added`, `${run.toolsRemoved} removed`, `${run.toolsChanged} changed`].filter((c) => !c.startsWith("0 ")).join(", ") ||
  "no tool changed";

/** The notification of a finished run; an unchanged one tells nothing. */
function notificationOf(run: RunRow, name: string): { kind: NotificationKind; title: string; message: string } | null {
  const what = run.kind === "crawl" ? "automated crawl" : "automated update";
  const tools = `Tools: ${countsOf(run)}.`;
  if (run.outcome === "failed") return { kind: "crawl_failed", title: `${name}: ${what} failed`, message: run.error ?? "Unknown error" };
  if (run.outcome === "held")
    return {
      kind: "update_available",
      title: `${name}: update held for review`,
      message: `The description changed in a way that breaks calls. ${tools}`,
    };
  if (run.outcome !== "applied") return null;
  const message = `${tools}${run.redeployed ? " The server was redeployed." : ""}`;
  return run.kind === "crawl"
    ? { kind: "crawl_finished", title: `${name}: ${what} applied`, message }
    : { kind: "update_applied", title: `${name}: ${what} applied`, message };
}

/** Tells the server's organization what a finished run did (once per run). */
async function notifyRun(db: Database, run: RunRow) {
  const server = await db.query.servers.findFirst({ where: eq(servers.id, run.serverId), columns: { name: true, organizationId: true } });
  const event = server && notificationOf(run, server.name);
  if (!server || !event) return;
  await recordNotification(db, server.organizationId, {
    ...event,
    link: `/servers/${run.serverId}?tab=automation`,
    dedupeKey: `automated-run:${run.id}`,
  });
}

const toRunAnswer = (row: RunRow) => ({
  kind: row.kind,
  outcome: row.outcome,
  toolsAdded: row.toolsAdded,
  toolsRemoved: row.toolsRemoved,
  toolsChanged: row.toolsChanged,
  changes: row.changes,
  redeployed: row.redeployed,
  versionId: row.versionId,
  error: row.error,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The organization's server's schedule and its recent automated runs, newest first. */
export async function listAutomatedRuns(db: Database, organizationId: string, serverId: string) {
  const server = await getServerRow(db, organizationId, serverId);
  const rows = await db.query.automatedRuns.findMany({
    where: eq(automatedRuns.serverId, server.id),
    orderBy: desc(automatedRuns.startedAt),
    limit: RUNS_KEPT,
  });
  return {
    kind: server.originalCrawlUrl ? ("crawl" as const) : server.sourceUrl ? ("sync" as const) : null,
    enabled: server.automatedCrawlEnabled,
    frequency: server.automatedCrawlFrequency,
    nextRunAt: server.automatedCrawlEnabled ? (server.nextCrawlAt?.toISOString() ?? null) : null,
    runs: rows.map(toRunAnswer),
  };
}
