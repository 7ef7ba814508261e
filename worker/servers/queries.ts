// Reading servers of an organization: the list (two queries whatever its size) and one server.
import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, deployments, servers, specVersions, tools } from "../db/schema";
import { fail } from "../lib/errors";
import { isLatestDeploymentOf, type ServerAnswer, toServerAnswer } from "./answer";

export const SERVER_NOT_FOUND = "Server not found";

/** The organization's server, or 404 (also for another organization's server). */
export async function getServerRow(db: Database, organizationId: string, serverId: string) {
  const row = await db.query.servers.findFirst({
    where: and(eq(servers.id, serverId), eq(servers.organizationId, organizationId), ne(servers.status, "removed")),
  });
  if (!row) fail(404, SERVER_NOT_FOUND);
  return row;
}

/** Servers matching `where` with auth config and newest deployment, plus their tool counts: two queries. */
async function serverAnswers(db: Database, where: SQL | undefined): Promise<ServerAnswer[]> {
  const [rows, counts, pending] = await Promise.all([
    db
      .select({ server: servers, auth: authConfigs, deployment: deployments })
      .from(servers)
      .leftJoin(authConfigs, eq(authConfigs.serverId, servers.id))
      .leftJoin(deployments, isLatestDeploymentOf(servers.id))
      .where(where)
      .orderBy(desc(servers.createdAt)),
    db
      .select({
        serverId: tools.serverId,
        toolCount: sql<number>`count(*)`,
        activeToolCount: sql<number>`coalesce(sum(${tools.active}), 0)`,
      })
      .from(tools)
      .innerJoin(servers, eq(servers.id, tools.serverId))
      .where(where)
      .groupBy(tools.serverId),
    db
      .select({ serverId: specVersions.serverId, id: specVersions.id })
      .from(specVersions)
      .innerJoin(servers, eq(servers.id, specVersions.serverId))
      .where(and(where, eq(specVersions.status, "pending"))),
  ]);
  const pendingOf = new Map(pending.map((p) => [p.serverId, p.id]));
  const countOf = new Map(counts.map((r) => [r.serverId, { toolCount: Number(r.toolCount), activeToolCount: Number(r.activeToolCount) }]));
  // A pending description version (a held update, or one pushed and not applied yet): "update available".
  return rows.map(({ server, auth, deployment }) => ({
    ...toServerAnswer(server, countOf.get(server.id) ?? { toolCount: 0, activeToolCount: 0 }, auth, deployment),
    pendingVersionId: pendingOf.get(server.id) ?? null,
  }));
}

/** Every server of the organization with tool counts, auth summary and newest deployment; no N+1. */
export const listServers = (db: Database, organizationId: string) =>
  serverAnswers(db, and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")));

/** One server as the list shows it, or 404. */
export async function getServerAnswer(db: Database, organizationId: string, serverId: string): Promise<ServerAnswer> {
  const [answer] = await serverAnswers(
    db,
    and(eq(servers.id, serverId), eq(servers.organizationId, organizationId), ne(servers.status, "removed")),
  );
  if (!answer) fail(404, SERVER_NOT_FOUND);
  return answer;
}

/** Servers counted against the plan's maxServers. */
export async function countServers(db: Database, organizationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(servers)
    .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")));
  return Number(row?.n ?? 0);
}
