// Re-importing a server's description (re-crawls, refreshed specs): tools replaced in one batch,
// names stable, tools that existed keep their active flag, new ones fill free active slots. The
// server's auth configuration — static parameter values included — is not touched, so every value
// still applies to the tools that keep the argument.
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers, tools } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { importDescription } from "../openapi/import";
import type { DescriptionSource } from "../openapi/load";
import { DEFAULT_MAX_TOOLS_PER_SERVER, insertTools, reportOf, specKeyOf, toolRows } from "./create";
import { getServerRow } from "./queries";

export type ReimportOptions = {
  /** Keep the server's base URL when it has one (a crawl's base URL is a guess the user may have corrected). */
  keepBaseUrl?: boolean;
  /** Further server columns written in the same batch (e.g. lastCrawledAt). */
  serverValues?: Partial<typeof servers.$inferInsert>;
};

/** Replaces a server's tools with those of `source` (default: the kept description) and keeps the new text. */
export async function reimportServer(
  db: Database,
  env: Pick<Cloudflare.Env, "ENVIRONMENT" | "KV">,
  organizationId: string,
  serverId: string,
  source?: DescriptionSource,
  options: ReimportOptions = {},
) {
  const server = await getServerRow(db, organizationId, serverId);
  const text = source?.text ?? (server.specKey ? await env.KV.get(server.specKey) : null);
  if (text === null) throw new Error(`Server ${serverId} has no kept description to re-import`);
  const result = await importDescription({ text, sourceUrl: source?.sourceUrl ?? server.sourceUrl, filename: source?.filename }, env);
  const { plan } = await getOrganizationPlan(db, organizationId);
  const max = plan?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  const previous = new Map((await db.select({ name: tools.name, active: tools.active }).from(tools).where(eq(tools.serverId, serverId))).map((t) => [t.name, t.active]));
  const rows = toolRows(serverId, result.tools, 0);
  let active = rows.filter((r) => previous.get(r.name) === true).length;
  for (const row of rows) {
    const before = previous.get(row.name);
    row.active = before ?? (active < max && (active++, true));
  }
  const specKey = specKeyOf(serverId);
  if (source) await env.KV.put(specKey, source.text);
  const baseUrl = options.keepBaseUrl ? (server.baseUrl ?? result.baseUrl) : result.baseUrl;
  await db.batch([
    db.delete(tools).where(eq(tools.serverId, serverId)),
    db
      .update(servers)
      .set({ version: result.version, baseUrl, endpoints: result.endpoints, importReport: result.issues, specKey, updatedAt: new Date(), ...options.serverValues })
      .where(eq(servers.id, serverId)),
    ...insertTools(db, rows),
  ]);
  return reportOf(result);
}
