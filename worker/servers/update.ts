// Editing a server's details: its name and description at any time; its slug (the endpoint
// /s/{slug}/mcp) only before its first deployment, since MCP clients, their sign-ins and the hosted
// server itself use it from then on.
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { deployments, servers } from "../db/schema";
import { invalidateServerLookups } from "../servers/read-model";
import { fail } from "../lib/errors";
import { getServerAnswer, getServerRow } from "./queries";
import { DEPLOYED_SLUG_MESSAGE, SLUG_MESSAGE, SLUG_PATTERN } from "../lib/messages";
import { assertNameFree, isSlugTaken } from "./slug";

export type ServerChange = { name?: string; description?: string; slug?: string };

export { DEPLOYED_SLUG_MESSAGE };

export async function updateServer(db: Database, organizationId: string, serverId: string, change: ServerChange) {
  const server = await getServerRow(db, organizationId, serverId);
  const values: Partial<typeof servers.$inferInsert> = { updatedAt: new Date() };
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (!name) fail(400, "A server's name cannot be empty.");
    await assertNameFree(db, organizationId, serverId, name);
    values.name = name;
  }
  if (change.description !== undefined) values.description = change.description.trim() || null;
  if (change.slug !== undefined && change.slug !== server.slug) {
    if (!SLUG_PATTERN.test(change.slug)) fail(400, SLUG_MESSAGE);
    const deployed =
      server.activeDeploymentId ||
      (await db.query.deployments.findFirst({ where: eq(deployments.serverId, serverId), columns: { id: true } }));
    if (deployed) fail(409, DEPLOYED_SLUG_MESSAGE);
    if (await isSlugTaken(db, change.slug)) fail(409, `The endpoint /s/${change.slug}/mcp is taken. Choose another slug.`);
    values.slug = change.slug;
  }
  await db.update(servers).set(values).where(eq(servers.id, serverId));
  invalidateServerLookups();
  return getServerAnswer(db, organizationId, serverId);
}
