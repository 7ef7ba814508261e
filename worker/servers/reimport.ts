// Re-importing a server's description (re-crawls, refreshed specs): tools replaced in one batch,
// names stable, tools that existed keep their active flag, renames and rewritten descriptions, new
// ones fill free active slots. The server's auth configuration — static parameter values included —
// is not touched, so every value still applies to the tools that keep the argument.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers, tools } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { importDescription } from "../openapi/import";
import { asReceived, type DescriptionSource } from "../openapi/load";
import { notifyToolLimit } from "../notifications/events";
import { DEFAULT_MAX_TOOLS_PER_SERVER, insertTools, reportOf, specKeyOf, toolRows } from "./create";
import { getServerRow } from "./queries";
import { diffTools, type ToolSide } from "../versions/diff";
import { keepText, keptText } from "../lib/kept-text";

type Override = { customName: string | null; customDescription: string | null };

/**
 * The renames and rewritten descriptions to write back onto the new rows, by name (as updates after
 * the inserts, so an insert's bound parameters stay within D1's limit); a rename that a new tool's
 * own name now takes is dropped.
 */
function keptOverrides(rows: ReturnType<typeof toolRows>, previous: Map<string, Override>) {
  const taken = new Set(rows.filter((r) => !previous.get(r.name)?.customName).map((r) => r.name));
  const kept: (Override & { name: string })[] = [];
  for (const row of rows) {
    const before = previous.get(row.name);
    if (!before || (!before.customName && !before.customDescription)) continue;
    const customName = before.customName && !taken.has(before.customName) ? before.customName : null;
    if (customName) taken.add(customName);
    kept.push({ name: row.name, customName, customDescription: before.customDescription });
  }
  return kept;
}

export type ReimportOptions = {
  /** Keep the server's base URL when it has one (a crawl's base URL is a guess the user may have corrected). */
  keepBaseUrl?: boolean;
  /** Further server columns written in the same batch (e.g. lastCrawledAt). */
  serverValues?: Partial<typeof servers.$inferInsert>;
};

/** Replaces a server's tools with those of `source` (default: the kept description) and keeps the new text; answers the import report and what changed. */
export async function reimportServer(
  db: Database,
  env: Pick<Cloudflare.Env, "ENVIRONMENT" | "KV">,
  organizationId: string,
  serverId: string,
  source?: DescriptionSource,
  options: ReimportOptions = {},
) {
  const server = await getServerRow(db, organizationId, serverId);
  const text = source?.text ?? (server.specKey ? await keptText(env.KV, server.specKey) : null);
  if (text === null) throw new Error(`Server ${serverId} has no kept description to re-import`);
  const result = await importDescription({ text, sourceUrl: source?.sourceUrl ?? server.sourceUrl, filename: source?.filename }, env);
  const { plan } = await getOrganizationPlan(db, organizationId);
  const max = plan?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  const kept = await db
    .select({
      name: tools.name,
      active: tools.active,
      customName: tools.customName,
      customDescription: tools.customDescription,
      inputSchema: tools.inputSchema,
      endpoint: tools.endpoint,
    })
    .from(tools)
    .where(eq(tools.serverId, serverId));
  const previous = new Map(kept.map((t) => [t.name, t]));
  const rows = toolRows(serverId, result.tools, 0);
  let active = rows.filter((r) => previous.get(r.name)?.active === true).length;
  let newLeftOff = 0;
  for (const row of rows) {
    const before = previous.get(row.name);
    row.active = before?.active ?? (active < max && (active++, true));
    if (!before && !row.active) newLeftOff++;
  }
  const overrides = keptOverrides(rows, previous);
  const specKey = specKeyOf(serverId);
  if (source) await keepText(env.KV, specKey, asReceived(source));
  const baseUrl = options.keepBaseUrl ? (server.baseUrl ?? result.baseUrl) : result.baseUrl;
  await db.batch([
    db.delete(tools).where(eq(tools.serverId, serverId)),
    db
      .update(servers)
      .set({
        version: result.version,
        baseUrl,
        instanceExample: result.instanceExample,
        endpoints: result.endpoints,
        importReport: result.issues,
        specKey,
        updatedAt: new Date(),
        ...options.serverValues,
      })
      .where(eq(servers.id, serverId)),
    ...insertTools(db, rows),
    ...overrides.map(({ name, ...values }) =>
      db
        .update(tools)
        .set(values)
        .where(and(eq(tools.serverId, serverId), eq(tools.name, name))),
    ),
  ]);
  // New tools the plan's limit left off: the organization is told.
  if (newLeftOff > 0) await notifyToolLimit(db, server, { active, total: rows.length, max });
  const before: ToolSide[] = kept.map((t) => ({
    name: t.name,
    inputSchema: t.inputSchema as ToolSide["inputSchema"],
    endpoint: t.endpoint,
  }));
  return { report: reportOf(result), diff: diffTools(before, result.tools, false) };
}
