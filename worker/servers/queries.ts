// Reading servers of an organization: the list (three queries whatever its size) and one server.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, servers, tools } from "../db/schema";
import { fail } from "../lib/errors";
import { type ServerAnswer, type ToolCounts, toServerAnswer } from "./answer";

export const SERVER_NOT_FOUND = "Server not found";

/** The organization's server, or 404 (also for another organization's server). */
export async function getServerRow(db: Database, organizationId: string, serverId: string) {
  const row = await db.query.servers.findFirst({
    where: and(eq(servers.id, serverId), eq(servers.organizationId, organizationId), ne(servers.status, "removed")),
  });
  if (!row) fail(404, SERVER_NOT_FOUND);
  return row;
}

/** Tool counts per server, in one grouped query. */
async function toolCounts(db: Database, serverIds: string[]) {
  const counts = new Map<string, ToolCounts>();
  if (!serverIds.length) return counts;
  const rows = await db
    .select({
      serverId: tools.serverId,
      toolCount: sql<number>`count(*)`,
      activeToolCount: sql<number>`coalesce(sum(${tools.active}), 0)`,
    })
    .from(tools)
    .where(inArray(tools.serverId, serverIds))
    .groupBy(tools.serverId);
  for (const r of rows) counts.set(r.serverId, { toolCount: Number(r.toolCount), activeToolCount: Number(r.activeToolCount) });
  return counts;
}

/** Every server of the organization with tool counts and auth summary: two queries, no N+1. */
export async function listServers(db: Database, organizationId: string): Promise<ServerAnswer[]> {
  const rows = await db
    .select({ server: servers, auth: authConfigs })
    .from(servers)
    .leftJoin(authConfigs, eq(authConfigs.serverId, servers.id))
    .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")))
    .orderBy(desc(servers.createdAt));
  const counts = await orgToolCounts(db, organizationId);
  return rows.map(({ server, auth }) => toServerAnswer(server, counts.get(server.id) ?? { toolCount: 0, activeToolCount: 0 }, auth));
}

/** Tool counts of all the organization's servers, grouped in one query. */
async function orgToolCounts(db: Database, organizationId: string) {
  const rows = await db
    .select({
      serverId: tools.serverId,
      toolCount: sql<number>`count(*)`,
      activeToolCount: sql<number>`coalesce(sum(${tools.active}), 0)`,
    })
    .from(tools)
    .innerJoin(servers, eq(servers.id, tools.serverId))
    .where(eq(servers.organizationId, organizationId))
    .groupBy(tools.serverId);
  return new Map(rows.map((r) => [r.serverId, { toolCount: Number(r.toolCount), activeToolCount: Number(r.activeToolCount) }]));
}

/** One server as the list shows it. */
export async function getServerAnswer(db: Database, organizationId: string, serverId: string): Promise<ServerAnswer> {
  const row = await getServerRow(db, organizationId, serverId);
  const auth = (await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) })) ?? null;
  const counts = await toolCounts(db, [serverId]);
  return toServerAnswer(row, counts.get(serverId) ?? { toolCount: 0, activeToolCount: 0 }, auth);
}

/** Servers counted against the plan's maxServers. */
export async function countServers(db: Database, organizationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(servers)
    .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")));
  return Number(row?.n ?? 0);
}
