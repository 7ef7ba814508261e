// The superadministrator's view: every server of every organization, with owner and deployment.
import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import { deployments, organizations, servers, users } from "../db/schema";

type DeploymentRow = typeof deployments.$inferSelect;

/** A deployment as the API answers it (spec §3). */
export const toDeploymentAnswer = (d: DeploymentRow) => ({
  id: d.id,
  status: d.status,
  deploymentUrl: d.deploymentUrl,
  error: d.error,
  updatedAt: d.updatedAt.toISOString(),
  cloudflareDeploymentId: d.cloudflareDeploymentId,
  cloudflareProjectId: d.cloudflareProjectId,
});

/** All servers (removed ones excluded), newest first, each with createdBy, organization and latest deployment. */
export async function listAllServers(db: Database) {
  const rows = await db
    .select({ server: servers, owner: { name: users.name, email: users.email }, organization: { name: organizations.name, slug: organizations.slug } })
    .from(servers)
    .innerJoin(organizations, eq(organizations.id, servers.organizationId))
    .leftJoin(users, eq(users.id, servers.createdBy))
    .orderBy(desc(servers.createdAt));
  const ids = rows.map((r) => r.server.id);
  const latest = new Map<string, DeploymentRow>();
  if (ids.length) {
    const all = await db.select().from(deployments).where(inArray(deployments.serverId, ids)).orderBy(desc(deployments.createdAt));
    for (const d of all) if (!latest.has(d.serverId)) latest.set(d.serverId, d);
  }
  return rows
    .filter((r) => r.server.status !== "removed")
    .map(({ server, owner, organization }) => {
      const deployment = latest.get(server.id);
      return {
        id: server.id,
        name: server.name,
        description: server.description,
        version: server.version,
        slug: server.slug,
        status: server.status,
        endpoints: server.endpoints,
        organizationId: server.organizationId,
        organization,
        createdBy: owner?.email ? owner : null,
        createdAt: server.createdAt.toISOString(),
        deployment: deployment ? toDeploymentAnswer(deployment) : null,
      };
    });
}
