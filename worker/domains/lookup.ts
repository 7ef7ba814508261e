// Which server a custom hostname serves, cached in the isolate like the gateway's server lookups.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { customDomains, plans, servers, subscriptions } from "../db/schema";
import { ttlCache } from "../lib/ttl-cache";

export type HostTarget = { slug: string; status: string; planAllows: boolean };

// Same bounds as the server lookups: changes made here clear it at once, others within the TTL.
const hosts = ttlCache<HostTarget | null>({ ttlMs: 2_000, limit: 1_000 });

/** Forgets every cached hostname (a domain was added, removed or changed status). */
export function forgetCustomHosts() {
  hosts.invalidate();
}

/** The server behind `hostname` with its domain status and whether the plan serves it, or null. */
export function customHostTarget(db: Database, hostname: string): Promise<HostTarget | null> {
  return hosts.get(hostname, () => readHostTarget(db, hostname));
}

async function readHostTarget(db: Database, hostname: string): Promise<HostTarget | null> {
  const [row] = await db
    .select({ slug: servers.slug, status: customDomains.status, planAllows: plans.customDomain })
    .from(customDomains)
    .innerJoin(servers, eq(servers.id, customDomains.serverId))
    .leftJoin(subscriptions, eq(subscriptions.organizationId, customDomains.organizationId))
    .leftJoin(plans, eq(plans.type, sql`coalesce(${subscriptions.planType}, 'free')`))
    .where(eq(customDomains.hostname, hostname))
    .limit(1);
  return row ? { slug: row.slug, status: row.status, planAllows: Boolean(row.planAllows) } : null;
}
