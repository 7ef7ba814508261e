// The superadministrator's view: every server of every organization, with owner and deployment.
import { desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db";
import { deployments, organizations, servers, users } from "../db/schema";
import { isLatestDeploymentOf, toDeploymentAnswer } from "../servers/answer";
import type { z } from "zod";
import type { adminServer } from "./schemas";

/** All servers (removed ones excluded), newest first, each with createdBy, organization and newest deployment: one query. */
export async function listAllServers(db: Database): Promise<z.output<typeof adminServer>[]> {
  const rows = await db
    .select({
      server: servers,
      owner: { name: users.name, email: users.email },
      organization: { name: organizations.name, slug: organizations.slug },
      deployment: deployments,
    })
    .from(servers)
    .innerJoin(organizations, eq(organizations.id, servers.organizationId))
    .leftJoin(users, eq(users.id, servers.createdBy))
    .leftJoin(deployments, isLatestDeploymentOf(servers.id))
    .where(ne(servers.status, "removed"))
    .orderBy(desc(servers.createdAt));
  return rows.map(({ server, owner, organization, deployment }) => ({
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
    deployment: toDeploymentAnswer(deployment),
  }));
}
