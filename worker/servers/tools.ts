// A server's tools: the mappings list, switching tools on and off within the plan's limit, and the
// user's rename and rewritten description of a tool (kept by the imported name across re-imports).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import { servers, tools } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { fail } from "../lib/errors";
import {
  bulkLimitMessage,
  MAX_TOOL_DESCRIPTION_CHARS,
  TOOL_DESCRIPTION_MESSAGE,
  TOOL_NAME_MESSAGE,
  TOOL_NAME_PATTERN,
  toolLimitMessage,
} from "../lib/messages";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../runtime/types";
import type { z } from "zod";
import { DEFAULT_MAX_TOOLS_PER_SERVER } from "./create";
import { notifyToolLimit } from "../notifications/events";
import { getServerRow } from "./queries";
import type { toolMapping } from "./schemas";

export const HIBERNATED_MESSAGE = "This server is paused due to plan limits. Upgrade your plan to resume.";

export { bulkLimitMessage, toolLimitMessage };

/** The organization's server, refusing a hibernated one (it cannot be configured). */
export async function getConfigurableServer(db: Database, organizationId: string, serverId: string) {
  const server = await getServerRow(db, organizationId, serverId);
  if (server.status === "hibernated") fail(409, HIBERNATED_MESSAGE);
  return server;
}

/** Over this many tools the mappings leave out input schemas (thousands of them would not fit an answer). */
export const MAX_FULL_MAPPINGS = 5000;
/** Rows read per query, and the characters of a description a summary keeps. */
const MAPPING_PAGE = 2000;
const SUMMARY_DESCRIPTION_CHARS = 300;
type ToolMapping = z.output<typeof toolMapping>;

/**
 * The tools as GET /api/servers/{id}/mappings answers them, in document order, read in pages. The
 * summary (asked for, or for a server of more than 5,000 tools) has no inputSchema and descriptions
 * cut to 300 characters.
 */
export async function listMappings(db: Database, organizationId: string, serverId: string, options: { summary?: boolean } = {}) {
  await getServerRow(db, organizationId, serverId);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(tools)
    .where(eq(tools.serverId, serverId));
  const summary = options.summary || Number(n) > MAX_FULL_MAPPINGS;
  const columns = {
    name: tools.name,
    title: tools.title,
    description: summary ? sql<string>`substr(${tools.description}, 1, ${SUMMARY_DESCRIPTION_CHARS})` : tools.description,
    customName: tools.customName,
    customDescription: tools.customDescription,
    active: tools.active,
    endpoint: tools.endpoint,
    position: tools.position,
    ...(summary ? {} : { inputSchema: tools.inputSchema }),
  };
  const rows: ToolMapping[] = [];
  for (let offset = 0; ; offset += MAPPING_PAGE) {
    const page = await db
      .select(columns)
      .from(tools)
      .where(eq(tools.serverId, serverId))
      .orderBy(asc(tools.position), sql`rowid`)
      .limit(MAPPING_PAGE)
      .offset(offset);
    for (const { position: _, ...row } of page) rows.push(row);
    if (page.length < MAPPING_PAGE) break;
  }
  return rows;
}

async function maxActiveTools(db: Database, organizationId: string) {
  const { plan } = await getOrganizationPlan(db, organizationId);
  return plan?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
}

/** Tool names bound per statement (D1 allows 100 bound parameters; the server id takes one). */
const NAMES_PER_STATEMENT = 90;

/** Turns tools on or off; enabling beyond the plan's active-tool limit fails with 403. */
export async function setToolsActive(db: Database, organizationId: string, serverId: string, toolNames: string[], active: boolean) {
  const server = await getConfigurableServer(db, organizationId, serverId);
  const names = [...new Set(toolNames)];
  // D1 binds at most 100 parameters per statement: the names go in chunks.
  const chunks: string[][] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_STATEMENT) chunks.push(names.slice(i, i + NAMES_PER_STATEMENT));
  const known = new Map<string, boolean>();
  for (const rows of await db.batch(
    chunks.map((chunk) =>
      db
        .select({ name: tools.name, active: tools.active })
        .from(tools)
        .where(and(eq(tools.serverId, serverId), inArray(tools.name, chunk))),
    ) as [never],
  )) {
    for (const row of rows as { name: string; active: boolean }[]) known.set(row.name, row.active);
  }
  const found = [...known].map(([name, isActive]) => ({ name, active: isActive }));
  const missing = names.filter((n) => !known.has(n));
  if (missing.length) fail(404, `Tool not found: ${missing.slice(0, 5).join(", ")}`);
  const toEnable = active ? found.filter((f) => !f.active).length : 0;
  const max = active ? await maxActiveTools(db, organizationId) : 0;
  if (active) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(tools)
      .where(and(eq(tools.serverId, serverId), eq(tools.active, true)));
    const current = Number(n);
    if (toEnable > 0 && current + toEnable > max) {
      fail(403, names.length === 1 ? toolLimitMessage(max) : bulkLimitMessage(max, Math.max(0, max - current)));
    }
  }
  await db.batch([
    db.update(servers).set({ updatedAt: new Date() }).where(eq(servers.id, serverId)),
    ...chunks.map((chunk) =>
      db
        .update(tools)
        .set({ active, updatedAt: new Date() })
        .where(and(eq(tools.serverId, serverId), inArray(tools.name, chunk))),
    ),
  ]);
  const [counts] = await db
    .select({ total: sql<number>`count(*)`, active: sql<number>`coalesce(sum(${tools.active}), 0)` })
    .from(tools)
    .where(eq(tools.serverId, serverId));
  const activeToolCount = Number(counts.active);
  if (toEnable > 0) await notifyToolLimit(db, server, { active: activeToolCount, total: Number(counts.total), max });
  return { toolNames: names, active, activeToolCount };
}

/** The tool names MCP clients accept. */
export { MAX_TOOL_DESCRIPTION_CHARS, TOOL_NAME_PATTERN };

/**
 * Renames a tool and/or rewrites its description (by its imported name `toolName`). An empty or
 * the imported value restores the original; the name must stay unique among the server's tools.
 */
export async function setToolOverride(
  db: Database,
  organizationId: string,
  serverId: string,
  toolName: string,
  change: { name?: string; description?: string },
) {
  await getConfigurableServer(db, organizationId, serverId);
  const rows = await db
    .select({ name: tools.name, customName: tools.customName, description: tools.description })
    .from(tools)
    .where(eq(tools.serverId, serverId));
  const row = rows.find((r) => r.name === toolName);
  if (!row) fail(404, `Tool not found: ${toolName}`);
  const values: { customName?: string | null; customDescription?: string | null; updatedAt: Date } = { updatedAt: new Date() };
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (name === "" || name === row.name) values.customName = null;
    else {
      if (!TOOL_NAME_PATTERN.test(name)) fail(400, TOOL_NAME_MESSAGE);
      if (rows.some((r) => r.name !== toolName && (r.customName ?? r.name) === name))
        fail(409, `Another tool of this server is already named ${name}. Tool names must be unique within a server.`);
      values.customName = name;
    }
  }
  if (change.description !== undefined) {
    const description = change.description.trim();
    if (description.length > MAX_TOOL_DESCRIPTION_CHARS) fail(400, TOOL_DESCRIPTION_MESSAGE);
    values.customDescription = description === "" || description === row.description ? null : description;
  }
  await db.batch([
    db
      .update(tools)
      .set(values)
      .where(and(eq(tools.serverId, serverId), eq(tools.name, toolName))),
    db.update(servers).set({ updatedAt: new Date() }).where(eq(servers.id, serverId)),
  ]);
  const [updated] = await db
    .select({ name: tools.name, customName: tools.customName, customDescription: tools.customDescription })
    .from(tools)
    .where(and(eq(tools.serverId, serverId), eq(tools.name, toolName)));
  return {
    toolName,
    name: updated.customName ?? updated.name,
    customName: updated.customName,
    customDescription: updated.customDescription,
  };
}

export type ToolSettings = { toolMode?: "direct" | "search"; maxResponseBytes?: number };

/**
 * How a server's tools reach a model (directly, or through search_tools/describe_tool/call_tool) and
 * the largest answer one call returns; both apply at the next deploy.
 */
export async function setToolSettings(db: Database, organizationId: string, serverId: string, settings: ToolSettings) {
  await getConfigurableServer(db, organizationId, serverId);
  await db
    .update(servers)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(servers.id, serverId));
  return getToolSettings(db, organizationId, serverId);
}

/** The server's tool mode and response budget (the default when none was chosen). */
export async function getToolSettings(db: Database, organizationId: string, serverId: string) {
  const server = await getServerRow(db, organizationId, serverId);
  return { toolMode: server.toolMode, maxResponseBytes: server.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES };
}
