// What each feature tells the organization: the title, message, link and once-only key of every event
// the bell lists besides deploys and automated runs (imports, crawls, the plan's limits, custom domains).
import type { Database } from "../db";
import { recordNotification, type NewNotification } from "./notifications";

const formatCount = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
const serverLink = (serverId: string) => `/servers/${serverId}`;
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** An import job's end: the server and its tools, or why nothing was imported. */
export function importEvent(
  job: { id: string; name: string | null; filename: string | null; sourceUrl: string | null },
  outcome: { serverId: string; serverName: string; tools: number; activeTools: number } | { error: string },
): NewNotification {
  const dedupeKey = `import:${job.id}`;
  if ("error" in outcome) {
    const what = job.name || job.filename || (job.sourceUrl ? hostOf(job.sourceUrl) : "The API description");
    return { kind: "import_failed", title: `${what}: import failed`, message: outcome.error, link: "/servers", dedupeKey };
  }
  const inactive = outcome.tools - outcome.activeTools;
  const message =
    inactive > 0
      ? `${plural(outcome.activeTools, "tool")} active, ${formatCount(inactive)} off (the plan's active-tool limit).`
      : "Every tool is active. Review them and deploy the server.";
  return {
    kind: "import_finished",
    title: `${outcome.serverName} imported: ${plural(outcome.tools, "tool")}`,
    message,
    link: serverLink(outcome.serverId),
    dedupeKey,
  };
}

/** The server's active tools reached the plan's limit while it has more tools: told once a day per server. */
export async function notifyToolLimit(
  db: Database,
  server: { id: string; organizationId: string; name: string },
  counts: { active: number; total: number; max: number },
) {
  if (counts.active < counts.max || counts.total <= counts.max) return;
  const day = new Date().toISOString().slice(0, 10);
  await recordNotification(db, server.organizationId, {
    kind: "tools_limit_reached",
    title: `${server.name}: active-tool limit reached`,
    message: `${formatCount(counts.active)} of ${plural(counts.total, "tool")} are active, the most the plan allows per server (maxToolsPerServer). Upgrade the plan to turn more on.`,
    link: serverLink(server.id),
    dedupeKey: `tools_limit_reached:${server.id}:${day}`,
  });
}

/** Share of the monthly tool-call limit at which the organization is warned. */
export const CALLS_NEAR_SHARE = 0.8;

const monthOf = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The monthly tool-call limit's event now due, or null (none, or already told this month): `used`
 * calls of `limit`, `refused` when a call was refused (the servers are then paused, though calls
 * leased to isolates may still be on their way back).
 */
export function callsLimitEvent(
  period: string,
  counts: { used: number; limit: number; refused?: boolean },
  told: { near?: boolean; reached?: boolean },
): NewNotification | null {
  const { used, limit } = counts;
  if (limit <= 0) return null;
  const figures = `${formatCount(Math.min(used, limit))} of ${formatCount(limit)} tool calls used in ${monthOf(period)}.`;
  if ((used >= limit || counts.refused) && !told.reached) {
    const message = `${figures} The organization's MCP servers are paused until the usage resets on the 1st of next month, or until the plan is upgraded.`;
    return {
      kind: "calls_limit_reached",
      title: "Monthly tool-call limit reached",
      message,
      link: "/usage",
      dedupeKey: `calls_limit_reached:${period}`,
    };
  }
  if (used >= Math.ceil(limit * CALLS_NEAR_SHARE) && used < limit && !told.near && !told.reached) {
    const message = `${figures} At the limit the organization's MCP servers pause until the 1st of next month; upgrading the plan raises it.`;
    return {
      kind: "calls_limit_near",
      title: "80% of this month's tool calls used",
      message,
      link: "/usage",
      dedupeKey: `calls_limit_near:${period}`,
    };
  }
  return null;
}

/** A custom domain became active: the server answers at its hostname. */
export async function notifyDomainActive(db: Database, domain: { id: string; organizationId: string; serverId: string; hostname: string }) {
  await recordNotification(db, domain.organizationId, {
    kind: "domain_active",
    title: `${domain.hostname} is active`,
    message: `The MCP server answers at https://${domain.hostname}/mcp, over HTTPS.`,
    link: serverLink(domain.serverId),
    dedupeKey: `domain_active:${domain.id}`,
  });
}

/** The end of a crawl started from the wizard: the pages read, or why it failed. */
export function crawlEvent(crawl: {
  id: string;
  url: string;
  status: "completed" | "failed";
  completed: number;
  total: number;
  error: string | null;
}): NewNotification {
  const site = hostOf(crawl.url);
  const dedupeKey = `crawl:${crawl.id}`;
  if (crawl.status === "failed")
    return { kind: "crawl_failed", title: `Crawl of ${site} failed`, message: crawl.error || "Unknown error", link: "/servers", dedupeKey };
  const failed = crawl.total - crawl.completed;
  const message = `${formatCount(crawl.completed)} of ${plural(crawl.total, "page")} read${failed > 0 ? ` (${formatCount(failed)} could not be fetched)` : ""}.`;
  return { kind: "crawl_finished", title: `Crawl of ${site} finished`, message, link: "/servers", dedupeKey };
}

/** An extraction job could not turn a crawl's pages into an API description. */
export const extractionFailedEvent = (job: { id: string; url: string }, error: string): NewNotification => ({
  kind: "crawl_failed",
  title: `${hostOf(job.url) || "The crawled documentation"}: no API description from the crawl`,
  message: `OpenAPI extraction failed: ${error}`,
  link: "/servers",
  dedupeKey: `extraction:${job.id}`,
});

/** "1 added, 2 changed": the counts of a re-crawl's tool changes that are not zero. */
const changesOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${formatCount(n)} ${kind}`)
    .join(", ") || "no tool changed";

/** The end of a server's re-crawl started by hand: its tools refreshed, or why they were kept. */
export function recrawlEvent(
  server: { id: string; name: string },
  crawlId: string,
  outcome: { counts: Record<string, number>; redeployed: boolean } | { error: string },
): NewNotification {
  const base = { link: serverLink(server.id), dedupeKey: `crawl:${crawlId}` };
  if ("error" in outcome) return { ...base, kind: "crawl_failed", title: `${server.name}: re-crawl failed`, message: outcome.error };
  const message = `Tools: ${changesOf(outcome.counts)}.${outcome.redeployed ? " The server was redeployed." : ""}`;
  return { ...base, kind: "crawl_finished", title: `${server.name}: re-crawl finished`, message };
}
