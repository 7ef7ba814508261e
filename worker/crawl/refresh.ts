// After a server's re-crawl: a new description from the pages, tools regenerated (active flags kept
// where a tool still exists), and a redeploy when the server was deployed.
import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CrawlSnapshot } from "../../durable-objects/crawl-session";
import type { Database } from "../db";
import { deployments, servers, tools } from "../db/schema";
import type { Bindings } from "../env";
import { deployServer } from "../mcp/deploy";
import { importDescription } from "../openapi/import";
import { getOrganizationPlan } from "../billing/plans";
import { DEFAULT_MAX_TOOLS_PER_SERVER, insertTools, specKeyOf, toolRows } from "../servers/create";
import { extractCrawl, saveSpec } from "./jobs";

/** Regenerates a server from its finished re-crawl; a failed or empty crawl leaves the server as it was. */
export async function refreshServer(db: Database, env: Bindings, job: { serverId: string; crawlId: string }) {
  const server = await db.query.servers.findFirst({ where: and(eq(servers.id, job.serverId), ne(servers.status, "removed")) });
  if (!server?.originalCrawlUrl) return;
  const snap = (await env.CRAWL_SESSION.getByName(job.crawlId).snapshot()) as CrawlSnapshot;
  if (snap.status !== "completed") return;
  const extracted = await extractCrawl(env, job.crawlId, server.originalCrawlUrl);
  if (!extracted) return;
  await saveSpec(db, env, { organizationId: server.organizationId, crawlId: job.crawlId, sourceUrl: server.originalCrawlUrl, document: extracted.draft });
  const text = JSON.stringify(extracted.draft);
  const result = await importDescription({ text, sourceUrl: null, filename: "crawled.json" }, env);
  const { plan } = await getOrganizationPlan(db, server.organizationId);
  const previous = await db.select({ name: tools.name, active: tools.active }).from(tools).where(eq(tools.serverId, server.id));
  const wasActive = new Map(previous.map((t) => [t.name, t.active]));
  const maxActive = plan.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  const rows = toolRows(server.id, result.tools, maxActive);
  // Tools that existed keep their flag; new ones fill what the plan leaves.
  let active = rows.filter((r) => wasActive.get(r.name)).length;
  for (const row of rows) {
    if (wasActive.has(row.name)) row.active = wasActive.get(row.name)!;
    else {
      row.active = active < maxActive;
      if (row.active) active++;
    }
  }
  await env.KV.put(specKeyOf(server.id), text);
  const now = new Date();
  await db.batch([
    db.delete(tools).where(eq(tools.serverId, server.id)),
    ...insertTools(db, rows),
    db.update(servers).set({ endpoints: result.endpoints, baseUrl: server.baseUrl ?? result.baseUrl, lastCrawledAt: now, updatedAt: now }).where(eq(servers.id, server.id)),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (server.activeDeploymentId && server.status === "active") {
    const last = await db.query.deployments.findFirst({ where: eq(deployments.id, server.activeDeploymentId) });
    await deployServer(env, db, server.id, { apiConfig: last?.apiConfig ?? {}, origin: env.PUBLIC_URL });
  }
}
