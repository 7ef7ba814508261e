// A server's tools: the mappings list and switching tools on and off within the plan's limit.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db";
import { servers, tools } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { fail } from "../lib/errors";
import { DEFAULT_MAX_TOOLS_PER_SERVER } from "./create";
import { getServerRow } from "./queries";

export const HIBERNATED_MESSAGE = "This server is paused due to plan limits. Upgrade your plan to resume.";

export const toolLimitMessage = (max: number) =>
  `Tool limit reached: your current plan allows ${max} active tools per server. Please disable other tools first or upgrade your plan.`;
export const bulkLimitMessage = (max: number, available: number) =>
  `Cannot enable all tools: your current plan allows ${max} active tools per server. You have ${available} slots available. Please upgrade your plan or enable tools individually.`;

/** The organization's server, refusing a hibernated one (it cannot be configured). */
export async function getConfigurableServer(db: Database, organizationId: string, serverId: string) {
  const server = await getServerRow(db, organizationId, serverId);
  if (server.status === "hibernated") fail(409, HIBERNATED_MESSAGE);
  return server;
}

/** The tools as GET /api/servers/{id}/mappings answers them, in document order. */
export async function listMappings(db: Database, organizationId: string, serverId: string) {
  await getServerRow(db, organizationId, serverId);
  const rows = await db
    .select({ name: tools.name, title: tools.title, description: tools.description, active: tools.active, inputSchema: tools.inputSchema, endpoint: tools.endpoint })
    .from(tools)
    .where(eq(tools.serverId, serverId))
    .orderBy(asc(tools.position));
  return rows;
}

async function maxActiveTools(db: Database, organizationId: string) {
  const { plan } = await getOrganizationPlan(db, organizationId);
  return plan?.maxToolsPerServer ?? DEFAULT_MAX_TOOLS_PER_SERVER;
}

/** Turns tools on or off; enabling beyond the plan's active-tool limit fails with 403. */
export async function setToolsActive(db: Database, organizationId: string, serverId: string, toolNames: string[], active: boolean) {
  await getConfigurableServer(db, organizationId, serverId);
  const names = [...new Set(toolNames)];
  const found = await db.select({ name: tools.name, active: tools.active }).from(tools).where(and(eq(tools.serverId, serverId), inArray(tools.name, names)));
  const missing = names.filter((n) => !found.some((f) => f.name === n));
  if (missing.length) fail(404, `Tool not found: ${missing.slice(0, 5).join(", ")}`);
  if (active) {
    const toEnable = found.filter((f) => !f.active).length;
    const max = await maxActiveTools(db, organizationId);
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(tools).where(and(eq(tools.serverId, serverId), eq(tools.active, true)));
    const current = Number(n);
    if (toEnable > 0 && current + toEnable > max) {
      fail(403, names.length === 1 ? toolLimitMessage(max) : bulkLimitMessage(max, Math.max(0, max - current)));
    }
  }
  await db.batch([
    db.update(tools).set({ active, updatedAt: new Date() }).where(and(eq(tools.serverId, serverId), inArray(tools.name, names))),
    db.update(servers).set({ updatedAt: new Date() }).where(eq(servers.id, serverId)),
  ]);
  const [{ n: activeToolCount }] = await db.select({ n: sql<number>`count(*)` }).from(tools).where(and(eq(tools.serverId, serverId), eq(tools.active, true)));
  return { toolNames: names, active, activeToolCount: Number(activeToolCount) };
}
