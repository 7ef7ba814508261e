// Deleting a server: its tools, auth config, token assignments and usage go with it (cascade); the kept
// description too. Its slug is retired: no other server is ever given it.
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { retiredSlugs, servers } from "../db/schema";
import { invalidateServerLookups } from "../servers/read-model";
import { getServerRow } from "./queries";

/** Deletes one of the organization's servers for good. */
export async function deleteServer(db: Database, env: Pick<Cloudflare.Env, "KV">, organizationId: string, serverId: string) {
  const server = await getServerRow(db, organizationId, serverId);
  await db.batch([
    db.insert(retiredSlugs).values({ slug: server.slug }).onConflictDoNothing(),
    db.delete(servers).where(eq(servers.id, serverId)),
  ]);
  invalidateServerLookups();
  if (server.specKey) await env.KV.delete(server.specKey);
  return { id: serverId };
}
