// Which server a custom hostname serves, cached in the isolate like the gateway's server lookups.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { customDomains, plans, servers, subscriptions } from "../db/schema";

export type HostTarget = { slug: string; status: string; planAllows: boolean };

// Same bounds as the server lookups: changes made here clear it at once, others within the TTL.
const HOST_TTL_MS = 2_000;
const HOST_CACHE_LIMIT = 1_000;
const hosts = new Map<string, { at: number; value: HostTarget | null }>();
let generation = 0;

/** Forgets every cached hostname (a domain was added, removed or changed status). */
export function forgetCustomHosts() {
  generation++;
  hosts.clear();
}

/** The server behind `hostname` with its domain status and whether the plan serves it, or null. */
export async function customHostTarget(db: Database, hostname: string): Promise<HostTarget | null> {
  const hit = hosts.get(hostname);
  const now = Date.now();
  if (hit && now - hit.at < HOST_TTL_MS) return hit.value;
  const startedIn = generation;
  const [row] = await db
    .select({ slug: servers.slug, status: customDomains.status, planAllows: plans.customDomain })
    .from(customDomains)
    .innerJoin(servers, eq(servers.id, customDomains.serverId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, customDomains.organizationId))
    .leftJoin(plans, eq(plans.type, sql`coalesce(${subscriptions.planType}, 'free')`))
    .where(eq(customDomains.hostname, hostname))
    .limit(1);
  const value = row ? { slug: row.slug, status: row.status, planAllows: Boolean(row.planAllows) } : null;
  if (generation === startedIn) {
    if (hosts.size >= HOST_CACHE_LIMIT) hosts.clear();
    hosts.set(hostname, { at: now, value });
  }
  return value;
}
