// Creating a server from an OpenAPI description: plan check, import, then server + tools + auth
// config written in one D1 batch, the raw description kept in KV (gzipped) for re-imports.
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, servers, tools } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { fail } from "../lib/errors";
import { notifyToolLimit } from "../notifications/events";
import { analyseAuth } from "../openapi/auth";
import { schemaJson } from "../openapi/budget";
import { buildImport, type ImportResult, importDescription } from "../openapi/import";
import { asReceived, type DescriptionSource, type LoadedDescription } from "../openapi/load";
import type { ToolDefinition } from "../openapi/types";
import { toServerAnswer } from "./answer";
import { countServers } from "./queries";
import { uniqueServerName, uniqueSlug } from "./slug";
import { keepText } from "../lib/kept-text";

/** Default active tools per server when the plan is unknown. */
export const DEFAULT_MAX_TOOLS_PER_SERVER = 10;
/** Characters of tool rows (JSON) one insert carries: at most 3 UTF-8 bytes each, under D1's 2 MB limit of a value. */
const TOOL_ROWS_CHARS_PER_INSERT = 600_000;

export const specKeyOf = (serverId: string) => `spec:${serverId}`;

export const serverLimitMessage = (max: number) =>
  `Server limit reached: your current plan allows ${max} server${max === 1 ? "" : "s"}. Please upgrade your plan to add more.`;

type Env = Pick<Cloudflare.Env, "ENVIRONMENT" | "KV">;
export type CreateServerInput = { organizationId: string; userId: string; name?: string; description?: string; source: DescriptionSource };

/**
 * A summary of the import report as answered with the server: exact counts whatever the length of
 * the listed entries, and how many tools start inactive because of the plan's active-tool limit.
 */
export const reportOf = (result: Pick<ImportResult, "openapiVersion" | "counts" | "issues">, maxActive?: number) => ({
  openapiVersion: result.openapiVersion,
  operations: result.counts.operations,
  tools: result.counts.tools,
  skipped: result.counts.skipped,
  degraded: result.counts.degraded,
  ...(maxActive !== undefined
    ? { activeTools: Math.min(result.counts.tools, maxActive), inactiveTools: Math.max(0, result.counts.tools - maxActive) }
    : {}),
  issues: result.issues,
});

/** Fails with 403 when the organization already has as many servers as its plan allows. */
export async function assertServerAllowed(db: Database, organizationId: string) {
  const [{ plan }, count] = await Promise.all([getOrganizationPlan(db, organizationId), countServers(db, organizationId)]);
  if (count >= plan.maxServers) fail(403, serverLimitMessage(plan.maxServers));
  return plan;
}

/** Rows of the tools table for an import: the first `maxActive` tools start active. */
export const toolRows = (serverId: string, defs: ToolDefinition[], maxActive: number) =>
  defs.map((t, position) => ({
    serverId,
    name: t.name,
    title: t.title,
    description: t.description,
    active: position < maxActive,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema ?? null,
    annotations: t.annotations,
    mapping: t.mapping,
    endpoint: t.endpoint,
    position,
  }));

/** Imports a description and creates the server, its tools and its (not configured) auth config. */
export async function createServer(db: Database, env: Env, input: CreateServerInput, loaded?: LoadedDescription) {
  const plan = await assertServerAllowed(db, input.organizationId);
  const result = loaded ? buildImport(loaded) : await importDescription(input.source, env);
  const serverId = crypto.randomUUID();
  const specKey = specKeyOf(serverId);
  const name = await uniqueServerName(db, input.organizationId, input.name, result.title);
  const slug = await uniqueSlug(db, name);
  const now = new Date();
  const written = db.batch([
    db
      .insert(servers)
      .values({
        id: serverId,
        organizationId: input.organizationId,
        createdBy: input.userId,
        name,
        description: input.description?.trim() || result.description.slice(0, 2000) || null,
        version: result.version,
        slug,
        baseUrl: result.baseUrl,
        instanceExample: result.instanceExample,
        endpoints: result.endpoints,
        sourceUrl: input.source.sourceUrl ?? null,
        specKey,
        importReport: result.issues,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    db
      .insert(authConfigs)
      .values({ serverId, settings: { detected: analyseAuth(result.loaded.document, result.tools).authCandidates } })
      .returning(),
    ...insertTools(db, toolRows(serverId, result.tools, plan.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER)),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // The description (13 MB for GitHub, 1.4 MB gzipped) is compressed and kept while the rows are written
  // (after the batch is sent: compressing takes the isolate's thread, which the name and slug queries need).
  const specKept = keepText(env.KV, specKey, asReceived(input.source)).then(
    () => null,
    (err: unknown) => err,
  );
  const [serverRow, authRow] = await written.catch(async (err) => {
    if ((await specKept) === null) await env.KV.delete(specKey);
    throw err;
  });
  // A server is created with its description kept, or not at all (its tools and auth config go with its row).
  const specFailed = await specKept;
  if (specFailed !== null) {
    await db.delete(servers).where(eq(servers.id, serverId));
    throw specFailed;
  }
  const row = (serverRow as (typeof servers.$inferSelect)[])[0];
  const maxActive = plan.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
  const activeToolCount = Math.min(result.tools.length, maxActive);
  await notifyToolLimit(db, row, { active: activeToolCount, total: result.tools.length, max: maxActive });
  const auth = (authRow as (typeof authConfigs.$inferSelect)[])[0] ?? null;
  return {
    ...toServerAnswer(row, { toolCount: result.tools.length, activeToolCount }, auth, null),
    importReport: reportOf(result, maxActive),
  };
}

type ToolRow = ReturnType<typeof toolRows>[number];
/** A tool row as inserted: title and annotations may be left out. */
export type ToolRowValues = Omit<ToolRow, "title" | "annotations"> & Partial<Pick<ToolRow, "title" | "annotations">>;

/**
 * Tool inserts, each of the rows of one JSON array read by json_each: GitHub's 1,223 tools take a few
 * statements, where D1's 100 bound parameters a statement made 175. Each array stays under D1's 2 MB
 * value limit (a character takes at most 3 UTF-8 bytes).
 */
export function insertTools(db: Database, rows: ToolRowValues[]) {
  const groups: string[][] = [[]];
  let chars = 0;
  for (const t of rows) {
    // JSON.stringify of the row's array, with each schema's JSON made once: when it was fitted, or once for the tools that share it.
    const head = JSON.stringify([crypto.randomUUID(), t.serverId, t.name, t.title ?? null, t.description, t.active ? 1 : 0]);
    const output = t.outputSchema ? schemaJson(t.outputSchema) : "null";
    const tail = JSON.stringify([t.annotations ?? null, t.mapping, t.endpoint, t.position]);
    const row = `${head.slice(0, -1)},${schemaJson(t.inputSchema)},${output},${tail.slice(1)}`;
    if (chars + row.length > TOOL_ROWS_CHARS_PER_INSERT && groups[groups.length - 1].length > 0) {
      groups.push([]);
      chars = 0;
    }
    groups[groups.length - 1].push(row);
    chars += row.length + 1;
  }
  const now = Date.now();
  // Every column of the table in its order (drizzle's insert … select); a JSON null of an optional
  // object column is SQL NULL, as drizzle writes it.
  return groups
    .filter((group) => group.length > 0)
    .map((group) =>
      db.insert(tools).select(
        sql`WITH r(v) AS MATERIALIZED (SELECT value FROM json_each(${`[${group.join(",")}]`}))
          SELECT v->>0, v->>1, v->>2, v->>3, v->>4, v->>5, v->6, nullif(v->7, 'null'), nullif(v->8, 'null'), v->9, v->10, v->>11,
          NULL, NULL, ${now}, ${now} FROM r`,
      ),
    );
}
